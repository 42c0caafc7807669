import type { CustomerEmail, UsernameChangeRequest } from '@app/shared/api/profile';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMethod, createTestApp, signIn, type TestApp } from '../../../test/helper';
import { customerNotifications } from '../../db/schema/notifications';
import { DEMO_USERS } from '../../db/seed';
import { listOutboundMessages } from '../../platform/messaging/outbound-messages.repository';
import { expectRefused, lastCodeSentTo } from './profile-test-support';

/**
 * E-mails and the sign-in e-mail over HTTP: add, confirm by code or by the mailed link, make
 * primary, delete; the username change that takes effect only once confirmed and fails with a
 * usernameChangeFailed notification; and the refusals, after which nothing has changed.
 */

let testApp: TestApp;
let personalToken: string;
let businessToken: string;

interface EmailAnswer {
  username: string;
  emails: CustomerEmail[];
  usernameChangeRequest?: UsernameChangeRequest;
}

async function call<T>(token: string, method: string, params: Record<string, unknown> = {}): Promise<T> {
  const response = await callMethod(testApp.app, method, { token, params });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

function inquiry(token: string): Promise<EmailAnswer> {
  return call<EmailAnswer>(token, 'emailInquiry');
}

function otherThan(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

beforeAll(async () => {
  testApp = await createTestApp({ seed: true, config: { loginRateLimit: { max: 1_000, windowSeconds: 300 } } });
  personalToken = (await signIn(testApp.app, DEMO_USERS.personal)).accessToken;
  businessToken = (await signIn(testApp.app, DEMO_USERS.business)).accessToken;
});

afterAll(async () => {
  await testApp.close();
});

describe('e-mails', () => {
  let workId: number;
  let homeId: number;

  it('adds an e-mail and confirms it with the mailed code; the first confirmed one is primary', async () => {
    const { email } = await call<{ email: CustomerEmail }>(personalToken, 'emailAdd', { email: ' Work@Example.COM ' });
    expect(email).toMatchObject({ email: 'work@example.com', isConfirmed: false, isPrimary: false });
    workId = email.emailId;
    const code = await lastCodeSentTo(testApp.database.db, 'work@example.com');
    const wrong = await callMethod(testApp.app, 'emailConfirm', {
      token: personalToken,
      params: { emailId: workId, code: otherThan(code) },
    });
    expectRefused(wrong, 'VF');
    const { email: confirmed } = await call<{ email: CustomerEmail }>(personalToken, 'emailConfirm', {
      emailId: workId,
      code,
    });
    expect(confirmed).toMatchObject({ isConfirmed: true, isPrimary: true });
    const again = await callMethod(testApp.app, 'emailConfirm', {
      token: personalToken,
      params: { emailId: workId, code },
    });
    expect(again.statusCode).toBe(400);
    expectRefused(again, 'TA1');
  });

  it('confirms by the link in the mail, which works once', async () => {
    const { email } = await call<{ email: CustomerEmail }>(personalToken, 'emailAdd', { email: 'home@example.com' });
    homeId = email.emailId;
    const [mail] = await listOutboundMessages(testApp.database.db, { recipient: 'home@example.com', limit: 1 });
    const link = mail?.body?.match(/https?:\/\/\S+/)?.[0];
    if (link === undefined) throw new Error('no link in the mail');
    const path = new URL(link).pathname + new URL(link).search;
    const first = await testApp.app.inject({ method: 'GET', url: path });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/profile?emailConfirmation=success');
    const second = await testApp.app.inject({ method: 'GET', url: path });
    expect(second.headers.location).toBe('/profile?emailConfirmation=fail');
    const { emails } = await inquiry(personalToken);
    expect(emails.find((row) => row.emailId === homeId)).toMatchObject({ isConfirmed: true, isPrimary: false });
  });

  it('refuses an expired code', async () => {
    const { email } = await call<{ email: CustomerEmail }>(personalToken, 'emailAdd', { email: 'late@example.com' });
    const code = await lastCodeSentTo(testApp.database.db, 'late@example.com');
    await testApp.database.db.execute(
      sql`update customer_emails set code_expires_at = now() - interval '1 second' where id = ${email.emailId}`,
    );
    const expired = await callMethod(testApp.app, 'emailConfirm', {
      token: personalToken,
      params: { emailId: email.emailId, code },
    });
    expectRefused(expired, 'TA1');
    // A new code may follow, but at most once a minute.
    await call(personalToken, 'emailResend', { emailId: email.emailId });
    const fresh = await lastCodeSentTo(testApp.database.db, 'late@example.com');
    const tooSoon = await callMethod(testApp.app, 'emailResend', {
      token: personalToken,
      params: { emailId: email.emailId },
    });
    expect(tooSoon.statusCode).toBe(429);
    await call(personalToken, 'emailConfirm', { emailId: email.emailId, code: fresh });
    await call(personalToken, 'emailDelete', { emailId: email.emailId });
  });

  it('makes a confirmed e-mail primary, and refuses deleting the primary one', async () => {
    const { emails } = await call<{ emails: CustomerEmail[] }>(personalToken, 'emailSetPrimary', { emailId: homeId });
    expect(emails.filter((row) => row.isPrimary).map((row) => row.emailId)).toEqual([homeId]);
    const deletePrimary = await callMethod(testApp.app, 'emailDelete', {
      token: personalToken,
      params: { emailId: homeId },
    });
    expectRefused(deletePrimary, 'TA1');
    await call(personalToken, 'emailDelete', { emailId: workId });
    expect((await inquiry(personalToken)).emails.map((row) => row.emailId)).toEqual([homeId]);
  });

  it("refuses another customer's e-mail id, and changes nothing", async () => {
    const before = await inquiry(personalToken);
    for (const [method, params] of [
      ['emailConfirm', { emailId: homeId, code: '123456' }],
      ['emailDelete', { emailId: homeId }],
      ['emailSetPrimary', { emailId: homeId }],
      ['emailResend', { emailId: homeId }],
    ] as const) {
      const response = await callMethod(testApp.app, method, { token: businessToken, params });
      expect(response.statusCode, method).toBe(403);
      expectRefused(response, 'ENOA');
    }
    expect(await inquiry(personalToken)).toEqual(before);
  });
});

describe('username change', () => {
  it('refuses a login another account uses', async () => {
    const taken = await callMethod(testApp.app, 'usernameChangeRequestCreate', {
      token: personalToken,
      params: { desiredUsername: DEMO_USERS.business },
    });
    expectRefused(taken, 'VF');
  });

  it('changes the sign-in e-mail only once the code sent to it is confirmed', async () => {
    const { usernameChangeRequest } = await call<{ usernameChangeRequest: UsernameChangeRequest }>(
      personalToken,
      'usernameChangeRequestCreate',
      { desiredUsername: 'new.me@example.com' },
    );
    expect(usernameChangeRequest).toMatchObject({ status: 'active', desiredUsername: 'new.me@example.com' });
    expect((await inquiry(personalToken)).username).toBe(DEMO_USERS.personal);
    const code = await lastCodeSentTo(testApp.database.db, 'new.me@example.com');
    const wrong = await callMethod(testApp.app, 'usernameChangeConfirm', {
      token: personalToken,
      params: { requestId: usernameChangeRequest.requestId, code: otherThan(code) },
    });
    expectRefused(wrong, 'VF');
    const intruder = await callMethod(testApp.app, 'usernameChangeConfirm', {
      token: businessToken,
      params: { requestId: usernameChangeRequest.requestId, code },
    });
    expectRefused(intruder, 'ENOA');
    const done = await call<{ username: string; usernameChangeRequest: UsernameChangeRequest }>(
      personalToken,
      'usernameChangeConfirm',
      { requestId: usernameChangeRequest.requestId, code },
    );
    expect(done.username).toBe('new.me@example.com');
    expect(done.usernameChangeRequest.status).toBe('completed');
    expect(done.usernameChangeRequest.logs.map((log) => log.event)).toEqual([
      'requested',
      'codeSent',
      'wrongCode',
      'completed',
    ]);
    await signIn(testApp.app, 'new.me@example.com');
  });

  it('fails an expired request for good and raises usernameChangeFailed', async () => {
    const { usernameChangeRequest } = await call<{ usernameChangeRequest: UsernameChangeRequest }>(
      personalToken,
      'usernameChangeRequestCreate',
      { desiredUsername: 'later@example.com' },
    );
    const code = await lastCodeSentTo(testApp.database.db, 'later@example.com');
    await testApp.database.db.execute(
      sql`update username_change_requests set code_expires_at = now() - interval '1 second' where id = ${usernameChangeRequest.requestId}`,
    );
    const expired = await callMethod(testApp.app, 'usernameChangeConfirm', {
      token: personalToken,
      params: { requestId: usernameChangeRequest.requestId, code },
    });
    expectRefused(expired, 'TA1');
    const answer = await inquiry(personalToken);
    expect(answer.username).toBe('new.me@example.com');
    expect(answer.usernameChangeRequest).toMatchObject({ status: 'failed' });
    const notifications = await testApp.database.db
      .select({ id: customerNotifications.id })
      .from(customerNotifications)
      .where(eq(customerNotifications.type, 'usernameChangeFailed'));
    expect(notifications).toHaveLength(1);
    const replay = await callMethod(testApp.app, 'usernameChangeConfirm', {
      token: personalToken,
      params: { requestId: usernameChangeRequest.requestId, code },
    });
    expectRefused(replay, 'TA1');
  });
});

describe('mails in the language of the request', () => {
  async function lastMailTo(recipient: string): Promise<{ subject: string; body: string }> {
    const [mail] = await listOutboundMessages(testApp.database.db, { recipient, limit: 1 });
    return { subject: mail?.subject ?? '', body: mail?.body ?? '' };
  }

  it('sends the confirmation of an e-mail address in it, and its code confirms the address', async () => {
    const { email } = await call<{ email: CustomerEmail }>(businessToken, 'emailAdd', {
      email: 'pratsivnyk@example.com',
      lang: 'ua',
    });
    const mail = await lastMailTo('pratsivnyk@example.com');
    expect(mail.subject).toBe('Підтвердьте адресу електронної пошти');
    expect(mail.body).toMatch(/^Підтвердьте, що pratsivnyk@example\.com — ваша адреса електронної пошти/);
    expect(mail.body).toMatch(/Або введіть цей код у профілі: \d{6}\n/);
    expect(mail.body).toContain('Посилання та код діють 60 хвилин.');
    const code = await lastCodeSentTo(testApp.database.db, 'pratsivnyk@example.com');
    const confirmed = await call<{ email: CustomerEmail }>(businessToken, 'emailConfirm', {
      emailId: email.emailId,
      code,
    });
    expect(confirmed.email.isConfirmed).toBe(true);
  });

  it('stays in English without a language', async () => {
    await call(businessToken, 'emailAdd', { email: 'english@example.com' });
    const mail = await lastMailTo('english@example.com');
    expect(mail.subject).toBe('Confirm your e-mail address');
    expect(mail.body).toMatch(/Or enter this code on your profile: \d{6}\n/);
    expect(mail.body).toContain('The link and the code work for 60 minutes.');
  });

  it('sends the code of a new sign-in e-mail in it, naming both addresses', async () => {
    await call(businessToken, 'usernameChangeRequestCreate', { desiredUsername: 'nova@example.com', lang: 'pt' });
    const mail = await lastMailTo('nova@example.com');
    expect(mail.subject).toBe('Confirme o seu novo e-mail de início de sessão');
    expect(mail.body).toMatch(
      /^Pediu para iniciar sessão com nova@example\.com a partir de agora\. Para confirmar, introduza este código no seu perfil: \d{6}\n/,
    );
    expect(mail.body).toContain(
      `O código é válido durante 60 minutos. Até confirmar, continua a iniciar sessão com ${DEMO_USERS.business}.`,
    );
  });
});
