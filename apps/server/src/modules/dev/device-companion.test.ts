import { runInNewContext } from 'node:vm';
import { pendingApprovalSchema } from '@app/shared/api/devices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/helper';
import { bearer, deviceTokenOf, linkDevice } from '../../../test/sign-in-client';
import { DEMO_FACTOR_USERS, DEMO_USERS } from '../../db/seed';
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
    for (const id of ['link-email', 'link-password', 'link-name', 'link-type']) {
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

/** The script's own confirmUrlOf, so the tests call the endpoints the buttons call. */
async function confirmUrlOfScript(): Promise<ConfirmUrlOf> {
  const script = (await testApp.app.inject({ method: 'GET', url: '/dev/device.js' })).body;
  const source = /^function confirmUrlOf\(approval\) \{$[\s\S]*?^\}$/m.exec(script)?.[0];
  if (source === undefined) throw new Error('the companion script has no confirmUrlOf');
  return runInNewContext(`(${source})`) as ConfirmUrlOf;
}

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
