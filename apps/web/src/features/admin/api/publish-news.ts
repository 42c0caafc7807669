import { adminNewsList, adminNewsPublish, type NewsPublishInput } from '@app/shared/api/news';
import type { MethodOutput } from '@app/shared/api/method';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export type PublishedNewsResponse = MethodOutput<typeof adminNewsList>;

const publishedNewsQueryKey = ['admin', 'news'] as const;

export function getPublishedNews(signal?: AbortSignal): Promise<PublishedNewsResponse> {
  return callMethod(adminNewsList, {}, { signal });
}

export function publishedNewsQueryOptions() {
  return queryOptions({
    queryKey: publishedNewsQueryKey,
    queryFn: ({ signal }) => getPublishedNews(signal),
    staleTime: 15_000,
  });
}

export function usePublishedNews() {
  return useQuery(publishedNewsQueryOptions());
}

export function publishNews(input: NewsPublishInput): Promise<{ id: number }> {
  return callMethod(adminNewsPublish, input);
}

export function usePublishNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishNews,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publishedNewsQueryKey }),
  });
}
