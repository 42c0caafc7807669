import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { z } from 'zod';
import type { AccessTokens, Session } from './access-token';
import { LiveCloseCode, type LiveChannel, type LiveMessage } from './live-channel';

/**
 * `GET /ws`: the live channel's socket. Browsers cannot set headers on a WebSocket, and a token in
 * the URL would land in access logs, so the client's first message carries the access token:
 * `{"type":"auth","accessToken":"..."}` → `{"type":"ready"}`. Anything else before that, a bad token
 * or silence for `authTimeoutMs` closes the socket with 4401; later client messages are ignored.
 *
 * Two credentials subscribe a socket to one subject instead of a user (see live-channel.ts):
 * `{"type":"auth","loginToken":"..."}`, the temporary token of a sign-in waiting for a push
 * approval, and `{"type":"auth","deviceToken":"..."}`, a linked device's token. The auth domain
 * resolves them (`resolveSubject`); without a resolver they are refused like a bad token.
 */
export interface LiveSocketOptions {
  live: LiveChannel;
  accessTokens: AccessTokens;
  resolveSubject?: (credential: LiveSubjectCredential) => Promise<LiveSubjectGrant | null>;
  /** Whether the user may listen from this client address (the customer's IP allow-list). */
  isAddressAllowed?: (session: Session, ip: string) => Promise<boolean>;
  authTimeoutMs?: number;
  /** Upgrades per client address per minute. */
  upgradesPerMinute: number;
}

export interface LiveSubjectCredential {
  kind: 'loginToken' | 'deviceToken';
  token: string;
}

export interface LiveSubjectGrant {
  subject: string;
  /** Sent right after `ready`: what the subject missed before subscribing (an answered push). */
  snapshot: LiveMessage[];
}

const DEFAULT_AUTH_TIMEOUT_MS = 5_000;
/** Only the auth message is expected; ws closes larger frames with 1009. */
const MAX_CLIENT_MESSAGE_BYTES = 4_096;
/** After the 1001 close frame, a peer that does not answer is cut so shutdown is not held up. */
const CLOSE_HANDSHAKE_GRACE_MS = 2_000;

const tokenSchema = z.string().min(1).max(4_000);
const authMessageSchema = z.union([
  z.object({ type: z.literal('auth'), accessToken: tokenSchema }).transform((message) => ({
    kind: 'accessToken' as const,
    token: message.accessToken,
  })),
  z.object({ type: z.literal('auth'), loginToken: tokenSchema }).transform((message) => ({
    kind: 'loginToken' as const,
    token: message.loginToken,
  })),
  z.object({ type: z.literal('auth'), deviceToken: tokenSchema }).transform((message) => ({
    kind: 'deviceToken' as const,
    token: message.deviceToken,
  })),
]);
type AuthCredential = z.output<typeof authMessageSchema>;

function parseAuthMessage(data: RawData, isBinary: boolean): AuthCredential | null {
  if (isBinary) return null;
  try {
    const bytes = Array.isArray(data)
      ? Buffer.concat(data)
      : Buffer.isBuffer(data)
        ? data
        : Buffer.from(new Uint8Array(data));
    const text = bytes.toString('utf8');
    const parsed = authMessageSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function registerLiveSocket(app: FastifyInstance, options: LiveSocketOptions): Promise<void> {
  const { live, accessTokens } = options;
  const authTimeoutMs = options.authTimeoutMs ?? DEFAULT_AUTH_TIMEOUT_MS;

  type Listener = { kind: 'user'; session: Session } | { kind: 'subject'; grant: LiveSubjectGrant };

  /** Who the credential lets the socket listen as; null when it is forged, expired or unknown. */
  async function listenerOf(credential: AuthCredential, ip: string): Promise<Listener | null> {
    if (credential.kind === 'accessToken') {
      const session = await accessTokens.verify(credential.token);
      if (session === null) return null;
      if (options.isAddressAllowed !== undefined && !(await options.isAddressAllowed(session, ip))) return null;
      return { kind: 'user', session };
    }
    const grant = (await options.resolveSubject?.({ kind: credential.kind, token: credential.token })) ?? null;
    return grant === null ? null : { kind: 'subject', grant };
  }

  // Registered before the websocket plugin so it runs before the plugin's own preClose, which
  // would close the sockets without a code: clients must see 1001 (going away) and reconnect.
  app.addHook('preClose', async () => {
    await live.close(LiveCloseCode.GOING_AWAY, 'Server shutting down');
    const lingering = [...app.websocketServer.clients];
    if (lingering.length === 0) return;
    const timer = setTimeout(() => {
      for (const socket of lingering) socket.terminate();
    }, CLOSE_HANDSHAKE_GRACE_MS);
    timer.unref();
  });

  await app.register(websocket, {
    options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES },
    errorHandler(error, socket, request) {
      // Oversized or malformed frames are the client's fault: not worth an error-level log.
      request.log.info({ err: error }, 'live socket error');
      socket.terminate();
    },
  });

  app.get(
    '/ws',
    {
      websocket: true,
      config: { rateLimit: { max: options.upgradesPerMinute, timeWindow: '1 minute' } },
    },
    (socket: WebSocket, request) => {
      let isAuthenticated = false;
      let isVerifying = false;
      const authTimer = setTimeout(() => {
        socket.close(LiveCloseCode.UNAUTHENTICATED, 'Authentication required');
      }, authTimeoutMs);
      socket.on('close', () => clearTimeout(authTimer));

      socket.on('message', (data, isBinary) => {
        if (isAuthenticated || isVerifying) return;
        const credential = parseAuthMessage(data, isBinary);
        if (credential === null) {
          clearTimeout(authTimer);
          socket.close(LiveCloseCode.UNAUTHENTICATED, 'Authentication required');
          return;
        }
        isVerifying = true;
        listenerOf(credential, request.ip).then(
          (listener) => {
            clearTimeout(authTimer);
            if (socket.readyState !== socket.OPEN) return;
            if (listener === null) {
              socket.close(LiveCloseCode.UNAUTHENTICATED, 'Invalid or expired token');
              return;
            }
            const attached =
              listener.kind === 'user'
                ? live.attach(socket, listener.session)
                : live.attachSubject(socket, listener.grant.subject);
            if (attached === 'closing') {
              socket.close(LiveCloseCode.GOING_AWAY, 'Server shutting down');
              return;
            }
            if (attached === 'tooManySockets') {
              socket.close(LiveCloseCode.TOO_MANY_CONNECTIONS, 'Too many connections');
              return;
            }
            isAuthenticated = true;
            socket.send(JSON.stringify({ type: 'ready' }));
            if (listener.kind === 'subject') {
              for (const message of listener.grant.snapshot) socket.send(JSON.stringify(message));
            }
          },
          (error: unknown) => {
            request.log.error({ err: error }, 'live socket authentication failed');
            socket.close(1011, 'Server error');
          },
        );
      });
    },
  );
}
