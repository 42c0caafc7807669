import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ASSET_SCALES,
  assetScaleOf,
  convertAmount,
  divideRounded,
  formatAmount,
  MAX_AMOUNT_MINOR,
  MoneyError,
  multiplyAmount,
  parseAmount,
  parseFactor,
  type Currency,
} from './money';

const currencies = Object.keys(ASSET_SCALES) as Currency[];
const currencyArbitrary = fc.constantFrom(...currencies);
const amountArbitrary = fc.bigInt({ min: -MAX_AMOUNT_MINOR, max: MAX_AMOUNT_MINOR });

function reasonOf(work: () => unknown): string | undefined {
  try {
    work();
  } catch (error) {
    if (error instanceof MoneyError) return error.reason;
    throw error;
  }
  return undefined;
}

describe('asset scales', () => {
  it('follows ISO 4217 exponents and 8 for crypto assets', () => {
    expect(['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'RON'].map(assetScaleOf)).toEqual([2, 2, 2, 2, 2, 2]);
    expect(assetScaleOf('JPY')).toBe(0);
    expect([assetScaleOf('BHD'), assetScaleOf('KWD')]).toEqual([3, 3]);
    expect(['BTC', 'ETH', 'USDT'].map(assetScaleOf)).toEqual([8, 8, 8]);
  });

  it('refuses an unknown code, also one inherited from Object.prototype', () => {
    expect(reasonOf(() => assetScaleOf('XXX'))).toBe('currency');
    expect(reasonOf(() => assetScaleOf('toString'))).toBe('currency');
  });
});

describe('parseAmount', () => {
  it('reads decimal strings into minor units', () => {
    expect(parseAmount('12.34', 'USD')).toBe(1234n);
    expect(parseAmount('12', 'USD')).toBe(1200n);
    expect(parseAmount('0.5', 'EUR')).toBe(50n);
    expect(parseAmount('1500', 'JPY')).toBe(1500n);
    expect(parseAmount('1.234', 'KWD')).toBe(1234n);
    expect(parseAmount('0.00000001', 'BTC')).toBe(1n);
    expect(parseAmount('-3.10', 'GBP', { allowNegative: true })).toBe(-310n);
  });

  it('accepts trailing zeros beyond the scale, so formatted amounts parse back', () => {
    expect(parseAmount('100.00', 'JPY')).toBe(100n);
    expect(parseAmount('1.230', 'USD')).toBe(123n);
  });

  it('refuses floats in disguise, exponents, grouping and stray characters', () => {
    for (const input of [
      '1e3',
      '1E-2',
      '1.',
      '.5',
      '+1',
      ' 1',
      '1 ',
      '1,00',
      '1_000',
      '0x10',
      'NaN',
      'Infinity',
      '',
      '-',
    ]) {
      expect(
        reasonOf(() => parseAmount(input, 'USD')),
        input,
      ).toBe('format');
    }
  });

  it('refuses a number where a decimal string belongs, even when it looks exact', () => {
    expect(reasonOf(() => parseAmount(12.5 as unknown as string, 'USD'))).toBe('format');
    expect(reasonOf(() => parseAmount(10 as unknown as string, 'USD'))).toBe('format');
  });

  it('refuses more significant fraction digits than the currency has, with a message naming the limit', () => {
    expect(() => parseAmount('1.234', 'USD')).toThrow('USD amounts have at most 2 decimal places.');
    expect(() => parseAmount('1.5', 'JPY')).toThrow('JPY amounts have no decimal places.');
    expect(reasonOf(() => parseAmount('0.000000001', 'BTC'))).toBe('fractionDigits');
  });

  it('refuses negatives unless allowed, and amounts beyond the limit', () => {
    expect(reasonOf(() => parseAmount('-1', 'USD'))).toBe('negative');
    expect(parseAmount('-0.00', 'USD')).toBe(0n);
    expect(reasonOf(() => parseAmount('10000000000000.01', 'USD'))).toBe('range');
    expect(parseAmount('10000000000000', 'USD')).toBe(MAX_AMOUNT_MINOR);
    expect(reasonOf(() => parseAmount('1'.repeat(41), 'USD'))).toBe('range');
  });
});

describe('formatAmount', () => {
  it('shows at least two and up to eight fraction digits, exactly', () => {
    expect(formatAmount(1234n, 'USD')).toBe('12.34');
    expect(formatAmount(1200n, 'USD')).toBe('12.00');
    expect(formatAmount(5n, 'USD')).toBe('0.05');
    expect(formatAmount(-5n, 'USD')).toBe('-0.05');
    expect(formatAmount(100n, 'JPY')).toBe('100.00');
    expect(formatAmount(1230n, 'BHD')).toBe('1.23');
    expect(formatAmount(1234n, 'BHD')).toBe('1.234');
    expect(formatAmount(1n, 'BTC')).toBe('0.00000001');
    expect(formatAmount(150_000_000n, 'BTC')).toBe('1.50');
    expect(formatAmount(0n, 'EUR')).toBe('0.00');
  });

  it('honours other digit limits and never rounds', () => {
    expect(formatAmount(1200n, 'USD', { minFractionDigits: 0 })).toBe('12');
    expect(formatAmount(1n, 'BTC', { maxFractionDigits: 8 })).toBe('0.00000001');
    expect(() => formatAmount(1n, 'BTC', { maxFractionDigits: 2 })).toThrow(RangeError);
    expect(() => formatAmount(1n, 'USD', { minFractionDigits: 3, maxFractionDigits: 2 })).toThrow(RangeError);
  });

  it('round-trips: parse(format(x)) = x for every currency and amount', () => {
    fc.assert(
      fc.property(currencyArbitrary, amountArbitrary, (currency, minor) => {
        expect(parseAmount(formatAmount(minor, currency), currency, { allowNegative: true })).toBe(minor);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads any digit string at the scale as integer × 10^scale + fraction', () => {
    const decimal = currencyArbitrary.chain((currency) =>
      fc.record({
        currency: fc.constant(currency),
        integer: fc.bigInt({ min: 0n, max: MAX_AMOUNT_MINOR / 10n ** BigInt(assetScaleOf(currency)) - 1n }),
        fraction: fc.string({ unit: fc.integer({ min: 0, max: 9 }).map(String), maxLength: assetScaleOf(currency) }),
      }),
    );
    fc.assert(
      fc.property(decimal, ({ currency, integer, fraction }) => {
        const scale = assetScaleOf(currency);
        const text = fraction === '' ? integer.toString() : `${integer.toString()}.${fraction}`;
        const expected = integer * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
        expect(parseAmount(text, currency)).toBe(expected);
      }),
    );
  });

  it('parses any float-looking string only when it is an exact decimal at the scale', () => {
    fc.assert(
      fc.property(currencyArbitrary, fc.string({ maxLength: 12 }), (currency, text) => {
        let minor: bigint;
        try {
          minor = parseAmount(text, currency, { allowNegative: true });
        } catch (error) {
          expect(error).toBeInstanceOf(MoneyError);
          return;
        }
        // Whatever parsed is the same value as its canonical form.
        expect(parseAmount(formatAmount(minor, currency), currency, { allowNegative: true })).toBe(minor);
        expect(/^-?\d+(\.\d+)?$/.test(text)).toBe(true);
      }),
    );
  });
});

describe('divideRounded', () => {
  it('rounds ties as its mode says, symmetric around zero', () => {
    expect([5n, 15n, 25n, -5n, -15n, -25n].map((n) => divideRounded(n, 10n, 'halfUp'))).toEqual([
      1n,
      2n,
      3n,
      -1n,
      -2n,
      -3n,
    ]);
    expect([5n, 15n, 25n, -5n, -15n, -25n].map((n) => divideRounded(n, 10n, 'halfEven'))).toEqual([
      0n,
      2n,
      2n,
      -0n,
      -2n,
      -2n,
    ]);
    expect([19n, -19n].map((n) => divideRounded(n, 10n, 'down'))).toEqual([1n, -1n]);
    expect(() => divideRounded(1n, 0n, 'halfUp')).toThrow(RangeError);
  });

  it('is within half a unit of the exact quotient, and exact when it divides', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        fc.constantFrom('halfUp' as const, 'halfEven' as const),
        (numerator, denominator, mode) => {
          const rounded = divideRounded(numerator, denominator, mode);
          const error = numerator - rounded * denominator;
          expect((error < 0n ? -error : error) * 2n <= denominator).toBe(true);
          expect(divideRounded(-numerator, denominator, mode)).toBe(-rounded);
          expect(divideRounded(numerator * denominator, denominator, mode)).toBe(numerator);
        },
      ),
    );
  });
});

describe('FX conversion', () => {
  it('converts between scales exactly, rounding once', () => {
    // 10.00 USD at 1 USD = 151.237 JPY → 1512.37 JPY → 1512 JPY.
    expect(convertAmount(1000n, { from: 'USD', to: 'JPY', rate: '151.237', rounding: 'halfUp' })).toBe(1512n);
    // 1000 JPY at 0.0066 → 6.60 USD.
    expect(convertAmount(1000n, { from: 'JPY', to: 'USD', rate: '0.0066', rounding: 'halfUp' })).toBe(660n);
    // 1.005 → tie at the cent: half-up gives 1.01, half-even 1.00.
    expect(convertAmount(100n, { from: 'EUR', to: 'USD', rate: '1.005', rounding: 'halfUp' })).toBe(101n);
    expect(convertAmount(100n, { from: 'EUR', to: 'USD', rate: '1.005', rounding: 'halfEven' })).toBe(100n);
    // 1.000 KWD → 3.25 USD; 0.10 USD → 0.00000158 BTC at 0.0000158.
    expect(convertAmount(1000n, { from: 'KWD', to: 'USD', rate: '3.25', rounding: 'halfUp' })).toBe(325n);
    expect(convertAmount(10n, { from: 'USD', to: 'BTC', rate: '0.0000158', rounding: 'halfUp' })).toBe(158n);
  });

  it('is the identity at rate 1 between currencies of one scale, and monotonic in the amount', () => {
    fc.assert(
      fc.property(amountArbitrary, amountArbitrary, (a, b) => {
        expect(convertAmount(a, { from: 'USD', to: 'EUR', rate: '1', rounding: 'halfUp' })).toBe(a);
        const [low, high] = a <= b ? [a, b] : [b, a];
        const convert = (minor: bigint) =>
          convertAmount(minor, { from: 'GBP', to: 'JPY', rate: '191.4471', rounding: 'halfEven' });
        expect(convert(low) <= convert(high)).toBe(true);
      }),
    );
  });

  it('refuses rates that are not positive plain decimals', () => {
    for (const rate of ['0', '0.000', '-1.2', '1e2', '1.', '', ' 1.1']) {
      expect(() => parseFactor(rate), rate).toThrow(MoneyError);
    }
    expect(parseFactor('1.0834')).toEqual({ units: 10834n, scale: 4 });
  });

  it('computes percentage fees exactly', () => {
    expect(multiplyAmount(1000n, '0.015', 'halfUp')).toBe(15n);
    expect(multiplyAmount(1050n, '0.015', 'halfUp')).toBe(16n); // 15.75 → 16
    expect(multiplyAmount(1050n, '0.015', 'down')).toBe(15n);
  });
});
