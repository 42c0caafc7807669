import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import type { Account } from '@app/shared/api/accounts';
import { HISTORY_MAX_PAGE_NUMBER } from '@app/shared/api/history';
import { HISTORY_PAGE_SIZE } from '@app/shared/constants';
import { Anchor, Button, Group, Pagination, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useTransactionHistory } from '../api/get-transaction-history';
import { ActiveFilters } from '../components/active-filters';
import { ExportPanel } from '../components/export-panel';
import { HistoryFiltersPanel } from '../components/history-filters-panel';
import { HistoryList } from '../components/history-list';
import { useScrollRestoration } from '../hooks/use-scroll-restoration';
import {
  activeFilterFields,
  EMPTY_HISTORY_FILTER,
  filterFromSearchParams,
  filterToSearchParams,
  type HistoryFilterValues,
  pageFromSearchParams,
  toRequestFilter,
} from '../utils/history-filters';

export interface HistoryScreenProps {
  accounts: readonly Account[];
  accountLabel: (account: Account) => string;
}

/**
 * The transaction history (spec 001 §3, §7): filters that show what is active and clear in one
 * click, movements grouped by day, 20 a page, the counts of processing and rejected movements, and
 * the CSV export. Filter and page live in the URL, so back navigation returns to the same place.
 */
export function HistoryScreen({ accounts, accountLabel }: HistoryScreenProps) {
  const { t } = useTranslation('history');
  useDocumentTitle(t('title'));
  const [searchParams, setSearchParams] = useSearchParams();
  const applied = useMemo(() => filterFromSearchParams(searchParams), [searchParams]);
  const page = pageFromSearchParams(searchParams);
  const requestFilter = useMemo(() => toRequestFilter(applied), [applied]);
  const query = useTransactionHistory({ filter: requestFilter, pageNumber: page });
  useScrollRestoration(query.data !== undefined);

  const apply = (values: HistoryFilterValues, pageNumber = 1) =>
    setSearchParams(filterToSearchParams(values, pageNumber));
  const data = query.data;
  const pageCount = data
    ? Math.min(HISTORY_MAX_PAGE_NUMBER, Math.max(1, Math.ceil(data.results / HISTORY_PAGE_SIZE)))
    : 1;
  const accountNameOf =
    accounts.length > 1
      ? (accountId: number) => {
          const account = accounts.find((item) => item.accountId === accountId);
          return account ? accountLabel(account) : undefined;
        }
      : undefined;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="baseline">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Anchor component={Link} to="/statements">
          {t('statementsLink')}
        </Anchor>
      </Group>
      {/* Remounts with the applied filter, so the form shows what a chip removal or back navigation left. */}
      <HistoryFiltersPanel
        key={searchParams.toString()}
        applied={applied}
        accounts={accounts}
        accountLabel={accountLabel}
        onApply={(values) => apply(values)}
      />
      <ActiveFilters
        values={applied}
        accounts={accounts}
        accountLabel={accountLabel}
        onRemove={(field) => apply({ ...applied, [field]: EMPTY_HISTORY_FILTER[field] })}
        onClearAll={() => apply(EMPTY_HISTORY_FILTER)}
      />
      {data ? (
        <Group gap="sm" role="status" aria-live="polite">
          <Text size="sm">
            {data.isResultsCapped
              ? t('list.countCapped', { count: data.results })
              : t('list.count', { count: data.results })}
          </Text>
          {data.processingCount > 0 && applied.status !== 'processing' ? (
            <Button variant="subtle" size="compact-sm" onClick={() => apply({ ...applied, status: 'processing' })}>
              {t('list.processingCount', { count: data.processingCount })}
            </Button>
          ) : null}
          {data.rejectedCount > 0 && applied.status !== 'rejected' ? (
            <Button variant="subtle" size="compact-sm" onClick={() => apply({ ...applied, status: 'rejected' })}>
              {t('list.rejectedCount', { count: data.rejectedCount })}
            </Button>
          ) : null}
        </Group>
      ) : null}
      {query.error && !data ? <ErrorAlert error={query.error} title={t('list.loadFailed')} /> : null}
      {query.isPending ? (
        <Stack gap="sm" aria-busy>
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height={56} />
          ))}
        </Stack>
      ) : null}
      {data ? (
        <Paper withBorder radius="md" px="md" py="sm" aria-busy={query.isFetching}>
          {data.transactions.length === 0 ? (
            <Stack gap="xs" py="sm">
              <Text fw={600}>{t('list.emptyTitle')}</Text>
              <Text size="sm">
                {activeFilterFields(applied).length > 0 ? t('list.emptyFiltered') : t('list.empty')}
              </Text>
            </Stack>
          ) : (
            <HistoryList items={data.transactions} accountNameOf={accountNameOf} />
          )}
        </Paper>
      ) : null}
      {data && pageCount > 1 ? (
        <Group justify="center">
          <Pagination
            total={pageCount}
            value={Math.min(page, pageCount)}
            onChange={(next) => {
              apply(applied, next);
              window.scrollTo({ top: 0 });
            }}
            siblings={1}
            aria-label={t('pagination.label')}
            getItemProps={(item) => ({ 'aria-label': t('pagination.page', { page: item }) })}
            getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
          />
        </Group>
      ) : null}
      {data ? <ExportPanel filter={requestFilter} canExport={data.exportCsv} /> : null}
    </Stack>
  );
}
