// The installable-app service worker (decision record 0034). The build (service-worker.ts)
// writes it to dist/sw.js with the build's file list and version in place of the two
// placeholders below. It keeps one copy of the app per build so a guest can open the app
// offline and play, drill and simulate (all of which run in the browser for a guest).
//
// What it never does: answer /api (money, the table and the session are the server's: an API
// call offline fails and the app says so), cache anything it did not precache, or take over
// from the worker of an open tab on its own (the page offers "Reload now"; otherwise the new
// version starts on the next visit, when no tab of the old one is left).

const VERSION = '__VERSION__';
const PRECACHE_URLS = ['__PRECACHE_URLS__'];
const CACHE = `card-counter-${VERSION}`;
/** The app shell: every app route is this page (the server's index.html fallback). */
const SHELL_URL = '/';

self.addEventListener('install', (event) => {
  // `cache: 'reload'` skips the HTTP cache: a copy that outlives this build must come from the server.
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(PRECACHE_URLS.map((url) => new Request(url, { cache: 'reload' })))),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('card-counter-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') void self.skipWaiting();
});

function isApi(pathname) {
  return pathname === '/api' || pathname.startsWith('/api/');
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isApi(url.pathname)) return;

  if (request.mode === 'navigate') {
    // The network first: online, the server's index.html is the truth (the flag, the current
    // build); offline, this build's copy of the shell.
    event.respondWith(
      fetch(request).catch(() => caches.match(SHELL_URL, { cacheName: CACHE }).then((hit) => hit ?? Response.error())),
    );
    return;
  }
  // Hashed assets never change: the copy first. Anything not precached goes to the network.
  // `caches.match` with a cache name, never `caches.open`: open creates the cache when it is
  // gone, so a worker the page had just unregistered (it keeps serving its open tab) made an
  // empty copy again right after the page dropped it (the flag-off browser test, on CI).
  event.respondWith(caches.match(request, { cacheName: CACHE, ignoreSearch: true }).then((hit) => hit ?? fetch(request)));
});
