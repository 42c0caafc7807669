import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { payoutBlacklist } from '../../db/schema/security';

/** Queries of the payout blacklist. E-mails arrive lower-cased (the login rule). */

export type BlacklistRow = typeof payoutBlacklist.$inferSelect;

/** Whether either side lists the other: one indexed lookup per direction, in one statement. */
export async function existsBlockBetween(
  db: Database,
  params: { customerId: number; counterpartyEmail: string; counterpartyCustomerId: number | null; ownEmails: string[] },
): Promise<boolean> {
  const ownList = and(
    eq(payoutBlacklist.customerId, params.customerId),
    eq(payoutBlacklist.email, params.counterpartyEmail),
  );
  const theirList =
    params.counterpartyCustomerId === null || params.ownEmails.length === 0
      ? undefined
      : and(
          eq(payoutBlacklist.customerId, params.counterpartyCustomerId),
          inArray(payoutBlacklist.email, params.ownEmails),
        );
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(payoutBlacklist)
    .where(theirList === undefined ? ownList : or(ownList, theirList))
    .limit(1);
  return row !== undefined;
}

export async function upsertEntry(
  db: Database,
  params: { customerId: number; email: string; blockType: number },
): Promise<BlacklistRow> {
  const [row] = await db
    .insert(payoutBlacklist)
    .values(params)
    .onConflictDoUpdate({
      target: [payoutBlacklist.customerId, payoutBlacklist.email],
      set: { blockType: params.blockType },
    })
    .returning();
  if (row === undefined) throw new Error('upsert into payout_blacklist returned no row');
  return row;
}

export async function deleteEntry(db: Database, params: { customerId: number; email: string }): Promise<boolean> {
  const rows = await db
    .delete(payoutBlacklist)
    .where(and(eq(payoutBlacklist.customerId, params.customerId), eq(payoutBlacklist.email, params.email)))
    .returning({ id: payoutBlacklist.id });
  return rows.length > 0;
}
