import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import { NOTIFICATION_SETTING_GROUPS, type NotificationSetting } from '@app/shared/api/security';
import { Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useSetNotificationSettings } from '../api/set-notification-settings';

/**
 * `profile/notifications` (spec 001 §3 "Notification setting"): the settings grouped (spec 001
 * §2 "notifications by group"); each switch saves at once. Security messages are always sent and
 * shown switched on and locked.
 */
export function NotificationSettingsScreen() {
  const { t } = useTranslation('preferences');
  useDocumentTitle(t('notifications.title'));
  const settings = useNotificationSettings();
  const save = useSetNotificationSettings();

  function labelOf(setting: NotificationSetting): string {
    return t(`notifications.settings.${setting.identified}.label`, { defaultValue: setting.identified });
  }

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1} size="h2">
        {t('notifications.title')}
      </Title>
      <Text>{t('notifications.intro')}</Text>
      {settings.isPending ? <Skeleton height={160} /> : null}
      {settings.error ? <ErrorAlert error={settings.error} /> : null}
      {save.error ? <ErrorAlert error={save.error} /> : null}
      {settings.data
        ? NOTIFICATION_SETTING_GROUPS.map((group) => {
            const members = settings.data.filter((setting) => setting.group === group);
            if (members.length === 0) return null;
            return (
              <Paper key={group} withBorder p="md" radius="md" component="section" aria-labelledby={`group-${group}`}>
                <Stack gap="md">
                  <Title order={2} size="h3" id={`group-${group}`}>
                    {t(`notifications.groups.${group}`)}
                  </Title>
                  {members.map((setting) => (
                    <Switch
                      key={setting.identified}
                      checked={setting.value}
                      disabled={setting.isLocked || save.isPending}
                      onChange={(event) =>
                        save.mutate([{ identified: setting.identified, value: event.currentTarget.checked }])
                      }
                      label={labelOf(setting)}
                      description={
                        setting.isLocked
                          ? t('notifications.locked')
                          : t(`notifications.settings.${setting.identified}.description`, { defaultValue: '' })
                      }
                    />
                  ))}
                </Stack>
              </Paper>
            );
          })
        : null}
    </Stack>
  );
}
