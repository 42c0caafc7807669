import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { LedgerError, type LedgerErrorReason } from './ledger.errors';
import * as ledger from './ledger.service';

/** Shared set-up of the ledger's tests: customers to own accounts, funded accounts, balance checks. */

export async function newCustomerId(db: Database): Promise<number> {
  const [row] = await db
    .insert(customers)
    .values({ customerType: 'personal', firstName: 'Ledger', lastName: 'Test', brand: 'harbor' })
    .returning({ id: customers.id });
  if (row === undefined) throw new Error('no customer');
  return row.id;
}

/** A customer account holding `amountMinor`, paid in from the currency's clearing account. */
export async function fundedAccount(
  db: Database,
  params: { currency: string; amountMinor: bigint; balanceShardCount?: number; customerId?: number },
): Promise<ledger.LedgerAccount> {
  const account = await ledger.openAccount(db, {
    customerId: params.customerId ?? (await newCustomerId(db)),
    currency: params.currency,
    balanceShardCount: params.balanceShardCount,
  });
  if (params.amountMinor > 0n) {
    const clearing = await ledger.systemAccount(db, 'clearing', params.currency);
    await ledger.postTransfer(db, {
      fromAccountId: clearing.id,
      toAccountId: account.id,
      amountMinor: params.amountMinor,
      currency: params.currency,
      kind: 'test.funding',
      description: 'Funding',
    });
  }
  return ledger.getAccount(db, account.id);
}

export async function sumOfPostings(db: Database, accountId: number): Promise<bigint> {
  const result = await db.execute(
    sql`select coalesce(sum(amount_minor), 0)::text as total from ledger_postings where account_id = ${accountId}`,
  );
  const [row] = (result as { rows: { total: string }[] }).rows;
  return BigInt(row?.total ?? '0');
}

export async function balanceOf(db: Database, accountId: number): Promise<bigint> {
  return (await ledger.getAccount(db, accountId)).balanceMinor;
}

/** The ledger reason of a rejected promise, or 'ok'; anything not a LedgerError is rethrown. */
export async function outcomeOf(work: Promise<unknown>): Promise<LedgerErrorReason | 'ok'> {
  try {
    await work;
    return 'ok';
  } catch (error) {
    if (error instanceof LedgerError) return error.reason;
    throw error;
  }
}

export async function expectLedgerError(work: Promise<unknown>, reason: LedgerErrorReason): Promise<LedgerError> {
  const error: unknown = await work.then(
    () => undefined,
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(LedgerError);
  expect((error as LedgerError).reason).toBe(reason);
  return error as LedgerError;
}
