import type { Account, PaymentInstruction, StatementExport } from '@app/shared/api/accounts';
import { AccountType } from '@app/shared/accounts';
import { isValidBIC, isValidIBAN, electronicFormatIBAN } from 'ibantools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMethod, createTestApp, signIn, type TestApp } from '../../../test/helper';
import { DEMO_USERS } from '../../db/seed';
import { isValidFundingReference } from './funding-reference';
import { isValidBech32 } from './wallet-addresses';

/**
 * Accounts over HTTP, on the seeded demo customers: what each customer sees, opening accounts,
 * wallets, payment instructions and the object-level checks on every id (ENOA).
 */

let testApp: TestApp;
let personalToken: string;
let businessToken: string;
let adminToken: string;
let personalCustomerId: number;

async function ok<T>(method: string, token: string, params: Record<string, unknown> = {}): Promise<T> {
  const response = await callMethod(testApp.app, method, { token, params });
  expect(response.statusCode, `${method}: ${response.body}`).toBe(200);
  return response.json<T>();
}

async function accountsOf(token: string, params: Record<string, unknown> = {}): Promise<Account[]> {
  return (await ok<{ accounts: { account: Account[] } }>('balanceInquiry', token, params)).accounts.account;
}

beforeAll(async () => {
  testApp = await createTestApp({ seed: true, config: { loginRateLimit: { max: 1_000, windowSeconds: 300 } } });
  personalToken = (await signIn(testApp.app, DEMO_USERS.personal)).accessToken;
  businessToken = (await signIn(testApp.app, DEMO_USERS.business)).accessToken;
  adminToken = (await signIn(testApp.app, DEMO_USERS.admin)).accessToken;
  personalCustomerId = (await ok<{ customer: { customerId: number } }>('customerInfoGet', personalToken)).customer
    .customerId;
});

afterAll(async () => {
  await testApp.close();
});

describe('balanceInquiry', () => {
  it("shows exactly the customer's own accounts with the seeded balances", async () => {
    const personal = await accountsOf(personalToken);
    expect(personal.map((account) => [account.type, account.currencyCode, account.balance])).toEqual([
      [AccountType.PAYMENT, 'USD', '2500.00'],
      [AccountType.PAYMENT, 'EUR', '1200.00'],
      [AccountType.PAYMENT, 'GBP', '800.00'],
    ]);
    for (const account of personal) {
      expect(account).toMatchObject({
        customerId: personalCustomerId,
        accountStatusId: 1,
        pendingAmount: '0.00',
        availableBalance: account.balance,
        accountBalanceMin: '0.00',
        isCustomName: false,
        name: 'Payment account',
      });
    }
    const business = await accountsOf(businessToken);
    expect(business.map((account) => [account.type, account.currencyCode, account.balance])).toEqual([
      [AccountType.PAYMENT, 'USD', '15000.00'],
      [AccountType.PAYMENT, 'EUR', '8000.00'],
      [AccountType.RECEIVING, 'USD', '0.00'],
    ]);
    const personalIds = new Set(personal.map((account) => account.accountId));
    expect(business.some((account) => personalIds.has(account.accountId))).toBe(false);
  });

  it('honours fromCustomerId only with access to that customer', async () => {
    const forPersonal = await accountsOf(adminToken, { fromCustomerId: personalCustomerId });
    expect(forPersonal.map((account) => account.currencyCode)).toEqual(['USD', 'EUR', 'GBP']);
    const refused = await callMethod(testApp.app, 'balanceInquiry', {
      token: businessToken,
      params: { fromCustomerId: personalCustomerId },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ responseCode: 'ENOA' });
  });

  it('asks an administrator to choose a customer, and a caller without a session to sign in', async () => {
    const admin = await callMethod(testApp.app, 'balanceInquiry', { token: adminToken });
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toMatchObject({ responseCode: 'ENOA' });
    const anonymous = await callMethod(testApp.app, 'balanceInquiry');
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('accountAddCurrency', () => {
  it('opens a payment account once: asking again answers with the same account', async () => {
    const first = await ok<{ account: Account; isCreated: boolean }>('accountAddCurrency', businessToken, {
      currencyCode: 'CAD',
    });
    expect(first.isCreated).toBe(true);
    expect(first.account).toMatchObject({ type: AccountType.PAYMENT, currencyCode: 'CAD', balance: '0.00' });
    const [second, third] = await Promise.all([
      ok<{ account: Account; isCreated: boolean }>('accountAddCurrency', businessToken, { currencyCode: 'CAD' }),
      ok<{ account: Account; isCreated: boolean }>('accountAddCurrency', businessToken, { currencyCode: 'CAD' }),
    ]);
    expect(second).toEqual({ responseCode: '00', account: first.account, isCreated: false });
    expect(third.account.accountId).toBe(first.account.accountId);
    const cad = (await accountsOf(businessToken)).filter((account) => account.currencyCode === 'CAD');
    expect(cad).toHaveLength(1);
  });

  it('refuses a currency without payment accounts (VF on currencyCode)', async () => {
    for (const currencyCode of ['XYZ', 'BTC', '', 5]) {
      const response = await callMethod(testApp.app, 'accountAddCurrency', {
        token: businessToken,
        params: { currencyCode },
      });
      expect(response.statusCode, String(currencyCode)).toBe(400);
      expect(response.json()).toMatchObject({ responseCode: 'VF', validationErrors: [{ field: 'currencyCode' }] });
    }
  });
});

describe('walletCreate', () => {
  it('creates a wallet with a sandbox testnet address, once', async () => {
    const created = await ok<{ account: Account; address: string; isSandbox: boolean; isCreated: boolean }>(
      'walletCreate',
      personalToken,
      { currencyCode: 'BTC' },
    );
    expect(created).toMatchObject({ isSandbox: true, isCreated: true });
    expect(created.address).toMatch(/^tb1q[a-z0-9]{38}$/);
    expect(isValidBech32(created.address)).toBe(true);
    expect(created.account).toMatchObject({ currencyCode: 'BTC', balance: '0.00', walletAddress: created.address });
    const again = await ok<{ address: string; isCreated: boolean }>('walletCreate', personalToken, {
      currencyCode: 'BTC',
    });
    expect(again).toMatchObject({ address: created.address, isCreated: false });
    const eth = await ok<{ address: string }>('walletCreate', personalToken, { currencyCode: 'ETH' });
    expect(eth.address).toMatch(/^0x[0-9a-f]{40}$/);
  });
});

describe('payment instructions', () => {
  async function instructionsOf(token: string, params: Record<string, unknown> = {}): Promise<PaymentInstruction[]> {
    return (
      await ok<{ paymentInstructions: { paymentInstruction: PaymentInstruction[] } }>(
        'paymentInstructionsList',
        token,
        params,
      )
    ).paymentInstructions.paymentInstruction;
  }

  it('gives each fiat account its rail, the sandbox bank details and the customer reference', async () => {
    const instructions = await instructionsOf(personalToken);
    expect(instructions.map((item) => [item.currencyCode, item.rail])).toEqual([
      ['USD', 'ach'],
      ['EUR', 'sepa'],
      ['GBP', 'fasterPayments'],
    ]);
    const references = new Set(instructions.map((item) => item.reference));
    expect(references.size).toBe(1);
    const [reference] = references;
    expect(isValidFundingReference(reference ?? '')).toBe(true);
    for (const item of instructions) {
      expect(item).toMatchObject({ isSandbox: true, beneficiaryName: 'Harbor Payments Ltd', isViewed: false });
    }
    const sepa = instructions.find((item) => item.rail === 'sepa');
    expect(isValidIBAN(electronicFormatIBAN(sepa?.iban ?? '') ?? '')).toBe(true);
    expect(isValidBIC(sepa?.bic ?? '')).toBe(true);
    const fasterPayments = instructions.find((item) => item.rail === 'fasterPayments');
    expect(fasterPayments).toMatchObject({ sortCode: expect.stringMatching(/^\d{2}-\d{2}-\d{2}$/) as unknown });
    expect(fasterPayments?.accountNumber).toMatch(/^\d{8}$/);
    const ach = instructions.find((item) => item.rail === 'ach');
    expect(ach?.routingNumber).toMatch(/^\d{9}$/);

    const business = await instructionsOf(businessToken);
    expect(business.every((item) => item.reference !== reference)).toBe(true);
    // The receiving account is funded by bank transfer too.
    expect(business.map((item) => item.currencyCode)).toEqual(expect.arrayContaining(['USD', 'EUR']));
  });

  it('lists one account on request, and refuses another customer’s account (ENOA)', async () => {
    const [usd] = await accountsOf(personalToken);
    const one = await instructionsOf(personalToken, { accountId: usd?.accountId });
    expect(one.map((item) => item.accountId)).toEqual([usd?.accountId]);
    const other = await callMethod(testApp.app, 'paymentInstructionsList', {
      token: businessToken,
      params: { accountId: usd?.accountId },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ responseCode: 'ENOA' });
    const unknown = await callMethod(testApp.app, 'paymentInstructionsList', {
      token: businessToken,
      params: { accountId: 999_999 },
    });
    expect(unknown.json()).toMatchObject({ responseCode: 'ENOA' });
  });

  it('marks an instruction viewed for its customer only', async () => {
    const [first] = await instructionsOf(personalToken);
    const stranger = await callMethod(testApp.app, 'paymentInstructionViewed', {
      token: businessToken,
      params: { instructionId: first?.instructionId },
    });
    expect(stranger.statusCode).toBe(403);
    expect((await instructionsOf(personalToken))[0]?.isViewed).toBe(false);
    expect(await ok('paymentInstructionViewed', personalToken, { instructionId: first?.instructionId })).toMatchObject({
      instructionId: first?.instructionId,
      isViewed: true,
    });
    expect((await instructionsOf(personalToken))[0]?.isViewed).toBe(true);
    // Viewing again is harmless.
    await ok('paymentInstructionViewed', personalToken, { instructionId: first?.instructionId });
  });
});

describe('statementExportList', () => {
  it('lists the current month for an account opened this month, ENOA for another’s', async () => {
    const [usd] = await accountsOf(personalToken);
    const listed = await ok<{ total: number; exports: StatementExport[] }>('statementExportList', personalToken, {
      accountId: usd?.accountId,
      source: 'monthly',
    });
    const now = new Date();
    expect(listed.total).toBe(1);
    expect(listed.exports).toEqual([
      {
        accountId: usd?.accountId,
        year: now.getUTCFullYear(),
        month: now.getUTCMonth() + 1,
        dateFrom: `${now.toISOString().slice(0, 7)}-01`,
        url: `/files/statements/${usd?.accountId}/${now.toISOString().slice(0, 7)}.pdf`,
      },
    ]);
    const other = await callMethod(testApp.app, 'statementExportList', {
      token: businessToken,
      params: { accountId: usd?.accountId },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ responseCode: 'ENOA' });
  });
});
