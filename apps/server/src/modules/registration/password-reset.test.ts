import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMethod, createTestApp, signIn, type TestApp } from '../../../test/helper';
import { refreshTokens, signIns } from '../../db/schema/auth';
import { DEMO_PASSWORD } from '../../db/seed';
import { passwordResets } from '../../db/schema/registration';
import {
  activate,
  callPublic,
  codeIn,
  latestMailTo,
  mailsTo,
  nextAddress,
  register,
  STRONG_PASSWORD,
} from './registration-test-support';

/**
 * Password reset over HTTP: request → code by e-mail → code check → new password. The request
 * answers alike for unknown e-mails; completing it ends every session of the user.
 */
let testApp: TestApp;
const NEW_PASSWORD = 'Copper-kettle-sings-at-dawn-8';

beforeAll(async () => {
  testApp = await createTestApp({ seed: true, config: { loginRateLimit: { max: 1_000, windowSeconds: 300 } } });
});

afterAll(async () => {
  await testApp.close();
});

async function activeCustomer(): Promise<string> {
  const { email } = await register(testApp.app);
  const code = codeIn(await latestMailTo(testApp.app, email));
  expect((await activate(testApp.app, { username: email, activationCode: code })).statusCode).toBe(200);
  return email;
}

function requestReset(email: string, remoteAddress = nextAddress()) {
  return callPublic(testApp.app, 'passwordResetRequest', { email }, { remoteAddress });
}

function checkCode(email: string, code: string, remoteAddress = nextAddress()) {
  return callPublic(testApp.app, 'passwordResetCodeCheck', { email, code }, { remoteAddress });
}

function complete(resetToken: string, password = NEW_PASSWORD, passwordRepeat = password) {
  return callPublic(testApp.app, 'passwordResetComplete', { resetToken, password, passwordRepeat });
}

async function resetTokenFor(email: string): Promise<string> {
  expect((await requestReset(email)).statusCode).toBe(200);
  const checked = await checkCode(email, codeIn(await latestMailTo(testApp.app, email)));
  expect(checked.statusCode, checked.body).toBe(200);
  return checked.json<{ resetToken: string }>().resetToken;
}

function login(email: string, password: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { client: 'web', username: email, password, codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' },
  });
}

describe('password reset', () => {
  it('mails a code, checks it, sets the new password; the old one stops working', async () => {
    const email = await activeCustomer();
    const requested = await requestReset(email);
    expect(requested.json()).toEqual({ responseCode: '00', codeExpiresInSeconds: 900 });
    const mail = await latestMailTo(testApp.app, email);
    expect(mail.subject).toBe('Your Harbor password reset code');
    expect(mail.body).toMatch(/works for 15 minutes/);

    const checked = await checkCode(email, codeIn(mail));
    expect(checked.statusCode).toBe(200);
    const { resetToken, tokenExpiresInSeconds } = checked.json<{ resetToken: string; tokenExpiresInSeconds: number }>();
    expect(tokenExpiresInSeconds).toBe(900);

    const done = await complete(resetToken);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ responseCode: '00', login: email });
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    const notice = await latestMailTo(testApp.app, email);
    expect(notice.subject).toBe('Your Harbor password has been successfully updated');
    expect(notice.body).toMatch(/link it again/);
  });

  it('answers an unknown e-mail exactly like a known one, and sends it nothing', async () => {
    const known = await requestReset('personal@demo.test');
    const unknown = await requestReset('no.such.customer@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(await mailsTo(testApp.app, 'no.such.customer@example.com')).toHaveLength(0);
    // Every code is wrong for it, in the same words as for a known e-mail.
    const check = await checkCode('no.such.customer@example.com', '123456');
    expect(check.json()).toMatchObject({ responseCode: 'VF', validationErrors: [{ field: 'code' }] });
  });

  it('sends no code to an account that is not active yet', async () => {
    const { email } = await register(testApp.app);
    const before = (await mailsTo(testApp.app, email)).length;
    expect((await requestReset(email)).statusCode).toBe(200);
    expect(await mailsTo(testApp.app, email)).toHaveLength(before);
  });

  it('ends every session and refresh token of the user', async () => {
    const email = await activeCustomer();
    const first = await signIn(testApp.app, email, { password: STRONG_PASSWORD });
    const second = await signIn(testApp.app, email, { password: STRONG_PASSWORD });
    const resetToken = await resetTokenFor(email);
    expect((await complete(resetToken)).statusCode).toBe(200);

    for (const tokens of [first, second]) {
      const refreshed = await testApp.app.inject({
        method: 'POST',
        url: '/auth/refresh',
        payload: { refreshToken: tokens.refreshToken },
      });
      expect(refreshed.statusCode).toBe(401);
    }
    const live = await testApp.database.db
      .select()
      .from(signIns)
      .where(sql`${signIns.userId} = (select id from users where email = ${email}) and ${signIns.revokedAt} is null`);
    expect(live).toHaveLength(0);
    const tokens = await testApp.database.db
      .select({ reason: refreshTokens.revokedReason })
      .from(refreshTokens)
      .where(sql`${refreshTokens.userId} = (select id from users where email = ${email})`);
    expect(tokens.every((token) => token.reason === 'password-change')).toBe(true);
  });

  it('leaves other users’ sessions alone', async () => {
    const bystander = await signIn(testApp.app, 'kyc@demo.test');
    const email = await activeCustomer();
    expect((await complete(await resetTokenFor(email))).statusCode).toBe(200);
    expect((await callMethod(testApp.app, 'customerInfoGet', { token: bystander.accessToken })).statusCode).toBe(200);
    const refreshed = await testApp.app.inject({
      method: 'POST',
      url: '/auth/refresh',
      payload: { refreshToken: bystander.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('counts wrong codes and ends the reset after five; a new request starts afresh', async () => {
    const email = await activeCustomer();
    await requestReset(email);
    const code = codeIn(await latestMailTo(testApp.app, email));
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await checkCode(email, wrong);
    expect(first.json()).toMatchObject({
      validationErrors: [{ field: 'code', message: 'This code is not right. Tries left: 4.' }],
    });
    for (let attempt = 2; attempt <= 5; attempt += 1) await checkCode(email, wrong);
    const right = await checkCode(email, code);
    expect(right.json()).toMatchObject({
      validationErrors: [{ message: 'Too many wrong codes. Request a new code.' }],
    });

    await requestReset(email);
    const fresh = codeIn(await latestMailTo(testApp.app, email));
    expect((await checkCode(email, fresh)).statusCode).toBe(200);
  });

  it('refuses an expired code, and an earlier code once a new one was requested', async () => {
    const email = await activeCustomer();
    await requestReset(email);
    const firstCode = codeIn(await latestMailTo(testApp.app, email));
    await requestReset(email);
    const secondCode = codeIn(await latestMailTo(testApp.app, email));
    if (firstCode !== secondCode) expect((await checkCode(email, firstCode)).statusCode).toBe(400);
    await testApp.database.db
      .update(passwordResets)
      .set({ codeExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.email, email));
    const expired = await checkCode(email, secondCode);
    expect(expired.json()).toMatchObject({
      validationErrors: [{ message: 'This code has expired. Request a new code.' }],
    });
  });

  it('uses a reset token once, and not after it expires', async () => {
    const email = await activeCustomer();
    const resetToken = await resetTokenFor(email);
    expect((await complete(resetToken)).statusCode).toBe(200);
    const again = await complete(resetToken, 'Another-fine-passphrase-22');
    expect(again.json()).toMatchObject({ responseCode: 'VF', validationErrors: [{ field: 'resetToken' }] });

    const later = await resetTokenFor(email);
    await testApp.database.db
      .update(passwordResets)
      .set({ resetTokenExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.email, email));
    expect((await complete(later)).json()).toMatchObject({ validationErrors: [{ field: 'resetToken' }] });
    const garbage = await complete('not-a-token');
    expect(garbage.json()).toMatchObject({ responseCode: 'VF', validationErrors: [{ field: 'resetToken' }] });
  });

  it('holds the new password to the same rule, and the repeat must match', async () => {
    const email = await activeCustomer();
    const resetToken = await resetTokenFor(email);
    const weak = await complete(resetToken, 'password1234');
    expect(weak.json()).toMatchObject({ responseCode: 'VF', validationErrors: [{ field: 'password' }] });
    const mismatch = await complete(resetToken, NEW_PASSWORD, `${NEW_PASSWORD}!`);
    expect(mismatch.json()).toMatchObject({ validationErrors: [{ field: 'passwordRepeat' }] });
    // Refusals leave the token usable.
    expect((await complete(resetToken)).statusCode).toBe(200);
  });

  it('limits requests per e-mail, whether or not it has an account', async () => {
    for (const email of ['update@demo.test', 'nobody.limited@example.com']) {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await requestReset(email)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
    }
  });

  it('keeps the demo password usable for the demo users it did not touch', async () => {
    expect((await login('personal@demo.test', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});
