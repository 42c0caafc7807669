import { customerInfoGet } from '@app/shared/api/customers';
import { CLIENT_VERSION } from '@app/shared/constants';
import { describe, expect, it, vi } from 'vitest';
import { customerFixture, jsonResponse, requestOf, respond } from '../testing/fixtures';
import { callMethod } from './api-client';
import { ApiError, REQUEST_CALL_FAILED } from './api-error';
import { setLanguage } from './language';
import { getSession, type SessionEvent, setFromCustomerId, startSession, subscribeSession } from './session';

const customerBody = { responseCode: '00', customer: customerFixture() };

function startTestSession() {
  startSession({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 300 });
}

describe('main API client', () => {
  it('posts the method with lang, drops nulls, and sends the headers of the spec', async () => {
    startTestSession();
    setLanguage('ru');
    setFromCustomerId(55);
    const fetchMock = vi.fn((_input: unknown, _init?: unknown) => respond(200, customerBody));
    vi.stubGlobal('fetch', fetchMock);

    const result = await callMethod(customerInfoGet, {});

    const { url, body, headers } = requestOf(fetchMock.mock.calls[0]?.[0], fetchMock.mock.calls[0]?.[1]);
    expect(url).toBe('/api?method=customerInfoGet');
    expect(body).toEqual({ method: 'customerInfoGet', lang: 'ru', fromCustomerId: 55 });
    expect(headers).toMatchObject({
      'Accept-Language': 'ru',
      'X-Client-Version': CLIENT_VERSION,
      Authorization: 'Bearer access-1',
    });
    expect(result.customer.customerId).toBe(1001);
    setLanguage('en');
  });

  it('turns a VF answer into an ApiError carrying the validation errors', async () => {
    startTestSession();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => respond(400, { responseCode: 'VF', validationErrors: [{ field: 'query', message: 'Too long' }] })),
    );
    const error = await callMethod(customerInfoGet, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'response', status: 400, code: 'VF' });
    expect((error as ApiError).validationErrors).toEqual([{ field: 'query', message: 'Too long' }]);
  });

  it('reports a network failure as AE and an empty body as empty', async () => {
    startTestSession();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(callMethod(customerInfoGet, {})).rejects.toMatchObject({ kind: 'network', code: 'AE' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('', { status: 200 }))),
    );
    await expect(callMethod(customerInfoGet, {})).rejects.toMatchObject({ kind: 'empty' });
  });

  it('rejects an answer that breaks the output schema', async () => {
    startTestSession();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => respond(200, { responseCode: '00', customer: { customerId: 'x' } })),
    );
    await expect(callMethod(customerInfoGet, {})).rejects.toMatchObject({ kind: 'invalid' });
  });

  it('refreshes once for two concurrent 401s and retries both with the new token', async () => {
    startTestSession();
    let refreshCalls = 0;
    const authorizations: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: unknown, init?: unknown) => {
        const { url, body, headers } = requestOf(input, init);
        if (url === '/auth/refresh') {
          refreshCalls += 1;
          expect(body).toEqual({ refreshToken: 'refresh-1' });
          await new Promise((resolve) => setTimeout(resolve, 20));
          return jsonResponse(200, {
            responseCode: '00',
            accessToken: 'access-2',
            refreshToken: 'refresh-2',
            expiresIn: 300,
          });
        }
        authorizations.push(headers.Authorization ?? '');
        return headers.Authorization === 'Bearer access-2'
          ? jsonResponse(200, customerBody)
          : jsonResponse(401, { responseCode: 'AU' });
      }),
    );

    const [first, second] = await Promise.all([callMethod(customerInfoGet, {}), callMethod(customerInfoGet, {})]);

    expect(refreshCalls).toBe(1);
    expect(first.customer.login).toBe('personal@demo.test');
    expect(second.customer.login).toBe('personal@demo.test');
    expect(authorizations.filter((value) => value === 'Bearer access-2')).toHaveLength(2);
    expect(getSession()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  });

  it('also refreshes on a 400 whose body says AU', async () => {
    startTestSession();
    vi.stubGlobal(
      'fetch',
      vi.fn((input: unknown, init?: unknown) => {
        const { url, headers } = requestOf(input, init);
        if (url === '/auth/refresh') {
          return respond(200, {
            responseCode: '00',
            accessToken: 'access-2',
            refreshToken: 'refresh-2',
            expiresIn: 300,
          });
        }
        return headers.Authorization === 'Bearer access-2'
          ? respond(200, customerBody)
          : respond(400, { responseCode: 'AU' });
      }),
    );
    await expect(callMethod(customerInfoGet, {})).resolves.toMatchObject({ customer: { customerId: 1001 } });
  });

  it('a failed refresh ends the session once and rejects every waiting request with "Request call failed"', async () => {
    startTestSession();
    const events: SessionEvent[] = [];
    const unsubscribe = subscribeSession((event) => events.push(event));
    let refreshCalls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: unknown) => {
        if (String(input) === '/auth/refresh') {
          refreshCalls += 1;
          return respond(401, { responseCode: 'AU', responseDescription: 'Refresh token expired' });
        }
        return respond(401, { responseCode: 'AU' });
      }),
    );

    const results = await Promise.allSettled([callMethod(customerInfoGet, {}), callMethod(customerInfoGet, {})]);

    expect(refreshCalls).toBe(1);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      if (result.status === 'rejected') {
        expect(result.reason).toBeInstanceOf(ApiError);
        expect((result.reason as ApiError).message).toBe(REQUEST_CALL_FAILED);
        expect((result.reason as ApiError).kind).toBe('sessionExpired');
      }
    }
    expect(getSession()).toBeNull();
    expect(sessionStorage.getItem('app.session')).toBeNull();
    expect(events).toEqual([{ type: 'ended', reason: 'expired' }]);
    unsubscribe();
  });

  it('aborts after the 5-minute request timeout', async () => {
    vi.useFakeTimers();
    startTestSession();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: unknown, init?: { signal?: AbortSignal }) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const pending = callMethod(customerInfoGet, {}).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5 * 60 * 1000);
    expect(await pending).toMatchObject({ kind: 'timeout' });
  });
});
