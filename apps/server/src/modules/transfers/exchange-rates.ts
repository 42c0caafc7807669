import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { ASSET_SCALES, isCurrency, parseFactor, type DecimalFactor } from '@app/shared/money';

/**
 * Exchange rates (spec 001 §3, §5). Each asset has a value in US dollars; the rate between two
 * assets is the ratio of their values, computed exactly with bigint and rounded half-up to
 * `RATE_SIGNIFICANT_DIGITS` significant digits (at most 18 fraction digits), so a rate between
 * bitcoin and yen keeps as much precision as one between euros and dollars.
 *
 * Rates come from a provider behind `RatesProvider`. The sandbox provider starts from realistic
 * defaults and drifts them a little on every refresh; it says so (`isSandbox`), and the web labels
 * its rates "sandbox". A production provider (a market-data feed) plugs in by configuration.
 */

export const RATE_SIGNIFICANT_DIGITS = 12;
const MAX_RATE_FRACTION_DIGITS = 18;

/**
 * Realistic defaults: the value of one unit in US dollars. Every asset of ASSET_SCALES has one, so
 * any two supported currencies can be converted.
 */
export const DEFAULT_VALUES_IN_USD = {
  USD: '1',
  EUR: '1.085',
  GBP: '1.27',
  CAD: '0.735',
  AUD: '0.655',
  RON: '0.218',
  CHF: '1.13',
  PLN: '0.25',
  CZK: '0.043',
  SEK: '0.095',
  NOK: '0.093',
  DKK: '0.1455',
  HUF: '0.00275',
  JPY: '0.00665',
  KRW: '0.00073',
  BHD: '2.6525',
  KWD: '3.255',
  JOD: '1.41',
  OMR: '2.5975',
  TND: '0.321',
  BTC: '65000',
  ETH: '3200',
  USDT: '1',
} as const satisfies Record<keyof typeof ASSET_SCALES, string>;

export interface RatesProvider {
  /** Shown with the rates, e.g. 'sandbox'. */
  readonly name: string;
  readonly isSandbox: boolean;
  /** New values in USD for the given current ones (decimal strings); assets it does not quote are left out. */
  refresh(current: ReadonlyMap<string, string>): Promise<Map<string, string>>;
}

/** An exact factor as the shortest decimal string: { units: 10850, scale: 4 } → "1.085". */
export function formatFactor(factor: DecimalFactor): string {
  assert.ok(factor.units > 0n && factor.scale >= 0);
  const digits = factor.units.toString().padStart(factor.scale + 1, '0');
  const integerPart = factor.scale === 0 ? digits : digits.slice(0, -factor.scale);
  const fractionPart = factor.scale === 0 ? '' : digits.slice(-factor.scale).replace(/0+$/, '');
  return fractionPart === '' ? integerPart : `${integerPart}.${fractionPart}`;
}

/** Digits computed beyond the point before rounding; far more than the 18 ever kept. */
const WORKING_FRACTION_DIGITS = 40;

/**
 * numerator / denominator rounded half-up to RATE_SIGNIFICANT_DIGITS significant digits and at
 * most `maxFractionDigits` fraction digits. The quotient is first truncated 40 digits past the
 * point: the digits dropped there can only matter for an exact tie, and half-up rounds a tie up
 * just as it rounds up anything above it, so the single rounding below is exact.
 */
function divideToSignificant(numerator: bigint, denominator: bigint, maxFractionDigits: number): DecimalFactor {
  assert.ok(numerator > 0n && denominator > 0n);
  const working = (numerator * 10n ** BigInt(WORKING_FRACTION_DIGITS)) / denominator;
  const length = working.toString().length;
  const scale = Math.max(0, Math.min(maxFractionDigits, WORKING_FRACTION_DIGITS - (length - RATE_SIGNIFICANT_DIGITS)));
  const divisor = 10n ** BigInt(WORKING_FRACTION_DIGITS - scale);
  const units = (working + divisor / 2n) / divisor;
  if (units === 0n) throw new RangeError('The value is below the smallest representable one.');
  return { units, scale };
}

/**
 * How many units of `to` one unit of `from` buys, from their values in USD: exactly vFrom / vTo,
 * rounded half-up to RATE_SIGNIFICANT_DIGITS significant digits, at most 18 fraction digits.
 */
export function crossRate(valueFromUsd: string, valueToUsd: string): string {
  const from = parseFactor(valueFromUsd);
  const to = parseFactor(valueToUsd);
  // (uF / 10^sF) / (uT / 10^sT) = uF · 10^sT / (uT · 10^sF)
  return formatFactor(
    divideToSignificant(
      from.units * 10n ** BigInt(to.scale),
      to.units * 10n ** BigInt(from.scale),
      MAX_RATE_FRACTION_DIGITS,
    ),
  );
}

/** Largest step of one refresh, in millionths of the value: 0.15 %. */
const SANDBOX_MAX_STEP_PPM = 1_500;
/** How far the sandbox lets a value wander from its default before pulling it back: 5 %. */
const SANDBOX_MAX_DEVIATION_PPM = 50_000;
const PPM = 1_000_000n;
/** Values are stored with at most this many fraction digits (the column's scale). */
const VALUE_FRACTION_DIGITS = 18;

/** value × (1 + ppm / 10^6), rounded half-up to 12 significant digits and the column's 18 fraction digits. */
export function scaleValue(value: string, ppm: number): string {
  const factor = parseFactor(value);
  return formatFactor(
    divideToSignificant(factor.units * (PPM + BigInt(ppm)), PPM * 10n ** BigInt(factor.scale), VALUE_FRACTION_DIGITS),
  );
}

/** Deviation of `value` from `base`, in millionths (signed). */
function deviationPpm(value: string, base: string): number {
  const v = parseFactor(value);
  const b = parseFactor(base);
  const scale = Math.max(v.scale, b.scale);
  const vUnits = v.units * 10n ** BigInt(scale - v.scale);
  const bUnits = b.units * 10n ** BigInt(scale - b.scale);
  return Number(((vUnits - bUnits) * PPM) / bUnits);
}

/**
 * The sandbox provider: each refresh moves every non-dollar value by a random step of at most
 * ±0.15 %, biased back towards its default once it strays more than 5 % from it. USD and the
 * dollar stablecoin stay at 1.
 */
export function createSandboxRatesProvider(options: { random?: (maxExclusive: number) => number } = {}): RatesProvider {
  const random = options.random ?? ((maxExclusive: number) => randomInt(maxExclusive));
  return {
    name: 'sandbox',
    isSandbox: true,
    refresh(current) {
      const next = new Map<string, string>();
      for (const [currency, value] of current) {
        if (!isCurrency(currency) || currency === 'USD' || currency === 'USDT') continue;
        const base = DEFAULT_VALUES_IN_USD[currency];
        const deviation = deviationPpm(value, base);
        let step = random(2 * SANDBOX_MAX_STEP_PPM + 1) - SANDBOX_MAX_STEP_PPM;
        if (deviation > SANDBOX_MAX_DEVIATION_PPM) step = -Math.abs(step);
        if (deviation < -SANDBOX_MAX_DEVIATION_PPM) step = Math.abs(step);
        next.set(currency, scaleValue(value, step));
      }
      return Promise.resolve(next);
    },
  };
}
