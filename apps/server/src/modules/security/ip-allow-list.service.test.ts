import type { IpAllowListEntry } from '@app/shared/api/security';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLive, connectLiveAs } from '../../../test/live-client';
import { LiveCloseCode } from '../../platform/live-channel';
import { callMethod, createTestApp, signIn, TEST_CODE_CHALLENGE, type TestApp } from '../../../test/helper';
import { auditLog } from '../../db/schema/platform';
import { DEMO_PASSWORD, DEMO_USERS } from '../../db/seed';

/**
 * The IP allow-list over HTTP: managing it (bad input, the lock-out confirmation, another
 * customer's entry), and enforcing it on sign-in, on main-API calls and on session routes, with
 * the client address resolved through the trusted proxy only.
 */
const TRUSTED_PROXY = '10.9.9.9';
const HERE = '127.0.0.1';
const ELSEWHERE = '127.0.0.2';

let testApp: TestApp;
const tokens = { personal: '', business: '' };

interface Answer {
  statusCode: number;
  body: {
    responseCode: string;
    responseDescription?: string;
    validationErrors?: { field: string; message: string }[];
    [key: string]: unknown;
  };
}

async function api(
  token: string,
  method: string,
  params: Record<string, unknown> = {},
  from: { remoteAddress?: string; forwardedFor?: string } = {},
): Promise<Answer> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api?method=${method}`,
    remoteAddress: from.remoteAddress ?? HERE,
    headers: {
      authorization: `Bearer ${token}`,
      ...(from.forwardedFor === undefined ? {} : { 'x-forwarded-for': from.forwardedFor }),
    },
    payload: { method, ...params },
  });
  return { statusCode: response.statusCode, body: response.json() };
}

async function listOf(token: string) {
  const answer = await api(token, 'ipAllowListGet');
  expect(answer.body.responseCode).toBe('00');
  return answer.body as unknown as {
    accessIpMode: number;
    currentIp: string;
    isCurrentIpAllowed: boolean;
    list: IpAllowListEntry[];
  };
}

async function outboxOf(recipient: string): Promise<{ subject?: string }[]> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`,
  });
  return response.json<{ messages: { subject?: string }[] }>().messages;
}

function signInFrom(remoteAddress: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/auth/login',
    remoteAddress,
    payload: {
      client: 'web',
      username: DEMO_USERS.personal,
      password: DEMO_PASSWORD,
      codeChallenge: TEST_CODE_CHALLENGE,
    },
  });
}

beforeAll(async () => {
  testApp = await createTestApp({ seed: true, config: { trustedProxies: [TRUSTED_PROXY] } });
  tokens.personal = (await signIn(testApp.app, DEMO_USERS.personal)).accessToken;
  tokens.business = (await signIn(testApp.app, DEMO_USERS.business)).accessToken;
});

afterAll(async () => {
  await testApp.close();
});

describe('managing the list', () => {
  it('starts off and empty, and tells the client its own address', async () => {
    expect(await listOf(tokens.personal)).toEqual({
      responseCode: '00',
      accessIpMode: 0,
      currentIp: HERE,
      isCurrentIpAllowed: false,
      list: [],
    });
  });

  it.each([
    [{ ip: 'not-an-ip' }, 'ip'],
    [{ ip: '300.1.1.1' }, 'ip'],
    [{ ip: '127.1' }, 'ip'],
    [{ ip: '' }, 'ip'],
    [{ ip: '10.0.0.1', toIp: 'x' }, 'toIp'],
    [{ ip: '10.0.0.9', toIp: '10.0.0.1' }, 'toIp'],
    [{ ip: '10.0.0.1', toIp: '2001:db8::1' }, 'toIp'],
    [{ ip: '1'.repeat(50) }, 'ip'],
    [{ ip: '203.0.113.0/33' }, 'ip'],
    [{ ip: '2001:db8::/129' }, 'ip'],
    [{ ip: '203.0.113.0/x' }, 'ip'],
    [{ ip: '203.0.113.0/24', toIp: '203.0.113.9' }, 'toIp'],
  ])('refuses %j and stores nothing', async (params, field) => {
    const answer = await api(tokens.personal, 'ipAllowListAdd', params);
    expect(answer.statusCode).toBe(400);
    expect(answer.body.responseCode).toBe('VF');
    expect(answer.body.validationErrors?.[0]?.field).toBe(field);
    expect((await listOf(tokens.personal)).list).toEqual([]);
  });

  it('will not turn on, with an empty list, without the lock-out confirmation', async () => {
    const answer = await api(tokens.personal, 'ipAllowListModeSet', { enable: 1 });
    expect(answer.body.responseCode).toBe('VF');
    expect(answer.body.validationErrors?.[0]?.field).toBe('confirmed');
    expect((await listOf(tokens.personal)).accessIpMode).toBe(0);
  });

  it('adds a single address, an IPv4 range and an IPv6 address in canonical form, audited and mailed', async () => {
    const mailsBefore = (await outboxOf(DEMO_USERS.personal)).length;
    const single = await api(tokens.personal, 'ipAllowListAdd', { ip: HERE });
    expect(single.body).toMatchObject({ responseCode: '00', entry: { ip: HERE } });
    expect(single.body.entry).not.toHaveProperty('toIp');
    const range = await api(tokens.personal, 'ipAllowListAdd', { ip: '198.51.100.1', toIp: '198.51.100.20' });
    expect(range.body).toMatchObject({ entry: { ip: '198.51.100.1', toIp: '198.51.100.20' } });
    const v6 = await api(tokens.personal, 'ipAllowListAdd', { ip: '2001:DB8:0:0::7' });
    expect(v6.body).toMatchObject({ entry: { ip: '2001:db8::7' } });

    const list = await listOf(tokens.personal);
    expect(list.list.map((entry) => entry.ip)).toEqual([HERE, '198.51.100.1', '2001:db8::7']);
    expect(list.isCurrentIpAllowed).toBe(true);

    const audit = await testApp.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'security.ipAllowListChanged')));
    expect(audit.length).toBeGreaterThanOrEqual(3);
    const mails = await outboxOf(DEMO_USERS.personal);
    expect(mails.length).toBe(mailsBefore + 3);
    expect(mails[0]?.subject).toMatch(/Security settings of your .+ account were changed/);
  });

  it('refuses another customer’s entry id, as it refuses one that does not exist', async () => {
    const [entry] = (await listOf(tokens.personal)).list;
    if (entry === undefined) throw new Error('no entry');
    const foreign = await api(tokens.business, 'ipAllowListDelete', { id: entry.id });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body.responseCode).toBe('ENOA');
    const missing = await api(tokens.business, 'ipAllowListDelete', { id: 2_000_000 });
    expect(missing.body).toEqual(foreign.body);
    expect((await listOf(tokens.personal)).list.map((item) => item.id)).toContain(entry.id);
    expect((await listOf(tokens.business)).list).toEqual([]);
  });
});

describe('enforcement with the mode on', () => {
  it('turns on when the current address is listed', async () => {
    const answer = await api(tokens.personal, 'ipAllowListModeSet', { enable: true });
    expect(answer.body).toMatchObject({ responseCode: '00', accessIpMode: 1 });
  });

  it('refuses main-API calls from another address while this session keeps working', async () => {
    const refused = await api(tokens.personal, 'customerInfoGet', {}, { remoteAddress: ELSEWHERE });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toMatchObject({ responseCode: 'ENOA' });
    expect(refused.body.responseDescription).toMatch(/IP address/);
    expect((await api(tokens.personal, 'customerInfoGet')).body.responseCode).toBe('00');
    // A range entry lets its inside in.
    expect(
      (await api(tokens.personal, 'customerInfoGet', {}, { remoteAddress: '198.51.100.7' })).body.responseCode,
    ).toBe('00');
    // Another customer is not affected by this one's list.
    expect((await api(tokens.business, 'customerInfoGet', {}, { remoteAddress: ELSEWHERE })).body.responseCode).toBe(
      '00',
    );
  });

  it('refuses a transfer from another address, though the call before gave it its customer', async () => {
    // Past the dispatcher (the input is what is wrong), twice: the second had its customer provisionally.
    for (let round = 0; round < 2; round += 1) {
      expect((await api(tokens.personal, 'transferP2P', {})).body.responseCode).toBe('VF');
    }
    const refused = await api(tokens.personal, 'transferP2P', {}, { remoteAddress: ELSEWHERE });
    expect(refused.statusCode).toBe(403);
    expect(refused.body.responseCode).toBe('ENOA');
    expect(refused.body.responseDescription).toMatch(/IP address/);
  });

  it('takes networks in CIDR form as the range they cover, and admits only their addresses', async () => {
    const v4 = await api(tokens.personal, 'ipAllowListAdd', { ip: '192.0.2.0/24' });
    expect(v4.body).toMatchObject({ responseCode: '00', entry: { ip: '192.0.2.0', toIp: '192.0.2.255' } });
    const v6 = await api(tokens.personal, 'ipAllowListAdd', { ip: '2001:db8:aaaa::/48' });
    expect(v6.body).toMatchObject({ entry: { ip: '2001:db8:aaaa::', toIp: '2001:db8:aaaa:ffff:ffff:ffff:ffff:ffff' } });
    const from = async (remoteAddress: string) =>
      (await api(tokens.personal, 'customerInfoGet', {}, { remoteAddress })).statusCode;
    expect(await from('192.0.2.77')).toBe(200);
    expect(await from('192.0.3.77')).toBe(403);
    expect(await from('192.0.1.255')).toBe(403);
    expect(await from('2001:db8:aaaa:1234::5')).toBe(200);
    expect(await from('2001:db8:aaab::1')).toBe(403);
    for (const entry of [v4.body.entry, v6.body.entry] as IpAllowListEntry[]) {
      expect((await api(tokens.personal, 'ipAllowListDelete', { id: entry.id })).body.responseCode).toBe('00');
    }
  });

  it('audits refused calls: one row per user, address and kind of call a minute, with what was held back', async () => {
    const refusedIp = '127.0.0.3';
    const refusalsFrom = () =>
      testApp.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'security.ipAccessRefused'), eq(auditLog.ip, refusedIp)));
    for (let call = 0; call < 5; call += 1) {
      expect((await api(tokens.personal, 'customerInfoGet', {}, { remoteAddress: refusedIp })).statusCode).toBe(403);
    }
    const afterCalls = await refusalsFrom();
    expect(afterCalls).toHaveLength(1);
    expect(afterCalls[0]).toMatchObject({ details: { access: 'api', heldBackCount: 0 } });
    expect(afterCalls[0]?.actorUserId).toEqual(expect.any(Number));
    expect(afterCalls[0]?.customerId).toEqual(expect.any(Number));

    // Another kind of call from the same address is a row of its own, once.
    expect((await signInFrom(refusedIp)).statusCode).toBe(403);
    expect((await signInFrom(refusedIp)).statusCode).toBe(403);
    const { refreshToken } = await signIn(testApp.app, DEMO_USERS.personal);
    const refreshed = await testApp.app.inject({
      method: 'POST',
      url: '/auth/refresh',
      remoteAddress: refusedIp,
      payload: { refreshToken },
    });
    expect(refreshed.statusCode).toBe(403);
    const devices = await testApp.app.inject({
      method: 'GET',
      url: '/auth/devices',
      remoteAddress: refusedIp,
      headers: { authorization: `Bearer ${tokens.personal}` },
    });
    expect(devices.statusCode).toBe(403);
    const rows = await refusalsFrom();
    expect(rows.map((row) => (row.details as { access: string }).access).sort()).toEqual([
      'api',
      'refresh',
      'session',
      'signIn',
    ]);
    expect(new Set(rows.map((row) => row.actorUserId)).size).toBe(1);
    // Another user's refusals from the address are not this user's: none were audited.
    expect((await api(tokens.business, 'customerInfoGet', {}, { remoteAddress: refusedIp })).statusCode).toBe(200);
    expect(await refusalsFrom()).toHaveLength(4);
  });

  it('shows a refused sign-in in the login history as a failure for that reason', async () => {
    const refusedIp = '127.0.0.4';
    expect((await signInFrom(refusedIp)).statusCode).toBe(403);
    const history = await api(tokens.personal, 'loginHistory', { result: 'failure' });
    expect(history.body.responseCode).toBe('00');
    const [latest] = (history.body as unknown as { history: Record<string, unknown>[] }).history;
    expect(latest).toMatchObject({ ip: refusedIp, result: 'failure', reason: 'ipRefused' });
    // Not a guess: the right password from a refused address does not count towards the sign-in limit.
    for (let attempt = 0; attempt < testApp.config.loginRateLimit.max; attempt += 1) {
      expect((await signInFrom(refusedIp)).statusCode).toBe(403);
    }
    expect((await signInFrom(HERE)).statusCode).toBe(200);
  });

  it('refuses the sign-in from another address, after the password check', async () => {
    const refused = await signInFrom(ELSEWHERE);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ responseCode: 'ENOA' });
    const wrongPassword = await testApp.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: ELSEWHERE,
      payload: {
        client: 'web',
        username: DEMO_USERS.personal,
        password: 'wrong-password-1',
        codeChallenge: TEST_CODE_CHALLENGE,
      },
    });
    expect(wrongPassword.json()).not.toMatchObject({ responseCode: 'ENOA' });
    expect((await signInFrom(HERE)).statusCode).toBe(200);
  });

  it('refuses renewing a session from another address, and leaves the refresh token usable where allowed', async () => {
    const { refreshToken } = await signIn(testApp.app, DEMO_USERS.personal);
    const refreshFrom = (remoteAddress: string) =>
      testApp.app.inject({ method: 'POST', url: '/auth/refresh', remoteAddress, payload: { refreshToken } });
    const refused = await refreshFrom(ELSEWHERE);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ responseCode: 'ENOA' });
    const renewed = await refreshFrom(HERE);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({ responseCode: '00' });
  });

  it('refuses the live channel to another address, and lets the session listen where allowed', async () => {
    const baseUrl = await testApp.app.listen({ host: HERE, port: 0 });
    const refused = await connectLive(baseUrl, { localAddress: ELSEWHERE });
    refused.socket.send(JSON.stringify({ type: 'auth', accessToken: tokens.personal }));
    expect((await refused.closed).code).toBe(LiveCloseCode.UNAUTHENTICATED);
    const allowed = await connectLiveAs(baseUrl, tokens.personal);
    allowed.close();
  });

  it('refuses the session routes of the auth service from another address', async () => {
    const request = (remoteAddress: string) =>
      testApp.app.inject({
        method: 'GET',
        url: '/auth/devices',
        remoteAddress,
        headers: { authorization: `Bearer ${tokens.personal}` },
      });
    expect((await request(ELSEWHERE)).statusCode).toBe(403);
    expect((await request(HERE)).statusCode).toBe(200);
  });

  it('refuses file downloads from another address', async () => {
    const legal = await api(tokens.personal, 'legalInfoGet');
    const [agreement] = (legal.body as unknown as { items: { id: number }[] }).items;
    if (agreement === undefined) throw new Error('no agreement');
    const download = (remoteAddress: string) =>
      testApp.app.inject({
        method: 'GET',
        url: `/files/agreements/${agreement.id}.pdf`,
        remoteAddress,
        headers: { authorization: `Bearer ${tokens.personal}` },
      });
    expect((await download(ELSEWHERE)).statusCode).toBe(403);
    expect((await download(HERE)).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from an untrusted hop, and takes the client from the trusted proxy', async () => {
    // The client is elsewhere and claims to be a listed address: the claim changes nothing.
    const forged = await api(tokens.personal, 'customerInfoGet', {}, { remoteAddress: ELSEWHERE, forwardedFor: HERE });
    expect(forged.statusCode).toBe(403);
    // Through the trusted proxy, the address the proxy saw counts…
    const proxied = await api(
      tokens.personal,
      'customerInfoGet',
      {},
      { remoteAddress: TRUSTED_PROXY, forwardedFor: '198.51.100.3' },
    );
    expect(proxied.body.responseCode).toBe('00');
    // …and an address the client prepended before the proxy's is not the one taken.
    const prepended = await api(
      tokens.personal,
      'customerInfoGet',
      {},
      { remoteAddress: TRUSTED_PROXY, forwardedFor: `${HERE}, 203.0.113.50` },
    );
    expect(prepended.statusCode).toBe(403);
    const listedThroughProxy = await api(
      tokens.personal,
      'ipAllowListGet',
      {},
      {
        remoteAddress: TRUSTED_PROXY,
        forwardedFor: '203.0.113.50, 198.51.100.4',
      },
    );
    expect(listedThroughProxy.body).toMatchObject({ currentIp: '198.51.100.4', isCurrentIpAllowed: true });
    // The sign-in reads the same address.
    const forgedSignIn = await testApp.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: ELSEWHERE,
      headers: { 'x-forwarded-for': HERE },
      payload: {
        client: 'web',
        username: DEMO_USERS.personal,
        password: DEMO_PASSWORD,
        codeChallenge: TEST_CODE_CHALLENGE,
      },
    });
    expect(forgedSignIn.statusCode).toBe(403);
  });

  it('will not delete the entry of the current address without the confirmation', async () => {
    const { list } = await listOf(tokens.personal);
    const current = list.find((entry) => entry.ip === HERE);
    if (current === undefined) throw new Error('no entry of the current address');
    const unconfirmed = await api(tokens.personal, 'ipAllowListDelete', { id: current.id });
    expect(unconfirmed.body.validationErrors?.[0]?.field).toBe('confirmed');
    expect((await listOf(tokens.personal)).list.map((entry) => entry.id)).toContain(current.id);
    // Deleting another entry needs none.
    const other = list.find((entry) => entry.ip === '2001:db8::7');
    expect((await api(tokens.personal, 'ipAllowListDelete', { id: other?.id })).body.responseCode).toBe('00');
  });

  it('applies a change at once: turned off, every address is accepted again', async () => {
    expect((await api(tokens.personal, 'ipAllowListModeSet', { enable: 0 })).body).toMatchObject({
      accessIpMode: 0,
    });
    expect((await api(tokens.personal, 'customerInfoGet', {}, { remoteAddress: ELSEWHERE })).body.responseCode).toBe(
      '00',
    );
    const modeChanges = await testApp.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'security.ipAllowListModeChanged'));
    expect(modeChanges.map((row) => row.details)).toEqual([
      { from: 0, to: 1 },
      { from: 1, to: 0 },
    ]);
  });

  it('needs a session', async () => {
    const response = await callMethod(testApp.app, 'ipAllowListGet');
    expect(response.statusCode).toBe(401);
  });
});
