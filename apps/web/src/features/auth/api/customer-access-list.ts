import { customerAccessList } from '@app/shared/api/customers';
import type { MethodOutput } from '@app/shared/api/method';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export type CustomerAccessListResponse = MethodOutput<typeof customerAccessList>;

/** The customers the signed-in user may act for: the related-accounts chooser after sign-in. */
export function getCustomerAccessList(signal?: AbortSignal): Promise<CustomerAccessListResponse> {
  return callMethod(customerAccessList, {}, { signal });
}

export const customerAccessListQueryKey = ['customers', 'accessList'] as const;

export function customerAccessListQueryOptions() {
  return queryOptions({
    queryKey: customerAccessListQueryKey,
    queryFn: ({ signal }) => getCustomerAccessList(signal),
    staleTime: 60_000,
  });
}

export function useCustomerAccessList() {
  return useQuery(customerAccessListQueryOptions());
}
