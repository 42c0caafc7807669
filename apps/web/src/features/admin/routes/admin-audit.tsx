import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { AUDIT_LOG_PAGE_SIZE, type AuditEntryView } from '@app/shared/api/admin';
import { Anchor, Button, Group, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type SubmitEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { formatDateTime } from '../../../lib/format';
import { getLanguage, languageOfLocale } from '../../../lib/language';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAuditLog, type AuditLogParams } from '../api/get-audit-log';
import { AdminPagination } from '../components/admin-pagination';
import classes from './admin.module.css';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const ACTION_PATTERN = /^[a-zA-Z0-9.]{1,100}$/;

interface Filters {
  customerId: string;
  action: string;
  fromDate: string;
  toDate: string;
}

function positiveIntegerOf(value: string | null): number | undefined {
  const number = Number(value);
  return value !== null && value !== '' && Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

/** The URL holds the filters, so a filtered view can be shared and survives back navigation. */
function paramsFrom(search: URLSearchParams): AuditLogParams {
  const action = search.get('action') ?? '';
  const fromDate = search.get('fromDate') ?? '';
  const toDate = search.get('toDate') ?? '';
  return {
    customerId: positiveIntegerOf(search.get('customerId')),
    action: ACTION_PATTERN.test(action) ? action : undefined,
    fromDate: DAY_PATTERN.test(fromDate) ? fromDate : undefined,
    toDate: DAY_PATTERN.test(toDate) ? toDate : undefined,
    pageNumber: positiveIntegerOf(search.get('page')) ?? 1,
  };
}

function filtersOf(params: AuditLogParams): Filters {
  return {
    customerId: params.customerId === undefined ? '' : String(params.customerId),
    action: params.action ?? '',
    fromDate: params.fromDate ?? '',
    toDate: params.toDate ?? '',
  };
}

function detailsText(entry: AuditEntryView): string {
  return entry.details === undefined ? '' : JSON.stringify(entry.details);
}

/** Admin: the audit log, 20 entries a page, filtered by customer, action and dates. */
export default function AdminAuditRoute() {
  const { t, i18n } = useTranslation('admin');
  useDocumentTitle(t('audit.title'));
  const language = languageOfLocale(i18n.language) ?? getLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = paramsFrom(searchParams);
  const pageNumber = params.pageNumber ?? 1;
  const [filters, setFilters] = useState<Filters>(() => filtersOf(params));
  const [errors, setErrors] = useState<Partial<Record<keyof Filters, string>>>({});
  const log = useAuditLog(params);
  const total = log.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / AUDIT_LOG_PAGE_SIZE));

  const apply = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Partial<Record<keyof Filters, string>> = {};
    if (filters.customerId.trim() !== '' && positiveIntegerOf(filters.customerId.trim()) === undefined) {
      found.customerId = t('audit.errors.customerId');
    }
    if (filters.action.trim() !== '' && !ACTION_PATTERN.test(filters.action.trim()))
      found.action = t('audit.errors.action');
    if (filters.fromDate !== '' && filters.toDate !== '' && filters.fromDate > filters.toDate) {
      found.toDate = t('audit.errors.dates');
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const next = new URLSearchParams();
    if (filters.customerId.trim() !== '') next.set('customerId', filters.customerId.trim());
    if (filters.action.trim() !== '') next.set('action', filters.action.trim());
    if (filters.fromDate !== '') next.set('fromDate', filters.fromDate);
    if (filters.toDate !== '') next.set('toDate', filters.toDate);
    setSearchParams(next);
  };

  const clear = () => {
    setFilters({ customerId: '', action: '', fromDate: '', toDate: '' });
    setErrors({});
    setSearchParams(new URLSearchParams());
  };

  const goToPage = (page: number) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (page === 1) next.delete('page');
      else next.set('page', String(page));
      return next;
    });

  const isFiltered =
    params.customerId !== undefined ||
    params.action !== undefined ||
    params.fromDate !== undefined ||
    params.toDate !== undefined;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin-overview" size="sm">
        {t('customer.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t('audit.title')}
      </Title>
      <form onSubmit={apply} noValidate aria-label={t('audit.filtersLabel')}>
        <div className={classes.filters}>
          <TextInput
            label={t('audit.customerId')}
            inputMode="numeric"
            value={filters.customerId}
            error={errors.customerId}
            onChange={(event) => setFilters({ ...filters, customerId: event.currentTarget.value })}
          />
          <TextInput
            label={t('audit.action')}
            description={t('audit.actionHint')}
            value={filters.action}
            maxLength={100}
            error={errors.action}
            onChange={(event) => setFilters({ ...filters, action: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={t('audit.fromDate')}
            value={filters.fromDate}
            onChange={(event) => setFilters({ ...filters, fromDate: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={t('audit.toDate')}
            value={filters.toDate}
            error={errors.toDate}
            onChange={(event) => setFilters({ ...filters, toDate: event.currentTarget.value })}
          />
        </div>
        <Group gap="sm" mt="sm">
          <Button type="submit">{t('audit.apply')}</Button>
          {isFiltered ? (
            <Button variant="default" onClick={clear}>
              {t('audit.clear')}
            </Button>
          ) : null}
        </Group>
      </form>

      {log.error ? <ErrorAlert error={log.error} title={t('audit.loadFailed')} /> : null}
      {log.isPending ? (
        <Stack gap="xs" aria-busy>
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height={40} />
          ))}
        </Stack>
      ) : log.data ? (
        <Stack gap="md" aria-busy={log.isFetching}>
          <Text size="sm" c="dimmed" role="status">
            {t('audit.count', { count: total })}
          </Text>
          {log.data.entries.length === 0 ? (
            <Text>{isFiltered ? t('audit.emptyFiltered') : t('audit.empty')}</Text>
          ) : (
            <div className={classes.tableScroll}>
              <Table verticalSpacing="xs" striped className={classes.stackTable}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('audit.columns.time')}</Table.Th>
                    <Table.Th scope="col">{t('audit.columns.action')}</Table.Th>
                    <Table.Th scope="col">{t('audit.columns.actor')}</Table.Th>
                    <Table.Th scope="col">{t('audit.columns.customer')}</Table.Th>
                    <Table.Th scope="col">{t('audit.columns.details')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {log.data.entries.map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td data-label={t('audit.columns.time')} className={classes.nowrap}>
                        {formatDateTime(entry.createdAt, language)}
                      </Table.Td>
                      <Table.Td data-label={t('audit.columns.action')} className={classes.cellText}>
                        {entry.action}
                      </Table.Td>
                      <Table.Td data-label={t('audit.columns.actor')} className={classes.cellText}>
                        {entry.actorLogin ??
                          (entry.actorUserId === undefined ? t('audit.system') : `#${entry.actorUserId}`)}
                      </Table.Td>
                      <Table.Td data-label={t('audit.columns.customer')}>
                        {entry.customerId === undefined ? (
                          '—'
                        ) : (
                          <Anchor component={Link} to={`/admin-customer/${entry.customerId}`} size="sm">
                            {entry.customerId}
                          </Anchor>
                        )}
                      </Table.Td>
                      <Table.Td data-label={t('audit.columns.details')} className={classes.details}>
                        {detailsText(entry) || '—'}
                        {entry.ip ? ` · ${entry.ip}` : ''}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          )}
          <AdminPagination page={pageNumber} pageCount={pageCount} onChange={goToPage} />
        </Stack>
      ) : null}
    </Stack>
  );
}
