import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import type { Account } from '@app/shared/api/accounts';
import { MAX_SUBSCRIPTION_TRANSACTIONS } from '@app/shared/api/transfers';
import { Button, NativeSelect, Radio, Stack, TextInput } from '@mantine/core';
import { type SubmitEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type SummaryItem } from '../../../components/error-summary';
import { formatMoney, useDisplayLanguage } from '../../../components/money';
import { useOwnTransferLimits, useOwnTransferMaxAmount } from '../api/get-transfer-quote';
import { type AmountProblem, checkAmount, minorOf } from '../utils/amount';
import {
  localToday,
  type RecurringField,
  type RecurringProblem,
  recurringProblems,
  type RecurringValues,
} from '../utils/recurring';
import { AmountHints } from './amount-hints';
import { type Quote, QuoteSummary } from './quote-summary';
import { RECURRING_FIELD_IDS, RecurringFields } from './recurring-fields';
import classes from './transfer-form.module.css';

export type AmountSide = 'from' | 'to';

export interface OwnTransferValues {
  fromAccountId: string;
  toAccountId: string;
  amount: string;
  /** The amount is what leaves the source (from) or what reaches the destination (to). */
  amountSide: AmountSide;
  recurring: RecurringValues;
}

export type OwnTransferField =
  'fromAccountId' | 'toAccountId' | 'amount' | 'amountSide' | RecurringField | 'reference' | 'frequency';

export const OWN_TRANSFER_FIELD_IDS: Record<OwnTransferField, string> = {
  fromAccountId: 'own-transfer-from',
  toAccountId: 'own-transfer-to',
  amount: 'own-transfer-amount',
  amountSide: 'own-transfer-amount-side',
  ...RECURRING_FIELD_IDS,
};

/** Server field names (spec 001 §3 "Between accounts payload") mapped onto the form. */
export const OWN_TRANSFER_SERVER_FIELDS: Record<string, OwnTransferField> = {
  fromAccount: 'fromAccountId',
  toAccount: 'toAccountId',
  toAmount: 'amount',
  currency: 'amount',
  subscriptionEndDate: 'endDate',
  subscriptionTransactions: 'count',
  subscriptionReference: 'reference',
  subscriptionFrequency: 'frequency',
};

export interface OwnTransferFormProps {
  accounts: readonly Account[];
  accountLabel: (account: Account) => string;
  values: OwnTransferValues;
  onChange: (values: OwnTransferValues) => void;
  quote: Quote | undefined;
  /** Messages the server gave for fields after the last attempt. */
  serverErrors: Partial<Record<OwnTransferField, string>>;
  /** Messages not tied to a field. */
  formErrors: string[];
  onContinue: () => void;
}

type ClientProblems = Partial<Record<'fromAccountId' | 'toAccountId' | 'amount', AmountProblem | 'required' | 'same'>> &
  Partial<Record<RecurringField, RecurringProblem>>;

/** Transfer between own accounts: from, to, how much (sent or received), optionally recurring. */
export function OwnTransferForm({
  accounts,
  accountLabel,
  values,
  onChange,
  quote,
  serverErrors,
  formErrors,
  onContinue,
}: OwnTransferFormProps) {
  const { t } = useTranslation('transfers');
  const language = useDisplayLanguage();
  const [problems, setProblems] = useState<ClientProblems>({});
  const summaryRef = useRef<HTMLDivElement>(null);
  const from = accounts.find((account) => String(account.accountId) === values.fromAccountId);
  const to = accounts.find((account) => String(account.accountId) === values.toAccountId);
  const route =
    from && to && from.accountId !== to.accountId
      ? { fromAccount: from.accountId, toAccount: to.accountId }
      : undefined;
  const maxAmount = useOwnTransferMaxAmount(route);
  const limits = useOwnTransferLimits(route);
  const isConversion = from !== undefined && to !== undefined && from.currencyCode !== to.currencyCode;
  const amountCurrency = values.amountSide === 'to' && to ? to.currencyCode : from?.currencyCode;

  const set = (patch: Partial<OwnTransferValues>) => {
    onChange({ ...values, ...patch });
    // A field the customer changes loses its error until the next attempt.
    setProblems((previous) => Object.fromEntries(Object.entries(previous).filter(([key]) => !(key in patch))));
  };

  function validate(): ClientProblems {
    const found: ClientProblems = {};
    if (!from) found.fromAccountId = 'required';
    if (!to) found.toAccountId = 'required';
    else if (from && from.accountId === to.accountId) found.toAccountId = 'same';
    if (amountCurrency !== undefined) {
      const check = checkAmount(values.amount, amountCurrency);
      if (!check.ok) found.amount = check.problem;
      else if (values.amountSide === 'from' && maxAmount.data) {
        const max = minorOf(maxAmount.data.amount, maxAmount.data.currencyCode);
        const min = minorOf(maxAmount.data.minAmount, maxAmount.data.currencyCode);
        if (max !== undefined && check.minor > max) found.amount = 'aboveMax';
        else if (min !== undefined && check.minor < min) found.amount = 'belowMin';
      }
    } else if (values.amount.trim() === '') found.amount = 'required';
    return { ...found, ...recurringProblems(values.recurring, localToday()) };
  }

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate();
    setProblems(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    onContinue();
  }

  const messageOf = (field: OwnTransferField): string | undefined => {
    const problem = field in problems ? problems[field as keyof ClientProblems] : undefined;
    if (problem === undefined) return serverErrors[field];
    if (field === 'endDate' || field === 'count')
      return t(`recurring.problems.${problem}`, { max: MAX_SUBSCRIPTION_TRANSACTIONS });
    const limit =
      problem === 'aboveMax' && maxAmount.data
        ? formatMoney(maxAmount.data.amount, maxAmount.data.currencyCode, language)
        : problem === 'belowMin' && maxAmount.data
          ? formatMoney(maxAmount.data.minAmount, maxAmount.data.currencyCode, language)
          : '';
    return t(`validation.${field === 'amount' ? 'amount' : 'account'}.${problem}`, { limit });
  };

  const fields: OwnTransferField[] = [
    'fromAccountId',
    'toAccountId',
    'amount',
    'endDate',
    'count',
    'reference',
    'frequency',
  ];
  const summaryItems: SummaryItem[] = [
    ...fields.flatMap((field) => {
      const message = messageOf(field);
      return message ? [{ fieldId: OWN_TRANSFER_FIELD_IDS[field], message }] : [];
    }),
    ...formErrors.map((message) => ({ message })),
  ];
  const optionOf = (account: Account) => ({
    value: String(account.accountId),
    label: `${accountLabel(account)} — ${formatMoney(account.availableBalance, account.currencyCode, language)}`,
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('own.formLabel')}>
      <Stack gap="md">
        <ErrorSummary ref={summaryRef} items={summaryItems} />
        <NativeSelect
          id={OWN_TRANSFER_FIELD_IDS.fromAccountId}
          label={t('own.from')}
          value={values.fromAccountId}
          onChange={(event) => set({ fromAccountId: event.currentTarget.value })}
          data={accounts.map(optionOf)}
          error={messageOf('fromAccountId')}
        />
        <NativeSelect
          id={OWN_TRANSFER_FIELD_IDS.toAccountId}
          label={t('own.to')}
          value={values.toAccountId}
          onChange={(event) => set({ toAccountId: event.currentTarget.value })}
          data={[
            { value: '', label: t('own.chooseAccount'), disabled: true },
            ...accounts.filter((account) => account.accountId !== from?.accountId).map(optionOf),
          ]}
          error={messageOf('toAccountId')}
        />
        {isConversion ? (
          <Radio.Group
            id={OWN_TRANSFER_FIELD_IDS.amountSide}
            label={t('own.amountSide')}
            value={values.amountSide}
            onChange={(value) => set({ amountSide: value === 'to' ? 'to' : 'from' })}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="from" label={t('own.amountSideFrom', { currency: from.currencyCode })} />
              <Radio value="to" label={t('own.amountSideTo', { currency: to.currencyCode })} />
            </Stack>
          </Radio.Group>
        ) : null}
        <TextInput
          id={OWN_TRANSFER_FIELD_IDS.amount}
          label={t('amount.label', { currency: amountCurrency ?? '' })}
          description={
            <AmountHints
              available={from ? { amount: from.availableBalance, currency: from.currencyCode } : undefined}
              maxAmount={
                values.amountSide === 'from' && maxAmount.data
                  ? { amount: maxAmount.data.amount, currency: maxAmount.data.currencyCode }
                  : undefined
              }
              limits={limits.data}
            />
          }
          inputMode="decimal"
          autoComplete="off"
          value={values.amount}
          onChange={(event) => set({ amount: event.currentTarget.value })}
          rightSection={amountCurrency}
          rightSectionWidth={56}
          error={messageOf('amount')}
        />
        {quote ? <QuoteSummary quote={quote} /> : null}
        <RecurringFields
          values={values.recurring}
          onChange={(recurring) => set({ recurring })}
          problems={{ endDate: problems.endDate, count: problems.count }}
          serverErrors={{
            endDate: serverErrors.endDate,
            count: serverErrors.count,
            reference: serverErrors.reference,
            frequency: serverErrors.frequency,
          }}
        />
        <div className={classes.sticky}>
          <Button type="submit" size="md">
            {t('form.continue')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
