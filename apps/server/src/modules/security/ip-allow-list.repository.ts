import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customerSecuritySettings, ipAllowList } from '../../db/schema/security';

/** Queries of the IP allow-list and its mode; the customer id is in the where of every one. */

export type IpAllowListRow = typeof ipAllowList.$inferSelect;

export function listEntries(db: Database, params: { customerId: number; limit: number }): Promise<IpAllowListRow[]> {
  return db
    .select()
    .from(ipAllowList)
    .where(eq(ipAllowList.customerId, params.customerId))
    .orderBy(asc(ipAllowList.id))
    .limit(params.limit);
}

export async function countEntries(db: Database, params: { customerId: number }): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(ipAllowList)
    .where(eq(ipAllowList.customerId, params.customerId));
  return row?.total ?? 0;
}

export async function insertEntry(
  db: Database,
  params: { customerId: number; ip: string; toIp: string | null },
): Promise<IpAllowListRow> {
  const [row] = await db.insert(ipAllowList).values(params).returning();
  if (row === undefined) throw new Error('insert into ip_allow_list returned no row');
  return row;
}

export async function deleteEntry(
  db: Database,
  params: { customerId: number; id: number },
): Promise<IpAllowListRow | null> {
  const [row] = await db
    .delete(ipAllowList)
    .where(and(eq(ipAllowList.customerId, params.customerId), eq(ipAllowList.id, params.id)))
    .returning();
  return row ?? null;
}

export async function findMode(db: Database, params: { customerId: number }): Promise<number> {
  const [row] = await db
    .select({ accessIpMode: customerSecuritySettings.accessIpMode })
    .from(customerSecuritySettings)
    .where(eq(customerSecuritySettings.customerId, params.customerId));
  return row?.accessIpMode ?? 0;
}

export async function upsertMode(db: Database, params: { customerId: number; accessIpMode: number }): Promise<void> {
  await db
    .insert(customerSecuritySettings)
    .values({ customerId: params.customerId, accessIpMode: params.accessIpMode })
    .onConflictDoUpdate({
      target: customerSecuritySettings.customerId,
      set: { accessIpMode: params.accessIpMode, updatedAt: new Date() },
    });
}
