import { type RecentTransfer, transferP2PRecentList } from '@app/shared/api/transfers';
import { RECENT_P2P_TRANSFERS } from '@app/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

/** The last three customers paid (spec 001 §9), one per payee; disabled ones are hidden (spec 001 §3). */
export async function getRecentP2PTransfers(signal?: AbortSignal): Promise<RecentTransfer[]> {
  const { transfers } = await callMethod(transferP2PRecentList, {}, { signal });
  return transfers.filter((transfer) => !transfer.isDisabled).slice(0, RECENT_P2P_TRANSFERS);
}

export function recentP2PQueryOptions() {
  return queryOptions({
    queryKey: ['transfers', 'recentP2P'] as const,
    queryFn: ({ signal }) => getRecentP2PTransfers(signal),
    staleTime: 60_000,
  });
}

export function useRecentP2PTransfers() {
  return useQuery(recentP2PQueryOptions());
}
