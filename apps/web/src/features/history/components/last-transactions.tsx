import '@mantine/core/styles/Skeleton.layer.css';
import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { useTransactionHistory } from '../api/get-transaction-history';
import { HistoryList } from './history-list';

/** How many movements the home page shows; the history screen has the rest. */
export const LAST_TRANSACTIONS_COUNT = 5;

/** "What just happened": the latest movements on the home page, with the way to the full history. */
export function LastTransactions() {
  const { t } = useTranslation('history');
  const query = useTransactionHistory({
    filter: { transactionDirection: 'all', status: 'all' },
    pageNumber: 1,
  });
  const items = query.data?.transactions.slice(0, LAST_TRANSACTIONS_COUNT) ?? [];

  return (
    <section aria-labelledby="last-transactions-heading">
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} size="h3" id="last-transactions-heading">
          {t('last.title')}
        </Title>
        <Anchor component={Link} to="/history">
          {t('last.seeAll')}
        </Anchor>
      </Group>
      <Paper withBorder radius="md" px="md" py="sm">
        {query.error && !query.data ? <ErrorAlert error={query.error} title={t('list.loadFailed')} /> : null}
        {query.isPending ? (
          <Stack gap="sm" aria-busy py="xs">
            {Array.from({ length: 3 }, (_, index) => (
              <Skeleton key={index} height={48} />
            ))}
          </Stack>
        ) : null}
        {query.data && items.length === 0 ? <Text py="sm">{t('last.empty')}</Text> : null}
        {items.length > 0 ? <HistoryList items={items} headingOrder={3} /> : null}
      </Paper>
    </section>
  );
}
