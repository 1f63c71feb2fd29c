// Streams the simulator, counting bytes against Content-Length for a real
// progress bar, compiling as it arrives, then starts it. All URLs are
// relative, so the site works under any sub-path (GitHub Pages serves it
// from /REPO/). The loader fetches main.wasm.xz and unpacks it here as it
// arrives (xz-decompress.min.js): under a fifth of the bytes on any host,
// and the bytes counted are the compressed bytes Content-Length announces.
// Otherwise main.wasm.
(async function () {
  "use strict";
  const build = document.querySelector('meta[name="brokerlab-build"]').content;
  const zh = document.documentElement.lang === "zh";
  const w = (k) => ((window.brokerlabWords || {})[k] || [k, k])[zh ? 1 : 0];
  for (const el of document.querySelectorAll("[data-w]")) el.textContent = w(el.dataset.w);
  for (const el of document.querySelectorAll("[data-w-label]")) el.setAttribute("aria-label", w(el.dataset.wLabel));
  const fill = document.getElementById("bar-fill");
  const text = document.getElementById("load-text");
  const bar = fill.parentElement;
  const mb = (n) => (n / 1048576).toFixed(1) + " MB";
  function fail(msg) {
    let el = document.getElementById("load-error");
    if (el) {
      el.hidden = false;
      el.textContent = msg;
    } else {
      el = document.createElement("div");
      el.className = "banner crash";
      el.id = "fatal";
      el.textContent = msg;
      document.body.prepend(el);
    }
    // The simulator is gone: a lesson's start needs a fresh page (which,
    // finding the stopped run in sessionStorage, would open it anyway).
    const lesson = location.hash.match(/^#\/lesson\/([\w-]+)/);
    if (lesson) {
      const a = document.createElement("a");
      a.id = "fatal-start";
      a.href = "#/lesson/" + lesson[1];
      a.textContent = " " + w("load.openStart");
      a.addEventListener("click", (e) => {
        e.preventDefault();
        location.hash = a.getAttribute("href");
        location.reload();
      });
      el.append(a);
    }
  }
  // The service worker caches the site for offline use. When a new build
  // takes over a page that an older one served, the page says so (Go shows
  // a banner with a reload button) or, still loading, simply reloads.
  function worker() {
    if (!("serviceWorker" in navigator)) return;
    let prev = navigator.serviceWorker.controller;
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      const was = prev;
      prev = navigator.serviceWorker.controller;
      if (!was) return; // the first install: nothing was replaced
      if (window.brokerlabUpdateReady) window.brokerlabUpdateReady();
      else location.reload();
    });
    navigator.serviceWorker.register("sw.js").catch((e) => console.log("service worker:", e));
  }
  try {
    if (typeof WebAssembly !== "object") throw new Error(w("load.noWasm"));
    // A page the service worker controls has compiled main.wasm from the
    // worker's cache already (the page's head); if that failed, it is
    // fetched as on a first visit.
    const module = window.brokerlabModule ? await window.brokerlabModule : null;
    const cached = !!module;
    const Xz = (window["xz-decompress"] || {}).XzReadableStream;
    const xz = !cached && !!Xz && !!window.TransformStream && !!WebAssembly.instantiateStreaming;
    let resp = xz ? await fetch("main.wasm.xz?v=" + build).catch(() => null) : null;
    const unpack = !!(resp && resp.ok && resp.body);
    if (!cached && !unpack) {
      resp = await fetch("main.wasm?v=" + build);
      if (!resp.ok) throw new Error("main.wasm: HTTP " + resp.status + " " + resp.statusText);
    }
    performance.mark("brokerlab-fetched");
    // With compression on the wire (main.wasm from a gzipping host)
    // Content-Length counts compressed bytes: then the bar stops at 99%
    // until the download ends.
    const total = resp ? Number(resp.headers.get("Content-Length")) || 0 : 0;
    // The bar is redrawn at most once a frame: the main thread also
    // unpacks the download.
    let got = 0;
    const draw = () => {
      const pct = total ? Math.min(99, Math.floor((100 * got) / total)) : 0;
      fill.style.width = (total ? pct : 50) + "%";
      bar.setAttribute("aria-valuenow", pct);
      text.textContent = total ? mb(got) + " / " + mb(total) + " (" + pct + "%)" : mb(got);
    };
    let queued = false, done = false;
    const progress = (n) => {
      got += n;
      if (queued || done) return;
      queued = true;
      requestAnimationFrame(() => { queued = false; if (!done) draw(); });
    };
    const go = new Go();
    let instance;
    if (cached) {
      instance = await WebAssembly.instantiate(module, go.importObject);
    } else if (resp.body && window.TransformStream && WebAssembly.instantiateStreaming) {
      // Count the bytes as they stream into the compiler, which compiles
      // while the rest downloads.
      let body = resp.body.pipeThrough(new TransformStream({
        transform(chunk, ctl) { progress(chunk.length); ctl.enqueue(chunk); },
      }));
      if (unpack) body = new Xz(body);
      const wasm = new Response(body, { headers: { "Content-Type": "application/wasm" } });
      ({ instance } = await WebAssembly.instantiateStreaming(wasm, go.importObject));
    } else {
      const bytes = await resp.arrayBuffer();
      progress(bytes.byteLength);
      ({ instance } = await WebAssembly.instantiate(bytes, go.importObject));
    }
    performance.mark("brokerlab-compiled");
    done = true;
    fill.style.width = "100%";
    text.textContent = w("load.starting");
    window.brokerlabLoaded = { bytes: got, total: total, xz: unpack, cached: cached };
    worker();
    await go.run(instance);
    fail(w("load.stopped"));
  } catch (e) {
    fail(w("load.failed") + (e && e.message ? e.message : e));
  }
})();
