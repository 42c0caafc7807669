import assert from 'node:assert/strict';
import type { MaxAmountType, TransferKind } from '@app/shared/api/transfers';
import { multiplyAmount } from '@app/shared/money';

/**
 * Fees and the maximum amount, as pure functions of minor units. Fees are charged on top of the
 * amount, in the source account's currency, rounded half-up (the rule customers check with a
 * calculator); a fee that rounds to nothing is nothing.
 *
 * The schedule: between own accounts free in one currency and 0.5 % when converting; to another
 * customer 0.5 %, plus 0.5 % when converting.
 */
export const FEE_RATES = {
  account: { sameCurrency: '0', conversion: '0.005' },
  p2p: { sameCurrency: '0.005', conversion: '0.01' },
} as const satisfies Record<TransferKind, { sameCurrency: string; conversion: string }>;

export function feeOf(params: { kind: TransferKind; fromAmountMinor: bigint; isConversion: boolean }): bigint {
  assert.ok(params.fromAmountMinor >= 0n);
  const rates = FEE_RATES[params.kind];
  const rate = params.isConversion ? rates.conversion : rates.sameCurrency;
  return rate === '0' ? 0n : multiplyAmount(params.fromAmountMinor, rate, 'halfUp');
}

export interface LimitsInMinor {
  minAmountMinor: bigint;
  perTransferMaxMinor: bigint;
  dailyMaxMinor: bigint;
  dailyUsedMinor: bigint;
}

/**
 * The largest amount (fee excluded) that can leave an account with `roomMinor` to spend (available
 * minus its floor): amount + fee(amount) ≤ room, amount ≤ per-transfer limit, amount ≤ what is
 * left of the daily limit. `type` says which bound decided it.
 */
export function maxAmountOf(params: {
  kind: TransferKind;
  isConversion: boolean;
  roomMinor: bigint;
  limits: LimitsInMinor;
}): { amountMinor: bigint; type: MaxAmountType } {
  const fee = (amount: bigint) =>
    feeOf({ kind: params.kind, fromAmountMinor: amount, isConversion: params.isConversion });
  const room = params.roomMinor > 0n ? params.roomMinor : 0n;
  // fee is monotonic in the amount, so the largest affordable amount is found by bisection.
  let low = 0n;
  let high = room;
  while (low < high) {
    const middle = (low + high + 1n) / 2n;
    if (middle + fee(middle) <= room) low = middle;
    else high = middle - 1n;
  }
  const dailyLeft = params.limits.dailyMaxMinor - params.limits.dailyUsedMinor;
  const candidates: { amountMinor: bigint; type: MaxAmountType }[] = [
    { amountMinor: low, type: 'balance' },
    { amountMinor: params.limits.perTransferMaxMinor, type: 'transferLimit' },
    { amountMinor: dailyLeft > 0n ? dailyLeft : 0n, type: 'dailyLimit' },
  ];
  return candidates.reduce((smallest, candidate) =>
    candidate.amountMinor < smallest.amountMinor ? candidate : smallest,
  );
}
