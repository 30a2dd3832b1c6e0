/* The pages' scripts say their sentences in the reader's language: the page carries them, translated, in
 * the JSON block #page-strings (seeplog/web/scripttext.py lists them); a sentence missing there is said
 * in English. `{name}` in a sentence is filled from `values`. A finding of the live API is said from its
 * `said` (its template and parameters; the pages that show findings carry the templates' translations).
 * Cards and seats are shown in notation ("Jc", "S") and heard in words ("jack of clubs", "South"), as the
 * server's pages do (seeplog/web/spoken.py): seeplogHeard says notation in words, seeplogShownHeard draws both. */
(function () {
  "use strict";
  var strings = null;
  var SEATS = { N: "North", E: "East", S: "South", W: "West" };
  var ITEM = "(?:[2-9TJQKA][shdc]|\\[\\d+\\])";
  var GROUP = new RegExp("^" + ITEM + "(?:\\+" + ITEM + ")*$");
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
  var t = window.seeplogText;

  /* A card's name in words ("king of spades"); the text as it is when it is no card. */
  window.seeplogCardWords = function (card) {
    var suit = { s: t("spades"), h: t("hearts"), d: t("diamonds"), c: t("clubs") }[card.charAt(1)];
    if (!suit || card.length !== 2) return card;
    var said = { suit: suit };  /* a sentence a rank: its name and, in Hindi and Punjabi, its gender */
    var words = { A: t("ace of {suit}", said), 2: t("two of {suit}", said), 3: t("three of {suit}", said),
      4: t("four of {suit}", said), 5: t("five of {suit}", said), 6: t("six of {suit}", said),
      7: t("seven of {suit}", said), 8: t("eight of {suit}", said), 9: t("nine of {suit}", said),
      T: t("ten of {suit}", said), J: t("jack of {suit}", said), Q: t("queen of {suit}", said),
      K: t("king of {suit}", said) }[card.charAt(0)];
    return words || card;
  };

  /* A seat in words, with its player's name when `names` has one, as the pages write it: "Asha (South)" (the
   * page carries the words said in the context "seat", keyed "seat\u0004North"). */
  function seatWords(seat, names) {
    if (strings === null) load();
    var word = strings["seat\u0004" + SEATS[seat]] || SEATS[seat];
    var name = names && names[seat];
    return name && name !== seat ? name + " (" + word + ")" : word;
  }

  /* One word of notation in words: a card or a group of cards and houses, a seat, a team; any other as it is. */
  function wordOf(word, names) {
    if (SEATS[word]) return seatWords(word, names);
    if (word === "NS") return t("North–South");
    if (word === "EW") return t("East–West");
    if (!GROUP.test(word)) return word;
    return word.split("+").map(function (item) {
      return item.charAt(0) === "[" ? t("the {value}-house", { value: item.slice(1, -1) }) : window.seeplogCardWords(item);
    }).join(" + ");
  }

  /* Items said together: "king of diamonds, 9 of hearts and 5 of spades". */
  function listed(items) {
    if (items.length < 2) return items[0] || "";
    var some = items[0];
    for (var i = 1; i < items.length - 1; i += 1) some = t("{first}, {second}", { first: some, second: items[i] });
    return t("{some} and {last}", { some: some, last: items[items.length - 1] });
  }

  /* A word written between quotes or before a stop: the quotes before, the word, the quotes and stops after. */
  var QUOTED = /^([“"']*)(.*?)([”"',.:;]*)$/;

  /* Notation in words, word by word, cards side by side said as a list: "floor Kd 9h" is heard "floor king of
   * diamonds and nine of hearts"; `names` (seat: player) adds the players' names to the seats. A sentence
   * quoting notation ("undo “E Ac”") is heard with its quoted line in words. */
  window.seeplogHeard = function (text, names) {
    var said = [];
    var cards = [];
    var before = "";
    String(text).split(/\s+/).filter(Boolean).forEach(function (written) {
      var word = QUOTED.exec(written);
      if (GROUP.test(word[2])) {
        if (!cards.length) before = word[1];
        cards.push(wordOf(word[2]));
        if (word[3]) { said.push(before + listed(cards) + word[3]); cards = []; }
        return;
      }
      if (cards.length) { said.push(before + listed(cards)); cards = []; }
      said.push(word[1] + wordOf(word[2], names) + word[3]);
    });
    if (cards.length) said.push(before + listed(cards));
    return said.join(" ");
  };

  function isNotation(text) {
    var words = String(text).split(/\s+/).filter(Boolean);
    return words.length > 0 && words.every(function (w) {
      return SEATS[w] || w === "NS" || w === "EW" || GROUP.test(w) || /^=\d+$/.test(w);
    });
  }

  /* A template filled as Python's str.format fills it ("{{" and "}}" are braces), a parameter that is a
   * template of its own said first; with `names`, a parameter in notation is said in words. */
  function retold(said, names) {
    return window.seeplogText(said.template).replace(/\{\{|\}\}|\{(\w+)\}/g, function (whole, name) {
      if (!name) return whole.charAt(0);
      var value = said.params[name];
      if (value === undefined || value === null) return whole;
      if (typeof value === "object") return retold(value, names);
      return names && isNotation(value) ? window.seeplogHeard(value, names) : String(value);
    });
  }
  /* Hindi and Punjabi say a card before a postposition in the oblique case ("हुकुम के पंजे से", not "हुकुम का
   * पंजा से"): a sentence with the cards said there, each card of a list or group too, as spoken.py's `oblique`
   * says it. The page carries each card's words and their oblique form ("oblique\u0004हुकुम का पंजा") and the
   * postpositions ("postpositions\u0004"); none in English, where a sentence stays as it is. */
  var obliques;
  function escaped(text) { return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }
  function anyOf(words) { return words.map(escaped).join("|"); }
  function between(template, first, second) { return template.split(first)[1].split(second)[0]; }
  function obliqueTable() {
    if (strings === null) load();
    var forms = {}, after = strings["postpositions\u0004"];
    if (!after) return null;
    Object.keys(strings).forEach(function (key) {
      if (key.indexOf("oblique\u0004") === 0) forms[key.slice(8)] = strings[key];
    });
    var card = anyOf(Object.keys(forms).sort(function (a, b) { return b.length - a.length; }));
    var join = anyOf([" + ", between(t("{first}, {second}"), "{first}", "{second}"),
      between(t("{some} and {last}"), "{some}", "{last}")]);
    var run = "(?<![^\\s(“\"'])(?:" + card + ")(?:(?:" + join + ")(?:" + card + "))*(?=\\s+(?:" +
      anyOf(after.split(" ")) + ")(?![^\\s,.;:!?।)”\"']))";
    return { run: new RegExp(run, "g"), card: new RegExp(card, "g"), forms: forms };
  }
  window.seeplogOblique = function (text) {
    if (obliques === undefined) obliques = obliqueTable();
    if (!obliques) return text;
    return String(text).replace(obliques.run, function (cards) {
      return cards.replace(obliques.card, function (words) { return obliques.forms[words]; });
    });
  };

  /* A finding's sentence; with `names` (an object, perhaps empty) as a screen reader should hear it. */
  window.seeplogSaid = function (finding, names) {
    if (finding.said) return window.seeplogOblique(retold(finding.said, names));
    var message = finding.message || "";
    return names && isNotation(message) ? window.seeplogHeard(message, names) : message;
  };

  /* `shown` for the eye and `heard` for screen readers: two spans, or one text where they are the same. */
  window.seeplogShownHeard = function (shown, heard) {
    heard = window.seeplogOblique(heard);
    if (shown === heard) return [document.createTextNode(shown)];
    var eye = document.createElement("span");
    eye.setAttribute("aria-hidden", "true");
    eye.textContent = shown;
    var ear = document.createElement("span");
    ear.className = "sr-only";
    ear.textContent = heard;
    return [eye, ear];
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
