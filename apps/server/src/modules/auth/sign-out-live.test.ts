import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLiveAs } from '../../../test/live-client';
import { callMethod, createTestApp, signIn, type TestApp } from '../../../test/helper';

/**
 * Ending a sign-in ends its live channel too: a socket must not outlive the session it was opened
 * with. Customer-addressed events reach every user who acts for that customer, and nobody else.
 */
let testApp: TestApp;
let baseUrl: string;

beforeAll(async () => {
  testApp = await createTestApp({ seed: true });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  baseUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await testApp.close();
});

describe('live channel and sessions', () => {
  it('closes the socket of a session with 4401 when the user signs out', async () => {
    const tokens = await signIn(testApp.app, 'personal@demo.test');
    const client = await connectLiveAs(baseUrl, tokens.accessToken);
    const logout = await testApp.app.inject({
      method: 'POST',
      url: '/auth/logout',
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(logout.statusCode).toBe(200);
    await expect(client.closed).resolves.toMatchObject({ code: 4401 });
  });

  it('keeps the sockets of the same user’s other sessions open', async () => {
    const first = await signIn(testApp.app, 'personal@demo.test');
    const second = await signIn(testApp.app, 'personal@demo.test');
    const kept = await connectLiveAs(baseUrl, second.accessToken);
    const ended = await connectLiveAs(baseUrl, first.accessToken);
    await testApp.app.inject({ method: 'POST', url: '/auth/logout', payload: { refreshToken: first.refreshToken } });
    await expect(ended.closed).resolves.toMatchObject({ code: 4401 });
    expect(kept.socket.readyState).toBe(kept.socket.OPEN);
    kept.close();
  });

  it('delivers a customer-addressed event to the users acting for that customer only', async () => {
    const business = await signIn(testApp.app, 'business@demo.test');
    const personal = await signIn(testApp.app, 'personal@demo.test');
    const info = await callMethod(testApp.app, 'customerInfoGet', { token: business.accessToken });
    const customerId = info.json<{ customer: { customerId: number } }>().customer.customerId;
    const businessSocket = await connectLiveAs(baseUrl, business.accessToken);
    const personalSocket = await connectLiveAs(baseUrl, personal.accessToken);

    await testApp.database.db.transaction((tx) =>
      testApp.app.live.publish(tx, {
        to: { customerId },
        type: 'notification',
        status: 'info',
        payload: { notificationType: 'info' },
      }),
    );

    await expect(businessSocket.nextMessage()).resolves.toMatchObject({ type: 'notification', status: 'info' });
    expect(await personalSocket.hasMessage(300)).toBe(false);
    businessSocket.close();
    personalSocket.close();
  });
});

describe('GET /health', () => {
  it('answers ok while the database answers', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
