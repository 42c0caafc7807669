import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { LedgerHoldStatus } from '../../db/schema/ledger';

/**
 * Read model of the history over the ledger's tables (read only: only the ledger writes them).
 * Completed items are postings joined to their transaction; held items are holds. Every list and
 * count runs one ordered index range scan per ledger account — (account_id, created_at, id) on
 * postings, (account_id, created_at) on holds — each cut off by LIMIT, merged by the planner (a
 * Merge Append), so the work is bounded by the page, not by how many postings an account has.
 * There is no OFFSET beyond the bounded page numbers; deeper pages go by keyset cursor.
 *
 * Raw SQL returns int8 as a string (node-postgres) or a number (PGlite): ids and amounts leave as text.
 */

export interface AccountScope {
  ledgerAccountId: number;
  /** Inclusive bounds on the item's absolute amount, in the account's minor units. */
  minAmountMinor?: bigint;
  maxAmountMinor?: bigint;
}

export interface HistoryCursor {
  /** The row's created_at in UTC with microseconds, as `timestamptz` text. */
  at: string;
  source: 0 | 1;
  id: string;
}

export interface HistoryQuery {
  accounts: AccountScope[];
  /** Completed items (postings). */
  includesPostings: boolean;
  /** Held items of these statuses (pending: processing; voided, expired: rejected). */
  holdStatuses: LedgerHoldStatus[];
  fromInclusive?: Date;
  toExclusive?: Date;
  direction: 'all' | 'incoming' | 'outgoing';
  kinds?: { include: string[] | 'all'; exclude: string[] };
  /** An ILIKE pattern, already escaped. */
  keywordPattern?: string;
  counterpartyEmail?: string;
  /** Exports: only what existed when the export started. */
  snapshot?: { lastTransactionId: number; lastHoldId: number };
  /** Rows after this one in history order. */
  after?: HistoryCursor;
}

export interface HistoryRow {
  source: 0 | 1;
  id: string;
  /** UTC, microseconds: '2026-05-01T10:00:00.123456Z'. */
  createdAt: string;
  ledgerAccountId: string;
  amountMinor: string;
  currency: string;
  transactionId: string | null;
  kind: string;
  description: string;
  metadata: Record<string, unknown> | null;
  holdStatus: LedgerHoldStatus | null;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const SOURCE_POSTING = 0;
const SOURCE_HOLD = 1;

/**
 * The other party of a movement, from the transaction's metadata. The transfers domain records
 * both sides (`fromEmail`, `toEmail`, and `fromName`, `toName` when known); the side that is not
 * this account's is the counterparty: the recipient of money going out, the sender of money coming
 * in. Flat `counterpartyName`/`counterpartyEmail` serve movements with one outside party (a payer).
 * Keep in step with `counterpartyOf` in history.service.ts.
 */
function counterpartyField(metadata: SQL, signedAmount: SQL, field: 'name' | 'email'): SQL {
  // Constant keys as literals: a bound parameter would leave `->>` ambiguous (text or int).
  const suffix = field === 'name' ? 'Name' : 'Email';
  const to = sql.raw(`'to${suffix}'`);
  const from = sql.raw(`'from${suffix}'`);
  const flat = sql.raw(`'counterparty${suffix}'`);
  return sql`coalesce(case when ${signedAmount} < 0 then ${metadata}->>${to} else ${metadata}->>${from} end, ${metadata}->>${flat})`;
}

function kindCondition(kind: SQL, kinds: NonNullable<HistoryQuery['kinds']>): SQL {
  const matchesAny = (claimed: string[]) =>
    sql.join(
      claimed.map((value) => sql`(${kind} = ${value} or ${kind} like ${`${value}.%`})`),
      sql` or `,
    );
  const parts: SQL[] = [];
  if (kinds.include !== 'all')
    parts.push(kinds.include.length === 0 ? sql`false` : sql`(${matchesAny(kinds.include)})`);
  if (kinds.exclude.length > 0) parts.push(sql`not (${matchesAny(kinds.exclude)})`);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

function keywordCondition(columns: { description: SQL; metadata: SQL; signedAmount: SQL }, pattern: string): SQL {
  const { description, metadata, signedAmount } = columns;
  return sql`(${description} ilike ${pattern}
    or ${counterpartyField(metadata, signedAmount, 'name')} ilike ${pattern}
    or ${counterpartyField(metadata, signedAmount, 'email')} ilike ${pattern}
    or ${metadata}->>'reference' ilike ${pattern}
    or ${metadata}->>'note' ilike ${pattern})`;
}

function amountCondition(amount: SQL, scope: AccountScope, direction: HistoryQuery['direction']): SQL[] {
  const conditions: SQL[] = [];
  if (direction === 'incoming') conditions.push(sql`${amount} > 0`);
  if (direction === 'outgoing') conditions.push(sql`${amount} < 0`);
  const min = scope.minAmountMinor;
  const max = scope.maxAmountMinor;
  if (min !== undefined || max !== undefined) {
    // abs() would hide the column from a future index; two ranges keep it sargable.
    const positive = sql.join(
      [
        min === undefined ? sql`${amount} > 0` : sql`${amount} >= ${min.toString()}::bigint`,
        ...(max === undefined ? [] : [sql`${amount} <= ${max.toString()}::bigint`]),
      ],
      sql` and `,
    );
    const negative = sql.join(
      [
        min === undefined ? sql`${amount} < 0` : sql`${amount} <= ${(-min).toString()}::bigint`,
        ...(max === undefined ? [] : [sql`${amount} >= ${(-max).toString()}::bigint`]),
      ],
      sql` and `,
    );
    conditions.push(sql`((${positive}) or (${negative}))`);
  }
  return conditions;
}

function dateConditions(createdAt: SQL, query: HistoryQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.fromInclusive !== undefined) {
    conditions.push(sql`${createdAt} >= ${query.fromInclusive.toISOString()}::timestamptz`);
  }
  if (query.toExclusive !== undefined) {
    conditions.push(sql`${createdAt} < ${query.toExclusive.toISOString()}::timestamptz`);
  }
  return conditions;
}

/** Keyset: rows strictly after the cursor in the order (created_at desc, source desc, id desc). */
function afterCursor(createdAt: SQL, id: SQL, source: 0 | 1, cursor: HistoryCursor | undefined): SQL[] {
  if (cursor === undefined) return [];
  const at = sql`${cursor.at}::timestamptz`;
  if (cursor.source === source) return [sql`(${createdAt}, ${id}) < (${at}, ${cursor.id}::bigint)`];
  // Postings sort after holds of the same instant: after a hold, its instant's postings still follow.
  return source === SOURCE_POSTING ? [sql`${createdAt} <= ${at}`] : [sql`${createdAt} < ${at}`];
}

function postingsSelect(query: HistoryQuery, scope: AccountScope, columns: 'rows' | 'count', limit: number): SQL {
  const createdAt = sql`p.created_at`;
  const amount = sql`p.amount_minor`;
  const metadata = sql`t.metadata`;
  const conditions: SQL[] = [
    sql`p.account_id = ${scope.ledgerAccountId}::bigint`,
    ...afterCursor(createdAt, sql`p.id`, SOURCE_POSTING, query.after),
    ...dateConditions(createdAt, query),
    ...amountCondition(amount, scope, query.direction),
  ];
  if (query.kinds !== undefined) conditions.push(kindCondition(sql`t.kind`, query.kinds));
  if (query.keywordPattern !== undefined) {
    conditions.push(
      keywordCondition({ description: sql`t.description`, metadata, signedAmount: amount }, query.keywordPattern),
    );
  }
  if (query.counterpartyEmail !== undefined) {
    conditions.push(sql`lower(${counterpartyField(metadata, amount, 'email')}) = ${query.counterpartyEmail}`);
  }
  if (query.snapshot !== undefined) {
    conditions.push(sql`p.transaction_id <= ${query.snapshot.lastTransactionId}::bigint`);
  }
  const needsTransaction =
    columns === 'rows' ||
    query.kinds !== undefined ||
    query.keywordPattern !== undefined ||
    query.counterpartyEmail !== undefined;
  const selected =
    columns === 'count'
      ? sql`1 as one`
      : sql`${SOURCE_POSTING}::int as source, p.id, p.created_at, p.account_id, p.amount_minor, p.currency,
          p.transaction_id, t.kind, t.description, t.metadata, null::text as hold_status`;
  const from = needsTransaction
    ? sql`ledger_postings p join ledger_transactions t on t.id = p.transaction_id`
    : sql`ledger_postings p`;
  return sql`(select ${selected} from ${from} where ${sql.join(conditions, sql` and `)}
    order by p.created_at desc, p.id desc limit ${limit})`;
}

function holdsSelect(query: HistoryQuery, scope: AccountScope, columns: 'rows' | 'count', limit: number): SQL | null {
  // Held money is always on its way out.
  if (query.holdStatuses.length === 0 || query.direction === 'incoming') return null;
  const createdAt = sql`h.created_at`;
  const signedAmount = sql`(-h.amount_minor)`;
  const metadata = sql`h.metadata`;
  const conditions: SQL[] = [
    sql`h.account_id = ${scope.ledgerAccountId}::bigint`,
    sql`h.status in (${sql.join(
      query.holdStatuses.map((status) => sql`${status}`),
      sql`, `,
    )})`,
    ...afterCursor(createdAt, sql`h.id`, SOURCE_HOLD, query.after),
    ...dateConditions(createdAt, query),
    ...amountCondition(signedAmount, scope, 'all'),
  ];
  if (query.kinds !== undefined) conditions.push(kindCondition(sql`h.kind`, query.kinds));
  if (query.keywordPattern !== undefined) {
    conditions.push(
      keywordCondition({ description: sql`h.description`, metadata, signedAmount }, query.keywordPattern),
    );
  }
  if (query.counterpartyEmail !== undefined) {
    conditions.push(sql`lower(${counterpartyField(metadata, signedAmount, 'email')}) = ${query.counterpartyEmail}`);
  }
  if (query.snapshot !== undefined) conditions.push(sql`h.id <= ${query.snapshot.lastHoldId}::bigint`);
  const selected =
    columns === 'count'
      ? sql`1 as one`
      : sql`${SOURCE_HOLD}::int as source, h.id, h.created_at, h.account_id, -h.amount_minor as amount_minor, h.currency,
          h.posted_transaction_id as transaction_id, h.kind, h.description, h.metadata, h.status as hold_status`;
  return sql`(select ${selected} from ledger_holds h where ${sql.join(conditions, sql` and `)}
    order by h.created_at desc, h.id desc limit ${limit})`;
}

function branchesOf(query: HistoryQuery, columns: 'rows' | 'count', limit: number): SQL[] {
  const branches: SQL[] = [];
  for (const scope of query.accounts) {
    if (query.includesPostings) branches.push(postingsSelect(query, scope, columns, limit));
    const holds = holdsSelect(query, scope, columns, limit);
    if (holds !== null) branches.push(holds);
  }
  return branches;
}

/** One page in history order: newest first, holds before postings of the same instant. */
export async function findHistoryRows(
  db: Database,
  query: HistoryQuery,
  page: { offset: number; limit: number },
): Promise<HistoryRow[]> {
  const branches = branchesOf(query, 'rows', page.offset + page.limit);
  if (branches.length === 0) return [];
  const result = await db.execute(sql`
    select u.source, u.id::text as id,
      to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
      u.account_id::text as ledger_account_id, u.amount_minor::text as amount_minor, u.currency,
      u.transaction_id::text as transaction_id, u.kind, u.description, u.metadata, u.hold_status
    from (${sql.join(branches, sql` union all `)}) u
    order by u.created_at desc, u.source desc, u.id desc
    limit ${page.limit} offset ${page.offset}`);
  return rowsOf<{
    source: number;
    id: string;
    created_at: string;
    ledger_account_id: string;
    amount_minor: string;
    currency: string;
    transaction_id: string | null;
    kind: string;
    description: string;
    metadata: Record<string, unknown> | string | null;
    hold_status: LedgerHoldStatus | null;
  }>(result).map((row) => ({
    source: row.source === SOURCE_HOLD ? 1 : 0,
    id: row.id,
    createdAt: row.created_at,
    ledgerAccountId: row.ledger_account_id,
    amountMinor: row.amount_minor,
    currency: row.currency,
    transactionId: row.transaction_id === null ? null : row.transaction_id,
    kind: row.kind,
    description: row.description,
    metadata: typeof row.metadata === 'string' ? (JSON.parse(row.metadata) as Record<string, unknown>) : row.metadata,
    holdStatus: row.hold_status,
  }));
}

/** How many rows match, counting up to `limit` + 1 at most (callers show "limit+"). */
export async function countHistoryRows(db: Database, query: HistoryQuery, limit: number): Promise<number> {
  const branches = branchesOf(query, 'count', limit + 1);
  if (branches.length === 0) return 0;
  const result = await db.execute(sql`
    select count(*)::int as count from (
      select 1 from (${sql.join(branches, sql` union all `)}) u limit ${limit + 1}
    ) bounded`);
  const [row] = rowsOf<{ count: number | string }>(result);
  return Number(row?.count ?? 0);
}

/** The newest ledger transaction and hold ids: an export's snapshot. */
export async function findSnapshotIds(db: Database): Promise<{ lastTransactionId: number; lastHoldId: number }> {
  const result = await db.execute(sql`
    select coalesce((select max(id) from ledger_transactions), 0)::text as last_transaction_id,
      coalesce((select max(id) from ledger_holds), 0)::text as last_hold_id`);
  const [row] = rowsOf<{ last_transaction_id: string; last_hold_id: string }>(result);
  return { lastTransactionId: Number(row?.last_transaction_id ?? 0), lastHoldId: Number(row?.last_hold_id ?? 0) };
}
