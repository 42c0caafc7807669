import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { Config } from '../src/config';
import { createAccessTokens } from '../src/platform/access-token';

/** A `ws` client of GET /ws for tests (Node 20 has no global WebSocket). */
export interface LiveTestClient {
  socket: WebSocket;
  /** The next message not yet taken, parsed; rejects after timeoutMs. */
  nextMessage(timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Whether a message is waiting, after giving the network `waitMs`. */
  hasMessage(waitMs?: number): Promise<boolean>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export function signTestAccessToken(
  config: Pick<Config, 'jwtSecret' | 'accessTokenTtlSeconds'>,
  userId: number,
  sessionId: string = randomUUID(),
): Promise<string> {
  return createAccessTokens(config.jwtSecret, config.accessTokenTtlSeconds).sign({ userId, sessionId, isAdmin: false });
}

export async function connectLive(
  baseUrl: string,
  options: { autoPong?: boolean; localAddress?: string } = {},
): Promise<LiveTestClient> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, {
    autoPong: options.autoPong ?? true,
    ...(options.localAddress === undefined ? {} : { localAddress: options.localAddress }),
  });
  const received: Record<string, unknown>[] = [];
  const waiters: ((message: Record<string, unknown>) => void)[] = [];
  socket.on('message', (data) => {
    const bytes = Array.isArray(data)
      ? Buffer.concat(data)
      : Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data);
    const message = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
    const waiter = waiters.shift();
    if (waiter === undefined) received.push(message);
    else waiter(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    closed,
    close: () => socket.close(),
    nextMessage(timeoutMs = 5_000) {
      const message = received.shift();
      if (message !== undefined) return Promise.resolve(message);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no live message within ${timeoutMs} ms`));
        }, timeoutMs);
        const waiter = (next: Record<string, unknown>): void => {
          clearTimeout(timer);
          resolve(next);
        };
        waiters.push(waiter);
      });
    },
    async hasMessage(waitMs = 200) {
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      return received.length > 0;
    },
  };
}

/** Connects and authenticates; resolves once the server answered ready. */
export async function connectLiveAs(baseUrl: string, accessToken: string): Promise<LiveTestClient> {
  const client = await connectLive(baseUrl);
  client.socket.send(JSON.stringify({ type: 'auth', accessToken }));
  const ready = await client.nextMessage();
  if (ready.type !== 'ready') throw new Error(`expected ready, got ${JSON.stringify(ready)}`);
  return client;
}
