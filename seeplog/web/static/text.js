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
  /* A sentence of the library the server sends as data ({text, args}: seeplog/web/saying.py's `sentence`), in
   * the reader's language: its English template's translation, filled with its values (a sentence among them
   * said the same way). */
  window.seeplogSaid = function said(sentence) {
    var values = {};
    Object.keys(sentence.args || {}).forEach(function (name) {
      var value = sentence.args[name];
      values[name] = value !== null && typeof value === "object" ? said(value) : String(value);
    });
    return window.seeplogText(sentence.text, values);
  };
}());
