import { type Account, balanceInquiry } from '@app/shared/api/accounts';
import { BALANCE_THROTTLE_MS } from '@app/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

/** Spec 001 §9: the account fetch gives up after 5 seconds (and is retried like any timeout). */
export const ACCOUNTS_FETCH_TIMEOUT_MS = 5_000;

export const accountsQueryKey = ['accounts', 'list'] as const;

/** `balanceInquiry`: every account of the customer, open and closed, oldest first. */
export async function getAccounts(signal?: AbortSignal): Promise<Account[]> {
  const timeout = AbortSignal.timeout(ACCOUNTS_FETCH_TIMEOUT_MS);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    const answer = await callMethod(balanceInquiry, {}, { signal: combined });
    return answer.accounts.account;
  } catch (error) {
    if (timeout.aborted && !signal?.aborted) throw new ApiError({ kind: 'timeout' });
    throw error;
  }
}

/**
 * Balances are fresh for BALANCE_THROTTLE_MS (spec 001 §9: the list is throttled at 3 seconds):
 * screens mounting, refocusing or re-rendering within that window share one answer. Changes that
 * move money (a transfer, money received) invalidate the list and bypass the window.
 */
export function accountsQueryOptions() {
  return queryOptions({
    queryKey: accountsQueryKey,
    queryFn: ({ signal }) => getAccounts(signal),
    staleTime: BALANCE_THROTTLE_MS,
    refetchOnWindowFocus: true,
  });
}

export function useAccounts() {
  return useQuery(accountsQueryOptions());
}
