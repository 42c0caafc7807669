import assert, { AssertionError } from 'node:assert';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, expectCheckViolation, type TestDatabase } from '../../../test/helper';
import { preparedSql, type Database } from '../../db/client';
import { ledgerAccounts, ledgerBalanceShards, ledgerPostings, ledgerTransactions } from '../../db/schema/ledger';
import { balanceOf, expectLedgerError, fundedAccount, newCustomerId, sumOfPostings } from './ledger-test-support';
import * as ledger from './ledger.service';

let database: TestDatabase;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
});

afterAll(async () => {
  await database.dispose();
});

const HOUR_MS = 60 * 60 * 1000;

async function transactionCount(): Promise<number> {
  const [row] = await db.select({ total: count() }).from(ledgerTransactions);
  return row?.total ?? 0;
}

function transfer(fromAccountId: number, toAccountId: number, amountMinor: bigint, currency = 'USD') {
  return ledger.postTransfer(db, {
    fromAccountId,
    toAccountId,
    amountMinor,
    currency,
    kind: 'transfer.p2p',
    description: 'Test transfer',
  });
}

describe('accounts', () => {
  it('opens a customer account empty, with a zero floor and the currency scale', async () => {
    const customerId = await newCustomerId(db);
    const account = await ledger.openAccount(db, { customerId, currency: 'KWD' });
    expect(account).toMatchObject({
      customerId,
      purpose: 'customer',
      currency: 'KWD',
      assetScale: 3,
      status: 'open',
      balanceMinor: 0n,
      heldMinor: 0n,
      availableMinor: 0n,
      minimumBalanceMinor: 0n,
      balanceShardCount: 0,
    });
    expect(await ledger.listCustomerAccounts(db, { customerId })).toEqual([account]);
  });

  it('refuses an unknown currency as a bug, not a customer error', async () => {
    const customerId = await newCustomerId(db);
    await expect(ledger.openAccount(db, { customerId, currency: 'XXX' })).rejects.toThrow(AssertionError);
  });

  it('has one system account per purpose and currency, with no floor, created once under concurrent asks', async () => {
    const accounts = await Promise.all(Array.from({ length: 10 }, () => ledger.systemAccount(db, 'fees', 'RON')));
    expect(new Set(accounts.map((account) => account.id)).size).toBe(1);
    expect(accounts[0]).toMatchObject({
      purpose: 'fees',
      customerId: null,
      minimumBalanceMinor: null,
      balanceShardCount: ledger.SYSTEM_ACCOUNT_SHARD_COUNT,
    });
    const [rows] = await db
      .select({ total: count() })
      .from(ledgerAccounts)
      .where(sql`${ledgerAccounts.purpose} = 'fees' and ${ledgerAccounts.currency} = 'RON'`);
    expect(rows?.total).toBe(1);
    expect((await ledger.systemAccount(db, 'fx', 'RON')).id).not.toBe(accounts[0]?.id);
  });

  it('answers ENOA for an unknown account', async () => {
    const error = await expectLedgerError(ledger.getAccount(db, 987_654), 'unknownAccount');
    expect(error.code).toBe('ENOA');
  });
});

describe('transfers', () => {
  it('moves money with two postings that sum to zero and updates both cached balances', async () => {
    const from = await fundedAccount(db, { currency: 'USD', amountMinor: 10_000n });
    const to = await fundedAccount(db, { currency: 'USD', amountMinor: 0n });
    const posted = await transfer(from.id, to.id, 2_550n);
    expect(posted.postings).toEqual([
      { accountId: from.id, amountMinor: -2_550n, currency: 'USD' },
      { accountId: to.id, amountMinor: 2_550n, currency: 'USD' },
    ]);
    expect(await ledger.getTransaction(db, posted.id)).toMatchObject({
      kind: 'transfer.p2p',
      postings: posted.postings,
    });
    expect(await balanceOf(db, from.id)).toBe(7_450n);
    expect(await balanceOf(db, to.id)).toBe(2_550n);
    expect(await sumOfPostings(db, from.id)).toBe(7_450n);
    expect(await sumOfPostings(db, to.id)).toBe(2_550n);
  });

  it('refuses more than the available amount with VF on the amount field, writing nothing', async () => {
    const from = await fundedAccount(db, { currency: 'USD', amountMinor: 1_000n });
    const to = await fundedAccount(db, { currency: 'USD', amountMinor: 0n });
    const before = await transactionCount();
    const error = await expectLedgerError(transfer(from.id, to.id, 1_001n), 'insufficientFunds');
    expect(error.toBody()).toEqual({
      responseCode: 'VF',
      responseDescription: 'Insufficient funds.',
      validationErrors: [{ field: 'amount', message: 'Insufficient funds.' }],
    });
    expect(error.httpStatus).toBe(400);
    expect(error.subjectId).toBe(from.id);
    expect(await transactionCount()).toBe(before);
    expect(await balanceOf(db, from.id)).toBe(1_000n);
    await transfer(from.id, to.id, 1_000n);
    expect(await balanceOf(db, from.id)).toBe(0n);
  });

  it('honours a negative floor (an overdraft) and refuses beyond it', async () => {
    const account = await ledger.openAccount(db, {
      customerId: await newCustomerId(db),
      currency: 'EUR',
      minimumBalanceMinor: -500n,
    });
    const to = await fundedAccount(db, { currency: 'EUR', amountMinor: 0n });
    await transfer(account.id, to.id, 500n, 'EUR');
    expect(await balanceOf(db, account.id)).toBe(-500n);
    await expectLedgerError(transfer(account.id, to.id, 1n, 'EUR'), 'insufficientFunds');
  });

  it('refuses a posting in another currency than its account, unknown and identical accounts, bad amounts', async () => {
    const usd = await fundedAccount(db, { currency: 'USD', amountMinor: 1_000n });
    const eur = await fundedAccount(db, { currency: 'EUR', amountMinor: 1_000n });
    const mismatch = await expectLedgerError(transfer(usd.id, eur.id, 100n, 'USD'), 'currencyMismatch');
    expect(mismatch.subjectId).toBe(eur.id);
    expect(mismatch.validationErrors).toEqual([{ field: 'currency', message: 'The account holds EUR.' }]);
    await expectLedgerError(transfer(usd.id, 999_999, 100n), 'unknownAccount');
    await expectLedgerError(transfer(usd.id, usd.id, 100n), 'invalidAmount');
    await expectLedgerError(transfer(usd.id, eur.id, 0n), 'invalidAmount');
    await expectLedgerError(transfer(usd.id, eur.id, -5n), 'invalidAmount');
    await expectLedgerError(transfer(usd.id, eur.id, 10n ** 15n + 1n), 'invalidAmount');
    expect(await balanceOf(db, usd.id)).toBe(1_000n);
  });

  it('treats unbalanced postings as a bug: an assertion, and nothing written', async () => {
    const from = await fundedAccount(db, { currency: 'USD', amountMinor: 1_000n });
    const to = await fundedAccount(db, { currency: 'USD', amountMinor: 0n });
    const before = await transactionCount();
    await expect(
      ledger.postTransaction(db, {
        kind: 'transfer.p2p',
        description: 'Unbalanced',
        postings: [
          { accountId: from.id, amountMinor: -100n, currency: 'USD' },
          { accountId: to.id, amountMinor: 99n, currency: 'USD' },
        ],
      }),
    ).rejects.toThrow(AssertionError);
    expect(await transactionCount()).toBe(before);
  });

  it('posts a transfer with its fee as one transaction of three postings', async () => {
    const from = await fundedAccount(db, { currency: 'GBP', amountMinor: 10_000n });
    const to = await fundedAccount(db, { currency: 'GBP', amountMinor: 0n });
    const fees = await ledger.systemAccount(db, 'fees', 'GBP');
    const feesBefore = fees.balanceMinor;
    await ledger.postTransaction(db, {
      kind: 'transfer.p2p',
      description: 'Transfer with fee',
      metadata: { feeMinor: '150' },
      postings: [
        { accountId: from.id, amountMinor: -5_150n, currency: 'GBP' },
        { accountId: to.id, amountMinor: 5_000n, currency: 'GBP' },
        { accountId: fees.id, amountMinor: 150n, currency: 'GBP' },
      ],
    });
    expect(await balanceOf(db, from.id)).toBe(4_850n);
    expect(await balanceOf(db, fees.id)).toBe(feesBefore + 150n);
    expect(await sumOfPostings(db, fees.id)).toBe(feesBefore + 150n);
  });
});

describe('hot accounts', () => {
  it('books credits on balance shards; the balance is the row plus its shards and equals the postings', async () => {
    const merchant = await fundedAccount(db, { currency: 'USD', amountMinor: 0n, balanceShardCount: 8 });
    for (let index = 0; index < 12; index += 1) {
      const payer = await fundedAccount(db, { currency: 'USD', amountMinor: 1_000n });
      await transfer(payer.id, merchant.id, 100n);
    }
    const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, merchant.id));
    expect(row?.balanceMinor).toBe(0n);
    const shards = await db.select().from(ledgerBalanceShards).where(eq(ledgerBalanceShards.accountId, merchant.id));
    expect(shards).toHaveLength(8);
    expect(shards.reduce((sum, shard) => sum + shard.balanceMinor, 0n)).toBe(1_200n);
    expect(await balanceOf(db, merchant.id)).toBe(1_200n);
    expect(await sumOfPostings(db, merchant.id)).toBe(1_200n);
  });

  it('checks a hot account’s floor against row plus shards when it pays out', async () => {
    const merchant = await fundedAccount(db, { currency: 'USD', amountMinor: 500n, balanceShardCount: 4 });
    const supplier = await fundedAccount(db, { currency: 'USD', amountMinor: 0n });
    await expectLedgerError(transfer(merchant.id, supplier.id, 501n), 'insufficientFunds');
    await transfer(merchant.id, supplier.id, 300n);
    await transfer(merchant.id, supplier.id, 200n);
    expect(await balanceOf(db, merchant.id)).toBe(0n);
    await expectLedgerError(transfer(merchant.id, supplier.id, 1n), 'insufficientFunds');
    const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, merchant.id));
    expect(row?.balanceMinor).toBe(-500n); // the debits on the row, the credit on a shard
  });

  it('lets system accounts go negative: clearing is what the outside world owes', async () => {
    const clearing = await ledger.systemAccount(db, 'clearing', 'AUD');
    await fundedAccount(db, { currency: 'AUD', amountMinor: 7_000n });
    expect(await balanceOf(db, clearing.id)).toBe(clearing.balanceMinor - 7_000n);
  });
});

describe('the database guards the floor of ordinary accounts too', () => {
  it('rejects a raw update that would leave available below the floor', async () => {
    const account = await fundedAccount(db, { currency: 'USD', amountMinor: 100n });
    await expect(
      db.update(ledgerAccounts).set({ balanceMinor: -1n }).where(eq(ledgerAccounts.id, account.id)),
    ).rejects.toThrow();
    await expect(
      db.insert(ledgerPostings).values({ transactionId: 1, accountId: account.id, amountMinor: 0n, currency: 'USD' }),
    ).rejects.toThrow();
  });
});

describe('reversals', () => {
  it('reverses with negated postings, once', async () => {
    const from = await fundedAccount(db, { currency: 'USD', amountMinor: 1_000n });
    const to = await fundedAccount(db, { currency: 'USD', amountMinor: 0n });
    const original = await transfer(from.id, to.id, 400n);
    const reversal = await ledger.reverseTransaction(db, {
      transactionId: original.id,
      description: 'Sent by mistake',
    });
    expect(reversal).toMatchObject({ kind: 'reversal', reversesTransactionId: original.id });
    expect(reversal.postings).toEqual(
      original.postings.map((posting) => ({ ...posting, amountMinor: -posting.amountMinor })),
    );
    expect(await balanceOf(db, from.id)).toBe(1_000n);
    expect(await balanceOf(db, to.id)).toBe(0n);
    await expectLedgerError(
      ledger.reverseTransaction(db, { transactionId: original.id, description: 'Again' }),
      'alreadyReversed',
    );
    await expectLedgerError(
      ledger.reverseTransaction(db, { transactionId: 999_999, description: 'Nothing' }),
      'unknownTransaction',
    );
  });

  it('cannot take back money the receiver has spent', async () => {
    const from = await fundedAccount(db, { currency: 'USD', amountMinor: 1_000n });
    const to = await fundedAccount(db, { currency: 'USD', amountMinor: 0n });
    const original = await transfer(from.id, to.id, 400n);
    await transfer(to.id, from.id, 100n);
    await expectLedgerError(
      ledger.reverseTransaction(db, { transactionId: original.id, description: 'Too late' }),
      'insufficientFunds',
    );
  });
});

describe('batches', () => {
  it('posts every transfer or none, in order', async () => {
    const payer = await fundedAccount(db, { currency: 'USD', amountMinor: 1_000n });
    const first = await fundedAccount(db, { currency: 'USD', amountMinor: 0n });
    const second = await fundedAccount(db, { currency: 'USD', amountMinor: 0n });
    const base = { currency: 'USD', kind: 'payout.mass', description: 'Mass payout' };
    const before = await transactionCount();
    await expectLedgerError(
      ledger.postBatch(db, {
        transfers: [
          { ...base, fromAccountId: payer.id, toAccountId: first.id, amountMinor: 600n },
          { ...base, fromAccountId: payer.id, toAccountId: second.id, amountMinor: 600n },
        ],
      }),
      'insufficientFunds',
    );
    expect(await transactionCount()).toBe(before);
    expect(await balanceOf(db, payer.id)).toBe(1_000n);

    // In order: the second transfer spends what the first brought in.
    const posted = await ledger.postBatch(db, {
      transfers: [
        { ...base, fromAccountId: payer.id, toAccountId: first.id, amountMinor: 1_000n },
        { ...base, fromAccountId: first.id, toAccountId: second.id, amountMinor: 1_000n },
      ],
    });
    expect(posted).toHaveLength(2);
    expect([await balanceOf(db, payer.id), await balanceOf(db, first.id), await balanceOf(db, second.id)]).toEqual([
      0n,
      0n,
      1_000n,
    ]);
    await expectLedgerError(
      ledger.postBatch(db, {
        transfers: [
          { ...base, fromAccountId: first.id, toAccountId: second.id, amountMinor: 1n },
          { ...base, fromAccountId: second.id, toAccountId: first.id, amountMinor: 1n },
        ],
      }),
      'insufficientFunds',
    );
  });
});

describe('a guarded write (the group commit of P2P transfers)', () => {
  const guardedWrite = preparedSql<{ holds: boolean }>(
    'ledger_test_guarded_write',
    `with ${ledger.guardedWriteCtes({ first: 1, when: 'true' })}
    select guard(${ledger.guardedWriteHolds({ first: 1 })}, 'the ledger write no longer holds') as holds`,
  );

  async function snapshots(...accountIds: number[]): Promise<Map<number, ledger.AccountSnapshot>> {
    const rows = await db.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, accountIds));
    return new Map(rows.map((row) => [row.id, row]));
  }

  const drawIds = preparedSql<{ id: string }>(
    'ledger_test_draw_ids',
    `select nextval(pg_get_serial_sequence('ledger_transactions', 'id'))::text as id from generate_series(1, $1::integer)`,
  );

  async function drawnIds(count: number): Promise<number[]> {
    return (await drawIds(db, [count])).map((row) => Number(row.id));
  }

  function move(id: number, fromAccountId: number, toAccountId: number, amountMinor: bigint, currency = 'USD') {
    return {
      id,
      kind: 'transfer.p2p',
      description: 'Batched transfer',
      metadata: { note: `${amountMinor.toString()} ${currency}` },
      postings: [
        { accountId: fromAccountId, amountMinor: -amountMinor, currency },
        { accountId: toAccountId, amountMinor, currency },
      ],
    };
  }

  it('takes in order what the accounts as read can take, and leaves out the rest', async () => {
    const payer = await fundedAccount(db, { currency: 'USD', amountMinor: 1_000n });
    const payee = await fundedAccount(db, { currency: 'USD', amountMinor: 0n });
    const closed = await fundedAccount(db, { currency: 'USD', amountMinor: 0n });
    await ledger.closeAccount(db, { accountId: closed.id });
    const merchant = await fundedAccount(db, { currency: 'USD', amountMinor: 0n, balanceShardCount: 4 });
    const euros = await fundedAccount(db, { currency: 'EUR', amountMinor: 0n });
    const planner = ledger.createGuardedPlanner(await snapshots(payer.id, payee.id, closed.id, merchant.id, euros.id));
    const taken = [
      move(1, payer.id, payee.id, 600n),
      // What the first left is 400.
      move(2, payer.id, payee.id, 600n),
      move(3, payer.id, closed.id, 100n),
      move(4, payer.id, euros.id, 100n),
      move(5, payer.id, 999_999_999, 100n),
      // A hot account's balance is on its shards: only a movement debits it.
      move(6, merchant.id, payee.id, 1n),
      // In order: the payee spends what the first brought in.
      move(7, payee.id, merchant.id, 600n),
      move(8, payer.id, merchant.id, 400n),
    ].map((draft) => planner.add(draft));
    expect(taken).toEqual([true, false, false, false, false, false, true, true]);
    const write = planner.write();
    expect(write.transactions.map((transaction) => transaction.id)).toEqual([1, 7, 8]);
    // The payee's row is credited and debited 600: no change, no lock.
    expect(write.accountChanges).toEqual([{ accountId: payer.id, balanceDeltaMinor: -1_000n }]);
    expect(write.shardChanges).toMatchObject([{ accountId: merchant.id, deltaMinor: 1_000n }]);
    expect(write.shardChanges[0]?.shard).toBeLessThan(4);
  });

  it('writes what was planned in one statement, and nothing once an account no longer keeps what was read', async () => {
    const payer = await fundedAccount(db, { currency: 'USD', amountMinor: 1_000n });
    const payee = await fundedAccount(db, { currency: 'USD', amountMinor: 0n });
    const merchant = await fundedAccount(db, { currency: 'USD', amountMinor: 0n, balanceShardCount: 4 });
    const [first, second, third, fourth] = await drawnIds(4);
    assert.ok(first !== undefined && second !== undefined && third !== undefined && fourth !== undefined);
    const planner = ledger.createGuardedPlanner(await snapshots(payer.id, payee.id, merchant.id));
    expect(planner.add(move(first, payer.id, payee.id, 300n))).toBe(true);
    expect(planner.add(move(second, payer.id, merchant.id, 200n))).toBe(true);
    await db.transaction((tx) => guardedWrite(tx, ledger.guardedWriteParametersOf(planner.write())));
    expect([await balanceOf(db, payer.id), await balanceOf(db, payee.id), await balanceOf(db, merchant.id)]).toEqual([
      500n,
      300n,
      200n,
    ]);
    expect((await ledger.getTransaction(db, second)).postings).toHaveLength(2);

    // Planned on what was read, then the payer spends 400 elsewhere: 500 - 400 - 300 is below the floor.
    const stale = ledger.createGuardedPlanner(await snapshots(payer.id, payee.id, merchant.id));
    expect(stale.add(move(third, payer.id, payee.id, 300n))).toBe(true);
    await transfer(payer.id, merchant.id, 400n);
    const before = await transactionCount();
    await expectCheckViolation(guardedWrite(db, ledger.guardedWriteParametersOf(stale.write())));
    expect(await transactionCount()).toBe(before);
    expect(await balanceOf(db, payer.id)).toBe(100n);
    expect(await balanceOf(db, payee.id)).toBe(300n);

    // A hot account closed after it was read has no shards left to credit.
    const closing = await fundedAccount(db, { currency: 'USD', amountMinor: 0n, balanceShardCount: 4 });
    const late = ledger.createGuardedPlanner(await snapshots(payee.id, closing.id));
    expect(late.add(move(fourth, payee.id, closing.id, 100n))).toBe(true);
    await ledger.closeAccount(db, { accountId: closing.id });
    await expectCheckViolation(guardedWrite(db, ledger.guardedWriteParametersOf(late.write())), /guard failed/);
    expect(await balanceOf(db, payee.id)).toBe(300n);
    for (const account of [payer, payee, merchant]) {
      expect(await sumOfPostings(db, account.id)).toBe(await balanceOf(db, account.id));
    }
    expect((await ledger.verifyLedger(db)).isConsistent).toBe(true);
  });
});

describe('closing', () => {
  it('closes only an empty account; a closed account takes no postings', async () => {
    const account = await fundedAccount(db, { currency: 'USD', amountMinor: 100n });
    const other = await fundedAccount(db, { currency: 'USD', amountMinor: 0n });
    await expectLedgerError(ledger.closeAccount(db, { accountId: account.id }), 'accountNotEmpty');
    await transfer(account.id, other.id, 100n);
    const closed = await ledger.closeAccount(db, { accountId: account.id });
    expect(closed).toMatchObject({ status: 'closed', balanceMinor: 0n });
    expect(closed.closedAt).toBeInstanceOf(Date);
    expect((await ledger.closeAccount(db, { accountId: account.id })).status).toBe('closed');
    const error = await expectLedgerError(transfer(other.id, account.id, 1n), 'closedAccount');
    expect(error.code).toBe('CA');
  });

  it('closes a hot account by deleting its shards, so late credits fail', async () => {
    const merchant = await fundedAccount(db, { currency: 'USD', amountMinor: 0n, balanceShardCount: 4 });
    const payer = await fundedAccount(db, { currency: 'USD', amountMinor: 100n });
    await transfer(payer.id, merchant.id, 100n);
    await transfer(merchant.id, payer.id, 100n);
    await ledger.closeAccount(db, { accountId: merchant.id });
    expect(await db.select().from(ledgerBalanceShards).where(eq(ledgerBalanceShards.accountId, merchant.id))).toEqual(
      [],
    );
    expect(await balanceOf(db, merchant.id)).toBe(0n);
    expect(await sumOfPostings(db, merchant.id)).toBe(0n);
    await expectLedgerError(transfer(payer.id, merchant.id, 1n), 'closedAccount');
  });

  it('refuses to close an account a pending hold pays into, and an unknown one', async () => {
    const account = await fundedAccount(db, { currency: 'USD', amountMinor: 0n });
    const payer = await fundedAccount(db, { currency: 'USD', amountMinor: 100n });
    const hold = await ledger.placeHold(db, {
      accountId: payer.id,
      toAccountId: account.id,
      amountMinor: 100n,
      currency: 'USD',
      expiresAt: new Date(Date.now() + HOUR_MS),
      kind: 'payout.pending',
      description: 'Payout',
    });
    await expectLedgerError(ledger.closeAccount(db, { accountId: account.id }), 'accountNotEmpty');
    await ledger.voidHold(db, { holdId: hold.id });
    expect((await ledger.closeAccount(db, { accountId: account.id })).status).toBe('closed');
    await expectLedgerError(ledger.closeAccount(db, { accountId: 999_999 }), 'unknownAccount');
  });
});

describe('consistency after all of the above', () => {
  it('verifies clean', async () => {
    const report = await ledger.verifyLedger(db);
    expect(report.isConsistent).toBe(true);
    expect(report.counts.postings).toBeGreaterThan(0);
  });
});
