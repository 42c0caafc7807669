/* global self */
// Exists so the app can detect a new release: the build stamps its id below, so every deploy changes
// this file and `registration.update()` finds a waiting worker. It caches nothing and never touches
// API calls (there is no fetch handler).
const BUILD_ID = '__BUILD_ID__';

self.addEventListener('install', () => {
  // Wait: the page asks the customer before switching to the new version.
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
  if (event.data && event.data.type === 'GET_BUILD_ID' && event.source)
    event.source.postMessage({ type: 'BUILD_ID', buildId: BUILD_ID });
});
