import type { TransferKind } from '@app/shared/api/transfers';
import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { standingOrders } from '../../db/schema/transfers';

/** Queries of standing orders (recurring transfers); the customer id is in every customer-facing `where`. */

export type StandingOrderRow = typeof standingOrders.$inferSelect;
export type StandingOrderInsert = typeof standingOrders.$inferInsert;

export async function insertStandingOrder(db: Database, values: StandingOrderInsert): Promise<StandingOrderRow> {
  const [row] = await db.insert(standingOrders).values(values).returning();
  if (row === undefined) throw new Error('insert into standing_orders returned no row');
  return row;
}

export async function lockStandingOrder(db: Database, params: { orderId: number }): Promise<StandingOrderRow | null> {
  const [row] = await db.select().from(standingOrders).where(eq(standingOrders.id, params.orderId)).for('update');
  return row ?? null;
}

export async function lockStandingOrderOfCustomer(
  db: Database,
  params: { orderId: number; customerId: number },
): Promise<StandingOrderRow | null> {
  const [row] = await db
    .select()
    .from(standingOrders)
    .where(and(eq(standingOrders.id, params.orderId), eq(standingOrders.customerId, params.customerId)))
    .for('update');
  return row ?? null;
}

export async function updateStandingOrder(
  db: Database,
  params: { orderId: number; set: Partial<StandingOrderInsert> },
): Promise<StandingOrderRow> {
  const [row] = await db
    .update(standingOrders)
    .set(params.set)
    .where(eq(standingOrders.id, params.orderId))
    .returning();
  if (row === undefined) throw new Error(`standing order ${params.orderId} vanished`);
  return row;
}

export interface StandingOrderFilter {
  customerId: number;
  email?: string;
  kind?: TransferKind;
  /** Bounds on the amount as decimal strings, whatever the currency ("10" matches 10.00 USD and 10 JPY). */
  fromAmount?: string;
  toAmount?: string;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

const amountAsDecimal = sql`(${standingOrders.amountMinor}::numeric / power(10::numeric, ${standingOrders.assetScale}))`;

function conditionOf(filter: StandingOrderFilter): SQL | undefined {
  return and(
    eq(standingOrders.customerId, filter.customerId),
    filter.email === undefined || filter.email === ''
      ? undefined
      : ilike(standingOrders.toEmail, `%${escapeLike(filter.email)}%`),
    filter.kind === undefined ? undefined : eq(standingOrders.kind, filter.kind),
    filter.fromAmount === undefined ? undefined : sql`${amountAsDecimal} >= ${filter.fromAmount}::numeric`,
    filter.toAmount === undefined ? undefined : sql`${amountAsDecimal} <= ${filter.toAmount}::numeric`,
  );
}

export function listStandingOrders(
  db: Database,
  params: { filter: StandingOrderFilter; limit: number; offset: number },
): Promise<StandingOrderRow[]> {
  return db
    .select()
    .from(standingOrders)
    .where(conditionOf(params.filter))
    .orderBy(desc(standingOrders.createdAt), desc(standingOrders.id))
    .limit(params.limit)
    .offset(params.offset);
}

export async function countStandingOrders(db: Database, params: { filter: StandingOrderFilter }): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(standingOrders)
    .where(conditionOf(params.filter));
  return row?.total ?? 0;
}

/** The order a transfer started (its first run), locked; null when the transfer started none. */
export async function lockStandingOrderByFirstTransfer(
  db: Database,
  params: { firstTransferId: number },
): Promise<StandingOrderRow | null> {
  const [row] = await db
    .select()
    .from(standingOrders)
    .where(eq(standingOrders.firstTransferId, params.firstTransferId))
    .for('update');
  return row ?? null;
}
