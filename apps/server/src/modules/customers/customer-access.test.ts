import type { CustomerAccess, CustomerInfo } from '@app/shared/api/customers';
import { AccessRight } from '@app/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMethod, createTestApp, signIn, type TestApp } from '../../../test/helper';
import { customerAccess } from '../../db/schema/customers';
import { DEMO_USERS } from '../../db/seed';

/**
 * customerAccessList: the related-accounts chooser lists the customers the signed-in user may act
 * for. It is the user's own list only: never another user's customers, never a revoked access.
 */
let testApp: TestApp;
const tokens: Record<'personal' | 'business' | 'admin', string> = { personal: '', business: '', admin: '' };

async function accessList(token: string, params: Record<string, unknown> = {}) {
  const response = await callMethod(testApp.app, 'customerAccessList', { token, params });
  return { response, customers: response.json<{ customers?: CustomerAccess[] }>().customers };
}

async function ownCustomerId(token: string): Promise<number> {
  const response = await callMethod(testApp.app, 'customerInfoGet', { token });
  return response.json<{ customer: CustomerInfo }>().customer.customerId ?? 0;
}

beforeAll(async () => {
  testApp = await createTestApp({ seed: true });
  tokens.personal = (await signIn(testApp.app, DEMO_USERS.personal)).accessToken;
  tokens.business = (await signIn(testApp.app, DEMO_USERS.business)).accessToken;
  tokens.admin = (await signIn(testApp.app, DEMO_USERS.admin)).accessToken;
});

afterAll(async () => {
  await testApp.close();
});

describe('customerAccessList', () => {
  it('lists the companies a business user may act for, the default one first, with their rights', async () => {
    const { response, customers } = await accessList(tokens.business);
    expect(response.statusCode).toBe(200);
    expect(customers).toEqual([
      {
        customerId: expect.any(Number) as number,
        displayName: 'Northwind Trading Ltd',
        customerType: 'business',
        accessRights: AccessRight.FULL,
      },
      {
        customerId: expect.any(Number) as number,
        displayName: 'Northwind Logistics Ltd',
        customerType: 'business',
        accessRights: AccessRight.FULL,
      },
    ]);
    expect(customers?.[0]?.customerId).toBe(await ownCustomerId(tokens.business));
  });

  it("lists a personal user's own customer only, never another user's", async () => {
    const personalCustomerId = await ownCustomerId(tokens.personal);
    const { customers } = await accessList(tokens.personal);
    expect(customers).toEqual([
      { customerId: personalCustomerId, displayName: 'Alex Morgan', customerType: 'personal', accessRights: 2 },
    ]);
    const business = await accessList(tokens.business);
    expect(business.customers?.map((item) => item.customerId)).not.toContain(personalCustomerId);
  });

  it('leaves out an access whose rights were taken away (level 0)', async () => {
    const personalInfo = await callMethod(testApp.app, 'customerInfoGet', { token: tokens.personal });
    const personalUserId = personalInfo.json<{ customer: CustomerInfo }>().customer.userId;
    const northwindTrading = await ownCustomerId(tokens.business);
    await testApp.database.db
      .insert(customerAccess)
      .values({ userId: personalUserId, customerId: northwindTrading, accessRights: AccessRight.NONE });
    const { customers } = await accessList(tokens.personal);
    expect(customers?.map((item) => item.customerId)).toEqual([await ownCustomerId(tokens.personal)]);
  });

  it('gives an administrator their own accesses (none), not every customer', async () => {
    const { response, customers } = await accessList(tokens.admin);
    expect(response.statusCode).toBe(200);
    expect(customers).toEqual([]);
  });

  it('refuses a call without a session (401 AU)', async () => {
    const response = await callMethod(testApp.app, 'customerAccessList');
    expect(response.statusCode).toBe(401);
    expect(response.json<{ responseCode: string }>().responseCode).toBe('AU');
  });

  it("cannot be asked for another customer's users through fromCustomerId (403 ENOA)", async () => {
    const personalCustomerId = await ownCustomerId(tokens.personal);
    const { response } = await accessList(tokens.business, { fromCustomerId: personalCustomerId });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ responseCode: string }>().responseCode).toBe('ENOA');
  });
});
