import { type TransferDetails, transferRecentDetails } from '@app/shared/api/transfers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

/** While a push approval is pending, how often the transfer is looked at again. */
export const PUSH_APPROVAL_POLL_INTERVAL_MS = 2_000;

export async function getTransferDetails(transactionId: number, signal?: AbortSignal): Promise<TransferDetails> {
  return (await callMethod(transferRecentDetails, { transactionId }, { signal })).transfer;
}

export function transferDetailsQueryOptions(transactionId: number) {
  return queryOptions({
    queryKey: ['transfers', 'details', transactionId] as const,
    queryFn: ({ signal }) => getTransferDetails(transactionId, signal),
  });
}

/**
 * Follows a transfer waiting for approval on the customer's device: polled until it is approved,
 * declined or expired (the device answers the server, not this page).
 */
export function useAwaitedTransfer(transactionId: number) {
  return useQuery({
    ...transferDetailsQueryOptions(transactionId),
    refetchInterval: (query) =>
      query.state.data === undefined || query.state.data.status === 'awaitingApproval'
        ? PUSH_APPROVAL_POLL_INTERVAL_MS
        : false,
    // A device answer must be seen even while the customer looks at another tab.
    refetchIntervalInBackground: true,
  });
}
