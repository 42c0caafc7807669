import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { users } from '../../db/schema/customers';
import {
  activate,
  callPublic,
  codeIn,
  latestMailTo,
  register,
  registrationBody,
  termIdsInForce,
} from './registration-test-support';

/**
 * Races that only a real PostgreSQL can stage (PGlite runs one transaction at a time): the same
 * code used twice at once, the same e-mail or phone registered twice at once, a reset token spent twice.
 */
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ seed: true });
});

afterAll(async () => {
  await testApp.close();
});

describe('registration under concurrency', () => {
  it('activates once when the right code arrives twice at the same moment', async () => {
    const { email } = await register(testApp.app);
    const code = codeIn(await latestMailTo(testApp.app, email));
    const answers = await Promise.all([
      activate(testApp.app, { username: email, activationCode: code }),
      activate(testApp.app, { username: email, activationCode: code }),
      activate(testApp.app, { username: email, activationCode: code }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('counts every one of many wrong codes sent at once', async () => {
    const { email } = await register(testApp.app);
    const code = codeIn(await latestMailTo(testApp.app, email));
    const wrong = code === '000000' ? '111111' : '000000';
    await Promise.all(
      Array.from({ length: 8 }, () => activate(testApp.app, { username: email, activationCode: wrong })),
    );
    const right = await activate(testApp.app, { username: email, activationCode: code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({
      validationErrors: [{ message: 'Too many wrong codes. Request a new code.' }],
    });
  });

  it('lets one of two simultaneous registrations of an e-mail or a phone win', async () => {
    const termIds = await termIdsInForce(testApp.app);
    const sameEmail = registrationBody({ termIds });
    const byEmail = await Promise.all([
      callPublic(testApp.app, 'personalRegistrationCreate', sameEmail),
      callPublic(testApp.app, 'personalRegistrationCreate', { ...sameEmail, phone: registrationBody().phone }),
    ]);
    expect(byEmail.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const rows = await testApp.database.db
      .select()
      .from(users)
      .where(eq(users.email, String(sameEmail.email)));
    expect(rows).toHaveLength(1);

    const samePhone = registrationBody({ termIds });
    const byPhone = await Promise.all([
      callPublic(testApp.app, 'personalRegistrationCreate', samePhone),
      callPublic(testApp.app, 'personalRegistrationCreate', { ...samePhone, email: registrationBody().email }),
    ]);
    expect(byPhone.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(byPhone.find((answer) => answer.statusCode === 400)?.json()).toMatchObject({
      validationErrors: [{ field: 'phone' }],
    });
  });

  it('spends a reset token once when it is sent twice at the same moment', async () => {
    const { email } = await register(testApp.app);
    await activate(testApp.app, { username: email, activationCode: codeIn(await latestMailTo(testApp.app, email)) });
    await callPublic(testApp.app, 'passwordResetRequest', { email });
    const checked = await callPublic(testApp.app, 'passwordResetCodeCheck', {
      email,
      code: codeIn(await latestMailTo(testApp.app, email)),
    });
    const { resetToken } = checked.json<{ resetToken: string }>();
    const answers = await Promise.all(
      ['Amber-lighthouse-keeper-31', 'Silver-orchard-morning-77'].map((password) =>
        callPublic(testApp.app, 'passwordResetComplete', { resetToken, password, passwordRepeat: password }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });
});
