import { and, asc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { preparedSql, type Database } from '../../db/client';
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

/** The lock condition of `lockAccounts`, on `ledger_accounts` columns: $1 all ids, $2 held, $3 debited. */
const MUST_LOCK = `(balance_shard_count = 0 or id = any($2::bigint[])
      or (minimum_balance_minor is not null and id = any($3::bigint[])))`;
const ACCOUNT_COLUMNS = `id::text as id, customer_id, purpose, currency, asset_scale, status,
    balance_minor::text as balance_minor, held_minor::text as held_minor,
    minimum_balance_minor::text as minimum_balance_minor, balance_shard_count,
    to_json(created_at) #>> '{}' as created_at, to_json(closed_at) #>> '{}' as closed_at`;

/**
 * `lockAccounts` and `findAccounts` of the rest in one round trip: the locked rows come from the
 * locking CTE (so they are the versions the locks were granted on, not the statement's snapshot),
 * the others are read. The lock order is the CTE's: PostgreSQL sorts, then locks.
 */
const lockAndReadStatement = preparedSql<{
  id: string;
  customer_id: number | null;
  purpose: AccountRow['purpose'];
  currency: string;
  asset_scale: number;
  status: AccountRow['status'];
  balance_minor: string;
  held_minor: string;
  minimum_balance_minor: string | null;
  balance_shard_count: number;
  created_at: string;
  closed_at: string | null;
  is_locked: boolean;
}>(
  'ledger_lock_and_read_accounts',
  `with locked as (
    select * from ledger_accounts
    where id = any($1::bigint[]) and ${MUST_LOCK}
    order by id
    for no key update
  )
  select ${ACCOUNT_COLUMNS}, true as is_locked from locked
  union all
  select ${ACCOUNT_COLUMNS}, false as is_locked from ledger_accounts
  where id = any($1::bigint[]) and not ${MUST_LOCK}`,
);

export async function lockAndReadAccounts(
  db: Database,
  params: { accountIds: number[]; heldIds: number[]; debitedIds: number[] },
): Promise<{ row: AccountRow; isLocked: boolean }[]> {
  if (params.accountIds.length === 0) return [];
  const rows = await lockAndReadStatement(db, [params.accountIds, params.heldIds, params.debitedIds]);
  return rows.map((row) => ({
    isLocked: row.is_locked,
    row: {
      id: Number(row.id),
      customerId: row.customer_id,
      purpose: row.purpose,
      currency: row.currency,
      assetScale: row.asset_scale,
      status: row.status,
      balanceMinor: BigInt(row.balance_minor),
      heldMinor: BigInt(row.held_minor),
      minimumBalanceMinor: row.minimum_balance_minor === null ? null : BigInt(row.minimum_balance_minor),
      balanceShardCount: row.balance_shard_count,
      createdAt: new Date(row.created_at),
      closedAt: row.closed_at === null ? null : new Date(row.closed_at),
    },
  }));
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
 * The writes of one step of a movement in one round trip: the transaction and its postings (none
 * for a movement of held amounts only), the deltas of the locked account rows, and the deltas of
 * hot accounts on their shards. For a reversal the transaction insert is the once-only gate, and
 * nothing else is written when it finds the original reversed. The shard rows are locked in
 * (account, shard) order before they are written, as every writer does (ledger-engine.ts).
 */
/**
 * The CTEs `shard_locks` and `s` of a write: the hot accounts' shard rows locked in (account,
 * shard) order, then each given its delta; parameters `$first`…`$first + 2` are the account ids,
 * shards and deltas. `s` returns the accounts whose shard was written.
 */
function shardWriteCtes(params: { first: number; when: string }): string {
  const [accounts, shards, deltas] = [0, 1, 2].map((offset) => `$${params.first + offset}`);
  return `shard_locks as (
    select b.account_id, b.shard
    from ledger_balance_shards as b
    join unnest(${accounts}::bigint[], ${shards}::smallint[]) as v(account_id, shard) on b.account_id = v.account_id and b.shard = v.shard
    where ${params.when}
    order by b.account_id, b.shard
    for no key update of b
  ), s as (
    update ledger_balance_shards as b
    set balance_minor = b.balance_minor + v.delta
    from shard_locks as l
    join unnest(${accounts}::bigint[], ${shards}::smallint[], ${deltas}::bigint[]) as v(account_id, shard, delta)
      on v.account_id = l.account_id and v.shard = l.shard
    where b.account_id = l.account_id and b.shard = l.shard
    returning b.account_id
  )`;
}

const writeMovementStatement = preparedSql<{
  transaction_id: string | null;
  created_at: string | null;
  posting_count: number;
  accounts: [string, string, string][];
  shard_account_ids: string[];
}>(
  'ledger_write_movement',
  `with t as (
    insert into ledger_transactions (kind, description, reverses_transaction_id, metadata)
    select $2::text, $3::text, $4::bigint, $5::jsonb
    where $1::boolean
    on conflict (reverses_transaction_id) where reverses_transaction_id is not null do nothing
    returning id, created_at
  ), p as (
    insert into ledger_postings (transaction_id, account_id, amount_minor, currency, created_at)
    select t.id, v.account_id, v.amount_minor, v.currency, t.created_at
    from t, unnest($6::bigint[], $7::bigint[], $8::text[]) as v(account_id, amount_minor, currency)
    returning 1
  ), gate as (
    select not $1::boolean or exists (select 1 from t) as is_open
  ), a as (
    update ledger_accounts as account
    set balance_minor = account.balance_minor + v.balance_delta, held_minor = account.held_minor + v.held_delta
    from unnest($9::bigint[], $10::bigint[], $11::bigint[]) as v(id, balance_delta, held_delta), gate
    where account.id = v.id and gate.is_open
    returning account.id, account.balance_minor, account.held_minor
  ), ${shardWriteCtes({ first: 12, when: '(select is_open from gate)' })}
  select
    (select id::text from t) as transaction_id,
    (select to_json(created_at) #>> '{}' from t) as created_at,
    (select count(*) from p)::int as posting_count,
    (select coalesce(json_agg(json_build_array(id::text, balance_minor::text, held_minor::text)), '[]'::json) from a)
      as accounts,
    (select coalesce(json_agg(account_id::text), '[]'::json) from s) as shard_account_ids`,
);

export interface MovementWrite {
  /** null: the step changes held amounts only. */
  transaction: {
    kind: string;
    description: string;
    metadata: Record<string, unknown> | null;
    reversesTransactionId: number | null;
    postings: NewPosting[];
  } | null;
  /** Deltas of locked account rows. */
  accountChanges: { accountId: number; balanceDeltaMinor: bigint; heldDeltaMinor: bigint }[];
  /** Deltas of hot accounts, each on the shard drawn for it; at most one per account. */
  shardChanges: { accountId: number; shard: number; deltaMinor: bigint }[];
}

export interface MovementWritten {
  /** null when the step had no transaction, or its reversal gate found the original reversed. */
  transaction: { id: number; createdAt: Date; postingCount: number } | null;
  /** The stored balance and held amount of every changed account row. */
  accounts: Map<number, { balanceMinor: bigint; heldMinor: bigint }>;
  /** Hot accounts whose shard was written; one missing had its shards deleted (it closed). */
  shardAccountIds: Set<number>;
}

/** The postings', account deltas' and shard deltas' parameters of a write, in the statements' order. */
function changeParametersOf(
  postings: NewPosting[],
  write: Pick<MovementWrite, 'accountChanges' | 'shardChanges'>,
): unknown[] {
  return [
    postings.map((posting) => posting.accountId),
    postings.map((posting) => posting.amountMinor.toString()),
    postings.map((posting) => posting.currency),
    write.accountChanges.map((change) => change.accountId),
    write.accountChanges.map((change) => change.balanceDeltaMinor.toString()),
    write.accountChanges.map((change) => change.heldDeltaMinor.toString()),
    write.shardChanges.map((change) => change.accountId),
    write.shardChanges.map((change) => change.shard),
    write.shardChanges.map((change) => change.deltaMinor.toString()),
  ];
}

export async function writeMovement(db: Database, write: MovementWrite): Promise<MovementWritten> {
  const { transaction } = write;
  const postings = transaction?.postings ?? [];
  const [row] = await writeMovementStatement(db, [
    transaction !== null,
    transaction?.kind ?? null,
    transaction?.description ?? null,
    transaction?.reversesTransactionId ?? null,
    transaction?.metadata == null ? null : JSON.stringify(transaction.metadata),
    ...changeParametersOf(postings, write),
  ]);
  if (row === undefined) throw new Error('the movement statement returned no row');
  return {
    transaction:
      row.transaction_id === null || row.created_at === null
        ? null
        : { id: Number(row.transaction_id), createdAt: new Date(row.created_at), postingCount: row.posting_count },
    accounts: new Map(
      row.accounts.map(([id, balance, held]) => [
        Number(id),
        { balanceMinor: BigInt(balance), heldMinor: BigInt(held) },
      ]),
    ),
    shardAccountIds: new Set(row.shard_account_ids.map(Number)),
  };
}

/**
 * The CTEs of a guarded write (ledger-engine.ts `createGuardedPlanner`), for a statement of the
 * caller's that writes other rows beside it. Parameters from `$first` (`guardedWriteParametersOf`,
 * 13 of them): the transactions (ids, kinds, descriptions, metadata), the postings (transaction
 * ids, account ids, amounts, currencies), the ordinary accounts' deltas (ids, deltas) and the hot
 * accounts' shard deltas (ids, shards, deltas). `when` is evaluated before the first lock: the
 * caller makes it depend on the locks it takes before the ledger's. The ordinary rows are locked
 * by id, then changed; the shards are locked by (account, shard) once every row is. What the plan
 * assumed is checked by `guardedWriteHolds` on the rows as written; the caller may read them back
 * from `ledger_rows` (the ledger_accounts columns as updated, and each row's delta).
 */
export function guardedWriteCtes(params: { first: number; when: string }): string {
  const [ids, kinds, descriptions, metadata, postingTransactionIds, postingAccounts, amounts, currencies] = [
    0, 1, 2, 3, 4, 5, 6, 7,
  ].map((offset) => `$${params.first + offset}`);
  const [accounts, deltas] = [8, 9].map((offset) => `$${params.first + offset}`);
  return `ledger_locks as (
    select id from ledger_accounts
    where id = any(${accounts}::bigint[]) and ${params.when}
    order by id
    for no key update
  ), ledger_rows as (
    update ledger_accounts as account
    set balance_minor = account.balance_minor + x.delta
    from unnest(${accounts}::bigint[], ${deltas}::bigint[]) as x(id, delta)
    where account.id = x.id and account.id in (select id from ledger_locks)
    returning x.delta, account.id, account.status, account.currency, account.balance_minor, account.held_minor,
      account.minimum_balance_minor, account.balance_shard_count
  ), ${shardWriteCtes({
    first: params.first + 10,
    when: `(select count(*) from ledger_rows) = cardinality(${accounts}::bigint[])`,
  })}, ledger_t as (
    insert into ledger_transactions (id, kind, description, metadata)
    overriding system value
    select * from unnest(${ids}::bigint[], ${kinds}::text[], ${descriptions}::text[], ${metadata}::jsonb[])
    returning 1
  ), ledger_p as (
    insert into ledger_postings (transaction_id, account_id, amount_minor, currency, created_at)
    select x.transaction_id, x.account_id, x.amount_minor, x.currency, now()
    from unnest(${postingTransactionIds}::bigint[], ${postingAccounts}::bigint[], ${amounts}::bigint[], ${currencies}::text[])
      as x(transaction_id, account_id, amount_minor, currency)
    returning 1
  )`;
}

/**
 * True when a guarded write wrote what it planned and every changed account keeps its rules: each
 * ordinary row found, open, still ordinary and, where debited, at or above its floor; each hot
 * account's shard found (a closed account has none); every transaction and posting inserted.
 */
export function guardedWriteHolds(params: { first: number }): string {
  const parameter = (offset: number) => `$${params.first + offset}`;
  return `(select count(*) from ledger_rows) = cardinality(${parameter(8)}::bigint[])
    and not exists (
      select 1 from ledger_rows
      where status <> 'open' or balance_shard_count <> 0
        or (delta < 0 and minimum_balance_minor is not null and balance_minor - held_minor < minimum_balance_minor)
    )
    and (select count(*) from s) = cardinality(${parameter(10)}::bigint[])
    and (select count(*) from ledger_t) = cardinality(${parameter(0)}::bigint[])
    and (select count(*) from ledger_p) = cardinality(${parameter(4)}::bigint[])`;
}

/** The 13 parameters of `guardedWriteCtes`, in order. */
export function guardedWriteParametersOf(write: {
  transactions: {
    id: number;
    kind: string;
    description: string;
    metadata: Record<string, unknown> | null;
    postings: NewPosting[];
  }[];
  accountChanges: { accountId: number; balanceDeltaMinor: bigint }[];
  shardChanges: MovementWrite['shardChanges'];
}): unknown[] {
  const postings = write.transactions.flatMap((transaction) =>
    transaction.postings.map((posting) => ({ ...posting, transactionId: transaction.id })),
  );
  return [
    write.transactions.map((transaction) => transaction.id),
    write.transactions.map((transaction) => transaction.kind),
    write.transactions.map((transaction) => transaction.description),
    write.transactions.map((transaction) =>
      transaction.metadata === null ? null : JSON.stringify(transaction.metadata),
    ),
    postings.map((posting) => posting.transactionId),
    postings.map((posting) => posting.accountId),
    postings.map((posting) => posting.amountMinor.toString()),
    postings.map((posting) => posting.currency),
    write.accountChanges.map((change) => change.accountId),
    write.accountChanges.map((change) => change.balanceDeltaMinor.toString()),
    write.shardChanges.map((change) => change.accountId),
    write.shardChanges.map((change) => change.shard),
    write.shardChanges.map((change) => change.deltaMinor.toString()),
  ];
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
