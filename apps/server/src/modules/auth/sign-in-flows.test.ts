import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMethod, createTestApp, signIn, type TestApp } from '../../../test/helper';
import { exchange, latestSentCode, linkDevice, login } from '../../../test/sign-in-client';
import { auditLog } from '../../db/schema/platform';
import { loginRequests, signIns } from '../../db/schema/auth';
import { DEMO_FACTOR_USERS, DEMO_USERS } from '../../db/seed';
import { sha256Hex } from './auth-secrets';
import { chooseSignInFlow, type SignInFacts } from './sign-in';

/** Which flow POST /auth/login answers, and the code exchange that every flow but simple ends in. */
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ seed: true, config: { loginRateLimit: { max: 1_000, windowSeconds: 300 } } });
});

afterAll(async () => {
  await testApp.close();
});

const noFactors: SignInFacts = {
  login2faMode: 'no',
  hasTrustedDevice: false,
  isKnownClient: false,
  hasTotp: false,
  hasSmsPhone: false,
  activeDeviceCount: 0,
  isNewDeviceVerificationRequired: false,
};

describe('chooseSignInFlow', () => {
  it.each<[string, string, Partial<SignInFacts>]>([
    ['no factor', 'simple', {}],
    ['no factor, a trusted device (mobile)', 'direct', { hasTrustedDevice: true }],
    ['otp, but a trusted device', 'direct', { login2faMode: 'otp', hasTotp: true, hasTrustedDevice: true }],
    ['otp', 'otp', { login2faMode: 'otp', hasTotp: true }],
    ['sms', 'sms', { login2faMode: 'sms', hasSmsPhone: true }],
    ['push with a device', 'push', { login2faMode: 'push', activeDeviceCount: 1 }],
    ['push without a device, with TOTP', 'otp', { login2faMode: 'push', hasTotp: true }],
    ['push without a device, with a phone', 'sms', { login2faMode: 'push', hasSmsPhone: true }],
    ['push with nothing left', 'verifyDevice', { login2faMode: 'push' }],
    ['sms without a phone, with a device', 'push', { login2faMode: 'sms', activeDeviceCount: 2 }],
    ['new-device policy, unknown browser', 'verifyDevice', { isNewDeviceVerificationRequired: true }],
    ['new-device policy, known browser', 'simple', { isNewDeviceVerificationRequired: true, isKnownClient: true }],
    ['a known browser never skips the factor', 'otp', { login2faMode: 'otp', hasTotp: true, isKnownClient: true }],
  ])('%s → %s', (_case, flow, facts) => {
    expect(chooseSignInFlow({ ...noFactors, ...facts })).toBe(flow);
  });
});

describe('POST /auth/login chooses the flow by the user and the device', () => {
  it('keeps simple for a user without a second factor', async () => {
    const { flow } = await login(testApp.app, DEMO_USERS.personal);
    expect(flow).toMatchObject({ type: 'simple', expiresIn: testApp.config.accessTokenTtlSeconds });
  });

  it('answers otp with a code and nothing else', async () => {
    const { flow } = await login(testApp.app, DEMO_FACTOR_USERS.otp);
    expect(Object.keys(flow).sort()).toEqual(['code', 'expiresInSeconds', 'type']);
    expect(flow).toMatchObject({ type: 'otp', expiresInSeconds: 600 });
    expect(flow.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers sms with the masked phone and the two digits of the sent code', async () => {
    const { flow } = await login(testApp.app, DEMO_FACTOR_USERS.sms);
    expect(flow).toMatchObject({ type: 'sms', phone: '+44*******123', codeExpiresInSeconds: 300 });
    const sent = await latestSentCode(testApp.app, '+447700900123');
    expect(flow.identifier).toBe(sent.identifier);
  });

  it('falls back to an e-mail code (verifyDevice) for a push user without a device', async () => {
    const { flow } = await login(testApp.app, DEMO_FACTOR_USERS.push);
    expect(flow).toMatchObject({ type: 'verifyDevice', sentTo: 'p**h@demo.test' });
  });

  it('answers direct to the mobile app showing its device secret, and stores the push token', async () => {
    const linked = await linkDevice(testApp.app, DEMO_USERS.update);
    const mobile = await login(testApp.app, DEMO_USERS.update, {
      client: 'mobile',
      secret: linked.secret,
      pushToken: 'fcm-token-1',
    });
    expect(mobile.flow).toMatchObject({ type: 'direct' });
    const tokens = await exchange(testApp.app, { code: mobile.flow.code, codeVerifier: mobile.pkce.verifier });
    expect(tokens.statusCode).toBe(200);
    const { accessToken } = tokens.json<{ accessToken: string }>();
    expect((await callMethod(testApp.app, 'customerInfoGet', { token: accessToken })).statusCode).toBe(200);

    const devices = await testApp.app.inject({
      method: 'GET',
      url: '/auth/devices',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(devices.json<{ devices: { id: number; hasPushToken: boolean }[] }>().devices).toContainEqual(
      expect.objectContaining({ id: linked.device.id, hasPushToken: true }),
    );
    // The same secret from the web, or another user's secret, is not a trusted device.
    expect((await login(testApp.app, DEMO_USERS.update, { secret: linked.secret })).flow.type).toBe('simple');
    expect((await login(testApp.app, DEMO_USERS.kyc, { client: 'mobile', secret: linked.secret })).flow.type).toBe(
      'simple',
    );
  });

  it('refuses a plain or malformed challenge before anything else', async () => {
    const base = { client: 'web', username: DEMO_FACTOR_USERS.otp, password: 'Demo-pass-2026' };
    const plain = await testApp.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { ...base, codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', codeChallengeMethod: 'plain' },
    });
    const malformed = await testApp.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { ...base, codeChallenge: 'short+/=' },
    });
    for (const response of [plain, malformed]) {
      expect(response.statusCode).toBe(400);
      expect(response.json<{ responseCode: string }>().responseCode).toBe('VF');
    }
  });
});

describe('POST /auth/token {code, codeVerifier}', () => {
  async function directSignIn() {
    const linked = await linkDevice(testApp.app, DEMO_USERS.kyc, 'Exchange phone');
    return login(testApp.app, DEMO_USERS.kyc, { client: 'mobile', secret: linked.secret });
  }

  it('opens a session once, records it and audits it', async () => {
    const { flow, pkce } = await directSignIn();
    const response = await exchange(testApp.app, { code: flow.code, codeVerifier: pkce.verifier });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ responseCode: string; refreshToken: string; secret?: string }>();
    expect(body).toMatchObject({ responseCode: '00', expiresIn: testApp.config.accessTokenTtlSeconds });
    expect(body.secret).toBeUndefined();
    const [request] = await testApp.database.db
      .select()
      .from(loginRequests)
      .where(eq(loginRequests.codeHash, sha256Hex(String(flow.code))));
    expect(request?.signInId).not.toBeNull();
    const audits = await testApp.database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.signIn'));
    expect(audits.some((entry) => entry.details?.signInId === request?.signInId)).toBe(true);
  });

  it('refuses a wrong verifier, and the code is dead after it', async () => {
    const { flow, pkce } = await directSignIn();
    const other = await login(testApp.app, DEMO_USERS.personal);
    const wrong = await exchange(testApp.app, { code: flow.code, codeVerifier: other.pkce.verifier });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json<{ responseCode: string }>().responseCode).toBe('AU');
    expect((await exchange(testApp.app, { code: flow.code, codeVerifier: pkce.verifier })).statusCode).toBe(401);
  });

  it('refuses an expired code', async () => {
    const { flow, pkce } = await directSignIn();
    await testApp.database.db
      .update(loginRequests)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(loginRequests.codeHash, sha256Hex(String(flow.code))));
    const response = await exchange(testApp.app, { code: flow.code, codeVerifier: pkce.verifier });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a direct code once the device that made it direct was removed', async () => {
    const linked = await linkDevice(testApp.app, DEMO_USERS.kyc, 'Lost phone');
    const { flow, pkce } = await login(testApp.app, DEMO_USERS.kyc, { client: 'mobile', secret: linked.secret });
    const session = await signIn(testApp.app, DEMO_USERS.kyc);
    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: `/auth/devices/${linked.device.id}`,
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(removed.statusCode).toBe(200);
    expect((await exchange(testApp.app, { code: flow.code, codeVerifier: pkce.verifier })).statusCode).toBe(401);
  });

  it('refuses an unknown code and a malformed verifier', async () => {
    const { pkce } = await directSignIn();
    expect((await exchange(testApp.app, { code: 'x'.repeat(43), codeVerifier: pkce.verifier })).statusCode).toBe(401);
    const malformed = await exchange(testApp.app, { code: 'x'.repeat(43), codeVerifier: 'too-short' });
    expect(malformed.statusCode).toBe(400);
  });

  it('treats a code presented twice as stolen: the session it opened is revoked', async () => {
    const { flow, pkce } = await directSignIn();
    const first = await exchange(testApp.app, { code: flow.code, codeVerifier: pkce.verifier });
    const { refreshToken, accessToken } = first.json<{ refreshToken: string; accessToken: string }>();
    const again = await exchange(testApp.app, { code: flow.code, codeVerifier: pkce.verifier });
    expect(again.statusCode).toBe(401);

    const refreshed = await testApp.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refreshToken } });
    expect(refreshed.statusCode).toBe(401);
    const [request] = await testApp.database.db
      .select()
      .from(loginRequests)
      .where(eq(loginRequests.codeHash, sha256Hex(String(flow.code))));
    const [session] = await testApp.database.db
      .select()
      .from(signIns)
      .where(eq(signIns.id, request?.signInId ?? ''));
    expect(session?.revokedReason).toBe('reuse');
    expect(accessToken).not.toBe('');
  });

  it('signs a linked device in as itself with its secret, and never as the user', async () => {
    const linked = await linkDevice(testApp.app, DEMO_USERS.personal, 'Secret phone');
    const response = await exchange(testApp.app, { secret: linked.secret });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ deviceToken: string; deviceId: number; expiresIn: number }>();
    expect(body.deviceId).toBe(linked.device.id);
    // A device token is not an access token: the main API refuses it.
    expect((await callMethod(testApp.app, 'customerInfoGet', { token: body.deviceToken })).statusCode).toBe(401);
    expect((await exchange(testApp.app, { secret: 'not-a-device-secret' })).statusCode).toBe(401);
  });
});
