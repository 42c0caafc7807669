import type { HistoryItem } from '@app/shared/api/history';
import { Title } from '@mantine/core';
import { useDayHeading } from '../hooks/use-day-heading';
import { groupByDay } from '../../../lib/date-groups';
import { HistoryRow } from './history-row';
import classes from './history-list.module.css';

export interface HistoryListProps {
  items: readonly HistoryItem[];
  /** Names the account of each item; omitted when the customer holds one account. */
  accountNameOf?: (accountId: number) => string | undefined;
  /** The heading level of the day headings (2 on the history page, 3 inside a section). */
  headingOrder?: 2 | 3 | 4;
}

/** Movements grouped by day: "Today", "Yesterday", then ordinal dates. */
export function HistoryList({ items, accountNameOf, headingOrder = 2 }: HistoryListProps) {
  const dayHeading = useDayHeading();
  return (
    <div className={classes.list}>
      {groupByDay(items).map((group) => (
        <section key={group.dayKey}>
          <Title order={headingOrder} size="h6" className={classes.day}>
            {dayHeading(group.day)}
          </Title>
          <ul className={classes.items}>
            {group.items.map((item) => (
              <li key={item.id}>
                <HistoryRow item={item} accountName={accountNameOf?.(item.accountId)} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
