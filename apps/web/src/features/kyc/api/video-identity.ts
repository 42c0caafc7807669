import { videoIdentityJobCreate, videoIdentityJobGet } from '@app/shared/api/documents';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

/** While the provider reviews the call, the page asks again this often. */
const POLL_MS = 2_000;

export function videoIdentityJobQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['documents', 'videoIdentity', id] as const,
    queryFn: ({ signal }) => callMethod(videoIdentityJobGet, { id }, { signal }),
    refetchInterval: (query) => (query.state.data?.job.status === 'pending' ? POLL_MS : false),
  });
}

export function useVideoIdentityJob(id: string) {
  return useQuery(videoIdentityJobQueryOptions(id));
}

export function useStartVideoIdentity() {
  return useMutation({ mutationFn: () => callMethod(videoIdentityJobCreate, {}) });
}
