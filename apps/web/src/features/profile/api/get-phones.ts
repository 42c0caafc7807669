import { phoneInquiry } from '@app/shared/api/profile';
import type { MethodOutput } from '@app/shared/api/method';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { phonesQueryRoot } from './query-roots';

/** The phones; exactly one confirmed phone is primary. */
export async function getPhones(signal?: AbortSignal): Promise<MethodOutput<typeof phoneInquiry>['phones']> {
  return (await callMethod(phoneInquiry, {}, { signal })).phones;
}

export function getPhonesQueryOptions() {
  return queryOptions({ queryKey: phonesQueryRoot, queryFn: ({ signal }) => getPhones(signal), staleTime: 15_000 });
}

export function usePhones() {
  return useQuery(getPhonesQueryOptions());
}
