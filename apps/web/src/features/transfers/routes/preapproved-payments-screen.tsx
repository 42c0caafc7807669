import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import type { Account } from '@app/shared/api/accounts';
import {
  amountInputSchema,
  PREAPPROVED_PAYMENTS_PAGE_SIZE,
  type PreapprovedPayment,
  TRANSFER_KINDS,
  type TransferKind,
} from '@app/shared/api/transfers';
import { MAX_EMAIL_LENGTH } from '@app/shared/validation/email';
import { dropEmptyFilterFields } from '@app/shared/validation/wire';
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
import { Money, useDisplayLanguage } from '../../../components/money';
import { ResultPopup } from '../../../components/result-popup';
import { isApiError } from '../../../lib/api-error';
import { type ErrorTextKey, failureTextOf, userFacingError } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  type PreapprovedPaymentsParams,
  useCancelPreapprovedPayment,
  usePreapprovedPayments,
} from '../api/preapproved-payments';
import { CancelPreapprovedDialog } from '../components/cancel-preapproved-dialog';
import { TransferTabs } from '../components/transfer-tabs';
import { normalizeAmountInput } from '../utils/amount';

export interface PreapprovedFilterValues {
  email: string;
  type: TransferKind | '';
  fromAmount: string;
  toAmount: string;
}

const EMPTY_FILTER: PreapprovedFilterValues = { email: '', type: '', fromAmount: '', toAmount: '' };
const STATUS_COLORS = {
  awaitingApproval: '#b34a0b',
  active: 'teal.9',
  completed: 'gray.8',
  cancelled: 'gray.8',
} as const;

/** Spec 000 §5: email, type (default all), from-amount, to-amount; empty fields are dropped. */
export function toPreapprovedParams(values: PreapprovedFilterValues, pageNumber: number): PreapprovedPaymentsParams {
  const kept = dropEmptyFilterFields({
    email: values.email.trim(),
    type: values.type,
    fromAmount: normalizeAmountInput(values.fromAmount),
    toAmount: normalizeAmountInput(values.toAmount),
  });
  return { ...kept, type: kept.type === '' ? undefined : kept.type, pageNumber };
}

function filterFrom(params: URLSearchParams): PreapprovedFilterValues {
  return {
    email: (params.get('email') ?? '').slice(0, MAX_EMAIL_LENGTH),
    type: TRANSFER_KINDS.find((kind) => kind === params.get('type')) ?? '',
    fromAmount: (params.get('fromAmount') ?? '').slice(0, 24),
    toAmount: (params.get('toAmount') ?? '').slice(0, 24),
  };
}

function searchOf(values: PreapprovedFilterValues, pageNumber: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['email', 'type', 'fromAmount', 'toAmount'] as const) {
    const value = values[key].trim();
    if (value !== '') params.set(key, value);
  }
  if (pageNumber > 1) params.set('page', String(pageNumber));
  return params;
}

export interface PreapprovedPaymentsScreenProps {
  accounts: readonly Account[];
  accountLabel: (account: Account) => string;
}

/** `transfer/preapproved-payments`: recurring transfers, filtered, each cancellable (spec 000 §3, §5, §8). */
export function PreapprovedPaymentsScreen({ accounts, accountLabel }: PreapprovedPaymentsScreenProps) {
  const { t } = useTranslation(['transfers', 'common']);
  useDocumentTitle(t('transfers:preapproved.title'));
  const language = useDisplayLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const applied = useMemo(() => filterFrom(searchParams), [searchParams]);
  const pageValue = Number(searchParams.get('page'));
  const page = Number.isSafeInteger(pageValue) && pageValue >= 1 ? pageValue : 1;
  const [draft, setDraft] = useState(applied);
  const [amountProblems, setAmountProblems] = useState<Partial<Record<'fromAmount' | 'toAmount', string>>>({});
  const [toCancel, setToCancel] = useState<PreapprovedPayment | undefined>(undefined);
  const [cancelled, setCancelled] = useState<PreapprovedPayment | undefined>(undefined);
  const query = usePreapprovedPayments(toPreapprovedParams(applied, page));
  const cancel = useCancelPreapprovedPayment();
  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PREAPPROVED_PAYMENTS_PAGE_SIZE));

  function handleFilter(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems: Partial<Record<'fromAmount' | 'toAmount', string>> = {};
    for (const field of ['fromAmount', 'toAmount'] as const) {
      if (draft[field].trim() === '') continue;
      if (!amountInputSchema.safeParse(normalizeAmountInput(draft[field])).success) {
        problems[field] = t('transfers:validation.amount.format');
      }
    }
    setAmountProblems(problems);
    if (Object.keys(problems).length > 0) return;
    setSearchParams(searchOf(draft, 1));
  }

  const toLabel = (payment: PreapprovedPayment) => {
    if (payment.toEmail !== undefined) return payment.toEmail;
    const account = accounts.find((item) => item.accountId === payment.toAccount);
    return account ? accountLabel(account) : t('transfers:preapproved.ownAccount', { id: payment.toAccount ?? '' });
  };
  const fromLabel = (payment: PreapprovedPayment) => {
    const account = accounts.find((item) => item.accountId === payment.fromAccount);
    return account ? accountLabel(account) : `#${payment.fromAccount}`;
  };
  // Spec 000 §8: a failed cancel shows the response description under the header "Action Confirmation".
  const cancelFailure = cancel.error
    ? ((isApiError(cancel.error) ? failureTextOf(cancel.error.body) : undefined) ??
      userFacingError(cancel.error, (key: ErrorTextKey) => t(`common:errors.${key}`)).message)
    : undefined;

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('transfers:preapproved.title')}
      </Title>
      <TransferTabs />
      <Text>{t('transfers:preapproved.intro')}</Text>
      <form onSubmit={handleFilter} noValidate role="search" aria-label={t('transfers:preapproved.filterLabel')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <TextInput
              label={t('transfers:preapproved.filters.email')}
              type="search"
              maxLength={MAX_EMAIL_LENGTH}
              value={draft.email}
              onChange={(event) => setDraft({ ...draft, email: event.currentTarget.value })}
            />
            <NativeSelect
              label={t('transfers:preapproved.filters.type')}
              value={draft.type}
              onChange={(event) =>
                setDraft({ ...draft, type: TRANSFER_KINDS.find((kind) => kind === event.currentTarget.value) ?? '' })
              }
              data={[
                { value: '', label: t('transfers:preapproved.types.all') },
                ...TRANSFER_KINDS.map((kind) => ({ value: kind, label: t(`transfers:preapproved.types.${kind}`) })),
              ]}
            />
            <TextInput
              label={t('transfers:preapproved.filters.fromAmount')}
              inputMode="decimal"
              value={draft.fromAmount}
              onChange={(event) => setDraft({ ...draft, fromAmount: event.currentTarget.value })}
              error={amountProblems.fromAmount}
            />
            <TextInput
              label={t('transfers:preapproved.filters.toAmount')}
              inputMode="decimal"
              value={draft.toAmount}
              onChange={(event) => setDraft({ ...draft, toAmount: event.currentTarget.value })}
              error={amountProblems.toAmount}
            />
          </SimpleGrid>
          <Group gap="sm">
            <Button type="submit">{t('transfers:preapproved.filters.apply')}</Button>
            {searchParams.toString() !== '' ? (
              <Button
                variant="subtle"
                onClick={() => {
                  setDraft(EMPTY_FILTER);
                  setAmountProblems({});
                  setSearchParams(new URLSearchParams());
                }}
              >
                {t('transfers:preapproved.filters.clear')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
      {query.error && !query.data ? (
        <ErrorAlert error={query.error} title={t('transfers:preapproved.loadFailed')} />
      ) : null}
      {query.isPending ? (
        <Stack gap="sm" aria-busy>
          <Skeleton height={96} />
          <Skeleton height={96} />
        </Stack>
      ) : null}
      {query.data ? (
        query.data.subscriptions.length === 0 ? (
          <Paper withBorder radius="md" p="lg">
            <Text>
              {searchParams.toString() === ''
                ? t('transfers:preapproved.empty')
                : t('transfers:preapproved.emptyFiltered')}
            </Text>
          </Paper>
        ) : (
          <Stack
            gap="sm"
            component="ul"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
            aria-busy={query.isFetching}
          >
            {query.data.subscriptions.map((payment) => {
              const canCancel = payment.status === 'active' || payment.status === 'awaitingApproval';
              return (
                <Paper key={payment.id} component="li" withBorder radius="md" p="md">
                  <Group justify="space-between" align="flex-start" gap="sm">
                    <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
                      <Group gap="xs">
                        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {toLabel(payment)}
                        </Text>
                        <Badge color={STATUS_COLORS[payment.status]} variant="filled" radius="sm">
                          {t(`transfers:preapproved.statuses.${payment.status}`)}
                        </Badge>
                      </Group>
                      <Text size="sm" c="dimmed">
                        {t(`transfers:preapproved.types.${payment.type}`)} ·{' '}
                        {t(`transfers:recurring.frequencies.${payment.frequency}`)} ·{' '}
                        {t('transfers:preapproved.from', { account: fromLabel(payment) })}
                      </Text>
                      <Text size="sm">
                        {payment.transactionsTotal !== undefined
                          ? t('transfers:preapproved.runsOf', {
                              done: payment.transactionsDone,
                              total: payment.transactionsTotal,
                            })
                          : t('transfers:preapproved.runs', { count: payment.transactionsDone })}
                        {payment.nextRunAt !== undefined
                          ? ` · ${t('transfers:preapproved.next', { date: formatDate(payment.nextRunAt, language) })}`
                          : ''}
                        {payment.endDate !== undefined
                          ? ` · ${t('transfers:preapproved.until', { date: formatDate(`${payment.endDate.slice(0, 10)}T00:00:00`, language) })}`
                          : ''}
                      </Text>
                      {payment.reference !== undefined ? (
                        <Text size="sm">{t('transfers:preapproved.reference', { reference: payment.reference })}</Text>
                      ) : null}
                    </Stack>
                    <Stack gap="xs" align="flex-end">
                      <Text fw={700} size="lg">
                        <Money amount={payment.amount} currency={payment.currencyCode} />
                      </Text>
                      {canCancel ? (
                        <Button
                          variant="default"
                          onClick={() => {
                            cancel.reset();
                            setToCancel(payment);
                          }}
                          aria-label={t('transfers:preapproved.cancelLabel', { payee: toLabel(payment) })}
                        >
                          {t('transfers:preapproved.cancel')}
                        </Button>
                      ) : null}
                    </Stack>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )
      ) : null}
      {query.data && pageCount > 1 ? (
        <Group justify="center">
          <Pagination
            total={pageCount}
            value={Math.min(page, pageCount)}
            onChange={(next) => setSearchParams(searchOf(applied, next))}
            siblings={1}
            aria-label={t('transfers:pagination.label')}
            getItemProps={(item) => ({ 'aria-label': t('transfers:pagination.page', { page: item }) })}
            getControlProps={(control) => ({ 'aria-label': t(`transfers:pagination.${control}`) })}
          />
        </Group>
      ) : null}
      <CancelPreapprovedDialog
        payment={toCancel}
        payeeLabel={toCancel ? toLabel(toCancel) : ''}
        isCancelling={cancel.isPending}
        onConfirm={(payment) =>
          cancel.mutate(payment.id, {
            onSuccess: (updated) => {
              setToCancel(undefined);
              setCancelled(updated);
            },
            onError: () => setToCancel(undefined),
          })
        }
        onClose={() => setToCancel(undefined)}
      />
      <ResultPopup
        opened={cancelFailure !== undefined}
        onClose={() => cancel.reset()}
        status="error"
        title={t('transfers:preapproved.actionConfirmation')}
        message={cancelFailure}
      />
      <ResultPopup
        opened={cancelled !== undefined}
        onClose={() => setCancelled(undefined)}
        status="success"
        message={t('transfers:preapproved.cancelled', { payee: cancelled ? toLabel(cancelled) : '' })}
      />
    </Stack>
  );
}
