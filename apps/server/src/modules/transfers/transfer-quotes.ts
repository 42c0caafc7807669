import type { FeeResponse, TransferKind, TransferLimits } from '@app/shared/api/transfers';
import { convertAmount, formatAmount, FX_ROUNDING_MODE, MAX_AMOUNT_MINOR } from '@app/shared/money';
import type { Database } from '../../db/client';
import { errors } from '../../platform/errors';
import type * as accountsService from '../accounts/accounts.service';
import * as ledger from '../ledger/ledger.service';
import { rateBetween } from './exchange-rate-lookup';
import { dayOf } from './transfer-execution';
import { parseAmountField, planOwnAccountsTransfer, requireOpenAccount, type TransferPlan } from './transfer-plans';
import { feeOf, maxAmountOf } from './transfer-pricing';
import * as repository from './transfers.repository';
import type { Actor, TransferSettings } from './transfer-settings';

/**
 * What a transfer would cost and allow, without making it (spec 001 §5, §7): fees, limits and the
 * maximum amount. Read-only; every account id is checked against the acting customer (ENOA).
 */

function feeResponseOf(plan: TransferPlan): FeeResponse {
  return { fee: formatAmount(plan.feeMinor, plan.from.currency), feeCurrencyCode: plan.from.currency };
}

/** transferBetweenAccountsFee: the fee of exactly this transfer, without making it. */
export async function ownAccountsFee(
  db: Database,
  actor: Pick<Actor, 'customerId'>,
  input: { fromAccount: number; toAccount: number; toAmount: string; currency?: string },
): Promise<FeeResponse> {
  const plan = await planOwnAccountsTransfer(db, {
    customerId: actor.customerId,
    userId: null,
    fromAccountId: input.fromAccount,
    toAccountId: input.toAccount,
    toAmount: input.toAmount,
    currency: input.currency,
  });
  return feeResponseOf(plan);
}

/**
 * transferP2PFee: the fee for sending `amount` `currency` (spec 001 §5: only for an amount above
 * zero). With a source account the amount is converted to its currency first, as the transfer would.
 */
export async function p2pFee(
  db: Database,
  actor: Pick<Actor, 'customerId'>,
  input: { amount: string; currency: string; accountId?: number },
): Promise<FeeResponse> {
  const amountMinor = parseAmountField(input.amount, input.currency, 'amount');
  if (input.accountId === undefined) {
    return {
      fee: formatAmount(feeOf({ kind: 'p2p', fromAmountMinor: amountMinor, isConversion: false }), input.currency),
      feeCurrencyCode: input.currency,
    };
  }
  const from = await requireOpenAccount(db, { customerId: actor.customerId, accountId: input.accountId });
  const { rate } = await rateBetween(db, { from: input.currency, to: from.currency });
  const fromAmountMinor =
    from.currency === input.currency
      ? amountMinor
      : convertAmount(amountMinor, { from: input.currency, to: from.currency, rate, rounding: FX_ROUNDING_MODE });
  return {
    fee: formatAmount(
      feeOf({ kind: 'p2p', fromAmountMinor, isConversion: from.currency !== input.currency }),
      from.currency,
    ),
    feeCurrencyCode: from.currency,
  };
}

/** The limits a transfer would be held to now (the same cached ones), and the day's usage. */
async function limitsOf(
  db: Database,
  settings: Pick<TransferSettings, 'limits'>,
  params: { customerId: number; kind: TransferKind; currency: string; now: Date },
): Promise<{ minAmountMinor: bigint; perTransferMaxMinor: bigint; dailyMaxMinor: bigint; dailyUsedMinor: bigint }> {
  const limits = await settings.limits.limitsOf(db, { kind: params.kind, currency: params.currency });
  const dailyUsedMinor = await repository.findDailyUsage(db, {
    customerId: params.customerId,
    kind: params.kind,
    currency: params.currency,
    day: dayOf(params.now),
  });
  return { ...limits, dailyUsedMinor };
}

function limitsViewOf(
  currency: string,
  limits: { minAmountMinor: bigint; perTransferMaxMinor: bigint; dailyMaxMinor: bigint; dailyUsedMinor: bigint },
): TransferLimits {
  const remaining = limits.dailyMaxMinor - limits.dailyUsedMinor;
  return {
    currencyCode: currency,
    minAmount: formatAmount(limits.minAmountMinor, currency),
    perTransferLimit: formatAmount(limits.perTransferMaxMinor, currency),
    dailyLimit: formatAmount(limits.dailyMaxMinor, currency),
    dailyUsed: formatAmount(limits.dailyUsedMinor, currency),
    dailyRemaining: formatAmount(remaining > 0n ? remaining : 0n, currency),
  };
}

/** The source (and, between own accounts, the destination) of a quote, both the customer's. */
async function quoteAccounts(
  db: Database,
  params: { customerId: number; fromAccountId: number; toAccountId?: number },
): Promise<{ from: accountsService.CustomerAccount; to: accountsService.CustomerAccount | null }> {
  if (params.toAccountId !== undefined && params.toAccountId === params.fromAccountId) {
    throw errors.validation([{ field: 'toAccount', message: 'Choose two different accounts.' }]);
  }
  const from = await requireOpenAccount(db, { customerId: params.customerId, accountId: params.fromAccountId });
  const to =
    params.toAccountId === undefined
      ? null
      : await requireOpenAccount(db, { customerId: params.customerId, accountId: params.toAccountId });
  return { from, to };
}

/** transferBetweenAccountsLimits / transferP2PLimits */
export async function transferLimits(
  db: Database,
  settings: Pick<TransferSettings, 'limits'>,
  actor: Pick<Actor, 'customerId'>,
  params: { kind: TransferKind; fromAccountId: number; toAccountId?: number; now?: Date },
): Promise<TransferLimits> {
  const { from } = await quoteAccounts(db, { customerId: actor.customerId, ...params });
  const limits = await limitsOf(db, settings, {
    customerId: actor.customerId,
    kind: params.kind,
    currency: from.currency,
    now: params.now ?? new Date(),
  });
  return limitsViewOf(from.currency, limits);
}

/** transferBetweenAccountsMaxAmount / transferP2PMaxAmount: min(available − fee, limits). */
export async function maxAmount(
  db: Database,
  settings: Pick<TransferSettings, 'limits'>,
  actor: Pick<Actor, 'customerId'>,
  params: { kind: TransferKind; fromAccountId: number; toAccountId?: number; now?: Date },
): Promise<{
  amount: string;
  minAmount: string;
  type: 'balance' | 'transferLimit' | 'dailyLimit';
  currencyCode: string;
}> {
  const { from, to } = await quoteAccounts(db, { customerId: actor.customerId, ...params });
  const money = await ledger.getAccount(db, from.ledgerAccountId);
  const limits = await limitsOf(db, settings, {
    customerId: actor.customerId,
    kind: params.kind,
    currency: from.currency,
    now: params.now ?? new Date(),
  });
  const roomMinor = money.availableMinor - (money.minimumBalanceMinor ?? 0n);
  const max = maxAmountOf({
    kind: params.kind,
    isConversion: to !== null && to.currency !== from.currency,
    roomMinor: roomMinor > MAX_AMOUNT_MINOR ? MAX_AMOUNT_MINOR : roomMinor,
    limits,
  });
  return {
    amount: formatAmount(max.amountMinor, from.currency),
    minAmount: formatAmount(limits.minAmountMinor, from.currency),
    type: max.type,
    currencyCode: from.currency,
  };
}
