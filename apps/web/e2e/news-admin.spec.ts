import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations, signInThroughForm } from './support';

/**
 * News and the admin console: an administrator publishes an announcement that needs an answer; a
 * signed-in customer sees the toast and the unread badge live, opens it and accepts it. Then the
 * administrator acts for that customer (the banner says so), stops, and finds each call made in the
 * customer's name in the audit log under their own name. Screens are checked with axe, and pictured
 * at the phone (476 px) and desktop (1280 px) widths when SCREENSHOT_DIR is set.
 */

const CUSTOMER = 'personal@demo.test';
const ADMIN = 'admin@demo.test';
const TITLE = `Card fees change in June ${Date.now()}`;
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

async function picture(page: Page, name: string): Promise<void> {
  if (SCREENSHOT_DIR === undefined) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [476, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

function unreadBadge(page: Page) {
  return page.getByTestId('news-unread-badge');
}

test('an announcement reaches a signed-in customer live; an administrator acts for them under audit', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const customer = await (await browser.newContext()).newPage();
  await customer.goto('/login');
  const firstNewsList = customer.waitForResponse((response) => response.url().includes('method=announcementList'));
  await signInThroughForm(customer, CUSTOMER);
  await expect(customer).toHaveURL(/\/home$/);
  const newsLink = customer.getByRole('link', { name: /^News/ });
  await expect(newsLink).toBeVisible();
  const { unreadCount: unreadBefore } = (await (await firstNewsList).json()) as { unreadCount: number };
  if (unreadBefore > 0) await expect(unreadBadge(customer)).toHaveText(String(unreadBefore));

  // The administrator publishes an announcement that must be answered.
  const admin = await (await browser.newContext()).newPage();
  await admin.goto('/login');
  await signInThroughForm(admin, ADMIN);
  await expect(admin).toHaveURL(/\/admin-overview$/);
  await admin.getByRole('link', { name: 'Publish news' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  await admin.getByRole('textbox', { name: 'Title' }).fill(TITLE);
  await admin.getByRole('textbox', { name: /^Text/ }).fill('From June the card fees change.\n\nPlease accept them.');
  await admin.getByRole('checkbox', { name: /Customers must accept or decline it/ }).check();
  await expectNoSeriousAccessibilityViolations(admin);
  await picture(admin, 'admin-news-form');
  await admin.getByRole('button', { name: 'Publish' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'was published' })).toBeVisible();
  await expect(admin.getByText(TITLE, { exact: true })).toBeVisible();

  // The customer hears of it without reloading: a toast, and the badge counts one more.
  await expect(customer.getByText(TITLE, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(unreadBadge(customer)).toHaveText(String(unreadBefore + 1));

  await newsLink.click();
  await expect(customer.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  const item = customer.getByRole('article').filter({ hasText: TITLE });
  await expect(item.getByText('Needs your answer')).toBeVisible();
  await expectNoSeriousAccessibilityViolations(customer);
  await picture(customer, 'news-list');
  await item.getByRole('link', { name: TITLE }).click();
  await expect(customer.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  // Opening it reads it: the badge goes back down.
  if (unreadBefore > 0) await expect(unreadBadge(customer)).toHaveText(String(unreadBefore));
  else await expect(unreadBadge(customer)).toBeHidden();
  await expectNoSeriousAccessibilityViolations(customer);
  await picture(customer, 'news-detail');
  await customer.getByRole('button', { name: 'Accept' }).click();
  await expect(customer.getByText('You accepted this announcement.')).toBeVisible();
  await customer.getByRole('link', { name: 'All news' }).click();
  await expect(customer.getByRole('article').filter({ hasText: TITLE }).getByText('Needs your answer')).toBeHidden();

  // The administrator finds the customer, opens them and acts for them.
  await admin.goto('/admin-overview?q=personal%40demo.test');
  await admin.getByRole('link', { name: 'Alex Morgan' }).first().click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Alex Morgan' })).toBeVisible();
  await expect(admin.getByText(CUSTOMER)).toBeVisible();
  await expectNoSeriousAccessibilityViolations(admin);
  await picture(admin, 'admin-customer');
  await admin.getByRole('button', { name: 'Act for this customer' }).click();
  await expect(admin).toHaveURL(/\/home$/);
  const banner = admin.getByRole('region', { name: 'Acting for a customer' });
  await expect(banner).toContainText('Acting for Alex Morgan');
  await expect(admin.getByRole('heading', { level: 1, name: 'Hello, Alex Morgan' })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(admin);
  await picture(admin, 'acting-home');
  // The announcement shows as the customer answered it.
  await admin.getByRole('link', { name: /^News/ }).click();
  await admin.getByRole('link', { name: TITLE }).click();
  await expect(admin.getByText('You accepted this announcement.')).toBeVisible();

  await banner.getByRole('button', { name: 'Stop acting' }).click();
  await expect(admin).toHaveURL(/\/admin-customer\/\d+$/);
  await expect(admin.getByRole('region', { name: 'Acting for a customer' })).toBeHidden();

  // Every call made in the customer's name is in the audit log, as the administrator's.
  await admin.getByRole('link', { name: "See this customer's audit log" }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await admin.getByRole('textbox', { name: /^Action/ }).fill('admin.');
  await admin.getByRole('button', { name: 'Apply filters' }).click();
  await expect(admin).toHaveURL(/action=admin\./);
  const rows = admin.getByRole('row').filter({ hasText: 'admin.actedForCustomer' });
  await expect(rows.first()).toContainText(ADMIN);
  await expect(admin.getByRole('row').filter({ hasText: 'admin.actingStarted' })).toContainText(ADMIN);
  await expect(admin.getByRole('row').filter({ hasText: 'admin.actingStopped' })).toContainText(ADMIN);
  await expect(rows.filter({ hasText: 'announcementGet' }).first()).toBeVisible();
  await expectNoSeriousAccessibilityViolations(admin);
  await picture(admin, 'admin-audit');
});

test('a customer cannot open the admin console methods', async ({ page }) => {
  await page.goto('/login');
  await signInThroughForm(page, CUSTOMER);
  await expect(page).toHaveURL(/\/home$/);
  const token = await page.evaluate(() => {
    for (const store of [sessionStorage, localStorage]) {
      for (let index = 0; index < store.length; index += 1) {
        const value = store.getItem(store.key(index) ?? '') ?? '';
        const match = /"accessToken":"([^"]+)"/.exec(value);
        if (match?.[1] !== undefined) return match[1];
      }
    }
    return null;
  });
  expect(token).not.toBeNull();
  for (const method of ['adminAuditLog', 'adminNewsPublish', 'adminCustomerGet']) {
    const response = await page.request.post(`/api?method=${method}`, {
      headers: { authorization: `Bearer ${token ?? ''}` },
      data: { method, customerId: 1, title: 'x', body: 'y', languages: ['en'], withConfirmation: false },
    });
    expect(((await response.json()) as { responseCode: string }).responseCode, method).toBe('ENOA');
  }
});
