import { NotificationSettingsScreen } from '../../features/preferences/routes/notification-settings-screen';

/** `profile/notifications`: which optional e-mails the user receives. */
export default function NotificationSettingsRoute() {
  return <NotificationSettingsScreen />;
}
