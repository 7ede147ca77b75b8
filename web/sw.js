// Arlington's service worker: after the first visit the whole folder plays offline. Its cache
// is named by the build's hash, so a new build (a new sw.js) fills a new cache and drops the old.
"use strict";
const VERSION = "{{arlington.version}}";
const FILES = {{arlington.files}};
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
    const cache = await caches.open(CACHE);
    const hit = await cache.match(event.request, { ignoreSearch: true });
    return hit || fetch(event.request);
  })());
});
