import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { LOGIN_HISTORY_PAGE_SIZE, LOGIN_HISTORY_RESULTS } from '@app/shared/api/security-settings';
import {
  Badge,
  Button,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type SubmitEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { useDisplayLanguage } from '../../../components/money';
import { localeOf } from '../../../lib/language';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { type LoginHistoryParams, useLoginHistory } from '../api/login-history';
import { dayKindOf, formatOrdinalDate, groupByDay } from '../../../lib/date-groups';
import { deviceLabel, locationLabel } from '../utils/labels';

type ResultFilter = (typeof LOGIN_HISTORY_RESULTS)[number] | '';

interface Filter {
  fromDate: string;
  toDate: string;
  result: ResultFilter;
}

const EMPTY: Filter = { fromDate: '', toDate: '', result: '' };
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function filterFrom(params: URLSearchParams): Filter {
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return DATE_PATTERN.test(value) ? value : '';
  };
  return {
    fromDate: date('fromDate'),
    toDate: date('toDate'),
    result: LOGIN_HISTORY_RESULTS.find((result) => result === params.get('result')) ?? '',
  };
}

/** Empty filter fields are dropped from the request (spec 001 §5). */
export function toLoginHistoryParams(filter: Filter, pageNumber: number): LoginHistoryParams {
  return {
    pageNumber,
    pageSize: LOGIN_HISTORY_PAGE_SIZE,
    ...(filter.fromDate === '' ? {} : { fromDate: filter.fromDate }),
    ...(filter.toDate === '' ? {} : { toDate: filter.toDate }),
    ...(filter.result === '' ? {} : { result: filter.result }),
  };
}

/** `login-history`: every sign-in attempt, grouped by day, with address, device, location and result. */
export function LoginHistoryScreen() {
  const { t } = useTranslation(['security', 'common']);
  const { t: tSecurity } = useTranslation('security');
  useDocumentTitle(t('security:history.title'));
  const language = useDisplayLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const applied = useMemo(() => filterFrom(searchParams), [searchParams]);
  const pageValue = Number(searchParams.get('page'));
  const page = Number.isSafeInteger(pageValue) && pageValue >= 1 ? pageValue : 1;
  const [draft, setDraft] = useState(applied);
  const [dateProblem, setDateProblem] = useState<string | undefined>(undefined);
  const query = useLoginHistory(toLoginHistoryParams(applied, page));
  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / LOGIN_HISTORY_PAGE_SIZE));
  const groups = useMemo(() => groupByDay(query.data?.history ?? []), [query.data]);
  const now = new Date();

  function search(filter: Filter, pageNumber: number): URLSearchParams {
    const params = new URLSearchParams();
    for (const key of ['fromDate', 'toDate', 'result'] as const) if (filter[key] !== '') params.set(key, filter[key]);
    if (pageNumber > 1) params.set('page', String(pageNumber));
    return params;
  }

  function handleFilter(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (draft.fromDate !== '' && draft.toDate !== '' && draft.fromDate > draft.toDate) {
      setDateProblem(t('security:history.datesOrder'));
      return;
    }
    setDateProblem(undefined);
    setSearchParams(search(draft, 1));
  }

  const dayLabel = (day: Date) => {
    const kind = dayKindOf(day, now);
    if (kind !== 'date') return t(`security:history.${kind}`);
    return formatOrdinalDate(day, now, localeOf(language), (dayOfMonth) =>
      t('security:history.ordinalDay', { count: dayOfMonth, ordinal: true }),
    );
  };

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} size="h2">
        {t('security:history.title')}
      </Title>
      <Text>{t('security:history.intro')}</Text>
      <form onSubmit={handleFilter} noValidate role="search" aria-label={t('security:history.filterLabel')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <TextInput
              type="date"
              label={t('security:history.fromDate')}
              value={draft.fromDate}
              onChange={(event) => setDraft({ ...draft, fromDate: event.currentTarget.value })}
            />
            <TextInput
              type="date"
              label={t('security:history.toDate')}
              value={draft.toDate}
              onChange={(event) => setDraft({ ...draft, toDate: event.currentTarget.value })}
              error={dateProblem}
            />
            <NativeSelect
              label={t('security:history.result')}
              value={draft.result}
              onChange={(event) =>
                setDraft({
                  ...draft,
                  result: LOGIN_HISTORY_RESULTS.find((result) => result === event.currentTarget.value) ?? '',
                })
              }
              data={[
                { value: '', label: t('security:history.results.all') },
                ...LOGIN_HISTORY_RESULTS.map((result) => ({
                  value: result,
                  label: t(`security:history.results.${result}`),
                })),
              ]}
            />
          </SimpleGrid>
          <Group gap="sm">
            <Button type="submit">{t('security:history.apply')}</Button>
            {searchParams.toString() !== '' ? (
              <Button
                variant="subtle"
                onClick={() => {
                  setDraft(EMPTY);
                  setDateProblem(undefined);
                  setSearchParams(new URLSearchParams());
                }}
              >
                {t('security:history.clear')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
      {query.error ? <ErrorAlert error={query.error} /> : null}
      {query.isPending ? <Skeleton height={200} /> : null}
      {query.data?.history.length === 0 ? (
        <Text>
          {searchParams.toString() === '' ? t('security:history.empty') : t('security:history.emptyFiltered')}
        </Text>
      ) : null}
      {groups.map((group) => (
        <Stack key={group.dayKey} gap="xs" component="section" aria-label={dayLabel(group.day)}>
          <Title order={2} size="h4">
            {dayLabel(group.day)}
          </Title>
          <Paper withBorder radius="md" p="sm">
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {group.items.map((item, index) => (
                <Group key={`${item.date}-${index}`} component="li" justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={0}>
                    <Text fw={600}>{deviceLabel(tSecurity, item.device)}</Text>
                    <Text size="sm" c="dimmed">
                      {t('security:history.details', {
                        time: new Intl.DateTimeFormat(localeOf(language), { timeStyle: 'short' }).format(
                          new Date(item.date),
                        ),
                        ip: item.ip,
                        location: locationLabel(tSecurity, item.location),
                      })}
                    </Text>
                  </Stack>
                  <Badge color={item.result === 'success' ? 'teal.9' : 'red.9'} variant="filled" radius="sm">
                    {item.result === 'success'
                      ? t('security:history.results.success')
                      : t(`security:history.reasons.${item.reason ?? 'other'}`, {
                          defaultValue: t('security:history.results.failure'),
                        })}
                  </Badge>
                </Group>
              ))}
            </Stack>
          </Paper>
        </Stack>
      ))}
      {pageCount > 1 ? (
        <Pagination
          total={pageCount}
          value={page}
          onChange={(value) => setSearchParams(search(applied, value))}
          getControlProps={(control) => ({
            'aria-label': t(`security:history.pagination.${control}`),
          })}
          getItemProps={(item) => ({ 'aria-label': t('security:history.pagination.page', { page: item }) })}
        />
      ) : null}
    </Stack>
  );
}
