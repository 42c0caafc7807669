import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { deviceTokenOf, linkDevice } from '../../../test/sign-in-client';
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
