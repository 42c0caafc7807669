import type { Account } from '@app/shared/api/accounts';
import { isClosedAccount } from '@app/shared/accounts';
import { formatAmount, isCurrency } from '@app/shared/money';
import { isClientEmailAcceptable } from '@app/shared/validation/email';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatRate, Money, useDisplayLanguage } from '../../../components/money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePayeeCheck } from '../api/check-payee';
import { useExchangeRate } from '../api/get-exchange-rate';
import { useP2PFee, useP2PLimits, useP2PMaxAmount } from '../api/get-p2p-quote';
import { submitTransferP2P } from '../api/transfer-p2p';
import { P2PShortcuts } from '../components/p2p-shortcuts';
import {
  P2P_SERVER_FIELDS,
  type P2PField,
  P2PTransferForm,
  type P2PValues,
  type PayeeState,
} from '../components/p2p-transfer-form';
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
import type { TransferScreenProps } from './own-transfer-screen';

interface P2PDraft {
  from: Account;
  toEmail: string;
  amount: string;
  currency: string;
  values: P2PValues;
}

const DEBOUNCE_MS = 400;

function initialValues(accounts: readonly Account[], requestedFrom: string | null): P2PValues {
  const from =
    accounts.find((account) => String(account.accountId) === requestedFrom) ??
    accounts.find((account) => /[1-9]/.test(account.availableBalance) && !account.availableBalance.startsWith('-')) ??
    accounts[0];
  return {
    fromAccountId: from ? String(from.accountId) : '',
    toEmail: '',
    amount: '',
    currency: from?.currencyCode ?? 'USD',
    note: '',
    reference: '',
    saveAsTemplate: false,
    templateName: '',
    recurring: NO_RECURRENCE,
  };
}

/** The e-mail is asked about only when it passes the client's rule (spec 001 §5). */
function checkableEmail(value: string): string | undefined {
  const email = value.trim();
  return email !== '' && isClientEmailAcceptable(email) ? email : undefined;
}

/** `transfer/p2p`: send money to another customer by e-mail, once or as a pre-approved payment. */
export function P2PTransferScreen({ accounts, accountLabel, isInitiatorOnly, onMoneyMoved }: TransferScreenProps) {
  const { t } = useTranslation('transfers');
  const language = useDisplayLanguage();
  useDocumentTitle(t('p2p.title'));
  const [searchParams] = useSearchParams();
  const openAccounts = accounts.filter((account) => !isClosedAccount(account));
  const [values, setValues] = useState<P2PValues>(() => initialValues(openAccounts, searchParams.get('from')));
  const [serverErrors, setServerErrors] = useState<Partial<Record<P2PField, string>>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const recurringSummary = useRecurringSummary();

  const from = openAccounts.find((account) => String(account.accountId) === values.fromAccountId);
  const [debouncedEmail] = useDebouncedValue(values.toEmail, DEBOUNCE_MS);
  const [debouncedAmount] = useDebouncedValue(values.amount, DEBOUNCE_MS);
  const emailToCheck = checkableEmail(debouncedEmail);
  const payeeQuery = usePayeeCheck(emailToCheck);
  const amount = quotableAmount(debouncedAmount, isCurrency(values.currency) ? values.currency : undefined);
  const displayRate = useExchangeRate(from?.currencyCode, values.currency);
  const conversionRate = useExchangeRate(values.currency, from?.currencyCode);
  const fee = useP2PFee(
    from && amount !== undefined ? { accountId: from.accountId, amount, currency: values.currency } : undefined,
  );
  const maxAmount = useP2PMaxAmount(from?.accountId);
  const limits = useP2PLimits(from?.accountId);

  const typedEmail = values.toEmail.trim();
  const payee: PayeeState =
    typedEmail === ''
      ? { kind: 'unchecked' }
      : !isClientEmailAcceptable(typedEmail)
        ? { kind: 'invalid' }
        : emailToCheck === undefined || emailToCheck !== typedEmail || payeeQuery.isFetching
          ? { kind: 'checking' }
          : payeeQuery.data
            ? { kind: 'checked', check: payeeQuery.data }
            : payeeQuery.isError
              ? { kind: 'failed' }
              : { kind: 'checking' };

  const flow = useTransferFlow<P2PDraft>({
    submit: (draft, idempotencyKey) =>
      submitTransferP2P({
        accountId: draft.from.accountId,
        amount: draft.amount,
        currency: draft.currency,
        toEmail: draft.toEmail,
        note: draft.values.note.trim() === '' ? undefined : draft.values.note.trim(),
        reference: draft.values.reference.trim() === '' ? undefined : draft.values.reference.trim(),
        templateName: draft.values.saveAsTemplate ? draft.values.templateName.trim() : undefined,
        idempotencyKey,
        ...toSubscriptionInput(draft.values.recurring),
      }),
    onMoneyMoved,
    onError: (error) => {
      const split = splitServerErrors(error, P2P_SERVER_FIELDS);
      if (split === undefined) return;
      setServerErrors(split.fieldErrors);
      setFormErrors(split.otherErrors);
      flow.edit();
    },
  });

  function quoteFor(rawAmount: string | undefined, currency: string): Quote | undefined {
    if (!from || !isCurrency(currency)) return undefined;
    const check = rawAmount === undefined ? undefined : checkAmount(rawAmount, currency);
    const minor = check?.ok ? check.minor : undefined;
    return {
      toAmount: minor === undefined ? undefined : formatAmount(minor, currency),
      toCurrency: currency,
      fromAmount:
        minor === undefined
          ? undefined
          : convertEstimate(minor, { from: currency, to: from.currencyCode, rate: conversionRate.rate }),
      fromCurrency: from.currencyCode,
      rate: displayRate.rate,
      fee: fee.data?.fee,
      feeCurrency: fee.data?.feeCurrencyCode,
      isEstimate: from.currencyCode !== currency,
    };
  }

  if (openAccounts.length === 0) {
    return (
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('p2p.title')}
        </Title>
        <TransferTabs />
        <Paper withBorder radius="md" p="lg">
          <Text>{t('p2p.noAccounts')}</Text>
        </Paper>
      </Stack>
    );
  }

  const draft = flow.draft;
  const rows: ReviewRow[] = [];
  if (draft) {
    const reviewQuote = quoteFor(draft.amount, draft.currency);
    const approx = (node: ReactNode) => (draft.from.currencyCode !== draft.currency ? <>≈ {node}</> : node);
    const sent = minorOf(reviewQuote?.fromAmount, draft.from.currencyCode);
    const charged =
      fee.data?.feeCurrencyCode === draft.from.currencyCode
        ? minorOf(fee.data.fee, draft.from.currencyCode)
        : undefined;
    rows.push(
      { key: 'to', label: t('p2p.toEmail'), value: draft.toEmail },
      {
        key: 'get',
        label: t('review.theyGet'),
        value: <Money amount={draft.amount} currency={draft.currency} />,
        isEmphasized: true,
      },
      { key: 'from', label: t('p2p.from'), value: accountLabel(draft.from) },
      {
        key: 'send',
        label: t('review.youSend'),
        value:
          reviewQuote?.fromAmount === undefined
            ? t('quote.loading')
            : approx(<Money amount={reviewQuote.fromAmount} currency={draft.from.currencyCode} />),
      },
      {
        key: 'fee',
        label: t('review.fee'),
        value: fee.data ? <Money amount={fee.data.fee} currency={fee.data.feeCurrencyCode} /> : t('quote.feeLater'),
      },
    );
    if (sent !== undefined && charged !== undefined) {
      rows.push({
        key: 'total',
        label: t('review.total'),
        value: approx(
          <Money amount={formatAmount(sent + charged, draft.from.currencyCode)} currency={draft.from.currencyCode} />,
        ),
        isEmphasized: true,
      });
    }
    if (draft.from.currencyCode !== draft.currency && reviewQuote?.rate !== undefined) {
      rows.push({
        key: 'rate',
        label: t('review.rate'),
        value: formatRate(draft.from.currencyCode, reviewQuote.rate, draft.currency, language),
      });
    }
    rows.push({ key: 'when', label: t('review.when'), value: t('review.now') });
    if (draft.values.note.trim() !== '')
      rows.push({ key: 'note', label: t('p2p.note'), value: draft.values.note.trim() });
    if (draft.values.reference.trim() !== '') {
      rows.push({ key: 'reference', label: t('p2p.reference'), value: draft.values.reference.trim() });
    }
    if (draft.values.recurring.isRecurring) {
      rows.push({ key: 'repeats', label: t('review.repeats'), value: recurringSummary(draft.values.recurring) });
    }
    if (draft.values.saveAsTemplate) {
      rows.push({ key: 'template', label: t('p2p.templateName'), value: draft.values.templateName.trim() });
    }
  }

  const change = (next: P2PValues) => {
    setValues(next);
    setServerErrors({});
    setFormErrors([]);
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('p2p.title')}
      </Title>
      <TransferTabs />
      {flow.phase === 'review' && draft ? (
        <TransferReviewPanel
          rows={rows}
          hasEstimates={draft.from.currencyCode !== draft.currency}
          isSubmitting={flow.mutation.isPending}
          error={flow.mutation.error}
          onConfirm={flow.confirm}
          onEdit={flow.edit}
        />
      ) : (
        <P2PTransferForm
          accounts={openAccounts}
          accountLabel={accountLabel}
          values={values}
          onChange={change}
          payee={payee}
          maxAmount={maxAmount.data}
          limits={limits.data}
          quote={quoteFor(amount, values.currency)}
          serverErrors={serverErrors}
          formErrors={formErrors}
          shortcuts={
            <P2PShortcuts
              onPickRecent={(transfer) =>
                change({
                  ...values,
                  toEmail: transfer.toEmail ?? values.toEmail,
                  currency: isCurrency(transfer.currencyCode) ? transfer.currencyCode : values.currency,
                })
              }
              onPickTemplate={(template) =>
                change({
                  ...values,
                  fromAccountId: openAccounts.some((account) => account.accountId === template.accountId)
                    ? String(template.accountId)
                    : values.fromAccountId,
                  toEmail: template.toEmail ?? values.toEmail,
                  amount: template.amount,
                  currency: template.currencyCode,
                  note: template.note ?? '',
                  reference: template.reference ?? '',
                })
              }
            />
          }
          onContinue={() => {
            if (!from) return;
            const check = checkAmount(values.amount, values.currency);
            if (!check.ok) return;
            flow.review({
              from,
              toEmail: typedEmail.toLowerCase(),
              amount: check.amount,
              currency: values.currency,
              values,
            });
          }}
        />
      )}
      <TransferSteps
        step={flow.step}
        recipient={draft?.toEmail ?? ''}
        isInitiatorOnly={isInitiatorOnly}
        onApprovalFinished={flow.finishApproval}
        onDone={() => {
          const isCompleted = flow.step?.kind === 'result' && flow.step.result.status === 'completed';
          flow.reset();
          if (isCompleted) {
            setValues((previous) => ({
              ...initialValues(openAccounts, previous.fromAccountId),
              currency: previous.currency,
            }));
          }
        }}
      />
    </Stack>
  );
}
