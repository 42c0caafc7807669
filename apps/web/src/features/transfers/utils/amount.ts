import { amountInputSchema } from '@app/shared/api/transfers';
import { formatAmount, MoneyError, parseAmount } from '@app/shared/money';

/**
 * Amounts as typed (UI.md: forms that forgive): spaces and no-break spaces are ignored and a decimal
 * comma is read as a point, so "1 250,5" is 1250.5. Then the rules of spec 001 §5 and the
 * currency's scale apply, exactly, in minor units.
 */
export function normalizeAmountInput(value: string): string {
  return value.replace(/[\s\u00a0]/g, '').replace(',', '.');
}

export type AmountProblem = 'required' | 'format' | 'zero' | 'fractionDigits' | 'tooLarge' | 'aboveMax' | 'belowMin';

export type AmountCheck = { ok: true; minor: bigint; amount: string } | { ok: false; problem: AmountProblem };

export function checkAmount(value: string, currency: string): AmountCheck {
  const normalized = normalizeAmountInput(value);
  if (normalized === '') return { ok: false, problem: 'required' };
  if (!amountInputSchema.safeParse(normalized).success) return { ok: false, problem: 'format' };
  let minor: bigint;
  try {
    minor = parseAmount(normalized, currency);
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    if (error.reason === 'fractionDigits') return { ok: false, problem: 'fractionDigits' };
    if (error.reason === 'range') return { ok: false, problem: 'tooLarge' };
    return { ok: false, problem: 'format' };
  }
  if (minor <= 0n) return { ok: false, problem: 'zero' };
  return { ok: true, minor, amount: formatAmount(minor, currency) };
}

/** The amount as a positive decimal string for a quote, or undefined while it is not one yet. */
export function quotableAmount(value: string, currency: string | undefined): string | undefined {
  if (currency === undefined) return undefined;
  const check = checkAmount(value, currency);
  return check.ok ? check.amount : undefined;
}

/** minor units of a decimal string the server sent, or undefined if it cannot be read. */
export function minorOf(amount: string | undefined, currency: string): bigint | undefined {
  if (amount === undefined) return undefined;
  try {
    return parseAmount(amount, currency, { allowNegative: true });
  } catch (error) {
    if (error instanceof MoneyError) return undefined;
    throw error;
  }
}
