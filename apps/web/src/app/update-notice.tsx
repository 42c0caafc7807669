import { Button } from '@mantine/core';
import { i18n } from '../lib/i18n';
import { showNotification } from '../lib/notify';
import { registerServiceWorker, setCacheVersionCookie } from '../lib/service-worker';

const UPDATE_NOTIFICATION_ID = 'app-update';

/** Production only: watch for a new release and offer a reload (spec 000 §9). */
export function startUpdateChecks(buildId: string): void {
  setCacheVersionCookie(buildId);
  registerServiceWorker((activate) => {
    void showNotification({
      id: UPDATE_NOTIFICATION_ID,
      autoClose: false,
      withCloseButton: true,
      closeButtonProps: { 'aria-label': i18n.t('common:actions.close') },
      title: i18n.t('common:update.available'),
      message: (
        <Button size="xs" mt="xs" onClick={activate}>
          {i18n.t('common:update.reload')}
        </Button>
      ),
    });
  }).catch(() => {
    // No service worker (private mode, old browser): the app works, it just will not announce updates.
  });
}
