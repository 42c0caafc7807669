import { deflateSync } from 'node:zlib';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations, signInThroughForm } from './support';

/**
 * The KYC journey of issue 5: kyc@demo.test is routed to kyc, uploads an identity document (both
 * sides) and a proof of address, and sees its documents being reviewed. In a second browser an
 * administrator confirms them in the review queue: the customer's banner changes live, without a
 * reload, and once the administrator verifies the account its status is checked.
 */

const CUSTOMER = 'kyc@demo.test';
const ADMIN = 'admin@demo.test';

/** A real 2×2 PNG: the server checks the content, not the name. */
function pngFile(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Buffer.from([0, 40, 90, 160, 40, 90, 160, 0, 40, 90, 160, 40, 90, 160]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

async function chooseFile(page: Page, field: Locator, name: string, mimeType: string, buffer: Buffer): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await field.click();
  await (await chooser).setFiles({ name, mimeType, buffer });
}

async function choose(page: Page, scope: Locator, label: string, option: string, typed?: string): Promise<void> {
  const input = scope.getByRole('combobox', { name: label });
  await input.click();
  if (typed !== undefined) await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function shot(page: Page, name: string): Promise<void> {
  const directory = process.env.SHOTS_DIR;
  if (directory === undefined) return;
  for (const width of [476, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${directory}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a customer uploads KYC documents and sees them confirmed live by an administrator', async ({ browser }) => {
  test.setTimeout(180_000);
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await customer.goto('/login');
  await signInThroughForm(customer, CUSTOMER);

  // After login rule 6: a personal customer who needs KYC goes to kyc.
  await expect(customer).toHaveURL(/\/kyc$/);
  const status = customer.getByTestId('verification-status');
  await expect(status).toContainText('Complete your verification');
  await expect(status).toContainText('Upload a valid identity document');
  await expectNoSeriousAccessibilityViolations(customer);
  await shot(customer, 'kyc-start');

  // A passport needs both sides (spec 001 §5): without the back the form says so and sends nothing.
  const identity = customer.getByRole('region', { name: '1. Identity document' });
  await choose(customer, identity, 'Document type', 'Passport');
  await choose(customer, identity, 'Issuing country', 'United Kingdom', 'United King');
  await chooseFile(customer, identity.getByLabel('Front of the document'), 'front.png', 'image/png', pngFile());
  await identity.getByRole('button', { name: 'Upload identity document' }).click();
  await expect(identity.getByRole('alert').filter({ hasText: 'Choose a file to upload.' })).toBeVisible();
  await chooseFile(customer, identity.getByLabel('Back of the document'), 'back.png', 'image/png', pngFile());
  await identity.getByRole('button', { name: 'Upload identity document' }).click();
  await expect(identity.getByText('Document uploaded')).toBeVisible();

  const address = customer.getByRole('region', { name: '2. Proof of address' });
  await choose(customer, address, 'Document type', 'Utility bill');
  await chooseFile(customer, address.getByLabel('Document file'), 'bill.pdf', 'application/pdf', PDF);
  await address.getByRole('button', { name: 'Upload proof of address' }).click();
  await expect(address.getByText('Proof of address uploaded')).toBeVisible();
  await expect(customer.getByText('Being reviewed')).toHaveCount(2);

  await customer.getByRole('button', { name: 'Send for review' }).click();
  await expect(status).toContainText('We are reviewing your documents');
  await expect(status.locator('[data-verification-status]')).toHaveAttribute(
    'data-verification-status',
    'verificationProcessing',
  );
  await expectNoSeriousAccessibilityViolations(customer);
  await shot(customer, 'kyc-submitted');

  // In the signed-in layout the banner says the same.
  await customer.getByRole('link', { name: 'Go to your accounts' }).click();
  await expect(customer).toHaveURL(/\/home$/);
  const banner = customer.getByTestId('verification-banner');
  await expect(banner).toContainText('We are reviewing your documents');
  await shot(customer, 'home-banner');

  // A second browser: the administrator reviews the queue.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/login');
  await signInThroughForm(admin, ADMIN);
  await expect(admin).toHaveURL(/\/admin-overview$/);
  await admin.getByRole('link', { name: 'Document review' }).click();
  await expect(admin).toHaveURL(/\/admin\/documents$/);
  const passport = admin.getByRole('listitem', { name: 'Passport · Jamie Rivera' });
  const bill = admin.getByRole('listitem', { name: 'Utility bill · Jamie Rivera' });
  await expect(passport).toBeVisible();
  await expect(bill).toBeVisible();
  await expectNoSeriousAccessibilityViolations(admin);
  await shot(admin, 'admin-documents');

  // The scan opens for the administrator.
  await passport.getByRole('button', { name: 'View front' }).click();
  const preview = admin.getByRole('dialog', { name: 'View front' });
  await expect(preview.getByRole('img', { name: 'View front' })).toBeVisible();
  await preview.getByRole('button', { name: 'Close' }).click();

  await passport.getByRole('link', { name: 'Jamie Rivera' }).click();
  await expect(admin.getByTestId('admin-verification-status')).toContainText('documents in review');
  await passport.getByRole('button', { name: 'Confirm' }).click();
  await expect(passport).toHaveCount(0);
  await bill.getByRole('button', { name: 'Confirm' }).click();
  await expect(bill).toHaveCount(0);
  await expect(admin.getByText('No documents are waiting for review.')).toBeVisible();

  // The customer's banner follows the review live: no reload in between.
  await expect(banner).toContainText('Your documents are confirmed', { timeout: 15_000 });
  await expect(admin.getByTestId('admin-verification-status')).toContainText('final review');

  await admin.getByRole('button', { name: 'Verify customer' }).click();
  await expect(admin.getByText('The customer is verified.')).toBeVisible();
  // Checked: nothing left to say, so the banner goes away, live.
  await expect(banner).toHaveCount(0, { timeout: 15_000 });

  await customer.goto('/kyc');
  await expect(customer.getByTestId('verification-status').locator('[data-verification-status]')).toHaveAttribute(
    'data-verification-status',
    'checked',
  );
  await expect(customer.getByTestId('verification-status')).toContainText('Your account is verified');

  await adminContext.close();
  await customerContext.close();
});

test('a customer who must update personal info is routed to profile-update and saves it', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await signInThroughForm(page, 'update@demo.test');
  // After login rule 5.
  await expect(page).toHaveURL(/\/profile-update$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Update your personal details' })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await shot(page, 'profile-update');
  await page.getByRole('textbox', { name: 'Date of birth' }).fill('2015-01-01');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'You must be at least 18.' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Date of birth' }).fill('1979-01-23');
  await page.getByRole('textbox', { name: 'Tax number (optional)' }).fill('gb sp 1979');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await context.close();
});

test('a video identity session with the sandbox provider is followed until it is confirmed', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await signInThroughForm(page, 'personal@demo.test');
  await expect(page).toHaveURL(/\/home$/);
  // A verified customer has nothing to do on unverified-account: it goes home (spec 000 §2 guards).
  await page.goto('/unverified-account');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/kyc');
  await page.getByRole('button', { name: 'Start video identity' }).click();
  await expect(page).toHaveURL(/\/video-identity-job\/[0-9a-f-]{36}$/);
  const session = page.getByRole('status').filter({ hasText: 'Video identity session' });
  await expect(session).toContainText('Sandbox');
  await expect(session).toContainText('Being reviewed');
  await expectNoSeriousAccessibilityViolations(page);
  await shot(page, 'video-identity-pending');
  await expect(session).toContainText('Your identity is confirmed.', { timeout: 20_000 });
  await shot(page, 'video-identity-done');
  await context.close();
});
