import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
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

/** `%` and `_` typed in a filter are searched for as themselves. */
function likePatternOf(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export async function listEntries(
  db: Database,
  params: {
    customerId: number;
    emailContains: string | undefined;
    blockType: number | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ rows: BlacklistRow[]; total: number }> {
  const where = and(
    eq(payoutBlacklist.customerId, params.customerId),
    params.emailContains === undefined || params.emailContains === ''
      ? undefined
      : ilike(payoutBlacklist.email, likePatternOf(params.emailContains)),
    params.blockType === undefined ? undefined : eq(payoutBlacklist.blockType, params.blockType),
  );
  const rows = await db
    .select()
    .from(payoutBlacklist)
    .where(where)
    .orderBy(desc(payoutBlacklist.createdAt), desc(payoutBlacklist.id))
    .limit(params.limit)
    .offset(params.offset);
  const [counted] = await db.select({ total: count() }).from(payoutBlacklist).where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function countEntries(db: Database, params: { customerId: number }): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(payoutBlacklist)
    .where(eq(payoutBlacklist.customerId, params.customerId));
  return row?.total ?? 0;
}

export async function findEntry(
  db: Database,
  params: { customerId: number; email: string },
): Promise<BlacklistRow | null> {
  const [row] = await db
    .select()
    .from(payoutBlacklist)
    .where(and(eq(payoutBlacklist.customerId, params.customerId), eq(payoutBlacklist.email, params.email)));
  return row ?? null;
}
