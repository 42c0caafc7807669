import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMethod, createTestApp, signIn, type TestApp } from '../../../test/helper';
import { customers, users } from '../../db/schema/customers';
import { activationCodes } from '../../db/schema/registration';
import { AccessRight } from '@app/shared/constants';
import * as customersService from '../customers/customers.service';
import { startActivation, deliverActivation } from './activation';
import * as repository from './registration.repository';
import {
  activate,
  callPublic,
  codeIn,
  latestMailTo,
  linkIn,
  mailsTo,
  nextAddress,
  register,
  STRONG_PASSWORD,
} from './registration-test-support';
import { inviteCompanyUser, type RegistrationContext } from './registration.service';

/**
 * Activation by code and by link, its limits (expiry, five wrong codes, single use), new codes on
 * request, invited company users who choose their own details, and business activation.
 */
let testApp: TestApp;
let context: RegistrationContext;

beforeAll(async () => {
  testApp = await createTestApp({ seed: true });
  context = {
    messaging: testApp.app.messaging,
    webOrigin: 'http://localhost:3000',
    log: testApp.app.log,
    brand: 'harbor',
  };
});

afterAll(async () => {
  await testApp.close();
});

function otherCodeThan(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

async function registeredWithCode(): Promise<{ email: string; code: string }> {
  const { email } = await register(testApp.app);
  return { email, code: codeIn(await latestMailTo(testApp.app, email)) };
}

function validationMessageOf(body: string): string {
  const parsed = JSON.parse(body) as { validationErrors?: { message: string }[] };
  return parsed.validationErrors?.[0]?.message ?? '';
}

async function northwindId(): Promise<number> {
  const [company] = await testApp.database.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.businessName, 'Northwind Trading Ltd'));
  if (company === undefined) throw new Error('demo company missing');
  return company.id;
}

describe('account activation', () => {
  it('counts wrong codes, says how many tries are left, and ends the code after five', async () => {
    const { email, code } = await registeredWithCode();
    const address = nextAddress();
    const wrong = otherCodeThan(code);
    const first = await activate(testApp.app, { username: email, activationCode: wrong }, address);
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ responseCode: 'VF', validationErrors: [{ field: 'activationCode' }] });
    expect(validationMessageOf(first.body)).toBe('This code is not right. Tries left: 4.');
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      await activate(testApp.app, { username: email, activationCode: wrong }, address);
    }
    const right = await activate(testApp.app, { username: email, activationCode: code }, address);
    expect(right.statusCode).toBe(400);
    expect(validationMessageOf(right.body)).toBe('Too many wrong codes. Request a new code.');
    const [user] = await testApp.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.status).toBe('pending');
  });

  it('refuses an expired code, even the right one', async () => {
    const { email, code } = await registeredWithCode();
    await testApp.database.db
      .update(activationCodes)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(sql`${activationCodes.userId} = (select id from users where email = ${email})`);
    const response = await activate(testApp.app, { username: email, activationCode: code });
    expect(response.statusCode).toBe(400);
    expect(validationMessageOf(response.body)).toBe('This code has expired. Request a new code.');
  });

  it('works once: the same code or link again says the account is already active', async () => {
    const { email, code } = await registeredWithCode();
    const token = linkIn(await latestMailTo(testApp.app, email)).searchParams.get('activationCode') ?? '';
    expect((await activate(testApp.app, { username: email, activationCode: code })).statusCode).toBe(200);
    for (const activationCode of [code, token]) {
      const again = await activate(testApp.app, { username: email, activationCode });
      expect(again.statusCode).toBe(400);
      expect(validationMessageOf(again.body)).toBe('This account is already active. Sign in.');
    }
  });

  it('answers an unknown e-mail like a wrong code, and needs an e-mail at all', async () => {
    const unknown = await activate(testApp.app, { username: 'nobody.here@example.com', activationCode: '123456' });
    expect(unknown.statusCode).toBe(400);
    expect(validationMessageOf(unknown.body)).toBe('This code is not right. Check the latest activation e-mail.');
    const nameless = await activate(testApp.app, { activationCode: '123456' });
    expect(nameless.json()).toMatchObject({ responseCode: 'VF', validationErrors: [{ field: 'username' }] });
    const malformed = await activate(testApp.app, { username: 'x@example.com', activationCode: '12ab' });
    expect(malformed.json()).toMatchObject({ validationErrors: [{ field: 'activationCode' }] });
  });

  it('sends a new code on request: the old one stops working, the new one activates', async () => {
    const { email, code } = await registeredWithCode();
    const resend = await callPublic(testApp.app, 'accountActivationResend', { email });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ responseCode: '00' });
    const mails = await mailsTo(testApp.app, email);
    expect(mails).toHaveLength(2);
    const fresh = codeIn(mails[0] ?? { subject: '', body: '' });
    if (fresh !== code) {
      expect((await activate(testApp.app, { username: email, activationCode: code })).statusCode).toBe(400);
    }
    expect((await activate(testApp.app, { username: email, activationCode: fresh })).statusCode).toBe(200);
  });

  it('answers a re-send for an unknown or active e-mail the same way, and sends nothing', async () => {
    for (const email of ['nobody.at.all@example.com', 'personal@demo.test']) {
      const response = await callPublic(testApp.app, 'accountActivationResend', { email });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ responseCode: '00' });
      expect(await mailsTo(testApp.app, email)).toHaveLength(0);
    }
  });

  it('limits re-sends per e-mail', async () => {
    const { email } = await register(testApp.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push((await callPublic(testApp.app, 'accountActivationResend', { email })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('limits activation tries per client address', async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      const response = await activate(
        testApp.app,
        { username: 'guess@example.com', activationCode: '000000' },
        address,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 429)).toEqual([429]);
    expect(statuses[30]).toBe(429);
  });
});

describe('invited company users', () => {
  async function invite(email: string) {
    return inviteCompanyUser(testApp.database.db, context, {
      customerId: await northwindId(),
      email,
      accessRights: AccessRight.READ,
      permissions: [],
      invitedByUserId: 1,
      businessName: 'Northwind Trading Ltd',
      brand: 'harbor',
      origin: { ip: '127.0.0.1', language: 'en' },
    });
  }

  it('activate by choosing their names and password; then they sign in to the company', async () => {
    const email = 'new.colleague@example.com';
    await invite(email);
    const mail = await latestMailTo(testApp.app, email);
    expect(mail.subject).toBe('Northwind Trading Ltd invited you to Harbor');
    const link = linkIn(mail);
    expect(link.origin).toBe('http://localhost:3000');
    expect(link.searchParams.get('action')).toBe('activationEmployee');
    const activationCode = link.searchParams.get('activationCode') ?? '';

    // The plain activation would leave them without a password of their own.
    const plain = await activate(testApp.app, { username: email, activationCode });
    expect(validationMessageOf(plain.body)).toMatch(/asks for your name and a password/);

    const details = { username: email, activationCode, firstName: ' Dana ', lastName: 'Kovač' };
    const mismatch = await callPublic(testApp.app, 'employeeActivate', {
      ...details,
      password: STRONG_PASSWORD,
      passwordRepeat: `${STRONG_PASSWORD}x`,
    });
    expect(mismatch.json()).toMatchObject({ responseCode: 'VF', validationErrors: [{ field: 'passwordRepeat' }] });
    const weak = await callPublic(testApp.app, 'employeeActivate', {
      ...details,
      password: 'northwind123',
      passwordRepeat: 'northwind123',
    });
    expect(weak.json()).toMatchObject({ responseCode: 'VF', validationErrors: [{ field: 'password' }] });

    const done = await callPublic(testApp.app, 'employeeActivate', {
      ...details,
      password: STRONG_PASSWORD,
      passwordRepeat: STRONG_PASSWORD,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ responseCode: '00', login: email, businessName: 'Northwind Trading Ltd' });

    const tokens = await signIn(testApp.app, email, { password: STRONG_PASSWORD });
    // The company accepted its terms; the new user accepts them on first sign-in (TE), like any user.
    const first = await callMethod(testApp.app, 'customerInfoGet', { token: tokens.accessToken });
    expect(first.json()).toMatchObject({ responseCode: 'TE', terms: [{ code: 'business-terms' }] });
    const termIds = first.json<{ terms: { id: number }[] }>().terms.map((terms) => terms.id);
    await callMethod(testApp.app, 'termsAccept', { token: tokens.accessToken, params: { termIds } });
    const info = await callMethod(testApp.app, 'customerInfoGet', { token: tokens.accessToken });
    expect(info.json()).toMatchObject({
      customer: {
        customerType: 'business',
        businessName: 'Northwind Trading Ltd',
        firstName: 'Dana',
        lastName: 'Kovač',
      },
    });
  });

  it('cannot use a personal activation code in the invitation form', async () => {
    const { email, code } = await registeredWithCode();
    const response = await callPublic(testApp.app, 'employeeActivate', {
      username: email,
      activationCode: code,
      firstName: 'Ioana',
      lastName: 'Marinescu',
      password: STRONG_PASSWORD,
      passwordRepeat: STRONG_PASSWORD,
    });
    expect(validationMessageOf(response.body)).toMatch(/does not belong to an invitation/);
    const [user] = await testApp.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.status).toBe('pending');
  });

  it('refuses to invite an e-mail that has an account', async () => {
    await expect(invite('personal@demo.test')).rejects.toMatchObject({ code: 'VF' });
  });
});

describe('business activation', () => {
  it('activates the company’s main user and sends the waiting users their invitations', async () => {
    const db = testApp.database.db;
    const mainEmail = 'founder@acme-studio.example';
    const colleagueEmail = 'colleague@acme-studio.example';
    const delivery = await db.transaction(async (tx) => {
      const company = await customersService.createCustomer(tx, {
        customerType: 'business',
        businessName: 'Acme Studio SRL',
        brand: 'harbor',
        isNeedKyc: true,
      });
      const main = await customersService.createPendingUser(tx, {
        email: mainEmail,
        passwordHash: 'x',
        firstName: 'Radu',
        lastName: 'Ene',
      });
      const colleague = await customersService.createPendingUser(tx, {
        email: colleagueEmail,
        passwordHash: 'x',
        firstName: null,
        lastName: null,
      });
      if (main === null || colleague === null) throw new Error('setup failed');
      for (const [user, kind] of [
        [main, 'business'],
        [colleague, 'employee'],
      ] as const) {
        await customersService.grantCustomerAccess(tx, {
          userId: user.id,
          customerId: company.id,
          accessRights: AccessRight.FULL,
          permissions: [],
          isDefault: true,
        });
        await repository.insertRegistrationProfile(tx, {
          userId: user.id,
          customerId: company.id,
          kind,
          brand: 'harbor',
          language: kind === 'employee' ? 'es' : 'en',
        });
      }
      return startActivation(tx, {
        userId: main.id,
        purpose: 'businessActivation',
        email: mainEmail,
        name: 'Radu',
        businessName: 'Acme Studio SRL',
        brand: 'harbor',
        language: 'en',
      });
    });
    await deliverActivation(context, delivery);
    const mail = await latestMailTo(testApp.app, mainEmail);
    expect(mail.subject).toBe('Activate your Harbor business account');
    expect(linkIn(mail).searchParams.get('action')).toBe('activationBusiness');

    const response = await activate(testApp.app, { username: mainEmail, activationCode: codeIn(mail) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      responseCode: '00',
      login: mainEmail,
      customerType: 'business',
      invitedUsersNotified: 1,
    });
    const invitation = await latestMailTo(testApp.app, colleagueEmail);
    // In the invitee's own language.
    expect(invitation.subject).toBe('Acme Studio SRL te ha invitado a Harbor');
    expect(linkIn(invitation).searchParams.get('action')).toBe('activationEmployee');
  });
});
