import type { MethodInput, MethodOutput } from '@app/shared/api/method';
import { blacklistList } from '@app/shared/api/security';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export type BlacklistFilter = Pick<MethodInput<typeof blacklistList>, 'email' | 'blockType' | 'pageNumber'>;
export type BlacklistPage = MethodOutput<typeof blacklistList>;

export const blacklistQueryKey = ['accessLists', 'blacklist'] as const;

export function getBlacklist(filter: BlacklistFilter, signal?: AbortSignal): Promise<BlacklistPage> {
  return callMethod(blacklistList, filter, { signal });
}

export function blacklistQueryOptions(filter: BlacklistFilter) {
  return queryOptions({
    queryKey: [...blacklistQueryKey, filter],
    queryFn: ({ signal }) => getBlacklist(filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBlacklist(filter: BlacklistFilter) {
  return useQuery(blacklistQueryOptions(filter));
}
