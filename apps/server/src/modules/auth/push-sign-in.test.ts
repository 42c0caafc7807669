import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callMethod, createTestApp, signIn, type TestApp } from '../../../test/helper';
import { connectLive, type LiveTestClient } from '../../../test/live-client';
import { bearer, deviceTokenOf, exchange, linkDevice, login, type LinkedDevice } from '../../../test/sign-in-client';
import { loginRequests } from '../../db/schema/auth';
import { auditLog } from '../../db/schema/platform';
import { DEMO_FACTOR_USERS, DEMO_USERS } from '../../db/seed';
import { LiveCloseCode } from '../../platform/live-channel';
import { expireOverduePushSignIns, MAX_PUSHES_PER_USER_PER_HOUR } from './push-sign-in';

/**
 * Push sign-in over HTTP and real sockets: the browser waits on GET /ws with its loginToken, the
 * linked device (signed in with its secret) hears the request on its own socket and answers
 * through PUT /auth/login/{key}/confirm.
 */
let testApp: TestApp;
let baseUrl: string;
let phone: LinkedDevice;
let phoneToken: string;
let phoneSocket: LiveTestClient;

const user = DEMO_FACTOR_USERS.push;

/** A field of a live message's payload, as text. */
function payloadField(message: Record<string, unknown>, field: string): string {
  const value = z.object({ payload: z.record(z.string(), z.unknown()) }).parse(message).payload[field];
  if (typeof value !== 'string') throw new Error(`no ${field} in ${JSON.stringify(message)}`);
  return value;
}

async function subscribe(credential: { loginToken: string } | { deviceToken: string }): Promise<LiveTestClient> {
  const client = await connectLive(baseUrl);
  client.socket.send(JSON.stringify({ type: 'auth', ...credential }));
  const ready = await client.nextMessage();
  if (ready.type !== 'ready') throw new Error(`expected ready, got ${JSON.stringify(ready)}`);
  return client;
}

function confirm(key: string, result: boolean, deviceToken: string) {
  return testApp.app.inject({
    method: 'PUT',
    url: `/auth/login/${key}/confirm`,
    headers: bearer(deviceToken),
    payload: { result },
  });
}

function resend(tmpToken: string) {
  return testApp.app.inject({ method: 'POST', url: '/auth/push/re-send', payload: { tmpToken } });
}

/** A push sign-in and the browser's socket, with the request the phone received. */
async function startPush() {
  const answer = await login(testApp.app, user);
  expect(answer.flow.type).toBe('push');
  const browser = await subscribe({ loginToken: String(answer.flow.tmpToken) });
  const request = await phoneSocket.nextMessage();
  expect(request).toMatchObject({
    type: 'pushApproval',
    status: 'pending',
    payload: { kind: 'signIn', client: 'web' },
  });
  const key = payloadField(request, 'key');
  return { answer, browser, key };
}

/** Pushes of this file count towards the hourly budget; each test starts with an empty hour. */
async function forgetEarlierPushes(): Promise<void> {
  await testApp.database.db.update(loginRequests).set({ createdAt: sql`now() - interval '2 hours'` });
}

beforeAll(async () => {
  testApp = await createTestApp({ seed: true, config: { loginRateLimit: { max: 1_000, windowSeconds: 300 } } });
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  phone = await linkDevice(testApp.app, user, 'Casey’s phone');
  phoneToken = await deviceTokenOf(testApp.app, phone.secret);
  phoneSocket = await subscribe({ deviceToken: phoneToken });
});

afterAll(async () => {
  phoneSocket.close();
  await testApp.close();
});

describe('push sign-in', () => {
  it('answers push with the devices, a deep link and a temporary token, and no code', async () => {
    await forgetEarlierPushes();
    const { answer, browser } = await startPush();
    expect(answer.flow).toMatchObject({
      type: 'push',
      devices: [{ id: phone.device.id, name: 'Casey’s phone', type: 'android' }],
      expiresInSeconds: 120,
    });
    expect(answer.flow.code).toBeUndefined();
    expect(String(answer.flow.deeplink)).toMatch(/^harbor:\/\/auth\/login\/[0-9a-f-]{36}$/);
    browser.close();
  });

  it('delivers the code to the waiting browser when the device approves; the code opens the session', async () => {
    await forgetEarlierPushes();
    const { answer, browser, key } = await startPush();
    const approved = await confirm(key, true, phoneToken);
    expect(approved.json()).toEqual({ responseCode: '00' });

    const event = await browser.nextMessage();
    expect(event).toMatchObject({ type: 'pushLogin', status: 'approved' });
    const code = payloadField(event, 'code');
    expect(await phoneSocket.nextMessage()).toMatchObject({
      type: 'pushApproval',
      status: 'resolved',
      payload: { kind: 'signIn', key, result: 'approved' },
    });

    const tokens = await exchange(testApp.app, { code, codeVerifier: answer.pkce.verifier });
    expect(tokens.statusCode).toBe(200);
    const { accessToken } = tokens.json<{ accessToken: string }>();
    expect((await callMethod(testApp.app, 'customerInfoGet', { token: accessToken })).statusCode).toBe(200);
    // Answered once: a second answer is refused.
    expect((await confirm(key, false, phoneToken)).statusCode).toBe(403);
    const audits = await testApp.database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.pushApproved'));
    expect(audits.some((entry) => entry.details?.loginRequestId === key)).toBe(true);
    browser.close();
  });

  it('tells the browser of a decline; nothing can be exchanged', async () => {
    await forgetEarlierPushes();
    const { browser, key } = await startPush();
    expect((await confirm(key, false, phoneToken)).statusCode).toBe(200);
    expect(await browser.nextMessage()).toEqual({ type: 'pushLogin', status: 'declined', payload: {} });
    expect(await phoneSocket.nextMessage()).toMatchObject({ status: 'resolved', payload: { result: 'declined' } });
    browser.close();
  });

  it('tells the browser and the device when nobody answered in time', async () => {
    await forgetEarlierPushes();
    const { browser, key } = await startPush();
    await testApp.database.db
      .update(loginRequests)
      .set({ pushExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(loginRequests.id, key));
    expect(await expireOverduePushSignIns(testApp.database.db, testApp.app.live)).toBe(1);
    expect(await browser.nextMessage()).toEqual({ type: 'pushLogin', status: 'expired', payload: {} });
    expect(await phoneSocket.nextMessage()).toMatchObject({ status: 'resolved', payload: { key, result: 'expired' } });
    expect((await confirm(key, true, phoneToken)).statusCode).toBe(403);
    browser.close();
  });

  it('gives a browser that subscribes after the answer the answer at once', async () => {
    await forgetEarlierPushes();
    const answer = await login(testApp.app, user);
    const request = await phoneSocket.nextMessage();
    const key = payloadField(request, 'key');
    await confirm(key, true, phoneToken);
    await phoneSocket.nextMessage();
    const late = await subscribe({ loginToken: String(answer.flow.tmpToken) });
    const event = await late.nextMessage();
    expect(event).toMatchObject({ type: 'pushLogin', status: 'approved' });
    const code = payloadField(event, 'code');
    expect((await exchange(testApp.app, { code, codeVerifier: answer.pkce.verifier })).statusCode).toBe(200);
    late.close();
    // Once exchanged, the temporary token no longer subscribes.
    const afterwards = await connectLive(baseUrl);
    afterwards.socket.send(JSON.stringify({ type: 'auth', loginToken: String(answer.flow.tmpToken) }));
    expect((await afterwards.closed).code).toBe(LiveCloseCode.UNAUTHENTICATED);
  });

  it('keeps the browser socket to its own sign-in: user events do not reach it', async () => {
    await forgetEarlierPushes();
    const { browser } = await startPush();
    const [row] = await testApp.database.db.select({ userId: loginRequests.userId }).from(loginRequests).limit(1);
    await testApp.app.live.publish(testApp.database.db, {
      to: { userId: row?.userId ?? 0 },
      type: 'info',
      status: 'info',
      payload: {},
    });
    expect(await browser.hasMessage(300)).toBe(false);
    browser.close();
  });

  it('refuses a forged loginToken or deviceToken with 4401', async () => {
    for (const credential of [{ loginToken: 'x'.repeat(43) }, { deviceToken: 'not.a.jwt' }]) {
      const client = await connectLive(baseUrl);
      client.socket.send(JSON.stringify({ type: 'auth', ...credential }));
      expect((await client.closed).code).toBe(LiveCloseCode.UNAUTHENTICATED);
    }
  });
});

describe('push re-send and flood limits', () => {
  it('re-sends 3 times per sign-in, 30 s apart', async () => {
    await forgetEarlierPushes();
    const { browser, answer } = await startPush();
    const tmpToken = String(answer.flow.tmpToken);
    expect((await resend(tmpToken)).statusCode).toBe(429);
    for (let left = 2; left >= 0; left -= 1) {
      await testApp.database.db.update(loginRequests).set({ pushLastSentAt: sql`now() - interval '31 seconds'` });
      const resent = await resend(tmpToken);
      expect(resent.json()).toEqual({ responseCode: '00', resendsLeft: left, expiresInSeconds: 120 });
      expect(await phoneSocket.nextMessage()).toMatchObject({ type: 'pushApproval', status: 'pending' });
    }
    await testApp.database.db.update(loginRequests).set({ pushLastSentAt: sql`now() - interval '31 seconds'` });
    expect((await resend(tmpToken)).statusCode).toBe(429);
    expect((await resend('y'.repeat(43))).statusCode).toBe(401);
    browser.close();
  });

  it(`sends a user at most ${MAX_PUSHES_PER_USER_PER_HOUR} pushes an hour, sign-ins and re-sends together`, async () => {
    await forgetEarlierPushes();
    for (let push = 0; push < MAX_PUSHES_PER_USER_PER_HOUR; push += 1) {
      expect((await login(testApp.app, user)).flow.type).toBe('push');
      await phoneSocket.nextMessage();
    }
    const flooded = await login(testApp.app, user);
    expect(flooded.response.statusCode).toBe(429);
    expect(flooded.response.json<{ responseCode: string }>().responseCode).toBe('RL');
    expect(Number(flooded.response.headers['retry-after'])).toBeGreaterThan(3_000);
    expect(await phoneSocket.hasMessage(200)).toBe(false);
  });
});

describe('who may answer', () => {
  it('refuses another user’s device, a user access token and no token', async () => {
    await forgetEarlierPushes();
    const { browser, key } = await startPush();
    const stranger = await linkDevice(testApp.app, DEMO_USERS.personal, 'Stranger phone');
    const strangerToken = await deviceTokenOf(testApp.app, stranger.secret);
    const foreign = await confirm(key, true, strangerToken);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json<{ responseCode: string }>().responseCode).toBe('ENOA');

    const session = await signIn(testApp.app, DEMO_USERS.personal);
    expect((await confirm(key, true, session.accessToken)).statusCode).toBe(401);
    const anonymous = await testApp.app.inject({
      method: 'PUT',
      url: `/auth/login/${key}/confirm`,
      payload: { result: true },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await browser.hasMessage(200)).toBe(false);

    // The stranger's socket never heard of this sign-in; the owner's device lists it.
    const pending = await testApp.app.inject({ method: 'GET', url: '/auth/push/pending', headers: bearer(phoneToken) });
    expect(pending.json<{ approvals: { key?: string }[] }>().approvals.map((approval) => approval.key)).toContain(key);
    const strangerPending = await testApp.app.inject({
      method: 'GET',
      url: '/auth/push/pending',
      headers: bearer(strangerToken),
    });
    expect(strangerPending.json()).toEqual({ responseCode: '00', approvals: [] });
    browser.close();
  });
});
