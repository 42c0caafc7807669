import type { MethodOutput } from '@app/shared/api/method';
import { registrationTermsList } from '@app/shared/api/registration';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export type RegistrationTermsResponse = MethodOutput<typeof registrationTermsList>;

export function getRegistrationTerms(signal?: AbortSignal): Promise<RegistrationTermsResponse> {
  return callMethod(registrationTermsList, {}, { signal });
}

export const registrationTermsQueryKey = ['registration', 'terms'] as const;

export function registrationTermsQueryOptions() {
  return queryOptions({
    queryKey: registrationTermsQueryKey,
    queryFn: ({ signal }) => getRegistrationTerms(signal),
    // Terms change rarely; the server refuses a registration with outdated ones anyway.
    staleTime: 10 * 60_000,
  });
}

export function useRegistrationTerms() {
  return useQuery(registrationTermsQueryOptions());
}
