import type { Account } from '@app/shared/api/accounts';
import { isClosedAccount } from '@app/shared/accounts';
import { formatAmount } from '@app/shared/money';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatRate, Money, useDisplayLanguage } from '../../../components/money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useExchangeRate } from '../api/get-exchange-rate';
import { useOwnTransferFee } from '../api/get-transfer-quote';
import { submitTransferBetweenAccounts } from '../api/transfer-between-accounts';
import {
  OWN_TRANSFER_SERVER_FIELDS,
  type OwnTransferField,
  OwnTransferForm,
  type OwnTransferValues,
} from '../components/own-transfer-form';
import type { Quote } from '../components/quote-summary';
import type { ReviewRow } from '../components/review-list';
import { TransferReviewPanel } from '../components/transfer-review-panel';
import { TransferSteps } from '../components/transfer-steps';
import { TransferTabs } from '../components/transfer-tabs';
import { useRecurringSummary } from '../hooks/use-recurring-summary';
import { useTransferFlow } from '../hooks/use-transfer-flow';
import { checkAmount, minorOf, quotableAmount } from '../utils/amount';
import { convertEstimate } from '../utils/estimate';
import { NO_RECURRENCE, toSubscriptionInput } from '../utils/recurring';
import { splitServerErrors } from '../utils/server-errors';

export interface TransferScreenProps {
  accounts: readonly Account[];
  accountLabel: (account: Account) => string;
  /** The user may only initiate transfers (access right 3): a colleague approves them. */
  isInitiatorOnly?: boolean;
  /** Money moved: accounts and history are stale. */
  onMoneyMoved?: () => void;
}

interface OwnTransferDraft {
  from: Account;
  to: Account;
  amount: string;
  amountCurrency: string;
  values: OwnTransferValues;
}

const AMOUNT_DEBOUNCE_MS = 400;

/** The source the customer came from (?from=), else the first account with money, else the first. */
function initialValues(accounts: readonly Account[], requestedFrom: string | null): OwnTransferValues {
  const from =
    accounts.find((account) => String(account.accountId) === requestedFrom) ??
    accounts.find((account) => /[1-9]/.test(account.availableBalance) && !account.availableBalance.startsWith('-')) ??
    accounts[0];
  const others = accounts.filter((account) => account.accountId !== from?.accountId);
  // Moving money between own accounts is mostly exchanging it: another currency first.
  const to = others.find((account) => account.currencyCode !== from?.currencyCode) ?? others[0];
  return {
    fromAccountId: from ? String(from.accountId) : '',
    toAccountId: to ? String(to.accountId) : '',
    amount: '',
    amountSide: 'from',
    recurring: NO_RECURRENCE,
  };
}

/** `transfer/account`: move or exchange money between the customer's own accounts. */
export function OwnTransferScreen({ accounts, accountLabel, isInitiatorOnly, onMoneyMoved }: TransferScreenProps) {
  const { t } = useTranslation('transfers');
  const language = useDisplayLanguage();
  useDocumentTitle(t('own.title'));
  const [searchParams] = useSearchParams();
  const openAccounts = accounts.filter((account) => !isClosedAccount(account));
  const [values, setValues] = useState<OwnTransferValues>(() => initialValues(openAccounts, searchParams.get('from')));
  const [serverErrors, setServerErrors] = useState<Partial<Record<OwnTransferField, string>>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const recurringSummary = useRecurringSummary();

  const from = openAccounts.find((account) => String(account.accountId) === values.fromAccountId);
  const to = openAccounts.find((account) => String(account.accountId) === values.toAccountId);
  const amountCurrency = values.amountSide === 'to' && to ? to.currencyCode : from?.currencyCode;
  const [debouncedAmount] = useDebouncedValue(values.amount, AMOUNT_DEBOUNCE_MS);
  const amount = quotableAmount(debouncedAmount, amountCurrency);
  const isConversion = from !== undefined && to !== undefined && from.currencyCode !== to.currencyCode;
  const displayRate = useExchangeRate(from?.currencyCode, to?.currencyCode);
  const reverseRate = useExchangeRate(
    isConversion && values.amountSide === 'to' ? to.currencyCode : undefined,
    isConversion && values.amountSide === 'to' ? from.currencyCode : undefined,
  );
  const fee = useOwnTransferFee(
    from && to && from.accountId !== to.accountId && amount !== undefined && amountCurrency !== undefined
      ? { fromAccount: from.accountId, toAccount: to.accountId, toAmount: amount, currency: amountCurrency }
      : undefined,
  );

  const flow = useTransferFlow<OwnTransferDraft>({
    submit: (draft, idempotencyKey) =>
      submitTransferBetweenAccounts({
        fromAccount: draft.from.accountId,
        toAccount: draft.to.accountId,
        toAmount: draft.amount,
        currency: draft.amountCurrency,
        idempotencyKey,
        ...toSubscriptionInput(draft.values.recurring),
      }),
    onMoneyMoved,
    onError: (error) => {
      const split = splitServerErrors(error, OWN_TRANSFER_SERVER_FIELDS);
      if (split === undefined) return;
      setServerErrors(split.fieldErrors);
      setFormErrors(split.otherErrors);
      flow.edit();
    },
  });

  function quoteFor(rawAmount: string | undefined): Quote | undefined {
    if (!from || !to || amountCurrency === undefined) return undefined;
    const check = rawAmount === undefined ? undefined : checkAmount(rawAmount, amountCurrency);
    const minor = check?.ok ? check.minor : undefined;
    const fromAmount =
      minor === undefined
        ? undefined
        : values.amountSide === 'from'
          ? formatAmount(minor, from.currencyCode)
          : convertEstimate(minor, { from: to.currencyCode, to: from.currencyCode, rate: reverseRate.rate });
    const toAmount =
      minor === undefined
        ? undefined
        : values.amountSide === 'to'
          ? formatAmount(minor, to.currencyCode)
          : convertEstimate(minor, { from: from.currencyCode, to: to.currencyCode, rate: displayRate.rate });
    return {
      fromAmount,
      fromCurrency: from.currencyCode,
      toAmount,
      toCurrency: to.currencyCode,
      rate: displayRate.rate,
      fee: fee.data?.fee,
      feeCurrency: fee.data?.feeCurrencyCode,
      isEstimate: isConversion,
    };
  }

  const quote = quoteFor(amount);

  if (openAccounts.length < 2) {
    return (
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('own.title')}
        </Title>
        <TransferTabs />
        <Paper withBorder radius="md" p="lg">
          <Stack gap="xs">
            <Text fw={600}>{t('own.needTwoTitle')}</Text>
            <Text size="sm">{t('own.needTwoBody')}</Text>
            <Anchor component={Link} to="/home">
              {t('own.needTwoLink')}
            </Anchor>
          </Stack>
        </Paper>
      </Stack>
    );
  }

  const draft = flow.draft;
  const reviewQuote = draft ? quoteFor(draft.amount) : undefined;
  const rows: ReviewRow[] = [];
  if (draft && reviewQuote) {
    const total =
      reviewQuote.fromAmount !== undefined && fee.data && fee.data.feeCurrencyCode === draft.from.currencyCode
        ? (() => {
            const sent = minorOf(reviewQuote.fromAmount, draft.from.currencyCode);
            const charged = minorOf(fee.data.fee, draft.from.currencyCode);
            return sent === undefined || charged === undefined
              ? undefined
              : formatAmount(sent + charged, draft.from.currencyCode);
          })()
        : undefined;
    const approx = (node: ReactNode, isEstimate: boolean) => (isEstimate ? <>≈ {node}</> : node);
    rows.push(
      { key: 'from', label: t('own.from'), value: accountLabel(draft.from) },
      { key: 'to', label: t('own.to'), value: accountLabel(draft.to) },
      {
        key: 'send',
        label: t('review.youSend'),
        value:
          reviewQuote.fromAmount === undefined
            ? t('quote.loading')
            : approx(
                <Money amount={reviewQuote.fromAmount} currency={draft.from.currencyCode} />,
                isConversion && draft.values.amountSide === 'to',
              ),
        isEmphasized: true,
      },
      {
        key: 'fee',
        label: t('review.fee'),
        value: fee.data ? <Money amount={fee.data.fee} currency={fee.data.feeCurrencyCode} /> : t('quote.feeLater'),
      },
    );
    if (total !== undefined) {
      rows.push({
        key: 'total',
        label: t('review.total'),
        value: approx(
          <Money amount={total} currency={draft.from.currencyCode} />,
          isConversion && draft.values.amountSide === 'to',
        ),
      });
    }
    if (isConversion && reviewQuote.rate !== undefined) {
      rows.push({
        key: 'rate',
        label: t('review.rate'),
        value: formatRate(draft.from.currencyCode, reviewQuote.rate, draft.to.currencyCode, language),
      });
    }
    rows.push(
      {
        key: 'receive',
        label: t('review.youReceive'),
        value:
          reviewQuote.toAmount === undefined
            ? t('quote.loading')
            : approx(
                <Money amount={reviewQuote.toAmount} currency={draft.to.currencyCode} />,
                isConversion && draft.values.amountSide === 'from',
              ),
        isEmphasized: true,
      },
      { key: 'when', label: t('review.when'), value: t('review.now') },
    );
    if (draft.values.recurring.isRecurring) {
      rows.push({ key: 'repeats', label: t('review.repeats'), value: recurringSummary(draft.values.recurring) });
    }
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('own.title')}
      </Title>
      <TransferTabs />
      {flow.phase === 'review' && draft ? (
        <TransferReviewPanel
          rows={rows}
          hasEstimates={isConversion}
          isSubmitting={flow.mutation.isPending}
          error={flow.mutation.error}
          onConfirm={flow.confirm}
          onEdit={flow.edit}
        />
      ) : (
        <OwnTransferForm
          accounts={openAccounts}
          accountLabel={accountLabel}
          values={values}
          onChange={(next) => {
            setValues(next);
            setServerErrors({});
            setFormErrors([]);
          }}
          quote={quote}
          serverErrors={serverErrors}
          formErrors={formErrors}
          onContinue={() => {
            if (!from || !to || amountCurrency === undefined) return;
            const check = checkAmount(values.amount, amountCurrency);
            if (!check.ok) return;
            flow.review({ from, to, amount: check.amount, amountCurrency, values });
          }}
        />
      )}
      <TransferSteps
        step={flow.step}
        recipient={draft ? accountLabel(draft.to) : ''}
        isInitiatorOnly={isInitiatorOnly}
        onApprovalFinished={flow.finishApproval}
        onDone={() => {
          const isCompleted = flow.step?.kind === 'result' && flow.step.result.status === 'completed';
          flow.reset();
          // After a completed transfer a new one starts empty; after a failure the values stay.
          if (isCompleted) setValues((previous) => ({ ...previous, amount: '', recurring: NO_RECURRENCE }));
        }}
      />
    </Stack>
  );
}
