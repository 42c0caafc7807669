import { dueDiligenceInfoGet } from '@app/shared/api/verification';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export const dueDiligenceQueryKey = ['documents', 'dueDiligence'] as const;

/** Only for due-diligence levels 1 and 4 (spec 000 §7): the caller passes whether to ask. */
export function dueDiligenceQueryOptions(isEnabled: boolean) {
  return queryOptions({
    queryKey: dueDiligenceQueryKey,
    queryFn: ({ signal }) => callMethod(dueDiligenceInfoGet, {}, { signal }),
    staleTime: 30_000,
    enabled: isEnabled,
  });
}

export function useDueDiligence(isEnabled: boolean) {
  return useQuery(dueDiligenceQueryOptions(isEnabled));
}
