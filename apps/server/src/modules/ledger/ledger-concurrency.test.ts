import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helper';
import type { Database } from '../../db/client';
import { balanceOf, fundedAccount, outcomeOf, sumOfPostings } from './ledger-test-support';
import * as ledger from './ledger.service';

/**
 * Races on the ledger. On PostgreSQL these run truly concurrently over the pool (20 connections),
 * which is what they are for; on PGlite (one connection) they are serialised and must still hold.
 * A deadlock or serialization failure would surface as a non-ledger error and fail the test.
 */
let database: TestDatabase;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
});

afterAll(async () => {
  await database.dispose();
});

function transfer(fromAccountId: number, toAccountId: number, amountMinor: bigint) {
  return ledger.postTransfer(db, {
    fromAccountId,
    toAccountId,
    amountMinor,
    currency: 'USD',
    kind: 'transfer.p2p',
    description: 'Race',
  });
}

function tally(outcomes: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
  return counts;
}

describe('ledger under concurrency', () => {
  it('100 concurrent withdrawals of the whole balance: exactly one succeeds', async () => {
    const account = await fundedAccount(db, { currency: 'USD', amountMinor: 50_000n });
    const clearing = await ledger.systemAccount(db, 'clearing', 'USD');
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, () => outcomeOf(transfer(account.id, clearing.id, 50_000n))),
    );
    expect(tally(outcomes)).toEqual({ ok: 1, insufficientFunds: 99 });
    expect(await balanceOf(db, account.id)).toBe(0n);
    expect(await sumOfPostings(db, account.id)).toBe(0n);
  });

  it('transfers in opposite directions between two accounts: no deadlock, totals conserved', async () => {
    const a = await fundedAccount(db, { currency: 'USD', amountMinor: 100_000n });
    const b = await fundedAccount(db, { currency: 'USD', amountMinor: 100_000n });
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        outcomeOf(index % 2 === 0 ? transfer(a.id, b.id, 100n + BigInt(index)) : transfer(b.id, a.id, 100n)),
      ),
    );
    expect(tally(outcomes)).toEqual({ ok: 200 });
    const sentByA = Array.from({ length: 100 }, (_, half) => 100n + BigInt(half * 2)).reduce((x, y) => x + y, 0n);
    expect(await balanceOf(db, a.id)).toBe(100_000n - sentByA + 100n * 100n);
    expect((await balanceOf(db, a.id)) + (await balanceOf(db, b.id))).toBe(200_000n);
    expect(await sumOfPostings(db, a.id)).toBe(await balanceOf(db, a.id));
    expect(await sumOfPostings(db, b.id)).toBe(await balanceOf(db, b.id));
  });

  it('a hot merchant takes many payments while paying out: its floor holds and balances add up', async () => {
    const merchant = await fundedAccount(db, { currency: 'USD', amountMinor: 0n, balanceShardCount: 8 });
    const supplier = await fundedAccount(db, { currency: 'USD', amountMinor: 0n });
    const payers = await Promise.all(
      Array.from({ length: 60 }, () => fundedAccount(db, { currency: 'USD', amountMinor: 1_000n })),
    );
    const fees = await ledger.systemAccount(db, 'fees', 'USD');
    const feesBefore = await balanceOf(db, fees.id);
    const payments = payers.map((payer) =>
      outcomeOf(
        ledger.postTransaction(db, {
          kind: 'merchant.payment',
          description: 'Payment with fee',
          postings: [
            { accountId: payer.id, amountMinor: -1_000n, currency: 'USD' },
            { accountId: merchant.id, amountMinor: 990n, currency: 'USD' },
            { accountId: fees.id, amountMinor: 10n, currency: 'USD' },
          ],
        }),
      ),
    );
    const payouts = Array.from({ length: 60 }, () => outcomeOf(transfer(merchant.id, supplier.id, 990n)));
    const [paymentOutcomes, payoutOutcomes] = await Promise.all([Promise.all(payments), Promise.all(payouts)]);
    expect(tally(paymentOutcomes)).toEqual({ ok: 60 });
    const paidOut = payoutOutcomes.filter((outcome) => outcome === 'ok').length;
    expect(payoutOutcomes.every((outcome) => outcome === 'ok' || outcome === 'insufficientFunds')).toBe(true);
    expect(await balanceOf(db, merchant.id)).toBe(990n * BigInt(60 - paidOut));
    expect(await sumOfPostings(db, merchant.id)).toBe(990n * BigInt(60 - paidOut));
    expect(await balanceOf(db, supplier.id)).toBe(990n * BigInt(paidOut));
    expect(await balanceOf(db, fees.id)).toBe(feesBefore + 600n);
  });

  it('10 concurrent posts and voids of one hold: exactly one wins', async () => {
    const account = await fundedAccount(db, { currency: 'USD', amountMinor: 1_000n });
    const merchant = await fundedAccount(db, { currency: 'USD', amountMinor: 0n });
    const hold = await ledger.placeHold(db, {
      accountId: account.id,
      toAccountId: merchant.id,
      amountMinor: 800n,
      currency: 'USD',
      expiresAt: new Date(Date.now() + 60_000),
      kind: 'card.authorization',
      description: 'Race',
    });
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        outcomeOf(
          index % 2 === 0 ? ledger.postHold(db, { holdId: hold.id }) : ledger.voidHold(db, { holdId: hold.id }),
        ),
      ),
    );
    expect(tally(outcomes)).toEqual({ ok: 1, holdNotPending: 9 });
    const resolved = await ledger.getHold(db, hold.id);
    const after = await ledger.getAccount(db, account.id);
    expect(after.heldMinor).toBe(0n);
    expect(after.balanceMinor).toBe(resolved.status === 'posted' ? 200n : 1_000n);
    expect(await balanceOf(db, merchant.id)).toBe(resolved.status === 'posted' ? 800n : 0n);
  });

  it('concurrent expiry sweeps (as from several processes) expire each hold exactly once', async () => {
    const start = new Date('2021-06-01T00:00:00Z');
    const accounts = await Promise.all(
      Array.from({ length: 5 }, () => fundedAccount(db, { currency: 'USD', amountMinor: 10_000n })),
    );
    const clearing = await ledger.systemAccount(db, 'clearing', 'USD');
    for (let index = 0; index < 40; index += 1) {
      await ledger.placeHold(db, {
        accountId: (accounts[index % 5] as ledger.LedgerAccount).id,
        toAccountId: clearing.id,
        amountMinor: 100n,
        currency: 'USD',
        expiresAt: new Date(start.getTime() + 1_000 + index),
        kind: 'card.authorization',
        description: 'Expiring',
        now: start,
      });
    }
    const now = new Date(start.getTime() + 60_000);
    const expired = await Promise.all(Array.from({ length: 4 }, () => ledger.expireHolds(db, { now, limit: 7 })));
    let total = expired.reduce((sum, count) => sum + count, 0);
    while (total < 40) {
      const more = await ledger.expireHolds(db, { now, limit: 7 });
      expect(more).toBeGreaterThan(0);
      total += more;
    }
    expect(total).toBe(40);
    expect(await ledger.expireHolds(db, { now })).toBe(0);
    for (const account of accounts) expect((await ledger.getAccount(db, account.id)).heldMinor).toBe(0n);
  });

  it('10 concurrent reversals of one transaction: exactly one', async () => {
    const from = await fundedAccount(db, { currency: 'USD', amountMinor: 1_000n });
    const to = await fundedAccount(db, { currency: 'USD', amountMinor: 0n });
    const original = await transfer(from.id, to.id, 700n);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        outcomeOf(ledger.reverseTransaction(db, { transactionId: original.id, description: 'Race' })),
      ),
    );
    expect(tally(outcomes)).toEqual({ ok: 1, alreadyReversed: 9 });
    expect(await balanceOf(db, from.id)).toBe(1_000n);
  });

  it('closing a hot account while payments arrive: either the close or the payments fail, never money lost', async () => {
    const merchant = await fundedAccount(db, { currency: 'USD', amountMinor: 0n, balanceShardCount: 4 });
    const payer = await fundedAccount(db, { currency: 'USD', amountMinor: 10_000n });
    const [closeOutcome, ...paymentOutcomes] = await Promise.all([
      outcomeOf(ledger.closeAccount(db, { accountId: merchant.id })),
      ...Array.from({ length: 20 }, () => outcomeOf(transfer(payer.id, merchant.id, 10n))),
    ]);
    const paid = paymentOutcomes.filter((outcome) => outcome === 'ok').length;
    expect(paymentOutcomes.every((outcome) => outcome === 'ok' || outcome === 'closedAccount')).toBe(true);
    if (closeOutcome === 'ok') expect(paid).toBe(0);
    else expect(closeOutcome).toBe('accountNotEmpty');
    expect(await balanceOf(db, merchant.id)).toBe(10n * BigInt(paid));
    expect(await sumOfPostings(db, merchant.id)).toBe(10n * BigInt(paid));
    expect(await balanceOf(db, payer.id)).toBe(10_000n - 10n * BigInt(paid));
  });

  it('leaves a consistent ledger', async () => {
    expect((await ledger.verifyLedger(db)).isConsistent).toBe(true);
  });
});
