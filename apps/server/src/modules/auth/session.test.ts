import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { callMethod, createTestApp, signIn, type TestApp } from '../../../test/helper';
import { refreshTokens, signIns } from '../../db/schema/auth';
import { users } from '../../db/schema/customers';
import { DEMO_USERS } from '../../db/seed';
import { createAccessTokens } from '../../platform/access-token';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ seed: true });
});

afterAll(async () => {
  await testApp.close();
});

afterEach(() => {
  vi.useRealTimers();
});

/** The app's own signer, to read the session (refresh-token family) out of an access token. */
function accessTokens() {
  return createAccessTokens(testApp.config.jwtSecret, testApp.config.accessTokenTtlSeconds);
}

function refresh(refreshToken: string) {
  return testApp.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refreshToken } });
}

function logout(refreshToken: string) {
  return testApp.app.inject({ method: 'POST', url: '/auth/logout', payload: { refreshToken } });
}

interface RefreshBody {
  responseCode: string;
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

describe('POST /auth/refresh', () => {
  it('rotates: a new pair that works, and the old refresh token is dead', async () => {
    const first = await signIn(testApp.app, DEMO_USERS.personal);
    const rotated = await refresh(first.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const body = rotated.json<RefreshBody>();
    expect(body).toMatchObject({ responseCode: '00', expiresIn: testApp.config.accessTokenTtlSeconds });
    expect(body.refreshToken).not.toBe(first.refreshToken);
    expect((await callMethod(testApp.app, 'customerInfoGet', { token: body.accessToken })).statusCode).toBe(200);

    const next = await refresh(body.refreshToken);
    expect(next.statusCode).toBe(200);
  });

  it('stores refresh tokens only as hashes, one family per sign-in', async () => {
    const tokens = await signIn(testApp.app, DEMO_USERS.update);
    const stored = await testApp.database.db.select({ tokenHash: refreshTokens.tokenHash }).from(refreshTokens);
    expect(stored.some((row) => row.tokenHash === tokens.refreshToken)).toBe(false);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it('treats reuse of a rotated token as theft: the whole family dies, successor included', async () => {
    const first = await signIn(testApp.app, DEMO_USERS.personal);
    const successor = (await refresh(first.refreshToken)).json<RefreshBody>();

    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json<{ responseCode: string }>().responseCode).toBe('AU');
    expect((await refresh(successor.refreshToken)).statusCode).toBe(401);

    const session = await accessTokens().verify(first.accessToken);
    const [signInRow] = await testApp.database.db
      .select()
      .from(signIns)
      .where(eq(signIns.id, session?.sessionId ?? ''));
    expect(signInRow?.revokedReason).toBe('reuse');
  });

  it('lets exactly one of several concurrent refreshes of one token succeed', async () => {
    // On PostgreSQL these really race (PGlite has one connection); a few rounds make a lucky pass unlikely.
    for (let round = 0; round < 5; round += 1) {
      const tokens = await signIn(testApp.app, DEMO_USERS.business);
      const answers = await Promise.all([1, 2, 3].map(() => refresh(tokens.refreshToken)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401]);
    }
  });

  it('refuses an unknown token, and a token of a user who was blocked since', async () => {
    expect((await refresh('x'.repeat(43))).statusCode).toBe(401);

    const tokens = await signIn(testApp.app, DEMO_USERS.kyc);
    await testApp.database.db.update(users).set({ status: 'blocked' }).where(eq(users.email, DEMO_USERS.kyc));
    try {
      expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
    } finally {
      await testApp.database.db.update(users).set({ status: 'active' }).where(eq(users.email, DEMO_USERS.kyc));
    }
    // The family was ended, so unblocking does not revive the old token.
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
  });

  it('refuses an expired refresh token', async () => {
    const tokens = await signIn(testApp.app, DEMO_USERS.update);
    const session = await accessTokens().verify(tokens.accessToken);
    await testApp.database.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.familyId, session?.sessionId ?? ''));
    const answer = await refresh(tokens.refreshToken);
    expect(answer.statusCode).toBe(401);
    expect(answer.json<{ responseCode: string }>().responseCode).toBe('AU');
  });

  it('answers VF for a body without a token', async () => {
    const answer = await testApp.app.inject({ method: 'POST', url: '/auth/refresh', payload: {} });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ responseCode: string }>().responseCode).toBe('VF');
  });
});

describe('POST /auth/logout', () => {
  it('ends the sign-in: the refresh token no longer refreshes', async () => {
    const tokens = await signIn(testApp.app, DEMO_USERS.personal);
    const answer = await logout(tokens.refreshToken);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ responseCode: '00' });
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
  });

  it('answers 00 again for an ended or unknown token, revealing nothing', async () => {
    const tokens = await signIn(testApp.app, DEMO_USERS.personal);
    await logout(tokens.refreshToken);
    expect((await logout(tokens.refreshToken)).json()).toEqual({ responseCode: '00' });
    expect((await logout('y'.repeat(43))).json()).toEqual({ responseCode: '00' });
  });
});

describe('access tokens on /api', () => {
  it('refuses a token signed with another key with 401 AU', async () => {
    const forged = await createAccessTokens(
      new TextEncoder().encode('another-secret-another-secret-0123456'),
      300,
    ).sign({
      userId: 1,
      sessionId: '00000000-0000-4000-8000-000000000000',
      isAdmin: true,
    });
    const answer = await callMethod(testApp.app, 'customerInfoGet', { token: forged });
    expect(answer.statusCode).toBe(401);
    expect(answer.json<{ responseCode: string }>().responseCode).toBe('AU');
  });

  it('refuses an expired token with 401 AU', async () => {
    const tokens = await signIn(testApp.app, DEMO_USERS.personal);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (testApp.config.accessTokenTtlSeconds + 60) * 1000);
    const answer = await callMethod(testApp.app, 'customerInfoGet', { token: tokens.accessToken });
    expect(answer.statusCode).toBe(401);
    expect(answer.json<{ responseCode: string }>().responseCode).toBe('AU');
  });
});
