import type { MethodInput } from '@app/shared/api/method';
import { adminCustomerLimit, adminCustomerUnlimit, adminCustomerVerify } from '@app/shared/api/verification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { adminReviewQueryRoot } from './get-review-queue';

export type LimitCustomerInput = MethodInput<typeof adminCustomerLimit>;

/** Verify, limit (with reasons and required documents) and unlimit a customer. */
export function useCustomerDecisions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: adminReviewQueryRoot });
  return {
    verify: useMutation({
      mutationFn: (customerId: number) => callMethod(adminCustomerVerify, { customerId }),
      onSuccess,
    }),
    limit: useMutation({ mutationFn: (input: LimitCustomerInput) => callMethod(adminCustomerLimit, input), onSuccess }),
    unlimit: useMutation({
      mutationFn: (customerId: number) => callMethod(adminCustomerUnlimit, { customerId }),
      onSuccess,
    }),
  };
}
