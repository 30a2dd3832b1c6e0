/* The pages' scripts say their sentences in the reader's language: the page carries them, translated, in
 * the JSON block #page-strings (seeplog/web/scripttext.py lists them); a sentence missing there is said
 * in English. `{name}` in a sentence is filled from `values`. A finding of the live API is said from its
 * `said` (its template and parameters; the pages that show findings carry the templates' translations). */
(function () {
  "use strict";
  var strings = null;
  function load() {
    var block = document.getElementById("page-strings");
    try { strings = block ? JSON.parse(block.textContent) : {}; } catch (e) { strings = {}; }
  }
  window.seeplogText = function (text, values) {
    if (strings === null) load();
    var said = strings[text] || text;
    return said.replace(/\{(\w+)\}/g, function (whole, name) {
      return values && name in values ? String(values[name]) : whole;
    });
  };
  /* A template filled as Python's str.format fills it ("{{" and "}}" are braces), a parameter that is a
   * template of its own said first. */
  function retold(said) {
    return window.seeplogText(said.template).replace(/\{\{|\}\}|\{(\w+)\}/g, function (whole, name) {
      if (!name) return whole.charAt(0);
      var value = said.params[name];
      if (value === undefined || value === null) return whole;
      return typeof value === "object" ? retold(value) : String(value);
    });
  }
  window.seeplogSaid = function (finding) {
    return finding.said ? retold(finding.said) : finding.message || "";
  };
  /* The keep pages a phone keeps for a reload offline (keep-worker.js) are in the language the site last
   * served it: a page served in another language than the one before tells the worker, which asks for them
   * again. */
  function noteLanguage() {
    var language = document.documentElement.lang, before;
    try {
      before = localStorage.getItem("seeplog-language");
      if (before !== language) localStorage.setItem("seeplog-language", language);
    } catch (e) {
      return;
    }
    if (before === null || before === language || !navigator.serviceWorker) return;
    navigator.serviceWorker.getRegistrations().then(function (all) {
      var worker = all.map(function (r) { return r.active; }).filter(Boolean)[0];
      if (worker) worker.postMessage({ language: language });
    }, function () {});
  }
  noteLanguage();
  /* The language chooser (templates/base.html) sends the reader back to the page it was chosen on, and to
   * the place on it: its fragment (#L27, a line of the log), which no request carries, is added to the
   * form's "next". Only a plain anchor: a fragment holding a token (#token=…) never leaves the page. */
  document.addEventListener("submit", function (event) {
    var form = event.target, next = form.elements && form.elements.namedItem("next");
    if (!form.classList.contains("language") || !next || !/^#[\w.:-]+$/.test(location.hash)) return;
    next.value = next.value.split("#")[0] + location.hash;
  });
}());
