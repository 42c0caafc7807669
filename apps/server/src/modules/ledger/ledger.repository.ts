import { and, asc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  ledgerAccounts,
  ledgerBalanceShards,
  ledgerHolds,
  ledgerPostings,
  ledgerTransactions,
  type LedgerHoldStatus,
  type LedgerSystemPurpose,
} from '../../db/schema/ledger';

/**
 * Queries of the ledger. Rules, lock order and assertions live in the service; these only read and
 * write. Raw SQL returns int8 as a string (node-postgres) or a number (PGlite), so amounts leave
 * raw statements as text and become `bigint` here.
 */

export type AccountRow = typeof ledgerAccounts.$inferSelect;
export type HoldRow = typeof ledgerHolds.$inferSelect;
export type TransactionRow = typeof ledgerTransactions.$inferSelect;
export type PostingRow = typeof ledgerPostings.$inferSelect;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** `sum(bigint)` is numeric; as text it survives both drivers exactly. */
const shardTotal =
  sql<bigint>`coalesce((select sum(${ledgerBalanceShards.balanceMinor}) from ${ledgerBalanceShards} where ${ledgerBalanceShards.accountId} = ${ledgerAccounts.id}), 0)::text`.mapWith(
    (value: string) => BigInt(value),
  );

/* Accounts */

export async function insertAccount(db: Database, values: typeof ledgerAccounts.$inferInsert): Promise<AccountRow> {
  const [row] = await db.insert(ledgerAccounts).values(values).returning();
  if (row === undefined) throw new Error('insert into ledger_accounts returned no row');
  return row;
}

/** Creates the system account unless one exists for the purpose and currency; null when it existed. */
export async function insertSystemAccountIfAbsent(
  db: Database,
  values: { purpose: LedgerSystemPurpose; currency: string; assetScale: number; balanceShardCount: number },
): Promise<AccountRow | null> {
  const [row] = await db
    .insert(ledgerAccounts)
    .values({ ...values, customerId: null, minimumBalanceMinor: null })
    .onConflictDoNothing({
      target: [ledgerAccounts.purpose, ledgerAccounts.currency],
      where: sql`${ledgerAccounts.customerId} is null`,
    })
    .returning();
  return row ?? null;
}

export async function insertBalanceShards(db: Database, params: { accountId: number; count: number }): Promise<void> {
  if (params.count === 0) return;
  await db
    .insert(ledgerBalanceShards)
    .values(Array.from({ length: params.count }, (_, shard) => ({ accountId: params.accountId, shard })));
}

export async function findSystemAccount(
  db: Database,
  params: { purpose: LedgerSystemPurpose; currency: string },
): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.purpose, params.purpose),
        eq(ledgerAccounts.currency, params.currency),
        isNull(ledgerAccounts.customerId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Accounts with their shards' total: the balance is `balanceMinor + shardBalanceMinor`. */
export async function findAccountsWithShards(
  db: Database,
  params: { accountIds?: number[]; customerId?: number },
): Promise<(AccountRow & { shardBalanceMinor: bigint })[]> {
  const conditions: SQL[] = [];
  if (params.accountIds !== undefined) conditions.push(inArray(ledgerAccounts.id, params.accountIds));
  if (params.customerId !== undefined) conditions.push(eq(ledgerAccounts.customerId, params.customerId));
  const rows = await db
    .select({ account: ledgerAccounts, shardBalanceMinor: shardTotal })
    .from(ledgerAccounts)
    .where(and(...conditions))
    .orderBy(asc(ledgerAccounts.id));
  return rows.map((row) => ({ ...row.account, shardBalanceMinor: row.shardBalanceMinor }));
}

export async function findAccounts(db: Database, params: { accountIds: number[] }): Promise<AccountRow[]> {
  if (params.accountIds.length === 0) return [];
  return db.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, params.accountIds));
}

/**
 * Locks, in ascending id order (one statement: PostgreSQL locks the rows as the sort emits them),
 * the listed accounts that must be locked: every ordinary account; a hot one only when its held
 * amount changes or when it has a floor and is debited. FOR NO KEY UPDATE, not FOR UPDATE: it
 * still excludes every other writer of the row, but not the KEY SHARE locks of foreign-key checks.
 */
export async function lockAccounts(
  db: Database,
  params: { accountIds: number[]; heldIds: number[]; debitedIds: number[] },
): Promise<AccountRow[]> {
  if (params.accountIds.length === 0) return [];
  const lockedWhenHot: SQL[] = [];
  if (params.heldIds.length > 0) lockedWhenHot.push(inArray(ledgerAccounts.id, params.heldIds));
  if (params.debitedIds.length > 0) {
    lockedWhenHot.push(
      sql`(${ledgerAccounts.minimumBalanceMinor} is not null and ${inArray(ledgerAccounts.id, params.debitedIds)})`,
    );
  }
  return db
    .select()
    .from(ledgerAccounts)
    .where(
      and(inArray(ledgerAccounts.id, params.accountIds), or(eq(ledgerAccounts.balanceShardCount, 0), ...lockedWhenHot)),
    )
    .orderBy(asc(ledgerAccounts.id))
    .for('no key update');
}

export async function sumBalanceShards(db: Database, params: { accountIds: number[] }): Promise<Map<number, bigint>> {
  if (params.accountIds.length === 0) return new Map();
  const rows = await db
    .select({
      accountId: ledgerBalanceShards.accountId,
      total: sql<string>`sum(${ledgerBalanceShards.balanceMinor})::text`,
    })
    .from(ledgerBalanceShards)
    .where(inArray(ledgerBalanceShards.accountId, params.accountIds))
    .groupBy(ledgerBalanceShards.accountId);
  return new Map(rows.map((row) => [row.accountId, BigInt(row.total)]));
}

/** Adds the deltas to locked account rows in one statement; returns the stored results. */
export async function addToAccounts(
  db: Database,
  changes: { accountId: number; balanceDeltaMinor: bigint; heldDeltaMinor: bigint }[],
): Promise<Map<number, { balanceMinor: bigint; heldMinor: bigint }>> {
  if (changes.length === 0) return new Map();
  const values = sql.join(
    changes.map(
      (change) =>
        sql`(${change.accountId}::bigint, ${change.balanceDeltaMinor.toString()}::bigint, ${change.heldDeltaMinor.toString()}::bigint)`,
    ),
    sql`, `,
  );
  const result = await db.execute(sql`
    update ledger_accounts as a
    set balance_minor = a.balance_minor + v.balance_delta, held_minor = a.held_minor + v.held_delta
    from (values ${values}) as v(id, balance_delta, held_delta)
    where a.id = v.id
    returning a.id::text as id, a.balance_minor::text as balance_minor, a.held_minor::text as held_minor`);
  return new Map(
    rowsOf<{ id: string; balance_minor: string; held_minor: string }>(result).map((row) => [
      Number(row.id),
      { balanceMinor: BigInt(row.balance_minor), heldMinor: BigInt(row.held_minor) },
    ]),
  );
}

/** Adds to one shard of a hot account; null when the shard is gone (the account was closed). */
export async function addToBalanceShard(
  db: Database,
  params: { accountId: number; shard: number; deltaMinor: bigint },
): Promise<bigint | null> {
  const [row] = await db
    .update(ledgerBalanceShards)
    .set({ balanceMinor: sql`${ledgerBalanceShards.balanceMinor} + ${params.deltaMinor.toString()}::bigint` })
    .where(and(eq(ledgerBalanceShards.accountId, params.accountId), eq(ledgerBalanceShards.shard, params.shard)))
    .returning({ balanceMinor: ledgerBalanceShards.balanceMinor });
  return row?.balanceMinor ?? null;
}

/** Locks a hot account's shards in shard order (after its row, as every writer does). */
export async function lockBalanceShards(
  db: Database,
  params: { accountId: number },
): Promise<{ shard: number; balanceMinor: bigint }[]> {
  return db
    .select({ shard: ledgerBalanceShards.shard, balanceMinor: ledgerBalanceShards.balanceMinor })
    .from(ledgerBalanceShards)
    .where(eq(ledgerBalanceShards.accountId, params.accountId))
    .orderBy(asc(ledgerBalanceShards.shard))
    .for('update');
}

export async function deleteBalanceShards(db: Database, params: { accountId: number }): Promise<void> {
  await db.delete(ledgerBalanceShards).where(eq(ledgerBalanceShards.accountId, params.accountId));
}

export async function markAccountClosed(
  db: Database,
  params: { accountId: number; balanceMinor: bigint; closedAt: Date },
): Promise<void> {
  await db
    .update(ledgerAccounts)
    .set({ status: 'closed', closedAt: params.closedAt, balanceMinor: params.balanceMinor })
    .where(eq(ledgerAccounts.id, params.accountId));
}

export async function countPendingHoldsTouching(db: Database, params: { accountId: number }): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(ledgerHolds)
    .where(
      and(
        eq(ledgerHolds.status, 'pending'),
        sql`(${ledgerHolds.accountId} = ${params.accountId} or ${ledgerHolds.toAccountId} = ${params.accountId})`,
      ),
    );
  return row?.total ?? 0;
}

/* Transactions and postings */

export interface NewPosting {
  accountId: number;
  amountMinor: bigint;
  currency: string;
}

/**
 * Inserts a transaction and its postings in one statement. For a reversal the insert is also the
 * once-only gate: null when the original already has a reversal.
 */
export async function insertTransactionWithPostings(
  db: Database,
  params: {
    kind: string;
    description: string;
    metadata: Record<string, unknown> | null;
    reversesTransactionId: number | null;
    postings: NewPosting[];
  },
): Promise<{ id: number; createdAt: Date } | null> {
  const postingValues = sql.join(
    params.postings.map(
      (posting) =>
        sql`(${posting.accountId}::bigint, ${posting.amountMinor.toString()}::bigint, ${posting.currency}::text)`,
    ),
    sql`, `,
  );
  const metadata = params.metadata === null ? null : JSON.stringify(params.metadata);
  const onReversalConflict =
    params.reversesTransactionId === null
      ? sql``
      : sql`on conflict (reverses_transaction_id) where reverses_transaction_id is not null do nothing`;
  const result = await db.execute(sql`
    with t as (
      insert into ledger_transactions (kind, description, reverses_transaction_id, metadata)
      values (${params.kind}, ${params.description}, ${params.reversesTransactionId}::bigint, ${metadata}::jsonb)
      ${onReversalConflict}
      returning id, created_at
    ), p as (
      insert into ledger_postings (transaction_id, account_id, amount_minor, currency, created_at)
      select t.id, v.account_id, v.amount_minor, v.currency, t.created_at
      from t, (values ${postingValues}) as v(account_id, amount_minor, currency)
      returning 1
    )
    select t.id::text as id, to_json(t.created_at) #>> '{}' as created_at, (select count(*) from p)::int as posting_count
    from t`);
  const [row] = rowsOf<{ id: string; created_at: string; posting_count: number }>(result);
  if (row === undefined) return null;
  if (row.posting_count !== params.postings.length) {
    throw new Error(`inserted ${row.posting_count} of ${params.postings.length} postings`);
  }
  return { id: Number(row.id), createdAt: new Date(row.created_at) };
}

/** Locks the transaction row so that two reversals of it queue instead of racing. */
export async function lockTransaction(db: Database, params: { transactionId: number }): Promise<TransactionRow | null> {
  const [row] = await db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.id, params.transactionId))
    .for('no key update');
  return row ?? null;
}

export async function findTransaction(db: Database, params: { transactionId: number }): Promise<TransactionRow | null> {
  const [row] = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, params.transactionId));
  return row ?? null;
}

export async function findReversalOf(db: Database, params: { transactionId: number }): Promise<number | null> {
  const [row] = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.reversesTransactionId, params.transactionId))
    .limit(1);
  return row?.id ?? null;
}

export async function findPostings(db: Database, params: { transactionId: number }): Promise<PostingRow[]> {
  return db
    .select()
    .from(ledgerPostings)
    .where(eq(ledgerPostings.transactionId, params.transactionId))
    .orderBy(asc(ledgerPostings.id));
}

/* Holds */

export async function insertHold(db: Database, values: typeof ledgerHolds.$inferInsert): Promise<HoldRow> {
  const [row] = await db.insert(ledgerHolds).values(values).returning();
  if (row === undefined) throw new Error('insert into ledger_holds returned no row');
  return row;
}

export async function findHold(db: Database, params: { holdId: number }): Promise<HoldRow | null> {
  const [row] = await db.select().from(ledgerHolds).where(eq(ledgerHolds.id, params.holdId));
  return row ?? null;
}

/**
 * The exactly-once gate of a hold: moves it out of 'pending' if — and only if — it still is, and,
 * when posting, has not reached its expiry. A concurrent resolver waits on the row and then finds
 * it resolved. Returns the hold, or null when this caller lost.
 */
export async function resolvePendingHold(
  db: Database,
  params: { holdId: number; status: Exclude<LedgerHoldStatus, 'pending'>; now: Date; unexpiredOnly: boolean },
): Promise<HoldRow | null> {
  const [row] = await db
    .update(ledgerHolds)
    .set({ status: params.status, resolvedAt: params.now })
    .where(
      and(
        eq(ledgerHolds.id, params.holdId),
        eq(ledgerHolds.status, 'pending'),
        params.unexpiredOnly ? sql`${ledgerHolds.expiresAt} > ${params.now.toISOString()}::timestamptz` : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

export async function recordHoldPosting(
  db: Database,
  params: { holdId: number; transactionId: number; postedAmountMinor: bigint },
): Promise<void> {
  await db
    .update(ledgerHolds)
    .set({ postedTransactionId: params.transactionId, postedAmountMinor: params.postedAmountMinor })
    .where(eq(ledgerHolds.id, params.holdId));
}

/** Expired pending holds no other process is working on, locked; the oldest first. */
export async function lockExpiredHolds(db: Database, params: { now: Date; limit: number }): Promise<HoldRow[]> {
  return db
    .select()
    .from(ledgerHolds)
    .where(and(eq(ledgerHolds.status, 'pending'), lte(ledgerHolds.expiresAt, params.now)))
    .orderBy(asc(ledgerHolds.expiresAt), asc(ledgerHolds.id))
    .limit(params.limit)
    .for('update', { skipLocked: true });
}

export async function markHoldsExpired(db: Database, params: { holdIds: number[]; now: Date }): Promise<number> {
  if (params.holdIds.length === 0) return 0;
  const rows = await db
    .update(ledgerHolds)
    .set({ status: 'expired', resolvedAt: params.now })
    .where(and(inArray(ledgerHolds.id, params.holdIds), eq(ledgerHolds.status, 'pending')))
    .returning({ id: ledgerHolds.id });
  return rows.length;
}
