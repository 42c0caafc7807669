import { describe, expect, it } from 'vitest';
import { defaultLimitsOf, usdWorthInMinor } from './transfers-reference-data';
import { feeOf, maxAmountOf } from './transfer-pricing';

const limits = { minAmountMinor: 1n, perTransferMaxMinor: 5_000_000n, dailyMaxMinor: 10_000_000n, dailyUsedMinor: 0n };

describe('feeOf', () => {
  it.each([
    // kind, amount, conversion, fee
    ['account', 10_000n, false, 0n],
    ['account', 10_000n, true, 50n],
    ['account', 99n, true, 0n],
    ['account', 100n, true, 1n],
    ['p2p', 10_000n, false, 50n],
    ['p2p', 10_000n, true, 100n],
    ['p2p', 1n, false, 0n],
    ['p2p', 150n, false, 1n],
    ['p2p', 149n, false, 1n],
    ['p2p', 99n, false, 0n],
  ] as const)('%s of %s (converting: %s) costs %s', (kind, amount, isConversion, fee) => {
    expect(feeOf({ kind, fromAmountMinor: amount, isConversion })).toBe(fee);
  });
});

describe('maxAmountOf', () => {
  it('is the most whose fee still fits the available balance', () => {
    // 100.00 available, 0.5 % fee: 99.50 + 0.50 = 100.00.
    const max = maxAmountOf({ kind: 'p2p', isConversion: false, roomMinor: 10_000n, limits });
    expect(max).toEqual({ amountMinor: 9_950n, type: 'balance' });
    expect(9_950n + feeOf({ kind: 'p2p', fromAmountMinor: 9_950n, isConversion: false })).toBeLessThanOrEqual(10_000n);
    expect(9_951n + feeOf({ kind: 'p2p', fromAmountMinor: 9_951n, isConversion: false })).toBeGreaterThan(10_000n);
  });

  it('is the whole balance when the transfer is free', () => {
    expect(maxAmountOf({ kind: 'account', isConversion: false, roomMinor: 12_345n, limits })).toEqual({
      amountMinor: 12_345n,
      type: 'balance',
    });
  });

  it('is bounded by the per-transfer and the daily limit, and says which', () => {
    expect(maxAmountOf({ kind: 'account', isConversion: false, roomMinor: 9_000_000n, limits })).toEqual({
      amountMinor: 5_000_000n,
      type: 'transferLimit',
    });
    expect(
      maxAmountOf({
        kind: 'account',
        isConversion: false,
        roomMinor: 9_000_000n,
        limits: { ...limits, dailyUsedMinor: 7_000_000n },
      }),
    ).toEqual({ amountMinor: 3_000_000n, type: 'dailyLimit' });
    expect(
      maxAmountOf({
        kind: 'account',
        isConversion: false,
        roomMinor: 9_000_000n,
        limits: { ...limits, dailyUsedMinor: 11_000_000n },
      }),
    ).toEqual({ amountMinor: 0n, type: 'dailyLimit' });
  });

  it('is zero with nothing available (or an overdrawn account)', () => {
    expect(maxAmountOf({ kind: 'p2p', isConversion: false, roomMinor: 0n, limits }).amountMinor).toBe(0n);
    expect(maxAmountOf({ kind: 'p2p', isConversion: false, roomMinor: -500n, limits }).amountMinor).toBe(0n);
  });
});

describe('default limits', () => {
  it('are 50 000 / 100 000 US dollars’ worth, two significant digits, in minor units', () => {
    expect(defaultLimitsOf('USD')).toEqual({
      minAmountMinor: 1n,
      perTransferMaxMinor: 5_000_000n,
      dailyMaxMinor: 10_000_000n,
    });
    expect(usdWorthInMinor(50_000n, 'EUR')).toBe(4_600_000n);
    expect(usdWorthInMinor(50_000n, 'JPY')).toBe(7_500_000n);
    expect(usdWorthInMinor(50_000n, 'BTC')).toBe(76_000_000n);
    expect(defaultLimitsOf('BTC').minAmountMinor).toBe(1_000n);
  });
});
