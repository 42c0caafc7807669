import { customerInfoGet } from '@app/shared/api/customers';
import type { MethodOutput } from '@app/shared/api/method';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export type CustomerInfoResponse = MethodOutput<typeof customerInfoGet>;

export function getCustomerInfo(signal?: AbortSignal): Promise<CustomerInfoResponse> {
  return callMethod(customerInfoGet, {}, { signal });
}

export const customerInfoQueryKey = ['customers', 'info'] as const;

export function customerInfoQueryOptions() {
  return queryOptions({
    queryKey: customerInfoQueryKey,
    queryFn: ({ signal }) => getCustomerInfo(signal),
    staleTime: 60_000,
  });
}

export function useCustomerInfo() {
  return useQuery(customerInfoQueryOptions());
}
