import { MAX_UPLOAD_BYTES } from '../api/upload-document';

const ALLOWED_EXTENSIONS = /\.(pdf|jpe?g|png|heic|heif)$/i;

/** What the browser can tell before uploading; the server checks the content itself. */
export function fileProblemOf(file: File | null, isRequired: boolean): 'required' | 'tooLarge' | 'type' | undefined {
  if (file === null) return isRequired ? 'required' : undefined;
  if (file.size > MAX_UPLOAD_BYTES) return 'tooLarge';
  if (!ALLOWED_EXTENSIONS.test(file.name)) return 'type';
  return undefined;
}
