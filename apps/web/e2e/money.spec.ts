import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations, signInThroughForm } from './support';

/**
 * The money journey of a personal customer: fund an account through the sandbox bank with the
 * reference the payment instructions show, exchange USD into EUR, pay another customer by e-mail,
 * find both in the history, and take the history as CSV and a statement as PDF. Every screen is
 * checked with axe, and the screens are used at the phone width of spec 000 §9 (476 px).
 */

const PERSONAL = 'personal@demo.test';
const PAYEE = 'business@demo.test';

/** "$2,650.00" → 265000 (cents): the test compares what the screen shows, exactly, in minor units. */
function centsOf(text: string): bigint {
  const match = /(-|\u2212)?[^\d]*([\d,]+)\.(\d{2})/.exec(text);
  if (match === null) throw new Error(`No amount in "${text}"`);
  const [, sign, integer = '0', fraction = '00'] = match;
  const cents = BigInt(integer.replaceAll(',', '') + fraction);
  return sign ? -cents : cents;
}

function usd(cents: bigint): string {
  const integer = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${integer}.${(cents % 100n).toString().padStart(2, '0')}`;
}

function accountCard(page: Page, name: string): Locator {
  return page.getByRole('article', { name });
}

async function balanceOf(card: Locator): Promise<bigint> {
  const text = await card.getByText('Balance').locator('xpath=following-sibling::*[1]').innerText();
  return centsOf(text);
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await signInThroughForm(page, PERSONAL);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Alex Morgan' })).toBeVisible();
}

test('a personal customer funds, exchanges, pays, and finds it all in history, CSV and statement', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page);

  // Home: balances per group, available against pending, quick actions.
  const usdCard = accountCard(page, 'Payment account · USD');
  await expect(usdCard).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment accounts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Last transactions' })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  const usdBefore = await balanceOf(usdCard);

  // Add money: the payment instructions show the sandbox bank and the funding reference.
  await usdCard.getByRole('button', { name: 'Add money' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add money by bank transfer' });
  const reference = (await drawer.getByTestId('funding-reference').innerText()).trim();
  expect(reference).toMatch(/^[A-Z2-9]{8}\d{2}$/);
  await expect(drawer.getByText('Sandbox bank details')).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);

  // The sandbox bank reports a transfer quoting the reference; advancing time settles it.
  const incoming = await page.request.post('/dev/sandbox/incoming-transfer', {
    data: { reference: `Ref ${reference}`, amount: '150.00', currency: 'USD', payerName: 'Jordan Payer' },
  });
  expect(incoming.ok()).toBe(true);
  const { settleAt } = (await incoming.json()) as { settleAt: string };
  const jobs = await page.request.post('/dev/jobs/run', { data: { at: settleAt } });
  expect(jobs.ok()).toBe(true);
  await drawer.getByRole('button', { name: 'Close' }).click();

  // The live notification refreshes the balance; no reload.
  const usdFunded = usdBefore + 15_000n;
  await expect(usdCard.getByText(usd(usdFunded), { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Jordan Payer').first()).toBeVisible({ timeout: 10_000 });

  // The account-confirmation letter, from the account's menu.
  await usdCard.getByRole('button', { name: 'More' }).click();
  const [letterDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Account confirmation letter (PDF)' }).click(),
  ]);
  expect(letterDownload.suggestedFilename()).toMatch(/^account-\d+-confirmation-letter\.pdf$/);
  const letter = await readFile(await letterDownload.path());
  expect(letter.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Exchange: USD → EUR between own accounts, with the rate and the fee shown before money moves.
  await usdCard.getByRole('link', { name: 'Exchange' }).click();
  await expect(page).toHaveURL(/\/transfer\/account\?from=\d+$/);
  await expect(page.getByLabel('To')).toHaveValue(/\d+/);
  await expect(page.getByLabel('To').locator('option:checked')).toHaveText(/Payment account · EUR/);
  await page.getByLabel(/^Amount \(USD\)/).fill('100');
  await expect(page.getByText(/^1\sUSD = [\d.]+\sEUR$/).first()).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check the transfer' })).toBeVisible();
  await expect(page.getByText('Exchange rate', { exact: true })).toBeVisible();
  await expect(page.getByText(/≈ €[\d,]+\.\d{2}/)).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  const exchanged = page.getByRole('dialog', { name: 'Money sent' });
  await expect(exchanged).toBeVisible();
  await expect(exchanged.getByText(/^#\d+$/)).toBeVisible();
  await expect(exchanged.getByText('$100.00')).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await exchanged.getByRole('button', { name: 'Close' }).last().click();

  // Pay another customer by e-mail.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transfers' }).click();
  await expect(page).toHaveURL(/\/transfer\/p2p$/);
  await page.getByLabel("Recipient's e-mail address").fill(PAYEE);
  await expect(page.getByText('This customer can receive money.')).toBeVisible();
  await page.getByLabel(/^Amount they get/).fill('25');
  await page.getByLabel(/^Note for the recipient/).fill('E2E lunch');
  await expect(page.getByText('Fee').first()).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check the transfer' })).toBeVisible();
  await expect(page.getByText(PAYEE)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  const paid = page.getByRole('dialog', { name: 'Money sent' });
  await expect(paid.getByText(`Your transfer to ${PAYEE} is complete.`)).toBeVisible();
  await paid.getByRole('link', { name: 'See it in your history' }).click();

  // History: both movements, grouped by day, signed amounts.
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole('heading', { name: 'Today' })).toBeVisible();
  const exchangeItems = page.getByRole('listitem').filter({ hasText: /Between your accounts|Currency exchange/ });
  await expect(exchangeItems.filter({ hasText: /\u2212\$100\.\d{2}/ })).toBeVisible();
  await expect(exchangeItems.filter({ hasText: /\+€[\d,]+\.\d{2}/ })).toBeVisible();
  // The payment with its note; the amount taken includes the fee.
  const lunch = page.getByRole('listitem').filter({ hasText: 'E2E lunch' });
  await expect(lunch).toContainText(PAYEE);
  await expect(lunch).toContainText(/\u2212\$25\.\d{2}/);
  await expect(lunch).toContainText('Completed');
  await expectNoSeriousAccessibilityViolations(page);

  // Filters: the keyword narrows the list and shows as a removable chip.
  await page.getByLabel(/^Search/).fill('E2E lunch');
  await page.getByRole('button', { name: 'Apply filters' }).first().click();
  await expect(page).toHaveURL(/keyword=E2E\+lunch/);
  await expect(page.getByRole('button', { name: 'Remove filter Search: E2E lunch' })).toBeVisible();
  await expect(page.getByText(/^1 transaction/)).toBeVisible();
  await page.getByRole('button', { name: 'Clear all filters' }).click();
  await expect(page).toHaveURL(/\/history$/);

  // CSV export: start, wait for the file, download it.
  await page.getByRole('button', { name: 'Export these transactions' }).click();
  await expect(page.getByText(/^Your file is ready/)).toBeVisible({ timeout: 30_000 });
  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toMatch(/^history-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await csvDownload.path(), 'utf8');
  expect(csv).toContain('E2E lunch');
  expect(csv).toContain('Jordan Payer');

  // Monthly statement of the USD account as PDF.
  await page.getByRole('link', { name: 'Monthly statements' }).click();
  await expect(page).toHaveURL(/\/statements$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Monthly statements' })).toBeVisible();
  await page.getByLabel('Account', { exact: true }).selectOption({ label: 'Payment account · USD' });
  await expect(page.getByText('This month so far')).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  const [pdfDownload] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('button', { name: /^Download the statement for / })
      .first()
      .click(),
  ]);
  expect(pdfDownload.suggestedFilename()).toMatch(/^statement-\d+-\d{4}-\d{2}\.pdf$/);
  const pdf = await readFile(await pdfDownload.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Pre-approved payments: the profile menu leads there; the list and its filters pass axe.
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Pre-approved payments' }).click();
  await expect(page).toHaveURL(/\/transfer\/preapproved-payments$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pre-approved payments' })).toBeVisible();
  // The menu closes after the page changed; axe reads the page once it has.
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expectNoSeriousAccessibilityViolations(page);

  // Back home: the exchange and the payment left the USD account.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Accounts' }).click();
  await expect(accountCard(page, 'Payment account · USD')).toBeVisible();
  expect(await balanceOf(accountCard(page, 'Payment account · USD'))).toBeLessThan(usdFunded - 12_500n + 1n);
  await context.close();
});

test('the money screens work at 476 px: bottom navigation, no sideways scrolling, axe clean', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 476, height: 900 } });
  const page = await context.newPage();
  await signIn(page);
  const bottomNav = page.getByRole('navigation', { name: 'Main' });
  await expect(bottomNav.getByRole('link', { name: 'Transfers' })).toBeVisible();

  for (const path of [
    '/home',
    '/transfer/p2p',
    '/transfer/account',
    '/transfer/preapproved-payments',
    '/history',
    '/statements',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    await expectNoSeriousAccessibilityViolations(page);
  }

  // The transfer form's primary button stays reachable with a thumb.
  await page.goto('/transfer/p2p');
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeVisible();
  const box = await continueButton.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  await context.close();
});
