import { useMutation } from '@tanstack/react-query';
import { fetchProtectedFile } from '../../../lib/authorized-download';

/** A document scan fetched with the administrator's token (a plain link would carry none). */
export function useDocumentFile() {
  return useMutation({ mutationFn: (fileId: number) => fetchProtectedFile(`/files/documents/${fileId}`) });
}
