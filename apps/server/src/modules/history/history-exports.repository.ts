import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { historyExports } from '../../db/schema/history';

/** Queries of CSV exports. The customer id is in the `where` of every customer-facing read. */

export type HistoryExportRow = typeof historyExports.$inferSelect;

export async function insertHistoryExport(
  db: Database,
  values: typeof historyExports.$inferInsert,
): Promise<HistoryExportRow> {
  const [row] = await db.insert(historyExports).values(values).returning();
  if (row === undefined) throw new Error('insert into history_exports returned no row');
  return row;
}

export async function findCustomerExport(
  db: Database,
  params: { customerId: number; exportId: string },
): Promise<HistoryExportRow | null> {
  const [row] = await db
    .select()
    .from(historyExports)
    .where(and(eq(historyExports.id, params.exportId), eq(historyExports.customerId, params.customerId)));
  return row ?? null;
}

export async function findExport(db: Database, params: { exportId: string }): Promise<HistoryExportRow | null> {
  const [row] = await db.select().from(historyExports).where(eq(historyExports.id, params.exportId));
  return row ?? null;
}

/** Marks a preparing export ready; false when it was not preparing (the job ran before). */
export async function markExportReady(
  db: Database,
  params: { exportId: string; rowCount: number; isTruncated: boolean; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(historyExports)
    .set({ status: 'ready', rowCount: params.rowCount, isTruncated: params.isTruncated, readyAt: params.now })
    .where(and(eq(historyExports.id, params.exportId), eq(historyExports.status, 'preparing')))
    .returning({ id: historyExports.id });
  return rows.length === 1;
}

/** Deletes exports that expired before `before`, at most `limit` per call; returns how many. */
export async function deleteExpiredExports(db: Database, params: { before: Date; limit: number }): Promise<number> {
  const expired = db
    .select({ id: historyExports.id })
    .from(historyExports)
    .where(lt(historyExports.expiresAt, params.before))
    .limit(params.limit);
  const rows = await db
    .delete(historyExports)
    .where(sql`${historyExports.id} in ${expired}`)
    .returning({ id: historyExports.id });
  return rows.length;
}
