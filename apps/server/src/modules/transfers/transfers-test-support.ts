import { randomUUID } from 'node:crypto';
import type { Account } from '@app/shared/api/accounts';
import { parseAmount } from '@app/shared/money';
import { expect } from 'vitest';
import { callMethod, type TestApp } from '../../../test/helper';
import { signTestAccessToken } from '../../../test/live-client';
import type { Database } from '../../db/client';
import * as accountsService from '../accounts/accounts.service';
import * as customersService from '../customers/customers.service';
import * as ledger from '../ledger/ledger.service';
import * as repository from './transfers.repository';

/** Helpers of the transfers tests: sign-ins, accounts, funding, rates. */

export interface MethodAnswer<T = Record<string, unknown>> {
  statusCode: number;
  body: T & {
    responseCode: string;
    responseDescription?: string;
    validationErrors?: { field: string; message: string }[];
  };
}

export async function call<T = Record<string, unknown>>(
  testApp: TestApp,
  token: string,
  method: string,
  params: Record<string, unknown> = {},
): Promise<MethodAnswer<T>> {
  const response = await callMethod(testApp.app, method, { token, params });
  return { statusCode: response.statusCode, body: response.json() };
}

/** Calls a method that must succeed, and returns its answer. */
export async function ok<T = Record<string, unknown>>(
  testApp: TestApp,
  token: string,
  method: string,
  params: Record<string, unknown> = {},
): Promise<T> {
  const answer = await call<T>(testApp, token, method, params);
  expect(answer.body.responseCode, `${method}: ${JSON.stringify(answer.body)}`).toBe('00');
  return answer.body;
}

/**
 * An access token of a demo user without going through their second factor: these tests are about
 * transfers, and sign-in has its own.
 */
export async function tokenOf(testApp: TestApp, email: string): Promise<string> {
  const user = await customersService.findSignInUserByEmail(testApp.database.db, { email });
  if (user === null) throw new Error(`no demo user ${email}`);
  return signTestAccessToken(testApp.config, user.id);
}

export async function userIdOf(testApp: TestApp, email: string): Promise<number> {
  const user = await customersService.findSignInUserByEmail(testApp.database.db, { email });
  if (user === null) throw new Error(`no demo user ${email}`);
  return user.id;
}

export async function accountsOf(testApp: TestApp, token: string): Promise<Account[]> {
  return (await ok<{ accounts: { account: Account[] } }>(testApp, token, 'balanceInquiry')).accounts.account;
}

export async function accountOf(testApp: TestApp, token: string, currency: string): Promise<Account> {
  const account = (await accountsOf(testApp, token)).find(
    (candidate) => candidate.currencyCode === currency && candidate.type === 1001 && candidate.accountStatusId !== 11,
  );
  if (account === undefined) throw new Error(`no ${currency} payment account`);
  return account;
}

export async function customerIdOf(testApp: TestApp, token: string): Promise<number> {
  const info = await ok<{ customer: { customerId: number } }>(testApp, token, 'customerInfoGet');
  return info.customer.customerId;
}

/** Money in from the clearing account, as a settled incoming transfer would book it. */
export async function fund(
  db: Database,
  params: { customerId: number; accountId: number; amount: string; currency: string },
): Promise<void> {
  const account = await accountsService.requireCustomerAccount(db, params);
  const clearing = await ledger.systemAccount(db, 'clearing', params.currency);
  await ledger.postTransfer(db, {
    fromAccountId: clearing.id,
    toAccountId: account.ledgerAccountId,
    amountMinor: parseAmount(params.amount, params.currency),
    currency: params.currency,
    kind: 'test.funding',
    description: 'Test funding',
  });
}

/** Balance and held amount of an account, from the ledger. */
export async function moneyOf(
  db: Database,
  params: { customerId: number; accountId: number },
): Promise<{ balanceMinor: bigint; heldMinor: bigint; availableMinor: bigint }> {
  const account = await accountsService.requireCustomerAccount(db, params);
  const money = await ledger.getAccount(db, account.ledgerAccountId);
  return { balanceMinor: money.balanceMinor, heldMinor: money.heldMinor, availableMinor: money.availableMinor };
}

export async function systemBalanceOf(db: Database, purpose: 'fees' | 'fx', currency: string): Promise<bigint> {
  return (await ledger.systemAccount(db, purpose, currency)).balanceMinor;
}

/** Fixes the rates a test converts at (values of one unit in USD). */
export async function setRates(db: Database, values: Record<string, string>): Promise<void> {
  await repository.updateRates(db, { values: new Map(Object.entries(values)), provider: 'sandbox', now: new Date() });
}

export function newKey(): string {
  return randomUUID();
}
