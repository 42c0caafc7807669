import type { CustomerInfo, CustomerSummary } from '@app/shared/api/customers';
import { defineMethod } from '@app/shared/api/method';
import { AccessRight } from '@app/shared/constants';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callMethod, createTestApp, signIn, type TestApp } from '../../../test/helper';
import { customerAccess, customers as customersTable } from '../../db/schema/customers';
import { DEMO_USERS } from '../../db/seed';
import { handleMethod } from '../../platform/main-api';
import { liveAudiencePort } from './customers.service';

/** Echoes what the dispatcher resolved, to observe the context a method receives. */
const contextProbe = handleMethod(
  defineMethod({
    name: 'testContextProbe',
    summary: 'Test only.',
    access: 'customer',
    actsForCustomer: true,
    input: z.object({}),
    output: z.object({ lang: z.string(), customerId: z.number().int().optional() }),
  }),
  (_input, context) => Promise.resolve({ lang: context.lang, customerId: context.customerId ?? undefined }),
);

/**
 * A method whose write checks the acting context (handleMethod `checksActingInWrite`): echoes the
 * customer it was given and whether it was provisional, and with `confirm` what confirming found.
 */
const actingProbe = handleMethod(
  defineMethod({
    name: 'testActingProbe',
    summary: 'Test only.',
    access: 'customer',
    actsForCustomer: true,
    input: z.object({ confirm: z.boolean().optional() }),
    output: z.object({
      customerId: z.number().int().optional(),
      isProvisional: z.boolean(),
      confirmedCustomerId: z.number().int().optional(),
    }),
  }),
  async (input, context) => ({
    customerId: context.customerId ?? undefined,
    isProvisional: context.acting?.isProvisional ?? false,
    confirmedCustomerId: input.confirm === true ? ((await context.acting?.confirm()) ?? undefined) : undefined,
  }),
  { checksActingInWrite: true },
);

let testApp: TestApp;
const tokens: Record<keyof typeof DEMO_USERS, string> = { personal: '', kyc: '', update: '', business: '', admin: '' };
const customers: Record<'personal' | 'northwindTrading' | 'northwindLogistics', number> = {
  personal: 0,
  northwindTrading: 0,
  northwindLogistics: 0,
};

async function customerInfo(token: string, params: Record<string, unknown> = {}) {
  const response = await callMethod(testApp.app, 'customerInfoGet', { token, params });
  return { response, customer: response.json<{ customer: CustomerInfo }>().customer };
}

/** Runs `check` while the business user may not act for Northwind Logistics, then grants it again. */
async function whileLogisticsRevoked(check: () => Promise<void>): Promise<void> {
  const business = (await customerInfo(tokens.business)).customer.userId;
  const access = and(eq(customerAccess.userId, business), eq(customerAccess.customerId, customers.northwindLogistics));
  await testApp.database.db.update(customerAccess).set({ accessRights: AccessRight.NONE }).where(access);
  try {
    await check();
  } finally {
    await testApp.database.db.update(customerAccess).set({ accessRights: AccessRight.FULL }).where(access);
  }
}

beforeAll(async () => {
  testApp = await createTestApp({ seed: true, extraMethods: [contextProbe, actingProbe] });
  for (const [key, email] of Object.entries(DEMO_USERS) as [keyof typeof DEMO_USERS, string][]) {
    tokens[key] = (await signIn(testApp.app, email)).accessToken;
  }
  const search = await callMethod(testApp.app, 'customerSearch', {
    token: tokens.admin,
    params: { query: 'northwind' },
  });
  const found = search.json<{ customers: CustomerSummary[] }>().customers;
  customers.northwindTrading = found.find((item) => item.displayName === 'Northwind Trading Ltd')?.customerId ?? 0;
  customers.northwindLogistics = found.find((item) => item.displayName === 'Northwind Logistics Ltd')?.customerId ?? 0;
  customers.personal = (await customerInfo(tokens.personal)).customer.customerId ?? 0;
});

afterAll(async () => {
  await testApp.close();
});

describe('main-API dispatcher', () => {
  it('answers 400 TA1 for an unknown method', async () => {
    const response = await callMethod(testApp.app, 'noSuchMethod', { token: tokens.personal });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ responseCode: string }>().responseCode).toBe('TA1');
  });

  it('answers 400 TA1 when the query and the body name different methods', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api?method=customerInfoGet',
      headers: { authorization: `Bearer ${tokens.personal}` },
      payload: { method: 'termsPendingList' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ responseCode: string }>().responseCode).toBe('TA1');
  });

  it('answers 401 AU for a customer method without a token', async () => {
    const response = await callMethod(testApp.app, 'customerInfoGet');
    expect(response.statusCode).toBe(401);
    expect(response.json<{ responseCode: string }>().responseCode).toBe('AU');
  });

  it('answers 400 VF with the field list for bad input', async () => {
    const response = await callMethod(testApp.app, 'customerSearch', {
      token: tokens.admin,
      params: { pageSize: 1000 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ responseCode: string; validationErrors: { field: string; message: string }[] }>();
    expect(body.responseCode).toBe('VF');
    expect(body.validationErrors.map((error) => error.field)).toEqual(['pageSize']);
  });

  it('answers 403 ENOA for an admin method called by a customer', async () => {
    const response = await callMethod(testApp.app, 'customerSearch', { token: tokens.business });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ responseCode: string }>().responseCode).toBe('ENOA');
  });

  it('hands the Accept-Language to the method as the language', async () => {
    const russian = await callMethod(testApp.app, 'testContextProbe', {
      token: tokens.personal,
      headers: { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' },
    });
    expect(russian.json<{ lang: string }>().lang).toBe('ru');
    const unsupported = await callMethod(testApp.app, 'testContextProbe', {
      token: tokens.personal,
      headers: { 'accept-language': 'de' },
    });
    expect(unsupported.json<{ lang: string }>().lang).toBe('en');
  });
});

describe('acting for another customer (fromCustomerId)', () => {
  it('refuses a personal user acting for a company with 403 ENOA', async () => {
    const { response } = await customerInfo(tokens.personal, { fromCustomerId: customers.northwindTrading });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ responseCode: string }>().responseCode).toBe('ENOA');
  });

  it('refuses a business user acting for a personal customer with 403 ENOA', async () => {
    const { response } = await customerInfo(tokens.business, { fromCustomerId: customers.personal });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a customer that does not exist, even to an admin', async () => {
    const { response } = await customerInfo(tokens.admin, { fromCustomerId: 2_000_000_000 });
    expect(response.statusCode).toBe(403);
  });

  it('lets a business user act for a related account', async () => {
    const { response, customer } = await customerInfo(tokens.business, {
      fromCustomerId: customers.northwindLogistics,
    });
    expect(response.statusCode).toBe(200);
    expect(customer).toMatchObject({
      customerId: customers.northwindLogistics,
      businessName: 'Northwind Logistics Ltd',
      permissions: ['requestMoney', 'settlementAccount'],
    });
    const probe = await callMethod(testApp.app, 'testContextProbe', {
      token: tokens.business,
      params: { fromCustomerId: customers.northwindLogistics },
    });
    expect(probe.json<{ customerId: number }>().customerId).toBe(customers.northwindLogistics);
  });

  it('applies a revoked access on the very next call, with nothing cached', async () => {
    const params = { fromCustomerId: customers.northwindLogistics };
    expect((await customerInfo(tokens.business, params)).response.statusCode).toBe(200);
    await whileLogisticsRevoked(async () => {
      const { response } = await customerInfo(tokens.business, params);
      expect(response.statusCode).toBe(403);
      expect(response.json<{ responseCode: string }>().responseCode).toBe('ENOA');
      // The user's own customer is unaffected, and no longer counts as one of several.
      expect((await customerInfo(tokens.business)).customer.isHaveRelatedAccounts).toBe(false);
    });
    expect((await customerInfo(tokens.business, params)).response.statusCode).toBe(200);
  });

  it('gives a method whose write checks it the customer found for the call before, and confirms it afresh', async () => {
    const probe = async (token: string, params: Record<string, unknown>) => {
      const response = await callMethod(testApp.app, 'testActingProbe', { token, params });
      return { statusCode: response.statusCode, body: response.json<Record<string, unknown>>() };
    };
    const params = { fromCustomerId: customers.northwindLogistics };
    // Checked now, or earlier by any call with this envelope: either way the next one is provisional.
    expect((await probe(tokens.business, params)).body).toMatchObject({ customerId: customers.northwindLogistics });
    expect((await probe(tokens.business, { ...params, confirm: true })).body).toMatchObject({
      customerId: customers.northwindLogistics,
      isProvisional: true,
      confirmedCustomerId: customers.northwindLogistics,
    });

    await whileLogisticsRevoked(async () => {
      // Revoked: the provisional customer is only a guess; confirming it refuses, and so does the
      // next call at once, as the dispatcher no longer offers the guess.
      expect((await probe(tokens.business, params)).body).toMatchObject({ isProvisional: true });
      const confirmed = await probe(tokens.business, { ...params, confirm: true });
      expect(confirmed.statusCode).toBe(403);
      expect(confirmed.body.responseCode).toBe('ENOA');
      const next = await probe(tokens.business, params);
      expect(next.statusCode).toBe(403);
      expect(next.body.responseCode).toBe('ENOA');
    });
    // Granted again: read and checked, then provisional again.
    expect((await probe(tokens.business, params)).body).toMatchObject({ isProvisional: false });
    expect((await probe(tokens.business, params)).body).toMatchObject({ isProvisional: true });
  });

  it('never gives an administrator a provisional customer', async () => {
    for (let round = 0; round < 2; round += 1) {
      const response = await callMethod(testApp.app, 'testActingProbe', {
        token: tokens.admin,
        params: { fromCustomerId: customers.personal },
      });
      expect(response.json()).toMatchObject({ customerId: customers.personal, isProvisional: false });
    }
  });

  it('lets an admin act for any customer', async () => {
    for (const customerId of [customers.personal, customers.northwindTrading]) {
      const { response, customer } = await customerInfo(tokens.admin, { fromCustomerId: customerId });
      expect(response.statusCode).toBe(200);
      expect(customer).toMatchObject({ customerId, isAdmin: true, login: DEMO_USERS.admin });
    }
  });

  it('refuses fromCustomerId on a method that does not act for customers', async () => {
    const response = await callMethod(testApp.app, 'termsPendingList', {
      token: tokens.business,
      params: { fromCustomerId: customers.northwindLogistics },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('customerInfoGet', () => {
  it('describes a verified personal customer, without company-only fields', async () => {
    const { customer } = await customerInfo(tokens.personal);
    expect(customer).toMatchObject({
      customerId: customers.personal,
      customerType: 'personal',
      login: DEMO_USERS.personal,
      firstName: 'Alex',
      lastName: 'Morgan',
      birthDay: '1988-04-12',
      verified: true,
      limited: false,
      isAdmin: false,
      isHaveRelatedAccounts: false,
      useOldWeb: false,
      login2faMode: 'no',
      transactionApproveMode: 0,
      dueDiligenceLevel: 0,
      isNeedKyc: false,
      isNeedPersonalInfoUpdate: false,
    });
    expect(customer.permissions).toBeUndefined();
    expect(customer.accessRights).toBeUndefined();
    expect(customer.oldWebUrl).toBeUndefined();
    expect(Number.isNaN(Date.parse(customer.customerCreationDate ?? ''))).toBe(false);
  });

  it('drops null fields from the answer', async () => {
    const response = await callMethod(testApp.app, 'customerInfoGet', { token: tokens.personal });
    expect(response.body).not.toContain('null');
    expect(response.json<{ customer: Record<string, unknown> }>().customer).not.toHaveProperty('businessName');
  });

  it('flags the users who need KYC or a personal-info update', async () => {
    expect((await customerInfo(tokens.kyc)).customer).toMatchObject({ isNeedKyc: true, verified: false });
    expect((await customerInfo(tokens.update)).customer).toMatchObject({ isNeedPersonalInfoUpdate: true });
  });

  it('describes a business user with related accounts, rights and permissions', async () => {
    const { customer } = await customerInfo(tokens.business);
    expect(customer).toMatchObject({
      customerId: customers.northwindTrading,
      customerType: 'business',
      businessName: 'Northwind Trading Ltd',
      firstName: 'Taylor',
      lastName: 'Brooks',
      isHaveRelatedAccounts: true,
      accessRights: 2,
      permissions: ['requestMoney'],
    });
  });

  it('describes an admin without a customer of their own, inventing no customer fields', async () => {
    const { response, customer } = await customerInfo(tokens.admin);
    expect(response.statusCode).toBe(200);
    expect(customer).toEqual({
      userId: customer.userId,
      login: DEMO_USERS.admin,
      firstName: 'Robin',
      lastName: 'Hayes',
      transactionApproveMode: 0,
      login2faMode: 'no',
      isAdmin: true,
      isHaveRelatedAccounts: false,
      useOldWeb: false,
    });
  });
});

describe('customerSearch (admin)', () => {
  async function search(params: Record<string, unknown>) {
    const response = await callMethod(testApp.app, 'customerSearch', { token: tokens.admin, params });
    expect(response.statusCode).toBe(200);
    return response.json<{ customers: CustomerSummary[]; total: number }>();
  }

  it('finds by name, case-insensitively, newest first', async () => {
    const result = await search({ query: 'NORTHWIND' });
    expect(result.total).toBe(2);
    expect(result.customers.map((item) => item.customerId)).toEqual([
      customers.northwindLogistics,
      customers.northwindTrading,
    ]);
    expect(result.customers[0]).toMatchObject({ customerType: 'business', login: DEMO_USERS.business, verified: true });
  });

  it('finds by e-mail and by id', async () => {
    const byEmail = await search({ query: 'Personal@demo' });
    expect(byEmail.customers.map((item) => item.customerId)).toEqual([customers.personal]);
    expect(byEmail.customers[0]?.displayName).toBe('Alex Morgan');
    const byId = await search({ query: String(customers.personal) });
    expect(byId.customers.map((item) => item.customerId)).toContain(customers.personal);
  });

  it('pages with a total, and takes LIKE wildcards literally', async () => {
    const all = await search({});
    // Every seeded customer: the demo users' (DEMO_USERS and DEMO_FACTOR_USERS of db/seed.ts).
    const seeded = await testApp.database.db.$count(customersTable);
    expect(all.total).toBe(seeded);
    const ids = all.customers.map((item) => item.customerId);
    expect(ids).toEqual([...ids].sort((left, right) => right - left));
    const secondPage = await search({ pageSize: 2, pageNumber: 2 });
    expect(secondPage.total).toBe(seeded);
    expect(secondPage.customers.map((item) => item.customerId)).toEqual(ids.slice(2, 4));
    expect((await search({ query: '%' })).total).toBe(0);
  });
});

describe('live audience of a customer', () => {
  it('is the users with access to the customer', async () => {
    const business = (await customerInfo(tokens.business)).customer.userId;
    expect(await liveAudiencePort.userIdsActingFor(testApp.database.db, customers.northwindLogistics)).toEqual([
      business,
    ]);
    expect(await liveAudiencePort.userIdsActingFor(testApp.database.db, 2_000_000_000)).toEqual([]);
  });
});
