import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { preparedPerDatabase, preparedSql, type Database } from '../../db/client';
import {
  exchangeRates,
  transferApprovals,
  transferDailyUsage,
  transferLimits,
  transfers,
  transferTemplates,
} from '../../db/schema/transfers';
import type { TransferKind } from '@app/shared/api/transfers';
import { enqueueJobCte, jobParametersOf, type EnqueueJob } from '../../platform/jobs';

/**
 * Queries of the transfers domain: rates, limits, daily usage, transfers, approvals, templates.
 * The customer id is in the `where` of every customer-facing read. Standing orders live in
 * standing-orders.repository.ts.
 */

export type TransferRow = typeof transfers.$inferSelect;
export type TransferInsert = typeof transfers.$inferInsert;
export type ApprovalRow = typeof transferApprovals.$inferSelect;
export type RateRow = typeof exchangeRates.$inferSelect;
export type LimitRow = typeof transferLimits.$inferSelect;
export type TemplateRow = typeof transferTemplates.$inferSelect;

/* Rates */

export function findRates(db: Database): Promise<RateRow[]> {
  return db.select().from(exchangeRates).orderBy(exchangeRates.currency);
}

export function findRatesOf(db: Database, params: { currencies: string[] }): Promise<RateRow[]> {
  return db.select().from(exchangeRates).where(inArray(exchangeRates.currency, params.currencies));
}

export async function insertRatesIfAbsent(
  db: Database,
  rows: { currency: string; valueInUsd: string; provider: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(exchangeRates).values(rows).onConflictDoNothing();
}

export async function updateRates(
  db: Database,
  params: { values: Map<string, string>; provider: string; now: Date },
): Promise<void> {
  for (const [currency, valueInUsd] of params.values) {
    await db
      .update(exchangeRates)
      .set({ valueInUsd, provider: params.provider, updatedAt: params.now })
      .where(eq(exchangeRates.currency, currency));
  }
}

/* Limits and daily usage */

export async function findLimits(
  db: Database,
  params: { kind: TransferKind; currency: string },
): Promise<LimitRow | null> {
  const [row] = await db
    .select()
    .from(transferLimits)
    .where(and(eq(transferLimits.kind, params.kind), eq(transferLimits.currency, params.currency)));
  return row ?? null;
}

export async function insertLimitsIfAbsent(db: Database, rows: (typeof transferLimits.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(transferLimits).values(rows).onConflictDoNothing();
}

export async function findDailyUsage(
  db: Database,
  params: { customerId: number; kind: TransferKind; currency: string; day: string },
): Promise<bigint> {
  const [row] = await db
    .select({ usedMinor: transferDailyUsage.usedMinor })
    .from(transferDailyUsage)
    .where(
      and(
        eq(transferDailyUsage.customerId, params.customerId),
        eq(transferDailyUsage.kind, params.kind),
        eq(transferDailyUsage.currency, params.currency),
        eq(transferDailyUsage.day, params.day),
      ),
    );
  return row?.usedMinor ?? 0n;
}

/**
 * Adds to the day's usage only if it stays within `dailyMaxMinor`, atomically, and draws the id of
 * the transfer that uses it, in one round trip: the row lock makes concurrent transfers of one
 * customer take turns here, and only here. The id comes first so that the transfer row can be
 * written once, after its ledger movement, with the movement's id in it. null: over the limit.
 */
const claimDailyUsageStatement = preparedSql<{ transfer_id: number }>(
  'transfers_claim_daily_usage',
  `with usage as (
    insert into transfer_daily_usage as u (customer_id, kind, currency, day, used_minor)
    values ($1::integer, $2::text, $3::text, $4::date, $5::bigint)
    on conflict (customer_id, kind, currency, day) do update
      set used_minor = u.used_minor + excluded.used_minor
      where u.used_minor + excluded.used_minor <= $6::bigint
    returning 1
  )
  select nextval(pg_get_serial_sequence('transfers', 'id'))::integer as transfer_id from usage`,
);

export async function claimDailyUsage(
  db: Database,
  params: {
    customerId: number;
    kind: TransferKind;
    currency: string;
    day: string;
    amountMinor: bigint;
    dailyMaxMinor: bigint;
  },
): Promise<{ transferId: number } | null> {
  if (params.amountMinor > params.dailyMaxMinor) return null;
  const [row] = await claimDailyUsageStatement(db, [
    params.customerId,
    params.kind,
    params.currency,
    params.day,
    params.amountMinor.toString(),
    params.dailyMaxMinor.toString(),
  ]);
  return row === undefined ? null : { transferId: row.transfer_id };
}

/** Gives back what a rejected transfer counted (never below zero: a day's row may be gone). */
export async function releaseDailyUsage(
  db: Database,
  params: { customerId: number; kind: TransferKind; currency: string; day: string; amountMinor: bigint },
): Promise<void> {
  await db
    .update(transferDailyUsage)
    .set({ usedMinor: sql`greatest(0, ${transferDailyUsage.usedMinor} - ${params.amountMinor.toString()}::bigint)` })
    .where(
      and(
        eq(transferDailyUsage.customerId, params.customerId),
        eq(transferDailyUsage.kind, params.kind),
        eq(transferDailyUsage.currency, params.currency),
        eq(transferDailyUsage.day, params.day),
      ),
    );
}

/* Transfers */

export async function insertTransfer(db: Database, values: TransferInsert): Promise<TransferRow> {
  const [row] = await db.insert(transfers).values(values).returning();
  if (row === undefined) throw new Error('insert into transfers returned no row');
  return row;
}

/**
 * The SQL type of every column of a transfer, for the hand-written insert: the `satisfies` makes a
 * column added to the table a compile error here until it is listed.
 */
const TRANSFER_COLUMN_TYPES = {
  id: 'integer',
  kind: 'text',
  status: 'text',
  rejectReason: 'text',
  payerCustomerId: 'integer',
  payerUserId: 'integer',
  fromAccountId: 'integer',
  fromLedgerAccountId: 'bigint',
  payeeCustomerId: 'integer',
  toAccountId: 'integer',
  toLedgerAccountId: 'bigint',
  toEmail: 'text',
  fromEmail: 'text',
  fromAmountMinor: 'bigint',
  fromCurrency: 'text',
  toAmountMinor: 'bigint',
  toCurrency: 'text',
  exchangeRate: 'text',
  feeMinor: 'bigint',
  note: 'text',
  reference: 'text',
  approvalType: 'smallint',
  holdId: 'bigint',
  ledgerTransactionId: 'bigint',
  standingOrderId: 'integer',
  runNumber: 'integer',
  createdAt: 'timestamptz',
  resolvedAt: 'timestamptz',
} satisfies Record<keyof TransferRow, string>;
const TRANSFER_COLUMN_KEYS = Object.keys(TRANSFER_COLUMN_TYPES) as (keyof typeof TRANSFER_COLUMN_TYPES)[];

/** A value as a text-format parameter: int8 as its digits, timestamps as ISO 8601. */
function parameterOf(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  return value ?? null;
}

function insertTransferText(options: { withJob: boolean }): string {
  const names = TRANSFER_COLUMN_KEYS.map((key) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`));
  const values = TRANSFER_COLUMN_KEYS.map((key, index) => `$${index + 1}::${TRANSFER_COLUMN_TYPES[key]}`);
  const insert = `insert into transfers (${names.join(', ')}) overriding system value values (${values.join(', ')})`;
  return options.withJob ? `with ${enqueueJobCte('job', TRANSFER_COLUMN_KEYS.length + 1)} ${insert}` : insert;
}

const insertTransferStatement = preparedSql('transfers_insert', insertTransferText({ withJob: false }));
const insertTransferWithJobStatement = preparedSql('transfers_insert_with_job', insertTransferText({ withJob: true }));

/** A transfer whose id was drawn by `claimDailyUsage`, written once with its ledger hold or transaction. */
export type NewTransfer = Omit<TransferRow, 'rejectReason'> & Partial<Pick<TransferRow, 'rejectReason'>>;

/**
 * Writes a transfer (every column given, so the row is what was written) and, with `job`, enqueues
 * its job in the same statement.
 */
export async function insertNewTransfer(db: Database, transfer: NewTransfer, job?: EnqueueJob): Promise<TransferRow> {
  const row: TransferRow = { ...transfer, rejectReason: transfer.rejectReason ?? null };
  const parameters = TRANSFER_COLUMN_KEYS.map((key) => parameterOf(row[key]));
  if (job === undefined) await insertTransferStatement(db, parameters);
  else await insertTransferWithJobStatement(db, [...parameters, ...jobParametersOf(job)]);
  return row;
}

/* The P2P batch writer (p2p-batches.ts): the same rows, many per statement */

/** A day's usage row of one customer, kind and currency. */
export interface DailyUsageKey {
  customerId: number;
  kind: TransferKind;
  currency: string;
  day: string;
}

/** The number of parameters of `newTransfersCtes`. */
export const NEW_TRANSFERS_PARAMETER_COUNT = TRANSFER_COLUMN_KEYS.length + 5;

/**
 * The CTEs `new_transfers` and `new_transfer_jobs` of a batch statement: transfers with every
 * column given, and their jobs. Parameters from `$first` (`newTransfersParametersOf`).
 */
export function newTransfersCtes(params: { first: number }): string {
  const names = TRANSFER_COLUMN_KEYS.map((key) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`));
  const arrays = TRANSFER_COLUMN_KEYS.map((key, index) => `$${params.first + index}::${TRANSFER_COLUMN_TYPES[key]}[]`);
  const jobs = params.first + TRANSFER_COLUMN_KEYS.length;
  const [queue, payload, runAt, singletonKey, maxAttempts] = [0, 1, 2, 3, 4].map((offset) => `$${jobs + offset}`);
  return `new_transfers as (
    insert into transfers (${names.join(', ')}) overriding system value
    select * from unnest(${arrays.join(', ')})
    returning 1
  ), new_transfer_jobs as (
    insert into jobs (queue, payload, run_at, singleton_key, max_attempts)
    select * from unnest(${queue}::text[], ${payload}::jsonb[], ${runAt}::timestamptz[], ${singletonKey}::text[], ${maxAttempts}::integer[])
    on conflict do nothing
    returning 1
  )`;
}

/** The parameters of `newTransfersCtes`. */
export function newTransfersParametersOf(params: { transfers: NewTransfer[]; jobs: EnqueueJob[] }): unknown[] {
  const jobs = params.jobs.map(jobParametersOf);
  return [
    ...TRANSFER_COLUMN_KEYS.map((key) => params.transfers.map((transfer) => parameterOf(transfer[key]))),
    ...[0, 1, 2, 3, 4].map((column) => jobs.map((job) => job[column])),
  ];
}

export async function updateTransfer(
  db: Database,
  params: { transferId: number; set: Partial<TransferInsert> },
): Promise<TransferRow> {
  const [row] = await db.update(transfers).set(params.set).where(eq(transfers.id, params.transferId)).returning();
  if (row === undefined) throw new Error(`transfer ${params.transferId} vanished`);
  return row;
}

/** Read by the tests and the resolutions of a transfer: prepared. */
const findTransferStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(transfers)
    .where(eq(transfers.id, sql.placeholder('transferId')))
    .prepare('transfers_find'),
);

export async function findTransfer(db: Database, params: { transferId: number }): Promise<TransferRow | null> {
  const [row] = await findTransferStatement(db).execute({ transferId: params.transferId });
  return row ?? null;
}

/** Many transfers in one read (a batch of jobs); unknown ids are left out. */
export function findTransfers(db: Database, params: { transferIds: number[] }): Promise<TransferRow[]> {
  if (params.transferIds.length === 0) return Promise.resolve([]);
  return db.select().from(transfers).where(inArray(transfers.id, params.transferIds)).orderBy(transfers.id);
}

/** The transfer, locked for its resolution (approval, rejection, expiry): one resolver at a time. */
export async function lockTransfer(db: Database, params: { transferId: number }): Promise<TransferRow | null> {
  const [row] = await db.select().from(transfers).where(eq(transfers.id, params.transferId)).for('update');
  return row ?? null;
}

/** A transfer the customer sent or received; null for anyone else's. */
export async function findTransferOfCustomer(
  db: Database,
  params: { transferId: number; customerId: number },
): Promise<TransferRow | null> {
  const [row] = await db
    .select()
    .from(transfers)
    .where(
      and(
        eq(transfers.id, params.transferId),
        or(eq(transfers.payerCustomerId, params.customerId), eq(transfers.payeeCustomerId, params.customerId)),
      ),
    );
  return row ?? null;
}

export function listRecentTransfers(
  db: Database,
  params: { customerId: number; kind?: TransferKind; limit: number },
): Promise<TransferRow[]> {
  return db
    .select()
    .from(transfers)
    .where(
      and(
        eq(transfers.payerCustomerId, params.customerId),
        params.kind === undefined ? undefined : eq(transfers.kind, params.kind),
      ),
    )
    .orderBy(desc(transfers.createdAt), desc(transfers.id))
    .limit(params.limit);
}

/** The latest completed P2P transfer to each of the last `limit` payees. */
export async function listLatestPerPayee(
  db: Database,
  params: { customerId: number; limit: number; scanLimit: number },
): Promise<TransferRow[]> {
  // Bounded: the distinct payees are looked for among the latest `scanLimit` transfers only.
  const recent = await db
    .select()
    .from(transfers)
    .where(
      and(
        eq(transfers.payerCustomerId, params.customerId),
        eq(transfers.kind, 'p2p'),
        eq(transfers.status, 'completed'),
      ),
    )
    .orderBy(desc(transfers.createdAt), desc(transfers.id))
    .limit(params.scanLimit);
  const seen = new Set<string>();
  const latest: TransferRow[] = [];
  for (const row of recent) {
    const payee = row.toEmail ?? String(row.payeeCustomerId);
    if (seen.has(payee)) continue;
    seen.add(payee);
    latest.push(row);
    if (latest.length >= params.limit) break;
  }
  return latest;
}

/* Approvals */

export async function insertApproval(
  db: Database,
  values: typeof transferApprovals.$inferInsert,
): Promise<ApprovalRow> {
  const [row] = await db.insert(transferApprovals).values(values).returning();
  if (row === undefined) throw new Error('insert into transfer_approvals returned no row');
  return row;
}

export async function findApproval(db: Database, params: { transferId: number }): Promise<ApprovalRow | null> {
  const [row] = await db.select().from(transferApprovals).where(eq(transferApprovals.transferId, params.transferId));
  return row ?? null;
}

export async function updateApproval(
  db: Database,
  params: { transferId: number; set: Partial<typeof transferApprovals.$inferInsert> },
): Promise<ApprovalRow> {
  const [row] = await db
    .update(transferApprovals)
    .set(params.set)
    .where(eq(transferApprovals.transferId, params.transferId))
    .returning();
  if (row === undefined) throw new Error(`approval of transfer ${params.transferId} vanished`);
  return row;
}

export async function incrementApprovalFailures(db: Database, params: { transferId: number }): Promise<number> {
  const [row] = await db
    .update(transferApprovals)
    .set({ failedAttempts: sql`${transferApprovals.failedAttempts} + 1` })
    .where(eq(transferApprovals.transferId, params.transferId))
    .returning({ failedAttempts: transferApprovals.failedAttempts });
  if (row === undefined) throw new Error(`approval of transfer ${params.transferId} vanished`);
  return row.failedAttempts;
}

/** Codes and pushes sent to the user for transfer approvals since `since`. */
export async function countApprovalSendsSince(db: Database, params: { userId: number; since: Date }): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${transferApprovals.sendCount}), 0)::int` })
    .from(transferApprovals)
    .where(and(eq(transferApprovals.userId, params.userId), gt(transferApprovals.lastSentAt, params.since)));
  return row?.total ?? 0;
}

/** Push approvals still open for the user, with their transfers. */
export function listOpenPushApprovals(
  db: Database,
  params: { userId: number; pushType: number; now: Date; limit: number },
): Promise<{ approval: ApprovalRow; transfer: TransferRow }[]> {
  return db
    .select({ approval: transferApprovals, transfer: transfers })
    .from(transferApprovals)
    .innerJoin(transfers, eq(transfers.id, transferApprovals.transferId))
    .where(
      and(
        eq(transferApprovals.userId, params.userId),
        eq(transferApprovals.approvalType, params.pushType),
        isNull(transferApprovals.resolvedAt),
        gt(transferApprovals.expiresAt, params.now),
        eq(transfers.status, 'awaitingApproval'),
      ),
    )
    .orderBy(desc(transferApprovals.expiresAt))
    .limit(params.limit);
}

/** Ids of transfers still awaiting approval whose challenge ended before `now` (a sweep's backstop). */
export async function findOverdueApprovals(db: Database, params: { now: Date; limit: number }): Promise<number[]> {
  const rows = await db
    .select({ transferId: transferApprovals.transferId })
    .from(transferApprovals)
    .where(and(isNull(transferApprovals.resolvedAt), lt(transferApprovals.expiresAt, params.now)))
    .limit(params.limit);
  return rows.map((row) => row.transferId);
}

/** Deletes usage rows of days before `beforeDay`, at most `limit`; returns how many. */
export async function purgeDailyUsage(db: Database, params: { beforeDay: string; limit: number }): Promise<number> {
  const result = await db.execute(sql`
    delete from ${transferDailyUsage}
    where (customer_id, kind, currency, day) in (
      select customer_id, kind, currency, day from ${transferDailyUsage}
      where day < ${params.beforeDay}::date
      limit ${params.limit}
    )
    returning 1`);
  return (result as { rows: unknown[] }).rows.length;
}

/* Templates */

export async function upsertTemplate(
  db: Database,
  values: typeof transferTemplates.$inferInsert,
): Promise<TemplateRow> {
  const { customerId: _customerId, name: _name, ...changes } = values;
  const [row] = await db
    .insert(transferTemplates)
    .values(values)
    .onConflictDoUpdate({ target: [transferTemplates.customerId, transferTemplates.name], set: changes })
    .returning();
  if (row === undefined) throw new Error('upsert into transfer_templates returned no row');
  return row;
}

export function listTemplates(db: Database, params: { customerId: number; limit: number }): Promise<TemplateRow[]> {
  return db
    .select()
    .from(transferTemplates)
    .where(eq(transferTemplates.customerId, params.customerId))
    .orderBy(desc(transferTemplates.createdAt), desc(transferTemplates.id))
    .limit(params.limit);
}

export async function countTemplates(db: Database, params: { customerId: number }): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(transferTemplates)
    .where(eq(transferTemplates.customerId, params.customerId));
  return row?.total ?? 0;
}

export async function deleteTemplate(
  db: Database,
  params: { customerId: number; templateId: number },
): Promise<boolean> {
  const rows = await db
    .delete(transferTemplates)
    .where(and(eq(transferTemplates.id, params.templateId), eq(transferTemplates.customerId, params.customerId)))
    .returning({ id: transferTemplates.id });
  return rows.length > 0;
}
