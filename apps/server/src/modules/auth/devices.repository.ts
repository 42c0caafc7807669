import { and, asc, count, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { devices } from '../../db/schema/auth';

/** Queries of linked devices. Every query that takes a device id also takes its owner's user id. */

export type DeviceRow = typeof devices.$inferSelect;

export async function insertDevice(db: Database, device: typeof devices.$inferInsert): Promise<DeviceRow> {
  const [row] = await db.insert(devices).values(device).returning();
  if (row === undefined) throw new Error('device insert returned no row');
  return row;
}

export function listDevices(db: Database, params: { userId: number; limit: number }): Promise<DeviceRow[]> {
  return db
    .select()
    .from(devices)
    .where(eq(devices.userId, params.userId))
    .orderBy(asc(devices.createdAt), asc(devices.id))
    .limit(params.limit);
}

export function listActiveDevices(db: Database, params: { userId: number; limit: number }): Promise<DeviceRow[]> {
  return db
    .select()
    .from(devices)
    .where(and(eq(devices.userId, params.userId), eq(devices.status, 'active')))
    .orderBy(asc(devices.createdAt), asc(devices.id))
    .limit(params.limit);
}

export async function countDevices(db: Database, params: { userId: number }): Promise<number> {
  const [row] = await db.select({ total: count() }).from(devices).where(eq(devices.userId, params.userId));
  return row?.total ?? 0;
}

/** The user's device; null for another user's id as for a missing one. */
export async function findDevice(
  db: Database,
  params: { userId: number; deviceId: number; forUpdate?: boolean },
): Promise<DeviceRow | null> {
  const query = db
    .select()
    .from(devices)
    .where(and(eq(devices.id, params.deviceId), eq(devices.userId, params.userId)))
    .limit(1);
  const [row] = params.forUpdate === true ? await query.for('update') : await query;
  return row ?? null;
}

/** The active device of this user the secret belongs to, marking it active now. */
export async function touchActiveDeviceBySecret(
  db: Database,
  params: { secretHash: string; userId?: number; pushToken?: string },
): Promise<DeviceRow | null> {
  const [row] = await db
    .update(devices)
    .set({ lastActivityAt: sql`now()`, ...(params.pushToken === undefined ? {} : { pushToken: params.pushToken }) })
    .where(
      and(
        eq(devices.secretHash, params.secretHash),
        eq(devices.status, 'active'),
        params.userId === undefined ? undefined : eq(devices.userId, params.userId),
      ),
    )
    .returning();
  return row ?? null;
}

/** The device acting on a device endpoint: active, of the token's user; marks it active now. */
export async function touchActiveDevice(
  db: Database,
  params: { userId: number; deviceId: number },
): Promise<DeviceRow | null> {
  const [row] = await db
    .update(devices)
    .set({ lastActivityAt: sql`now()` })
    .where(and(eq(devices.id, params.deviceId), eq(devices.userId, params.userId), eq(devices.status, 'active')))
    .returning();
  return row ?? null;
}

export async function updateDevice(
  db: Database,
  params: { userId: number; deviceId: number; set: Partial<Omit<typeof devices.$inferInsert, 'id' | 'userId'>> },
): Promise<void> {
  await db
    .update(devices)
    .set(params.set)
    .where(and(eq(devices.id, params.deviceId), eq(devices.userId, params.userId)));
}

/** Starts (or restarts) an approval: the method, a fresh window and no failures yet. */
export async function startDeviceApproval(
  db: Database,
  params: { userId: number; deviceId: number; approvalMode: number; ttlSeconds: number },
): Promise<DeviceRow | null> {
  const [row] = await db
    .update(devices)
    .set({
      approvalMode: params.approvalMode,
      approvalFailedAttempts: 0,
      approvalExpiresAt: sql`now() + make_interval(secs => ${params.ttlSeconds})`,
    })
    .where(and(eq(devices.id, params.deviceId), eq(devices.userId, params.userId), eq(devices.status, 'pending')))
    .returning();
  return row ?? null;
}

/** One more wrong code for the device's approval; the new count. */
export async function incrementDeviceApprovalFailures(
  db: Database,
  params: { userId: number; deviceId: number },
): Promise<number> {
  const [row] = await db
    .update(devices)
    .set({ approvalFailedAttempts: sql`${devices.approvalFailedAttempts} + 1` })
    .where(and(eq(devices.id, params.deviceId), eq(devices.userId, params.userId)))
    .returning({ failedAttempts: devices.approvalFailedAttempts });
  return row?.failedAttempts ?? 0;
}

/** Activates a pending device whose approval is still open; null when it was not (any more). */
export async function activateDevice(
  db: Database,
  params: { userId: number; deviceId: number; approvalMode?: number },
): Promise<DeviceRow | null> {
  const [row] = await db
    .update(devices)
    .set({ status: 'active', approvedAt: sql`now()`, approvalExpiresAt: null })
    .where(
      and(
        eq(devices.id, params.deviceId),
        eq(devices.userId, params.userId),
        eq(devices.status, 'pending'),
        gt(devices.approvalExpiresAt, sql`now()`),
        params.approvalMode === undefined ? undefined : eq(devices.approvalMode, params.approvalMode),
      ),
    )
    .returning();
  return row ?? null;
}

/** Pending devices of the user waiting for a push answer from another device. */
export function findDevicesAwaitingPushApproval(
  db: Database,
  params: { userId: number; exceptDeviceId: number; approvalMode: number; limit: number },
): Promise<DeviceRow[]> {
  return db
    .select()
    .from(devices)
    .where(
      and(
        eq(devices.userId, params.userId),
        eq(devices.status, 'pending'),
        eq(devices.approvalMode, params.approvalMode),
        gt(devices.approvalExpiresAt, sql`now()`),
        ne(devices.id, params.exceptDeviceId),
      ),
    )
    .orderBy(asc(devices.createdAt))
    .limit(params.limit);
}

export async function deleteDevice(db: Database, params: { userId: number; deviceId: number }): Promise<boolean> {
  const rows = await db
    .delete(devices)
    .where(and(eq(devices.id, params.deviceId), eq(devices.userId, params.userId)))
    .returning({ id: devices.id });
  return rows.length > 0;
}
