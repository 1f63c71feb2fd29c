// brokerlab's classroom features, the browser's side: the scenario
// editor's textarea, and (added with each feature) presenter mode, export,
// theme and announcements. Go (wasm/web_wasm.go) calls window.brokerlabWeb.
//
// The Go↔JavaScript boundary (declared in wasm/boundary.go, checked by
// TestBrowserBoundary). Go calls: brokerlabStage.buffer, brokerlabStage.draw,
// brokerlabStage.log, brokerlabStage.relog (stage.js); brokerlabWeb.showStep,
// brokerlabWeb.exportStage, brokerlabWeb.download, brokerlabWeb.editNeeds,
// brokerlabWeb.editSync, brokerlabWeb.editFocus, brokerlabWeb.editList (here). JavaScript calls
// what Go puts on window: brokerlabSelect, brokerlabSeek (stage.js),
// brokerlabUpdateReady (loader.js), brokerlabThemeChanged (here).
(function () {
  "use strict";
  const web = {};
  window.brokerlabWeb = web;

  // The theme follows the system's (prefers-color-scheme) until the user
  // picks one, which localStorage keeps (Go's SetTheme).
  if (window.matchMedia) {
    matchMedia("(prefers-color-scheme: dark)").addEventListener("change", (e) => {
      let stored = null;
      try { stored = localStorage.getItem("brokerlab.theme"); } catch (err) { /* private mode */ }
      if (stored) return;
      const theme = e.matches ? "dark" : "light";
      document.documentElement.setAttribute("data-theme", theme);
      if (window.brokerlabThemeChanged) window.brokerlabThemeChanged(theme);
    });
  }

  // inView keeps what sel finds in view: scrolling waits for the next
  // frame, whose layout it then uses, rather than forcing one of its own
  // right after each render.
  const queued = {};
  function inView(sel, how) {
    if (queued[sel]) return;
    queued[sel] = true;
    requestAnimationFrame(() => {
      queued[sel] = false;
      const el = document.querySelector(sel);
      if (el) el.scrollIntoView(how);
    });
  }
  // The narration keeps the current step in view.
  web.showStep = () => inView("#steps li.cur", { block: "nearest" });

  // Keyboard: Enter on a narration step goes there; Enter or space on a
  // stage element selects it, as a click does. (Space elsewhere plays and
  // pauses: wasm/host_wasm.go.)
  document.addEventListener("keydown", (ev) => {
    const t = ev.target;
    if (!t || !t.closest || ev.ctrlKey || ev.altKey || ev.metaKey) return;
    if (ev.key === "Enter" && t.matches("#steps li")) {
      ev.preventDefault();
      t.click();
    } else if ((ev.key === "Enter" || ev.key === " ") && t.closest("#stage") && t.hasAttribute("data-k")) {
      ev.preventDefault();
      ev.stopPropagation();
      t.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    }
  }, true);

  // The editor's textarea is in the Vugu tree with its value unbound, so
  // that a render never puts old text back under the cursor. Go hands the
  // text over only when it replaces it, numbered by generation; a textarea
  // Vugu recreated has no generation and gets the current text.
  web.editNeeds = function (gen) {
    const ta = document.getElementById("edit-src");
    return !!ta && ta.brokerlabGen !== gen;
  };
  web.editSync = function (gen, text) {
    const ta = document.getElementById("edit-src");
    if (!ta) return;
    ta.value = text;
    ta.brokerlabGen = gen;
  };
  // editFocus selects from a UTF-16 offset to end (the caret, if end is
  // not after it) and scrolls the box to it if it is out of view.
  web.editFocus = function (off, end) {
    const ta = document.getElementById("edit-src");
    if (!ta) return;
    ta.focus();
    ta.setSelectionRange(off, Math.max(off, end || 0));
    const line = ta.value.slice(0, off).split("\n").length;
    const box = ta.closest(".edbox");
    const lh = parseFloat(getComputedStyle(ta).lineHeight) || 20;
    const top = (line - 1) * lh;
    if (box && (top < box.scrollTop || top + 2 * lh > box.scrollTop + box.clientHeight)) {
      box.scrollTop = Math.max(0, (line - 3) * lh);
    }
  };
  // editList keeps the open completion list in view.
  web.editList = () => inView("#edit-complete", { block: "nearest", inline: "nearest" });

  // Export for slides: the stage on a 16:9 page with its caption below,
  // standalone. The stage's look lives in style.css, so every drawn
  // property is inlined, read from the computed style of the element it
  // copies, in the theme asked for (light unless dark): the page's theme
  // is switched for that synchronous read only, never painted. Styles are
  // set through CSSOM: the page's CSP refuses style attributes set as
  // markup (setAttribute). The font families are the page's stacks, which
  // end in the generic sans-serif and monospace: the file needs none of
  // the page's fonts.
  const PROPS = ["fill", "fill-opacity", "stroke", "stroke-width", "stroke-dasharray", "stroke-linecap",
    "stroke-opacity", "opacity", "font-family", "font-size", "font-weight", "font-style", "text-anchor",
    "dominant-baseline", "display", "visibility", "text-decoration"];
  const NS = "http://www.w3.org/2000/svg";
  const PAGE = { w: 1600, h: 900, pad: 16, cap: [30, 24] }; // the page, its margin, the caption's type sizes
  web.stageSVG = function (caption, dark) {
    const src = document.getElementById("stage");
    if (!src) return "";
    const root = document.documentElement;
    const theme = root.getAttribute("data-theme");
    root.setAttribute("data-theme", dark ? "dark" : "light");
    try {
      return standalone(src, String(caption || "").split("\n").filter(Boolean));
    } finally {
      if (theme === null) root.removeAttribute("data-theme"); else root.setAttribute("data-theme", theme);
    }
  };
  function standalone(src, lines) {
    const vb = (src.getAttribute("viewBox") || "0 0 1320 760").split(/\s+/).map(Number);
    const stage = src.cloneNode(true);
    const a = [src, ...src.querySelectorAll("*")];
    const b = [stage, ...stage.querySelectorAll("*")];
    a.forEach((el, i) => {
      const cs = getComputedStyle(el);
      b[i].style.cssText = PROPS.map((p) => p + ":" + cs.getPropertyValue(p)).join(";");
    });
    const page = getComputedStyle(src);
    const ink = getComputedStyle(document.body).color;
    // The stage, at its own size, centred at the top of the page.
    stage.removeAttribute("id");
    stage.removeAttribute("aria-label");
    stage.removeAttribute("preserveAspectRatio");
    stage.setAttribute("x", (PAGE.w - vb[2]) / 2);
    stage.setAttribute("y", PAGE.pad);
    stage.setAttribute("width", vb[2]);
    stage.setAttribute("height", vb[3]);
    const out = document.createElementNS(NS, "svg");
    out.setAttribute("xmlns", NS);
    out.setAttribute("viewBox", "0 0 " + PAGE.w + " " + PAGE.h);
    out.setAttribute("width", PAGE.w);
    out.setAttribute("height", PAGE.h);
    const el = (tag, attrs) => {
      const e = document.createElementNS(NS, tag);
      for (const k in attrs) e.setAttribute(k, attrs[k]);
      out.appendChild(e);
      return e;
    };
    el("rect", { width: PAGE.w, height: PAGE.h, fill: page.backgroundColor || "#fff" });
    out.appendChild(stage);
    const top = PAGE.pad + vb[3] + PAGE.pad;
    el("line", { x1: PAGE.pad * 2, x2: PAGE.w - PAGE.pad * 2, y1: top, y2: top, stroke: ink, "stroke-width": 2 });
    const caps = lines.slice(0, 2).map((s, i) => {
      const t = el("text", { "class": "caption", x: PAGE.pad * 2, y: top + [44, 84][i], "font-size": PAGE.cap[i], fill: ink });
      t.style.cssText = "font-family:" + page.fontFamily + ";font-weight:" + (i ? 400 : 700);
      t.textContent = s;
      return t;
    });
    // A caption line wider than the page is squeezed to fit, not cut: its
    // width is measured in the page, off-screen, for that.
    out.style.cssText = "position:fixed;left:-10000px;top:0";
    document.body.appendChild(out);
    const room = PAGE.w - PAGE.pad * 4;
    caps.forEach((t) => {
      if (t.getComputedTextLength() > room) {
        t.setAttribute("textLength", room);
        t.setAttribute("lengthAdjust", "spacingAndGlyphs");
      }
    });
    out.remove();
    out.removeAttribute("style");
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(out);
  }

  function save(name, blob) {
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }
  web.download = function (name, mime, text) { save(name, new Blob([text], { type: mime })); };

  // exportStage saves the stage as SVG, or as a PNG drawn from that SVG at
  // twice its size (3200×1800: sharp on a slide).
  web.exportStage = function (kind, name, caption, dark) {
    const svg = web.stageSVG(caption, dark);
    if (!svg) return;
    const blob = new Blob([svg], { type: "image/svg+xml" });
    if (kind === "svg") { save(name, blob); return; }
    const img = new Image();
    const url = URL.createObjectURL(blob);
    img.onload = function () {
      const c = document.createElement("canvas");
      c.width = img.width * 2;
      c.height = img.height * 2;
      const g = c.getContext("2d");
      g.scale(2, 2);
      g.drawImage(img, 0, 0);
      URL.revokeObjectURL(url);
      c.toBlob((png) => { if (png) save(name, png); }, "image/png");
    };
    img.onerror = function () { URL.revokeObjectURL(url); console.log("export: the stage SVG did not load"); };
    img.src = url;
  };
})();
