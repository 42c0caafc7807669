import { preapprovedPaymentCancel, preapprovedPaymentsList, type PreapprovedPayment } from '@app/shared/api/transfers';
import type { MethodInput, MethodOutput } from '@app/shared/api/method';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export type PreapprovedPaymentsParams = MethodInput<typeof preapprovedPaymentsList>;
export type PreapprovedPaymentsResponse = MethodOutput<typeof preapprovedPaymentsList>;

export const preapprovedPaymentsQueryRoot = ['transfers', 'preapproved'] as const;

/** Recurring transfers (pre-approved payments), 20 a page, filtered by e-mail, type and amounts. */
export function getPreapprovedPayments(
  params: PreapprovedPaymentsParams,
  signal?: AbortSignal,
): Promise<PreapprovedPaymentsResponse> {
  return callMethod(preapprovedPaymentsList, params, { signal });
}

export function preapprovedPaymentsQueryOptions(params: PreapprovedPaymentsParams) {
  return queryOptions({
    queryKey: [...preapprovedPaymentsQueryRoot, params] as const,
    queryFn: ({ signal }) => getPreapprovedPayments(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function usePreapprovedPayments(params: PreapprovedPaymentsParams) {
  return useQuery(preapprovedPaymentsQueryOptions(params));
}

export async function cancelPreapprovedPayment(id: number): Promise<PreapprovedPayment> {
  return (await callMethod(preapprovedPaymentCancel, { id })).subscription;
}

export function useCancelPreapprovedPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPreapprovedPayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: preapprovedPaymentsQueryRoot }),
  });
}
