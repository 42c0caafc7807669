import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { users } from '../../db/schema/customers';
import { emailConfirmations } from '../../db/schema/registration';
import { callPublic, latestMailTo, linkIn, nextAddress, register } from './registration-test-support';
import { isEmailConfirmed, requestEmailConfirmation } from './registration.service';

/** The public e-mail and phone checks (spec 001 §7 "Other"), and the e-mail confirmation link. */
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ seed: true });
});

afterAll(async () => {
  await testApp.close();
});

describe('e-mail and phone existence checks', () => {
  it('tells free (0), active (1) and not yet active (2) e-mails apart, case-insensitively', async () => {
    const { email: pending } = await register(testApp.app);
    const check = (email: string) => callPublic(testApp.app, 'emailExistsCheck', { email });
    expect((await check('free.address@example.com')).json()).toEqual({ responseCode: '00', exists: false, status: 0 });
    expect((await check('Personal@Demo.Test')).json()).toEqual({ responseCode: '00', exists: true, status: 1 });
    expect((await check(pending)).json()).toEqual({ responseCode: '00', exists: true, status: 2 });
    expect((await check('not an e-mail')).json()).toMatchObject({
      responseCode: 'VF',
      validationErrors: [{ field: 'email' }],
    });
  });

  it('finds a registered phone however it is written, and answers the number it compared', async () => {
    await register(testApp.app, { phone: '+40 723 456 789' });
    const check = (phone: string, countryCode?: string) =>
      callPublic(testApp.app, 'phoneExistsCheck', { phone, ...(countryCode === undefined ? {} : { countryCode }) });
    expect((await check('0723 456 789', 'RO')).json()).toEqual({
      responseCode: '00',
      exists: true,
      phone: '+40723456789',
    });
    expect((await check('0040723456789')).json()).toEqual({ responseCode: '00', exists: true, phone: '+40723456789' });
    expect((await check('+1 201 555 0123')).json()).toEqual({
      responseCode: '00',
      exists: false,
      phone: '+12015550123',
    });
    expect((await check('0723 456', 'RO')).json()).toMatchObject({
      responseCode: 'VF',
      validationErrors: [{ field: 'phone' }],
    });
  });

  it('limits the checks per client address', async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      const method = attempt % 2 === 0 ? 'emailExistsCheck' : 'phoneExistsCheck';
      const params = attempt % 2 === 0 ? { email: `probe${attempt}@example.com` } : { phone: '+12015550123' };
      statuses.push((await callPublic(testApp.app, method, params, { remoteAddress: address })).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    const limited = await callPublic(
      testApp.app,
      'emailExistsCheck',
      { email: 'x@example.com' },
      { remoteAddress: address },
    );
    expect(limited.json()).toMatchObject({ responseCode: 'RL' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('e-mail confirmation link', () => {
  async function userId(email: string): Promise<number> {
    const [user] = await testApp.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (user === undefined) throw new Error(`no user ${email}`);
    return user.id;
  }

  function follow(url: URL) {
    return testApp.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { accept: 'text/html' } });
  }

  it('confirms the address once and lands on the web app with emailConfirmation=success, then fail', async () => {
    const id = await userId('personal@demo.test');
    await requestEmailConfirmation(
      testApp.database.db,
      { messaging: testApp.app.messaging, webOrigin: 'http://localhost:3000', log: testApp.app.log, brand: 'harbor' },
      { userId: id, email: 'alex.second@example.com', language: 'pt' },
    );
    const mail = await latestMailTo(testApp.app, 'alex.second@example.com');
    expect(mail.subject).toBe('Confirme o seu endereço de e-mail para a Harbor');
    const link = linkIn(mail);
    expect(link.pathname).toMatch(/^\/auth\/email-confirmation\/[A-Za-z0-9_-]{43}$/);

    const first = await follow(link);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/activate?emailConfirmation=success');
    expect(await isEmailConfirmed(testApp.database.db, { userId: id, email: 'alex.second@example.com' })).toBe(true);

    const again = await follow(link);
    expect(again.headers.location).toBe('/activate?emailConfirmation=fail');
  });

  it('lands on fail for an unknown or expired link', async () => {
    const unknown = await follow(new URL('http://localhost/auth/email-confirmation/unknown-token'));
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toBe('/activate?emailConfirmation=fail');

    const id = await userId('kyc@demo.test');
    const context = {
      messaging: testApp.app.messaging,
      webOrigin: 'http://localhost',
      log: testApp.app.log,
      brand: 'harbor',
    };
    await requestEmailConfirmation(testApp.database.db, context, {
      userId: id,
      email: 'late@example.com',
      language: 'en',
    });
    await testApp.database.db.update(emailConfirmations).set({ expiresAt: sql`now() - interval '1 second'` });
    const late = await follow(linkIn(await latestMailTo(testApp.app, 'late@example.com')));
    expect(late.headers.location).toBe('/activate?emailConfirmation=fail');
    expect(await isEmailConfirmed(testApp.database.db, { userId: id, email: 'late@example.com' })).toBe(false);
  });
});
