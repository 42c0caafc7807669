import { convertAmount, FX_ROUNDING_MODE, parseAmount } from '@app/shared/money';
import { describe, expect, it } from 'vitest';
import {
  createSandboxRatesProvider,
  crossRate,
  DEFAULT_VALUES_IN_USD,
  RATE_SIGNIFICANT_DIGITS,
  scaleValue,
} from './exchange-rates';

/**
 * Rates are ratios of values in USD, computed exactly and rounded half-up to 12 significant
 * digits; conversions then round once, half-up, to the target's minor unit.
 */
describe('crossRate', () => {
  it.each([
    // from value, to value, rate
    ['1', '1', '1'],
    ['1.085', '1', '1.085'],
    ['1', '1.085', '0.921658986175'],
    ['1.27', '1.085', '1.17050691244'],
    ['65000', '1', '65000'],
    ['1', '65000', '0.0000153846153846'],
    ['0.00665', '65000', '0.000000102307692308'],
    ['65000', '0.00665', '9774436.09023'],
    ['3', '7', '0.428571428571'],
    // A tie at the 13th significant digit rounds up (half-up).
    ['1.000000000005', '1', '1.00000000001'],
    ['1.0000000000049999', '1', '1'],
  ])('%s / %s = %s', (from, to, rate) => {
    expect(crossRate(from, to)).toBe(rate);
  });

  it('keeps 12 significant digits whatever the magnitude, and at most 18 fraction digits', () => {
    for (const from of Object.values(DEFAULT_VALUES_IN_USD)) {
      for (const to of Object.values(DEFAULT_VALUES_IN_USD)) {
        const rate = crossRate(from, to);
        const [, fraction = ''] = rate.split('.');
        expect(fraction.length).toBeLessThanOrEqual(18);
        expect(rate.replace('.', '').replace(/^0+/, '').length).toBeLessThanOrEqual(RATE_SIGNIFICANT_DIGITS);
      }
    }
  });

  it('reads the zero-padded values PostgreSQL numeric columns return', () => {
    expect(crossRate('1.085000000000000000', '1.000000000000000000')).toBe('1.085');
  });
});

describe('conversion at a rate (half-up, one rounding)', () => {
  it.each([
    // amount, from, to, rate, converted
    ['100.00', 'USD', 'EUR', '0.921658986175', '92.17'],
    ['0.01', 'USD', 'EUR', '0.921658986175', '0.01'],
    ['0.005', 'USD', 'EUR', '0.9', null],
    ['10.00', 'EUR', 'USD', '1.085', '10.85'],
    ['0.10', 'EUR', 'USD', '1.085', '0.11'],
    ['0.02', 'EUR', 'USD', '1.025', '0.02'],
    ['0.20', 'EUR', 'USD', '1.025', '0.21'],
    ['1000.00', 'USD', 'JPY', '150.375939849624', '150376'],
    ['1.00', 'USD', 'BTC', '0.0000153846153846', '0.00001538'],
    ['0.5', 'BTC', 'USD', '65000', '32500.00'],
    ['0.00000001', 'BTC', 'USD', '65000', '0.00'],
    ['123.45', 'GBP', 'RON', '5.82568807339', '719.18'],
    ['1.000', 'KWD', 'USD', '3.255', '3.26'],
  ])('%s %s → %s at %s = %s', (amount, from, to, rate, expected) => {
    if (expected === null) {
      expect(() => parseAmount(amount, from)).toThrow();
      return;
    }
    const minor = convertAmount(parseAmount(amount, from), { from, to, rate, rounding: FX_ROUNDING_MODE });
    expect(minor).toBe(parseAmount(expected, to));
  });
});

describe('sandbox rates provider', () => {
  it('scales a value exactly by millionths', () => {
    expect(scaleValue('1.085', 1_500)).toBe('1.0866275');
    expect(scaleValue('1.085', -1_500)).toBe('1.0833725');
    expect(scaleValue('65000', 0)).toBe('65000');
    expect(scaleValue('0.00073', 1)).toBe('0.00073000073');
  });

  it('drifts at most 0.15 % a step, keeps the dollar at 1, and pulls strays back towards the default', async () => {
    let next = 0;
    const steps = [3_000, 0, 1_500];
    const provider = createSandboxRatesProvider({ random: () => steps[next++ % steps.length] ?? 0 });
    const current = new Map([
      ['USD', '1'],
      ['USDT', '1'],
      ['EUR', '1.085'],
    ]);
    const first = await provider.refresh(current);
    expect(first.has('USD')).toBe(false);
    expect(first.has('USDT')).toBe(false);
    expect(first.get('EUR')).toBe('1.0866275');
    // 10 % above its default: the step is forced downwards.
    const stray = await provider.refresh(new Map([['EUR', '1.1935']]));
    expect(stray.get('EUR')).toBe('1.19170975');
    expect(provider.isSandbox).toBe(true);
    expect(provider.name).toBe('sandbox');
  });
});
