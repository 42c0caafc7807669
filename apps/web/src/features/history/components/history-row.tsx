import type { HistoryItem } from '@app/shared/api/history';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Money, useDisplayLanguage } from '../../../components/money';
import { localeOf } from '../../../lib/language';
import { DirectionIcon, StatusIcon } from './history-icons';
import classes from './history-row.module.css';

export interface HistoryRowProps {
  item: HistoryItem;
  /** The account's name, when the customer holds several and it helps to say which. */
  accountName?: string;
}

function isIncomingAmount(amount: string): boolean {
  return !amount.startsWith('-') && /[1-9]/.test(amount);
}

/** One movement: who or what, when, its status in words and icon, and the signed amount on the right. */
export function HistoryRow({ item, accountName }: HistoryRowProps) {
  const { t } = useTranslation('history');
  const language = useDisplayLanguage();
  const isIncoming = isIncomingAmount(item.amount);
  const date = new Date(item.date);
  const time = Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat(localeOf(language), { hour: '2-digit', minute: '2-digit' }).format(date);
  const typeWord = t(`types.${item.type}`);
  const title = item.counterparty ?? typeWord;
  // Without a counterparty the type is already the title; it is not repeated beneath it.
  const details = [item.counterparty === undefined ? undefined : typeWord, accountName, time].filter(
    (part) => part !== undefined && part !== '',
  );

  return (
    <div className={classes.row} data-status={item.status}>
      <span className={classes.direction} aria-hidden>
        <DirectionIcon isIncoming={isIncoming} />
      </span>
      <div className={classes.main}>
        <Text fw={600} className={classes.title}>
          {title}
        </Text>
        <Text size="sm" c="dimmed" className={classes.details}>
          {details.join(' · ')}
        </Text>
        {item.reference !== undefined || item.note !== undefined ? (
          <Text size="sm" className={classes.details}>
            {[item.reference !== undefined ? t('row.reference', { reference: item.reference }) : undefined, item.note]
              .filter((part) => part !== undefined)
              .join(' · ')}
          </Text>
        ) : null}
        <span className={classes.status}>
          <StatusIcon status={item.status} />
          <Text component="span" size="sm">
            {t(`statuses.${item.status}`)}
          </Text>
        </span>
      </div>
      <div className={classes.amount}>
        <Money
          amount={item.amount}
          currency={item.currency}
          signDisplay="always"
          tone={isIncoming ? 'incoming' : 'neutral'}
          className={item.status === 'rejected' ? classes.struck : undefined}
        />
        {item.fee !== undefined ? (
          <Text size="xs" c="dimmed">
            {t('row.fee')} <Money amount={item.fee} currency={item.currency} />
          </Text>
        ) : null}
      </div>
    </div>
  );
}
