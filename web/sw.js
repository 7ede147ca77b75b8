// Arlington's service worker: after the first visit the whole folder plays offline. Its cache
// is named by the build's hash, so a new build (a new sw.js) fills a new cache and drops the old.
"use strict";
const VERSION = "{{arlington.version}}";
// The big files come in two forms, X and X.gz (the page takes X.gz when the host does not
// compress, and says so by registering sw.js?gz=1): keep the form the page took, from the
// HTTP cache, and answer X from X.gz, unpacked, when that is what is kept.
const TWINS = {{arlington.twins}};
const GZ = new URL(self.location.href).searchParams.has("gz") && typeof DecompressionStream === "function";
const FILES = {{arlington.files}}.concat(TWINS.map((f) => (GZ ? f + ".gz" : f)));
const PREFIX = `arlington:${self.registration.scope}:`;
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // force-cache: take what the page has just downloaded from the HTTP cache when it can.
    await cache.addAll(FILES.map((f) => new Request(f, { cache: "force-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith((async () => {
    // caches.match with cacheName, never caches.open: a worker still answering the page just
    // after a new build's worker has dropped its cache would open it anew, empty, and it would
    // stay until the next build.
    const hit = await caches.match(event.request, { cacheName: CACHE, ignoreSearch: true });
    if (hit) return hit;
    const rel = new URL(event.request.url).href.slice(self.registration.scope.length);
    const packed = GZ && TWINS.includes(rel)
      && (await caches.match(rel + ".gz", { cacheName: CACHE }));
    if (packed) {
      return new Response(packed.body.pipeThrough(new DecompressionStream("gzip")), {
        headers: { "Content-Type": rel.endsWith(".wasm") ? "application/wasm" : "application/zip",
                   "X-Arlington-Unpacked": "gzip" },
      });
    }
    return fetch(event.request);
  })());
});
