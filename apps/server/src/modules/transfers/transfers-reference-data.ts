import { TRANSFER_KINDS } from '@app/shared/api/transfers';
import { ASSET_SCALES, parseFactor, type Currency } from '@app/shared/money';
import type { Database } from '../../db/client';
import * as ledger from '../ledger/ledger.service';
import { DEFAULT_VALUES_IN_USD } from './exchange-rates';
import * as repository from './transfers.repository';

/**
 * Reference data the transfers need in every environment (not demo data): a rate for every asset
 * and limits for every kind of transfer and currency, written at start-up only where absent, so an
 * operator's changes stay. The fees and FX system accounts are opened too, so that a transfer only
 * ever reads them (opening one inside a transfer would make concurrent transfers wait on its insert).
 */

/** Default limits, in US dollars' worth of the currency. */
const PER_TRANSFER_LIMIT_USD = 50_000n;
const DAILY_LIMIT_USD = 100_000n;
/** Crypto assets: nothing smaller than 1000 of the smallest unit (0.00001 BTC) is worth sending. */
const CRYPTO_MIN_AMOUNT_MINOR = 1_000n;
const LIMIT_SIGNIFICANT_DIGITS = 2;

/** usd worth of `currency` in its minor units, rounded down to two significant digits (50 000 USD → 46 000.00 EUR). */
export function usdWorthInMinor(usd: bigint, currency: Currency): bigint {
  const value = parseFactor(DEFAULT_VALUES_IN_USD[currency]);
  const minor = (usd * 10n ** BigInt(ASSET_SCALES[currency] + value.scale)) / value.units;
  const length = minor.toString().length;
  if (length <= LIMIT_SIGNIFICANT_DIGITS) return minor;
  const unit = 10n ** BigInt(length - LIMIT_SIGNIFICANT_DIGITS);
  return (minor / unit) * unit;
}

export function defaultLimitsOf(currency: Currency): {
  minAmountMinor: bigint;
  perTransferMaxMinor: bigint;
  dailyMaxMinor: bigint;
} {
  return {
    minAmountMinor: ASSET_SCALES[currency] === 8 ? CRYPTO_MIN_AMOUNT_MINOR : 1n,
    perTransferMaxMinor: usdWorthInMinor(PER_TRANSFER_LIMIT_USD, currency),
    dailyMaxMinor: usdWorthInMinor(DAILY_LIMIT_USD, currency),
  };
}

export async function ensureTransferReferenceData(db: Database, params: { providerName: string }): Promise<void> {
  const currencies = Object.keys(ASSET_SCALES) as Currency[];
  await repository.insertRatesIfAbsent(
    db,
    currencies.map((currency) => ({
      currency,
      valueInUsd: DEFAULT_VALUES_IN_USD[currency],
      provider: params.providerName,
    })),
  );
  await repository.insertLimitsIfAbsent(
    db,
    TRANSFER_KINDS.flatMap((kind) => currencies.map((currency) => ({ kind, currency, ...defaultLimitsOf(currency) }))),
  );
  for (const currency of currencies) {
    await ledger.systemAccount(db, 'fx', currency);
    await ledger.systemAccount(db, 'fees', currency);
  }
}
