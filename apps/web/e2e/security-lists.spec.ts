import { request as httpRequest } from 'node:http';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, signInThroughForm, expectNoSeriousAccessibilityViolations } from './support';

/**
 * The access lists of a personal customer: the IP allow-list turned on for the browser's own
 * address refuses a sign-in and a call from another loopback address (127.0.0.2, bound as the
 * source of a request to the same server) while the browser's session keeps working; the payout
 * blacklist refuses a P2P transfer to the e-mail it lists. Both are undone at the end, so the
 * other journeys on this server are not affected.
 */

const PERSONAL = 'personal@demo.test';
const BLOCKED = 'kyc@demo.test';
const OTHER_ADDRESS = '127.0.0.2';

interface RawAnswer {
  status: number;
  body: { responseCode?: string; responseDescription?: string };
}

/** A request to the e2e server whose source address is `localAddress`, as if from another machine. */
function requestFrom(
  baseURL: string,
  localAddress: string,
  options: { method: string; path: string; token?: string; body?: unknown },
): Promise<RawAnswer> {
  const url = new URL(options.path, baseURL);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: options.method,
        localAddress,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
          // Claims the browser's address: the server trusts no proxy here, so this must change nothing.
          'x-forwarded-for': '127.0.0.1',
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => {
          try {
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as RawAnswer['body'] });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    outgoing.on('error', reject);
    if (payload !== undefined) outgoing.write(payload);
    outgoing.end();
  });
}

async function accessTokenOf(page: Page): Promise<string> {
  const raw = await page.evaluate(() => window.sessionStorage.getItem('app.session'));
  if (raw === null) throw new Error('no session in the browser');
  const session = JSON.parse(raw) as { accessToken?: string };
  if (typeof session.accessToken !== 'string') throw new Error('no access token in the session');
  return session.accessToken;
}

function ipSection(page: Page) {
  return page.getByRole('region', { name: 'IP allow-list' });
}

test('the IP allow-list refuses another address while this session keeps working; the blacklist refuses a P2P transfer', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  if (baseURL === undefined) throw new Error('no baseURL');
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await signInThroughForm(page, PERSONAL);
  await expect(page).toHaveURL(/\/home$/);

  // The allow-list on the account-security page: add the current address, then turn it on.
  await page.goto('/setting');
  const section = ipSection(page);
  await expect(section.getByText('Your current IP address: 127.0.0.1')).toBeVisible();
  await section.getByRole('button', { name: 'Add IP address' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add IP address' });
  await addDialog.getByRole('button', { name: 'Use my address (127.0.0.1)' }).click();
  await addDialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(addDialog).toBeHidden();
  await expect(section.getByRole('list', { name: 'Allowed IP addresses' }).getByText('127.0.0.1')).toBeVisible();
  await expect(section.getByText('In the list', { exact: true })).toBeVisible();
  await section.getByRole('switch', { name: /^Allow access only from these addresses/ }).click();
  await expect(section.getByText(/^On: sign-ins and actions from any other address are refused/)).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);

  // Another address is refused: its sign-in, and a call with this very session's token.
  const token = await accessTokenOf(page);
  const signInElsewhere = await requestFrom(baseURL, OTHER_ADDRESS, {
    method: 'POST',
    path: '/auth/login',
    body: {
      client: 'web',
      username: PERSONAL,
      password: DEMO_PASSWORD,
      codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    },
  });
  expect(signInElsewhere.status).toBe(403);
  expect(signInElsewhere.body.responseCode).toBe('ENOA');
  const callElsewhere = await requestFrom(baseURL, OTHER_ADDRESS, {
    method: 'POST',
    path: '/api?method=customerInfoGet',
    token,
    body: { method: 'customerInfoGet' },
  });
  expect(callElsewhere.status).toBe(403);
  expect(callElsewhere.body.responseDescription).toMatch(/IP address/);

  // The browser, at a listed address, keeps working.
  await page.reload();
  await expect(ipSection(page).getByText('In the list', { exact: true })).toBeVisible();

  // The payout blacklist: list an e-mail, with the spec's success text.
  await page.goto('/payout-blacklist');
  await expect(page.getByRole('heading', { level: 1, name: 'Payout blacklist' })).toBeVisible();
  await page.getByRole('button', { name: 'Add to blacklist' }).click();
  const blacklistDialog = page.getByRole('dialog', { name: 'Add to blacklist' });
  await blacklistDialog.getByRole('textbox', { name: /E-mail/ }).fill(BLOCKED);
  await blacklistDialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(`The user with the e-mail ${BLOCKED} has been added to the black list.`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('list', { name: 'Blacklisted e-mails' }).getByText(BLOCKED)).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);

  // A P2P transfer to that e-mail is refused.
  await page.goto('/transfer/p2p');
  await page.getByLabel("Recipient's e-mail address").fill(BLOCKED);
  await expect(
    page.getByText('Transfers between you and this customer are blocked by a payout blacklist.').first(),
  ).toBeVisible();
  await page.getByLabel(/^Amount they get/).fill('5');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check the transfer' })).toBeHidden();

  // Undo both, through the screens.
  await page.goto('/payout-blacklist');
  await page.getByRole('button', { name: `Remove ${BLOCKED} from the blacklist` }).click();
  await expect(page.getByText('Your blacklist is empty.')).toBeVisible();
  await page.goto('/setting');
  await ipSection(page)
    .getByRole('switch', { name: /^Allow access only from these addresses/ })
    .click();
  await expect(ipSection(page).getByText(/^Off: the account can be used from any address/)).toBeVisible();
  const callAfter = await requestFrom(baseURL, OTHER_ADDRESS, {
    method: 'POST',
    path: '/api?method=customerInfoGet',
    token,
    body: { method: 'customerInfoGet' },
  });
  expect(callAfter.status).toBe(200);
  await context.close();
});

test('the access-list screens at phone width', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 476, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login');
  await signInThroughForm(page, PERSONAL);
  await expect(page).toHaveURL(/\/home$/);
  for (const [path, heading] of [
    ['/payout-blacklist', 'Payout blacklist'],
    ['/profile/notifications', 'Notification settings'],
    ['/legal', 'Legal information'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
    await expectNoSeriousAccessibilityViolations(page);
  }
  await context.close();
});
