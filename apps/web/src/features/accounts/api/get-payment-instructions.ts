import { type PaymentInstruction, paymentInstructionsList } from '@app/shared/api/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export const paymentInstructionsQueryRoot = ['accounts', 'paymentInstructions'] as const;

/** How to fund one account by bank transfer (an account has one instruction: its currency's rail). */
export async function getPaymentInstructions(accountId: number, signal?: AbortSignal): Promise<PaymentInstruction[]> {
  const answer = await callMethod(paymentInstructionsList, { accountId }, { signal });
  return answer.paymentInstructions.paymentInstruction;
}

export function paymentInstructionsQueryOptions(accountId: number) {
  return queryOptions({
    queryKey: [...paymentInstructionsQueryRoot, accountId] as const,
    queryFn: ({ signal }) => getPaymentInstructions(accountId, signal),
    // Bank details and the funding reference do not change within a session.
    staleTime: 10 * 60_000,
  });
}

export function usePaymentInstructions(accountId: number | undefined) {
  return useQuery({
    ...paymentInstructionsQueryOptions(accountId ?? 0),
    enabled: accountId !== undefined,
  });
}
