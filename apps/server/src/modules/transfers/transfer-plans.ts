import { AccessRight, CLOSED_ACCOUNT_STATUS } from '@app/shared/constants';
import type { TransferKind } from '@app/shared/api/transfers';
import { convertAmount, FX_ROUNDING_MODE, MoneyError, parseAmount } from '@app/shared/money';
import type { Database } from '../../db/client';
import { errors } from '../../platform/errors';
import * as accountsService from '../accounts/accounts.service';
import * as customersService from '../customers/customers.service';
import * as blacklist from '../security/blacklist.service';
import { ratesBothWays } from './exchange-rate-lookup';
import { feeOf } from './transfer-pricing';
import { payeeAccountOf } from './payee-accounts';

/**
 * Turning what the customer asked for into a plan: both accounts checked and owned, amounts exact
 * in both currencies at one rate, the fee. Nothing is written here except, for a payee with no
 * account in the currency, the account opened for them (see payee-accounts.ts).
 */

export type CustomerAccount = accountsService.CustomerAccount;

export interface TransferPlan {
  kind: TransferKind;
  payerCustomerId: number;
  payerUserId: number | null;
  from: CustomerAccount;
  to: CustomerAccount;
  payeeCustomerId: number;
  /** P2P: the payee's login. */
  toEmail: string | null;
  /** P2P: the payer user's login, shown to the payee. */
  fromEmail: string | null;
  fromAmountMinor: bigint;
  toAmountMinor: bigint;
  /** from → to; "1" in one currency. */
  exchangeRate: string;
  feeMinor: bigint;
  note: string | null;
  reference: string | null;
}

export function isConversion(plan: Pick<TransferPlan, 'from' | 'to'>): boolean {
  return plan.from.currency !== plan.to.currency;
}

/** A decimal string of the input → minor units of `currency`, or VF on `field`. */
export function parseAmountField(value: string, currency: string, field: string): bigint {
  try {
    const minor = parseAmount(value, currency);
    if (minor <= 0n) throw errors.validation([{ field, message: 'The amount must be greater than zero.' }]);
    return minor;
  } catch (error) {
    if (error instanceof MoneyError) throw errors.validation([{ field, message: error.message }]);
    throw error;
  }
}

/** The customer's own open account, or ENOA (someone else's or unknown) / CA (closed). */
export async function requireOpenAccount(
  db: Database,
  params: { customerId: number; accountId: number },
): Promise<CustomerAccount> {
  const account = await accountsService.requireCustomerAccount(db, params);
  if (account.statusId === CLOSED_ACCOUNT_STATUS) throw errors.closedAccount();
  return account;
}

/** Converts `amountMinor` of `from` into `to` at `rate`, half-up; VF on `field` when it converts to nothing. */
function converted(params: { amountMinor: bigint; from: string; to: string; rate: string; field: string }): bigint {
  if (params.from === params.to) return params.amountMinor;
  const amountMinor = convertAmount(params.amountMinor, {
    from: params.from,
    to: params.to,
    rate: params.rate,
    rounding: FX_ROUNDING_MODE,
  });
  if (amountMinor <= 0n) {
    throw errors.validation([{ field: params.field, message: 'The amount is too small to convert.' }]);
  }
  return amountMinor;
}

/**
 * Between own accounts: `toAmount` is in `currency`, the source's (send exactly that) or the
 * destination's (receive exactly that); the other side is converted at the current rate.
 */
export async function planOwnAccountsTransfer(
  db: Database,
  params: {
    customerId: number;
    userId: number | null;
    fromAccountId: number;
    toAccountId: number;
    toAmount: string;
    currency: string | undefined;
  },
): Promise<TransferPlan> {
  if (params.fromAccountId === params.toAccountId) {
    throw errors.validation([{ field: 'toAccount', message: 'Choose two different accounts.' }]);
  }
  const from = await requireOpenAccount(db, { customerId: params.customerId, accountId: params.fromAccountId });
  const to = await requireOpenAccount(db, { customerId: params.customerId, accountId: params.toAccountId });
  const currency = params.currency ?? from.currency;
  if (currency !== from.currency && currency !== to.currency) {
    throw errors.validation([
      { field: 'currency', message: `The amount must be in ${from.currency} or ${to.currency}.` },
    ]);
  }
  const amountMinor = parseAmountField(params.toAmount, currency, 'toAmount');
  const rates = await ratesBothWays(db, { from: from.currency, to: to.currency });
  const exchangeRate = rates.rate;
  let fromAmountMinor = amountMinor;
  let toAmountMinor = amountMinor;
  if (currency === from.currency) {
    toAmountMinor = converted({
      amountMinor,
      from: from.currency,
      to: to.currency,
      rate: rates.rate,
      field: 'toAmount',
    });
  } else {
    fromAmountMinor = converted({
      amountMinor,
      from: to.currency,
      to: from.currency,
      rate: rates.inverse,
      field: 'toAmount',
    });
  }
  return {
    kind: 'account',
    payerCustomerId: params.customerId,
    payerUserId: params.userId,
    from,
    to,
    payeeCustomerId: params.customerId,
    toEmail: null,
    fromEmail: null,
    fromAmountMinor,
    toAmountMinor,
    exchangeRate,
    feeMinor: feeOf({ kind: 'account', fromAmountMinor, isConversion: from.currency !== to.currency }),
    note: null,
    reference: null,
  };
}

export interface Payee {
  customerId: number;
  email: string;
}

/**
 * The customer who signs in with `email` and owns a customer outright (a personal customer, or a
 * company's full-rights user for their default company), or null. Administrators and users who
 * are not active cannot be paid.
 */
export async function findPayee(db: Database, params: { email: string }): Promise<Payee | null> {
  const user = await customersService.findSignInUserByEmail(db, { email: params.email.toLowerCase() });
  if (user === null || user.status !== 'active' || user.isAdmin) return null;
  const [access] = await customersService.customerAccesses(db, { userId: user.id });
  if (access?.accessRights !== AccessRight.FULL) return null;
  return { customerId: access.customerId, email: user.email };
}

/** The e-mail the acting user signs in with: what the payee sees and what their blacklist names. */
export async function loginOf(db: Database, params: { userId: number }): Promise<string | null> {
  return (await customersService.findSignInUserById(db, params))?.email ?? null;
}

/** Whether a blacklist on either side stands between the payer and the payee (spec 001 §3 outBlacklist). */
export function isBlockedBetween(
  db: Database,
  params: { payerCustomerId: number; payerEmail: string | null; payee: Payee | null; payeeEmail: string },
): Promise<boolean> {
  return blacklist.isBlocked(db, {
    customerId: params.payerCustomerId,
    ownEmails: params.payerEmail === null ? [] : [params.payerEmail],
    counterpartyEmail: params.payeeEmail,
    counterpartyCustomerId: params.payee?.customerId ?? null,
  });
}

/**
 * To another customer: the payee receives exactly `amount` `currency`, on their payment account in
 * that currency; the source account is debited the converted amount when it holds another currency.
 */
export async function planP2PTransfer(
  db: Database,
  params: {
    customerId: number;
    userId: number | null;
    fromAccountId: number;
    amount: string;
    currency: string;
    toEmail: string;
    note: string | undefined;
    reference: string | undefined;
    /** The login of `userId` when the caller has read it already. */
    fromEmail?: string;
  },
): Promise<TransferPlan> {
  const from = await requireOpenAccount(db, { customerId: params.customerId, accountId: params.fromAccountId });
  const toAmountMinor = parseAmountField(params.amount, params.currency, 'amount');
  const payee = await findPayee(db, { email: params.toEmail });
  if (payee === null) {
    throw errors.validation([{ field: 'toEmail', message: 'No customer signs in with this e-mail.' }]);
  }
  if (payee.customerId === params.customerId) {
    throw errors.validation([
      { field: 'toEmail', message: 'This is your own e-mail. Use a transfer between your accounts instead.' },
    ]);
  }
  const fromEmail =
    params.userId === null ? null : (params.fromEmail ?? (await loginOf(db, { userId: params.userId })));
  if (
    await isBlockedBetween(db, {
      payerCustomerId: params.customerId,
      payerEmail: fromEmail,
      payee,
      payeeEmail: payee.email,
    })
  ) {
    throw errors.validation([
      { field: 'toEmail', message: 'Transfers between you and this customer are blocked by a payout blacklist.' },
    ]);
  }
  const rates = await ratesBothWays(db, { from: from.currency, to: params.currency });
  const exchangeRate = rates.rate;
  const fromAmountMinor = converted({
    amountMinor: toAmountMinor,
    from: params.currency,
    to: from.currency,
    rate: rates.inverse,
    field: 'amount',
  });
  const to = await payeeAccountOf(db, { customerId: payee.customerId, currency: params.currency });
  return {
    kind: 'p2p',
    payerCustomerId: params.customerId,
    payerUserId: params.userId,
    from,
    to,
    payeeCustomerId: payee.customerId,
    toEmail: payee.email,
    fromEmail,
    fromAmountMinor,
    toAmountMinor,
    exchangeRate,
    feeMinor: feeOf({ kind: 'p2p', fromAmountMinor, isConversion: from.currency !== params.currency }),
    note: params.note === undefined || params.note === '' ? null : params.note,
    reference: params.reference === undefined || params.reference === '' ? null : params.reference,
  };
}
