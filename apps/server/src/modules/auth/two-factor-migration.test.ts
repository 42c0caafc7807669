import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMethod, createTestApp, type TestApp } from '../../../test/helper';
import { connectLive } from '../../../test/live-client';
import { bearer, exchange, latestSentCode, login, totpAt } from '../../../test/sign-in-client';
import { authUserSettings } from '../../db/schema/auth';
import { users } from '../../db/schema/customers';
import { auditLog } from '../../db/schema/platform';
import { DEMO_FACTOR_USERS, DEMO_SMS_PHONE, DEMO_USERS } from '../../db/seed';
import { LiveCloseCode } from '../../platform/live-channel';
import { migrationStateOf } from './second-factors';

/**
 * Two-factor migration (spec 000 §4): soft lets the user in and counts the days; strict withholds
 * the session, handing out a set-up token that can only enable a factor, which then opens it.
 */
let testApp: TestApp;
let baseUrl: string;

beforeAll(async () => {
  testApp = await createTestApp({ seed: true, config: { loginRateLimit: { max: 1_000, windowSeconds: 300 } } });
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await testApp.close();
});

async function userIdOf(email: string): Promise<number> {
  const [user] = await testApp.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user?.id ?? 0;
}

interface Enrolment {
  reqId: string;
  secret: string;
  otpauthUrl: string;
}

function startEnrolment(token: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/customer/two-step-verification',
    headers: bearer(token),
    payload: { mode: 'otp' },
  });
}

function confirmEnrolment(token: string, reqId: string, code: string) {
  return testApp.app.inject({
    method: 'POST',
    url: `/customer/two-step-verification/${reqId}/confirm`,
    headers: bearer(token),
    payload: { code },
  });
}

describe('migrationStateOf', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  const settings = (req: 'soft' | 'strict', deadlineDays: number | null, strat: 'enable' | 'migrate' = 'enable') => ({
    twoFactorRequirement: req,
    twoFactorStrategy: strat,
    twoFactorDeadlineAt: deadlineDays === null ? null : new Date(now + deadlineDays * 86_400_000),
  });

  it('counts the days of a soft requirement and turns strict at the deadline', () => {
    expect(migrationStateOf(settings('soft', 13.5), 'no', now)).toEqual({ req: 'soft', daysLeft: 14, strat: 'enable' });
    expect(migrationStateOf(settings('soft', -0.1), 'no', now)).toEqual({
      req: 'strict',
      daysLeft: 0,
      strat: 'enable',
    });
    expect(migrationStateOf(settings('strict', null), 'no', now)?.req).toBe('strict');
  });

  it('is met by any factor for enable, and only by otp or push for migrate', () => {
    expect(migrationStateOf(settings('strict', null), 'sms', now)).toBeNull();
    expect(migrationStateOf(settings('strict', null, 'migrate'), 'sms', now)?.strat).toBe('migrate');
    expect(migrationStateOf(settings('strict', null, 'migrate'), 'otp', now)).toBeNull();
    expect(migrationStateOf(null, 'no', now)).toBeNull();
  });
});

describe('soft requirement', () => {
  it('signs the user in and tells the days left', async () => {
    const answer = await login(testApp.app, DEMO_FACTOR_USERS.softMigration);
    expect(answer.flow.type).toBe('simple');
    expect(answer.migration).toEqual({ req: 'soft', daysLeft: 14, devices: [], strat: 'enable' });
  });

  it('lets a signed-in user enable the authenticator, which ends the requirement', async () => {
    const answer = await login(testApp.app, DEMO_FACTOR_USERS.softMigration);
    const accessToken = String(answer.flow.accessToken);
    const started = await startEnrolment(accessToken);
    expect(started.statusCode).toBe(200);
    const enrolment = started.json<Enrolment>();
    expect(enrolment.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Harbor:migrate-soft%40demo\.test\?secret=/);
    const wrong = await confirmEnrolment(accessToken, enrolment.reqId, '000000');
    expect(wrong.json()).toMatchObject({ responseCode: 'VF', validationErrors: [{ field: 'code' }] });
    const confirmed = await confirmEnrolment(accessToken, enrolment.reqId, await totpAt(enrolment.secret, Date.now()));
    expect(confirmed.json()).toMatchObject({ responseCode: '00', status: 'enabled' });
    expect(confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes).toHaveLength(10);

    const info = await callMethod(testApp.app, 'customerInfoGet', { token: accessToken });
    expect(info.json<{ customer: { login2faMode: string } }>().customer.login2faMode).toBe('otp');
    const next = await login(testApp.app, DEMO_FACTOR_USERS.softMigration);
    expect(next.flow.type).toBe('otp');
    expect(next.migration).toBeUndefined();
    const enabled = await testApp.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'security.twoStepChanged'));
    expect(enabled).toHaveLength(1);
  });
});

describe('strict requirement', () => {
  it('withholds the session of a simple sign-in: a set-up token only, refused everywhere else', async () => {
    const email = DEMO_USERS.kyc;
    const userId = await userIdOf(email);
    await testApp.database.db
      .insert(authUserSettings)
      .values({ userId, twoFactorRequirement: 'strict', twoFactorStrategy: 'enable' });

    const answer = await login(testApp.app, email);
    expect(answer.response.statusCode).toBe(200);
    expect(answer.response.json<{ authFlow?: unknown }>().authFlow).toBeUndefined();
    expect(answer.migration).toMatchObject({ req: 'strict', daysLeft: 0, strat: 'enable', devices: [] });
    const tmpJwt = String(answer.migration?.tmpJwt);

    expect((await callMethod(testApp.app, 'customerInfoGet', { token: tmpJwt })).statusCode).toBe(401);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/auth/devices', headers: bearer(tmpJwt) })).statusCode,
    ).toBe(401);
    const socket = await connectLive(baseUrl);
    socket.socket.send(JSON.stringify({ type: 'auth', accessToken: tmpJwt }));
    expect((await socket.closed).code).toBe(LiveCloseCode.UNAUTHENTICATED);

    const enrolment = (await startEnrolment(tmpJwt)).json<Enrolment>();
    const confirmed = await confirmEnrolment(tmpJwt, enrolment.reqId, await totpAt(enrolment.secret, Date.now()));
    expect(confirmed.statusCode).toBe(200);
    const { accessToken, refreshToken } = confirmed.json<{ accessToken: string; refreshToken: string }>();
    expect(refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await callMethod(testApp.app, 'customerInfoGet', { token: accessToken })).statusCode).toBe(200);
    // The requirement is met: the set-up token has nothing left to allow, so a replay cannot enrol again.
    expect((await startEnrolment(tmpJwt)).statusCode).toBe(401);
    expect((await confirmEnrolment(tmpJwt, enrolment.reqId, '123456')).statusCode).toBe(401);
    expect((await login(testApp.app, email)).flow.type).toBe('otp');
  });

  it('runs the user’s current factor first, then withholds the session at the exchange', async () => {
    const answer = await login(testApp.app, DEMO_FACTOR_USERS.strictMigration);
    expect(answer.flow.type).toBe('sms');
    expect(answer.migration).toMatchObject({ req: 'strict', strat: 'migrate' });
    expect(answer.migration?.tmpJwt).toBeUndefined();
    const { code } = await latestSentCode(testApp.app, DEMO_SMS_PHONE);
    const exchanged = await exchange(testApp.app, {
      code: answer.flow.code,
      codeVerifier: answer.pkce.verifier,
      otp: code,
    });
    expect(exchanged.statusCode).toBe(200);
    const body = exchanged.json<{ accessToken?: string; migration: { tmpJwt: string; req: string } }>();
    expect(body.accessToken).toBeUndefined();
    expect(body.migration.req).toBe('strict');
    // Not a session: refresh has nothing, the code is spent.
    expect(
      (await exchange(testApp.app, { code: answer.flow.code, codeVerifier: answer.pkce.verifier, otp: code }))
        .statusCode,
    ).toBe(401);
    const enrolment = (await startEnrolment(body.migration.tmpJwt)).json<Enrolment>();
    const confirmed = await confirmEnrolment(
      body.migration.tmpJwt,
      enrolment.reqId,
      await totpAt(enrolment.secret, Date.now()),
    );
    expect(confirmed.json<{ accessToken: string }>().accessToken).toBeDefined();
  });

  it('turns a soft requirement strict once its deadline passed', async () => {
    const email = DEMO_USERS.update;
    const userId = await userIdOf(email);
    await testApp.database.db.insert(authUserSettings).values({
      userId,
      twoFactorRequirement: 'soft',
      twoFactorStrategy: 'enable',
      twoFactorDeadlineAt: sql`now() - interval '1 minute'`,
    });
    const answer = await login(testApp.app, email);
    expect(answer.migration).toMatchObject({ req: 'strict', daysLeft: 0 });
    expect(answer.migration?.tmpJwt).toEqual(expect.any(String));
  });

  it('refuses the enrolment without a token and with a forged one', async () => {
    const anonymous = await testApp.app.inject({
      method: 'POST',
      url: '/customer/two-step-verification',
      payload: { mode: 'otp' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await startEnrolment('not.a.token')).statusCode).toBe(401);
  });
});
