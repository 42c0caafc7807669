import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import type { Account } from '@app/shared/api/accounts';
import { PAYMENT_ACCOUNT_CURRENCIES } from '@app/shared/accounts';
import {
  MAX_SUBSCRIPTION_TRANSACTIONS,
  MAX_TEMPLATE_NAME_LENGTH,
  MAX_TRANSFER_NOTE_LENGTH,
  MAX_TRANSFER_REFERENCE_LENGTH,
  type TransferLimits,
} from '@app/shared/api/transfers';
import { isCurrency } from '@app/shared/money';
import { MAX_EMAIL_LENGTH } from '@app/shared/validation/email';
import { Button, Checkbox, Group, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { type ReactNode, type SubmitEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type SummaryItem } from '../../../components/error-summary';
import { formatMoney, useDisplayLanguage } from '../../../components/money';
import type { P2PMaxAmountResponse } from '../api/get-p2p-quote';
import type { PayeeCheck } from '../api/check-payee';
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

export interface P2PValues {
  fromAccountId: string;
  toEmail: string;
  amount: string;
  currency: string;
  note: string;
  reference: string;
  saveAsTemplate: boolean;
  templateName: string;
  recurring: RecurringValues;
}

export type P2PField =
  | 'fromAccountId'
  | 'toEmail'
  | 'amount'
  | 'currency'
  | 'note'
  | 'reference'
  | 'templateName'
  | RecurringField
  | 'subscriptionReference'
  | 'frequency';

export const P2P_FIELD_IDS: Record<P2PField, string> = {
  fromAccountId: 'p2p-from',
  toEmail: 'p2p-to-email',
  amount: 'p2p-amount',
  currency: 'p2p-currency',
  note: 'p2p-note',
  reference: 'p2p-reference',
  templateName: 'p2p-template-name',
  endDate: RECURRING_FIELD_IDS.endDate,
  count: RECURRING_FIELD_IDS.count,
  subscriptionReference: RECURRING_FIELD_IDS.reference,
  frequency: RECURRING_FIELD_IDS.frequency,
};

/** Server field names (spec 001 §3 "P2P transfer") mapped onto the form. */
export const P2P_SERVER_FIELDS: Record<string, P2PField> = {
  accountId: 'fromAccountId',
  toEmail: 'toEmail',
  amount: 'amount',
  currency: 'currency',
  note: 'note',
  reference: 'reference',
  templateName: 'templateName',
  subscriptionEndDate: 'endDate',
  subscriptionTransactions: 'count',
  subscriptionReference: 'subscriptionReference',
  subscriptionFrequency: 'frequency',
};

export type PayeeState =
  | { kind: 'unchecked' }
  | { kind: 'checking' }
  | { kind: 'checked'; check: PayeeCheck }
  | { kind: 'failed' }
  | { kind: 'invalid' };

type FieldProblem = AmountProblem | 'required' | 'emailFormat' | 'payeeUnknown' | 'payeeBlocked';
type ClientProblems = Partial<Record<Exclude<P2PField, RecurringField>, FieldProblem>> &
  Partial<Record<RecurringField, RecurringProblem>>;

export interface P2PTransferFormProps {
  accounts: readonly Account[];
  accountLabel: (account: Account) => string;
  values: P2PValues;
  onChange: (values: P2PValues) => void;
  payee: PayeeState;
  maxAmount: P2PMaxAmountResponse | undefined;
  limits: TransferLimits | undefined;
  quote: Quote | undefined;
  serverErrors: Partial<Record<P2PField, string>>;
  formErrors: string[];
  onContinue: () => void;
  /** Above the form: recent payees and templates. */
  shortcuts?: ReactNode;
}

/** Send money to another customer by e-mail: check the payee, amount and currency, note, reference. */
export function P2PTransferForm({
  accounts,
  accountLabel,
  values,
  onChange,
  payee,
  maxAmount,
  limits,
  quote,
  serverErrors,
  formErrors,
  onContinue,
  shortcuts,
}: P2PTransferFormProps) {
  const { t } = useTranslation('transfers');
  const language = useDisplayLanguage();
  const [problems, setProblems] = useState<ClientProblems>({});
  const summaryRef = useRef<HTMLDivElement>(null);
  const from = accounts.find((account) => String(account.accountId) === values.fromAccountId);
  const currencies = [...new Set([...(from ? [from.currencyCode] : []), ...PAYMENT_ACCOUNT_CURRENCIES])].filter(
    (currency) => isCurrency(currency),
  );

  const set = (patch: Partial<P2PValues>) => {
    onChange({ ...values, ...patch });
    // A field the customer changes loses its error until the next attempt.
    const changed = new Set<string>(Object.keys(patch));
    if ('recurring' in patch) {
      changed.add('endDate');
      changed.add('count');
    }
    setProblems((previous) => Object.fromEntries(Object.entries(previous).filter(([key]) => !changed.has(key))));
  };

  function validate(): ClientProblems {
    const found: ClientProblems = {};
    if (!from) found.fromAccountId = 'required';
    if (values.toEmail.trim() === '') found.toEmail = 'required';
    else if (payee.kind === 'invalid') found.toEmail = 'emailFormat';
    else if (payee.kind === 'checked' && !payee.check.exist) found.toEmail = 'payeeUnknown';
    else if (payee.kind === 'checked' && payee.check.outBlacklist) found.toEmail = 'payeeBlocked';
    const check = checkAmount(values.amount, values.currency);
    if (!check.ok) found.amount = check.problem;
    else if (from && values.currency === from.currencyCode && maxAmount) {
      const max = minorOf(maxAmount.amount, maxAmount.currencyCode);
      const min = minorOf(maxAmount.minAmount, maxAmount.currencyCode);
      if (max !== undefined && check.minor > max) found.amount = 'aboveMax';
      else if (min !== undefined && check.minor < min) found.amount = 'belowMin';
    }
    if (values.saveAsTemplate && values.templateName.trim() === '') found.templateName = 'required';
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

  const messageOf = (field: P2PField): string | undefined => {
    const problem = problems[field];
    if (problem === undefined) return serverErrors[field];
    switch (field) {
      case 'amount': {
        const limit =
          problem === 'aboveMax' && maxAmount
            ? formatMoney(maxAmount.amount, maxAmount.currencyCode, language)
            : problem === 'belowMin' && maxAmount
              ? formatMoney(maxAmount.minAmount, maxAmount.currencyCode, language)
              : '';
        return t(`validation.amount.${problem}`, { limit });
      }
      case 'toEmail':
        return t(`validation.email.${problem}`);
      case 'endDate':
      case 'count':
        return t(`recurring.problems.${problem}`, { max: MAX_SUBSCRIPTION_TRANSACTIONS });
      case 'templateName':
        return t('validation.templateName');
      case 'fromAccountId':
        return t('validation.account.required');
      case 'currency':
      case 'note':
      case 'reference':
      case 'subscriptionReference':
      case 'frequency':
        // Checked by the server only: its message is the one shown.
        return serverErrors[field];
    }
  };

  const fields: P2PField[] = [
    'fromAccountId',
    'toEmail',
    'amount',
    'currency',
    'note',
    'reference',
    'templateName',
    'endDate',
    'count',
    'subscriptionReference',
    'frequency',
  ];
  const summaryItems: SummaryItem[] = [
    ...fields.flatMap((field) => {
      const message = messageOf(field);
      return message ? [{ fieldId: P2P_FIELD_IDS[field], message }] : [];
    }),
    ...formErrors.map((message) => ({ message })),
  ];
  const payeeHint =
    payee.kind === 'checking'
      ? t('p2p.payee.checking')
      : payee.kind === 'checked' && payee.check.exist && !payee.check.outBlacklist
        ? t('p2p.payee.found')
        : payee.kind === 'failed'
          ? t('p2p.payee.failed')
          : t('p2p.payee.hint');
  const payeeProblem =
    payee.kind === 'checked' && !payee.check.exist
      ? t('validation.email.payeeUnknown')
      : payee.kind === 'checked' && payee.check.outBlacklist
        ? t('validation.email.payeeBlocked')
        : undefined;

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('p2p.formLabel')}>
      <Stack gap="md">
        <ErrorSummary ref={summaryRef} items={summaryItems} />
        {shortcuts}
        <NativeSelect
          id={P2P_FIELD_IDS.fromAccountId}
          label={t('p2p.from')}
          value={values.fromAccountId}
          onChange={(event) => {
            const next = accounts.find((account) => String(account.accountId) === event.currentTarget.value);
            // The amount follows the new account's currency unless the customer chose another one.
            const keepsCurrency = from !== undefined && values.currency !== from.currencyCode;
            set({
              fromAccountId: event.currentTarget.value,
              ...(next && !keepsCurrency ? { currency: next.currencyCode } : {}),
            });
          }}
          data={accounts.map((account) => ({
            value: String(account.accountId),
            label: `${accountLabel(account)} — ${formatMoney(account.availableBalance, account.currencyCode, language)}`,
          }))}
          error={messageOf('fromAccountId')}
        />
        <TextInput
          id={P2P_FIELD_IDS.toEmail}
          label={t('p2p.toEmail')}
          description={payeeHint}
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          maxLength={MAX_EMAIL_LENGTH}
          value={values.toEmail}
          onChange={(event) => set({ toEmail: event.currentTarget.value })}
          error={messageOf('toEmail') ?? payeeProblem}
        />
        <Stack gap="md">
          <TextInput
            id={P2P_FIELD_IDS.amount}
            label={t('p2p.amount')}
            description={
              <AmountHints
                available={from ? { amount: from.availableBalance, currency: from.currencyCode } : undefined}
                maxAmount={
                  maxAmount && from && values.currency === from.currencyCode
                    ? { amount: maxAmount.amount, currency: maxAmount.currencyCode }
                    : undefined
                }
                limits={limits}
              />
            }
            inputMode="decimal"
            autoComplete="off"
            value={values.amount}
            onChange={(event) => set({ amount: event.currentTarget.value })}
            error={messageOf('amount')}
          />
          <NativeSelect
            id={P2P_FIELD_IDS.currency}
            label={t('p2p.currency')}
            description={t('p2p.currencyHint')}
            value={values.currency}
            onChange={(event) => set({ currency: event.currentTarget.value })}
            data={currencies}
            error={messageOf('currency')}
          />
        </Stack>
        {quote ? <QuoteSummary quote={quote} /> : null}
        <Textarea
          id={P2P_FIELD_IDS.note}
          label={t('p2p.note')}
          description={t('p2p.noteHint', { max: MAX_TRANSFER_NOTE_LENGTH })}
          maxLength={MAX_TRANSFER_NOTE_LENGTH}
          rows={3}
          value={values.note}
          onChange={(event) => set({ note: event.currentTarget.value })}
          error={messageOf('note')}
        />
        <TextInput
          id={P2P_FIELD_IDS.reference}
          label={t('p2p.reference')}
          description={t('p2p.referenceHint')}
          maxLength={MAX_TRANSFER_REFERENCE_LENGTH}
          value={values.reference}
          onChange={(event) => set({ reference: event.currentTarget.value })}
          error={messageOf('reference')}
        />
        <RecurringFields
          values={values.recurring}
          onChange={(recurring) => set({ recurring })}
          problems={{
            endDate: problems.endDate,
            count: problems.count,
          }}
          serverErrors={{
            endDate: serverErrors.endDate,
            count: serverErrors.count,
            reference: serverErrors.subscriptionReference,
            frequency: serverErrors.frequency,
          }}
        />
        <Stack gap="xs">
          <Checkbox
            label={t('p2p.saveTemplate')}
            checked={values.saveAsTemplate}
            onChange={(event) => set({ saveAsTemplate: event.currentTarget.checked })}
          />
          {values.saveAsTemplate ? (
            <TextInput
              id={P2P_FIELD_IDS.templateName}
              label={t('p2p.templateName')}
              maxLength={MAX_TEMPLATE_NAME_LENGTH}
              value={values.templateName}
              onChange={(event) => set({ templateName: event.currentTarget.value })}
              error={messageOf('templateName')}
              maw={360}
            />
          ) : null}
        </Stack>
        <Group className={classes.sticky}>
          <Button type="submit" size="md">
            {t('form.continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
