import { adminCustomerGet } from '@app/shared/api/admin';
import type { MethodOutput } from '@app/shared/api/method';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export type CustomerDetailResponse = MethodOutput<typeof adminCustomerGet>;

export function getCustomerDetail(customerId: number, signal?: AbortSignal): Promise<CustomerDetailResponse> {
  return callMethod(adminCustomerGet, { customerId }, { signal });
}

export function customerDetailQueryOptions(customerId: number) {
  return queryOptions({
    queryKey: ['admin', 'customer', customerId] as const,
    queryFn: ({ signal }) => getCustomerDetail(customerId, signal),
    staleTime: 15_000,
  });
}

export function useCustomerDetail(customerId: number) {
  return useQuery(customerDetailQueryOptions(customerId));
}
