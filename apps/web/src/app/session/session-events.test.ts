import { describe, expect, it, vi } from 'vitest';
import { getSession, startSession } from '../../lib/session';
import { requestOf, respond } from '../../testing/fixtures';
import { testQueryClient } from '../../testing/render';
import { createQueryClientHolder } from '../query-client';
import { handleSessionEnd } from './session-events';
import { signOut } from './sign-out';

describe('ending a session', () => {
  it('idle sign-out calls logout with the refresh token, clears the cache and returns to login saying why', async () => {
    startSession({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 300 });
    const queryClient = testQueryClient();
    queryClient.setQueryData(['customers', 'info'], { customer: 'cached' });
    const navigate = vi.fn(() => Promise.resolve());
    const router = { navigate, state: { location: { pathname: '/home' } } } as unknown as Parameters<
      typeof handleSessionEnd
    >[0];
    const stop = handleSessionEnd(router, createQueryClientHolder(queryClient));
    const fetchMock = vi.fn((_input: unknown, _init?: unknown) => respond(200, { responseCode: '00' }));
    vi.stubGlobal('fetch', fetchMock);

    await signOut('idle');

    const { url, body } = requestOf(fetchMock.mock.calls[0]?.[0], fetchMock.mock.calls[0]?.[1]);
    expect(url).toBe('/auth/logout');
    expect(body).toEqual({ refreshToken: 'refresh-1' });
    expect(getSession()).toBeNull();
    expect(queryClient.getQueryData(['customers', 'info'])).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true, state: { notice: 'idle' } });
    stop();
  });

  it('signs out locally even when the logout call fails', async () => {
    startSession({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 300 });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await signOut();
    expect(getSession()).toBeNull();
  });
});
