import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { eq, sql } from 'drizzle-orm';
import { pendingApprovalSchema } from '@app/shared/api/devices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMethod, createTestApp, signIn, type TestApp } from '../../../test/helper';
import { bearer, deviceTokenOf, linkDevice } from '../../../test/sign-in-client';
import { deviceLinkTokens } from '../../db/schema/security-factors';
import { DEMO_FACTOR_USERS, DEMO_USERS } from '../../db/seed';
import { deviceLinkDeeplinkOf } from '../auth/device-links.service';
import { renderDeviceCompanionPage } from './device-companion-page';

/** /dev/device: the stand-in for the mobile app (development and test only). */
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ seed: true });
});

afterAll(async () => {
  await testApp.close();
});

describe('the device companion page', () => {
  it('is accessible HTML whose only script is a same-origin file', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/dev/device' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    const page = response.body;
    expect(page).toContain('<html lang="en">');
    expect(page.match(/<script\b[^>]*>/g)).toEqual(['<script src="/dev/device.js" defer>']);
    expect(page).not.toMatch(/\son[a-z]+=/i);
    for (const id of [
      'link-email',
      'link-password',
      'link-name',
      'link-type',
      'qr-link-name',
      'qr-link-type',
      'paste-link',
    ]) {
      expect(page).toContain(`<label for="${id}">`);
    }
    expect(page).toContain('role="status"');
    expect(page).toContain(`value="${DEMO_FACTOR_USERS.push}"`);
  });

  it('escapes what it is given', () => {
    const page = renderDeviceCompanionPage({ brandName: '<script>x</script>', demoEmail: '"><img src=x>' });
    expect(page).not.toContain('<script>x');
    expect(page).not.toContain('<img');
    expect(page).toContain('&lt;script&gt;x&lt;/script&gt;');
  });

  it('serves its script as JavaScript, writing to the page with textContent only', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/dev/device.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.body).toContain('fetch(url, { method, headers');
    expect(response.body).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
  });
});

type ConfirmUrlOf = (approval: Record<string, unknown>) => string | null;
type LinkTokenOf = (text: string) => string | null;

/** A top-level function of the companion's script, so the tests run what the page runs. */
async function scriptFunction(name: string, parameter: string): Promise<unknown> {
  const script = (await testApp.app.inject({ method: 'GET', url: '/dev/device.js' })).body;
  const source = new RegExp(`^function ${name}\\(${parameter}\\) \\{$[\\s\\S]*?^\\}$`, 'm').exec(script)?.[0];
  if (source === undefined) throw new Error(`the companion script has no ${name}`);
  return runInNewContext(`(${source})`, { URL, URLSearchParams });
}

/** The script's own confirmUrlOf, so the tests call the endpoints the buttons call. */
async function confirmUrlOfScript(): Promise<ConfirmUrlOf> {
  return (await scriptFunction('confirmUrlOf', 'approval')) as ConfirmUrlOf;
}

/** The script's own linkTokenOf: how the page reads its address and a pasted link. */
async function linkTokenOfScript(): Promise<LinkTokenOf> {
  return (await scriptFunction('linkTokenOf', 'text')) as LinkTokenOf;
}

const deviceLink = (url: string, payload: Record<string, unknown>) =>
  testApp.app.inject({ method: 'POST', url: `/device-api/device/link${url}`, payload });

describe('the device companion answers', () => {
  it('every kind of pending approval', async () => {
    const confirmUrlOf = await confirmUrlOfScript();
    for (const option of pendingApprovalSchema.options) {
      const kind = option.shape.kind.value;
      expect(confirmUrlOf({ kind, key: 'k', deviceId: 1, id: '00000000-0000-4000-8000-000000000000' }), kind).toMatch(
        /^\//,
      );
    }
  });

  it('a change of the two-step verification to push, with the device token', async () => {
    const confirmUrlOf = await confirmUrlOfScript();
    const tokens = await signIn(testApp.app, DEMO_USERS.update);
    const linked = await linkDevice(testApp.app, DEMO_USERS.update);
    const started = await testApp.app.inject({
      method: 'POST',
      url: '/customer/two-step-verification',
      headers: bearer(tokens.accessToken),
      payload: { mode: 'push' },
    });
    expect(started.json()).toMatchObject({ confirmWith: 'push', target: 'signIn' });
    const deviceToken = await deviceTokenOf(testApp.app, linked.secret);
    const pending = await testApp.app.inject({
      method: 'GET',
      url: '/auth/push/pending',
      headers: bearer(deviceToken),
    });
    const approval = pending
      .json<{ approvals: Record<string, unknown>[] }>()
      .approvals.find((item) => item.kind === 'twoStep');
    expect(approval).toMatchObject({ id: started.json<{ reqId: string }>().reqId, mode: 'push' });
    const url = confirmUrlOf(approval ?? {});
    expect(url).not.toBeNull();
    const answered = await testApp.app.inject({
      method: 'PUT',
      url: url ?? '',
      headers: bearer(deviceToken),
      payload: { result: false },
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual({ responseCode: '00' });
  });
});

describe('POST /dev/device/link', () => {
  it('links an active device for the right password, whose secret then signs the device in', async () => {
    const linked = await linkDevice(testApp.app, DEMO_FACTOR_USERS.push, 'Companion');
    expect(linked.device).toMatchObject({ name: 'Companion', type: 'android', status: 'active' });
    expect(await deviceTokenOf(testApp.app, linked.secret)).toMatch(/^ey/);
  });

  it('refuses a wrong password like sign-in does, and records the attempt', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/dev/device/link',
      payload: { username: DEMO_USERS.personal, password: 'Wrong-pass-2026', name: 'x', type: 'ios' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ responseCode: 'AU', responseDescription: 'Incorrect e-mail or password.' });
  });
});

describe('linking the companion with the QR code of the security settings', () => {
  it('opens the companion from the deep link, shows the account, links once, and the device answers pushes', async () => {
    const linkTokenOf = await linkTokenOfScript();
    const { accessToken } = await signIn(testApp.app, DEMO_USERS.kyc);
    const started = await callMethod(testApp.app, 'deviceLinkStart', {
      token: accessToken,
      headers: { host: 'bank.example:8443' },
    });
    expect(started.statusCode).toBe(200);
    const { deeplink } = started.json<{ deeplink: string }>();
    // What a phone camera opens: this server's companion page, the token in the fragment only.
    const opened = new URL(deeplink);
    expect(`${opened.origin}${opened.pathname}${opened.search}`).toBe('http://bank.example:8443/dev/device');
    const token = linkTokenOf(deeplink);
    expect(token).toMatch(/^[\w-]{40,}$/);

    const preview = await deviceLink('/preview', { token });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ responseCode: '00', email: DEMO_USERS.kyc });
    expect(Date.parse(preview.json<{ expiresAt: string }>().expiresAt)).toBeGreaterThan(Date.now());

    const linked = await deviceLink('', { token, name: 'Scanned phone', type: 'android' });
    expect(linked.statusCode).toBe(200);
    const { device, secret } = linked.json<{ device: { id: number; name: string; status: string }; secret: string }>();
    expect(device).toMatchObject({ name: 'Scanned phone', status: 'active' });
    const listed = await testApp.app.inject({ method: 'GET', url: '/device-api/device', headers: bearer(accessToken) });
    expect(listed.json<{ devices: { id: number }[] }>().devices.map((item) => item.id)).toContain(device.id);

    // The link is spent: neither shown nor used again.
    const spent = { responseCode: 'AU', responseDescription: expect.stringMatching(/expired or was used/) as unknown };
    expect((await deviceLink('/preview', { token })).json()).toMatchObject(spent);
    expect((await deviceLink('', { token, name: 'Again', type: 'ios' })).statusCode).toBe(401);

    // The secret the companion keeps signs the device in, and it gets the user's pushes.
    const deviceToken = await deviceTokenOf(testApp.app, secret);
    const started2 = await testApp.app.inject({
      method: 'POST',
      url: '/customer/two-step-verification',
      headers: bearer(accessToken),
      payload: { mode: 'push' },
    });
    expect(started2.json()).toMatchObject({ confirmWith: 'push' });
    const pending = await testApp.app.inject({
      method: 'GET',
      url: '/auth/push/pending',
      headers: bearer(deviceToken),
    });
    expect(pending.json<{ approvals: { kind: string }[] }>().approvals.map((item) => item.kind)).toContain('twoStep');
  });

  it('refuses to show a token that is unknown, and one of a link that expired', async () => {
    expect((await deviceLink('/preview', { token: 'x'.repeat(43) })).statusCode).toBe(401);
    expect((await deviceLink('/preview', { token: '' })).statusCode).toBe(400);
    const linkTokenOf = await linkTokenOfScript();
    const { accessToken } = await signIn(testApp.app, DEMO_USERS.kyc);
    const started = await callMethod(testApp.app, 'deviceLinkStart', { token: accessToken });
    const token = linkTokenOf(started.json<{ deeplink: string }>().deeplink) ?? '';
    expect((await deviceLink('/preview', { token })).statusCode).toBe(200);
    await testApp.database.db
      .update(deviceLinkTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(deviceLinkTokens.tokenHash, createHash('sha256').update(token).digest('hex')));
    expect((await deviceLink('/preview', { token })).statusCode).toBe(401);
    expect((await deviceLink('', { token, name: 'Late phone', type: 'ios' })).statusCode).toBe(401);
  });

  it('reads the token from every form of the link, and nothing from anything else', async () => {
    const linkTokenOf = await linkTokenOfScript();
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
    const appLink = deviceLinkDeeplinkOf({ token, brand: 'harbor', companionOrigin: null });
    expect(appLink).toBe(`harbor://device-link?token=${token}`);
    for (const link of [
      appLink,
      deviceLinkDeeplinkOf({ token, brand: 'harbor', companionOrigin: 'https://bank.example' }),
      `https://bank.example/dev/device?link=${token}`,
      `  ${token}  `,
    ]) {
      expect(linkTokenOf(link), link).toBe(token);
    }
    for (const text of [
      '',
      'https://bank.example/dev/device',
      'harbor://auth/login/abc',
      'not a link',
      `${token}<b>`,
    ]) {
      expect(linkTokenOf(text), text).toBeNull();
    }
  });
});
