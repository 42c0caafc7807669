import { Loader } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { getMobileBridge, type MobileBridge } from '../lib/mobile-bridge';
import classes from './global-loader.module.css';

/**
 * Wrapper mode's global loader (spec 000 §1): one overlay over the whole page while the native app
 * starts up or the page signs in, so the app never shows a half-built screen.
 */
export function GlobalLoader({ bridge = getMobileBridge() }: { bridge?: MobileBridge }) {
  const { t } = useTranslation('common');
  const isVisible = useSyncExternalStore(bridge.subscribeLoader, bridge.isLoaderVisible, () => false);
  if (!isVisible) return null;
  return (
    <div className={classes.overlay} role="status" aria-live="polite">
      <Loader aria-label={t('loading')} />
    </div>
  );
}
