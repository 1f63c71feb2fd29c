// brokerlab's classroom features, the browser's side: the scenario
// editor's textarea, and (added with each feature) presenter mode, export,
// theme and announcements. Go (wasm/web_wasm.go) calls window.brokerlabWeb.
(function () {
  "use strict";
  const web = {};
  window.brokerlabWeb = web;

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
  // editFocus puts the caret at a UTF-16 offset and scrolls it into view.
  web.editFocus = function (off) {
    const ta = document.getElementById("edit-src");
    if (!ta) return;
    ta.focus();
    ta.setSelectionRange(off, off);
    const line = ta.value.slice(0, off).split("\n").length;
    const box = ta.closest(".edbox");
    const lh = parseFloat(getComputedStyle(ta).lineHeight) || 20;
    if (box) box.scrollTop = Math.max(0, (line - 3) * lh);
  };
})();
