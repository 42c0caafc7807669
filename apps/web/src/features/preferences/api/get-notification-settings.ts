import { notificationSettingsGet, type NotificationSetting } from '@app/shared/api/security';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

export const notificationSettingsQueryKey = ['preferences', 'notificationSettings'] as const;

export async function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSetting[]> {
  return (await callMethod(notificationSettingsGet, {}, { signal })).settings;
}

export function notificationSettingsQueryOptions() {
  return queryOptions({
    queryKey: notificationSettingsQueryKey,
    queryFn: ({ signal }) => getNotificationSettings(signal),
  });
}

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}
