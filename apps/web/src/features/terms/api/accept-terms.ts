import type { MethodInput } from '@app/shared/api/method';
import { termsAccept } from '@app/shared/api/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { pendingTermsQueryKey } from './get-pending-terms';

export type AcceptTermsInput = MethodInput<typeof termsAccept>;

export function acceptTerms(input: AcceptTermsInput) {
  return callMethod(termsAccept, input);
}

export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTerms,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pendingTermsQueryKey }),
  });
}
