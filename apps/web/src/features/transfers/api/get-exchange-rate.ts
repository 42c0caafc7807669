import { type ExchangeRate, transferExchangeRate } from '@app/shared/api/transfers';
import { EXCHANGE_RATE_CACHE_MS } from '@app/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

/** Spec 001 §5: the rate is 1 when a currency is missing or both are equal (case-insensitive). */
export function isTrivialRate(fromCurrencyCode: string | undefined, toCurrencyCode: string | undefined): boolean {
  return (
    fromCurrencyCode === undefined ||
    toCurrencyCode === undefined ||
    fromCurrencyCode === '' ||
    toCurrencyCode === '' ||
    fromCurrencyCode.toUpperCase() === toCurrencyCode.toUpperCase()
  );
}

export function getExchangeRate(
  params: { fromCurrencyCode: string; toCurrencyCode: string },
  signal?: AbortSignal,
): Promise<ExchangeRate> {
  return callMethod(transferExchangeRate, params, { signal });
}

/** Rates are cached for EXCHANGE_RATE_CACHE_MS (spec 001 §7: 5000 ms), then fetched again when shown. */
export function exchangeRateQueryOptions(fromCurrencyCode: string, toCurrencyCode: string) {
  const params = { fromCurrencyCode: fromCurrencyCode.toUpperCase(), toCurrencyCode: toCurrencyCode.toUpperCase() };
  return queryOptions({
    queryKey: ['transfers', 'exchangeRate', params.fromCurrencyCode, params.toCurrencyCode] as const,
    queryFn: ({ signal }) => getExchangeRate(params, signal),
    staleTime: EXCHANGE_RATE_CACHE_MS,
    // A rate on screen keeps itself current while the customer decides.
    refetchInterval: EXCHANGE_RATE_CACHE_MS,
  });
}

/** The rate from → to; "1" without asking when the currencies are the same or one is missing. */
export function useExchangeRate(fromCurrencyCode: string | undefined, toCurrencyCode: string | undefined) {
  const isTrivial = isTrivialRate(fromCurrencyCode, toCurrencyCode);
  const query = useQuery({
    ...exchangeRateQueryOptions(fromCurrencyCode ?? '', toCurrencyCode ?? ''),
    enabled: !isTrivial,
  });
  return { rate: isTrivial ? '1' : query.data?.exchangeRate, query, isTrivial };
}
