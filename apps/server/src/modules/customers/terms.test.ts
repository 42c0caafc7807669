import type { CustomerSummary } from '@app/shared/api/customers';
import type { TermsItem } from '@app/shared/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMethod, createTestApp, signIn, type TestApp } from '../../../test/helper';
import { terms } from '../../db/schema/customers';
import { DEMO_USERS } from '../../db/seed';

let testApp: TestApp;
const tokens = { personal: '', business: '', admin: '' };

beforeAll(async () => {
  testApp = await createTestApp({ seed: true });
  tokens.personal = (await signIn(testApp.app, DEMO_USERS.personal)).accessToken;
  tokens.business = (await signIn(testApp.app, DEMO_USERS.business)).accessToken;
  tokens.admin = (await signIn(testApp.app, DEMO_USERS.admin)).accessToken;
});

afterAll(async () => {
  await testApp.close();
});

async function pendingTerms(token: string): Promise<TermsItem[]> {
  const response = await callMethod(testApp.app, 'termsPendingList', { token });
  expect(response.statusCode).toBe(200);
  return response.json<{ terms: TermsItem[] }>().terms;
}

async function publishTerms(values: typeof terms.$inferInsert): Promise<number> {
  const [row] = await testApp.database.db.insert(terms).values(values).returning({ id: terms.id });
  return row?.id ?? 0;
}

describe('terms (TE)', () => {
  it('has nothing pending for the seeded users', async () => {
    expect(await pendingTerms(tokens.personal)).toEqual([]);
    expect(await pendingTerms(tokens.business)).toEqual([]);
  });

  it('blocks a user with 403 TE and the list until they accept a new version', async () => {
    const newVersionId = await publishTerms({
      code: 'personal-terms',
      version: 2,
      title: 'Terms and Conditions for Personal Accounts',
      url: '/legal/personal-terms/v2',
      audience: 'personal',
    });
    const expected = {
      id: newVersionId,
      code: 'personal-terms',
      version: 2,
      title: 'Terms and Conditions for Personal Accounts',
      url: '/legal/personal-terms/v2',
    };

    const blocked = await callMethod(testApp.app, 'customerInfoGet', { token: tokens.personal });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ responseCode: 'TE', terms: [expected] });
    expect(await pendingTerms(tokens.personal)).toEqual([expected]);

    // Other audiences and administrators are not held up.
    expect((await callMethod(testApp.app, 'customerInfoGet', { token: tokens.business })).statusCode).toBe(200);
    expect((await callMethod(testApp.app, 'customerInfoGet', { token: tokens.admin })).statusCode).toBe(200);

    const accept = await callMethod(testApp.app, 'termsAccept', {
      token: tokens.personal,
      params: { termIds: [newVersionId] },
    });
    expect(accept.statusCode).toBe(200);
    expect(accept.json()).toEqual({ responseCode: '00', accepted: [newVersionId] });
    expect((await callMethod(testApp.app, 'customerInfoGet', { token: tokens.personal })).statusCode).toBe(200);
    expect(await pendingTerms(tokens.personal)).toEqual([]);
  });

  it('enforces terms published right after a call on the very next call, with nothing cached', async () => {
    expect((await callMethod(testApp.app, 'customerInfoGet', { token: tokens.business })).statusCode).toBe(200);
    const newVersionId = await publishTerms({
      code: 'business-terms',
      version: 2,
      title: 'Terms and Conditions for Business Accounts',
      url: '/legal/business-terms/v2',
      audience: 'business',
    });
    const blocked = await callMethod(testApp.app, 'customerInfoGet', { token: tokens.business });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json<{ terms: TermsItem[] }>().terms.map((item) => item.id)).toEqual([newVersionId]);
    // Also when acting for a related customer; the terms calls themselves stay open.
    const search = await callMethod(testApp.app, 'customerSearch', {
      token: tokens.admin,
      params: { query: 'Northwind Logistics' },
    });
    const [logistics] = search.json<{ customers: CustomerSummary[] }>().customers;
    const actingFor = await callMethod(testApp.app, 'customerInfoGet', {
      token: tokens.business,
      params: { fromCustomerId: logistics?.customerId },
    });
    expect(actingFor.statusCode).toBe(403);
    expect(actingFor.json<{ responseCode: string }>().responseCode).toBe('TE');
    expect((await pendingTerms(tokens.business)).map((item) => item.id)).toEqual([newVersionId]);

    await callMethod(testApp.app, 'termsAccept', { token: tokens.business, params: { termIds: [newVersionId] } });
    expect((await callMethod(testApp.app, 'customerInfoGet', { token: tokens.business })).statusCode).toBe(200);
  });

  it('refuses to accept terms that are not pending for the user with VF, storing nothing', async () => {
    const [businessTerms] = await testApp.database.db.select().from(terms).where(eq(terms.code, 'business-terms'));
    const pendingId = await publishTerms({
      code: 'personal-privacy',
      version: 1,
      title: 'Privacy Notice',
      url: '/legal/privacy/v1',
      audience: 'all',
    });
    const response = await callMethod(testApp.app, 'termsAccept', {
      token: tokens.personal,
      params: { termIds: [pendingId, businessTerms?.id ?? 0] },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ responseCode: string; validationErrors: { field: string }[] }>();
    expect(body.responseCode).toBe('VF');
    expect(body.validationErrors.map((error) => error.field)).toEqual(['termIds.1']);
    expect((await pendingTerms(tokens.personal)).map((item) => item.id)).toEqual([pendingId]);

    await callMethod(testApp.app, 'termsAccept', { token: tokens.personal, params: { termIds: [pendingId] } });
    await callMethod(testApp.app, 'termsAccept', { token: tokens.business, params: { termIds: [pendingId] } });
  });

  it('ignores terms published for a later date', async () => {
    await publishTerms({
      code: 'personal-terms',
      version: 3,
      title: 'Terms and Conditions for Personal Accounts',
      url: '/legal/personal-terms/v3',
      audience: 'personal',
      publishedAt: new Date(Date.now() + 86_400_000),
    });
    expect((await callMethod(testApp.app, 'customerInfoGet', { token: tokens.personal })).statusCode).toBe(200);
  });
});
