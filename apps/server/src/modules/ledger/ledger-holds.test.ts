import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helper';
import type { Database } from '../../db/client';
import { balanceOf, expectLedgerError, fundedAccount } from './ledger-test-support';
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

function transfer(fromAccountId: number, toAccountId: number, amountMinor: bigint) {
  return ledger.postTransfer(db, {
    fromAccountId,
    toAccountId,
    amountMinor,
    currency: 'USD',
    kind: 'transfer.p2p',
    description: 'Test transfer',
  });
}

describe('holds', () => {
  async function holdOn(accountId: number, toAccountId: number, amountMinor: bigint, now = new Date()) {
    return ledger.placeHold(db, {
      accountId,
      toAccountId,
      amountMinor,
      currency: 'USD',
      expiresAt: new Date(now.getTime() + HOUR_MS),
      kind: 'card.authorization',
      description: 'Card authorization',
      now,
    });
  }

  it('reserves funds: available falls, the balance stays, and a larger hold is refused', async () => {
    const account = await fundedAccount(db, { currency: 'USD', amountMinor: 1_000n });
    const clearing = await ledger.systemAccount(db, 'clearing', 'USD');
    const hold = await holdOn(account.id, clearing.id, 700n);
    expect(hold).toMatchObject({ status: 'pending', amountMinor: 700n, resolvedAt: null });
    expect(await ledger.getAccount(db, account.id)).toMatchObject({
      balanceMinor: 1_000n,
      heldMinor: 700n,
      availableMinor: 300n,
    });
    await expectLedgerError(holdOn(account.id, clearing.id, 301n), 'insufficientFunds');
    const other = await fundedAccount(db, { currency: 'USD', amountMinor: 0n });
    await expectLedgerError(transfer(account.id, other.id, 301n), 'insufficientFunds');
  });

  it('posts once, for less than held, releasing the rest', async () => {
    const account = await fundedAccount(db, { currency: 'USD', amountMinor: 1_000n });
    const merchant = await fundedAccount(db, { currency: 'USD', amountMinor: 0n });
    const hold = await holdOn(account.id, merchant.id, 600n);
    const { hold: posted, transaction } = await ledger.postHold(db, { holdId: hold.id, amountMinor: 450n });
    expect(posted).toMatchObject({ status: 'posted', postedTransactionId: transaction.id, postedAmountMinor: 450n });
    expect(transaction.postings).toEqual([
      { accountId: account.id, amountMinor: -450n, currency: 'USD' },
      { accountId: merchant.id, amountMinor: 450n, currency: 'USD' },
    ]);
    expect(await ledger.getAccount(db, account.id)).toMatchObject({ balanceMinor: 550n, heldMinor: 0n });
    expect(await balanceOf(db, merchant.id)).toBe(450n);
    const again = await expectLedgerError(ledger.postHold(db, { holdId: hold.id }), 'holdNotPending');
    expect(again.message).toBe('This payment was already completed.');
    await expectLedgerError(ledger.voidHold(db, { holdId: hold.id }), 'holdNotPending');
    expect(await ledger.getHold(db, hold.id)).toMatchObject({ status: 'posted', postedAmountMinor: 450n });
  });

  it('posts split across credits (a payout and its fee), and refuses more than held', async () => {
    const account = await fundedAccount(db, { currency: 'USD', amountMinor: 1_000n });
    const clearing = await ledger.systemAccount(db, 'clearing', 'USD');
    const fees = await ledger.systemAccount(db, 'fees', 'USD');
    const hold = await holdOn(account.id, clearing.id, 1_000n);
    await expectLedgerError(ledger.postHold(db, { holdId: hold.id, amountMinor: 1_001n }), 'invalidAmount');
    await expectLedgerError(
      ledger.postHold(db, {
        holdId: hold.id,
        amountMinor: 1_000n,
        credits: [{ accountId: clearing.id, amountMinor: 900n }],
      }),
      'invalidAmount',
    );
    expect((await ledger.getHold(db, hold.id)).status).toBe('pending');
    const { transaction } = await ledger.postHold(db, {
      holdId: hold.id,
      credits: [
        { accountId: clearing.id, amountMinor: 950n },
        { accountId: fees.id, amountMinor: 50n },
      ],
      kind: 'payout.settled',
      description: 'Payout',
    });
    expect(transaction.postings).toHaveLength(3);
    expect(await ledger.getAccount(db, account.id)).toMatchObject({ balanceMinor: 0n, heldMinor: 0n });
  });

  it('voids once, releasing the hold', async () => {
    const account = await fundedAccount(db, { currency: 'USD', amountMinor: 1_000n });
    const clearing = await ledger.systemAccount(db, 'clearing', 'USD');
    const hold = await holdOn(account.id, clearing.id, 400n);
    expect(await ledger.voidHold(db, { holdId: hold.id })).toMatchObject({ status: 'voided' });
    expect(await ledger.getAccount(db, account.id)).toMatchObject({ balanceMinor: 1_000n, heldMinor: 0n });
    const again = await expectLedgerError(ledger.voidHold(db, { holdId: hold.id }), 'holdNotPending');
    expect(again.message).toBe('This payment was already cancelled.');
    await expectLedgerError(ledger.postHold(db, { holdId: hold.id }), 'holdNotPending');
    await expectLedgerError(ledger.voidHold(db, { holdId: 999_999 }), 'unknownHold');
  });

  it('expires at its time: posting is refused from then on, and the sweep releases it once', async () => {
    // Before every other hold of this file, so the sweep meets only this one.
    const start = new Date('2020-01-01T00:00:00Z');
    const account = await fundedAccount(db, { currency: 'USD', amountMinor: 1_000n });
    const clearing = await ledger.systemAccount(db, 'clearing', 'USD');
    const hold = await holdOn(account.id, clearing.id, 300n, start);
    const atExpiry = new Date(start.getTime() + HOUR_MS);
    const expired = await expectLedgerError(ledger.postHold(db, { holdId: hold.id, now: atExpiry }), 'holdNotPending');
    expect(expired.message).toBe('This payment reservation has expired.');
    expect(await ledger.expireHolds(db, { now: new Date(atExpiry.getTime() - 1) })).toBe(0);
    expect(await ledger.expireHolds(db, { now: atExpiry })).toBe(1);
    expect(await ledger.getHold(db, hold.id)).toMatchObject({ status: 'expired', resolvedAt: atExpiry });
    expect(await ledger.getAccount(db, account.id)).toMatchObject({ balanceMinor: 1_000n, heldMinor: 0n });
    expect(await ledger.expireHolds(db, { now: atExpiry })).toBe(0);
  });

  it('refuses a hold in another currency or to a missing destination', async () => {
    const account = await fundedAccount(db, { currency: 'USD', amountMinor: 1_000n });
    const eurClearing = await ledger.systemAccount(db, 'clearing', 'EUR');
    await expectLedgerError(holdOn(account.id, eurClearing.id, 100n), 'currencyMismatch');
    await expectLedgerError(holdOn(account.id, 999_999, 100n), 'unknownAccount');
  });
});

describe('a hold posted with extra postings', () => {
  async function heldFxTransfer(amountMinor = 600n) {
    const payer = await fundedAccount(db, { currency: 'USD', amountMinor: 1_000n });
    const payee = await fundedAccount(db, { currency: 'EUR', amountMinor: 0n });
    const fxUsd = await ledger.systemAccount(db, 'fx', 'USD');
    const fxEur = await ledger.systemAccount(db, 'fx', 'EUR');
    const feesUsd = await ledger.systemAccount(db, 'fees', 'USD');
    const hold = await ledger.placeHold(db, {
      accountId: payer.id,
      toAccountId: fxUsd.id,
      amountMinor,
      currency: 'USD',
      expiresAt: new Date(Date.now() + HOUR_MS),
      kind: 'transfer.p2p',
      description: 'Converting transfer',
    });
    return { payer, payee, fxUsd, fxEur, feesUsd, hold };
  }

  it('posts the hold, its credits and the legs in another currency as one ledger transaction', async () => {
    const { payer, payee, fxUsd, fxEur, feesUsd, hold } = await heldFxTransfer();
    const before = { fxUsd: await balanceOf(db, fxUsd.id), fxEur: await balanceOf(db, fxEur.id) };
    const { transaction } = await ledger.postHold(db, {
      holdId: hold.id,
      credits: [
        { accountId: fxUsd.id, amountMinor: 590n },
        { accountId: feesUsd.id, amountMinor: 10n },
      ],
      extraPostings: [
        { accountId: fxEur.id, amountMinor: -500n, currency: 'EUR' },
        { accountId: payee.id, amountMinor: 500n, currency: 'EUR' },
      ],
    });
    expect((await ledger.getTransaction(db, transaction.id)).postings).toEqual([
      { accountId: payer.id, amountMinor: -600n, currency: 'USD' },
      { accountId: fxUsd.id, amountMinor: 590n, currency: 'USD' },
      { accountId: feesUsd.id, amountMinor: 10n, currency: 'USD' },
      { accountId: fxEur.id, amountMinor: -500n, currency: 'EUR' },
      { accountId: payee.id, amountMinor: 500n, currency: 'EUR' },
    ]);
    expect(await ledger.getHold(db, hold.id)).toMatchObject({ status: 'posted', postedTransactionId: transaction.id });
    expect(await ledger.getAccount(db, payer.id)).toMatchObject({ balanceMinor: 400n, heldMinor: 0n });
    expect(await balanceOf(db, payee.id)).toBe(500n);
    expect(await balanceOf(db, fxUsd.id)).toBe(before.fxUsd + 590n);
    expect(await balanceOf(db, fxEur.id)).toBe(before.fxEur - 500n);
  });

  it('refuses extra postings that do not balance or that touch the held account, and the hold stays pending', async () => {
    const { payer, payee, fxEur, hold } = await heldFxTransfer();
    await expect(
      ledger.postHold(db, {
        holdId: hold.id,
        extraPostings: [
          { accountId: fxEur.id, amountMinor: -500n, currency: 'EUR' },
          { accountId: payee.id, amountMinor: 499n, currency: 'EUR' },
        ],
      }),
    ).rejects.toThrow(/sum to -1 EUR/);
    await expect(
      ledger.postHold(db, {
        holdId: hold.id,
        extraPostings: [
          { accountId: payer.id, amountMinor: -1n, currency: 'USD' },
          { accountId: payee.id, amountMinor: 1n, currency: 'USD' },
        ],
      }),
    ).rejects.toThrow(/may not touch the held account/);
    expect(await ledger.getHold(db, hold.id)).toMatchObject({ status: 'pending' });
    expect(await ledger.getAccount(db, payer.id)).toMatchObject({ balanceMinor: 1_000n, heldMinor: 600n });
  });

  it('is refused whole when an extra leg debits an account beyond its funds', async () => {
    const { payer, payee, hold } = await heldFxTransfer();
    const poor = await fundedAccount(db, { currency: 'EUR', amountMinor: 100n });
    await expectLedgerError(
      ledger.postHold(db, {
        holdId: hold.id,
        extraPostings: [
          { accountId: poor.id, amountMinor: -500n, currency: 'EUR' },
          { accountId: payee.id, amountMinor: 500n, currency: 'EUR' },
        ],
      }),
      'insufficientFunds',
    );
    expect(await ledger.getHold(db, hold.id)).toMatchObject({ status: 'pending' });
    expect(await ledger.getAccount(db, payer.id)).toMatchObject({ balanceMinor: 1_000n, heldMinor: 600n });
    expect(await balanceOf(db, poor.id)).toBe(100n);
    expect(await balanceOf(db, payee.id)).toBe(0n);
  });
});

describe('ledger functions in the caller’s transaction', () => {
  it('run only inside a transaction, and roll back with it (no savepoint of their own)', async () => {
    const from = await fundedAccount(db, { currency: 'USD', amountMinor: 1_000n });
    const to = await fundedAccount(db, { currency: 'USD', amountMinor: 0n });
    const input = {
      kind: 'transfer.p2p',
      description: 'In the caller’s transaction',
      postings: [
        { accountId: from.id, amountMinor: -300n, currency: 'USD' },
        { accountId: to.id, amountMinor: 300n, currency: 'USD' },
      ],
    };
    await expect(ledger.postTransactionInTransaction(db, input)).rejects.toThrow(/caller's transaction/);
    await expect(
      db.transaction(async (tx) => {
        const posted = await ledger.postTransactionInTransaction(tx, input);
        expect(await balanceOf(tx, to.id)).toBe(300n);
        expect(posted.postings).toHaveLength(2);
        throw new Error('the caller failed after the movement');
      }),
    ).rejects.toThrow('the caller failed after the movement');
    expect(await balanceOf(db, from.id)).toBe(1_000n);
    expect(await balanceOf(db, to.id)).toBe(0n);
    const posted = await db.transaction((tx) => ledger.postTransactionInTransaction(tx, input));
    expect(await ledger.getTransaction(db, posted.id)).toMatchObject({ postings: input.postings });
    expect(await balanceOf(db, to.id)).toBe(300n);
  });
});
