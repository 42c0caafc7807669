import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { callMethod, createTestApp, type TestApp } from '../../../test/helper';
import { exchange, login, totpAt } from '../../../test/sign-in-client';
import { authUserSettings, loginAttempts } from '../../db/schema/auth';
import { DEMO_FACTOR_USERS, DEMO_TOTP_SECRET } from '../../db/seed';
import { TOTP_PERIOD_SECONDS } from './totp';

/**
 * The otp flow: a TOTP (RFC 6238) from the authenticator app, one step either side of now, each
 * step usable once per user. The clock is pinned mid-step so a step boundary cannot fall between
 * making a code and checking it.
 */
let testApp: TestApp;
const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
let stepStartMs: number;

beforeAll(async () => {
  testApp = await createTestApp({ seed: true, config: { loginRateLimit: { max: 1_000, windowSeconds: 300 } } });
});

afterAll(async () => {
  await testApp.close();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Pins Date to the middle of a step a few steps after the last one used, so earlier tests leave none behind. */
function pinClock(stepsAhead: number): void {
  stepStartMs = (Math.floor(Date.now() / STEP_MS) + stepsAhead) * STEP_MS;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(stepStartMs + STEP_MS / 2);
}

async function otpSignIn(otp: string) {
  const answer = await login(testApp.app, DEMO_FACTOR_USERS.otp);
  expect(answer.flow.type).toBe('otp');
  return {
    answer,
    response: await exchange(testApp.app, { code: answer.flow.code, codeVerifier: answer.pkce.verifier, otp }),
  };
}

describe('otp sign-in', () => {
  it('opens a session with the current code, and stores the secret encrypted', async () => {
    pinClock(0);
    const { response } = await otpSignIn(await totpAt(DEMO_TOTP_SECRET, Date.now()));
    expect(response.statusCode).toBe(200);
    const { accessToken } = response.json<{ accessToken: string }>();
    expect((await callMethod(testApp.app, 'customerInfoGet', { token: accessToken })).statusCode).toBe(200);

    const stored = await testApp.database.db
      .select()
      .from(authUserSettings)
      .where(isNotNull(authUserSettings.totpSecretEncrypted));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.totpSecretEncrypted).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain(DEMO_TOTP_SECRET);
  });

  it('accepts each code once: the same code again is refused', async () => {
    pinClock(3);
    const code = await totpAt(DEMO_TOTP_SECRET, Date.now());
    expect((await otpSignIn(code)).response.statusCode).toBe(200);
    const reuse = (await otpSignIn(code)).response;
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ responseCode: 'VF', validationErrors: [{ field: 'otp' }] });
  });

  it('accepts the previous and the next step, not two steps away', async () => {
    pinClock(6);
    // Oldest first: once a step is used, earlier ones are refused too.
    const twoBack = await totpAt(DEMO_TOTP_SECRET, stepStartMs - 2 * STEP_MS);
    expect((await otpSignIn(twoBack)).response.statusCode).toBe(400);
    const previous = await totpAt(DEMO_TOTP_SECRET, stepStartMs - STEP_MS);
    expect((await otpSignIn(previous)).response.statusCode).toBe(200);
    const next = await totpAt(DEMO_TOTP_SECRET, stepStartMs + STEP_MS);
    expect((await otpSignIn(next)).response.statusCode).toBe(200);
    const twoAhead = await totpAt(DEMO_TOTP_SECRET, stepStartMs + 2 * STEP_MS);
    expect((await otpSignIn(twoAhead)).response.statusCode).toBe(400);
  });

  it('refuses a code of a step before the last one used, though inside the window', async () => {
    pinClock(12);
    expect((await otpSignIn(await totpAt(DEMO_TOTP_SECRET, stepStartMs))).response.statusCode).toBe(200);
    const previous = await totpAt(DEMO_TOTP_SECRET, stepStartMs - STEP_MS);
    expect((await otpSignIn(previous)).response.statusCode).toBe(400);
  });

  it('asks for the code without counting a try when it is missing or not six digits', async () => {
    pinClock(15);
    const answer = await login(testApp.app, DEMO_FACTOR_USERS.otp);
    for (const otp of [undefined, '12ab56', '1234567']) {
      const response = await exchange(testApp.app, {
        code: answer.flow.code,
        codeVerifier: answer.pkce.verifier,
        ...(otp === undefined ? {} : { otp }),
      });
      expect(response.json()).toMatchObject({
        responseCode: 'VF',
        validationErrors: [{ field: 'otp', message: 'Enter the 6-digit code.' }],
      });
    }
    const right = await exchange(testApp.app, {
      code: answer.flow.code,
      codeVerifier: answer.pkce.verifier,
      otp: await totpAt(DEMO_TOTP_SECRET, Date.now()),
    });
    expect(right.statusCode).toBe(200);
  });

  it('locks the sign-in at the fifth wrong code; each counts towards the sign-in limit', async () => {
    pinClock(18);
    const before = await testApp.database.db.$count(loginAttempts, eq(loginAttempts.result, 'wrongCode'));
    const answer = await login(testApp.app, DEMO_FACTOR_USERS.otp);
    const attempt = (otp: string) =>
      exchange(testApp.app, { code: answer.flow.code, codeVerifier: answer.pkce.verifier, otp });
    for (let left = 4; left >= 1; left -= 1) {
      const wrong = await attempt('000000');
      expect(wrong.json<{ validationErrors: { message: string }[] }>().validationErrors[0]?.message).toBe(
        `The code is incorrect. Attempts left: ${left}.`,
      );
    }
    const fifth = await attempt('000000');
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json()).toMatchObject({
      responseCode: 'AU',
      responseDescription: 'Too many incorrect codes. Please sign in again.',
    });
    const right = await attempt(await totpAt(DEMO_TOTP_SECRET, Date.now()));
    expect(right.statusCode).toBe(401);
    expect(await testApp.database.db.$count(loginAttempts, eq(loginAttempts.result, 'wrongCode'))).toBe(before + 5);
  });
});
