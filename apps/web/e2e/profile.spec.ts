import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations, signInThroughForm } from './support';

/**
 * The profile in Chromium (spec 000 §3 "Personal documents", 001 §3 "Customer address", §7): a new
 * customer adds and confirms a phone, then replaces it; adds a home address with its proof, then
 * replaces it after the compatibility check; adds an e-mail, confirms it and makes another one
 * primary; changes the sign-in e-mail with the code sent to it; and saves a tax number. The
 * customer registers first, so the demo users the other journeys rely on stay as they are. The
 * first half runs at the phone width of spec 000 §9 (476 px), the second on a desktop.
 */
const PASSWORD = 'Lantern-harbour-quietly-47';
const PHONE_WIDTH = 476;
/** A one-pixel PNG: the smallest file the upload's content check accepts. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

interface OutboxMessage {
  subject?: string;
  body?: string;
}

function unique(): string {
  return `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
}

/** A Romanian mobile number (72x ranges are all allocated): valid, and unused each run. */
function mobile(): string {
  return `72${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
}

async function sentCode(request: APIRequestContext, recipient: string, after: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`);
      const { messages } = (await response.json()) as { messages: OutboxMessage[] };
      code = messages.length > after ? /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1] : undefined;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code ?? '';
}

async function messageCount(request: APIRequestContext, recipient: string): Promise<number> {
  const response = await request.get(`/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages.length;
}

async function registerAndActivate(request: APIRequestContext, email: string): Promise<void> {
  const terms = await request.post('/api?method=registrationTermsList', { data: { method: 'registrationTermsList' } });
  const termIds = ((await terms.json()) as { terms: { id: number }[] }).terms.map((item) => item.id);
  const registered = await request.post('/api?method=personalRegistrationCreate', {
    data: {
      method: 'personalRegistrationCreate',
      email,
      password: PASSWORD,
      firstName: 'Ioana',
      lastName: 'Marinescu',
      countryCode: 'RO',
      phone: `+4072${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`,
      registrationType: 'developers',
      brand: 'harbor',
      termIds,
      isTermsAccepted: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const activated = await request.post('/api?method=accountActivate', {
    data: { method: 'accountActivate', username: email, activationCode: await sentCode(request, email, 0) },
  });
  expect(activated.status(), await activated.text()).toBe(200);
}

/** The verification banner of a new customer is checked by its own journey; this one answers for the profile. */
const expectProfileAccessible = (page: Page) =>
  expectNoSeriousAccessibilityViolations(page, { exclude: 'a[href="/kyc"]' });

async function fillAddress(page: Page, address: { line: string; city: string; postal: string; country: string }) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Street and number').fill(address.line);
  await dialog.getByLabel('City').fill(address.city);
  await dialog.getByLabel('Postal code').fill(address.postal);
  await dialog.getByLabel('Country').fill(address.country);
  await page.getByRole('option', { name: address.country, exact: true }).click();
  await chooseFile(page, /^Document/, { name: 'bill.png', mimeType: 'image/png', buffer: PNG });
}

/** Picks a file through the browser's file chooser, as the customer does. */
async function chooseFile(page: Page, label: RegExp, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('dialog').getByRole('button', { name: label }).click();
  await (await chooser).setFiles(file);
}

test('a customer keeps their phones, addresses, e-mails, sign-in e-mail and tax number', async ({ browser }) => {
  test.setTimeout(240_000);
  const email = `profile.${unique()}@example.com`;
  const context = await browser.newContext({ viewport: { width: PHONE_WIDTH, height: 900 } });
  const page = await context.newPage();
  const { request } = page;
  await registerAndActivate(request, email);

  await page.goto('/login');
  await signInThroughForm(page, email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/home');
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Personal details' }).getByText('Ioana Marinescu')).toBeVisible();
  await expectProfileAccessible(page);

  // A phone: the plus sign typed in the country code is dropped; the SMS code confirms it.
  const firstNumber = mobile();
  const phones = page.getByRole('region', { name: 'Phones' });
  await phones.getByLabel('Country code').fill('+40');
  await phones.getByLabel('Mobile number').fill(firstNumber);
  await phones.getByRole('button', { name: 'Add phone' }).click();
  const phoneDialog = page.getByRole('dialog', { name: 'Confirm your phone' });
  await expect(phoneDialog).toBeVisible();
  await expectProfileAccessible(page);
  await phoneDialog.getByLabel('6-digit code').fill(await sentCode(request, `+40${firstNumber}`, 0));
  await phoneDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(phones.getByText(`+40 ${firstNumber} is confirmed.`)).toBeVisible();
  await expect(phones.getByTestId('phone-list').getByText('Primary')).toBeVisible();

  // Replaced: the new number takes over, primary, once its code is confirmed.
  const secondNumber = mobile();
  await phones.getByRole('button', { name: `Replace +40 ${firstNumber}` }).click();
  const replaceDialog = page.getByRole('dialog', { name: `Replace +40 ${firstNumber}` });
  await replaceDialog.getByLabel('Country code').fill('40');
  await replaceDialog.getByLabel('Mobile number').fill(secondNumber);
  await replaceDialog.getByRole('button', { name: 'Send code' }).click();
  await phoneDialog.getByLabel('6-digit code').fill(await sentCode(request, `+40${secondNumber}`, 0));
  await phoneDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(phones.getByText(`+40 ${secondNumber} is confirmed.`)).toBeVisible();
  await expect(phones.getByTestId('phone-list').getByText(`+40 ${firstNumber}`)).toHaveCount(0);

  // A home address with its proof: a wrong file is refused before anything is sent.
  const addresses = page.getByRole('region', { name: 'Addresses' });
  await addresses.getByRole('button', { name: 'Add address' }).click();
  const addressDialog = page.getByRole('dialog', { name: 'New address' });
  await fillAddress(page, { line: '12 Strada Lipscani', city: 'Bucharest', postal: '030031', country: 'Romania' });
  await chooseFile(page, /^Additional page/, {
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a document'),
  });
  await addressDialog.getByRole('button', { name: 'Continue' }).click();
  await expect(addressDialog.getByText('Upload a PDF, JPEG, PNG or HEIC file.')).toBeVisible();
  await expectProfileAccessible(page);
  await addressDialog.getByRole('button', { name: 'Delete' }).last().click();
  await addressDialog.getByRole('button', { name: 'Continue' }).click();
  await expect(addressDialog.getByTestId('address-review')).toHaveText('12 Strada Lipscani, 030031 Bucharest, RO');
  await addressDialog.getByRole('button', { name: 'Confirm address' }).click();
  await expect(addresses.getByText('Your address was submitted.', { exact: false })).toBeVisible();
  await expect(addresses.getByText('Under review').first()).toBeVisible();

  // Switch to a desktop for the second half.
  await page.setViewportSize({ width: 1280, height: 900 });

  // Replaced after the compatibility check: no cards, so no card lists; the old address retires.
  await addresses.getByRole('button', { name: /^Replace: 12 Strada Lipscani/ }).click();
  const replaceAddressDialog = page.getByRole('dialog', { name: 'Replace address' });
  await expect(replaceAddressDialog.getByText(/Current address: 12 Strada Lipscani/)).toBeVisible();
  await fillAddress(page, { line: '5 Calea Victoriei', city: 'Bucharest', postal: '010061', country: 'Romania' });
  await replaceAddressDialog.getByRole('button', { name: 'Continue' }).click();
  await expect(replaceAddressDialog.getByText('These cards will be cancelled:')).toHaveCount(0);
  await replaceAddressDialog.getByRole('button', { name: 'Confirm address' }).click();
  await expect(addresses.getByText('5 Calea Victoriei, 010061 Bucharest, RO')).toBeVisible();
  await expect(addresses.getByText('12 Strada Lipscani', { exact: false })).toHaveCount(0);

  // E-mails: add, confirm with the mailed code, add another, confirm by its link, make it primary.
  const emails = page.getByRole('region', { name: 'E-mails' });
  const work = `work.${unique()}@example.com`;
  await emails.getByRole('textbox', { name: 'E-mail' }).fill(work);
  await emails.getByRole('button', { name: 'Add e-mail' }).click();
  const emailDialog = page.getByRole('dialog', { name: 'Confirm your e-mail' });
  await emailDialog.getByLabel('6-digit code').fill(await sentCode(request, work, 0));
  await emailDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(emails.getByText(`${work} is confirmed.`)).toBeVisible();
  const home = `home.${unique()}@example.com`;
  await emails.getByRole('textbox', { name: 'E-mail' }).fill(home);
  await emails.getByRole('button', { name: 'Add e-mail' }).click();
  await emailDialog.getByRole('button', { name: 'Cancel' }).click();
  const mail = await request.get(`/dev/outbox.json?recipient=${encodeURIComponent(home)}`);
  const link = /https?:\/\/\S+/.exec(
    ((await mail.json()) as { messages: OutboxMessage[] }).messages[0]?.body ?? '',
  )?.[0];
  expect(link).toBeDefined();
  await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
  await expect(page.getByText('Your E-mail address has been confirmed!')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
  const homeRow = emails.getByTestId('email-list').getByRole('listitem').filter({ hasText: home });
  await homeRow.getByRole('button', { name: 'Make primary' }).click();
  await expect(emails.getByText(`${home} is now your primary e-mail.`)).toBeVisible();
  await expect(homeRow.getByText('Primary')).toBeVisible();

  // The sign-in e-mail changes only once the code sent to the new address is confirmed.
  const signIn = page.getByRole('region', { name: 'Sign-in e-mail' });
  const newLogin = `login.${unique()}@example.com`;
  await signIn.getByRole('textbox', { name: 'New sign-in e-mail' }).fill(newLogin);
  await signIn.getByRole('button', { name: 'Change sign-in e-mail' }).click();
  const loginDialog = page.getByRole('dialog', { name: 'Confirm your new sign-in e-mail' });
  await expect(signIn.getByTestId('current-login')).toHaveText(`You sign in with ${email}.`);
  await loginDialog.getByLabel('6-digit code').fill(await sentCode(request, newLogin, 0));
  await loginDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(signIn.getByText(`You now sign in with ${newLogin}.`)).toBeVisible();
  await expect(signIn.getByTestId('username-request').getByText('Completed', { exact: true })).toBeVisible();

  // The tax number.
  const tax = page.getByRole('region', { name: 'Tax number' });
  await tax.getByRole('textbox', { name: 'Tax number' }).fill('ro 1234 5678');
  await tax.getByRole('button', { name: 'Save tax number' }).click();
  await expect(tax.getByText('Your tax number was saved.')).toBeVisible();
  await expect(tax.getByRole('textbox', { name: 'Tax number' })).toHaveValue('RO12345678');
  await expectProfileAccessible(page);
  expect(await messageCount(request, newLogin)).toBe(1);
  await context.close();
});
