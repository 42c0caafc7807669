import type { CustomerPhone } from '@app/shared/api/profile';
import { createCodeVerifier } from '@app/shared/validation/pkce';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMethod, createTestApp, signIn, type TestApp } from '../../../test/helper';
import { DEMO_USERS } from '../../db/seed';
import { listOutboundMessages } from '../../platform/messaging/outbound-messages.repository';
import { contactFactsOf } from './profile.service';
import { s256ChallengeOf } from './profile-secrets';
import { expectRefused, lastCodeSentTo } from './profile-test-support';

/**
 * Phones over HTTP: added as a mobile number with the calling code without '+', confirmed by the
 * SMS code either with reqId + approvalCode or with the PKCE verifier, exactly one primary, a
 * replacement taking over on confirmation; and the refusals, after which nothing has changed.
 */

let testApp: TestApp;
let personalToken: string;
let businessToken: string;
let personalCustomerId: number;

interface CodeSent {
  phone: CustomerPhone;
  reqId: string;
  expiresAt: string;
  isSandbox: boolean;
}

async function call<T>(token: string, method: string, params: Record<string, unknown> = {}): Promise<T> {
  const response = await callMethod(testApp.app, method, { token, params });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

async function phones(token: string): Promise<CustomerPhone[]> {
  return (await call<{ phones: CustomerPhone[] }>(token, 'phoneInquiry')).phones;
}

beforeAll(async () => {
  testApp = await createTestApp({ seed: true, config: { loginRateLimit: { max: 1_000, windowSeconds: 300 } } });
  personalToken = (await signIn(testApp.app, DEMO_USERS.personal)).accessToken;
  businessToken = (await signIn(testApp.app, DEMO_USERS.business)).accessToken;
  personalCustomerId = (await call<{ customer: { customerId: number } }>(personalToken, 'customerInfoGet')).customer
    .customerId;
});

afterAll(async () => {
  await testApp.close();
});

describe('phones', () => {
  let first: CodeSent;

  it('refuses a country code with + and a number that is not a mobile one', async () => {
    const plus = await callMethod(testApp.app, 'phoneAdd', {
      token: personalToken,
      params: { countryCode: '+44', number: '7911123456' },
    });
    expect(plus.statusCode).toBe(400);
    expectRefused(plus, 'VF');
    const invalid = await callMethod(testApp.app, 'phoneAdd', {
      token: personalToken,
      params: { countryCode: '44', number: '7700900123' },
    });
    expectRefused(invalid, 'VF');
    const wrongType = await callMethod(testApp.app, 'phoneAdd', {
      token: personalToken,
      params: { countryCode: '44', number: '7911123456', phoneType: 1 },
    });
    expectRefused(wrongType, 'VF');
    const noProof = await callMethod(testApp.app, 'phoneConfirm', { token: personalToken, params: { phoneId: 1 } });
    expectRefused(noProof, 'VF');
    expect(await phones(personalToken)).toEqual([]);
  });

  it('adds a phone (type 2), sends a code and confirms it with reqId + approvalCode; it becomes primary', async () => {
    first = await call<CodeSent>(personalToken, 'phoneAdd', { countryCode: '44', number: '07911 123456' });
    expect(first.phone).toMatchObject({ countryCode: '44', number: '7911123456', phoneType: 2, status: 'Unconfirmed' });
    expect(first.isSandbox).toBe(true);
    expect(await contactFactsOf(testApp.database.db, { customerId: personalCustomerId })).toMatchObject({
      hasUnconfirmedPhone: true,
    });
    const code = await lastCodeSentTo(testApp.database.db, '+447911123456');

    const wrong = await callMethod(testApp.app, 'phoneConfirm', {
      token: personalToken,
      params: {
        phoneId: first.phone.phoneId,
        reqId: first.reqId,
        approvalCode: code === '000000' ? '111111' : '000000',
      },
    });
    expectRefused(wrong, 'VF');

    const { phone } = await call<{ phone: CustomerPhone }>(personalToken, 'phoneConfirm', {
      phoneId: first.phone.phoneId,
      reqId: first.reqId,
      approvalCode: code,
    });
    expect(phone).toMatchObject({ status: 'Primary', isPrimary: true });
    expect(await contactFactsOf(testApp.database.db, { customerId: personalCustomerId })).toMatchObject({
      hasUnconfirmedPhone: false,
    });
  });

  it('refuses a second confirmation', async () => {
    const code = await lastCodeSentTo(testApp.database.db, '+447911123456');
    const again = await callMethod(testApp.app, 'phoneConfirm', {
      token: personalToken,
      params: { phoneId: first.phone.phoneId, reqId: first.reqId, approvalCode: code },
    });
    expect(again.statusCode).toBe(400);
    expectRefused(again, 'TA1');
  });

  it('confirms with the code and the PKCE verifier of the challenge it was sent under', async () => {
    const verifier = createCodeVerifier();
    const sent = await call<CodeSent>(personalToken, 'phoneAdd', {
      countryCode: '40',
      number: '712345678',
      codeChallenge: s256ChallengeOf(verifier),
    });
    const code = await lastCodeSentTo(testApp.database.db, '+40712345678');
    const otherVerifier = await callMethod(testApp.app, 'phoneConfirm', {
      token: personalToken,
      params: { phoneId: sent.phone.phoneId, verification: { code, codeVerifier: createCodeVerifier() } },
    });
    expectRefused(otherVerifier, 'VF');
    const { phone } = await call<{ phone: CustomerPhone }>(personalToken, 'phoneConfirm', {
      phoneId: sent.phone.phoneId,
      verification: { code, codeVerifier: verifier },
    });
    // The first phone stays primary: exactly one.
    expect(phone).toMatchObject({ status: 'Confirmed', isPrimary: false });
    const all = await phones(personalToken);
    expect(all.filter((row) => row.isPrimary).map((row) => row.phoneId)).toEqual([first.phone.phoneId]);

    const listed = await call<{ phones: CustomerPhone[] }>(personalToken, 'phoneSetPrimary', {
      phoneId: sent.phone.phoneId,
    });
    expect(listed.phones.filter((row) => row.isPrimary).map((row) => row.phoneId)).toEqual([sent.phone.phoneId]);
    await call(personalToken, 'phoneSetPrimary', { phoneId: first.phone.phoneId });
  });

  it('refuses an expired code and stops after too many wrong ones', async () => {
    const sent = await call<CodeSent>(personalToken, 'phoneAdd', { countryCode: '44', number: '7911123457' });
    const code = await lastCodeSentTo(testApp.database.db, '+447911123457');
    await testApp.database.db.execute(
      sql`update phone_verifications set expires_at = now() - interval '1 second' where id = ${sent.reqId}`,
    );
    const expired = await callMethod(testApp.app, 'phoneConfirm', {
      token: personalToken,
      params: { phoneId: sent.phone.phoneId, reqId: sent.reqId, approvalCode: code },
    });
    expectRefused(expired, 'TA1');
    expect((await phones(personalToken)).find((row) => row.phoneId === sent.phone.phoneId)?.status).toBe('Unconfirmed');

    // A new code may not follow within the minute.
    const tooSoon = await testApp.app.inject({
      method: 'POST',
      url: `/verification/phones/${sent.phone.phoneId}/verify`,
      headers: { authorization: `Bearer ${personalToken}` },
      payload: { type: 'sms' },
    });
    expect(tooSoon.statusCode).toBe(429);
    await testApp.database.db.execute(
      sql`update phone_verifications set created_at = now() - interval '2 minutes' where phone_id = ${sent.phone.phoneId}`,
    );
    const resent = await testApp.app.inject({
      method: 'POST',
      url: `/verification/phones/${sent.phone.phoneId}/verify`,
      headers: { authorization: `Bearer ${personalToken}` },
      payload: { type: 'sms' },
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const { reqId } = resent.json<{ reqId: string }>();
    const fresh = await lastCodeSentTo(testApp.database.db, '+447911123457');
    const wrongCode = fresh === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await callMethod(testApp.app, 'phoneConfirm', {
        token: personalToken,
        params: { phoneId: sent.phone.phoneId, reqId, approvalCode: wrongCode },
      });
      expectRefused(response, 'VF');
    }
    const locked = await callMethod(testApp.app, 'phoneConfirm', {
      token: personalToken,
      params: { phoneId: sent.phone.phoneId, reqId, approvalCode: fresh },
    });
    expectRefused(locked, 'TA1');
  });

  it('replaces the primary phone: the new number takes over once confirmed', async () => {
    const sent = await call<CodeSent>(personalToken, 'phoneReplace', {
      phoneId: first.phone.phoneId,
      countryCode: '44',
      number: '7911123458',
    });
    expect(sent.phone).toMatchObject({ replacesPhoneId: first.phone.phoneId, status: 'Unconfirmed' });
    // Until then the old one is still the primary.
    expect((await phones(personalToken)).find((row) => row.isPrimary)?.phoneId).toBe(first.phone.phoneId);
    const code = await lastCodeSentTo(testApp.database.db, '+447911123458');
    const { phone } = await call<{ phone: CustomerPhone }>(personalToken, 'phoneConfirm', {
      phoneId: sent.phone.phoneId,
      reqId: sent.reqId,
      approvalCode: code,
    });
    expect(phone).toMatchObject({ status: 'Primary', isPrimary: true });
    const all = await phones(personalToken);
    expect(all.some((row) => row.phoneId === first.phone.phoneId)).toBe(false);
    expect(all.filter((row) => row.isPrimary)).toHaveLength(1);
  });

  it("refuses another customer's phone id, and changes nothing", async () => {
    const before = await phones(personalToken);
    const target = before[0];
    if (target === undefined) throw new Error('personal has no phone');
    for (const [method, params] of [
      ['phoneConfirm', { phoneId: target.phoneId, reqId: 'x', approvalCode: '123456' }],
      ['phoneSetPrimary', { phoneId: target.phoneId }],
      ['phoneReplace', { phoneId: target.phoneId, countryCode: '44', number: '7911123459' }],
    ] as const) {
      const response = await callMethod(testApp.app, method, { token: businessToken, params });
      expect(response.statusCode, method).toBe(403);
      expectRefused(response, 'ENOA');
    }
    const verify = await testApp.app.inject({
      method: 'POST',
      url: `/verification/phones/${target.phoneId}/verify`,
      headers: { authorization: `Bearer ${businessToken}` },
      payload: { type: 'sms' },
    });
    expect(verify.statusCode).toBe(403);
    expect(await phones(personalToken)).toEqual(before);
    expect(await phones(businessToken)).toEqual([]);
  });
});

describe('the confirmation SMS', () => {
  async function lastSmsTo(recipient: string): Promise<string> {
    const [message] = await listOutboundMessages(testApp.database.db, { recipient, limit: 1 });
    return message?.body ?? '';
  }

  it('is written in the language of the request, and its code confirms the phone', async () => {
    const sent = await call<CodeSent>(businessToken, 'phoneAdd', {
      countryCode: '44',
      number: '7911123460',
      lang: 'ru',
    });
    const body = await lastSmsTo('+447911123460');
    expect(body).toMatch(/^Ваш код подтверждения: \d{6}\. Он действует 10 минут\.$/);
    const { phone } = await call<{ phone: CustomerPhone }>(businessToken, 'phoneConfirm', {
      phoneId: sent.phone.phoneId,
      reqId: sent.reqId,
      approvalCode: await lastCodeSentTo(testApp.database.db, '+447911123460'),
    });
    expect(phone.isPrimary).toBe(true);
  });

  it('stays in English without a language, and a new code follows the Accept-Language of its request', async () => {
    const sent = await call<CodeSent>(businessToken, 'phoneAdd', { countryCode: '44', number: '7911123461' });
    expect(await lastSmsTo('+447911123461')).toMatch(/^Your confirmation code is \d{6}\. It works for 10 minutes\.$/);
    await testApp.database.db.execute(
      sql`update phone_verifications set created_at = now() - interval '2 minutes' where phone_id = ${sent.phone.phoneId}`,
    );
    const resent = await testApp.app.inject({
      method: 'POST',
      url: `/verification/phones/${sent.phone.phoneId}/verify`,
      headers: { authorization: `Bearer ${businessToken}`, 'accept-language': 'ro-RO,ro;q=0.9,en;q=0.8' },
      payload: { type: 'sms' },
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(await lastSmsTo('+447911123461')).toMatch(/^Codul tău de confirmare este \d{6}\. Este valabil 10 minute\.$/);
  });
});
