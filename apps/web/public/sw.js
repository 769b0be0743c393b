/*
 * Service worker: makes the site installable and lets the shell open offline.
 * - Hashed build assets (/assets/*) and icons: cache first (they never change).
 * - Page navigations: network first, falling back to the cached shell.
 * - API calls (/wps, /lgw, /lotto) and everything else: never cached, straight to the network.
 */
const CACHE = 'shell-v1';
const SHELL = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((c) => c.add(SHELL))
      .then(() => self.skipWaiting()),
  );
});

// No clients.claim(): the page that installed the worker stays as it loaded. Claiming it midway
// would change the key of the browser's in-page image cache, so the images it already holds (the
// served banner and logo) would be requested again when the site draws them.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k)))),
  );
});

const isApi = (path) => path.startsWith('/wps/') || path.startsWith('/lgw/') || path.startsWith('/lotto/');

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isApi(url.pathname)) return;

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((res) => {
          const copy = res.clone();
          if (res.ok) caches.open(CACHE).then((c) => c.put(SHELL, copy));
          return res;
        })
        .catch(() => caches.match(SHELL)),
    );
    return;
  }

  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icons/')) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((res) => {
            const copy = res.clone();
            if (res.ok) caches.open(CACHE).then((c) => c.put(request, copy));
            return res;
          }),
      ),
    );
  }
});
