import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/helper';
import { connectLive } from '../../../test/live-client';
import {
  bearer,
  countSentMessages,
  deviceTokenOf,
  exchange,
  latestSentCode,
  linkDevice,
  login,
  totpAt,
} from '../../../test/sign-in-client';
import { devices } from '../../db/schema/auth';
import { auditLog } from '../../db/schema/platform';
import { DEMO_FACTOR_USERS, DEMO_SMS_PHONE, DEMO_TOTP_SECRET, DEMO_USERS } from '../../db/seed';
import { LiveCloseCode } from '../../platform/live-channel';

/**
 * /auth/devices: the signed-in user's devices, their approval, and the object-level rule: another
 * user's device id is answered like a missing one (403 ENOA), never with data.
 */
let testApp: TestApp;
let baseUrl: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  testApp = await createTestApp({ seed: true, config: { loginRateLimit: { max: 1_000, windowSeconds: 300 } } });
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  tokens.personal = (await signIn(testApp.app, DEMO_USERS.personal)).accessToken;
  tokens.business = (await signIn(testApp.app, DEMO_USERS.business)).accessToken;
});

afterAll(async () => {
  await testApp.close();
});

interface DeviceBody {
  id: number;
  code: string;
  status: string;
  name: string;
}

function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) {
  return testApp.app.inject({
    method,
    url,
    headers: token === undefined ? {} : bearer(token),
    ...(payload === undefined ? {} : { payload }),
  });
}

async function createDevice(token: string, name = 'New phone'): Promise<{ device: DeviceBody; secret: string }> {
  const response = await call('POST', '/auth/devices', token, { type: 'ios', name, location: 'London, GB' });
  expect(response.statusCode).toBe(200);
  return response.json<{ device: DeviceBody; secret: string }>();
}

/** Signs in a user with a second factor: the tokens of its flow's exchange. */
async function sessionOf(email: string): Promise<string> {
  const answer = await login(testApp.app, email);
  const otp =
    answer.flow.type === 'otp'
      ? await totpAt(DEMO_TOTP_SECRET, Date.now())
      : answer.flow.type === 'sms'
        ? (await latestSentCode(testApp.app, DEMO_SMS_PHONE)).code
        : undefined;
  const response = await exchange(testApp.app, { code: answer.flow.code, codeVerifier: answer.pkce.verifier, otp });
  expect(response.statusCode).toBe(200);
  return response.json<{ accessToken: string }>().accessToken;
}

describe('device management', () => {
  it('creates a pending device with a secret shown once, stored only as a hash', async () => {
    const created = await createDevice(tokens.personal ?? '');
    expect(created.device).toMatchObject({ status: 'pending', type: 'ios', name: 'New phone', location: 'London, GB' });
    expect(created.device.code).toMatch(/^[A-Z2-9]{6}$/);
    const [row] = await testApp.database.db.select().from(devices).where(eq(devices.id, created.device.id));
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.secret);

    const listed = await call('GET', '/auth/devices', tokens.personal);
    expect(listed.json<{ devices: DeviceBody[] }>().devices.map((device) => device.id)).toContain(created.device.id);
    expect(listed.body).not.toContain(created.secret);
    const one = await call('GET', `/auth/devices/${created.device.id}`, tokens.personal);
    expect(one.json()).toMatchObject({ responseCode: '00', device: { id: created.device.id, hasPushToken: false } });
    // Pending: its secret signs nothing in yet.
    expect((await exchange(testApp.app, { secret: created.secret })).statusCode).toBe(401);
  });

  it('answers another user’s device id like a missing one, on every endpoint, without data', async () => {
    const { device } = await createDevice(tokens.personal ?? '', 'Private phone');
    const other = tokens.business ?? '';
    const attempts = [
      call('GET', `/auth/devices/${device.id}`, other),
      call('DELETE', `/auth/devices/${device.id}`, other),
      call('POST', `/auth/devices/${device.id}/approve`, other, {}),
      call('PATCH', `/auth/devices/${device.id}/approve/4`, other, { code: '123456' }),
      call('GET', '/auth/devices/999999', other),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(403);
      expect(response.json<{ responseCode: string }>().responseCode).toBe('ENOA');
      expect(response.body).not.toContain('Private phone');
    }
    const businessList = await call('GET', '/auth/devices', other);
    expect(businessList.json<{ devices: DeviceBody[] }>().devices.map((item) => item.id)).not.toContain(device.id);
    // The device is still there for its owner.
    expect((await call('GET', `/auth/devices/${device.id}`, tokens.personal)).statusCode).toBe(200);
  });

  it('refuses every device endpoint without a token, or with a device token', async () => {
    const linked = await linkDevice(testApp.app, DEMO_USERS.personal, 'Token phone');
    const deviceToken = await deviceTokenOf(testApp.app, linked.secret);
    const requests = [
      ['GET', '/auth/devices'],
      ['POST', '/auth/devices'],
      ['GET', '/auth/devices/approve-methods'],
      ['GET', `/auth/devices/${linked.device.id}`],
      ['DELETE', `/auth/devices/${linked.device.id}`],
      ['POST', `/auth/devices/${linked.device.id}/approve`],
      ['PATCH', `/auth/devices/${linked.device.id}/approve/4`],
      ['PUT', `/auth/devices/${linked.device.id}/confirm`],
      ['PUT', '/auth/login/00000000-0000-4000-8000-000000000000/confirm'],
      ['GET', '/auth/push/pending'],
    ] as const;
    const bodies: Record<string, object> = {
      POST: { type: 'ios', name: 'x' },
      PATCH: { code: '123456' },
      PUT: { result: true },
    };
    for (const [method, url] of requests) {
      const anonymous = await call(method, url, undefined, bodies[method]);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json<{ responseCode: string }>().responseCode).toBe('AU');
    }
    for (const [method, url] of requests.slice(0, 7)) {
      expect((await call(method, url, deviceToken, bodies[method])).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('removes a device: its secret, token and socket stop working at once', async () => {
    const linked = await linkDevice(testApp.app, DEMO_USERS.personal, 'Old phone');
    const deviceToken = await deviceTokenOf(testApp.app, linked.secret);
    const socket = await connectLive(baseUrl);
    socket.socket.send(JSON.stringify({ type: 'auth', deviceToken }));
    expect(await socket.nextMessage()).toEqual({ type: 'ready' });

    expect((await call('DELETE', `/auth/devices/${linked.device.id}`, tokens.personal)).json()).toEqual({
      responseCode: '00',
    });
    expect((await socket.closed).code).toBe(LiveCloseCode.UNAUTHENTICATED);
    expect((await exchange(testApp.app, { secret: linked.secret })).statusCode).toBe(401);
    expect((await call('GET', '/auth/push/pending', deviceToken)).statusCode).toBe(401);
    expect((await call('GET', `/auth/devices/${linked.device.id}`, tokens.personal)).statusCode).toBe(403);
    const removed = await testApp.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'security.deviceRemoved'));
    expect(removed.some((entry) => entry.details?.deviceId === linked.device.id)).toBe(true);
  });
});

describe('approving a new device', () => {
  it('offers an e-mail code to a user with nothing stronger, and activates the device with it', async () => {
    const token = (await signIn(testApp.app, DEMO_USERS.update)).accessToken;
    const methods = await call('GET', '/auth/devices/approve-methods', token);
    expect(methods.json()).toEqual({
      responseCode: '00',
      methods: [{ id: 4, type: 'approvalCode', sentTo: 'u****e@demo.test' }],
    });
    const { device, secret } = await createDevice(token);
    const started = await call('POST', `/auth/devices/${device.id}/approve`, token, {});
    expect(started.json()).toMatchObject({ approval: { id: 4, type: 'approvalCode', expiresInSeconds: 300 } });
    const sent = await latestSentCode(testApp.app, DEMO_USERS.update);
    expect(sent.body).toContain('new device approval');

    const wrong = await call('PATCH', `/auth/devices/${device.id}/approve/4`, token, {
      code: sent.code === '000000' ? '111111' : '000000',
    });
    expect(wrong.json()).toMatchObject({ responseCode: 'VF', validationErrors: [{ field: 'code' }] });
    const approved = await call('PATCH', `/auth/devices/${device.id}/approve/4`, token, { code: sent.code });
    expect(approved.json()).toMatchObject({ responseCode: '00', device: { id: device.id, status: 'active' } });
    expect((await exchange(testApp.app, { secret })).statusCode).toBe(200);
    // Approved once: starting again is refused.
    expect((await call('POST', `/auth/devices/${device.id}/approve`, token, {})).statusCode).toBe(400);
  });

  it('ends the approval at the fifth wrong code', async () => {
    const token = (await signIn(testApp.app, DEMO_USERS.kyc)).accessToken;
    const { device } = await createDevice(token);
    await call('POST', `/auth/devices/${device.id}/approve`, token, { methodId: 4 });
    const sent = await latestSentCode(testApp.app, DEMO_USERS.kyc);
    const wrongCode = sent.code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await call('PATCH', `/auth/devices/${device.id}/approve/4`, token, { code: wrongCode })).statusCode).toBe(
        400,
      );
    }
    const fifth = await call('PATCH', `/auth/devices/${device.id}/approve/4`, token, { code: wrongCode });
    expect(fifth.json<{ responseDescription: string }>().responseDescription).toMatch(/start the approval again/);
    const late = await call('PATCH', `/auth/devices/${device.id}/approve/4`, token, { code: sent.code });
    expect(late.statusCode).toBe(400);
  });

  it('approves with an SMS code or a TOTP when the user has them, never by e-mail then', async () => {
    const smsToken = await sessionOf(DEMO_FACTOR_USERS.sms);
    const smsMethods = await call('GET', '/auth/devices/approve-methods', smsToken);
    expect(smsMethods.json()).toEqual({
      responseCode: '00',
      methods: [{ id: 2, type: 'sms', sentTo: '+44*******123' }],
    });
    const smsDevice = await createDevice(smsToken);
    const before = await countSentMessages(testApp.app, DEMO_SMS_PHONE);
    expect(
      (await call('POST', `/auth/devices/${smsDevice.device.id}/approve`, smsToken, { methodId: 4 })).statusCode,
    ).toBe(400);
    await call('POST', `/auth/devices/${smsDevice.device.id}/approve`, smsToken, { methodId: 2 });
    expect(await countSentMessages(testApp.app, DEMO_SMS_PHONE)).toBe(before + 1);
    const { code } = await latestSentCode(testApp.app, DEMO_SMS_PHONE);
    const smsApproved = await call('PATCH', `/auth/devices/${smsDevice.device.id}/approve/2`, smsToken, { code });
    expect(smsApproved.json()).toMatchObject({ device: { status: 'active' } });

    const otpToken = await sessionOf(DEMO_FACTOR_USERS.otp);
    const otpDevice = await createDevice(otpToken);
    await call('POST', `/auth/devices/${otpDevice.device.id}/approve`, otpToken, { methodId: 3 });
    // The step the sign-in used is spent; the next one is within the window.
    const otpApproved = await call('PATCH', `/auth/devices/${otpDevice.device.id}/approve/3`, otpToken, {
      code: await totpAt(DEMO_TOTP_SECRET, Date.now() + 30_000),
    });
    expect(otpApproved.json()).toMatchObject({ device: { status: 'active' } });
  });

  it('lets another active device approve by push, or decline, which removes the new one', async () => {
    const email = DEMO_FACTOR_USERS.deviceCheck;
    const existing = await linkDevice(testApp.app, email, 'First phone');
    const existingToken = await deviceTokenOf(testApp.app, existing.secret);
    const socket = await connectLive(baseUrl);
    socket.socket.send(JSON.stringify({ type: 'auth', deviceToken: existingToken }));
    await socket.nextMessage();

    const answer = await login(testApp.app, email, { client: 'mobile', secret: existing.secret });
    const session = await exchange(testApp.app, { code: answer.flow.code, codeVerifier: answer.pkce.verifier });
    const token = session.json<{ accessToken: string }>().accessToken;
    const methods = await call('GET', '/auth/devices/approve-methods', token);
    expect(methods.json<{ methods: { type: string }[] }>().methods.map((method) => method.type)).toEqual(['push']);

    for (const result of [true, false]) {
      const { device } = await createDevice(token, result ? 'Approved phone' : 'Declined phone');
      await call('POST', `/auth/devices/${device.id}/approve`, token, {});
      expect(await socket.nextMessage()).toMatchObject({
        type: 'pushApproval',
        status: 'pending',
        payload: { kind: 'deviceLink', deviceId: device.id },
      });
      const pending = await call('GET', '/auth/push/pending', existingToken);
      expect(pending.json<{ approvals: { deviceId?: number }[] }>().approvals).toContainEqual(
        expect.objectContaining({ kind: 'deviceLink', deviceId: device.id }),
      );
      // The new device cannot approve itself, and a session is not a device.
      expect((await call('PUT', `/auth/devices/${device.id}/confirm`, token, { result: true })).statusCode).toBe(401);
      const answered = await call('PUT', `/auth/devices/${device.id}/confirm`, existingToken, { result });
      expect(answered.json()).toEqual({ responseCode: '00' });
      expect(await socket.nextMessage()).toMatchObject({ status: 'resolved', payload: { deviceId: device.id } });
      const after = await call('GET', `/auth/devices/${device.id}`, token);
      if (result) expect(after.json()).toMatchObject({ device: { status: 'active' } });
      else expect(after.statusCode).toBe(403);
    }
    socket.close();
  });

  it('refuses a push answer from another user’s device', async () => {
    const token = (await signIn(testApp.app, DEMO_USERS.business)).accessToken;
    await linkDevice(testApp.app, DEMO_USERS.business, 'Business phone');
    const { device } = await createDevice(token);
    await call('POST', `/auth/devices/${device.id}/approve`, token, { methodId: 1 });
    const stranger = await linkDevice(testApp.app, DEMO_USERS.admin, 'Stranger phone');
    const strangerToken = await deviceTokenOf(testApp.app, stranger.secret);
    const response = await call('PUT', `/auth/devices/${device.id}/confirm`, strangerToken, { result: true });
    expect(response.statusCode).toBe(403);
    expect((await call('GET', `/auth/devices/${device.id}`, token)).json()).toMatchObject({
      device: { status: 'pending' },
    });
  });

  it('caps a user at 10 devices', async () => {
    const token = (await signIn(testApp.app, DEMO_FACTOR_USERS.softMigration)).accessToken;
    for (let index = 0; index < 10; index += 1) await createDevice(token, `Phone ${index}`);
    const eleventh = await call('POST', '/auth/devices', token, { type: 'android', name: 'One too many' });
    expect(eleventh.statusCode).toBe(400);
  });
});

describe('POST /auth/stores-urls/send', () => {
  it('sends the app-store links to a valid number, refuses an invalid one, and limits the sends', async () => {
    const send = (phoneNumber: string, token?: string) =>
      call('POST', '/auth/stores-urls/send', token ?? tokens.personal, { phoneNumber });
    expect((await send('+40712345678', '')).statusCode).toBe(401);
    const sent = await send('+40 712 345 678');
    expect(sent.json()).toEqual({ responseCode: '00' });
    const { messages } = (
      await testApp.app.inject({ method: 'GET', url: '/dev/outbox.json?recipient=%2B40712345678' })
    ).json<{ messages: { body: string }[] }>();
    expect(messages[0]?.body).toContain('https://apps.apple.com/app/harbor-wallet/');
    expect(messages[0]?.body).toContain('https://play.google.com/store/apps/details?id=example.harbor.wallet');

    const invalid = await send('+40 12');
    expect(invalid.json()).toMatchObject({ responseCode: 'VF', validationErrors: [{ field: 'phoneNumber' }] });
    let limited = 0;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      if ((await send('+40712345678')).statusCode === 429) limited += 1;
    }
    expect(limited).toBeGreaterThan(0);
  });
});

describe('the app-store links SMS', () => {
  async function sendFrom(remoteAddress: string, phoneNumber: string, acceptLanguage?: string) {
    return testApp.app.inject({
      method: 'POST',
      url: '/auth/stores-urls/send',
      remoteAddress,
      headers: {
        ...bearer(tokens.personal ?? ''),
        ...(acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage }),
      },
      payload: { phoneNumber },
    });
  }

  async function latestSms(recipient: string): Promise<string> {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`,
    });
    return response.json<{ messages: { body?: string }[] }>().messages[0]?.body ?? '';
  }

  it('is written in the language of the request, with the same links; English without one', async () => {
    expect((await sendFrom('198.51.100.41', '+40712345671', 'uk-UA,uk;q=0.9')).json()).toEqual({ responseCode: '00' });
    expect(await latestSms('+40712345671')).toBe(
      'Встановіть застосунок Harbor. iPhone: https://apps.apple.com/app/harbor-wallet/id0000000000 ' +
        'Android: https://play.google.com/store/apps/details?id=example.harbor.wallet',
    );
    expect((await sendFrom('198.51.100.41', '+40712345672')).json()).toEqual({ responseCode: '00' });
    expect(await latestSms('+40712345672')).toMatch(/^Get the Harbor app\. iPhone: https:\/\/apps\.apple\.com\//);
  });
});
