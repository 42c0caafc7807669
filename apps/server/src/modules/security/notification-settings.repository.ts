import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { userNotificationSettings } from '../../db/schema/security';

/** Queries of the notification settings a user changed from their defaults. */

export function findSettings(
  db: Database,
  params: { userId: number; identified?: string[] },
): Promise<{ identified: string; value: boolean }[]> {
  return db
    .select({ identified: userNotificationSettings.identified, value: userNotificationSettings.value })
    .from(userNotificationSettings)
    .where(
      and(
        eq(userNotificationSettings.userId, params.userId),
        params.identified === undefined ? undefined : inArray(userNotificationSettings.identified, params.identified),
      ),
    );
}

/** One setting of many users: the users who stored a value, with it. */
export async function findSettingOfUsers(
  db: Database,
  params: { userIds: number[]; identified: string },
): Promise<Map<number, boolean>> {
  if (params.userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: userNotificationSettings.userId, value: userNotificationSettings.value })
    .from(userNotificationSettings)
    .where(
      and(
        inArray(userNotificationSettings.userId, params.userIds),
        eq(userNotificationSettings.identified, params.identified),
      ),
    );
  return new Map(rows.map((row) => [row.userId, row.value]));
}

export async function upsertSettings(
  db: Database,
  params: { userId: number; settings: { identified: string; value: boolean }[] },
): Promise<void> {
  if (params.settings.length === 0) return;
  for (const setting of params.settings) {
    await db
      .insert(userNotificationSettings)
      .values({ userId: params.userId, identified: setting.identified, value: setting.value })
      .onConflictDoUpdate({
        target: [userNotificationSettings.userId, userNotificationSettings.identified],
        set: { value: setting.value, updatedAt: new Date() },
      });
  }
}
