// Before the first paint: the theme and the language, as the link says
// (theme=, lang=: for this visit, ui/link.go), else as stored, else the
// system's (prefers-color-scheme, navigator.language). web.js follows the
// system's theme while nothing is stored.
(function () {
  var d = document.documentElement, theme = null, lang = null;
  try { theme = localStorage.getItem("brokerlab.theme"); lang = localStorage.getItem("brokerlab.lang"); } catch (e) {}
  var q = "&" + (location.hash.split("?")[1] || "") + "&";
  var m = /&theme=(light|dark)&/.exec(q), n = /&lang=(en|zh)&/.exec(q);
  if (m) theme = m[1];
  if (n) lang = n[1];
  var dark = theme ? theme === "dark" : !!(window.matchMedia && matchMedia("(prefers-color-scheme: dark)").matches);
  d.setAttribute("data-theme", dark ? "dark" : "light");
  d.lang = String(lang || navigator.language || "en").toLowerCase().indexOf("zh") === 0 ? "zh" : "en";
  // The loader's words, from the page's one table (ui/i18n.go), filled in by site.Build.
  window.brokerlabWords = "__WORDS__";
  // The simulator starts downloading now, beside the scripts below rather
  // than after them: main.wasm.xz on a first visit. A page the service
  // worker controls has main.wasm in the worker's cache, unpacked: it is
  // compiled from there at once (the browser may reuse the code it
  // compiled last time), and the loader below instantiates it.
  if (typeof WebAssembly === "object") {
    var v = "?v=" + document.querySelector('meta[name="brokerlab-build"]').content;
    if (navigator.serviceWorker && navigator.serviceWorker.controller && WebAssembly.compileStreaming) {
      window.brokerlabModule = WebAssembly.compileStreaming(fetch("main.wasm" + v)).catch(function () { return null; });
    } else {
      var l = document.createElement("link");
      l.rel = "preload";
      l.as = "fetch";
      l.crossOrigin = "anonymous";
      l.href = "main.wasm.xz" + v;
      document.head.appendChild(l);
    }
  }
})();
