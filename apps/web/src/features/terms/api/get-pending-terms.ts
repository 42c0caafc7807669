import type { MethodOutput } from '@app/shared/api/method';
import { termsPendingList } from '@app/shared/api/customers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export type PendingTermsResponse = MethodOutput<typeof termsPendingList>;

export function getPendingTerms(signal?: AbortSignal): Promise<PendingTermsResponse> {
  return callMethod(termsPendingList, {}, { signal });
}

export const pendingTermsQueryKey = ['terms', 'pending'] as const;

export function pendingTermsQueryOptions() {
  return queryOptions({ queryKey: pendingTermsQueryKey, queryFn: ({ signal }) => getPendingTerms(signal) });
}

export function usePendingTerms() {
  return useQuery(pendingTermsQueryOptions());
}
