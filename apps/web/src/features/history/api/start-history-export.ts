import { type HistoryExport, type HistoryFilterInput, historyExportStart } from '@app/shared/api/history';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { historyExportQueryKey } from './get-history-export';

export const startHistoryExportInputSchema = historyExportStart.input;

/** Starts a CSV export of everything the filter matches; the file is prepared in the background. */
export async function startHistoryExport(filter: HistoryFilterInput): Promise<HistoryExport> {
  const answer = await callMethod(historyExportStart, {
    filter: startHistoryExportInputSchema.parse({ filter }).filter,
  });
  return answer.export;
}

export function useStartHistoryExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startHistoryExport,
    onSuccess: (started) => queryClient.setQueryData(historyExportQueryKey(started.exportId), started),
  });
}
