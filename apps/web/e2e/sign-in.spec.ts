import { expect, test } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations, signInThroughForm } from './support';

/**
 * Sign-in journeys of the platform spine: each demo user lands where spec 000 §4 says. kyc@ and
 * update@ are routed to kyc and profile-update; kyc.spec.ts checks that before it completes both.
 */
const landings = [
  { email: 'personal@demo.test', path: '/home', heading: 'Hello, Alex Morgan' },
  // Related accounts: the company to act for is chosen first (sign-in-flows.spec.ts goes on from there).
  { email: 'business@demo.test', path: '/select-customer', heading: 'Choose an account' },
  { email: 'admin@demo.test', path: '/admin-overview', heading: 'Customers' },
];

for (const landing of landings) {
  test(`${landing.email} signs in through the form and lands on ${landing.path}`, async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await signInThroughForm(page, landing.email);
    await expect(page).toHaveURL(new RegExp(`${landing.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: landing.heading })).toBeVisible();
  });
}

test('a wrong password is refused with a clear message and the form keeps the e-mail', async ({ page }) => {
  await page.goto('/login');
  await signInThroughForm(page, 'personal@demo.test', 'wrong-password-123');
  await expect(page.getByText('Incorrect e-mail or password.')).toBeVisible();
  await expect(page.getByLabel('E-mail address')).toHaveValue('personal@demo.test');
  await expect(page).toHaveURL(/\/login$/);
});

test('signing out ends the session and protected pages send back to login', async ({ page }) => {
  await page.goto('/login');
  await signInThroughForm(page, 'personal@demo.test');
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('You have signed out.')).toBeVisible();
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('the refresh token is revoked at sign-out', async ({ page, request }) => {
  await page.goto('/login');
  await signInThroughForm(page, 'personal@demo.test');
  await expect(page).toHaveURL(/\/home$/);
  const refreshToken = await page.evaluate(() => {
    const raw = sessionStorage.getItem('app.session');
    return raw === null ? null : (JSON.parse(raw) as { refreshToken: string }).refreshToken;
  });
  expect(refreshToken).not.toBeNull();
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  const refresh = await request.post('/auth/refresh', { data: { refreshToken } });
  expect(refresh.status()).toBe(401);
  expect((await refresh.json()) as unknown).toMatchObject({ responseCode: 'AU' });
});

test('an already signed-in visitor of /login goes straight home', async ({ page }) => {
  await page.goto('/login');
  await signInThroughForm(page, 'personal@demo.test');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/home$/);
});

test('a deep link is remembered and resumed after sign-in', async ({ page }) => {
  await page.goto('/admin-overview?q=Morgan');
  await expect(page).toHaveURL(/\/login/);
  await signInThroughForm(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/admin-overview\?q=Morgan$/);
  await expect(page.getByRole('cell', { name: 'Alex Morgan' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Jamie Rivera' })).toHaveCount(0);
});

test('switching to Russian translates the sign-in screen and is remembered', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Language').selectOption('ru');
  await expect(page.getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible();
  await expect(page.getByLabel('Адрес электронной почты')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
});

test('ten idle minutes end the session and return to login', async ({ page }) => {
  await page.clock.install();
  await page.goto('/login');
  await signInThroughForm(page, 'personal@demo.test');
  await expect(page).toHaveURL(/\/home$/);
  await page.clock.fastForward('10:01');
  await expect(page).toHaveURL(/\/login/);
  await expect(
    page.getByText('You were signed out after 10 minutes without activity.', { exact: false }),
  ).toBeVisible();
});

test('a session whose tokens died returns to login when the next call fails', async ({ page, request }) => {
  await page.goto('/login');
  await signInThroughForm(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/admin-overview$/);
  // End the session on the server, then let the next call meet an expired access token: the
  // client must try its (now revoked) refresh token once, fail, and return to login.
  const refreshToken = await page.evaluate(() => {
    const raw = sessionStorage.getItem('app.session');
    return raw === null ? null : (JSON.parse(raw) as { refreshToken: string }).refreshToken;
  });
  expect(refreshToken).not.toBeNull();
  expect((await request.post('/auth/logout', { data: { refreshToken } })).status()).toBe(200);
  await page.route(
    '**/api?method=customerSearch',
    (route) => route.fulfill({ status: 401, json: { responseCode: 'AU', responseDescription: 'Token expired' } }),
    { times: 1 },
  );
  const refreshAnswer = page.waitForResponse('**/auth/refresh');
  await page.getByLabel('Search customers').fill('Rivera');
  expect((await refreshAnswer).status()).toBe(401);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('login and home have no serious accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await signInThroughForm(page, 'personal@demo.test');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Alex Morgan' })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
