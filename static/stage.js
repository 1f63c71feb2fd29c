// The stage's drawing hand. Go (ui/stage) lays the scene out; this draws it
// into <svg id="stage">, which Vugu renders empty and never touches again.
// Per frame Go copies the node positions into the shared Float32Array (five
// numbers a node: x, y, alpha, x2, y2) and calls draw(spec, n), where spec
// is the scene's structure as JSON, or null when unchanged.
(function () {
  "use strict";
  const NS = "http://www.w3.org/2000/svg";
  const F = 5;
  let f32 = new Float32Array(F * 256);
  let u8 = new Uint8Array(f32.buffer);
  let svg = null;   // the element we built into
  let els = [];     // one element a node, in the scene's order
  let last = [];    // the numbers each element shows
  let byKey = new Map(); // key → {el, spec, last}: unchanged nodes are kept

  function make(n) {
    let el;
    if (n.c.startsWith("line")) {
      el = document.createElementNS(NS, "line");
    } else {
      el = document.createElementNS(NS, "g");
      if (n.w) {
        const r = document.createElementNS(NS, "rect");
        r.setAttribute("width", n.w);
        r.setAttribute("height", n.h);
        r.setAttribute("rx", 10);
        el.appendChild(r);
      }
      for (const t of n.t || []) {
        const tx = document.createElementNS(NS, "text");
        tx.setAttribute("x", t.x || 0);
        tx.setAttribute("y", t.y || 0);
        tx.setAttribute("font-size", t.z);
        if (t.c) tx.setAttribute("class", t.c);
        if (t.a) tx.setAttribute("text-anchor", t.a);
        tx.textContent = t.s;
        el.appendChild(tx);
      }
    }
    if (n.title) {
      const ti = document.createElementNS(NS, "title");
      ti.textContent = n.title;
      el.appendChild(ti);
    }
    el.setAttribute("class", n.c);
    el.setAttribute("data-k", n.k);
    // What Go marks selectable (n.sel: ui/stage, held to App.Select), the
    // keyboard reaches too (web.js: Enter, space). No rule of its own here.
    if (n.sel) {
      el.setAttribute("tabindex", "0");
      el.setAttribute("role", "button");
      el.setAttribute("aria-label", [n.title].concat((n.t || []).map((t) => t.s)).filter(Boolean).join(" ") || n.k);
    }
    return el;
  }

  // build makes the SVG hold the scene's nodes, in order, recreating only
  // the nodes whose structure changed: while playing, most do not.
  function build(spec) {
    const cur = document.getElementById("stage");
    if (!cur) return;
    if (cur !== svg) {
      svg = cur;
      byKey = new Map();
      svg.replaceChildren();
    }
    const nodes = JSON.parse(spec);
    const next = new Map();
    els = [];
    last = [];
    nodes.forEach((n, i) => {
      const s = JSON.stringify(n);
      let it = byKey.get(n.k);
      if (!it || it.spec !== s) {
        const el = make(n);
        if (it) it.el.replaceWith(el);
        it = { el: el, spec: s, last: [NaN, NaN, NaN, NaN, NaN] };
      }
      next.set(n.k, it);
      if (svg.childNodes[i] !== it.el) svg.insertBefore(it.el, svg.childNodes[i] || null);
      els.push(it.el);
      last.push(it.last);
    });
    for (const [k, it] of byKey) if (!next.has(k)) it.el.remove();
    byKey = next;
  }

  function move(n) {
    for (let i = 0; i < n && i < els.length; i++) {
      const el = els[i], l = last[i], o = i * F;
      const x = f32[o], y = f32[o + 1], a = f32[o + 2], x2 = f32[o + 3], y2 = f32[o + 4];
      if (x === l[0] && y === l[1] && a === l[2] && x2 === l[3] && y2 === l[4]) continue;
      l[0] = x; l[1] = y; l[2] = a; l[3] = x2; l[4] = y2;
      if (el.tagName === "line") {
        el.setAttribute("x1", x); el.setAttribute("y1", y);
        el.setAttribute("x2", x2); el.setAttribute("y2", y2);
      } else {
        el.setAttribute("transform", "translate(" + x.toFixed(1) + "," + y.toFixed(1) + ")");
      }
      el.setAttribute("opacity", a.toFixed(3));
    }
  }

  window.brokerlabStage = {
    // buffer returns the bytes of a Float32Array of at least n numbers.
    buffer(n) {
      if (f32.length < n) {
        f32 = new Float32Array(n * 2);
        u8 = new Uint8Array(f32.buffer);
      }
      return u8;
    },
    // draw returns false when it needs the structure again (the <svg> was
    // replaced, or never built).
    draw(spec, n) {
      const cur = document.getElementById("stage");
      if (spec) build(spec);
      else if (cur !== svg || !cur || cur.childNodes.length !== els.length) return false;
      move(n);
      return true;
    },
  };

  // The event log's rows, drawn outside the Vugu tree like the stage. Go
  // sends them when they change (log) and after every Vugu render (relog),
  // which may have replaced the empty <tbody id="logbody"> they live in.
  let logRows = "", logEl = null;
  function placeLog() {
    const tb = document.getElementById("logbody");
    if (!tb) return false;
    if (tb !== logEl || (logRows && tb.childElementCount === 0)) {
      tb.innerHTML = logRows;
      logEl = tb;
    }
    return true;
  }
  window.brokerlabStage.log = function (rows) {
    logRows = rows;
    logEl = null;
    return placeLog();
  };
  window.brokerlabStage.relog = placeLog;

  // A click on a log row jumps to its event (Go registers brokerlabSeek).
  document.addEventListener("click", function (ev) {
    const t = ev.target;
    const tr = t && t.closest && t.closest("#logbody tr[data-seq]");
    if (tr && window.brokerlabSeek) window.brokerlabSeek(Number(tr.getAttribute("data-seq")));
  });

  // A click on a stage element selects it (Go registers brokerlabSelect).
  document.addEventListener("click", function (ev) {
    const t = ev.target;
    if (!t || !t.closest || !t.closest("#stage")) return;
    const el = t.closest("[data-k]");
    if (el && window.brokerlabSelect) window.brokerlabSelect(el.getAttribute("data-k"));
  });
})();
