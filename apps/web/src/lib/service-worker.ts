import { CACHE_VERSION_COOKIE_TTL_MS, UPDATE_CHECK_INTERVAL_MS } from '@app/shared/constants';

/** The server and the worker can tell which build a page runs (spec 000 §9: the cookie lasts 1 hour). */
export function setCacheVersionCookie(buildId: string): void {
  const maxAgeSeconds = Math.round(CACHE_VERSION_COOKIE_TTL_MS / 1000);
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `cacheVersion=${encodeURIComponent(buildId)}; max-age=${maxAgeSeconds}; path=/; SameSite=Lax${secure}`;
}

/**
 * Registers `/sw.js` and asks for an update every minute. `onUpdateReady` receives a function that
 * activates the waiting worker and reloads the page once it has taken over.
 */
export async function registerServiceWorker(onUpdateReady: (activate: () => void) => void): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.register('/sw.js');
  // Reload only when the customer asked for the new version: the first install also changes the
  // controller (clients.claim), and that must not reload the page under them.
  const reload = { isRequested: false, isDone: false };
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!reload.isRequested || reload.isDone) return;
    reload.isDone = true;
    window.location.reload();
  });
  const announce = (worker: ServiceWorker) => {
    onUpdateReady(() => {
      reload.isRequested = true;
      worker.postMessage({ type: 'SKIP_WAITING' });
    });
  };
  if (registration.waiting && navigator.serviceWorker.controller) announce(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    if (!installing) return;
    installing.addEventListener('statechange', () => {
      // A first install has no controller: that is not an update.
      if (installing.state === 'installed' && navigator.serviceWorker.controller) announce(installing);
    });
  });
  setInterval(() => {
    registration.update().catch(() => {
      // Offline or the server is restarting: the next check will try again.
    });
  }, UPDATE_CHECK_INTERVAL_MS);
}
