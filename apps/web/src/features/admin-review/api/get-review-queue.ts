import { adminDocumentReviewList } from '@app/shared/api/verification';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export const adminReviewQueryRoot = ['adminReview'] as const;
export const reviewQueueQueryKey = [...adminReviewQueryRoot, 'queue'] as const;

export function reviewQueueQueryOptions() {
  return queryOptions({
    queryKey: reviewQueueQueryKey,
    queryFn: ({ signal }) => callMethod(adminDocumentReviewList, {}, { signal }),
    staleTime: 10_000,
  });
}

export function useReviewQueue() {
  return useQuery(reviewQueueQueryOptions());
}
