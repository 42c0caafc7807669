import { isResponseCode } from '@app/shared/errors';
import { getApiBaseUrl } from './api-base-url';
import { getFreshAccessToken, refreshTokens } from './api-client';
import { ApiError, fieldOf, REQUEST_CALL_FAILED } from './api-error';
import { getLanguage } from './language';
import { getFromCustomerId } from './session';

/**
 * File downloads of the REST routes (statements, letters, CSV exports): a GET with the bearer token
 * and the customer acted for (`?fromCustomerId=`), so a link alone never leaks a document. The file
 * arrives as a blob and is saved under its name; a failure comes back as an ApiError in the
 * catalogue's words, like any call.
 */

/** The largest file saved this way; statements and exports are far below it. */
const MAX_DOWNLOAD_BYTES = 50 * 1024 * 1024;

function urlOf(path: string): string {
  const fromCustomerId = getFromCustomerId();
  const separator = path.includes('?') ? '&' : '?';
  const query = fromCustomerId === undefined ? '' : `${separator}fromCustomerId=${fromCustomerId}`;
  return `${getApiBaseUrl()}${path}${query}`;
}

async function get(path: string, token: string, signal?: AbortSignal): Promise<Response> {
  try {
    return await fetch(urlOf(path), {
      method: 'GET',
      headers: { Authorization: `Bearer ${token}`, 'Accept-Language': getLanguage() },
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ kind: 'network', code: 'AE' });
  }
}

async function errorOf(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const code = fieldOf(body, 'responseCode');
  return new ApiError({
    kind: 'response',
    status: response.status,
    body,
    code: isResponseCode(code) ? code : response.status >= 500 ? 'UE' : undefined,
  });
}

/** Fetches a protected file; refreshes the token once on a 401, as the main API does. */
export async function fetchProtectedFile(path: string, signal?: AbortSignal): Promise<Blob> {
  const token = await getFreshAccessToken();
  if (token === null) throw new ApiError({ kind: 'sessionExpired', message: REQUEST_CALL_FAILED });
  let response = await get(path, token, signal);
  if (response.status === 401) {
    await refreshTokens();
    const refreshed = await getFreshAccessToken();
    if (refreshed === null) throw new ApiError({ kind: 'sessionExpired', message: REQUEST_CALL_FAILED });
    response = await get(path, refreshed, signal);
  }
  if (!response.ok) throw await errorOf(response);
  const blob = await response.blob();
  if (blob.size > MAX_DOWNLOAD_BYTES) throw new ApiError({ kind: 'invalid', status: response.status });
  if (blob.size === 0) throw new ApiError({ kind: 'empty', status: response.status });
  return blob;
}

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has queued the download; the URL can go once this task is over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export async function downloadProtectedFile(path: string, fileName: string, signal?: AbortSignal): Promise<void> {
  saveBlob(await fetchProtectedFile(path, signal), fileName);
}
