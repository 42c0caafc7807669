import {
  NOTIFICATION_SETTING_IDS,
  NOTIFICATION_SETTINGS,
  type NotificationSetting,
  type NotificationSettingId,
} from '@app/shared/api/security';
import type { Database } from '../../db/client';
import { errors } from '../../platform/errors';
import * as repository from './notification-settings.repository';
import { recordSecurityChange } from './security-notice';

/**
 * Notification settings (spec 001 §3): which optional mails and messages a user receives. Senders
 * of optional mail ask `canNotify` first; security notices and sign-in codes never ask (they are
 * the locked settings, listed so the user sees they cannot be switched off).
 */

export async function notificationSettingsOf(db: Database, params: { userId: number }): Promise<NotificationSetting[]> {
  const stored = new Map(
    (await repository.findSettings(db, { userId: params.userId })).map((row) => [row.identified, row.value]),
  );
  return NOTIFICATION_SETTING_IDS.map((identified) => {
    const definition = NOTIFICATION_SETTINGS[identified];
    return {
      identified,
      group: definition.group,
      isLocked: definition.isLocked,
      value: definition.isLocked ? true : (stored.get(identified) ?? definition.defaultValue),
    };
  });
}

/** Returns the settings after the change, and whether any value changed (no change, no notice). */
export async function setNotificationSettings(
  db: Database,
  actor: { userId: number; customerId: number | null; ip: string },
  params: { settings: { identified: NotificationSettingId; value: boolean }[] },
): Promise<{ settings: NotificationSetting[]; isChanged: boolean }> {
  const locked = params.settings.find(
    (setting) => NOTIFICATION_SETTINGS[setting.identified].isLocked && !setting.value,
  );
  if (locked !== undefined) {
    throw errors.validation([
      { field: 'settings', message: 'Security messages are always sent: they cannot be switched off.' },
    ]);
  }
  return db.transaction(async (tx) => {
    const before = await notificationSettingsOf(tx, actor);
    const current = new Map(before.map((setting) => [setting.identified, setting.value]));
    const changes = params.settings.filter(
      (setting) =>
        !NOTIFICATION_SETTINGS[setting.identified].isLocked && current.get(setting.identified) !== setting.value,
    );
    if (changes.length === 0) return { settings: before, isChanged: false };
    await repository.upsertSettings(tx, { userId: actor.userId, settings: changes });
    await recordSecurityChange(tx, {
      actorUserId: actor.userId,
      customerId: actor.customerId,
      action: 'security.notificationSettingsChanged',
      details: { changes: Object.fromEntries(changes.map((change) => [change.identified, change.value])) },
      ip: actor.ip,
    });
    return { settings: await notificationSettingsOf(tx, actor), isChanged: true };
  });
}

/** Whether an optional mail or message may be sent to the user. Locked settings always allow. */
export async function canNotify(
  db: Database,
  params: { userId: number; setting: NotificationSettingId },
): Promise<boolean> {
  const definition = NOTIFICATION_SETTINGS[params.setting];
  if (definition.isLocked) return true;
  const [row] = await repository.findSettings(db, { userId: params.userId, identified: [params.setting] });
  return row?.value ?? definition.defaultValue;
}

/** `canNotify` for many users in one read: the users who may be told. */
export async function usersToNotify(
  db: Database,
  params: { userIds: number[]; setting: NotificationSettingId },
): Promise<Set<number>> {
  const definition = NOTIFICATION_SETTINGS[params.setting];
  if (definition.isLocked) return new Set(params.userIds);
  const stored = await repository.findSettingOfUsers(db, { userIds: params.userIds, identified: params.setting });
  return new Set(params.userIds.filter((userId) => stored.get(userId) ?? definition.defaultValue));
}
