import type { MethodOutput } from '@app/shared/api/method';
import { ipAllowListGet } from '@app/shared/api/security';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export type IpAllowList = MethodOutput<typeof ipAllowListGet>;

export const ipAllowListQueryKey = ['accessLists', 'ipAllowList'] as const;

export function getIpAllowList(signal?: AbortSignal): Promise<IpAllowList> {
  return callMethod(ipAllowListGet, {}, { signal });
}

export function ipAllowListQueryOptions() {
  return queryOptions({ queryKey: ipAllowListQueryKey, queryFn: ({ signal }) => getIpAllowList(signal) });
}

export function useIpAllowList() {
  return useQuery(ipAllowListQueryOptions());
}
