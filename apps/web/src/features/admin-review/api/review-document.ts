import type { MethodInput } from '@app/shared/api/method';
import { adminDocumentReview } from '@app/shared/api/verification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { adminReviewQueryRoot } from './get-review-queue';

export type ReviewDocumentInput = MethodInput<typeof adminDocumentReview>;

/** Confirm, reject with a reason, or mark a name mismatch; the queue and the customer panel refresh. */
export function useReviewDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewDocumentInput) => callMethod(adminDocumentReview, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminReviewQueryRoot }),
  });
}
