import type { ExchangeRate } from '@app/shared/api/transfers';
import { isCurrency } from '@app/shared/money';
import type { Database } from '../../db/client';
import { errors } from '../../platform/errors';
import type { JobRunner } from '../../platform/jobs';
import { crossRate, type RatesProvider } from './exchange-rates';
import * as repository from './transfers.repository';

/** Reading the stored rates, and the periodic refresh from the provider. */

export interface AppliedRate {
  /** One unit of `from` buys this many units of `to`; "1" between equal currencies. */
  rate: string;
  /** When the older of the two values was written; null between equal currencies. */
  updatedAt: Date | null;
  provider: string | null;
}

const SAME_CURRENCY: AppliedRate = { rate: '1', updatedAt: null, provider: null };

/** The stored values of two different currencies, read together; VF naming the one that has none. */
async function storedValuesOf(
  db: Database,
  params: { from: string; to: string },
): Promise<{ from: repository.RateRow; to: repository.RateRow }> {
  const rows = await repository.findRatesOf(db, { currencies: [params.from, params.to] });
  const from = rows.find((row) => row.currency === params.from);
  const to = rows.find((row) => row.currency === params.to);
  if (from === undefined || to === undefined) {
    throw errors.validation([
      {
        field: from === undefined ? 'fromCurrencyCode' : 'toCurrencyCode',
        message: 'No exchange rate for this currency.',
      },
    ]);
  }
  return { from, to };
}

/** The rate from → to, from the values stored now. Both must be supported assets. */
export async function rateBetween(db: Database, params: { from: string; to: string }): Promise<AppliedRate> {
  if (params.from === params.to) return SAME_CURRENCY;
  const { from, to } = await storedValuesOf(db, params);
  return {
    rate: crossRate(from.valueInUsd, to.valueInUsd),
    updatedAt: from.updatedAt < to.updatedAt ? from.updatedAt : to.updatedAt,
    provider: from.provider,
  };
}

/**
 * The rates from → to and back, from one read of the stored values: a transfer converts with one
 * and records the other, and two reads could straddle a refresh of the rates.
 */
export async function ratesBothWays(
  db: Database,
  params: { from: string; to: string },
): Promise<{ rate: string; inverse: string }> {
  if (params.from === params.to) return { rate: SAME_CURRENCY.rate, inverse: SAME_CURRENCY.rate };
  const { from, to } = await storedValuesOf(db, params);
  return { rate: crossRate(from.valueInUsd, to.valueInUsd), inverse: crossRate(to.valueInUsd, from.valueInUsd) };
}

/**
 * transferExchangeRate (spec 001 §5): 1 when either code is missing or both are equal
 * (case-insensitive); otherwise both must be supported.
 */
export async function exchangeRateFor(
  db: Database,
  params: { fromCurrencyCode?: string; toCurrencyCode?: string },
): Promise<ExchangeRate & { source?: { provider: string; isSandbox: boolean; updatedAt: string } }> {
  const from = (params.fromCurrencyCode ?? '').toUpperCase();
  const to = (params.toCurrencyCode ?? '').toUpperCase();
  if (from === '' || to === '' || from === to) {
    return { fromCurrencyCode: from, toCurrencyCode: to, exchangeRate: '1' };
  }
  const unsupported = [
    ...(isCurrency(from) ? [] : [{ field: 'fromCurrencyCode', message: 'This currency is not supported.' }]),
    ...(isCurrency(to) ? [] : [{ field: 'toCurrencyCode', message: 'This currency is not supported.' }]),
  ];
  if (unsupported.length > 0) throw errors.validation(unsupported);
  const applied = await rateBetween(db, { from, to });
  return {
    fromCurrencyCode: from,
    toCurrencyCode: to,
    exchangeRate: applied.rate,
    ...(applied.updatedAt === null || applied.provider === null
      ? {}
      : {
          source: {
            provider: applied.provider,
            isSandbox: applied.provider === 'sandbox',
            updatedAt: applied.updatedAt.toISOString(),
          },
        }),
  };
}

/** Every asset against the base (spec 001 §3 rates.rate), with where the rates come from. */
export async function defaultRates(
  db: Database,
  params: { base: string },
): Promise<{ rates: ExchangeRate[]; provider: string; updatedAt: Date }> {
  const rows = await repository.findRates(db);
  const base = rows.find((row) => row.currency === params.base);
  if (base === undefined) {
    throw errors.validation([{ field: 'baseCurrencyCode', message: 'No exchange rate for this currency.' }]);
  }
  const others = rows.filter((row) => row.currency !== params.base);
  return {
    rates: others.map((row) => ({
      fromCurrencyCode: params.base,
      toCurrencyCode: row.currency,
      exchangeRate: crossRate(base.valueInUsd, row.valueInUsd),
    })),
    provider: base.provider,
    updatedAt: rows.reduce((oldest, row) => (row.updatedAt < oldest ? row.updatedAt : oldest), base.updatedAt),
  };
}

/** The sandbox drifts its rates about this often; a production feed would be asked as often. */
export const RATES_REFRESH_INTERVAL_MS = 60_000;

/** Asks the provider for new values and stores them; the rates of transfers in flight are unaffected. */
export async function refreshRates(db: Database, params: { provider: RatesProvider; now: Date }): Promise<number> {
  const rows = await repository.findRates(db);
  const values = await params.provider.refresh(new Map(rows.map((row) => [row.currency, row.valueInUsd])));
  await db.transaction((tx) => repository.updateRates(tx, { values, provider: params.provider.name, now: params.now }));
  return values.size;
}

export function registerRateJobs(runner: JobRunner, params: { provider: RatesProvider }): void {
  runner.every('transfers.refreshRates', RATES_REFRESH_INTERVAL_MS, ({ db, now }) =>
    refreshRates(db, { provider: params.provider, now }),
  );
}
