import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMethod, createTestApp, type TestApp } from '../../../test/helper';
import { countSentMessages, exchange, latestSentCode, login, newPkce } from '../../../test/sign-in-client';
import { auditLog } from '../../db/schema/platform';
import { loginRequests, verificationCodes } from '../../db/schema/auth';
import { DEMO_FACTOR_USERS, DEMO_PASSWORD, DEMO_SMS_PHONE } from '../../db/seed';
import { sha256Hex } from './auth-secrets';

/**
 * The flows whose second factor is a code we send: sms (to the user's phone) and verifyDevice (to
 * the login e-mail, for an unknown browser). Codes are read from the outbox, as a developer would.
 */
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ seed: true, config: { loginRateLimit: { max: 1_000, windowSeconds: 300 } } });
});

afterAll(async () => {
  await testApp.close();
});

async function smsSignIn() {
  const answer = await login(testApp.app, DEMO_FACTOR_USERS.sms);
  expect(answer.flow.type).toBe('sms');
  const submit = (otp: string) =>
    exchange(testApp.app, { code: answer.flow.code, codeVerifier: answer.pkce.verifier, otp });
  return { answer, submit, tmpToken: String(answer.flow.tmpToken) };
}

function resend(tmpToken: string) {
  return testApp.app.inject({ method: 'POST', url: '/auth/code/re-send', payload: { tmpToken } });
}

/** Moves the last send of the sign-in's code back, past the re-send cool-down. */
async function waitOutCooldown(): Promise<void> {
  await testApp.database.db.update(verificationCodes).set({ lastSentAt: sql`now() - interval '61 seconds'` });
}

describe('sms sign-in', () => {
  it('sends a 6-digit code naming its identifier, and opens a session with it', async () => {
    const { answer, submit } = await smsSignIn();
    const sent = await latestSentCode(testApp.app, DEMO_SMS_PHONE);
    expect(sent.identifier).toBe(answer.flow.identifier);
    expect(sent.body).toMatch(/^Harbor: \d{6} is your sign-in code \(#\d{2}\)\. It expires in 5 minutes\./);
    const response = await submit(sent.code);
    expect(response.statusCode).toBe(200);
    const { accessToken } = response.json<{ accessToken: string }>();
    expect((await callMethod(testApp.app, 'customerInfoGet', { token: accessToken })).statusCode).toBe(200);
  });

  it('stores only a hash of the code', async () => {
    await smsSignIn();
    const sent = await latestSentCode(testApp.app, DEMO_SMS_PHONE);
    const rows = await testApp.database.db.select().from(verificationCodes);
    expect(JSON.stringify(rows)).not.toContain(sent.code);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.codeHash))).toBe(true);
  });

  it('locks the sign-in after 5 wrong codes: even the right one is refused then', async () => {
    const { submit, answer } = await smsSignIn();
    const sent = await latestSentCode(testApp.app, DEMO_SMS_PHONE);
    const wrongCode = sent.code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const wrong = await submit(wrongCode);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ responseCode: 'VF', validationErrors: [{ field: 'otp' }] });
    }
    const fifth = await submit(wrongCode);
    expect(fifth.statusCode).toBe(401);
    expect((await submit(sent.code)).statusCode).toBe(401);
    // The locked sign-in sends no more codes.
    expect((await resend(String(answer.flow.tmpToken))).statusCode).toBe(401);
    const locks = await testApp.database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.signInLocked'));
    expect(locks.some((entry) => entry.details?.reason === 'tooManyCodes')).toBe(true);
  });

  it('re-sends 3 times at most, not within the cool-down; only the latest code works', async () => {
    const { submit, tmpToken } = await smsSignIn();
    const first = await latestSentCode(testApp.app, DEMO_SMS_PHONE);
    const tooSoon = await resend(tmpToken);
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);

    const before = await countSentMessages(testApp.app, DEMO_SMS_PHONE);
    for (let left = 2; left >= 0; left -= 1) {
      await waitOutCooldown();
      const resent = await resend(tmpToken);
      expect(resent.statusCode).toBe(200);
      expect(resent.json()).toMatchObject({ responseCode: '00', resendsLeft: left, codeExpiresInSeconds: 300 });
      expect(resent.json<{ identifier: string }>().identifier).toBe(
        (await latestSentCode(testApp.app, DEMO_SMS_PHONE)).identifier,
      );
    }
    await waitOutCooldown();
    expect((await resend(tmpToken)).statusCode).toBe(429);
    expect(await countSentMessages(testApp.app, DEMO_SMS_PHONE)).toBe(before + 3);

    const latest = await latestSentCode(testApp.app, DEMO_SMS_PHONE);
    if (first.code !== latest.code) expect((await submit(first.code)).statusCode).toBe(400);
    expect((await submit(latest.code)).statusCode).toBe(200);
  });

  it('refuses an expired code with a hint to ask for a new one', async () => {
    const { submit, answer } = await smsSignIn();
    const sent = await latestSentCode(testApp.app, DEMO_SMS_PHONE);
    await testApp.database.db
      .update(verificationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verificationCodes.subjectKey, await loginRequestIdOf(String(answer.flow.code))));
    const response = await submit(sent.code);
    expect(response.json()).toMatchObject({
      responseCode: 'VF',
      validationErrors: [{ field: 'otp', message: 'This code has expired. Ask for a new one.' }],
    });
  });

  it('refuses a re-send for an unknown temporary token', async () => {
    expect((await resend('x'.repeat(43))).statusCode).toBe(401);
  });
});

async function loginRequestIdOf(code: string): Promise<string> {
  const [row] = await testApp.database.db
    .select({ id: loginRequests.id })
    .from(loginRequests)
    .where(eq(loginRequests.codeHash, sha256Hex(code)));
  return row?.id ?? '';
}

describe('verifyDevice sign-in', () => {
  const email = DEMO_FACTOR_USERS.deviceCheck;

  it('verifies an unknown browser by an e-mail code, then knows it by the secret it returned', async () => {
    const first = await login(testApp.app, email);
    expect(first.flow).toMatchObject({ type: 'verifyDevice', sentTo: 'n********e@demo.test' });
    const sent = await latestSentCode(testApp.app, email);
    expect(sent.identifier).toBe(first.flow.identifier);
    const tokens = await exchange(testApp.app, {
      code: first.flow.code,
      codeVerifier: first.pkce.verifier,
      otp: sent.code,
    });
    expect(tokens.statusCode).toBe(200);
    const { secret } = tokens.json<{ secret: string }>();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect((await login(testApp.app, email, { secret })).flow.type).toBe('simple');
    expect((await login(testApp.app, email)).flow.type).toBe('verifyDevice');
    expect((await login(testApp.app, email, { secret: 'forged-secret' })).flow.type).toBe('verifyDevice');
    const trusted = await testApp.database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.browserTrusted'));
    expect(trusted).toHaveLength(1);
  });
});

describe('codes in the language of the request', () => {
  async function loginIn(acceptLanguage: string, username: string) {
    const pkce = await newPkce();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'accept-language': acceptLanguage },
      payload: { client: 'web', username, password: DEMO_PASSWORD, codeChallenge: pkce.challenge },
    });
    expect(response.statusCode, response.body).toBe(200);
    const flow = response.json<{ authFlow: { type: string; code: string; tmpToken: string; identifier: string } }>()
      .authFlow;
    return {
      flow,
      submit: (otp: string) => exchange(testApp.app, { code: flow.code, codeVerifier: pkce.verifier, otp }),
    };
  }

  async function latestMail(recipient: string): Promise<{ subject?: string; body?: string }> {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`,
    });
    return response.json<{ messages: { subject?: string; body?: string }[] }>().messages[0] ?? {};
  }

  it('texts the code in the sign-in’s language, re-sends it in the re-send’s, and the code signs in', async () => {
    // A new hour's budget: the tests above spent most of this user's SMS codes.
    await testApp.database.db.delete(verificationCodes);
    const { flow, submit } = await loginIn('ru-RU,ru;q=0.9', DEMO_FACTOR_USERS.sms);
    const sent = await latestSentCode(testApp.app, DEMO_SMS_PHONE);
    expect(sent.identifier).toBe(flow.identifier);
    expect(sent.body).toBe(
      `Harbor: ${sent.code} — ваш код для входа (#${sent.identifier}). Код действует 5 минут. Никому его не сообщайте, даже нам.`,
    );
    await waitOutCooldown();
    const resent = await testApp.app.inject({
      method: 'POST',
      url: '/auth/code/re-send',
      headers: { 'accept-language': 'es' },
      payload: { tmpToken: flow.tmpToken },
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const again = await latestSentCode(testApp.app, DEMO_SMS_PHONE);
    expect(again.body).toBe(
      `Harbor: ${again.code} es tu código de inicio de sesión (#${again.identifier}). Caduca en 5 minutos. No lo compartas con nadie, ni siquiera con nosotros.`,
    );
    expect((await submit(again.code)).statusCode).toBe(200);
  });

  it('mails the code in the sign-in’s language: subject and text', async () => {
    const { flow } = await loginIn('ro', DEMO_FACTOR_USERS.deviceCheck);
    expect(flow.type).toBe('verifyDevice');
    const mail = await latestMail(DEMO_FACTOR_USERS.deviceCheck);
    expect(mail.subject).toBe(`Codul tău Harbor pentru autentificare #${flow.identifier}`);
    expect(mail.body).toMatch(
      new RegExp(
        `^Harbor: \\d{6} este codul tău pentru autentificare \\(#${flow.identifier}\\)\\. Expiră în 5 minute\\. .+\\n\\nDacă nu ai fost tu, schimbă-ți parola și contactează asistența\\.$`,
      ),
    );
  });

  it('writes English for a language we do not write', async () => {
    const { flow } = await loginIn('de-DE,de;q=0.9', DEMO_FACTOR_USERS.deviceCheck);
    const mail = await latestMail(DEMO_FACTOR_USERS.deviceCheck);
    expect(mail.subject).toBe(`Your Harbor sign-in code #${flow.identifier}`);
    expect(mail.body).toMatch(/^Harbor: \d{6} is your sign-in code \(#\d{2}\)\. It expires in 5 minutes\./);
    expect(mail.body).toMatch(/\n\nIf this was not you, change your password and contact support\.$/);
  });
});
