/**
 * Offline practice: precache the app shell (every built file and static asset) per version, answer page
 * navigations with the cached shell when the network is gone, serve immutable assets cache-first and
 * never touch /api/ (the daily must always talk to the server). Web Push messages are shown as notifications.
 */
import { version } from '$app/env';
import { assets, immutable } from '$app/manifest';
import { self as sw } from '$app/service-worker';
import { onNotificationClick, onPush, type PushWorker } from '#lib/push/notification.ts';

const CACHE = `golf-shell-${version}`;
// The app's shell (build/shell.html, which the Worker serves for every page without a prerendered one): it renders
// any page in the browser, so it stands for all of them offline. Not `/`, whose page carries the day's course.
const SHELL = '/shell';
// The built files and the static ones, as paths from the site root (the app is served at the root).
// Not the link previews' picture: other sites fetch it, a player never needs it offline.
const NOT_CACHED = new Set(['og-image.png']);
const ASSETS = [...immutable, ...assets.filter((file) => !NOT_CACHED.has(file.path))].map(
  (file) => `/${file.path}`,
);

/** A redirected response cannot answer a navigation; copy it into a plain one. */
async function plain(res: Response): Promise<Response> {
  if (!res.redirected) return res;
  return new Response(await res.blob(), {
    status: res.status,
    statusText: res.statusText,
    headers: res.headers,
  });
}

sw.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then(async (cache) => {
        await cache.addAll(ASSETS);
        await cache.put(SHELL, await plain(await fetch(SHELL, { cache: 'reload' })));
      })
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith('golf-shell-') && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => sw.clients.claim()),
  );
});

const precached = new Set(ASSETS);

sw.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== sw.location.origin || url.pathname.startsWith('/api/') || url.pathname === '/api')
    return;

  if (req.mode === 'navigate') {
    // Network first so a new version shows at once; the cached shell when offline.
    event.respondWith(
      fetch(req).catch(async () => (await caches.match(SHELL)) ?? new Response('Offline', { status: 503 })),
    );
    return;
  }

  if (precached.has(url.pathname)) {
    event.respondWith(caches.match(url.pathname).then((hit) => hit ?? fetch(req)));
  }
});

// Web Push: show a message, and bring the app to its page when it is clicked (src/lib/push/notification.ts).
const pushWorker: PushWorker = {
  origin: sw.location.origin,
  showNotification: (title, options) => sw.registration.showNotification(title, options),
  windows: () => sw.clients.matchAll({ type: 'window', includeUncontrolled: true }),
  openWindow: (url) => sw.clients.openWindow(url),
};
sw.addEventListener('push', (event) => event.waitUntil(onPush(pushWorker, event.data)));
sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(onNotificationClick(pushWorker, event.notification.data));
});
