/**
 * The service worker of the installable app (built into dist/sw.js by pwa/vite-plugin.ts, which fills in the two
 * constants below). It makes the app start without a connection; it never keeps data:
 * - the app shell (index.html), every built file of /assets (content-hashed) and the public files are cached on install;
 * - /assets/*: from the cache, else the network (hashed names never change their content);
 * - page loads (navigations) and config.json: the network first, the cached copy only when the network fails, so a new
 *   build or configuration shows at once while online;
 * - /vario-api/* is never touched: the server answers no-store, and the technician's data lives in IndexedDB
 *   (features/service/offline), so no user's data ends up in a cache shared with the next user of the device.
 * A new version waits until every tab of the old one is closed (no skipWaiting): a running tab keeps the files it
 * started with. The first installation takes over the open tab at once (clients.claim), so it works offline without a reload.
 */
const VERSION = '__VERSION__';
/** @type {string[]} */
const PRECACHE = /* __PRECACHE__ */ [];
const SHELL = `vario-shell-${VERSION}`;
const API_PREFIX = '/vario-api/';
const NAVIGATION_TIMEOUT_MS = 5000;
const precached = new Set(PRECACHE);

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

sw.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      await Promise.all(
        PRECACHE.map(async (url) => {
          // a hashed file an older version already has is copied, not downloaded again
          const old = url.startsWith('/assets/') ? await caches.match(url, { ignoreVary: true }) : undefined;
          const res = old ?? (await fetch(url, { cache: 'reload', credentials: 'same-origin' }));
          if (!res.ok) throw new Error(`precache ${url}: HTTP ${res.status}`);
          await cache.put(url, res);
        }),
      );
    })(),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith('vario-shell-') && name !== SHELL) await caches.delete(name);
      await sw.clients.claim();
    })(),
  );
});

/** The cached copy of a path in this version's cache. */
const cached = async (path) => (await caches.open(SHELL)).match(path, { ignoreVary: true });

/** The network's answer within `ms` (a hanging connection in a cellar counts as none), else undefined. */
async function network(request, ms) {
  const controller = new AbortController();
  const timer = ms ? setTimeout(() => controller.abort(), ms) : 0;
  try {
    return await fetch(request, { signal: controller.signal });
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

async function navigation(request) {
  const res = await network(request, NAVIGATION_TIMEOUT_MS);
  if (res) return res;
  return (await cached('/index.html')) ?? Response.error();
}

async function networkFirst(request, path) {
  const res = await network(request, 0);
  if (res?.ok) {
    await (await caches.open(SHELL)).put(path, res.clone());
    return res;
  }
  return res ?? (await cached(path)) ?? Response.error();
}

async function cacheFirst(request, path) {
  const hit = await cached(path);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok) await (await caches.open(SHELL)).put(path, res.clone());
  return res;
}

sw.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin || url.pathname.startsWith(API_PREFIX) || url.pathname === '/vario-api') return;
  if (request.mode === 'navigate') return event.respondWith(navigation(request));
  if (url.pathname.startsWith('/assets/')) return event.respondWith(cacheFirst(request, url.pathname));
  if (url.pathname === '/config.json' || precached.has(url.pathname)) return event.respondWith(networkFirst(request, url.pathname));
});
