import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLive, connectLiveAs, signTestAccessToken } from '../../test/live-client';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../test/helper';
import { createAccessTokens } from './access-token';
import { preparedSql } from '../db/client';
import { createLiveChannel, LIVE_EVENTS_CHANNEL, LiveCloseCode, type LiveChannel } from './live-channel';
import { registerLiveSocket } from './live-socket';

/** In one process, on the engine under test: PGlite by default, PostgreSQL with DATABASE_URL. */
let database: TestDatabase;
let testApp: TestApp;
let baseUrl: string;

const event = (n: number) => ({ type: 'info', status: 'success', payload: { n } });
/** Events of about 600 bytes each. */
const largeEvents = (count: number) =>
  Array.from({ length: count }, (_, n) => ({ type: 'info', status: 'success', payload: { n, note: 'x'.repeat(560) } }));

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await createTestApp({ database });
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await testApp.close();
  await database.dispose();
});

describe('GET /ws on the app', () => {
  it('answers ready to a valid token and delivers an event once its transaction commits', async () => {
    const client = await connectLiveAs(baseUrl, await signTestAccessToken(testApp.config, 41));
    const { db } = testApp.database;
    await db.transaction(async (tx) => {
      await testApp.app.live.publish(tx, { to: { userId: 41 }, ...event(1) });
      // Still inside the transaction: nothing may have left yet.
      expect(await client.hasMessage(100)).toBe(false);
    });
    expect(await client.nextMessage()).toEqual(event(1));
    client.close();
  });

  it('never delivers an event published in a rolled-back transaction', async () => {
    const client = await connectLiveAs(baseUrl, await signTestAccessToken(testApp.config, 42));
    const { db } = testApp.database;
    await expect(
      db.transaction(async (tx) => {
        await testApp.app.live.publish(tx, { to: { userId: 42 }, ...event(1) });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    await testApp.app.live.publish(db, { to: { userId: 42 }, ...event(2) });
    // The committed event is the first to arrive: the rolled-back one never did.
    expect(await client.nextMessage()).toEqual(event(2));
    expect(await client.hasMessage()).toBe(false);
    client.close();
  });

  it('publishes after the commit: nothing while the transaction is open, nothing if it rolls back', async () => {
    const client = await connectLiveAs(baseUrl, await signTestAccessToken(testApp.config, 46));
    const { db } = testApp.database;
    const { live } = testApp.app;
    const answer = await live.publishAfterCommit(db, (committed) =>
      db.transaction(async () => {
        committed.add({ to: { userId: 46 }, ...event(1) });
        // Queued, not sent: the transaction has not committed yet.
        expect(await client.hasMessage(100)).toBe(false);
        return 'committed';
      }),
    );
    expect(answer).toBe('committed');
    expect(await client.nextMessage()).toEqual(event(1));
    await expect(
      live.publishAfterCommit(db, (committed) =>
        db.transaction(() => {
          committed.add({ to: { userId: 46 }, ...event(2) });
          throw new Error('business rule failed');
        }),
      ),
    ).rejects.toThrow('business rule failed');
    await live.publish(db, { to: { userId: 46 }, ...event(3) });
    expect(await client.nextMessage()).toEqual(event(3));
    expect(await client.hasMessage()).toBe(false);
    client.close();
  });

  it('does not fail a committed call when its event cannot be published, and refuses a transaction handle', async () => {
    const client = await connectLiveAs(baseUrl, await signTestAccessToken(testApp.config, 47));
    const { db } = testApp.database;
    const { live } = testApp.app;
    const answer = await live.publishAfterCommit(db, async (committed) => {
      committed.add({ to: { userId: 47 }, type: 'info', status: 'info', payload: { text: 'x'.repeat(8_000) } });
      committed.add({ to: { userId: 47 }, ...event(4) });
      return Promise.resolve('committed');
    });
    // The oversized event is logged and lost; the one after it still leaves.
    expect(answer).toBe('committed');
    expect(await client.nextMessage()).toEqual(event(4));
    await expect(db.transaction((tx) => live.publishAfterCommit(tx, () => Promise.resolve(1)))).rejects.toThrow(
      /root database/,
    );
    client.close();
  });

  it('delivers many events published at once outside a transaction, in order, however they are batched', async () => {
    const client = await connectLiveAs(baseUrl, await signTestAccessToken(testApp.config, 48));
    const { db } = testApp.database;
    // A NOTIFY carries a dozen of them at most, so the 60 take several.
    const events = largeEvents(60);
    await Promise.all(events.map((item) => testApp.app.live.publish(db, { to: { userId: 48 }, ...item })));
    for (const item of events) expect(await client.nextMessage()).toEqual(item);
    expect(await client.hasMessage()).toBe(false);
    client.close();
  });

  it('delivers the notifications a statement sends at its commit, as few as fit, and none if it fails', async () => {
    const client = await connectLiveAs(baseUrl, await signTestAccessToken(testApp.config, 49));
    const other = await connectLiveAs(baseUrl, await signTestAccessToken(testApp.config, 50));
    const { db } = testApp.database;
    const events = largeEvents(30);
    // A customer's event goes to the users given, with the customer named; an event to no one is left out.
    const payloads = testApp.app.live.notificationsOf([
      ...events.map((item) => ({ to: { userId: 49 }, ...item })),
      { to: { customerId: 7, userIds: [50, 50] }, ...event(5) },
      { to: { customerId: 8, userIds: [] }, ...event(6) },
    ]);
    expect(payloads.length).toBeGreaterThan(1);
    expect(payloads.length).toBeLessThan(10);
    const notify = preparedSql<{ sent: number }>(
      'live_test_notify_all',
      `select count(pg_notify('${LIVE_EVENTS_CHANNEL}', payload))::int as sent from unnest($1::text[]) as payload`,
    );
    await expect(
      db.transaction(async (tx) => {
        await notify(tx, [payloads]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await client.hasMessage(100)).toBe(false);
    await notify(db, [payloads]);
    for (const item of events) expect(await client.nextMessage()).toEqual(item);
    expect(await other.nextMessage()).toEqual({ ...event(5), customerId: 7 });
    expect(await other.hasMessage()).toBe(false);
    for (const socket of [client, other]) socket.close();
  });

  it('delivers only to the addressed user, on every socket of that user', async () => {
    const first = await connectLiveAs(baseUrl, await signTestAccessToken(testApp.config, 43));
    const second = await connectLiveAs(baseUrl, await signTestAccessToken(testApp.config, 43));
    const other = await connectLiveAs(baseUrl, await signTestAccessToken(testApp.config, 44));
    await testApp.app.live.publish(testApp.database.db, { to: { userId: 43 }, ...event(3) });
    expect(await first.nextMessage()).toEqual(event(3));
    expect(await second.nextMessage()).toEqual(event(3));
    expect(await other.hasMessage()).toBe(false);
    for (const client of [first, second, other]) client.close();
  });

  it('publishes through POST /dev/live/publish', async () => {
    const client = await connectLiveAs(baseUrl, await signTestAccessToken(testApp.config, 45));
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/dev/live/publish',
      payload: { userId: 45, type: 'cardClosed', status: 'warning', payload: { cardId: 9 } },
    });
    expect(response.json()).toEqual({ responseCode: '00' });
    expect(await client.nextMessage()).toEqual({ type: 'cardClosed', status: 'warning', payload: { cardId: 9 } });
    client.close();
  });

  it('ignores client messages after authentication', async () => {
    const client = await connectLiveAs(baseUrl, await signTestAccessToken(testApp.config, 46));
    client.socket.send('{"type":"subscribe","everything":true}');
    client.socket.send('not json');
    await testApp.app.live.publish(testApp.database.db, { to: { userId: 46 }, ...event(4) });
    expect(await client.nextMessage()).toEqual(event(4));
    client.close();
  });

  it('closes with 4401 for a forged or expired token', async () => {
    const forged = await createAccessTokens(new TextEncoder().encode('another-secret-another-secret-0123456'), 60).sign(
      {
        userId: 47,
        sessionId: randomUUID(),
        isAdmin: false,
      },
    );
    const client = await connectLive(baseUrl);
    client.socket.send(JSON.stringify({ type: 'auth', accessToken: forged }));
    expect((await client.closed).code).toBe(LiveCloseCode.UNAUTHENTICATED);
  });

  it('closes with 4401 when the first message is not an auth message', async () => {
    const client = await connectLive(baseUrl);
    client.socket.send(JSON.stringify({ type: 'hello' }));
    expect((await client.closed).code).toBe(LiveCloseCode.UNAUTHENTICATED);
  });

  it('closes with 1009 on a message over 4 KiB', async () => {
    const client = await connectLive(baseUrl);
    client.socket.send(JSON.stringify({ type: 'auth', accessToken: 'x'.repeat(5_000) }));
    expect((await client.closed).code).toBe(1009);
  });

  it('refuses an event too large for NOTIFY, failing the transaction that sent it', async () => {
    await expect(
      testApp.app.live.publish(testApp.database.db, {
        to: { userId: 1 },
        type: 'info',
        status: 'info',
        payload: { text: 'x'.repeat(8_000) },
      }),
    ).rejects.toThrow(/too large/);
  });

  it('limits upgrades per client address, answering 429 before the upgrade', async () => {
    // 120 a minute per address (app.ts); the tests above used some of them.
    let refusal: unknown;
    for (let attempt = 0; attempt < 130 && refusal === undefined; attempt += 1) {
      try {
        (await connectLive(baseUrl)).close();
      } catch (error) {
        refusal = error;
      }
    }
    expect(String(refusal)).toContain('Unexpected server response: 429');
  });
});

describe('live channel mechanics', () => {
  let bare: FastifyInstance;
  let live: LiveChannel;
  let bareUrl: string;

  beforeAll(async () => {
    bare = Fastify({ logger: false });
    live = createLiveChannel({
      database: database.handle,
      audience: { userIdsActingFor: (_db, customerId) => Promise.resolve(customerId === 900 ? [51, 52, 51] : []) },
      log: bare.log,
      heartbeatIntervalMs: 100,
    });
    await registerLiveSocket(bare, {
      live,
      accessTokens: createAccessTokens(testApp.config.jwtSecret, 60),
      authTimeoutMs: 300,
      upgradesPerMinute: 1_000,
    });
    bare.addHook('onReady', () => live.start());
    bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    await bare.close();
  });

  it('closes with 4401 when no auth message arrives in time', async () => {
    const client = await connectLive(bareUrl);
    const startedAt = Date.now();
    expect((await client.closed).code).toBe(LiveCloseCode.UNAUTHENTICATED);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(250);
  });

  it('delivers a customer event once to each user acting for the customer, naming the customer', async () => {
    const first = await connectLiveAs(bareUrl, await signTestAccessToken(testApp.config, 51));
    const second = await connectLiveAs(bareUrl, await signTestAccessToken(testApp.config, 52));
    const outsider = await connectLiveAs(bareUrl, await signTestAccessToken(testApp.config, 53));
    await live.publish(database.handle.db, { to: { customerId: 900 }, ...event(5) });
    expect(await first.nextMessage()).toEqual({ ...event(5), customerId: 900 });
    expect(await second.nextMessage()).toEqual({ ...event(5), customerId: 900 });
    expect(await first.hasMessage()).toBe(false);
    expect(await outsider.hasMessage(0)).toBe(false);
    for (const client of [first, second, outsider]) client.close();
  });

  it('ends one session without touching the user’s other sessions', async () => {
    const sessionId = randomUUID();
    const ended = await connectLiveAs(bareUrl, await signTestAccessToken(testApp.config, 54, sessionId));
    const kept = await connectLiveAs(bareUrl, await signTestAccessToken(testApp.config, 54));
    await live.endSession(database.handle.db, sessionId);
    expect((await ended.closed).code).toBe(LiveCloseCode.UNAUTHENTICATED);
    await live.publish(database.handle.db, { to: { userId: 54 }, ...event(6) });
    expect(await kept.nextMessage()).toEqual(event(6));
    kept.close();
  });

  it('refuses a 17th socket of one user with 4429', async () => {
    const token = await signTestAccessToken(testApp.config, 58);
    const clients = await Promise.all(Array.from({ length: 16 }, () => connectLiveAs(bareUrl, token)));
    const extra = await connectLive(bareUrl);
    extra.socket.send(JSON.stringify({ type: 'auth', accessToken: token }));
    expect((await extra.closed).code).toBe(LiveCloseCode.TOO_MANY_CONNECTIONS);
    for (const client of clients) client.close();
  });

  it('drops a socket that stops answering pings', async () => {
    const client = await connectLive(bareUrl, { autoPong: false });
    client.socket.send(JSON.stringify({ type: 'auth', accessToken: await signTestAccessToken(testApp.config, 55) }));
    expect(await client.nextMessage()).toEqual({ type: 'ready' });
    // Two heartbeats of 100 ms without a pong: terminated, so no close frame (1006).
    expect((await client.closed).code).toBe(1006);
  });

  it('closes open sockets with 1001 when the server shuts down', async () => {
    const client = await connectLiveAs(bareUrl, await signTestAccessToken(testApp.config, 57));
    await live.close();
    expect((await client.closed).code).toBe(LiveCloseCode.GOING_AWAY);
  });
});
