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
  /* A sentence the server sends as data ({text, args}: seeplog/words.py), in the reader's language: its text
   * and each part translated; a list of parts said "a, b and c". */
  window.seeplogSaid = function said(sentence) {
    function part(value) {
      if (Array.isArray(value)) {
        var parts = value.map(part);
        return parts.length < 2 ? parts.join("")
          : window.seeplogText("{some} and {last}", { some: parts.slice(0, -1).join(", "), last: parts[parts.length - 1] });
      }
      return value !== null && typeof value === "object" ? said(value) : String(value);
    }
    var values = {};
    Object.keys(sentence.args || {}).forEach(function (name) { values[name] = part(sentence.args[name]); });
    return window.seeplogText(sentence.text, values);
  };
}());
