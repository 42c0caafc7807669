import type { NotificationData } from '@mantine/notifications';

/**
 * Toasts without paying for them up front: the notifications package (with its transition and portal
 * code) loads the first time something is shown. Mantine keeps shown notifications in a store, so the
 * container renders them once it has mounted.
 */
let isHostRequested = false;
const listeners = new Set<() => void>();

export function subscribeNotificationsHost(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isNotificationsHostRequested(): boolean {
  return isHostRequested;
}

export async function showNotification(data: NotificationData): Promise<void> {
  if (!isHostRequested) {
    isHostRequested = true;
    for (const listener of listeners) listener();
  }
  const { notifications } = await import('@mantine/notifications');
  notifications.show(data);
}
