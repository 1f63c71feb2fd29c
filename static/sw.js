// brokerlab's service worker: after the first visit the whole site comes
// from a cache named after the worker's scope and the build, so the page
// opens with the network cut (a classroom's Wi-Fi). site.Build fills in
// BUILD and FILES. A new build is a new sw.js: the browser installs it
// beside the old one, it caches the new files, takes over at once, and
// deletes its scope's older caches; the page then offers to reload
// (index.html, controllerchange). Two deployments on one origin
// (USER.github.io/a/ and /b/) see each other's caches: the scope in the
// name keeps each one's its own.
"use strict";
const BUILD = "__BUILD__";
const PREFIX = "brokerlab " + self.registration.scope + " ";
const CACHE = PREFIX + BUILD;
const FILES = ["__FILES__"];
const WASM = FILES.find((f) => /^main\.wasm\?/.test(f));
const WASM_XZ = FILES.find((f) => /^main\.wasm\.xz\?/.test(f));
// The unpacker of main.wasm.xz; without it the worker caches main.wasm as
// the host sends it.
try {
  importScripts("xz-decompress.min.js?v=" + BUILD);
} catch (e) {
  console.log("service worker: no xz-decompress:", e);
}
const Xz = (self["xz-decompress"] || {}).XzReadableStream;

self.addEventListener("install", (ev) => {
  ev.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // The page itself is fetched past the HTTP cache, which may still hold
    // the previous build's; the assets carry ?v=BUILD, so whatever the HTTP
    // cache has of them (the page just downloaded them) is this build's.
    const plain = FILES.filter((f) => f !== WASM && f !== WASM_XZ);
    await cache.addAll(plain.map((f) => new Request(f, { cache: f === "./" ? "reload" : "default" })));
    // The simulator is kept unpacked, as main.wasm: a page this worker
    // controls compiles it straight from the cache, and the browser can
    // keep the compiled code for the next visit. It is unpacked from
    // main.wasm.xz, which the page has just downloaded (HTTP cache).
    if (Xz) {
      const r = await fetch(WASM_XZ);
      if (!r.ok) throw new Error(WASM_XZ + ": HTTP " + r.status);
      const body = await new Response(new Xz(r.body)).arrayBuffer();
      await cache.put(WASM, new Response(body, { headers: { "Content-Type": "application/wasm", "Content-Length": String(body.byteLength) } }));
    } else {
      await cache.add(WASM);
    }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (ev) => {
  ev.waitUntil((async () => {
    for (const name of await caches.keys()) {
      // A cache named before the scope was in the name ("brokerlab-" +
      // build) is this scope's if it holds this scope's page.
      const old = name.startsWith(PREFIX) ? name !== CACHE
        : name.startsWith("brokerlab-") && !!(await caches.match(self.registration.scope, { cacheName: name }));
      if (old) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// Cache first: the cache holds exactly one build. Opening the page (any
// #/… link, which the server never sees) is the cached "./". The teachers'
// guides (guide/, static pages with screenshots) are not part of the page:
// each is kept once it has been opened, in this build's cache.
const GUIDES = new URL("guide/", self.registration.scope).pathname;
self.addEventListener("fetch", (ev) => {
  const req = ev.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin) return;
  const guide = url.pathname.startsWith(GUIDES);
  ev.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = req.mode === "navigate" && !guide ? await cache.match("./") : await cache.match(req);
    if (hit || !guide) return hit || fetch(req);
    const r = await fetch(req);
    if (r.ok) await cache.put(req, r.clone());
    return r;
  })());
});
