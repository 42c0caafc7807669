import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_CODE_CHALLENGE, type TestApp } from '../../../test/helper';
import { loginAttempts } from '../../db/schema/auth';
import { DEMO_PASSWORD, DEMO_USERS } from '../../db/seed';

const LIMIT = { max: 3, windowSeconds: 120 };
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ seed: true, config: { loginRateLimit: LIMIT } });
});

afterAll(async () => {
  await testApp.close();
});

function login(username: string, password: string, remoteAddress: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/auth/login',
    remoteAddress,
    payload: { client: 'web', username, password, codeChallenge: TEST_CODE_CHALLENGE },
  });
}

describe('sign-in rate limit (config.loginRateLimit)', () => {
  it('limits a username after max failures, even for the right password, with Retry-After', async () => {
    for (let attempt = 0; attempt < LIMIT.max; attempt += 1) {
      expect((await login(DEMO_USERS.personal, 'Wrong-pass-2026', '192.0.2.10')).statusCode).toBe(401);
    }
    // Another address does not help: the limit follows the username too.
    const limited = await login(DEMO_USERS.personal, DEMO_PASSWORD, '192.0.2.11');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ responseCode: string }>().responseCode).toBe('RL');
    const retryAfterSeconds = Number(limited.headers['retry-after']);
    expect(retryAfterSeconds).toBeGreaterThan(0);
    expect(retryAfterSeconds).toBeLessThanOrEqual(LIMIT.windowSeconds);

    const recorded = await testApp.database.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.username, DEMO_USERS.personal), eq(loginAttempts.result, 'rateLimited')));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.ip).toBe('192.0.2.11');
  });

  it('limits an address after max failures across usernames', async () => {
    const address = '192.0.2.20';
    for (let attempt = 0; attempt < LIMIT.max; attempt += 1) {
      expect((await login(`guess-${attempt}@demo.test`, DEMO_PASSWORD, address)).statusCode).toBe(401);
    }
    expect((await login(DEMO_USERS.kyc, DEMO_PASSWORD, address)).statusCode).toBe(429);
    // The same user from elsewhere is not limited.
    expect((await login(DEMO_USERS.kyc, DEMO_PASSWORD, '192.0.2.21')).statusCode).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    for (let attempt = 0; attempt < LIMIT.max + 2; attempt += 1) {
      expect((await login(DEMO_USERS.business, DEMO_PASSWORD, '192.0.2.30')).statusCode).toBe(200);
    }
  });
});
