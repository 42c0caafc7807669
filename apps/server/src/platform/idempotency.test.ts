import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helper';
import type { Database } from '../db/client';
import { auditLog, idempotencyKeys } from '../db/schema/platform';
import { recordAudit } from './audit';
import { AppError, errors } from './errors';
import { purgeIdempotencyKeys, requestHashOf, withIdempotency } from './idempotency';

/**
 * The effect guarded here is an audit entry written in the work's transaction; the ledger's own
 * test (modules/ledger/ledger-idempotency.test.ts) does the same with money.
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

let nextCustomerId = 1_000;

async function effectsFor(customerId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(auditLog).where(eq(auditLog.customerId, customerId));
  return row?.total ?? 0;
}

/** One audited effect, answered with a small receipt. */
function guardedEffect(customerId: number, key: string, body: Record<string, unknown>, onRun?: () => void) {
  return withIdempotency(
    db,
    { scope: `customer:${customerId}`, key, requestHash: requestHashOf({ method: 'test', body }) },
    async (tx) => {
      onRun?.();
      await recordAudit(tx, { actorUserId: null, customerId, action: 'test.effect', details: body, ip: null });
      return { receipt: `paid ${String(body.amount)}`, at: 'first' };
    },
  );
}

async function caught(work: Promise<unknown>): Promise<AppError> {
  const error: unknown = await work.then(
    () => undefined,
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('withIdempotency', () => {
  it('answers the same key and request with the first result, and the effect happens once', async () => {
    const customerId = (nextCustomerId += 1);
    let runs = 0;
    const first = await guardedEffect(customerId, 'key-1', { amount: '10.00' }, () => (runs += 1));
    const second = await guardedEffect(customerId, 'key-1', { amount: '10.00' }, () => (runs += 1));
    expect(first).toEqual({ receipt: 'paid 10.00', at: 'first' });
    expect(second).toEqual(first);
    expect(runs).toBe(1);
    expect(await effectsFor(customerId)).toBe(1);
  });

  it('refuses the same key with another request: IK, 409, and no second effect', async () => {
    const customerId = (nextCustomerId += 1);
    await guardedEffect(customerId, 'key-2', { amount: '10.00' });
    const error = await caught(guardedEffect(customerId, 'key-2', { amount: '99.00' }));
    expect(error.code).toBe('IK');
    expect(error.httpStatus).toBe(409);
    expect(await effectsFor(customerId)).toBe(1);
  });

  it('runs the work once for 20 concurrent first uses of one key; all get the same answer', async () => {
    const customerId = (nextCustomerId += 1);
    let runs = 0;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => guardedEffect(customerId, 'key-3', { amount: '5.00' }, () => (runs += 1))),
    );
    expect(runs).toBe(1);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(await effectsFor(customerId)).toBe(1);
  });

  it('keeps scopes apart: two customers may use the same key', async () => {
    const first = (nextCustomerId += 1);
    const second = (nextCustomerId += 1);
    await guardedEffect(first, 'shared-key', { amount: '1.00' });
    await guardedEffect(second, 'shared-key', { amount: '2.00' });
    expect([await effectsFor(first), await effectsFor(second)]).toEqual([1, 1]);
  });

  it('stores an expected refusal as the answer: the retry gets it again and nothing runs', async () => {
    const customerId = (nextCustomerId += 1);
    let runs = 0;
    const refuse = () =>
      withIdempotency(
        db,
        { scope: `customer:${customerId}`, key: 'key-4', requestHash: requestHashOf({ amount: '7.00' }) },
        async (tx) => {
          runs += 1;
          await recordAudit(tx, { actorUserId: null, customerId, action: 'test.effect', ip: null });
          // Refused after a write: the write must roll back with it.
          throw errors.validation([{ field: 'amount', message: 'Insufficient funds.' }]);
        },
      );
    const first = await caught(refuse());
    const second = await caught(refuse());
    expect(first.toBody()).toEqual({
      responseCode: 'VF',
      responseDescription: 'Please check the highlighted fields.',
      validationErrors: [{ field: 'amount', message: 'Insufficient funds.' }],
    });
    expect(second.toBody()).toEqual(first.toBody());
    expect(runs).toBe(1);
    expect(await effectsFor(customerId)).toBe(0);
  });

  it('stores nothing when the work fails with a bug: the effect rolls back and a retry runs again', async () => {
    const customerId = (nextCustomerId += 1);
    const request = { scope: `customer:${customerId}`, key: 'key-5', requestHash: requestHashOf({ amount: '1.00' }) };
    await expect(
      withIdempotency(db, request, async (tx) => {
        await recordAudit(tx, { actorUserId: null, customerId, action: 'test.effect', ip: null });
        throw new Error('process died halfway');
      }),
    ).rejects.toThrow('process died halfway');
    expect(await effectsFor(customerId)).toBe(0);
    expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.scope, request.scope))).toEqual([]);
    expect(await guardedEffect(customerId, 'key-5', { amount: '1.00' })).toEqual({
      receipt: 'paid 1.00',
      at: 'first',
    });
    expect(await effectsFor(customerId)).toBe(1);
  });

  it('refuses a key that is too long or has spaces with VF on idempotencyKey', async () => {
    for (const key of ['', 'has space', 'k'.repeat(129), 'ключ']) {
      const error = await caught(guardedEffect((nextCustomerId += 1), key, { amount: '1.00' }));
      expect(error.code).toBe('VF');
      expect(error.validationErrors?.[0]?.field).toBe('idempotencyKey');
    }
    expect(await guardedEffect((nextCustomerId += 1), 'k'.repeat(128), { amount: '1.00' })).toMatchObject({
      at: 'first',
    });
  });

  it('must own its transaction', async () => {
    await expect(db.transaction((tx) => guardedEffectIn(tx))).rejects.toThrow('withIdempotency owns the transaction');
  });

  it('purges keys older than the retention', async () => {
    const customerId = (nextCustomerId += 1);
    await guardedEffect(customerId, 'old-key', { amount: '1.00' });
    expect(await purgeIdempotencyKeys(db, { createdBefore: new Date(Date.now() - 60_000) })).toBe(0);
    expect(await purgeIdempotencyKeys(db, { createdBefore: new Date(Date.now() + 60_000) })).toBeGreaterThan(0);
    const [left] = await db.select({ total: count() }).from(idempotencyKeys);
    expect(left?.total).toBe(0);
  });
});

function guardedEffectIn(tx: Database) {
  return withIdempotency(tx, { scope: 'customer:1', key: 'nested', requestHash: requestHashOf({}) }, () =>
    Promise.resolve(null),
  );
}

describe('requestHashOf', () => {
  it('ignores key order and undefined fields, and tells values apart', () => {
    expect(requestHashOf({ a: 1, b: { c: '2', d: [1, 2] } })).toBe(
      requestHashOf({ b: { d: [1, 2], c: '2' }, a: 1, e: undefined }),
    );
    expect(requestHashOf({ amount: '10.00' })).not.toBe(requestHashOf({ amount: '10.0' }));
    expect(requestHashOf({ amountMinor: 5n })).not.toBe(requestHashOf({ amountMinor: '5' }));
    expect(requestHashOf({ amountMinor: 5n })).toMatch(/^[0-9a-f]{64}$/);
  });
});
