import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations, signInThroughForm } from './support';

/**
 * Registration journeys in Chromium (spec 000 §1, §2; 001 §7, §8): a new customer registers in the
 * browser, reads the activation mail in the outbox, activates and signs in; activation by the mail's
 * link; password reset; the e-mail confirmation popup; single sign-on with the demo relying party.
 */
const PASSWORD = 'Lantern-harbour-quietly-47';
const NEW_PASSWORD = 'Copper-kettle-sings-at-dawn-8';

/**
 * A different valid Romanian mobile number for each registration of the run. The counter starts at a
 * random point: a failed test restarts the worker, and the numbers it used stay registered.
 */
let phoneCounter = Math.floor(Math.random() * 900_000);

function nextPhone(): string {
  phoneCounter = (phoneCounter + 1) % 1_000_000;
  return `+4073${String(1_000_000 + phoneCounter).slice(1)}5`;
}

function uniqueEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;
}

interface OutboxMessage {
  subject?: string;
  body?: string;
}

/** The newest mail to the address, once it is there (delivery follows the answer closely). */
async function latestMail(request: APIRequestContext, recipient: string): Promise<Required<OutboxMessage>> {
  let latest: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`);
      latest = ((await response.json()) as { messages: OutboxMessage[] }).messages[0];
      return latest?.body ?? '';
    })
    .not.toBe('');
  return { subject: latest?.subject ?? '', body: latest?.body ?? '' };
}

function codeIn(mail: OutboxMessage): string {
  const code = /(\d{6})(?:\s|$)/m.exec(mail.body ?? '')?.[1];
  if (code === undefined) throw new Error(`no code in "${mail.subject ?? ''}"`);
  return code;
}

function linkIn(mail: OutboxMessage): URL {
  const link = /https?:\/\/\S+/.exec(mail.body ?? '')?.[0];
  if (link === undefined) throw new Error(`no link in "${mail.subject ?? ''}"`);
  return new URL(link);
}

/** Registers over the main API, as the form does, for journeys that start after registration. */
async function registerByApi(request: APIRequestContext, email: string): Promise<void> {
  const terms = await request.post('/api?method=registrationTermsList', { data: { method: 'registrationTermsList' } });
  const termIds = ((await terms.json()) as { terms: { id: number }[] }).terms.map((item) => item.id);
  const response = await request.post('/api?method=personalRegistrationCreate', {
    data: {
      method: 'personalRegistrationCreate',
      email,
      password: PASSWORD,
      firstName: 'Mihai',
      lastName: 'Dobre',
      countryCode: 'RO',
      phone: nextPhone(),
      registrationType: 'developers',
      brand: 'harbor',
      termIds,
      isTermsAccepted: true,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function activateByApi(request: APIRequestContext, email: string): Promise<void> {
  const response = await request.post('/api?method=accountActivate', {
    data: { method: 'accountActivate', username: email, activationCode: codeIn(await latestMail(request, email)) },
  });
  expect(response.status()).toBe(200);
}

async function fillRegistrationForm(page: Page, email: string): Promise<void> {
  await page.getByLabel('First name').fill('Ioana');
  await page.getByLabel('Last name').fill('Marinescu');
  await page.getByLabel('E-mail address').fill(email);
  // The browser's locale pre-selects a country; the customer searches for theirs.
  const country = page.getByRole('combobox', { name: 'Country of residence' });
  await country.fill('Romania');
  await page.getByRole('option', { name: 'Romania', exact: true }).click();
  await page.getByLabel('Mobile phone number').fill(nextPhone());
  await page.getByRole('radio', { name: 'Freelancer' }).check();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await expect(page.getByText(/^Password strength: (strong|very strong)$/)).toBeVisible();
  await page.getByRole('checkbox', { name: /I have read and accept/ }).check();
}

test('a new customer registers in the browser, activates with the mailed code and signs in', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('ioana');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByRole('link', { name: 'Open a personal account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Open a personal account' })).toBeVisible();

  // A taken e-mail is said when the field is left.
  await page.getByLabel('E-mail address').fill('personal@demo.test');
  await page.getByLabel('Mobile phone number').focus();
  await expect(page.getByText('An account with this e-mail address already exists.', { exact: false })).toBeVisible();

  await fillRegistrationForm(page, email);
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/activate$/);
  await expect(page.getByText(`We sent an activation code to ${email}. It works for 48 hours.`)).toBeVisible();
  const mail = await latestMail(request, email);
  expect(mail.subject).toBe('Activate your Harbor account');
  await page.getByLabel('Activation code').fill(codeIn(mail));
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Activate account' }).click();
  await expect(page.getByText('Your Account has been activated.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();

  await expect(page).toHaveURL(/\/login$/);
  await signInThroughForm(page, email, PASSWORD);
  // A new customer is not verified yet: sign-in leads to the identity check (spec 000 §4).
  await expect(page).toHaveURL(/\/kyc$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your identity' })).toBeVisible();
});

test('the registration form fits a 476 px phone and says what is missing', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 476, height: 900 } });
  const page = await context.newPage();
  await page.goto('/register/personal');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('There is a problem')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Enter your first name' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousAccessibilityViolations(page);
  await context.close();
});

test('the activation link in the mail activates the account', async ({ page, request }) => {
  const email = uniqueEmail('link');
  await registerByApi(request, email);
  const link = linkIn(await latestMail(request, email));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('Your Account has been activated.')).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/kyc$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your identity' })).toBeVisible();
});

test('a customer who forgot the password resets it with a mailed code and signs in with the new one', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('forgot');
  await registerByApi(request, email);
  await activateByApi(request, email);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`If ${email} has an account, we've sent it a code.`, { exact: false })).toBeVisible();
  const mail = await latestMail(request, email);
  expect(mail.subject).toBe('Your Harbor password reset code');
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(codeIn(mail));
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('textbox', { name: 'Repeat the new password' }).fill(NEW_PASSWORD);
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been successfully updated.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();

  await signInThroughForm(page, email, PASSWORD);
  await expect(page.getByText('Incorrect e-mail or password.')).toBeVisible();
  await signInThroughForm(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/kyc$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your identity' })).toBeVisible();
});

test('a link to the root with emailConfirmation shows the confirmation popup', async ({ page }) => {
  await page.goto('/?emailConfirmation=fail');
  await expect(page).toHaveURL(/\/activate\?emailConfirmation=fail$/);
  await expect(page.getByText('An error has occurred. Please contact us.')).toBeVisible();
  await page.goto('/?emailConfirmation=success');
  await expect(page.getByText('Your E-mail address has been confirmed!')).toBeVisible();
});

test('a signed-in customer signs in to the demo relying party after consenting', async ({ page }) => {
  await page.goto('/login');
  await signInThroughForm(page, 'personal@demo.test');
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/dev/sso-partner');
  await page.getByRole('link', { name: 'Sign in with your account' }).click();
  await expect(page).toHaveURL(/\/auth\/sei\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Demo Partner Shop?' })).toBeVisible();
  await expect(page.getByText('see your e-mail address')).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page).toHaveURL(/\/dev\/sso-partner\/callback\?code=/);
  await expect(page.getByRole('heading', { name: 'Signed in' })).toBeVisible();
  await expect(page.getByText('personal@demo.test')).toBeVisible();
});
