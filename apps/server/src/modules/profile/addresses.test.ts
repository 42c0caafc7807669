import type { CustomerAddress } from '@app/shared/api/profile';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMethod, createTestApp, signIn, type TestApp } from '../../../test/helper';
import { customerDocuments } from '../../db/schema/documents';
import { DEMO_USERS } from '../../db/seed';
import { contactFactsOf } from './profile.service';
import { expectRefused, mainPng, uploadAddressDocuments } from './profile-test-support';

/**
 * Addresses over HTTP: a draft, its proof uploaded as multipart, confirmation, replacement after
 * the compatibility check, deletion; and the refusals (another customer's address, a second
 * confirmation, a file that is not what its name says), after which nothing has changed.
 */

let testApp: TestApp;
let personalToken: string;
let businessToken: string;
let personalCustomerId: number;

const HOME = { address1: '1 High Street', city: 'London', postalCode: 'SW1A 1AA', countryCode: 'GB' };

async function call<T>(token: string, method: string, params: Record<string, unknown> = {}): Promise<T> {
  const response = await callMethod(testApp.app, method, { token, params });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

async function addresses(token: string): Promise<CustomerAddress[]> {
  return (await call<{ addresses: CustomerAddress[] }>(token, 'addressInquiry')).addresses;
}

async function documentCount(): Promise<number> {
  const [row] = await testApp.database.db.select({ count: count() }).from(customerDocuments);
  return row?.count ?? 0;
}

beforeAll(async () => {
  testApp = await createTestApp({ seed: true, config: { loginRateLimit: { max: 1_000, windowSeconds: 300 } } });
  personalToken = (await signIn(testApp.app, DEMO_USERS.personal)).accessToken;
  businessToken = (await signIn(testApp.app, DEMO_USERS.business)).accessToken;
  personalCustomerId = (await call<{ customer: { customerId: number } }>(personalToken, 'customerInfoGet')).customer
    .customerId;
});

afterAll(async () => {
  await testApp.close();
});

describe('addresses', () => {
  let homeId: number;

  it('creates a draft with addressStatus 1, takes its proof as multipart and confirms it', async () => {
    expect(await contactFactsOf(testApp.database.db, { customerId: personalCustomerId })).toMatchObject({
      addressStatus: 'none',
    });
    const { address } = await call<{ address: CustomerAddress }>(personalToken, 'customerAddressCreate', HOME);
    expect(address).toMatchObject({ addressStatus: 1, lifecycle: 'draft', confirmed: 0, postalCode: 'SW1A 1AA' });
    homeId = address.addressId;

    const early = await callMethod(testApp.app, 'customerAddressConfirm', {
      token: personalToken,
      params: { addressId: homeId },
    });
    expect(early.statusCode).toBe(400);
    expectRefused(early, 'VF');

    const upload = await uploadAddressDocuments(testApp.app, {
      token: personalToken,
      data: { addressId: homeId, documentType: 20 },
      files: [mainPng(), { ...mainPng('additional'), filename: 'page2.png' }],
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const uploaded = upload.json<{ address: CustomerAddress }>().address;
    expect(uploaded.uploadedDocuments.map((document) => document.role).sort()).toEqual(['additional', 'main']);

    const { address: confirmed } = await call<{ address: CustomerAddress }>(personalToken, 'customerAddressConfirm', {
      addressId: homeId,
    });
    expect(confirmed).toMatchObject({ lifecycle: 'active', confirmed: 2 });
    expect(await contactFactsOf(testApp.database.db, { customerId: personalCustomerId })).toMatchObject({
      addressStatus: 'pending',
    });
  });

  it('refuses a second confirmation and a second home address', async () => {
    const again = await callMethod(testApp.app, 'customerAddressConfirm', {
      token: personalToken,
      params: { addressId: homeId },
    });
    expect(again.statusCode).toBe(400);
    expectRefused(again, 'TA1');
    const second = await callMethod(testApp.app, 'customerAddressCreate', { token: personalToken, params: HOME });
    expectRefused(second, 'TA1');
    expect((await addresses(personalToken)).map((address) => address.addressId)).toEqual([homeId]);
  });

  it('refuses a file that is not what its name says, and stores nothing', async () => {
    const { address } = await call<{ address: CustomerAddress }>(personalToken, 'customerAddressCreate', {
      ...HOME,
      address1: '2 Market Square',
      addressStatus: 5,
    });
    const before = await documentCount();
    const disguised = await uploadAddressDocuments(testApp.app, {
      token: personalToken,
      data: { addressId: address.addressId, documentType: 20 },
      files: [
        {
          field: 'main',
          filename: 'bill.png',
          content: Buffer.from('#!/bin/sh\necho not a picture\n'),
          contentType: 'image/png',
        },
      ],
    });
    expect(disguised.statusCode).toBe(400);
    expectRefused(disguised, 'TA1');
    const noMain = await uploadAddressDocuments(testApp.app, {
      token: personalToken,
      data: { addressId: address.addressId, documentType: 20 },
      files: [mainPng('additional')],
    });
    expectRefused(noMain, 'VF');
    const badType = await uploadAddressDocuments(testApp.app, {
      token: personalToken,
      data: { addressId: address.addressId, documentType: 999 },
      files: [mainPng()],
    });
    expectRefused(badType, 'VF');
    expect(await documentCount()).toBe(before);
    // A draft is the customer's to drop.
    await call(personalToken, 'customerAddressDelete', { addressId: address.addressId });
    expect((await addresses(personalToken)).map((row) => row.addressId)).toEqual([homeId]);
  });

  it("refuses another customer's address id everywhere, and changes nothing", async () => {
    const before = await addresses(personalToken);
    const documentsBefore = await documentCount();
    for (const [method, params] of [
      ['customerAddressConfirm', { addressId: homeId }],
      ['customerAddressDelete', { addressId: homeId }],
      ['addressReplaceCheck', { oldAddressId: homeId, countryCode: 'GB' }],
      ['customerAddressReplace', { ...HOME, oldAddressId: homeId }],
    ] as const) {
      const response = await callMethod(testApp.app, method, { token: businessToken, params });
      expect(response.statusCode, method).toBe(403);
      expectRefused(response, 'ENOA');
    }
    const upload = await uploadAddressDocuments(testApp.app, {
      token: businessToken,
      data: { addressId: homeId, documentType: 20 },
      files: [mainPng()],
    });
    expect(upload.statusCode).toBe(403);
    expect(await addresses(personalToken)).toEqual(before);
    expect(await documentCount()).toBe(documentsBefore);
  });

  it('replaces the home address after the compatibility check; the old one retires on confirmation', async () => {
    const check = await call<{ cardsToBeCancelled: unknown[]; cardsToBeShippedToOldAddress: unknown[] }>(
      personalToken,
      'addressReplaceCheck',
      { oldAddressId: homeId, countryCode: 'RO' },
    );
    expect(check).toMatchObject({ cardsToBeCancelled: [], cardsToBeShippedToOldAddress: [] });
    const { address: draft } = await call<{ address: CustomerAddress }>(personalToken, 'customerAddressReplace', {
      oldAddressId: homeId,
      address1: 'Strada Lipscani 5',
      city: 'Bucharest',
      postalCode: '030031',
      countryCode: 'RO',
    });
    expect(draft).toMatchObject({ lifecycle: 'draft', replacesAddressId: homeId });
    const upload = await uploadAddressDocuments(testApp.app, {
      token: personalToken,
      data: { addressId: draft.addressId, documentType: 21 },
      files: [mainPng()],
    });
    expect(upload.statusCode, upload.body).toBe(200);
    await call(personalToken, 'customerAddressConfirm', { addressId: draft.addressId });
    const open = await addresses(personalToken);
    expect(open.map((address) => [address.addressId, address.lifecycle])).toEqual([[draft.addressId, 'active']]);

    const deleteHome = await callMethod(testApp.app, 'customerAddressDelete', {
      token: personalToken,
      params: { addressId: draft.addressId },
    });
    expectRefused(deleteHome, 'TA1');
  });
});

describe('tax id', () => {
  it('updates the tax number shown in customer info, and refuses a malformed one', async () => {
    const bad = await callMethod(testApp.app, 'customerTaxNumberUpdate', {
      token: personalToken,
      params: { taxId: 'AB<script>' },
    });
    expectRefused(bad, 'VF');
    await call(personalToken, 'customerTaxNumberUpdate', { taxId: ' ro 1234 5678 ' });
    const info = await call<{ customer: { taxId?: string } }>(personalToken, 'customerInfoGet');
    expect(info.customer.taxId).toBe('RO12345678');
  });
});
