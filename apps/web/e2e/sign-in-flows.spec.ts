import { createHash, randomBytes } from 'node:crypto';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_PASSWORD, expectNoSeriousAccessibilityViolations, sentCode, signInThroughForm } from './support';

/**
 * Every way into the product (spec 000 §2, §4), in Chromium against the real server: each sign-in
 * flow with its second factor, the device companion answering pushes, the mobile-app wrapper, the
 * two-factor migration, terms, the related-accounts chooser and the sign-in by a code in the address.
 * Codes come from where a user would find them: the outbox (SMS, e-mail) and the authenticator
 * secret of the README.
 */
const DEMO_TOTP_SECRET = 'HARBORDEMOTOTPSECRETJBSWY3DPEHPK';
const DEMO_SMS_PHONE = '+447700900123';
const PHONE_WIDTH_PX = 476;

/** The two-digit number of the latest message, as the code step shows it ("message #42"). */
async function shownIdentifier(page: Page): Promise<string> {
  const text = await page
    .getByText(/message #\d{1,2}\b/)
    .first()
    .innerText();
  return (/#(\d{1,2})\b/.exec(text)?.[1] ?? '').padStart(2, '0');
}

/** The code an authenticator app shows now for the secret. */
function totpNow(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) });
}

async function enterCode(page: Page, code: string, submit = 'Continue'): Promise<void> {
  await page.getByLabel(/6-digit code/).fill(code);
  await page.getByRole('button', { name: submit }).click();
}

/** Turns the authenticator on from the set-up screen: reads the key shown, answers with its code. */
async function enableAuthenticator(page: Page): Promise<void> {
  const key = (await page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).innerText()).replace(/\s/g, '');
  await enterCode(page, await totpNow(key), 'Turn on two-step verification');
}

/** The device companion (/dev/device) in a page of its own, linked to the user and listening. */
async function linkCompanion(context: BrowserContext, email: string): Promise<Page> {
  const companion = await context.newPage();
  await companion.goto('/dev/device');
  await companion.getByLabel('E-mail').fill(email);
  await companion.getByLabel('Password').fill(DEMO_PASSWORD);
  await companion.getByRole('button', { name: 'Link device' }).click();
  await expect(companion.locator('#connection')).toHaveText('connected');
  return companion;
}

function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

async function linkDeviceSecret(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/dev/device/link', {
    data: { username: email, password: DEMO_PASSWORD, name: 'Journey phone', type: 'android' },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { secret: string }).secret;
}

async function expectHome(page: Page, name: string): Promise<void> {
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${name}` })).toBeVisible();
}

test('simple: no second factor, straight home', async ({ page }) => {
  await page.goto('/login');
  await signInThroughForm(page, 'personal@demo.test');
  await expectHome(page, 'Alex Morgan');
});

test('otp: the authenticator code from the seeded secret', async ({ page }) => {
  await page.goto('/login');
  await signInThroughForm(page, 'otp@demo.test');
  await expect(page.getByRole('heading', { name: 'Enter your authenticator code' })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await enterCode(page, '000000');
  await expect(page.getByText(/The code is incorrect/).first()).toBeVisible();
  await enterCode(page, await totpNow(DEMO_TOTP_SECRET));
  await expectHome(page, 'Jordan Lee');
});

test('sms: the code from the text message the screen names', async ({ page, request }) => {
  await page.goto('/login');
  await signInThroughForm(page, 'sms@demo.test');
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  await expect(page.getByText(/\+44\*+123/)).toBeVisible();
  const identifier = await shownIdentifier(page);
  await enterCode(page, await sentCode(request, DEMO_SMS_PHONE, identifier));
  await expectHome(page, 'Morgan Diaz');
});

test('verifyDevice: an e-mailed code once, then this browser is known', async ({ page, request }) => {
  await page.goto('/login');
  await signInThroughForm(page, 'new-device@demo.test');
  await expect(page.getByRole('heading', { name: 'Confirm this browser' })).toBeVisible();
  const identifier = await shownIdentifier(page);
  await enterCode(page, await sentCode(request, 'new-device@demo.test', identifier));
  await expectHome(page, 'Riley Kim');

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signInThroughForm(page, 'new-device@demo.test');
  await expectHome(page, 'Riley Kim');
});

test('push approved on the device companion', async ({ page, context }) => {
  const companion = await linkCompanion(context, 'push@demo.test');
  await page.goto('/login');
  await signInThroughForm(page, 'push@demo.test');
  await expect(page.getByRole('heading', { name: 'Approve the sign-in on your phone' })).toBeVisible();
  await expect(page.getByText('Companion phone (Android device)').first()).toBeVisible();
  await expect(page.getByRole('img', { name: /opens this sign-in request in the Harbor app/ })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);

  await companion
    .getByRole('button', { name: /^Approve:/ })
    .last()
    .click();
  await expectHome(page, 'Casey Nguyen');
});

test('push declined on the device companion, shown clearly at 476 px', async ({ page, context }) => {
  await page.setViewportSize({ width: PHONE_WIDTH_PX, height: 900 });
  const companion = await linkCompanion(context, 'push@demo.test');
  await page.goto('/login');
  await signInThroughForm(page, 'push@demo.test');
  await expect(page.getByText('Waiting for your answer…')).toBeVisible();
  // The newest request is this sign-in's: the companion lists older, unanswered ones first.
  await companion
    .getByRole('button', { name: /^Decline:/ })
    .last()
    .click();
  await expect(page.getByText('Sign-in declined')).toBeVisible();
  await expect(page.getByText(/declined on your phone/)).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Sign in again' }).click();
  await expect(page.getByLabel('E-mail address')).toHaveValue('push@demo.test');
});

test('direct: inside the mobile app, its linked device signs in with no second step', async ({ page, request }) => {
  const deviceSecret = await linkDeviceSecret(request, 'push@demo.test');
  // The native app's WebView: it answers the page's init with this phone's device secret.
  await page.addInitScript((secret: string) => {
    window.ReactNativeWebView = {
      postMessage(raw: string) {
        const message = JSON.parse(raw) as { type: string; id?: string };
        if (message.type !== 'init') return;
        const answer = {
          source: 'native',
          type: 'init',
          id: message.id,
          payload: { platform: 'android', deviceSecret: secret },
        };
        setTimeout(() => window.postMessage(JSON.stringify(answer), '*'), 10);
      },
    };
  }, deviceSecret);
  const login = page.waitForRequest('**/auth/login');
  await page.goto('/login');
  await signInThroughForm(page, 'push@demo.test');
  expect((await login).postDataJSON()).toMatchObject({ client: 'mobile', secret: deviceSecret });
  await expectHome(page, 'Casey Nguyen');
});

test('sign-in by a code in the address (/login?code=…&codeVerifier=…)', async ({ page, request }) => {
  const secret = await linkDeviceSecret(request, 'push@demo.test');
  const pkce = pkcePair();
  const answer = await request.post('/auth/login', {
    data: {
      client: 'mobile',
      username: 'push@demo.test',
      password: DEMO_PASSWORD,
      codeChallenge: pkce.challenge,
      secret,
    },
  });
  const { authFlow } = (await answer.json()) as { authFlow: { type: string; code: string } };
  expect(authFlow.type).toBe('direct');
  await page.goto(`/login?code=${encodeURIComponent(authFlow.code)}&codeVerifier=${pkce.verifier}`);
  await expectHome(page, 'Casey Nguyen');

  // The code is single use: the same address again only shows why on a clean sign-in form.
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(`/login?code=${encodeURIComponent(authFlow.code)}&codeVerifier=${pkce.verifier}`);
  await expect(page.getByText(/invalid or has expired/)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('two-factor migration, soft: days left, continue now, turn it on later from scp', async ({ page }) => {
  await page.goto('/login');
  await signInThroughForm(page, 'migrate-soft@demo.test');
  await expect(page.getByRole('heading', { name: 'Turn on two-step verification' })).toBeVisible();
  await expect(page.getByText(/You have 1[34] days left to turn it on/)).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Remind me later' }).click();
  await expectHome(page, 'Avery Shah');

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await signInThroughForm(page, 'migrate-soft@demo.test');
  await page.getByRole('button', { name: 'Turn it on now' }).click();
  await expect(page).toHaveURL(/\/scp$/);
  await expect(page.getByRole('img', { name: /QR code that adds Harbor/ })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await enableAuthenticator(page);
  await expect(page.getByRole('heading', { name: 'Two-step verification is on' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectHome(page, 'Avery Shah');
});

test('two-factor migration, strict: SMS code, then no session until the authenticator is on', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await signInThroughForm(page, 'migrate-strict@demo.test');
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  const identifier = await shownIdentifier(page);
  await enterCode(page, await sentCode(request, DEMO_SMS_PHONE, identifier));

  await expect(page.getByRole('heading', { name: 'Turn on two-step verification to continue' })).toBeVisible();
  await expect(page.getByText(/Sign-in codes by text message are being retired/)).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('app.session'))).toBeNull();
  await expectNoSeriousAccessibilityViolations(page);
  await enableAuthenticator(page);
  await expectHome(page, 'Quinn Baker');
});

test('terms to accept come first after sign-in', async ({ page }) => {
  await page.goto('/login');
  await signInThroughForm(page, 'terms@demo.test');
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('link', { name: 'Terms and Conditions for Personal Accounts' })).toBeVisible();
  await page.getByRole('button', { name: 'Accept and continue' }).click();
  await expectHome(page, 'Drew Ellis');
});

test('related accounts: business@ chooses the company to act for', async ({ page }) => {
  await page.goto('/login');
  await signInThroughForm(page, 'business@demo.test');
  await expect(page).toHaveURL(/\/select-customer$/);
  await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByRole('button', { name: /Northwind Logistics Ltd/ }).click();
  await expectHome(page, 'Northwind Logistics Ltd');
  // The choice holds for the session: a reload resumes as the same company.
  await page.goto('/login');
  await expectHome(page, 'Northwind Logistics Ltd');
});
