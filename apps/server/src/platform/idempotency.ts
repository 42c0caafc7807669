import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { isResponseCode } from '@app/shared/errors';
import { and, eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { preparedSql, type Database, type Transaction } from '../db/client';
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

const claimKeysStatement = preparedSql<{ scope: string; key: string }>(
  'idempotency_claim_keys',
  `insert into idempotency_keys (scope, key, request_hash, outcome)
  select v.scope, v.key, v.request_hash, null
  from unnest($1::text[], $2::text[], $3::text[]) with ordinality as v(scope, key, request_hash, n)
  order by v.n
  on conflict do nothing
  returning scope, key`,
);

const settleKeysStatement = preparedSql<{ stored: [string, string, IdempotencyOutcome][]; released: number }>(
  'idempotency_settle_keys',
  `with stored as (
    update idempotency_keys as k set outcome = v.outcome
    from unnest($1::text[], $2::text[], $3::jsonb[]) as v(scope, key, outcome)
    where k.scope = v.scope and k.key = v.key and k.outcome is null
    returning k.scope, k.key, k.outcome
  ), released as (
    delete from idempotency_keys as k
    using unnest($4::text[], $5::text[]) as v(scope, key)
    where k.scope = v.scope and k.key = v.key and k.outcome is null
    returning 1
  )
  select
    (select coalesce(json_agg(json_build_array(scope, key, outcome)), '[]'::json) from stored) as stored,
    (select count(*) from released)::int as released`,
);

/** Whether `withIdempotency` would take the key as it is (it answers VF otherwise). */
export function isWellFormedKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/**
 * Group commit (the P2P batch writer): claims many keys in the caller's transaction, in one
 * statement and in (scope, key) order, so two batches never wait on each other's keys crosswise.
 * Returns, in the order given, whether this transaction inserted each key; a key that existed (or
 * appears twice) is not claimed, and its request belongs to `withIdempotency`, which replays or
 * refuses it. The claimed keys must be settled by `settleKeys` before the commit.
 */
export async function claimKeys(tx: Transaction, requests: IdempotencyRequest[]): Promise<boolean[]> {
  requests.forEach(validate);
  const order = requests
    .map((request, index) => ({ request, index }))
    .sort((a, b) =>
      a.request.scope === b.request.scope
        ? a.request.key < b.request.key
          ? -1
          : a.request.key > b.request.key
            ? 1
            : a.index - b.index
        : a.request.scope < b.request.scope
          ? -1
          : 1,
    );
  const rows = await claimKeysStatement(tx, [
    order.map(({ request }) => request.scope),
    order.map(({ request }) => request.key),
    order.map(({ request }) => request.requestHash),
  ]);
  const inserted = new Set(rows.map((row) => `${row.scope} ${row.key}`));
  const seen = new Set<string>();
  return requests.map((request) => {
    const id = `${request.scope} ${request.key}`;
    // The second use of a key in one batch waits for the first, like any concurrent use.
    const isClaimed = inserted.has(id) && !seen.has(id);
    seen.add(id);
    return isClaimed;
  });
}

/**
 * Stores the results of claimed keys and frees the claimed keys of requests the batch gave back
 * (they run again through `withIdempotency`), in one statement. Returns each stored result as a
 * replay will read it back, in the order given.
 */
export async function settleKeys<Result extends Json>(
  tx: Transaction,
  params: { results: { request: IdempotencyRequest; value: Result }[]; released: IdempotencyRequest[] },
): Promise<Result[]> {
  const outcomes = params.results.map(({ value }) => sizeChecked({ kind: 'result', value }));
  const [row] = await settleKeysStatement(tx, [
    params.results.map(({ request }) => request.scope),
    params.results.map(({ request }) => request.key),
    outcomes.map((outcome) => JSON.stringify(outcome)),
    params.released.map((request) => request.scope),
    params.released.map((request) => request.key),
  ]);
  assert.ok(row !== undefined);
  assert.equal(row.stored.length, params.results.length, 'a claimed idempotency key vanished');
  assert.equal(row.released, params.released.length, 'a released idempotency key vanished');
  const stored = new Map(row.stored.map(([scope, key, outcome]) => [`${scope} ${key}`, outcome]));
  return params.results.map(({ request }) => {
    const outcome = stored.get(`${request.scope} ${request.key}`);
    assert.ok(outcome?.kind === 'result');
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
