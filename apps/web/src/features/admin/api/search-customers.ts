import { customerSearch } from '@app/shared/api/customers';
import type { MethodInput, MethodOutput } from '@app/shared/api/method';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export type CustomerSearchParams = Required<Pick<MethodInput<typeof customerSearch>, 'pageNumber' | 'pageSize'>> & {
  query: string;
};
export type CustomerSearchResponse = MethodOutput<typeof customerSearch>;

export function searchCustomers(params: CustomerSearchParams, signal?: AbortSignal): Promise<CustomerSearchResponse> {
  const query = params.query.trim();
  return callMethod(
    customerSearch,
    { query: query === '' ? undefined : query, pageNumber: params.pageNumber, pageSize: params.pageSize },
    { signal },
  );
}

export function searchCustomersQueryOptions(params: CustomerSearchParams) {
  return queryOptions({
    queryKey: ['admin', 'customerSearch', params] as const,
    queryFn: ({ signal }) => searchCustomers(params, signal),
    // Keep the last page on screen while the next one loads: no layout jump.
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useSearchCustomers(params: CustomerSearchParams) {
  return useQuery(searchCustomersQueryOptions(params));
}
