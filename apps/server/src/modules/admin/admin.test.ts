import type { AdminCustomerDetail, AuditEntryView } from '@app/shared/api/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMethod, createTestApp, signIn, type TestApp } from '../../../test/helper';
import { DEMO_USERS } from '../../db/seed';

/**
 * The admin console: a customer's detail, acting for a customer with every call audited as the
 * administrator, the audit log's filters, and the wall that keeps customers out of all of it.
 */

let testApp: TestApp;
let personalToken: string;
let adminToken: string;
let adminUserId: number;
let personalCustomerId: number;

interface Answer {
  responseCode: string;
  [key: string]: unknown;
}

async function call<T = Answer>(
  token: string,
  method: string,
  params: Record<string, unknown> = {},
): Promise<T & Answer> {
  return (await callMethod(testApp.app, method, { token, params })).json<T & Answer>();
}

type AuditAnswer = { entries: AuditEntryView[]; total: number };

beforeAll(async () => {
  testApp = await createTestApp({ seed: true, config: { loginRateLimit: { max: 1_000, windowSeconds: 300 } } });
  personalToken = (await signIn(testApp.app, DEMO_USERS.personal)).accessToken;
  adminToken = (await signIn(testApp.app, DEMO_USERS.admin)).accessToken;
  personalCustomerId = (await call<{ customer: { customerId: number } }>(personalToken, 'customerInfoGet')).customer
    .customerId;
  adminUserId = (await call<{ customer: { userId: number } }>(adminToken, 'customerInfoGet')).customer.userId;
});

afterAll(async () => {
  await testApp.close();
});

describe('admin methods', () => {
  it('refuses a customer on every admin method', async () => {
    for (const [method, params] of [
      ['adminCustomerGet', { customerId: personalCustomerId }],
      ['adminActingStart', { customerId: personalCustomerId }],
      ['adminActingStop', { customerId: personalCustomerId }],
      ['adminAuditLog', {}],
      ['adminNewsPublish', { title: 'x', body: 'y', languages: ['en'], withConfirmation: false }],
      ['customerSearch', {}],
    ] as const) {
      expect((await call(personalToken, method, params)).responseCode, method).toBe('ENOA');
    }
    expect((await callMethod(testApp.app, 'adminAuditLog')).json<Answer>().responseCode).toBe('AU');
  });

  it('shows a customer with users and accounts', async () => {
    const answer = await call<{ customer: AdminCustomerDetail }>(adminToken, 'adminCustomerGet', {
      customerId: personalCustomerId,
    });
    expect(answer.customer).toMatchObject({ customerId: personalCustomerId, customerType: 'personal' });
    expect(answer.customer.users.map((user) => user.login)).toContain(DEMO_USERS.personal);
    expect(answer.customer.accounts.length).toBeGreaterThan(0);
    expect((await call(adminToken, 'adminCustomerGet', { customerId: 2_000_000 })).responseCode).toBe('TA1');
    expect((await call(adminToken, 'adminCustomerGet', { customerId: -1 })).responseCode).toBe('VF');
  });
});

describe('acting for a customer', () => {
  it('audits the start, each call made for the customer, and the stop, as the administrator', async () => {
    const started = await call<{ displayName: string }>(adminToken, 'adminActingStart', {
      customerId: personalCustomerId,
    });
    expect(started).toMatchObject({ responseCode: '00', displayName: 'Alex Morgan' });

    const accounts = await call(adminToken, 'balanceInquiry', { fromCustomerId: personalCustomerId });
    expect(accounts.responseCode).toBe('00');
    // A refused call made for the customer is recorded too.
    const refused = await call(adminToken, 'announcementMarkRead', {
      fromCustomerId: personalCustomerId,
      ids: [2_000_000],
    });
    expect(refused.responseCode).toBe('TA1');
    await call(adminToken, 'adminActingStop', { customerId: personalCustomerId });

    const log = await call<AuditAnswer>(adminToken, 'adminAuditLog', {
      customerId: personalCustomerId,
      action: 'admin.',
    });
    const actions = log.entries.map((entry) => [entry.action, entry.details?.method, entry.details?.outcome]);
    expect(actions.slice(0, 4).reverse()).toEqual([
      ['admin.actingStarted', undefined, undefined],
      ['admin.actedForCustomer', 'balanceInquiry', 'success'],
      ['admin.actedForCustomer', 'announcementMarkRead', 'TA1'],
      ['admin.actingStopped', undefined, undefined],
    ]);
    expect(log.entries.every((entry) => entry.actorUserId === adminUserId)).toBe(true);
    expect(log.entries[0]?.actorLogin).toBe(DEMO_USERS.admin);
  });

  it('audits REST requests made with fromCustomerId, whatever they end in', async () => {
    const accounts = await call<{ accounts: { account: { accountId: number }[] } }>(adminToken, 'balanceInquiry', {
      fromCustomerId: personalCustomerId,
    });
    const accountId = accounts.accounts.account[0]?.accountId;
    const download = await testApp.app.inject({
      method: 'GET',
      url: `/files/accounts/${accountId}/confirmation-letter.pdf?fromCustomerId=${personalCustomerId}`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(download.statusCode).toBe(200);
    const refused = await testApp.app.inject({
      method: 'GET',
      url: `/files/accounts/2000000/confirmation-letter.pdf?fromCustomerId=${personalCustomerId}`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    // A customer's own download names no one to act for and is not an admin's action.
    await testApp.app.inject({
      method: 'GET',
      url: `/files/accounts/${accountId}/confirmation-letter.pdf?fromCustomerId=${personalCustomerId}`,
      headers: { authorization: `Bearer ${personalToken}` },
    });
    const log = await call<AuditAnswer>(adminToken, 'adminAuditLog', {
      customerId: personalCustomerId,
      action: 'admin.actedForCustomer',
    });
    const rest = log.entries.filter(
      (entry) => entry.details?.route === '/files/accounts/:accountId/confirmation-letter.pdf',
    );
    expect(rest.map((entry) => [entry.actorUserId, entry.details?.status])).toEqual([
      [adminUserId, refused.statusCode],
      [adminUserId, 200],
    ]);
  });

  it('does not audit a customer’s own calls as acting for anyone', async () => {
    await call(personalToken, 'balanceInquiry');
    const log = await call<AuditAnswer>(adminToken, 'adminAuditLog', {
      customerId: personalCustomerId,
      action: 'admin.actedForCustomer',
    });
    expect(log.entries.every((entry) => entry.actorUserId === adminUserId)).toBe(true);
  });
});

describe('audit log', () => {
  it('filters by dates and pages by 20', async () => {
    for (let index = 0; index < 21; index += 1) {
      await call(adminToken, 'customerInfoGet', { fromCustomerId: personalCustomerId });
    }
    const today = new Date().toISOString().slice(0, 10);
    const filter = { customerId: personalCustomerId, action: 'admin.actedForCustomer', fromDate: today, toDate: today };
    const first = await call<AuditAnswer>(adminToken, 'adminAuditLog', filter);
    expect(first.entries).toHaveLength(20);
    expect(first.total).toBeGreaterThanOrEqual(21);
    const second = await call<AuditAnswer>(adminToken, 'adminAuditLog', { ...filter, pageNumber: 2 });
    expect(second.entries.length).toBe(first.total - 20);
    const ids = new Set([...first.entries, ...second.entries].map((entry) => entry.id));
    expect(ids.size).toBe(first.total);

    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const none = await call<AuditAnswer>(adminToken, 'adminAuditLog', {
      ...filter,
      fromDate: yesterday,
      toDate: yesterday,
    });
    expect(none.total).toBe(0);
  });

  it('refuses bad filters', async () => {
    for (const params of [
      { fromDate: '2026-13' },
      { fromDate: '2026-05-02', toDate: '2026-05-01' },
      { action: 'admin%' },
      { pageNumber: 0 },
      { customerId: 'x' },
    ]) {
      expect((await call(adminToken, 'adminAuditLog', params)).responseCode, JSON.stringify(params)).toBe('VF');
    }
  });
});
