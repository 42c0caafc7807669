/**
 * Money (DESIGN.md §5): amounts are `bigint` minor units at the currency's asset scale (the ISO 4217
 * exponent; 8 for crypto assets) and travel as decimal strings. Nothing here touches a JS number:
 * a float cannot hold 0.1, and a wrong cent is a lost cent.
 */

/** Minor-unit exponent per currency or asset. Unknown codes are refused, never guessed. */
export const ASSET_SCALES = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  CAD: 2,
  AUD: 2,
  RON: 2,
  CHF: 2,
  PLN: 2,
  CZK: 2,
  SEK: 2,
  NOK: 2,
  DKK: 2,
  HUF: 2,
  JPY: 0,
  KRW: 0,
  BHD: 3,
  KWD: 3,
  JOD: 3,
  OMR: 3,
  TND: 3,
  BTC: 8,
  ETH: 8,
  USDT: 8,
} as const satisfies Record<string, number>;

export type Currency = keyof typeof ASSET_SCALES;

/** No asset here has a finer unit; formatting never needs more digits. */
export const MAX_ASSET_SCALE = 8;

/**
 * The largest single amount, in minor units: 10^15 (ten trillion dollars, ten million bitcoin).
 * Far below the int64 limit of a PostgreSQL `bigint` (9.2·10^18), so thousands of maximal amounts
 * still sum inside a balance.
 */
export const MAX_AMOUNT_MINOR = 10n ** 15n;

/** Longest decimal string accepted; a limit on everything, input first. */
const MAX_AMOUNT_STRING_LENGTH = 40;
const DECIMAL_PATTERN = /^(-?)(\d+)(?:\.(\d+))?$/;

export type MoneyErrorReason = 'format' | 'fractionDigits' | 'negative' | 'range' | 'currency';

/** A refused amount or currency; `reason` lets a caller map it to a field error. */
export class MoneyError extends Error {
  readonly reason: MoneyErrorReason;

  constructor(reason: MoneyErrorReason, message: string) {
    super(message);
    this.name = 'MoneyError';
    this.reason = reason;
  }
}

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && Object.hasOwn(ASSET_SCALES, value);
}

export function assetScaleOf(currency: string): number {
  if (!isCurrency(currency)) throw new MoneyError('currency', `Unknown currency ${currency}.`);
  return ASSET_SCALES[currency];
}

export interface ParseAmountOptions {
  /** Refunds and adjustments may be negative; payment amounts never are. Default false. */
  allowNegative?: boolean;
}

/**
 * A decimal string ("12.34", "-0.5", "100") → minor units of the currency. Refused: exponents,
 * signs other than a leading minus, grouping, spaces, a bare "." and more fraction digits than the
 * currency has — unless the extra digits are zeros ("1.230" USD is 123), so that every string
 * `formatAmount` prints (at least two fraction digits, also for JPY) parses back.
 */
export function parseAmount(value: string, currency: string, options: ParseAmountOptions = {}): bigint {
  const scale = assetScaleOf(currency);
  // A JSON number (a float) must not slip through as its string form.
  if (typeof value !== 'string') throw new MoneyError('format', 'The amount must be a decimal string.');
  if (value.length > MAX_AMOUNT_STRING_LENGTH) throw new MoneyError('range', 'The amount is too long.');
  const match = DECIMAL_PATTERN.exec(value);
  if (match === null) {
    throw new MoneyError('format', 'Enter the amount as digits with an optional decimal point, such as 12.34.');
  }
  const [, sign = '', integerDigits = '', fractionDigits = ''] = match;
  const significantFraction = fractionDigits.replace(/0+$/, '');
  if (significantFraction.length > scale) {
    throw new MoneyError(
      'fractionDigits',
      scale === 0
        ? `${currency} amounts have no decimal places.`
        : `${currency} amounts have at most ${scale} decimal places.`,
    );
  }
  const magnitude = BigInt(integerDigits + significantFraction.padEnd(scale, '0'));
  if (magnitude > MAX_AMOUNT_MINOR) throw new MoneyError('range', 'The amount is too large.');
  if (sign === '-' && magnitude !== 0n && options.allowNegative !== true) {
    throw new MoneyError('negative', 'The amount must not be negative.');
  }
  return sign === '-' ? -magnitude : magnitude;
}

export interface FormatAmountOptions {
  /** Default 2: amounts show at least two fraction digits (JPY 100 → "100.00"). */
  minFractionDigits?: number;
  /** Default 8: up to eight, the finest asset scale. */
  maxFractionDigits?: number;
}

/**
 * Minor units → the exact decimal string for the wire: no grouping, a leading minus when negative,
 * trailing zeros trimmed down to `minFractionDigits`. It never rounds: an amount that needs more
 * than `maxFractionDigits` digits is an error (round it first with `divideRounded`).
 */
export function formatAmount(minor: bigint, currency: string, options: FormatAmountOptions = {}): string {
  const scale = assetScaleOf(currency);
  const minFractionDigits = options.minFractionDigits ?? 2;
  const maxFractionDigits = options.maxFractionDigits ?? MAX_ASSET_SCALE;
  if (
    !Number.isInteger(minFractionDigits) ||
    !Number.isInteger(maxFractionDigits) ||
    minFractionDigits < 0 ||
    maxFractionDigits < minFractionDigits ||
    maxFractionDigits > 18
  ) {
    throw new RangeError(`Invalid fraction digits ${minFractionDigits}..${maxFractionDigits}`);
  }
  const magnitude = minor < 0n ? -minor : minor;
  const digits = magnitude.toString().padStart(scale + 1, '0');
  const integerPart = scale === 0 ? digits : digits.slice(0, -scale);
  let fractionPart = scale === 0 ? '' : digits.slice(-scale);
  fractionPart = fractionPart.replace(/0+$/, '');
  if (fractionPart.length > maxFractionDigits) {
    throw new RangeError(`${minor.toString()} ${currency} needs more than ${maxFractionDigits} fraction digits`);
  }
  fractionPart = fractionPart.padEnd(minFractionDigits, '0');
  const sign = minor < 0n ? '-' : '';
  return fractionPart === '' ? `${sign}${integerPart}` : `${sign}${integerPart}.${fractionPart}`;
}

/**
 * How an inexact quotient becomes minor units.
 * - halfUp: to the nearest unit, ties away from zero (2.5 → 3, −2.5 → −3).
 * - halfEven: to the nearest unit, ties to the even neighbour (2.5 → 2, 3.5 → 4): "bankers'".
 * - down: towards zero (never gives more than the exact value, e.g. a cap).
 */
export type RoundingMode = 'halfUp' | 'halfEven' | 'down';

/**
 * The platform's rounding for currency conversion: half-up. It is the rule customers check with a
 * calculator and the one EU Regulation 1103/97 (art. 5) prescribes for conversions; bankers'
 * rounding only removes a bias when exact ties are common, and with rates of six or more decimals
 * a tie needs the exact product to end in exactly ...5000, which is rare. The cent won or lost on
 * each conversion is not hidden either way: it lands on the FX system account as a posting.
 */
export const FX_ROUNDING_MODE: RoundingMode = 'halfUp';

/** numerator / denominator rounded to an integer; exact, for any sign of the numerator. */
export function divideRounded(numerator: bigint, denominator: bigint, mode: RoundingMode): bigint {
  if (denominator <= 0n) throw new RangeError('The denominator must be positive');
  const quotient = numerator / denominator; // truncates towards zero
  const remainder = numerator % denominator; // has the numerator's sign
  if (remainder === 0n || mode === 'down') return quotient;
  const direction = numerator < 0n ? -1n : 1n;
  const twiceRemainder = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twiceRemainder > denominator) return quotient + direction;
  if (twiceRemainder < denominator) return quotient;
  switch (mode) {
    case 'halfUp':
      return quotient + direction;
    case 'halfEven':
      return quotient % 2n === 0n ? quotient : quotient + direction;
  }
}

/** A positive decimal factor (an exchange rate, a fee percentage as a fraction): value = units / 10^scale. */
export interface DecimalFactor {
  units: bigint;
  scale: number;
}

/** Rates and factors carry at most this many fraction digits. */
export const MAX_FACTOR_FRACTION_DIGITS = 18;
const FACTOR_PATTERN = /^(\d{1,18})(?:\.(\d{1,18}))?$/;

/** A decimal string such as "1.0834" or "0.015" → an exact factor; zero and negatives are refused. */
export function parseFactor(value: string): DecimalFactor {
  const match = FACTOR_PATTERN.exec(value);
  if (match === null) throw new MoneyError('format', `"${value}" is not a decimal rate such as 1.0834.`);
  const [, integerDigits = '', fractionDigits = ''] = match;
  const units = BigInt(integerDigits + fractionDigits);
  if (units === 0n) throw new MoneyError('range', 'A rate must be greater than zero.');
  return { units, scale: fractionDigits.length };
}

/** minor × factor, rounded: a percentage fee, for instance ("0.015" of 10.00 USD is 0.15). */
export function multiplyAmount(minor: bigint, factor: string, mode: RoundingMode): bigint {
  const { units, scale } = parseFactor(factor);
  return divideRounded(minor * units, 10n ** BigInt(scale), mode);
}

/**
 * Converts an amount between currencies at `rate` (one major unit of `from` buys `rate` major units
 * of `to`), exactly, then rounds once: to = from × rate × 10^(scaleTo − scaleFrom).
 */
export function convertAmount(
  minor: bigint,
  params: { from: string; to: string; rate: string; rounding: RoundingMode },
): bigint {
  const { units, scale } = parseFactor(params.rate);
  const scaleShift = assetScaleOf(params.to) - assetScaleOf(params.from);
  const numerator = minor * units * 10n ** BigInt(Math.max(0, scaleShift));
  const denominator = 10n ** BigInt(scale + Math.max(0, -scaleShift));
  return divideRounded(numerator, denominator, params.rounding);
}
