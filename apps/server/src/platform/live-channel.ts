import assert from 'node:assert/strict';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { isTransaction, type Database, type DatabaseHandle } from '../db/client';
import type { Session } from './access-token';

/**
 * Live events (DESIGN.md §4): `{ type, status, payload }` pushed over `GET /ws` to the sockets of
 * the addressed users, on whichever server process holds them.
 *
 * Delivery rides on PostgreSQL NOTIFY on both engines. `publish(db, event)` runs
 * `SELECT pg_notify(...)` on the handle it is given, so called with a transaction handle the event
 * is part of that transaction: PostgreSQL delivers it when the transaction commits and never when it
 * rolls back (a rolled-back savepoint drops it too). Each process LISTENs once and fans the event
 * out to its own sockets: a dedicated `pg.Client` on PostgreSQL, `PGlite.listen` on PGlite, which
 * keeps the same commit semantics in one process. One mechanism, no commit hooks to forget.
 *
 * Delivery is at most once: a socket that is reconnecting, or a listener that is, misses events.
 * Clients treat an event as a hint to refetch, and refetch after reconnecting.
 *
 * The exception to "publish inside the transaction" is the hot money path: a NOTIFY inside a write
 * transaction holds PostgreSQL's cluster-wide notify lock from the commit's start through its WAL
 * flush, so every such commit queues behind the one before it (measured, 16 clients committing
 * small write transactions: 275 per second with a NOTIFY in each, 1340 without). There,
 * `publishAfterCommit` publishes once the transaction committed, in an autocommit statement that
 * has no transaction id and nothing to flush. See its comment for what that gives up.
 *
 * Besides users, a socket can hear one subject only: a sign-in waiting for a push approval
 * (`signIn:<id>`, opened before there is a session) or a linked device (`device:<id>`). Such a
 * socket never hears user or customer events, and user sockets never hear subject events.
 */
export const LIVE_EVENTS_CHANNEL = 'live_events';

/** PostgreSQL refuses NOTIFY payloads from 8000 bytes; events carry ids, never documents. */
const MAX_NOTIFY_PAYLOAD_BYTES = 7_900;
/** Notifications one batched NOTIFY carries at most (the payload limit binds first for most). */
const MAX_NOTIFICATIONS_PER_BATCH = 100;
/** Users reached by one customer-addressed event; more would not fit a NOTIFY payload anyway. */
const MAX_RECIPIENTS_PER_EVENT = 500;
/** Sockets one user (or one subject) may hold on one process (tabs, devices); the next one is refused. */
const MAX_SOCKETS_PER_USER = 16;
/** A socket that cannot drain this much is a stalled client: drop it rather than buffer more. */
const MAX_SOCKET_BUFFERED_BYTES = 1_048_576;
const DEFAULT_HEARTBEAT_INTERVAL_MS = 30_000;
const LISTENER_RETRY_BASE_MS = 250;
const LISTENER_RETRY_MAX_MS = 30_000;

/** Close codes the web client acts on: 4401 sign in again, 4429 too many connections. */
export const LiveCloseCode = {
  GOING_AWAY: 1001,
  UNAUTHENTICATED: 4401,
  TOO_MANY_CONNECTIONS: 4429,
} as const;

export interface LiveEvent {
  /** Notification types of spec 001 §9 ('documentFailed', 'cardClosed'…) or 'pushApproval'. */
  type: string;
  /** 'error' | 'info' | 'warning' | 'success' for notifications; the result for approvals. */
  status: string;
  payload: Record<string, unknown>;
}

/**
 * One user, everyone acting for a customer (the client learns which customer from `customerId`),
 * or the sockets subscribed to one subject.
 */
export type LiveAddress =
  | { userId: number }
  | { customerId: number }
  /** Everyone acting for a customer, as read in the statement that read what caused the event. */
  | { customerId: number; userIds: number[] }
  | { subject: string };

export type LiveEventToPublish = LiveEvent & { to: LiveAddress };

/** What a socket receives. */
export interface LiveMessage extends LiveEvent {
  customerId?: number;
}

/** The customers domain says who acts for a customer; the live channel does not read its tables. */
export interface LiveAudiencePort {
  userIdsActingFor(db: Database, customerId: number): Promise<number[]>;
}

/** Events held back until the transaction that caused them committed; see `publishAfterCommit`. */
export interface CommittedEvents {
  add(event: LiveEventToPublish): void;
}

export interface LiveChannel {
  /**
   * Queues the event in the caller's transaction (or sends it at once on a plain handle, in one
   * NOTIFY with whatever else is being sent then). Call it inside the transaction that changes
   * the data, so clients never hear of uncommitted changes.
   */
  publish(db: Database, event: LiveEventToPublish): Promise<void>;
  /**
   * Runs `work`, which opens and commits its own transaction on `db` (the root handle, never a
   * transaction), and once it has returned publishes the events it added, each in an autocommit
   * statement; if `work` throws, nothing is published. The trade-off, accepted for events that
   * are hints: a process that dies between the commit and the publish loses them (the data is
   * committed; the client sees it on its next refresh). A publish that fails is logged and does
   * not fail the call whose transaction already committed.
   */
  publishAfterCommit<T>(db: Database, work: (events: CommittedEvents) => Promise<T>): Promise<T>;
  /**
   * The NOTIFY payloads, on LIVE_EVENTS_CHANNEL, of events addressed to given users (`userId` or
   * `userIds`), grouped as few as fit: for one statement that writes the data and notifies, so the
   * events leave at its commit and never without it.
   */
  notificationsOf(events: LiveEventToPublish[]): string[];
  /** Closes every socket of a session on every process (sign-out, revoked refresh-token family). */
  endSession(db: Database, sessionId: string): Promise<void>;
  /** Closes every socket subscribed to the subject, on every process (a removed device). */
  endSubject(db: Database, subject: string): Promise<void>;
  /** Registers an authenticated socket, unless the user holds too many or the channel is closing. */
  attach(socket: WebSocket, session: Session): 'attached' | 'tooManySockets' | 'closing';
  /** Registers a socket that hears only the subject's events, with the same limits. */
  attachSubject(socket: WebSocket, subject: string): 'attached' | 'tooManySockets' | 'closing';
  /** Begins listening and the heartbeat; idempotent. */
  start(): Promise<void>;
  /** Closes every socket with the given code and stops listening. */
  close(code?: number, reason?: string): Promise<void>;
  socketCount(): number;
}

export interface LiveChannelOptions {
  database: DatabaseHandle;
  audience: LiveAudiencePort;
  log: FastifyBaseLogger;
  heartbeatIntervalMs?: number;
}

const liveMessageSchema = z.object({
  type: z.string(),
  status: z.string(),
  payload: z.record(z.string(), z.unknown()),
  customerId: z.number().int().optional(),
});

/** What travels through NOTIFY between processes. */
const singleNotificationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('event'), userIds: z.array(z.number().int()), message: liveMessageSchema }),
  z.object({ kind: z.literal('endSession'), sessionId: z.string() }),
  z.object({ kind: z.literal('subjectEvent'), subject: z.string(), message: liveMessageSchema }),
  z.object({ kind: z.literal('endSubject'), subject: z.string() }),
]);
type LiveNotification = z.infer<typeof singleNotificationSchema>;
/** Several notifications sent outside a transaction at the same moment, in one NOTIFY (see `createNotifyBatcher`). */
const notificationSchema = z.union([
  singleNotificationSchema,
  z.object({ kind: z.literal('batch'), items: z.array(singleNotificationSchema).max(MAX_NOTIFICATIONS_PER_BATCH) }),
]);

interface AttachedSocket {
  socket: WebSocket;
  /** null for a subject socket. */
  session: Session | null;
  isAlive: boolean;
}

interface Listener {
  close(): Promise<void>;
}

export function createLiveChannel(options: LiveChannelOptions): LiveChannel {
  const { log } = options;
  const socketsByUser = new Map<number, Set<AttachedSocket>>();
  const socketsBySubject = new Map<string, Set<AttachedSocket>>();
  let listener: Listener | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let isClosed = false;

  const notifyOutsideTransactions = createNotifyBatcher();

  async function notify(db: Database, notification: LiveNotification): Promise<void> {
    const json = JSON.stringify(notification);
    if (Buffer.byteLength(json) > MAX_NOTIFY_PAYLOAD_BYTES) {
      throw new Error(`Live event too large (${Buffer.byteLength(json)} bytes): send ids and let the client fetch`);
    }
    // In a transaction the NOTIFY is part of it (sent at its commit, dropped at its rollback).
    if (isTransaction(db)) await sendNotify(db, json);
    else await notifyOutsideTransactions(db, json);
  }

  function send(attached: AttachedSocket, json: string): void {
    const { socket } = attached;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_SOCKET_BUFFERED_BYTES) {
      log.warn({ userId: attached.session?.userId }, 'live socket stalled; dropping it');
      socket.terminate();
      return;
    }
    socket.send(json);
  }

  function deliver(rawPayload: string): void {
    let notification: z.infer<typeof notificationSchema>;
    try {
      notification = notificationSchema.parse(JSON.parse(rawPayload));
    } catch (error) {
      log.error({ err: error }, 'unreadable live notification');
      return;
    }
    if (notification.kind === 'batch') notification.items.forEach(deliverOne);
    else deliverOne(notification);
  }

  function deliverOne(notification: LiveNotification): void {
    if (notification.kind === 'endSession') {
      for (const sockets of socketsByUser.values()) {
        for (const attached of sockets) {
          if (attached.session?.sessionId === notification.sessionId) {
            attached.socket.close(LiveCloseCode.UNAUTHENTICATED, 'Session ended');
          }
        }
      }
      return;
    }
    if (notification.kind === 'endSubject') {
      for (const attached of socketsBySubject.get(notification.subject) ?? []) {
        attached.socket.close(LiveCloseCode.UNAUTHENTICATED, 'Subscription ended');
      }
      return;
    }
    if (notification.kind === 'subjectEvent') {
      const json = JSON.stringify(notification.message);
      for (const attached of socketsBySubject.get(notification.subject) ?? []) send(attached, json);
      return;
    }
    const json = JSON.stringify(notification.message);
    for (const userId of notification.userIds) {
      for (const attached of socketsByUser.get(userId) ?? []) send(attached, json);
    }
  }

  function attachTo<K>(
    index: Map<K, Set<AttachedSocket>>,
    key: K,
    socket: WebSocket,
    session: Session | null,
  ): 'attached' | 'tooManySockets' | 'closing' {
    if (isClosed) return 'closing';
    const sockets = index.get(key) ?? new Set<AttachedSocket>();
    if (sockets.size >= MAX_SOCKETS_PER_USER) return 'tooManySockets';
    const attached: AttachedSocket = { socket, session, isAlive: true };
    sockets.add(attached);
    index.set(key, sockets);
    socket.on('pong', () => {
      attached.isAlive = true;
    });
    socket.on('close', () => {
      sockets.delete(attached);
      if (sockets.size === 0 && index.get(key) === sockets) index.delete(key);
    });
    return 'attached';
  }

  function beat(): void {
    for (const sockets of [...socketsByUser.values(), ...socketsBySubject.values()]) {
      for (const attached of sockets) {
        // No pong since the last ping: the peer is gone without a close frame (a dead network).
        if (!attached.isAlive) {
          attached.socket.terminate();
          continue;
        }
        attached.isAlive = false;
        attached.socket.ping();
      }
    }
  }

  /** The notification of an event to users; null when no one is to hear it. */
  function userNotificationOf(
    message: LiveMessage,
    recipients: { userIds: number[]; customerId?: number },
  ): LiveNotification | null {
    const userIds = [...new Set(recipients.userIds)];
    if (userIds.length > MAX_RECIPIENTS_PER_EVENT) {
      throw new Error(`Live event for customer ${recipients.customerId} has ${userIds.length} recipients`);
    }
    if (userIds.length === 0) return null;
    const liveMessage: LiveMessage =
      recipients.customerId === undefined ? message : { ...message, customerId: recipients.customerId };
    return { kind: 'event', userIds, message: liveMessage };
  }

  async function publish(db: Database, event: LiveEventToPublish): Promise<void> {
    const { to, ...message } = event;
    if ('subject' in to) {
      await notify(db, { kind: 'subjectEvent', subject: to.subject, message });
      return;
    }
    const notification =
      'userId' in to
        ? userNotificationOf(message, { userIds: [to.userId] })
        : userNotificationOf(message, {
            customerId: to.customerId,
            userIds: 'userIds' in to ? to.userIds : await options.audience.userIdsActingFor(db, to.customerId),
          });
    if (notification !== null) await notify(db, notification);
  }

  return {
    publish,

    notificationsOf(events) {
      const jsons = events.flatMap(({ to, ...message }) => {
        assert.ok(!('subject' in to), 'notificationsOf takes events to users');
        let notification: LiveNotification | null;
        if ('userId' in to) notification = userNotificationOf(message, { userIds: [to.userId] });
        else {
          assert.ok('userIds' in to, "notificationsOf takes a customer's event with its audience");
          notification = userNotificationOf(message, { customerId: to.customerId, userIds: to.userIds });
        }
        if (notification === null) return [];
        const json = JSON.stringify(notification);
        if (Buffer.byteLength(json) > MAX_NOTIFY_PAYLOAD_BYTES) throw new Error('Live event too large');
        return [json];
      });
      const payloads: string[] = [];
      for (let first = 0; first < jsons.length;) {
        const { count, payload } = nextPayload(jsons.slice(first));
        payloads.push(payload);
        first += count;
      }
      return payloads;
    },

    async publishAfterCommit(db, work) {
      assert.ok(!isTransaction(db), 'publishAfterCommit publishes after a commit: pass the root database');
      const committed: LiveEventToPublish[] = [];
      const result = await work({ add: (event) => committed.push(event) });
      for (const event of committed) {
        try {
          await publish(db, event);
        } catch (error) {
          log.warn({ err: error, type: event.type }, 'live event lost after its commit');
        }
      }
      return result;
    },

    endSession: (db, sessionId) => notify(db, { kind: 'endSession', sessionId }),

    endSubject: (db, subject) => notify(db, { kind: 'endSubject', subject }),

    attach: (socket, session) => attachTo(socketsByUser, session.userId, socket, session),

    attachSubject: (socket, subject) => attachTo(socketsBySubject, subject, socket, null),

    async start() {
      if (listener !== undefined || isClosed) return;
      listener =
        options.database.kind === 'pglite'
          ? await listenPglite(options.database, deliver)
          : await listenPostgres(options.database.connectionString, deliver, log);
      heartbeat = setInterval(beat, options.heartbeatIntervalMs ?? DEFAULT_HEARTBEAT_INTERVAL_MS);
      heartbeat.unref();
    },

    async close(code = LiveCloseCode.GOING_AWAY, reason = 'Server shutting down') {
      isClosed = true;
      clearInterval(heartbeat);
      for (const sockets of [...socketsByUser.values(), ...socketsBySubject.values()]) {
        for (const attached of sockets) attached.socket.close(code, reason);
      }
      await listener?.close();
      listener = undefined;
    },

    socketCount: () =>
      [...socketsByUser.values(), ...socketsBySubject.values()].reduce((count, sockets) => count + sockets.size, 0),
  };
}

/** How many of the first notifications (JSON, each within the limit) fit one NOTIFY, and its payload. */
function nextPayload(jsons: string[]): { count: number; payload: string } {
  const [first] = jsons;
  assert.ok(first !== undefined);
  // `{"kind":"batch","items":[` … `]}` around the items, and a comma between two.
  let bytes = 26 + Buffer.byteLength(first);
  let count = 1;
  for (const next of jsons.slice(1, MAX_NOTIFICATIONS_PER_BATCH)) {
    const nextBytes = bytes + 1 + Buffer.byteLength(next);
    if (nextBytes > MAX_NOTIFY_PAYLOAD_BYTES) break;
    count += 1;
    bytes = nextBytes;
  }
  const payload = count === 1 ? first : `{"kind":"batch","items":[${jsons.slice(0, count).join(',')}]}`;
  return { count, payload };
}

async function sendNotify(db: Database, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${payload})`);
}

/**
 * Group NOTIFY for publishes outside a transaction (after a commit): while one NOTIFY of a handle
 * is on its way, the notifications that arrive queue, and the next NOTIFY carries them all as one
 * batch (within the payload limit), as do the notifications published in one turn of the event
 * loop. Under load this saves most of a round trip per event; alone, an event leaves at once (a
 * microtask later), as itself. Each caller learns whether its own notification was sent.
 */
function createNotifyBatcher(): (db: Database, json: string) => Promise<void> {
  interface Queued {
    json: string;
    resolve: () => void;
    reject: (error: unknown) => void;
  }
  const queues = new WeakMap<Database, { queued: Queued[]; isSending: boolean }>();

  /** The first notifications of `queued` that fit one NOTIFY, and its payload. */
  function nextBatch(queued: Queued[]): { batch: Queued[]; payload: string } {
    const { count, payload } = nextPayload(queued.map((item) => item.json));
    return { batch: queued.slice(0, count), payload };
  }

  async function drain(db: Database, queue: { queued: Queued[]; isSending: boolean }): Promise<void> {
    queue.isSending = true;
    try {
      while (queue.queued.length > 0) {
        const { batch, payload } = nextBatch(queue.queued);
        queue.queued.splice(0, batch.length);
        try {
          await sendNotify(db, payload);
          for (const item of batch) item.resolve();
        } catch (error) {
          for (const item of batch) item.reject(error);
        }
      }
    } finally {
      queue.isSending = false;
    }
  }

  return (db, json) => {
    let queue = queues.get(db);
    if (queue === undefined) {
      queue = { queued: [], isSending: false };
      queues.set(db, queue);
    }
    const queued = queue;
    const sent = new Promise<void>((resolve, reject) => queued.queued.push({ json, resolve, reject }));
    if (!queued.isSending) {
      // What is published in the same turn (the payee notices of a batch of transfers) leaves as one.
      queued.isSending = true;
      queueMicrotask(() => void drain(db, queued));
    }
    return sent;
  };
}

async function listenPglite(
  database: Extract<DatabaseHandle, { kind: 'pglite' }>,
  onPayload: (payload: string) => void,
): Promise<Listener> {
  const unsubscribe = await database.pglite.listen(LIVE_EVENTS_CHANNEL, onPayload);
  return {
    async close() {
      // PGlite may already be closed when the app shuts down in another order; nothing to release then.
      if (!database.pglite.closed) await unsubscribe();
    },
  };
}

/**
 * One connection per process, outside the pool: LISTEN binds to a session, and a pooled client
 * would be handed to queries. A dropped connection is replaced with jittered exponential backoff.
 */
async function listenPostgres(
  connectionString: string,
  onPayload: (payload: string) => void,
  log: FastifyBaseLogger,
): Promise<Listener> {
  let current: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let failedAttempts = 0;
  let isClosed = false;

  function scheduleReconnect(): void {
    if (isClosed || retryTimer !== undefined) return;
    const ceilingMs = Math.min(LISTENER_RETRY_MAX_MS, LISTENER_RETRY_BASE_MS * 2 ** failedAttempts);
    failedAttempts += 1;
    const delayMs = Math.round(ceilingMs / 2 + (Math.random() * ceilingMs) / 2);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delayMs);
  }

  async function connect(): Promise<void> {
    let client: pg.Client;
    try {
      client = new pg.Client({ connectionString, keepAlive: true, application_name: 'harbor-live-listener' });
    } catch (error) {
      log.error({ err: error }, 'live listener cannot be created');
      scheduleReconnect();
      return;
    }
    let isDropped = false;
    const drop = (error?: unknown): void => {
      if (isDropped) return;
      isDropped = true;
      if (current === client) current = undefined;
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      if (!isClosed) {
        log.warn({ err: error }, 'live listener connection lost; reconnecting');
        scheduleReconnect();
      }
    };
    client.on('error', drop);
    client.on('end', () => drop());
    client.on('notification', (message) => {
      if (message.channel === LIVE_EVENTS_CHANNEL && message.payload !== undefined) onPayload(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_EVENTS_CHANNEL}`);
    } catch (error) {
      drop(error);
      return;
    }
    if (isClosed) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    if (failedAttempts > 0) log.info('live listener reconnected');
    failedAttempts = 0;
  }

  await connect();
  return {
    async close() {
      isClosed = true;
      clearTimeout(retryTimer);
      const client = current;
      current = undefined;
      if (client !== undefined) {
        client.removeAllListeners('notification');
        await client.end().catch(() => undefined);
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's live channel; publish through it inside the transaction that changes data. */
    live: LiveChannel;
  }
}
