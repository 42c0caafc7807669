import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMethod, createTestApp, signIn, TEST_CODE_CHALLENGE, type TestApp } from '../../../test/helper';
import { loginAttempts, signIns } from '../../db/schema/auth';
import { users } from '../../db/schema/customers';
import { DEMO_PASSWORD, DEMO_USERS } from '../../db/seed';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ seed: true });
});

afterAll(async () => {
  await testApp.close();
});

function login(
  payload: Record<string, unknown>,
  options: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  return testApp.app.inject({
    method: 'POST',
    url: '/auth/login',
    remoteAddress: options.remoteAddress,
    headers: options.headers,
    payload: { client: 'web', codeChallenge: TEST_CODE_CHALLENGE, ...payload },
  });
}

describe('POST /auth/login, simple flow', () => {
  it.each(Object.values(DEMO_USERS))('signs in %s with tokens that work on the main API', async (email) => {
    const response = await login({ username: email, password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ responseCode: string; authFlow: Record<string, unknown> }>();
    expect(body.responseCode).toBe('00');
    expect(body.authFlow).toMatchObject({ type: 'simple', expiresIn: testApp.config.accessTokenTtlSeconds });
    expect(body.authFlow.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const info = await callMethod(testApp.app, 'customerInfoGet', { token: String(body.authFlow.accessToken) });
    expect(info.statusCode).toBe(200);
    expect(info.json<{ customer: { login: string } }>().customer.login).toBe(email);
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const response = await login({ username: '  Personal@Demo.TEST ', password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(200);
  });

  it('stores the code challenge on the sign-in', async () => {
    const tokens = await signIn(testApp.app, DEMO_USERS.update);
    const [user] = await testApp.database.db.select().from(users).where(eq(users.email, DEMO_USERS.update));
    const rows = await testApp.database.db
      .select()
      .from(signIns)
      .where(eq(signIns.userId, user?.id ?? 0));
    expect(tokens.accessToken).not.toBe('');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect([row.codeChallenge, row.codeChallengeMethod]).toEqual([TEST_CODE_CHALLENGE, 'S256']);
  });

  it('answers a wrong password and an unknown user identically', async () => {
    const wrongPassword = await login({ username: DEMO_USERS.kyc, password: 'Wrong-pass-2026' });
    const unknownUser = await login({ username: 'nobody@demo.test', password: DEMO_PASSWORD });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ responseCode: 'AU', responseDescription: 'Incorrect e-mail or password.' });
    expect(unknownUser.json()).toEqual(wrongPassword.json());
  });

  it.each([
    ['too short', { codeChallenge: 'a'.repeat(42) }, 'codeChallenge'],
    ['too long', { codeChallenge: 'a'.repeat(129) }, 'codeChallenge'],
    ['outside the unreserved alphabet', { codeChallenge: `${'a'.repeat(42)}+/` }, 'codeChallenge'],
    ['with the plain method', { codeChallengeMethod: 'plain' }, 'codeChallengeMethod'],
    ['with a username that is not an e-mail', { username: 'alex.morgan' }, 'username'],
  ])('refuses a challenge or body %s with VF naming the field', async (_case, override, field) => {
    const response = await login({ username: DEMO_USERS.personal, password: DEMO_PASSWORD, ...override });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ responseCode: string; validationErrors: { field: string }[] }>();
    expect(body.responseCode).toBe('VF');
    expect(body.validationErrors.map((error) => error.field)).toContain(field);
  });

  it('accepts the S256 method named explicitly', async () => {
    const response = await login({
      username: DEMO_USERS.personal,
      password: DEMO_PASSWORD,
      codeChallengeMethod: 'S256',
    });
    expect(response.statusCode).toBe(200);
  });

  it('tells a blocked or unactivated user why, but only after the right password', async () => {
    await testApp.database.db.update(users).set({ status: 'blocked' }).where(eq(users.email, DEMO_USERS.kyc));
    try {
      const wrong = await login({ username: DEMO_USERS.kyc, password: 'Wrong-pass-2026' });
      expect(wrong.json()).toEqual({ responseCode: 'AU', responseDescription: 'Incorrect e-mail or password.' });
      const right = await login({ username: DEMO_USERS.kyc, password: DEMO_PASSWORD });
      expect(right.statusCode).toBe(401);
      expect(right.json<{ responseCode: string; responseDescription: string }>()).toEqual({
        responseCode: 'AU',
        responseDescription: 'Your account is blocked. Please contact support.',
      });

      await testApp.database.db.update(users).set({ status: 'pending' }).where(eq(users.email, DEMO_USERS.kyc));
      const pending = await login({ username: DEMO_USERS.kyc, password: DEMO_PASSWORD });
      expect(pending.statusCode).toBe(401);
      expect(pending.json<{ responseDescription: string }>().responseDescription).toMatch(/not activated/);
    } finally {
      await testApp.database.db.update(users).set({ status: 'active' }).where(eq(users.email, DEMO_USERS.kyc));
    }
  });

  it('records every attempt with time, user, address and user agent', async () => {
    const remoteAddress = '203.0.113.7';
    const headers = { 'user-agent': 'SignInTest/1.0', 'x-forwarded-for': '198.51.100.99' };
    await login({ username: DEMO_USERS.business, password: DEMO_PASSWORD }, { remoteAddress, headers });
    await login({ username: DEMO_USERS.business, password: 'Wrong-pass-2026' }, { remoteAddress, headers });
    await login({ username: 'ghost@demo.test', password: DEMO_PASSWORD }, { remoteAddress, headers });
    await login({ username: 'not-an-email', password: DEMO_PASSWORD }, { remoteAddress, headers });

    const attempts = await testApp.database.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.ip, remoteAddress))
      .orderBy(loginAttempts.id);
    const [user] = await testApp.database.db.select().from(users).where(eq(users.email, DEMO_USERS.business));
    expect(attempts.map(({ username, result, userId }) => ({ username, result, userId }))).toEqual([
      { username: DEMO_USERS.business, result: 'success', userId: user?.id },
      { username: DEMO_USERS.business, result: 'wrongPassword', userId: user?.id },
      { username: 'ghost@demo.test', result: 'unknownUser', userId: null },
      { username: 'not-an-email', result: 'badRequest', userId: null },
    ]);
    // No trusted proxy is configured, so X-Forwarded-For cannot choose the recorded address.
    expect(attempts.every((attempt) => attempt.userAgent === 'SignInTest/1.0' && attempt.ip === remoteAddress)).toBe(
      true,
    );
    expect(attempts.every((attempt) => Date.now() - attempt.createdAt.getTime() < 60_000)).toBe(true);
  });
});
