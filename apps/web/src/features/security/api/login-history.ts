import { loginHistory } from '@app/shared/api/security-settings';
import type { MethodInput, MethodOutput } from '@app/shared/api/method';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { securityQueryRoot } from './security-settings';

export type LoginHistoryParams = MethodInput<typeof loginHistory>;
export type LoginHistoryResponse = MethodOutput<typeof loginHistory>;

export function loginHistoryQueryOptions(params: LoginHistoryParams) {
  return queryOptions({
    queryKey: [...securityQueryRoot, 'loginHistory', params] as const,
    queryFn: ({ signal }) => callMethod(loginHistory, params, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** Sign-in attempts, newest first, 20 a page (spec 001 §3). */
export function useLoginHistory(params: LoginHistoryParams) {
  return useQuery(loginHistoryQueryOptions(params));
}
