/**
 * The live channel `/ws` (DESIGN.md §4): authenticate with the first message, then receive events
 * `{ type, status, payload }`. Reconnects with exponential backoff and a fresh access token; stops for
 * good on `close()` (sign-out).
 */
export const LIVE_EVENT_STATUSES = ['error', 'info', 'warning', 'success'] as const;
export type LiveEventStatus = (typeof LIVE_EVENT_STATUSES)[number];

export interface LiveEvent {
  type: string;
  status: LiveEventStatus;
  payload: Record<string, unknown>;
}

export interface LiveChannelOptions {
  /** Absolute ws:// or wss:// URL of the channel. */
  url: string;
  /** Returns a valid access token, refreshing it first when needed; null when signed out. */
  getAccessToken: () => Promise<string | null>;
  onEvent: (event: LiveEvent) => void;
  onStateChange?: (state: LiveChannelState) => void;
  createSocket?: (url: string) => WebSocket;
  initialBackoffMs?: number;
  maxBackoffMs?: number;
}

export type LiveChannelState = 'connecting' | 'ready' | 'waiting' | 'closed';

export interface LiveChannel {
  close: () => void;
}

function parseEvent(data: unknown): LiveEvent | { type: 'ready' } | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (record.type === 'ready') return { type: 'ready' };
  if (typeof record.type !== 'string') return null;
  const status = LIVE_EVENT_STATUSES.find((item) => item === record.status) ?? 'info';
  const payload =
    typeof record.payload === 'object' && record.payload !== null ? (record.payload as Record<string, unknown>) : {};
  return { type: record.type, status, payload };
}

/** Same origin as the page (or as the API base of a staging environment), ws or wss to match. */
export function liveChannelUrl(apiBaseUrl: string, location: Pick<Location, 'protocol' | 'host'>): string {
  if (apiBaseUrl) return `${apiBaseUrl.replace(/^http/, 'ws')}/ws`;
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

export function openLiveChannel(options: LiveChannelOptions): LiveChannel {
  const initialBackoffMs = options.initialBackoffMs ?? 1_000;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  let socket: WebSocket | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  // An object, not a `let`: close() flips it while connect() awaits, where narrowing cannot follow it.
  const lifecycle = { isClosed: false };
  const isClosed = () => lifecycle.isClosed;

  const setState = (state: LiveChannelState) => options.onStateChange?.(state);

  const scheduleReconnect = () => {
    if (isClosed()) return;
    setState('waiting');
    const backoffMs = Math.min(maxBackoffMs, initialBackoffMs * 2 ** attempt);
    attempt += 1;
    // Jitter spreads reconnects of many tabs after a server restart.
    retryTimer = setTimeout(() => void connect(), backoffMs / 2 + Math.random() * (backoffMs / 2));
  };

  async function connect(): Promise<void> {
    if (isClosed()) return;
    setState('connecting');
    let token: string | null;
    try {
      token = await options.getAccessToken();
    } catch {
      token = null;
    }
    if (isClosed()) return;
    if (!token) {
      scheduleReconnect();
      return;
    }
    const current = createSocket(options.url);
    socket = current;
    current.onopen = () => current.send(JSON.stringify({ type: 'auth', accessToken: token }));
    current.onmessage = (message: MessageEvent) => {
      const event = parseEvent(message.data);
      if (!event) return;
      if (event.type === 'ready') {
        attempt = 0;
        setState('ready');
        return;
      }
      if ('status' in event) options.onEvent(event);
    };
    current.onclose = () => {
      if (socket === current) socket = undefined;
      scheduleReconnect();
    };
    current.onerror = () => current.close();
  }

  void connect();

  return {
    close() {
      lifecycle.isClosed = true;
      clearTimeout(retryTimer);
      const current = socket;
      socket = undefined;
      if (current) {
        current.onclose = null;
        current.close();
      }
      setState('closed');
    },
  };
}
