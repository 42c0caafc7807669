import { uploadResultSchema } from '@app/shared/api/documents';
import { postMultipart } from '../../../lib/multipart-upload';

/** The upload routes of the documents service; each takes a JSON `data` part and named file parts. */
export type DocumentUploadPath =
  '/documents/identity' | '/documents/address-proof' | '/documents/limit-reason' | '/documents/due-diligence';

/** Mirrors the server's limit, so a customer hears about a too-large file before it uploads. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_UPLOAD_TYPES = 'application/pdf,image/jpeg,image/png,image/heic,.heic';

/** Uploads a document as multipart/form-data. */
export async function uploadDocument(params: {
  path: DocumentUploadPath;
  data: Record<string, unknown>;
  files: Record<string, File | undefined>;
}): Promise<{ documentId: number }> {
  return postMultipart({
    path: params.path,
    data: params.data,
    files: Object.entries(params.files),
    schema: uploadResultSchema,
  });
}
