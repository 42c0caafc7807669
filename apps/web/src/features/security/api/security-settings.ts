import { securitySettingsGet } from '@app/shared/api/security-settings';
import type { MethodOutput } from '@app/shared/api/method';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export type SecuritySettings = MethodOutput<typeof securitySettingsGet>;

export const securityQueryRoot = ['security'] as const;
export const securitySettingsQueryKey = [...securityQueryRoot, 'settings'] as const;

/** The sign-in factor, the approval mode of transactions and what is set up for them. */
export function getSecuritySettings(signal?: AbortSignal): Promise<SecuritySettings> {
  return callMethod(securitySettingsGet, {}, { signal });
}

export function securitySettingsQueryOptions() {
  return queryOptions({
    queryKey: securitySettingsQueryKey,
    queryFn: ({ signal }) => getSecuritySettings(signal),
    staleTime: 10_000,
  });
}

export function useSecuritySettings() {
  return useQuery(securitySettingsQueryOptions());
}
