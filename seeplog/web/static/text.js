/* The pages' scripts say their sentences in the reader's language: the page carries them, translated, in
 * the JSON block #page-strings (seeplog/web/scripttext.py lists them); a sentence missing there is said
 * in English. `{name}` in a sentence is filled from `values`. */
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
}());
