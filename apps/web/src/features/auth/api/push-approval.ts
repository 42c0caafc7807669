import { pushLoginEventSchema } from '@app/shared/api/auth';

/**
 * Waits for the answer to a push sign-in on the live channel: `GET /ws`, authenticated with the
 * sign-in's temporary token (`{type:'auth', loginToken}`), delivers one `pushLogin` event:
 * approved (with the code to exchange), declined or expired. A socket that connects after the
 * answer gets it at once, so a dropped connection simply reconnects.
 */
export type PushDecision = { status: 'approved'; code: string } | { status: 'declined' } | { status: 'expired' };

/** The channel closes with this code when the token is unknown or the sign-in has ended. */
const UNAUTHENTICATED_CLOSE_CODE = 4401;
const INITIAL_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 10_000;

export interface PushWaitOptions {
  url: string;
  tmpToken: string;
  onDecision: (decision: PushDecision) => void;
  /** Whether the channel is connected; the screen says so while it reconnects. */
  onConnectionChange?: (isConnected: boolean) => void;
  createSocket?: (url: string) => WebSocket;
  initialBackoffMs?: number;
}

function parseMessage(data: unknown): unknown {
  if (typeof data !== 'string') return null;
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

function isReady(message: unknown): boolean {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'ready';
}

function decisionOf(message: unknown): PushDecision | null {
  const parsed = pushLoginEventSchema.safeParse(message);
  if (!parsed.success) return null;
  const { status, payload } = parsed.data;
  if (status !== 'approved') return { status };
  return payload.code === undefined ? null : { status: 'approved', code: payload.code };
}

export function waitForPushDecision(options: PushWaitOptions): { close: () => void } {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  const initialBackoffMs = options.initialBackoffMs ?? INITIAL_BACKOFF_MS;
  // An object, not a `let`: close() flips it from outside the callbacks that read it.
  const state = { isDone: false, attempt: 0 };
  let socket: WebSocket | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const finish = (decision: PushDecision) => {
    if (state.isDone) return;
    state.isDone = true;
    clearTimeout(retryTimer);
    if (socket) {
      socket.onclose = null;
      socket.close();
    }
    options.onDecision(decision);
  };

  const connect = () => {
    if (state.isDone) return;
    const current = createSocket(options.url);
    socket = current;
    current.onopen = () => current.send(JSON.stringify({ type: 'auth', loginToken: options.tmpToken }));
    current.onmessage = (event: MessageEvent) => {
      const message = parseMessage(event.data);
      if (isReady(message)) {
        state.attempt = 0;
        options.onConnectionChange?.(true);
        return;
      }
      const decision = decisionOf(message);
      if (decision) finish(decision);
    };
    current.onclose = (event: CloseEvent) => {
      if (state.isDone) return;
      options.onConnectionChange?.(false);
      // The sign-in is over on the server (exchanged, locked or gone): nothing will be answered.
      if (event.code === UNAUTHENTICATED_CLOSE_CODE) {
        finish({ status: 'expired' });
        return;
      }
      const backoffMs = Math.min(MAX_BACKOFF_MS, initialBackoffMs * 2 ** state.attempt);
      state.attempt += 1;
      retryTimer = setTimeout(connect, backoffMs);
    };
    current.onerror = () => current.close();
  };

  connect();
  return {
    close() {
      state.isDone = true;
      clearTimeout(retryTimer);
      if (socket) {
        socket.onclose = null;
        socket.close();
      }
    },
  };
}
