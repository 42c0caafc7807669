import { type HistoryFilterInput, transactionHistory } from '@app/shared/api/history';
import type { MethodOutput } from '@app/shared/api/method';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export type TransactionHistoryResponse = MethodOutput<typeof transactionHistory>;

export interface TransactionHistoryParams {
  /** The filter as the request carries it: empty fields already dropped (spec 000 §5). */
  filter: HistoryFilterInput;
  pageNumber: number;
}

/** Everything cached from the history (lists, exports): money moving anywhere makes it stale. */
export const historyQueryRoot = ['history'] as const;

export function getTransactionHistory(
  params: TransactionHistoryParams,
  signal?: AbortSignal,
): Promise<TransactionHistoryResponse> {
  return callMethod(transactionHistory, { ...params.filter, pageNumber: params.pageNumber }, { signal });
}

export function transactionHistoryQueryOptions(params: TransactionHistoryParams) {
  return queryOptions({
    queryKey: [...historyQueryRoot, 'list', params] as const,
    queryFn: ({ signal }) => getTransactionHistory(params, signal),
    // The last page stays on screen while the next one loads: no jump, and the position is kept.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useTransactionHistory(params: TransactionHistoryParams) {
  return useQuery(transactionHistoryQueryOptions(params));
}
