import { vi } from 'vitest';
import { startSession } from '../lib/session';
import { jsonResponse, requestOf } from './fixtures';

export type MethodAnswer = { status: number; body: unknown } | Record<string, unknown>;
export type MethodHandler = (body: Record<string, unknown>) => MethodAnswer | Promise<MethodAnswer>;

export interface MainApiStub {
  /** Every call made, in order: the method name and the body sent. */
  calls: { method: string; body: Record<string, unknown> }[];
  callsOf: (method: string) => Record<string, unknown>[];
}

function isFullAnswer(answer: MethodAnswer): answer is { status: number; body: unknown } {
  return typeof answer.status === 'number' && 'body' in answer;
}

/**
 * Stubs `fetch` for the main API (`POST /api?method=NAME`) with a session started: each method
 * answers through its handler (a success body gets `responseCode: '00'`), unknown methods fail the
 * test loudly with 500. `{ status, body }` answers with anything else, an error for instance.
 */
export function stubMainApi(handlers: Record<string, MethodHandler>): MainApiStub {
  startSession({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 900 });
  const calls: MainApiStub['calls'] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: unknown, init?: unknown) => {
      const { url, body } = requestOf(input, init);
      const method = new URL(url, 'http://localhost').searchParams.get('method') ?? url;
      calls.push({ method, body });
      const handler = handlers[method];
      if (!handler) return jsonResponse(500, { responseCode: 'UE', responseDescription: `No stub for ${method}` });
      const answer = await handler(body);
      if (isFullAnswer(answer)) return jsonResponse(answer.status, answer.body);
      return jsonResponse(200, { responseCode: '00', ...answer });
    }),
  );
  return { calls, callsOf: (method) => calls.filter((call) => call.method === method).map((call) => call.body) };
}
