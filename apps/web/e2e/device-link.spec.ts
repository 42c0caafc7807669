import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations, sentCode, signInThroughForm } from './support';

/**
 * Linking a phone by QR code (spec 001 §2 "link a new device", §3 Devices), in Chromium against the
 * real server: the security settings show a one-time deep link as a QR code and as text; opening it
 * (what scanning does) shows the device companion the account and links it; the settings close
 * the popup and list the phone, which then approves a push sign-in and is removed again.
 */
const USER_EMAIL = 'push@demo.test';
const USER_NAME = 'Casey Nguyen';
const PHONE_WIDTH = 476;
const DEVICE_NAME = 'Scanned phone';

/** Signs in as the push user while no phone is linked: the e-mailed code confirms this browser. */
async function signInWithoutPhone(page: Page, request: APIRequestContext): Promise<void> {
  await page.goto('/login');
  await signInThroughForm(page, USER_EMAIL);
  await expect(page.getByRole('heading', { name: 'Confirm this browser' })).toBeVisible();
  const text = await page
    .getByText(/message #\d{1,2}\b/)
    .first()
    .innerText();
  const identifier = (/#(\d{1,2})\b/.exec(text)?.[1] ?? '').padStart(2, '0');
  await page.getByLabel(/6-digit code/).fill(await sentCode(request, USER_EMAIL, identifier));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${USER_NAME}` })).toBeVisible();
}

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('link a phone from the QR deep link, approve a push sign-in with it, remove it', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: PHONE_WIDTH, height: 900 } });
  const page = await context.newPage();
  await signInWithoutPhone(page, request);

  // The security settings: start linking; the popup shows the QR code and the same link as text.
  await page.goto('/setting');
  const devices = page.getByRole('region', { name: 'Linked devices' });
  await expect(devices.getByText('No device is linked yet.')).toBeVisible();
  await devices.getByRole('button', { name: 'Link a new device' }).click();
  const dialog = page.getByRole('dialog', { name: 'Link a new device' });
  await expect(dialog.getByRole('img', { name: 'QR code to link a new device' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copy the link' })).toBeVisible();
  const deeplink = (await dialog.getByTestId('device-link').innerText()).trim();
  expect(deeplink).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/dev\/device#link=[\w-]+$/);
  await expectNoSeriousAccessibilityViolations(page);
  await expectNoHorizontalScroll(page);

  // The phone opens the link: the companion names the account and links itself on "Link".
  const phone = await browser.newContext({ viewport: { width: PHONE_WIDTH, height: 900 } });
  const companion = await phone.newPage();
  await companion.goto(deeplink);
  const confirm = companion.getByRole('region', { name: `Link this device to ${USER_EMAIL}?` });
  await expect(confirm).toBeVisible();
  // The one-time token does not stay in the address bar.
  await expect(companion).toHaveURL(/\/dev\/device$/);
  await expectNoSeriousAccessibilityViolations(companion);
  await confirm.getByLabel('Device name').fill(DEVICE_NAME);
  await confirm.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(companion.locator('#device-summary')).toContainText(`“${DEVICE_NAME}”`);
  await expect(companion.locator('#device-summary')).toContainText(`linked to ${USER_EMAIL}`);
  await expect(companion.locator('#connection')).toHaveText('connected');

  // The settings notice the phone on their own: the popup closes and the list shows it.
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(devices.getByRole('status')).toHaveText(
    `“${DEVICE_NAME}” is linked. It can now approve sign-ins and payments.`,
  );
  await expect(devices.getByText(new RegExp(`^${DEVICE_NAME} · `))).toBeVisible();
  await expectNoHorizontalScroll(page);

  // A sign-in from another browser now asks the phone, which approves it.
  const otherBrowser = await browser.newContext();
  const other = await otherBrowser.newPage();
  await other.goto('/login');
  await signInThroughForm(other, USER_EMAIL);
  await expect(other.getByRole('heading', { name: 'Approve the sign-in on your phone' })).toBeVisible();
  await expect(other.getByText(`${DEVICE_NAME} (Android device)`).first()).toBeVisible();
  await companion
    .getByRole('button', { name: /^Approve: Sign-in/ })
    .last()
    .click();
  await expect(companion.getByRole('status')).toHaveText('Approved.');
  await expect(other.getByRole('heading', { level: 1, name: `Hello, ${USER_NAME}` })).toBeVisible();

  // Removed in the settings, the phone stops working at once.
  await devices.getByRole('button', { name: `Remove ${DEVICE_NAME}` }).click();
  const removeDialog = page.getByRole('dialog', { name: 'Remove this device?' });
  await removeDialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(removeDialog).toBeHidden();
  await expect(devices.getByText('No device is linked yet.')).toBeVisible();
  await expect(companion.getByRole('status')).toHaveText('This device is no longer linked. Link it again.');

  // The link was for one phone only: pasted into the companion again, it is refused.
  const paste = companion.getByRole('region', { name: "Link with the website's QR code" });
  await paste.getByLabel("I can't scan: paste the link").fill(deeplink);
  await paste.getByRole('button', { name: 'Continue' }).click();
  await expect(paste.getByRole('alert')).toHaveText(
    'This link has expired or was used. Show a new QR code on the website.',
  );

  await otherBrowser.close();
  await phone.close();
  await context.close();
});
