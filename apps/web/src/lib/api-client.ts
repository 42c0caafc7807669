import type { AnyMethod, MethodInput, MethodOutput } from '@app/shared/api/method';
import { CLIENT_VERSION, REQUEST_TIMEOUT_MS, SUCCESS_CODE } from '@app/shared/constants';
import { isResponseCode } from '@app/shared/errors';
import { dropNulls, numericStringsToNumbers } from '@app/shared/validation/wire';
import type { z } from 'zod';
import { getApiBaseUrl } from './api-base-url';
import { ApiError, fieldOf, REQUEST_CALL_FAILED } from './api-error';
import { getLanguage } from './language';
import { endSession, getFromCustomerId, getSession, updateTokens } from './session';

interface SendOptions {
  path: string;
  body: unknown;
  /** Send the bearer token, refresh it once on an auth failure and retry. */
  isAuthenticated: boolean;
  /** A token the caller holds instead of the session's (the two-factor set-up token): sent as is, never refreshed. */
  bearerToken?: string;
  signal?: AbortSignal;
}

interface RawResponse {
  status: number;
  body: unknown;
}

/** Aborts after REQUEST_TIMEOUT_MS or when the caller's signal aborts, whichever comes first. */
async function fetchJson(
  path: string,
  body: unknown,
  accessToken: string | undefined,
  signal?: AbortSignal,
): Promise<RawResponse> {
  const controller = new AbortController();
  // An object, not a `let`: the flag is set in a timer callback, where narrowing cannot follow it.
  const timeout = { hasFired: false };
  const timer = setTimeout(() => {
    timeout.hasFired = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort();
  signal?.addEventListener('abort', abortFromCaller, { once: true });
  const language = getLanguage();
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'Accept-Language': language,
    'X-Client-Version': CLIENT_VERSION,
  };
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  try {
    const response = await fetch(`${getApiBaseUrl()}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    const text = await response.text();
    let parsed: unknown;
    if (text.trim() !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: response.status, body: parsed };
  } catch (error) {
    if (timeout.hasFired) throw new ApiError({ kind: 'timeout' });
    if (signal?.aborted) throw error;
    throw new ApiError({ kind: 'network', code: 'AE' });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
  }
}

function isAuthFailure(response: RawResponse): boolean {
  return response.status === 401 || (response.status === 400 && fieldOf(response.body, 'responseCode') === 'AU');
}

let refreshing: Promise<void> | null = null;

async function performRefresh(): Promise<void> {
  const session = getSession();
  if (!session) throw new ApiError({ kind: 'sessionExpired', message: REQUEST_CALL_FAILED });
  const response = await fetchJson('/auth/refresh', { refreshToken: session.refreshToken }, undefined);
  // Loaded on demand: zod and the wire schemas stay out of the sign-in screen's first load.
  const { refreshResponseSchema } = await import('@app/shared/api/auth');
  const parsed = refreshResponseSchema.safeParse(response.body);
  if (response.status !== 200 || !parsed.success) {
    throw new ApiError({
      kind: 'sessionExpired',
      status: response.status,
      body: response.body,
      message: REQUEST_CALL_FAILED,
    });
  }
  updateTokens(parsed.data);
}

/**
 * Single flight: every caller that needs fresh tokens while a refresh is running waits on that same
 * refresh. A failed refresh ends the session (the app then returns to login).
 */
export function refreshTokens(): Promise<void> {
  refreshing ??= performRefresh()
    .catch((error: unknown) => {
      endSession('expired');
      throw error instanceof ApiError && error.kind === 'sessionExpired'
        ? error
        : new ApiError({ kind: 'sessionExpired', message: REQUEST_CALL_FAILED });
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

function sessionExpired(): ApiError {
  return new ApiError({ kind: 'sessionExpired', message: REQUEST_CALL_FAILED });
}

async function authorizedRequest(options: SendOptions): Promise<RawResponse> {
  // Requests made while a refresh runs wait for it instead of failing with the old token.
  if (refreshing) await refreshing;
  const usedToken = getSession()?.accessToken;
  if (!usedToken) throw sessionExpired();
  const first = await fetchJson(options.path, options.body, usedToken, options.signal);
  if (!isAuthFailure(first)) return first;
  // Another request may already have refreshed while this one was in flight.
  if (getSession()?.accessToken === usedToken) await refreshTokens();
  const token = getSession()?.accessToken;
  if (!token) throw sessionExpired();
  const second = await fetchJson(options.path, options.body, token, options.signal);
  if (isAuthFailure(second)) {
    endSession('expired');
    throw sessionExpired();
  }
  return second;
}

/** Sends one request and returns the success body (`responseCode: '00'`), or throws an ApiError. */
export async function send(options: SendOptions): Promise<Record<string, unknown>> {
  const response = options.isAuthenticated
    ? await authorizedRequest(options)
    : await fetchJson(options.path, options.body, options.bearerToken, options.signal);
  const { status, body } = response;
  if (body === undefined) {
    throw new ApiError({ kind: status >= 400 ? 'response' : 'empty', status });
  }
  const code = fieldOf(body, 'responseCode');
  if (code === SUCCESS_CODE && status < 400 && typeof body === 'object' && body !== null) {
    return body as Record<string, unknown>;
  }
  throw new ApiError({
    kind: 'response',
    status,
    body,
    code: isResponseCode(code) ? code : status >= 500 ? 'UE' : undefined,
  });
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the stored customer being acted for. */
  fromCustomerId?: number;
}

/**
 * Calls a main-API method: `POST /api?method=NAME` with `{ method, ...params, lang, fromCustomerId? }`.
 * The answer is checked against the method's output schema from the shared catalogue.
 */
export async function callMethod<M extends AnyMethod>(
  method: M,
  params: MethodInput<M>,
  options: CallOptions = {},
): Promise<MethodOutput<M>> {
  const body: Record<string, unknown> = { method: method.name };
  if (typeof params === 'object' && params !== null) Object.assign(body, params);
  body.lang = getLanguage();
  body.fromCustomerId = method.actsForCustomer ? (options.fromCustomerId ?? getFromCustomerId()) : undefined;
  const data = await send({
    path: `/api?method=${encodeURIComponent(method.name)}`,
    body: dropNulls(body),
    isAuthenticated: method.access !== 'public',
    signal: options.signal,
  });
  // The catalogue types the schema as M['output']; parsing with it yields exactly that output.
  return parseOutput(method.output, data) as MethodOutput<M>;
}

function parseOutput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError({ kind: 'invalid', status: 200, body: data });
  return numericStringsToNumbers(parsed.data);
}

/** The auth service and the two-factor enrolment beside it (DESIGN.md §4 Services). */
export type AuthServicePath = `/auth/${string}` | `/customer/two-step-verification${string}`;

/**
 * Who an auth-service call is made as: nobody (sign-in itself), the signed-in session (refreshed
 * once on an auth failure, like the main API), or a token the caller holds, such as the set-up token
 * a strict two-factor migration hands out instead of a session.
 */
export type AuthServiceCaller = 'anonymous' | 'session' | { bearerToken: string };

/** Calls the auth service (`/auth/*`): same envelope; refresh-and-retry only as the session. */
export async function callAuthService<S extends z.ZodType>(
  path: AuthServicePath,
  body: Record<string, unknown>,
  schema: S,
  options: { signal?: AbortSignal; caller?: AuthServiceCaller } = {},
): Promise<z.output<S>> {
  const caller = options.caller ?? 'anonymous';
  const data = await send({
    path,
    body: dropNulls(body),
    isAuthenticated: caller === 'session',
    bearerToken: typeof caller === 'object' ? caller.bearerToken : undefined,
    signal: options.signal,
  });
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError({ kind: 'invalid', status: 200, body: data });
  return parsed.data;
}

/** An access token good for at least `marginMs` more, refreshed first when needed; null when signed out. */
export async function getFreshAccessToken(marginMs = 30_000): Promise<string | null> {
  const session = getSession();
  if (!session) return null;
  if (session.accessTokenExpiresAt - Date.now() < marginMs) await refreshTokens();
  return getSession()?.accessToken ?? null;
}
