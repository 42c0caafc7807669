import { type PaymentInstruction, paymentInstructionViewed } from '@app/shared/api/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { paymentInstructionsQueryRoot } from './get-payment-instructions';

export const markInstructionViewedInputSchema = paymentInstructionViewed.input;

/** Records that the customer has seen how to fund the account (spec 001 §7 "mark instruction viewed"). */
export async function markInstructionViewed(instructionId: number): Promise<void> {
  await callMethod(paymentInstructionViewed, markInstructionViewedInputSchema.parse({ instructionId }));
}

export function useMarkInstructionViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markInstructionViewed,
    // The server cannot disagree with "seen": the cached instruction is updated in place.
    onSuccess: (_result, instructionId) => {
      queryClient.setQueriesData<PaymentInstruction[]>({ queryKey: paymentInstructionsQueryRoot }, (previous) =>
        previous?.map((item) => (item.instructionId === instructionId ? { ...item, isViewed: true } : item)),
      );
    },
  });
}
