import { CLIENT_VERSION, REQUEST_TIMEOUT_MS, SUCCESS_CODE } from '@app/shared/constants';
import { isResponseCode } from '@app/shared/errors';
import type { z } from 'zod';
import { getApiBaseUrl } from './api-base-url';
import { getFreshAccessToken } from './api-client';
import { ApiError, fieldOf } from './api-error';
import { getLanguage } from './language';
import { getFromCustomerId } from './session';

/**
 * Posts a JSON `data` part and named file parts as multipart/form-data. The JSON client cannot carry
 * files, so this is its own request, with the same headers, time limit and error envelope as every
 * call. Parts are appended in the given order; an absent file is left out.
 */
export async function postMultipart<S extends z.ZodType>(params: {
  path: string;
  data: unknown;
  files: Iterable<readonly [part: string, file: File | undefined]>;
  schema: S;
}): Promise<z.output<S>> {
  const token = await getFreshAccessToken();
  if (token === null) throw new ApiError({ kind: 'sessionExpired' });
  const form = new FormData();
  form.append('data', JSON.stringify(params.data));
  for (const [part, file] of params.files) {
    if (file !== undefined) form.append(part, file, file.name);
  }
  const fromCustomerId = getFromCustomerId();
  const query = fromCustomerId === undefined ? '' : `?fromCustomerId=${fromCustomerId}`;
  let response: Response;
  try {
    response = await fetch(`${getApiBaseUrl()}${params.path}${query}`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Accept-Language': getLanguage(),
        'X-Client-Version': CLIENT_VERSION,
        Authorization: `Bearer ${token}`,
      },
      body: form,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') throw new ApiError({ kind: 'timeout' });
    throw new ApiError({ kind: 'network', code: 'AE' });
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError({ kind: response.status >= 400 ? 'response' : 'empty', status: response.status });
  }
  const code = fieldOf(body, 'responseCode');
  if (code !== SUCCESS_CODE || response.status >= 400) {
    throw new ApiError({
      kind: 'response',
      status: response.status,
      body,
      code: isResponseCode(code) ? code : response.status >= 500 ? 'UE' : undefined,
    });
  }
  const parsed = params.schema.safeParse(body);
  if (!parsed.success) throw new ApiError({ kind: 'invalid', status: response.status, body });
  return parsed.data;
}
