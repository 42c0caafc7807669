import { notificationSettingsSet, type NotificationSetting } from '@app/shared/api/security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';
import { notificationSettingsQueryKey } from './get-notification-settings';

export interface NotificationSettingChange {
  identified: string;
  value: boolean;
}

export async function setNotificationSettings(changes: NotificationSettingChange[]): Promise<NotificationSetting[]> {
  return (await callMethod(notificationSettingsSet, { settings: changes })).settings;
}

export function useSetNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setNotificationSettings,
    onSuccess: (settings) => queryClient.setQueryData(notificationSettingsQueryKey, settings),
  });
}
