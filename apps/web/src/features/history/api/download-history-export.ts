import { type HistoryExport, historyExportPath } from '@app/shared/api/history';
import { useMutation } from '@tanstack/react-query';
import { downloadProtectedFile } from '../../../lib/authorized-download';

/** The CSV of a ready export, saved as history-YYYY-MM-DD.csv (the day it was made). */
export function downloadHistoryExport(historyExport: Pick<HistoryExport, 'exportId' | 'createdAt'>): Promise<void> {
  const day = historyExport.createdAt.slice(0, 10);
  return downloadProtectedFile(historyExportPath(historyExport.exportId), `history-${day}.csv`);
}

export function useDownloadHistoryExport() {
  return useMutation({ mutationFn: downloadHistoryExport });
}
