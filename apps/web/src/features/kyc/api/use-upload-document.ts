import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentsQueryKey } from './get-documents';
import { limitReasonsQueryKey } from './get-limit-reasons';
import { dueDiligenceQueryKey } from './get-due-diligence';
import { uploadDocument } from './upload-document';
import { useVerificationRefresh } from './verification-refresh';

/** An upload changes the document list, the verification status and the requirement lists. */
export function useUploadDocument() {
  const queryClient = useQueryClient();
  const refreshVerification = useVerificationRefresh();
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: async () => {
      await Promise.all([
        refreshVerification(),
        ...[documentsQueryKey, limitReasonsQueryKey, dueDiligenceQueryKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ]);
    },
  });
}
