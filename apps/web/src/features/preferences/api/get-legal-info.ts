import type { MethodOutput } from '@app/shared/api/method';
import { legalInfoGet } from '@app/shared/api/security';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export type LegalInfo = MethodOutput<typeof legalInfoGet>;

export function legalInfoQueryOptions() {
  return queryOptions({
    queryKey: ['preferences', 'legalInfo'] as const,
    queryFn: ({ signal }) => callMethod(legalInfoGet, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useLegalInfo() {
  return useQuery(legalInfoQueryOptions());
}
