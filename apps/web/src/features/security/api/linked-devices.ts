import { deviceListResponseSchema, type Device } from '@app/shared/api/devices';
import { CLIENT_VERSION } from '@app/shared/constants';
import { isResponseCode } from '@app/shared/errors';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getApiBaseUrl } from '../../../lib/api-base-url';
import { getFreshAccessToken } from '../../../lib/api-client';
import { ApiError, fieldOf } from '../../../lib/api-error';
import { getLanguage } from '../../../lib/language';
import { securityQueryRoot } from './security-settings';

/**
 * The devices service of spec 001 §7: `GET /device-api/device` and `DELETE /device-api/device/{deviceId}`
 * with the bearer token. Not POST, so it goes through fetch here rather than the main-API client.
 */
async function deviceApi(method: 'GET' | 'DELETE', path: string, signal?: AbortSignal): Promise<unknown> {
  const token = await getFreshAccessToken();
  if (token === null) throw new ApiError({ kind: 'sessionExpired' });
  let response: Response;
  try {
    response = await fetch(`${getApiBaseUrl()}/device-api${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${token}`,
        'Accept-Language': getLanguage(),
        'X-Client-Version': CLIENT_VERSION,
      },
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ kind: 'network', code: 'AE' });
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = text;
  }
  const code = fieldOf(body, 'responseCode');
  if (response.ok && code === '00') return body;
  throw new ApiError({
    kind: body === undefined ? 'empty' : 'response',
    status: response.status,
    body,
    code: isResponseCode(code) ? code : response.status >= 500 ? 'UE' : undefined,
  });
}

const devicesQueryKey = [...securityQueryRoot, 'devices'] as const;

export async function getLinkedDevices(signal?: AbortSignal): Promise<Device[]> {
  const parsed = deviceListResponseSchema.safeParse(await deviceApi('GET', '/device', signal));
  if (!parsed.success) throw new ApiError({ kind: 'invalid', status: 200 });
  return parsed.data.devices;
}

export function linkedDevicesQueryOptions() {
  return queryOptions({
    queryKey: devicesQueryKey,
    queryFn: ({ signal }) => getLinkedDevices(signal),
    staleTime: 10_000,
  });
}

/** `refetchIntervalMs`: poll while waiting for a phone to link itself; false otherwise. */
export function useLinkedDevices(refetchIntervalMs: number | false = false) {
  return useQuery({ ...linkedDevicesQueryOptions(), refetchInterval: refetchIntervalMs });
}

export function useRemoveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deviceId: number) => {
      await deviceApi('DELETE', `/device/${encodeURIComponent(String(deviceId))}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityQueryRoot }),
  });
}
