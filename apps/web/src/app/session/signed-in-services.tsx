import { IDLE_TIMEOUT_MS, TOAST_DURATION_MS } from '@app/shared/constants';
import { useEffect } from 'react';
import { getApiBaseUrl } from '../../lib/api-base-url';
import { getFreshAccessToken } from '../../lib/api-client';
import { startIdleTimer } from '../../lib/idle-timer';
import { i18n, loadNamespaces } from '../../lib/i18n';
import { showNotification } from '../../lib/notify';
import { type LiveChannel, type LiveEvent, liveChannelUrl, openLiveChannel } from '../../lib/live-channel';
import { whenIdle } from '../../lib/when-idle';
import { isForLanguage, isNotificationType, NOTIFICATION_INVALIDATIONS } from '../live-notifications';
import { useQueryClientHolder } from '../query-client-context';
import { signOut } from './sign-out';

const STATUS_COLORS = { error: 'red', warning: 'orange', success: 'teal', info: 'brand' } as const;

/**
 * What runs while someone is signed in: the idle sign-out (10 minutes, spec 000 §4) and the live
 * channel with its customer notifications. Unmounting (sign-out) stops both.
 */
export default function SignedInServices() {
  const queryClientHolder = useQueryClientHolder();

  useEffect(() => startIdleTimer({ timeoutMs: IDLE_TIMEOUT_MS, onIdle: () => void signOut('idle') }), []);

  useEffect(() => {
    // i18n.t reads the language at the time of the event, so a language switch needs no reconnect.
    const t = i18n.t.bind(i18n);
    const onEvent = (event: LiveEvent) => {
      if (event.type !== 'notification') return;
      const notificationType = event.payload.notificationType;
      const title = isNotificationType(notificationType)
        ? t(`notifications:types.${notificationType}`)
        : t('notifications:types.default');
      const message =
        typeof event.payload.message === 'string' && event.payload.message.trim() !== ''
          ? event.payload.message
          : undefined;
      if (isForLanguage(event.payload, i18n.language)) {
        void showNotification({
          color: STATUS_COLORS[event.status],
          title: message ? title : undefined,
          message: message ?? title,
          autoClose: TOAST_DURATION_MS,
          closeButtonProps: { 'aria-label': t('common:actions.close') },
        });
      }
      const keys = isNotificationType(notificationType) ? NOTIFICATION_INVALIDATIONS[notificationType] : undefined;
      const queryClient = queryClientHolder.current();
      for (const queryKey of keys ?? []) void queryClient?.invalidateQueries({ queryKey });
    };
    // The channel and its words are not needed to show the screen: they wait until the page is idle.
    let channel: LiveChannel | undefined;
    const cancel = whenIdle(() => {
      void loadNamespaces(['notifications']);
      channel = openLiveChannel({
        url: liveChannelUrl(getApiBaseUrl(), window.location),
        getAccessToken: () => getFreshAccessToken(),
        onEvent,
      });
    });
    return () => {
      cancel();
      channel?.close();
    };
  }, [queryClientHolder]);

  return null;
}
