import '@mantine/core/styles/SimpleGrid.layer.css';
import type { Account } from '@app/shared/api/accounts';
import {
  HISTORY_DIRECTIONS,
  HISTORY_KEYWORD_MAX_LENGTH,
  HISTORY_STATUS_FILTERS,
  TRANSACTION_TYPES,
} from '@app/shared/api/history';
import { MAX_EMAIL_LENGTH } from '@app/shared/validation/email';
import { Button, Collapse, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type SubmitEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type SummaryItem } from '../../../components/error-summary';
import {
  activeFilterFields,
  EMPTY_HISTORY_FILTER,
  type FilterProblem,
  filterProblems,
  type HistoryFilterField,
  type HistoryFilterValues,
} from '../utils/history-filters';

export const FILTER_FIELD_IDS: Record<HistoryFilterField, string> = {
  accountId: 'history-filter-account',
  keyword: 'history-filter-keyword',
  transactionType: 'history-filter-type',
  fromDate: 'history-filter-from-date',
  toDate: 'history-filter-to-date',
  fromAmount: 'history-filter-from-amount',
  toAmount: 'history-filter-to-amount',
  transactionDirection: 'history-filter-direction',
  status: 'history-filter-status',
  email: 'history-filter-email',
};

export interface HistoryFiltersPanelProps {
  /** The filter applied to the list; the form starts from it. */
  applied: HistoryFilterValues;
  accounts: readonly Account[];
  accountLabel: (account: Account) => string;
  onApply: (values: HistoryFilterValues) => void;
}

/**
 * The filters of spec 001 §3. The keyword is always at hand; the rest open under "Filters". Nothing
 * is sent until the customer applies them, and a filter that cannot be right (a malformed e-mail,
 * an end before the start) is explained beside its field instead of being sent.
 */
export function HistoryFiltersPanel({ applied, accounts, accountLabel, onApply }: HistoryFiltersPanelProps) {
  const { t } = useTranslation('history');
  const [draft, setDraft] = useState<HistoryFilterValues>(applied);
  const [problems, setProblems] = useState<Partial<Record<HistoryFilterField, FilterProblem>>>({});
  const hasMoreFilters = activeFilterFields(applied).some((field) => field !== 'keyword');
  const [isOpen, setIsOpen] = useState(hasMoreFilters);
  const summaryRef = useRef<HTMLDivElement>(null);

  const set = <F extends HistoryFilterField>(field: F, value: HistoryFilterValues[F]) => {
    setDraft((previous) => ({ ...previous, [field]: value }));
    setProblems((previous) => ({ ...previous, [field]: undefined }));
  };
  const errorOf = (field: HistoryFilterField) => {
    const problem = problems[field];
    return problem ? t(`filters.problems.${problem}`) : undefined;
  };

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = filterProblems(draft);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setIsOpen(true);
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    onApply(draft);
  }

  const summaryItems: SummaryItem[] = (Object.keys(problems) as HistoryFilterField[]).flatMap((field) => {
    const message = errorOf(field);
    return message
      ? [{ fieldId: FILTER_FIELD_IDS[field], message: `${t(`filters.fields.${field}`)}: ${message}` }]
      : [];
  });

  return (
    <form onSubmit={handleSubmit} noValidate role="search" aria-label={t('filters.label')}>
      <Stack gap="sm">
        <ErrorSummary ref={summaryRef} items={summaryItems} />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            id={FILTER_FIELD_IDS.keyword}
            label={t('filters.fields.keyword')}
            description={t('filters.keywordHint')}
            type="search"
            value={draft.keyword}
            maxLength={HISTORY_KEYWORD_MAX_LENGTH}
            onChange={(event) => set('keyword', event.currentTarget.value)}
            style={{ flex: '1 1 240px' }}
          />
          <Button type="submit">{t('filters.apply')}</Button>
          <Button
            variant="default"
            onClick={() => setIsOpen((value) => !value)}
            aria-expanded={isOpen}
            aria-controls="history-more-filters"
          >
            {isOpen ? t('filters.hide') : t('filters.show')}
          </Button>
        </Group>
        <Collapse expanded={isOpen} id="history-more-filters">
          <Stack gap="sm" pt="xs">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              <NativeSelect
                id={FILTER_FIELD_IDS.accountId}
                label={t('filters.fields.accountId')}
                value={draft.accountId}
                onChange={(event) => set('accountId', event.currentTarget.value)}
                data={[
                  { value: '', label: t('filters.allAccounts') },
                  ...accounts.map((account) => ({ value: String(account.accountId), label: accountLabel(account) })),
                ]}
              />
              <NativeSelect
                id={FILTER_FIELD_IDS.transactionType}
                label={t('filters.fields.transactionType')}
                value={draft.transactionType}
                onChange={(event) =>
                  set('transactionType', TRANSACTION_TYPES.find((type) => type === event.currentTarget.value) ?? '')
                }
                data={[
                  { value: '', label: t('filters.allTypes') },
                  ...TRANSACTION_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) })),
                ]}
              />
              <NativeSelect
                id={FILTER_FIELD_IDS.transactionDirection}
                label={t('filters.fields.transactionDirection')}
                value={draft.transactionDirection}
                onChange={(event) =>
                  set(
                    'transactionDirection',
                    HISTORY_DIRECTIONS.find((direction) => direction === event.currentTarget.value) ?? 'all',
                  )
                }
                data={HISTORY_DIRECTIONS.map((direction) => ({
                  value: direction,
                  label: t(`directions.${direction}`),
                }))}
              />
              <NativeSelect
                id={FILTER_FIELD_IDS.status}
                label={t('filters.fields.status')}
                value={draft.status}
                onChange={(event) =>
                  set('status', HISTORY_STATUS_FILTERS.find((status) => status === event.currentTarget.value) ?? 'all')
                }
                data={HISTORY_STATUS_FILTERS.map((status) => ({ value: status, label: t(`statusFilters.${status}`) }))}
              />
              <TextInput
                id={FILTER_FIELD_IDS.fromDate}
                label={t('filters.fields.fromDate')}
                type="date"
                value={draft.fromDate}
                onChange={(event) => set('fromDate', event.currentTarget.value)}
                error={errorOf('fromDate')}
              />
              <TextInput
                id={FILTER_FIELD_IDS.toDate}
                label={t('filters.fields.toDate')}
                type="date"
                value={draft.toDate}
                onChange={(event) => set('toDate', event.currentTarget.value)}
                error={errorOf('toDate')}
              />
              <TextInput
                id={FILTER_FIELD_IDS.fromAmount}
                label={t('filters.fields.fromAmount')}
                inputMode="decimal"
                autoComplete="off"
                value={draft.fromAmount}
                onChange={(event) => set('fromAmount', event.currentTarget.value)}
                error={errorOf('fromAmount')}
              />
              <TextInput
                id={FILTER_FIELD_IDS.toAmount}
                label={t('filters.fields.toAmount')}
                inputMode="decimal"
                autoComplete="off"
                value={draft.toAmount}
                onChange={(event) => set('toAmount', event.currentTarget.value)}
                error={errorOf('toAmount')}
              />
              <TextInput
                id={FILTER_FIELD_IDS.email}
                label={t('filters.fields.email')}
                type="email"
                inputMode="email"
                spellCheck={false}
                maxLength={MAX_EMAIL_LENGTH}
                value={draft.email}
                onChange={(event) => set('email', event.currentTarget.value)}
                error={errorOf('email')}
              />
            </SimpleGrid>
            <Group gap="sm">
              <Button type="submit">{t('filters.apply')}</Button>
              <Button
                variant="subtle"
                onClick={() => {
                  setDraft(EMPTY_HISTORY_FILTER);
                  setProblems({});
                }}
              >
                {t('filters.resetForm')}
              </Button>
            </Group>
          </Stack>
        </Collapse>
      </Stack>
    </form>
  );
}
