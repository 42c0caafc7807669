import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../../test/helper';

let database: TestDatabase;
let devApp: TestApp;
let productionLikeApp: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  [devApp, productionLikeApp] = await Promise.all([
    createTestApp({ database }),
    createTestApp({ database, config: { isDevToolsEnabled: false } }),
  ]);
});

afterAll(async () => {
  await Promise.all([devApp.close(), productionLikeApp.close()]);
  await database.dispose();
});

describe('/dev/outbox', () => {
  it('lists stored messages newest first, escaping everything and linking only http(s) URLs', async () => {
    const { mail, sms } = devApp.app.messaging;
    await mail.send({
      to: 'mallory@example.com',
      subject: '<script>alert("subject")</script>',
      text: 'Confirm at https://bank.test/confirm?token=a&next=%2F. Or javascript:alert(1) <img src=x onerror=alert(2)>',
    });
    await sms.send({ to: '+40712345678', text: 'Your code is 424242' });

    const response = await devApp.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const page = response.body;
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<th scope="col">Recipient</th>');
    expect(page).not.toContain('<script');
    expect(page).not.toContain('<img');
    expect(page).toContain('&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;');
    expect(page).toContain(
      '<a href="https://bank.test/confirm?token=a&amp;next=%2F">https://bank.test/confirm?token=a&amp;next=%2F</a>.',
    );
    expect(page).not.toContain('href="javascript');
    expect(page.indexOf('424242')).toBeLessThan(page.indexOf('mallory@example.com'));
  });

  it('serves JSON filtered by recipient for tests and scripts', async () => {
    await devApp.app.messaging.mail.send({ to: 'json-reader@example.com', subject: 'Welcome', text: 'Hello' });
    const response = await devApp.app.inject({
      method: 'GET',
      url: `/dev/outbox.json?recipient=${encodeURIComponent('json-reader@example.com')}`,
    });
    expect(response.statusCode).toBe(200);
    const { responseCode, messages } = response.json<{ responseCode: string; messages: Record<string, unknown>[] }>();
    expect(responseCode).toBe('00');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      channel: 'mail',
      recipient: 'json-reader@example.com',
      subject: 'Welcome',
      body: 'Hello',
    });
    expect(Date.parse(String(messages[0]?.createdAt))).not.toBeNaN();
  });
});

describe('/dev/live/publish', () => {
  it('wants exactly one of userId and customerId', async () => {
    const response = await devApp.app.inject({
      method: 'POST',
      url: '/dev/live/publish',
      payload: { userId: 1, customerId: 2, type: 'info', status: 'info' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ responseCode: 'VF', validationErrors: [{ field: 'userId' }] });
  });
});

describe('without dev tools (production)', () => {
  it.each([
    ['GET', '/dev/outbox'],
    ['GET', '/dev/outbox.json'],
    ['POST', '/dev/live/publish'],
    ['GET', '/dev/device'],
    ['GET', '/dev/device.js'],
    ['POST', '/dev/device/link'],
  ] as const)('%s %s does not exist', async (method, url) => {
    const response = await productionLikeApp.app.inject({
      method,
      url,
      headers: { accept: 'text/html,application/xhtml+xml' },
      ...(method === 'POST' ? { payload: { userId: 1, type: 'info', status: 'info' } } : {}),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ responseCode: 'TA1', responseDescription: 'Not found' });
  });
});
