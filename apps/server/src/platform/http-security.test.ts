import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ config: { apiRateLimitPerMinute: 3 } });
});

afterAll(async () => {
  await testApp.close();
});

const EXPECTED_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self' ws: wss:",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

describe('security headers', () => {
  it.each([
    ['GET', '/'],
    ['POST', '/api?method=customerInfoGet'],
    ['GET', '/no/such/route.json'],
  ] as const)('%s %s carries the content security policy and the helmet headers', async (method, url) => {
    const response = await testApp.app.inject({
      method,
      url,
      headers: { accept: 'text/html' },
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    const policy = String(response.headers['content-security-policy']);
    for (const directive of EXPECTED_CSP) expect(policy).toContain(directive);
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('rate limits', () => {
  it('answers 429 RL with Retry-After once a route’s limit is spent', async () => {
    // Its own client address: the limit is per address, and other tests here call /api too.
    const call = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/api?method=customerInfoGet',
        remoteAddress: '203.0.113.9',
        payload: { method: 'customerInfoGet' },
      });
    const statuses = [(await call()).statusCode, (await call()).statusCode, (await call()).statusCode];
    expect(statuses).toEqual([401, 401, 401]);
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ responseCode: 'RL' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
