// brokerlab's service worker: after the first visit the whole site comes
// from a cache named after the build, so the page opens with the network
// cut (a classroom's Wi-Fi). site.Build fills in BUILD and FILES. A new
// build is a new sw.js: the browser installs it beside the old one, it
// caches the new files, takes over at once, and deletes every older cache;
// the page then offers to reload (index.html, controllerchange).
"use strict";
const BUILD = "__BUILD__";
const CACHE = "brokerlab-" + BUILD;
// The loader streams main.wasm.gz through DecompressionStream where there is
// one, else main.wasm: cache only the one this browser's loader asks for.
const gz = typeof DecompressionStream === "function";
const FILES = ["__FILES__"].filter((f) => !(gz ? /^main\.wasm\?/ : /^main\.wasm\.gz\?/).test(f));

self.addEventListener("install", (ev) => {
  ev.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // The page itself is fetched past the HTTP cache, which may still hold
    // the previous build's; the assets carry ?v=BUILD, so whatever the HTTP
    // cache has of them (the page just downloaded them) is this build's.
    await cache.addAll(FILES.map((f) => new Request(f, { cache: f === "./" ? "reload" : "default" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (ev) => {
  ev.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("brokerlab-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// Cache first: the cache holds exactly one build. Opening the page (any
// #/… link, which the server never sees) is the cached "./".
self.addEventListener("fetch", (ev) => {
  const req = ev.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  ev.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = req.mode === "navigate" ? await cache.match("./") : await cache.match(req);
    return hit || fetch(req);
  })());
});
