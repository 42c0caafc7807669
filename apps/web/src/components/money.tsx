import { CURRENCY_SYMBOLS, type Language } from '@app/shared/constants';
import { formatAmount, MoneyError, parseAmount } from '@app/shared/money';
import { useTranslation } from 'react-i18next';
import { getLanguage, languageOfLocale, localeOf } from '../lib/language';
import classes from './money.module.css';

/**
 * Money as the customer reads it (UI.md "Money first"): the exact decimal string of the wire,
 * never a float, with 2 to 8 fraction digits (spec 001 §5), the locale's grouping and decimal
 * mark, and the currency symbols of spec 000 §9 (codes for everything else, such as BTC).
 */

/** U+2212: the typographic minus, which screen readers announce as "minus". */
const MINUS = '\u2212';
const NO_BREAK_SPACE = '\u00a0';

export type SignDisplay = 'auto' | 'always' | 'never';

export interface FormatMoneyOptions {
  /** auto: a minus for negative amounts; always: also a plus for positive ones; never: magnitude only. */
  signDisplay?: SignDisplay;
  /** Show the currency (symbol or code); default true. */
  withCurrency?: boolean;
}

/** The symbol of spec 000 §9, or undefined for a currency shown by its code. */
export function currencySymbolOf(currency: string): string | undefined {
  return CURRENCY_SYMBOLS[currency];
}

interface NumberStyle {
  group: Intl.NumberFormat;
  decimalMark: string;
}

const numberStyles = new Map<string, NumberStyle>();

function numberStyleOf(locale: string): NumberStyle {
  let style = numberStyles.get(locale);
  if (!style) {
    const decimalMark =
      new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
    style = { group: new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }), decimalMark };
    numberStyles.set(locale, style);
  }
  return style;
}

/** Where the locale writes a currency sign: before the number ("$1.00") or after it ("1,00 €"), with the space between. */
interface CurrencyPlacement {
  isPrefix: boolean;
  separator: string;
}

const placements = new Map<string, CurrencyPlacement>();

function placementOf(locale: string, currency: string): CurrencyPlacement {
  // "lei" is a word: it always follows the number, whatever the locale does with the code RON.
  if (currency === 'RON') return { isPrefix: false, separator: NO_BREAK_SPACE };
  const cacheKey = `${locale}:${currency}`;
  const cached = placements.get(cacheKey);
  if (cached) return cached;
  let placement: CurrencyPlacement = { isPrefix: false, separator: NO_BREAK_SPACE };
  if (currencySymbolOf(currency) !== undefined) {
    const parts = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(1);
    const currencyIndex = parts.findIndex((part) => part.type === 'currency');
    const integerIndex = parts.findIndex((part) => part.type === 'integer');
    const isPrefix = currencyIndex >= 0 && currencyIndex < integerIndex;
    const between = isPrefix ? parts.slice(currencyIndex + 1, integerIndex) : parts.slice(integerIndex + 1);
    const literal = between.find((part) => part.type === 'literal')?.value ?? '';
    placement = { isPrefix, separator: literal === '' ? '' : NO_BREAK_SPACE };
  }
  placements.set(cacheKey, placement);
  return placement;
}

/** Digits grouped for the locale: "1234567.5" → "1,234,567.5" (en) or "1 234 567,5" (ru). Exact: BigInt, no float. */
function groupDigits(decimal: string, locale: string): string {
  const [integerPart = '0', fractionPart] = decimal.split('.');
  const style = numberStyleOf(locale);
  const grouped = style.group.format(BigInt(integerPart));
  return fractionPart === undefined ? grouped : `${grouped}${style.decimalMark}${fractionPart}`;
}

/**
 * "-1234.5" USD in English → "−$1,234.50"; "0.00150000" BTC → "0.0015 BTC"; "12.3" RON in Romanian →
 * "12,30 lei". An amount the money helpers refuse (an unknown currency, a malformed string) is shown
 * as it came, with its code: better a plain string than a wrong number.
 */
export function formatMoney(
  amount: string,
  currency: string,
  language: Language,
  options: FormatMoneyOptions = {},
): string {
  const locale = localeOf(language);
  const signDisplay = options.signDisplay ?? 'auto';
  const withCurrency = options.withCurrency ?? true;
  let minor: bigint;
  try {
    minor = parseAmount(amount, currency, { allowNegative: true });
  } catch (error) {
    if (error instanceof MoneyError) return withCurrency ? `${amount}${NO_BREAK_SPACE}${currency}` : amount;
    throw error;
  }
  const magnitude = minor < 0n ? -minor : minor;
  const digits = groupDigits(formatAmount(magnitude, currency, { minFractionDigits: 2, maxFractionDigits: 8 }), locale);
  let sign = '';
  if (signDisplay !== 'never' && minor < 0n) sign = MINUS;
  else if (signDisplay === 'always' && minor > 0n) sign = '+';
  if (!withCurrency) return `${sign}${digits}`;
  const symbol = currencySymbolOf(currency);
  if (symbol === undefined) return `${sign}${digits}${NO_BREAK_SPACE}${currency}`;
  const placement = placementOf(locale, currency);
  return placement.isPrefix
    ? `${sign}${symbol}${placement.separator}${digits}`
    : `${sign}${digits}${placement.separator}${symbol}`;
}

/** A plain decimal string (a rate, a quantity) with the locale's grouping and decimal mark, exactly. */
export function formatDecimal(value: string, language: Language): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value);
  if (match === null) return value;
  const [, sign = '', integerPart = '0', fractionPart] = match;
  const digits = groupDigits(
    fractionPart === undefined ? integerPart : `${integerPart}.${fractionPart}`,
    localeOf(language),
  );
  return `${sign === '-' ? MINUS : ''}${digits}`;
}

/** "1 USD = 0,9234 EUR": one unit of `from` and what it buys, for the review and the result. */
export function formatRate(from: string, rate: string, to: string, language: Language): string {
  return `1${NO_BREAK_SPACE}${from} = ${formatDecimal(rate, language)}${NO_BREAK_SPACE}${to}`;
}

/** The interface language as i18next knows it (it changes without a reload). */
export function useDisplayLanguage(): Language {
  const { i18n } = useTranslation();
  return languageOfLocale(i18n.language) ?? getLanguage();
}

export interface MoneyProps extends FormatMoneyOptions {
  amount: string;
  currency: string;
  /** Incoming amounts may be tinted; the sign already says it, the colour only repeats it. */
  tone?: 'neutral' | 'incoming';
  className?: string;
}

/** An amount in tabular numerals, kept on one line. */
export function Money({ amount, currency, tone = 'neutral', className, ...options }: MoneyProps) {
  const language = useDisplayLanguage();
  const toneClass = tone === 'incoming' ? classes.incoming : '';
  return (
    <span className={[classes.money, toneClass, className].filter(Boolean).join(' ')}>
      {formatMoney(amount, currency, language, options)}
    </span>
  );
}
