import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { incomingTransfers, type IncomingTransferStatus } from '../../db/schema/accounts';

/** Queries of money in (incoming bank transfers). */

export type IncomingTransferRow = typeof incomingTransfers.$inferSelect;

/** Records a reported transfer once per rail reference; null when the rail reported it before. */
export async function insertIncomingTransfer(
  db: Database,
  values: typeof incomingTransfers.$inferInsert,
): Promise<IncomingTransferRow | null> {
  const [row] = await db.insert(incomingTransfers).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findByRailReference(
  db: Database,
  params: { rail: string; railReference: string },
): Promise<IncomingTransferRow | null> {
  const [row] = await db
    .select()
    .from(incomingTransfers)
    .where(and(eq(incomingTransfers.rail, params.rail), eq(incomingTransfers.railReference, params.railReference)));
  return row ?? null;
}

export async function findIncomingTransfer(db: Database, params: { id: number }): Promise<IncomingTransferRow | null> {
  const [row] = await db.select().from(incomingTransfers).where(eq(incomingTransfers.id, params.id));
  return row ?? null;
}

/** Locks the transfer while it is resolved: a second runner of the job waits, then finds it resolved. */
export async function lockIncomingTransfer(db: Database, params: { id: number }): Promise<IncomingTransferRow | null> {
  const [row] = await db.select().from(incomingTransfers).where(eq(incomingTransfers.id, params.id)).for('update');
  return row ?? null;
}

export async function resolveIncomingTransfer(
  db: Database,
  params: {
    id: number;
    status: Exclude<IncomingTransferStatus, 'received'>;
    reason: string | null;
    accountId: number | null;
    ledgerTransactionId: number | null;
    now: Date;
  },
): Promise<IncomingTransferRow> {
  const [row] = await db
    .update(incomingTransfers)
    .set({
      status: params.status,
      resolutionReason: params.reason,
      accountId: params.accountId,
      ledgerTransactionId: params.ledgerTransactionId,
      resolvedAt: params.now,
    })
    .where(and(eq(incomingTransfers.id, params.id), eq(incomingTransfers.status, 'received')))
    .returning();
  if (row === undefined) throw new Error(`incoming transfer ${params.id} was resolved under its lock`);
  return row;
}

/** Whether money has ever been booked to the account through the incoming rail. */
export async function hasIncomingTransfers(db: Database, params: { accountId: number }): Promise<boolean> {
  const [row] = await db
    .select({ id: incomingTransfers.id })
    .from(incomingTransfers)
    .where(eq(incomingTransfers.accountId, params.accountId))
    .limit(1);
  return row !== undefined;
}

export function findRecentIncomingTransfers(db: Database, params: { limit: number }): Promise<IncomingTransferRow[]> {
  return db
    .select()
    .from(incomingTransfers)
    .orderBy(desc(incomingTransfers.receivedAt), desc(incomingTransfers.id))
    .limit(params.limit);
}
