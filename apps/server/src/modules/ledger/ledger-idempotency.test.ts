import { formatAmount } from '@app/shared/money';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helper';
import type { Database } from '../../db/client';
import { ledgerPostings } from '../../db/schema/ledger';
import { AppError } from '../../platform/errors';
import { requestHashOf, withIdempotency } from '../../platform/idempotency';
import { balanceOf, fundedAccount } from './ledger-test-support';
import * as ledger from './ledger.service';

/** Money behind an idempotency key, as the transfer methods will use it: one effect per key. */
let database: TestDatabase;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
});

afterAll(async () => {
  await database.dispose();
});

function payWithKey(params: {
  customerId: number;
  key: string;
  fromAccountId: number;
  toAccountId: number;
  amount: string;
}) {
  const body = { fromAccountId: params.fromAccountId, toAccountId: params.toAccountId, amount: params.amount };
  return withIdempotency(
    db,
    {
      scope: `customer:${params.customerId}`,
      key: params.key,
      requestHash: requestHashOf({ method: 'transferP2P', body }),
    },
    async (tx) => {
      const posted = await ledger.postTransfer(tx, {
        fromAccountId: params.fromAccountId,
        toAccountId: params.toAccountId,
        amountMinor: BigInt(params.amount.replace('.', '')),
        currency: 'USD',
        kind: 'transfer.p2p',
        description: 'Keyed payment',
      });
      return { transactionId: posted.id, amount: formatAmount(-(posted.postings[0]?.amountMinor ?? 0n), 'USD') };
    },
  );
}

async function postingCount(accountId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(ledgerPostings).where(eq(ledgerPostings.accountId, accountId));
  return row?.total ?? 0;
}

describe('transfers behind an idempotency key', () => {
  it('20 concurrent submissions of one key move the money once and all get the same receipt', async () => {
    const from = await fundedAccount(db, { currency: 'USD', amountMinor: 10_000n });
    const to = await fundedAccount(db, { currency: 'USD', amountMinor: 0n });
    const customerId = from.customerId ?? 0;
    const receipts = await Promise.all(
      Array.from({ length: 20 }, () =>
        payWithKey({ customerId, key: 'pay-1', fromAccountId: from.id, toAccountId: to.id, amount: '25.00' }),
      ),
    );
    expect(new Set(receipts.map((receipt) => receipt.transactionId)).size).toBe(1);
    expect(receipts[0]).toMatchObject({ amount: '25.00' });
    expect(await balanceOf(db, from.id)).toBe(7_500n);
    expect(await balanceOf(db, to.id)).toBe(2_500n);
    expect(await postingCount(to.id)).toBe(1);
  });

  it('answers a changed body under the same key with IK and moves nothing more', async () => {
    const from = await fundedAccount(db, { currency: 'USD', amountMinor: 10_000n });
    const to = await fundedAccount(db, { currency: 'USD', amountMinor: 0n });
    const customerId = from.customerId ?? 0;
    await payWithKey({ customerId, key: 'pay-2', fromAccountId: from.id, toAccountId: to.id, amount: '10.00' });
    await expect(
      payWithKey({ customerId, key: 'pay-2', fromAccountId: from.id, toAccountId: to.id, amount: '20.00' }),
    ).rejects.toMatchObject({ code: 'IK' });
    expect(await balanceOf(db, to.id)).toBe(1_000n);
  });

  it('keeps a refusal for insufficient funds: the same key stays refused after the account is funded', async () => {
    const from = await fundedAccount(db, { currency: 'USD', amountMinor: 100n });
    const to = await fundedAccount(db, { currency: 'USD', amountMinor: 0n });
    const customerId = from.customerId ?? 0;
    const attempt = () =>
      payWithKey({ customerId, key: 'pay-3', fromAccountId: from.id, toAccountId: to.id, amount: '5.00' });
    const first: unknown = await attempt().catch((error: unknown) => error);
    expect(first).toBeInstanceOf(AppError);
    expect((first as AppError).toBody()).toMatchObject({
      responseCode: 'VF',
      validationErrors: [{ field: 'amount', message: 'Insufficient funds.' }],
    });
    const clearing = await ledger.systemAccount(db, 'clearing', 'USD');
    await ledger.postTransfer(db, {
      fromAccountId: clearing.id,
      toAccountId: from.id,
      amountMinor: 1_000n,
      currency: 'USD',
      kind: 'test.funding',
      description: 'Top-up',
    });
    await expect(attempt()).rejects.toMatchObject({ code: 'VF' });
    expect(await balanceOf(db, to.id)).toBe(0n);
    // A new key is a new attempt.
    await payWithKey({ customerId, key: 'pay-4', fromAccountId: from.id, toAccountId: to.id, amount: '5.00' });
    expect(await balanceOf(db, to.id)).toBe(500n);
  });
});
