import { kycRequest } from '@app/shared/api/verification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { documentsQueryKey } from './get-documents';
import { useVerificationRefresh } from './verification-refresh';

/** The KYC request: sends the uploaded documents to review; the routing stops sending the user to kyc. */
export function useSubmitKyc() {
  const queryClient = useQueryClient();
  const refreshVerification = useVerificationRefresh();
  return useMutation({
    mutationFn: () => callMethod(kycRequest, {}),
    onSuccess: async () => {
      await Promise.all([refreshVerification(), queryClient.invalidateQueries({ queryKey: documentsQueryKey })]);
    },
  });
}
