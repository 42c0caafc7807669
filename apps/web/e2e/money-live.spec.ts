import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInThroughForm } from './support';

/**
 * Money that arrives shows at once: the payee has the accounts page open, another customer pays
 * them by e-mail, and the payee's balance and last transactions change without a reload, through
 * the `fundsReceived` notification on the live channel.
 */

const PAYER = 'personal@demo.test';
const PAYEE = 'business@demo.test';

/** "$2,650.00" → 265000 (cents), exactly. */
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

async function balanceOf(card: Locator): Promise<bigint> {
  const text = await card.getByText('Balance').locator('xpath=following-sibling::*[1]').innerText();
  return centsOf(text);
}

/**
 * Signs in (choosing the company the payee's money goes to: their default, listed first) and waits
 * until the live channel has accepted the session (its `ready` message).
 */
async function signInWithLiveChannel(page: Page, email: string, company: string): Promise<void> {
  // Listening from the socket's creation: the `ready` frame may come before the screen settles.
  let isReady = false;
  page.on('websocket', (socket) => {
    socket.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.includes('"ready"')) isReady = true;
    });
  });
  await page.goto('/login');
  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/select-customer$/);
  await page.getByRole('button', { name: new RegExp(`^${company}`) }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(() => isReady, { timeout: 30_000 }).toBe(true);
}

test("the payee's balance refreshes live when another customer pays them", async ({ browser }) => {
  test.setTimeout(120_000);
  const payeeContext = await browser.newContext();
  const payeePage = await payeeContext.newPage();
  await signInWithLiveChannel(payeePage, PAYEE, 'Northwind Trading Ltd');
  const payeeUsd = payeePage.getByRole('article', { name: 'Payment account · USD' }).first();
  await expect(payeeUsd).toBeVisible();
  const before = await balanceOf(payeeUsd);

  const payerContext = await browser.newContext();
  const payerPage = await payerContext.newPage();
  await payerPage.goto('/login');
  await signInThroughForm(payerPage, PAYER);
  await expect(payerPage).toHaveURL(/\/home$/);
  await payerPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transfers' }).click();
  await expect(payerPage).toHaveURL(/\/transfer\/p2p$/);
  await payerPage.getByLabel("Recipient's e-mail address").fill(PAYEE);
  await expect(payerPage.getByText('This customer can receive money.')).toBeVisible();
  await payerPage.getByLabel(/^Amount they get/).fill('7.25');
  await payerPage.getByLabel(/^Note for the recipient/).fill('Live refresh check');
  await payerPage.getByRole('button', { name: 'Continue' }).click();
  await payerPage.getByRole('button', { name: 'Confirm and send' }).click();
  await expect(
    payerPage.getByRole('dialog', { name: 'Money sent' }).getByText(`Your transfer to ${PAYEE} is complete.`),
  ).toBeVisible();

  // No reload: the notification arrives, and the balance and the last transactions follow it.
  await expect(payeePage.getByText('Money has arrived in your account').first()).toBeVisible({ timeout: 20_000 });
  await expect(payeeUsd.getByText(usd(before + 725n), { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await expect(payeePage.getByText('Live refresh check').first()).toBeVisible({ timeout: 20_000 });

  await payerContext.close();
  await payeeContext.close();
});
