import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isNotificationsHostRequested, subscribeNotificationsHost } from '../lib/notify';

const NotificationsContainer = lazy(() => import('./notifications-container'));

/** Mounts the toast container the first time a notification is shown (see lib/notify.ts). */
export function NotificationsHost() {
  const isRequested = useSyncExternalStore(subscribeNotificationsHost, isNotificationsHostRequested, () => false);
  if (!isRequested) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  );
}
