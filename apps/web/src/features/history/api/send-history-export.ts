import { historyExportSend } from '@app/shared/api/history';
import { useMutation } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

/** E-mails the signed-in user a link to the ready export; answers with the (masked) address it went to. */
export async function sendHistoryExport(exportId: string): Promise<string> {
  const answer = await callMethod(historyExportSend, { exportId });
  return answer.sentTo;
}

export function useSendHistoryExport() {
  return useMutation({ mutationFn: sendHistoryExport });
}
