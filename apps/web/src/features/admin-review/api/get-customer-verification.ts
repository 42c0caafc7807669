import { adminCustomerVerificationGet } from '@app/shared/api/verification';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { adminReviewQueryRoot } from './get-review-queue';

export function customerVerificationQueryOptions(customerId: number) {
  return queryOptions({
    queryKey: [...adminReviewQueryRoot, 'customer', customerId] as const,
    queryFn: ({ signal }) => callMethod(adminCustomerVerificationGet, { customerId }, { signal }),
  });
}

export function useCustomerVerification(customerId: number) {
  return useQuery(customerVerificationQueryOptions(customerId));
}
