import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { isResponseCode } from '@app/shared/errors';
import { and, eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { type Database, type Transaction } from '../db/client';
import { idempotencyKeys, type IdempotencyOutcome } from '../db/schema/platform';
import { AppError, errors } from './errors';

/**
 * Idempotency keys for money-moving calls (DESIGN.md §4): the same key with the same request gets
 * the first answer again and causes no second effect; with another request it is a conflict (IK).
 *
 * The key row is inserted first, in the same database transaction as the effect, and the outcome
 * is written before the commit: a crash loses the key and the effect together, never one of them.
 * A second use of a key that is still in flight waits on that insert (`ON CONFLICT DO NOTHING`
 * blocks until the first transaction ends) and then reads the stored outcome; if the first one
 * rolled back, the second claims the key and runs the work itself.
 *
 * Expected failures (an `AppError`: insufficient funds, a closed account…) are answers too: they
 * are stored, so a retry with the same key gets the same refusal instead of succeeding later (a
 * client makes a new key for a new attempt, as TigerBeetle does with the ids of failed transfers).
 * Bugs and database errors store nothing; the key stays free for a retry.
 */

/** What a stored result may hold: plain JSON. Amounts go as decimal strings, never bigint. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json | undefined };

export interface IdempotencyRequest {
  /** Whose key this is, e.g. `customer:42`; two customers may send the same key. */
  scope: string;
  /** The client's key, e.g. a UUID: printable ASCII without spaces, 1–128 characters. */
  key: string;
  /** `requestHashOf(...)` of what the request asks for (method and parameters, not the key). */
  requestHash: string;
}

export const MAX_IDEMPOTENCY_KEY_LENGTH = 128;
const KEY_PATTERN = /^[\x21-\x7e]{1,128}$/;
const SCOPE_PATTERN = /^[a-z][a-zA-Z0-9]*(:[a-zA-Z0-9_-]+)+$/;
const MAX_SCOPE_LENGTH = 128;
const HASH_PATTERN = /^[0-9a-f]{64}$/;
/** A stored answer is a small receipt; anything larger is a bug in the caller. */
const MAX_OUTCOME_BYTES = 16_384;
/** Keys are kept this long, then a job may purge them; a retry after that is a new request. */
export const IDEMPOTENCY_KEY_RETENTION_DAYS = 30;
const PURGE_BATCH_LIMIT = 10_000;

function canonicalOf(value: unknown): unknown {
  if (typeof value === 'bigint') return `${value.toString()}n`;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonicalOf);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => item !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, item]) => [key, canonicalOf(item)]),
    );
  }
  return value;
}

/** SHA-256 of the canonical JSON of a request: key order and undefined fields do not matter. */
export function requestHashOf(request: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonicalOf(request)))
    .digest('hex');
}

function validate(request: IdempotencyRequest): void {
  if (!KEY_PATTERN.test(request.key)) {
    throw errors.validation([
      {
        field: 'idempotencyKey',
        message: `The request key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable characters without spaces.`,
      },
    ]);
  }
  assert.ok(
    request.scope.length <= MAX_SCOPE_LENGTH && SCOPE_PATTERN.test(request.scope),
    `idempotency scope "${request.scope}" must look like customer:42`,
  );
  assert.ok(HASH_PATTERN.test(request.requestHash), 'the request hash must be requestHashOf(...)');
}

function replay(outcome: IdempotencyOutcome): unknown {
  if (outcome.kind === 'result') return outcome.value;
  assert.ok(isResponseCode(outcome.code) && outcome.code !== '00' && outcome.code !== 'AE');
  throw new AppError(outcome.code, outcome.description, {
    ...(outcome.validationErrors === undefined ? {} : { validationErrors: outcome.validationErrors }),
  });
}

function outcomeOfError(error: AppError): IdempotencyOutcome {
  return {
    kind: 'error',
    code: error.code,
    description: error.message,
    ...(error.validationErrors === undefined ? {} : { validationErrors: error.validationErrors }),
  };
}

function keyCondition(request: IdempotencyRequest) {
  return and(eq(idempotencyKeys.scope, request.scope), eq(idempotencyKeys.key, request.key));
}

/** Claims the key in `tx`: true when this transaction inserted it, false when it existed (committed). */
async function claim(tx: Database, request: IdempotencyRequest, outcome: IdempotencyOutcome | null): Promise<boolean> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ scope: request.scope, key: request.key, requestHash: request.requestHash, outcome })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length === 1;
}

/** The committed outcome of a key someone else claimed; IK when it was for another request. */
async function storedOutcome(tx: Database, request: IdempotencyRequest): Promise<IdempotencyOutcome> {
  const [row] = await tx.select().from(idempotencyKeys).where(keyCondition(request));
  assert.ok(row !== undefined, 'a conflicting idempotency key is not visible after its commit');
  if (row.requestHash !== request.requestHash) throw errors.idempotencyConflict();
  assert.ok(row.outcome !== null, 'a committed idempotency key has no outcome');
  return row.outcome;
}

function sizeChecked(outcome: IdempotencyOutcome): IdempotencyOutcome {
  assert.ok(
    Buffer.byteLength(JSON.stringify(outcome)) <= MAX_OUTCOME_BYTES,
    'an idempotent result is too large to store',
  );
  return outcome;
}

/**
 * Runs `work` once per key, in one database transaction with the key, and answers every use of the
 * key with the first outcome. `db` must be the root database: this function owns the transaction,
 * and its key insert must be the first lock the transaction takes (the ledger's lock order).
 */
export async function withIdempotency<Result extends Json>(
  db: Database,
  request: IdempotencyRequest,
  work: (tx: Transaction) => Promise<Result>,
): Promise<Result> {
  assert.ok(!(db instanceof PgTransaction), 'withIdempotency owns the transaction: pass the root database');
  validate(request);
  let outcome: IdempotencyOutcome;
  try {
    outcome = await db.transaction(async (tx) => {
      if (!(await claim(tx, request, null))) return storedOutcome(tx, request);
      const result = sizeChecked({ kind: 'result', value: await work(tx) });
      // The first caller gets what a replay will read back (jsonb orders keys its own way).
      const [stored] = await tx
        .update(idempotencyKeys)
        .set({ outcome: result })
        .where(keyCondition(request))
        .returning({ outcome: idempotencyKeys.outcome });
      assert.ok(stored?.outcome != null, 'the claimed idempotency key vanished');
      return stored.outcome;
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.code === 'IK') throw error;
    // The work refused: its transaction rolled back, effects and key together. Record the refusal
    // as the key's answer — unless a concurrent use of the key got there first; then theirs stands.
    const refusal = sizeChecked(outcomeOfError(error));
    outcome = await db.transaction(async (tx) => {
      if (await claim(tx, request, refusal)) return refusal;
      return storedOutcome(tx, request);
    });
  }
  return replay(outcome) as Result;
}

/** Whether `withIdempotency` would take the key as it is (it answers VF otherwise). */
export function isWellFormedKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/**
 * Group commit (the P2P batch writer): the CTE `name` of a caller's statement that stores many
 * keys with their results at once, first in the statement and in (scope, key) order, as every
 * writer takes a key before anything else. Parameters from `$first` (`settledKeyParametersOf`):
 * scopes, keys, request hashes, outcomes. A key that exists, or that another transaction holds
 * and then commits, is left out of what the CTE returns (scope, key and the outcome as stored):
 * the caller checks that it returns every key, and otherwise fails its whole statement.
 */
export function settledKeysCte(params: { name: string; first: number }): string {
  const [scopes, keys, hashes, outcomes] = [0, 1, 2, 3].map((offset) => `$${params.first + offset}`);
  return `${params.name} as (
    insert into idempotency_keys (scope, key, request_hash, outcome)
    select v.scope, v.key, v.request_hash, v.outcome
    from unnest(${scopes}::text[], ${keys}::text[], ${hashes}::text[], ${outcomes}::jsonb[])
      with ordinality as v(scope, key, request_hash, outcome, n)
    order by v.n
    on conflict do nothing
    returning scope, key, outcome
  )`;
}

function keyIdOf(request: Pick<IdempotencyRequest, 'scope' | 'key'>): string {
  return `${request.scope} ${request.key}`;
}

/** The parameters of `settledKeysCte` for results of distinct keys, in (scope, key) order. */
export function settledKeyParametersOf(results: { request: IdempotencyRequest; value: Json }[]): unknown[] {
  results.forEach(({ request }) => validate(request));
  assert.equal(new Set(results.map(({ request }) => keyIdOf(request))).size, results.length, 'a key given twice');
  const sorted = [...results].sort((a, b) =>
    a.request.scope === b.request.scope
      ? a.request.key < b.request.key
        ? -1
        : 1
      : a.request.scope < b.request.scope
        ? -1
        : 1,
  );
  return [
    sorted.map(({ request }) => request.scope),
    sorted.map(({ request }) => request.key),
    sorted.map(({ request }) => request.requestHash),
    sorted.map(({ value }) => JSON.stringify(sizeChecked({ kind: 'result', value }))),
  ];
}

/** Each stored result as a replay will read it back (jsonb orders keys its own way), in the order given. */
export function storedResultsOf<Result extends Json>(
  requests: IdempotencyRequest[],
  stored: [string, string, IdempotencyOutcome][],
): Result[] {
  const outcomes = new Map(stored.map(([scope, key, outcome]) => [keyIdOf({ scope, key }), outcome]));
  return requests.map((request) => {
    const outcome = outcomes.get(keyIdOf(request));
    assert.ok(outcome?.kind === 'result', 'a settled idempotency key was not stored');
    return outcome.value as Result;
  });
}

/** Deletes keys older than `createdBefore`, at most 10 000 per call; returns how many. For a daily job. */
export async function purgeIdempotencyKeys(db: Database, params: { createdBefore: Date }): Promise<number> {
  const result = await db.execute(sql`
    delete from ${idempotencyKeys}
    where (scope, key) in (
      select scope, key from ${idempotencyKeys}
      where created_at < ${params.createdBefore.toISOString()}::timestamptz
      limit ${PURGE_BATCH_LIMIT}
    )
    returning 1`);
  return (result as { rows: unknown[] }).rows.length;
}
