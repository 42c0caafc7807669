import { customerLimitReasonGet } from '@app/shared/api/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export const limitReasonsQueryKey = ['documents', 'limitReasons'] as const;

export function limitReasonsQueryOptions() {
  return queryOptions({
    queryKey: limitReasonsQueryKey,
    queryFn: ({ signal }) => callMethod(customerLimitReasonGet, {}, { signal }),
    staleTime: 30_000,
  });
}

export function useLimitReasons() {
  return useQuery(limitReasonsQueryOptions());
}
