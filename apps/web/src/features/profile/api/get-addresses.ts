import { addressInquiry } from '@app/shared/api/profile';
import type { MethodOutput } from '@app/shared/api/method';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { addressesQueryRoot } from './query-roots';

/** The addresses in use and in draft, with their documents. */
export async function getAddresses(signal?: AbortSignal): Promise<MethodOutput<typeof addressInquiry>['addresses']> {
  return (await callMethod(addressInquiry, {}, { signal })).addresses;
}

export function getAddressesQueryOptions() {
  return queryOptions({
    queryKey: addressesQueryRoot,
    queryFn: ({ signal }) => getAddresses(signal),
    staleTime: 15_000,
  });
}

export function useAddresses() {
  return useQuery(getAddressesQueryOptions());
}
