// The page's service worker (docs/WEB.md "Offline"): keeps the page, its files and the engine
// in a cache, so that after one visit the page opens and plays offline with no network.
// The page itself and precache.json (the build's file list, written by vite.config.ts) are fetched
// from the network first, so a new build is seen as soon as there is one; the hashed files and the
// engine from the cache first. The server's own addresses (the WebSocket, records) are never cached.
// The engine's file (assets/tonk-HASH.wasm, about 220 KB gzipped) is not fetched here: the page's
// worker downloads it as it loads the engine and keeps it in this same cache (src/offlineWorker.ts),
// so a first visit downloads it once.
const kCache = 'tonk-page-v1';   // src/pageCache.ts, kPageCache: the same name
// public/'s files (the manifest and icons); precache.json lists the build's hashed ones.
const kPublic = ['./', 'manifest.webmanifest', 'icon.svg', 'icon-192.png', 'icon-512.png'];

const isEngine = (file) => file.endsWith('.wasm');

async function buildFiles() {
  return fetch('precache.json', { cache: 'no-cache' }).then((r) => (r.ok ? r.json() : []), () => []);
}

async function precache() {
  const cache = await caches.open(kCache);
  const list = await buildFiles();
  await Promise.all([...kPublic, ...list.filter((f) => !isEngine(f))].map((f) => cache.add(f).catch(() => {})));
}

// The files of earlier builds (hashed names no longer listed) are dropped once this build is active.
async function dropEarlierBuilds() {
  const list = await buildFiles();
  if (list.length === 0) return;   // offline, or no list: keep everything
  const keep = new Set([...kPublic, ...list].map((f) => new URL(f, self.registration.scope).href));
  const cache = await caches.open(kCache);
  for (const request of await cache.keys()) {
    const url = new URL(request.url);
    if (url.pathname.includes('/assets/') && !keep.has(url.href)) await cache.delete(request);
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key !== kCache) await caches.delete(key);
    await dropEarlierBuilds().catch(() => {});
    await self.clients.claim();
  })());
});

function isServerPath(url) {
  return url.pathname.startsWith('/ws') || url.pathname.startsWith('/records/');
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || isServerPath(url)) return;
  const page = request.mode === 'navigate' || url.pathname.endsWith('/') || url.pathname.endsWith('.html') ||
    url.pathname.endsWith('precache.json');
  event.respondWith((async () => {
    const cache = await caches.open(kCache);
    if (page) {
      try {
        const fresh = await fetch(request);
        if (fresh.ok) await cache.put(request.mode === 'navigate' ? './' : request, fresh.clone());
        return fresh;
      } catch {
        return (await cache.match(request.mode === 'navigate' ? './' : request)) ?? Response.error();
      }
    }
    const kept = await cache.match(request);
    if (kept) return kept;
    const fresh = await fetch(request);
    if (fresh.ok) await cache.put(request, fresh.clone());
    return fresh;
  })());
});
