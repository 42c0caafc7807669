import { type HistoryExport, historyExportStatus } from '@app/shared/api/history';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

/** How often a preparing export is asked about; exports take seconds, not minutes. */
export const EXPORT_POLL_INTERVAL_MS = 1_500;

export function historyExportQueryKey(exportId: string) {
  return ['history', 'export', exportId] as const;
}

export async function getHistoryExport(exportId: string, signal?: AbortSignal): Promise<HistoryExport> {
  const answer = await callMethod(historyExportStatus, { exportId }, { signal });
  return answer.export;
}

export function historyExportQueryOptions(exportId: string) {
  return queryOptions({
    queryKey: historyExportQueryKey(exportId),
    queryFn: ({ signal }) => getHistoryExport(exportId, signal),
    // Polls while the file is being prepared, and stops once it is ready or has expired.
    refetchInterval: (query) => (query.state.data?.status === 'preparing' ? EXPORT_POLL_INTERVAL_MS : false),
  });
}

export function useHistoryExport(exportId: string | undefined) {
  return useQuery({ ...historyExportQueryOptions(exportId ?? ''), enabled: exportId !== undefined });
}
