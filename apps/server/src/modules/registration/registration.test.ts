import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMethod, createTestApp, signIn, type TestApp } from '../../../test/helper';
import { customers, users } from '../../db/schema/customers';
import { auditLog } from '../../db/schema/platform';
import { activationCodes, registrationProfiles } from '../../db/schema/registration';
import {
  activate,
  callPublic,
  codeIn,
  latestMailTo,
  linkIn,
  register,
  registrationBody,
  STRONG_PASSWORD,
  termIdsInForce,
} from './registration-test-support';

/**
 * Personal registration over HTTP, as the web app calls it: a new customer registers, reads the
 * activation mail in the outbox, activates, signs in; and every refusal on the way.
 */
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ seed: true });
});

afterAll(async () => {
  await testApp.close();
});

function loginAttempt(email: string, password = STRONG_PASSWORD) {
  return testApp.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { client: 'web', username: email, password, codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' },
  });
}

async function refusal(params: Record<string, unknown>) {
  const body = registrationBody({ termIds: await termIdsInForce(testApp.app), ...params });
  return callPublic(testApp.app, 'personalRegistrationCreate', body);
}

describe('personal registration', () => {
  it('registers, mails a code and a link, activates with the code, and then signs in', async () => {
    const { email } = await register(testApp.app);

    // Not active yet: the right password is told so, and nothing more.
    const early = await loginAttempt(email);
    expect(early.statusCode).toBe(401);
    expect(early.json<{ responseDescription: string }>().responseDescription).toMatch(/not activated yet/);

    const mail = await latestMailTo(testApp.app, email);
    expect(mail.subject).toBe('Activate your Harbor account');
    expect(mail.body).toContain('Hello Ioana');
    expect(mail.body).toMatch(/work for 48 hours/);
    const link = linkIn(mail);
    expect(link.pathname).toBe('/activate');
    expect(link.searchParams.get('action')).toBe('activation');
    expect(link.searchParams.get('username')).toBe(email);

    const activated = await activate(testApp.app, { username: email, activationCode: codeIn(mail) });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()).toEqual({ responseCode: '00', login: email, customerType: 'personal' });

    const tokens = await signIn(testApp.app, email, { password: STRONG_PASSWORD });
    // The terms were accepted at registration: no TE on the first call.
    const info = await callMethod(testApp.app, 'customerInfoGet', { token: tokens.accessToken });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({
      customer: {
        login: email,
        customerType: 'personal',
        firstName: 'Ioana',
        lastName: 'Marinescu',
        verified: false,
        isNeedKyc: true,
      },
    });
  });

  it('activates with the link token, which the web app sends as the activationCode', async () => {
    const { email } = await register(testApp.app);
    const link = linkIn(await latestMailTo(testApp.app, email));
    const token = link.searchParams.get('activationCode') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const activated = await activate(testApp.app, { email, activationCode: token });
    expect(activated.statusCode, activated.body).toBe(200);
    expect((await loginAttempt(email)).statusCode).toBe(200);
  });

  it('stores the phone in E.164, the type, the brand and the language; codes only as hashes', async () => {
    const { email } = await register(testApp.app, {
      phone: '0721 000 777',
      countryCode: 'RO',
      brand: 'lumen',
      registrationType: 'developers',
    });
    const [user] = await testApp.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.status).toBe('pending');
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const [profile] = await testApp.database.db
      .select()
      .from(registrationProfiles)
      .where(eq(registrationProfiles.userId, user?.id ?? 0));
    expect(profile).toMatchObject({
      kind: 'personal',
      phone: '+40721000777',
      countryCode: 'RO',
      brand: 'lumen',
      registrationType: 'developers',
      language: 'en',
    });
    const [customer] = await testApp.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, profile?.customerId ?? 0));
    expect(customer).toMatchObject({ customerType: 'personal', brand: 'lumen', verified: false });
    const mail = await latestMailTo(testApp.app, email);
    const [code] = await testApp.database.db
      .select()
      .from(activationCodes)
      .where(eq(activationCodes.userId, user?.id ?? 0));
    expect(JSON.stringify(code)).not.toContain(codeIn(mail));
    expect(mail.subject).toBe('Activate your Lumen account');
    const audit = await testApp.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorUserId, user?.id ?? 0));
    expect(audit.map((entry) => entry.action)).toContain('registration.registered');
  });

  it('writes the mail in the language of the call', async () => {
    const body = registrationBody({ termIds: await termIdsInForce(testApp.app) });
    const response = await callPublic(testApp.app, 'personalRegistrationCreate', body, { language: 'ro-RO,ro;q=0.9' });
    expect(response.statusCode).toBe(200);
    const mail = await latestMailTo(testApp.app, String(body.email));
    expect(mail.subject).toBe('Activează-ți contul Harbor');
    expect(mail.body).toContain('Bună ziua, Ioana');
  });

  it('refuses an e-mail that already has an account, with the field named', async () => {
    const { email } = await register(testApp.app);
    const again = await refusal({ email: email.toUpperCase() });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ responseCode: 'VF', validationErrors: [{ field: 'email' }] });
  });

  it('refuses a phone number another account uses, however it is written', async () => {
    await register(testApp.app, { phone: '+40 722 111 222' });
    const again = await refusal({ phone: '0722111222', countryCode: 'RO' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ responseCode: 'VF', validationErrors: [{ field: 'phone' }] });
  });

  it.each([
    ['shorter than 12 characters', 'Sh0rt-pass!', /at least 12/],
    ['a breached favourite', 'password1234', /too common/],
    ['built from the names', 'IoanaMarinescu1', /e-mail address or your name/],
    ['a keyboard walk', 'qwertyuiop123', /common|Keyboard/],
  ])('refuses a password %s, naming the password field', async (_label, password, message) => {
    const response = await refusal({ password });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ responseCode: string; validationErrors: { field: string; message: string }[] }>();
    expect(body.responseCode).toBe('VF');
    expect(body.validationErrors[0]?.field).toBe('password');
    expect(body.validationErrors[0]?.message).toMatch(message);
  });

  it('refuses registration on the brand that has self-registration off', async () => {
    const response = await refusal({ brand: 'tidewater' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ responseCode: 'ENOA' });
  });

  it('offers webcam models on the main brand only', async () => {
    const elsewhere = await refusal({ brand: 'lumen', registrationType: 'webcamModels' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({ validationErrors: [{ field: 'registrationType' }] });
    await register(testApp.app, { brand: 'harbor', registrationType: 'webcamModels' });
  });

  it('refuses an unknown brand, an invalid phone and terms not accepted', async () => {
    expect((await refusal({ brand: 'nowhere' })).json()).toMatchObject({ validationErrors: [{ field: 'brand' }] });
    expect((await refusal({ phone: '+40 12' })).json()).toMatchObject({ validationErrors: [{ field: 'phone' }] });
    expect((await refusal({ phone: '12345', countryCode: 'GB' })).json()).toMatchObject({
      validationErrors: [{ field: 'phone' }],
    });
    expect((await refusal({ isTermsAccepted: false })).json()).toMatchObject({
      validationErrors: [{ field: 'isTermsAccepted' }],
    });
  });

  it('refuses terms other than those in force, so nobody accepts what they were not shown', async () => {
    const inForce = await termIdsInForce(testApp.app);
    expect(inForce.length).toBeGreaterThan(0);
    const stale = await refusal({ termIds: [] });
    expect(stale.json()).toMatchObject({ responseCode: 'VF', validationErrors: [{ field: 'termIds' }] });
    const foreign = await refusal({ termIds: [...inForce, 99_999] });
    expect(foreign.json()).toMatchObject({ validationErrors: [{ field: 'termIds' }] });
  });

  it('lists only the personal terms in force', async () => {
    const response = await callMethod(testApp.app, 'registrationTermsList');
    expect(response.json()).toMatchObject({
      terms: [{ code: 'personal-terms', version: 1, url: '/legal/personal-terms/v1' }],
    });
  });

  it('limits registrations per client address', async () => {
    const termIds = await termIdsInForce(testApp.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await callPublic(
        testApp.app,
        'personalRegistrationCreate',
        // An invalid phone is refused after the limit is counted: no account is made, the count grows.
        registrationBody({ termIds, phone: '+40 12' }),
        { remoteAddress: '192.0.2.77' },
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
