/* The director's view: every table of the event on one screen, polled every 2 s with If-None-Match (a 304
   while nothing changed). A table idle longer than the minutes chosen, or whose opponents refused a score,
   is raised; the director corrects an entry with a note (organiser token). The token comes in the link's
   fragment and is kept on this device. The live region (#director-said) is written only with news: what
   changed at each table since the last answer (a deal ended and its score, a score refused or confirmed, a
   new flag, a table closed, reopened or idle), a correction's outcome, the connection lost; the time of the
   last answer stands beside it, outside the region, so that a screen reader hears nothing while nothing
   changes. */
(function () {
  "use strict";
  var root = document.getElementById("director");
  if (!root || !window.fetch) return;
  var api = root.getAttribute("data-api"), eventId = root.getAttribute("data-event");
  var key = "seeplog-organiser-token-" + eventId, minutesKey = "seeplog-director-idle";
  var found = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (found) {
    localStorage.setItem(key, decodeURIComponent(found[1]));
    history.replaceState(null, "", location.pathname + location.search);
  }
  var token = localStorage.getItem(key);
  var slot = document.getElementById("director-tables");
  var summary = document.getElementById("director-summary"), minutes = document.getElementById("idle-minutes");
  var said = document.getElementById("director-said"), checkedAt = document.getElementById("director-checked");
  /* Each sentence in the reader's language, from the page (static/text.js). */
  function t(text, values) { return window.seeplogText(text, values); }
  var EVERY = 2000, etag = null, data = null, fetchedAt = 0, timer = null, corrections = {};
  var wasIdle = null, lost = false;
  if (!token) { document.getElementById("director-no-token").hidden = false; return; }
  document.getElementById("director-ui").hidden = false;
  minutes.value = localStorage.getItem(minutesKey) || "10";

  /* Say `text` in the live region, unless it says it already (a screen reader would hear it again);
     `heardOnly`: for a screen reader alone (the summary, which the page shows above it already). */
  function say(text, heardOnly) {
    if (!text) return;
    if (said.textContent !== text) said.textContent = text;
    said.classList.toggle("sr-only", !!heardOnly);
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function option(value, text) {
    var o = el("option", "", text);
    o.value = value;
    return o;
  }

  function link(href, text) {
    var a = el("a", "", text);
    a.href = href;
    return a;
  }

  /* The minutes chosen after which an open table counts as idle. */
  function idleLimit() { return Number(minutes.value) || 10; }

  function idleMinutes(table) {
    var now = Date.parse(data.now) + (Date.now() - fetchedAt);
    return Math.max(0, (now - Date.parse(table.last_entry)) / 60000);
  }

  function reached(next) {
    if (next.kind === "closed") return t("Closed");
    if (next.kind === "play" && next.seat) return t("Deal {deal}, play {play} ({seat} to play)", next);
    if (next.kind === "play") return t("Deal {deal}, play {play}", next);
    if (next.kind === "deal") return t("Deal {deal} to deal", next);
    return t("Deal {deal}: {kind}", { deal: next.deal || 1, kind: next.kind });
  }

  function tableName(tb) { return t("Round {round} · Table {table}", { round: tb.round, table: tb.number }); }

  /* An idle table's badge: not started, its deals over but not closed, or stuck in a deal. */
  function idleBadge(tb) {
    if (!tb.started) return el("span", "badge idle-badge", t("not started"));
    if (tb.next.kind === "deal") return el("span", "badge idle-badge", t("deals over, not closed"));
    return el("span", "badge idle-badge", t("idle"));
  }

  function head(tb, idle, raised) {
    var h = el("h2", "", tableName(tb) + " ");
    if (tb.state === "closed") h.append(el("span", "badge closed-badge", t("closed")));
    if (idle) h.append(idleBadge(tb));
    if (raised) h.append(el("span", "badge raised-badge", t("refused")));
    return h;
  }

  function confirmLines(c) {
    var out = [], over = c.deals.length;
    var missing = c.deals.filter(function (d) { return d.status === "missing"; }).map(function (d) { return d.deal; });
    var confirmed = over === 1 ? t("Confirmed {confirmed} of 1 deal", c)
      : t("Confirmed {confirmed} of {count} deals", { confirmed: c.confirmed, count: over });
    out.push(el("p", "confirms", confirmed + (missing.length ? " · " + t("to confirm: deal {deals}", { deals: missing.join(", ") }) : "")));
    var refused = c.deals.filter(function (d) { return d.status === "refused"; });
    if (refused.length) {
      var ul = el("ul", "refusals");
      refused.forEach(function (d) {
        var refusal = "{team} refused deal {deal} ({score}): “{reason}”", li = el("li");
        li.append.apply(li, window.seeplogShownHeard(
          t(refusal, { team: c.team, deal: d.deal, score: scoreText(d.score), reason: d.reason }),
          t(refusal, { team: heard(c.team), deal: d.deal, score: heardScore(d.score), reason: d.reason })));
        ul.append(li);
      });
      out.push(ul);
    }
    return out;
  }

  /* A flagged play: its entry, line and finding in notation, or `inWords` as a listener hears them. */
  function flagText(f, inWords) {
    var line = inWords ? window.seeplogHeard(f.line || "") : f.line || "";
    var where = f.entry ? t("entry {entry} {line}:", { entry: f.entry, line: line }) + " " : "";
    return where + f.rule + " " + (inWords ? window.seeplogSaid(f, {}) : window.seeplogSaid(f));
  }

  function flagItem(f) {
    var li = el("li");
    li.append.apply(li, window.seeplogShownHeard(flagText(f), flagText(f, true)));
    return li;
  }

  /* The entries flagged (an entry may break more than one rule). */
  function flaggedPlays(tb) {
    var seen = {};
    tb.flagged.forEach(function (f) { seen[f.entry ? "e" + f.entry : f.rule + f.message] = true; });
    return Object.keys(seen).length;
  }

  function flagLines(tb) {
    if (!tb.flagged.length) return [el("p", "hint", t("No flagged play."))];
    var ul = el("ul", "flags");
    tb.flagged.forEach(function (f) { ul.append(flagItem(f)); });
    var plays = flaggedPlays(tb);
    return [el("p", "flagged", plays === 1 ? t("1 flagged play waiting") : t("{count} flagged plays waiting", { count: plays })), ul];
  }

  function field(labelText, input) {
    var label = el("label", "", labelText + " ");
    label.append(input);
    return label;
  }

  function correctForm(tb) {
    var box = el("details", "correct");
    box.dataset.game = tb.game_id;
    box.append(el("summary", "", t("Correct an entry")));
    var form = el("form", "correct-form"), entry = el("select"), kind = el("select");
    var groups = {};  /* the entries by deal, the latest first */
    entry.name = "entry"; kind.name = "kind";
    tb.entries.slice().reverse().forEach(function (e) {
      if (!groups[e.deal]) {
        groups[e.deal] = el("optgroup");
        groups[e.deal].label = t("Deal {deal}", { deal: e.deal });
        entry.append(groups[e.deal]);
      }
      groups[e.deal].append(option(e.number, e.number + ": " + e.line));
    });
    [["replace", t("Replace it with")], ["insert_before", t("Insert before it")], ["delete", t("Delete it")]]
      .forEach(function (k) { kind.append(option(k[0], k[1])); });
    var line = el("input"), note = el("input"), go = el("button", "", t("Correct"));
    line.name = "line"; line.placeholder = t("the line as it should read"); line.autocomplete = "off";
    note.name = "note"; note.placeholder = t("why (kept in the game's history)"); note.required = true;
    go.type = "submit";
    var lineField = field(t("Line"), line);
    kind.addEventListener("change", function () { lineField.hidden = kind.value === "delete"; });
    if (tb.state === "closed") form.append(el("p", "hint", t("This table is closed: the correction reopens it, corrects the entry and closes it again, each step kept in its history.")));
    form.append(field(t("Entry"), entry), field(t("Change"), kind), lineField, field(t("Director's note"), note), go);
    form.addEventListener("submit", function (ev) { ev.preventDefault(); correct(tb, form); });
    box.append(form);
    return box;
  }

  function corrected(got) {
    if (!got[0]) return t("Not corrected: {error}", { error: got[1].error || t("refused") });
    var done = got[1].line ? t("Corrected: entry {entry} reads {line} (version {version}).", got[1])
      : t("Corrected: entry {entry} deleted (version {version}).", got[1]);
    return got[1].reclosed ? done + " " + t("The table was reopened for it and closed again.") : done;
  }

  function correct(tb, form) {
    var body = { version: tb.version, note: form.note.value.trim() };
    body[form.kind.value] = Number(form.entry.value);
    if (form.kind.value !== "delete") body.line = form.line.value.trim();
    fetch("/api/events/" + eventId + "/tables/" + tb.game_id + "/entries", {
      method: "POST", cache: "no-store", body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", Authorization: "Bearer " + token } })
      .then(function (r) { return r.json().then(function (j) { return [r.ok, j]; }); })
      .then(function (got) {
        corrections[tb.game_id] = corrected(got);
        var shown = slot.querySelector("section[data-game='" + tb.game_id + "'] .correct-said");
        if (shown) shown.textContent = corrections[tb.game_id];
        say(tableName(tb) + ": " + corrections[tb.game_id]);
        if (got[0]) { form.parentNode.open = false; poll(); }
      })
      .catch(function () {
        var shown = slot.querySelector("section[data-game='" + tb.game_id + "'] .correct-said");
        if (shown) shown.textContent = t("Cannot reach the server: try again.");
        say(t("Cannot reach the server: try again."));
      });
  }

  /* An uploaded game attached to the event: its scores and its scoresheet (no entries, no confirmations). */
  function names(tb) { return el("p", "names", t("NS {ns} · EW {ew}", { ns: tb.names[0], ew: tb.names[1] })); }

  function uploadCard(tb) {
    var box = el("section", "director-table uploaded"), h = el("h2", "", tableName(tb) + " ");
    box.dataset.game = tb.game_id;
    h.append(el("span", "badge uploaded-badge", t("uploaded")));
    var links = el("p", "links");
    links.append(link(tb.scoresheet_url, t("Scoresheet")));
    var points = { points: tb.card_points.join("–") }, doubt = {  /* why its figures are provisional */
      "unknown-score": t("A deal's score is not known (RULES.md §8.5): its scoresheet shows which."),
      "score-total": t("A score written down has card points that do not add up (R-SCORE-TOTAL): its scoresheet shows which.") };
    box.append(h, names(tb), el("p", "reached", [t("Uploaded game"),
      tb.deals === 1 ? t("1 deal") : t("{count} deals", { count: tb.deals }),
      t("baazis {baazis}", { baazis: tb.baazis.join("–") }),
      tb.provisional ? t("card points {points} (provisional)", points) : t("card points {points}", points)].join(" · ")),
      el("p", "hint", [t("Not kept live: no entries to correct, no confirmations.")]
        .concat((tb.provisional_why || []).map(function (why) { return doubt[why]; })).join(" ")), links);
    return box;
  }

  function lastEntry(tb) {
    var at = new Date(tb.last_entry).toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit", hour12: false });
    var since = { time: at, minutes: Math.floor(idleMinutes(tb)) };
    return tb.started ? t("Last entry {time} ({minutes} min ago)", since) : t("No entry yet (table made {time}, {minutes} min ago)", since);
  }

  function card(tb, limit) {
    if (tb.uploaded) return uploadCard(tb);
    var idle = isIdle(tb, limit);
    var raised = tb.confirmations.refused > 0;
    var box = el("section", "director-table" + (idle ? " idle" : "") + (tb.flagged.length ? " flagged" : "") + (raised ? " raised" : ""));
    box.dataset.game = tb.game_id;
    box.append(head(tb, idle, raised), names(tb),
      el("p", "reached", reached(tb.next) + " · " + t("baazis {baazis}", { baazis: tb.baazis.join("–") })),
      el("p", "last-entry", lastEntry(tb)));
    confirmLines(tb.confirmations).concat(flagLines(tb)).forEach(function (n) { box.append(n); });
    var links = el("p", "links");
    links.append(link(tb.follow_url, t("Follow")), link(tb.scoresheet_url, t("Scoresheet")), link(tb.confirm_url, t("Confirm link")));
    box.append(links, correctForm(tb), el("p", "correct-said", corrections[tb.game_id] || ""));
    return box;
  }

  function refusedAt(tb) { return !tb.uploaded && tb.confirmations.refused > 0; }

  function isIdle(tb, limit) { return !tb.uploaded && tb.state === "open" && idleMinutes(tb) > limit; }

  /* How soon a table needs the director: a refused score, then flagged plays, then idle (or not started). */
  function urgency(tb, limit) {
    if (refusedAt(tb)) return 0;
    if (!tb.uploaded && tb.flagged.length) return 1;
    return isIdle(tb, limit) ? 2 : 3;
  }

  function summaryText() {
    var limit = idleLimit();
    var idle = data.tables.filter(function (tb) { return isIdle(tb, limit); }).length;
    var refused = data.tables.filter(refusedAt).length;
    var flagged = data.tables.reduce(function (n, tb) { return n + (tb.uploaded ? 0 : flaggedPlays(tb)); }, 0);
    return [data.tables.length === 1 ? t("1 table") : t("{count} tables", { count: data.tables.length }),
      t("{count} idle", { count: idle }), t("{count} with a refused score", { count: refused }),
      flagged === 1 ? t("1 flagged play") : t("{count} flagged plays", { count: flagged })].join(" · ");
  }

  /* The tables that became idle since the last answer or choice of minutes, told (none the first time); three
     or more at once in one sentence that counts them (a round's tables made together go idle together). */
  function idleNews(limit) {
    var now = {}, fresh = [];
    data.tables.forEach(function (tb) {
      now[tb.game_id] = isIdle(tb, limit);
      if (now[tb.game_id] && wasIdle && !wasIdle[tb.game_id]) fresh.push(tb);
    });
    wasIdle = now;
    if (fresh.length > 2) return [t("{count} tables idle: {tables}.", { count: fresh.length, tables: fresh.map(tableName).join(", ") })];
    return fresh.map(function (tb) { return t("{table}: idle for {minutes} min.", { table: tableName(tb), minutes: Math.floor(idleMinutes(tb)) }); });
  }

  /* Draws the tables (unless a correction is being written) and the summary. */
  function draw() {
    var limit = idleLimit(), open = {};
    var text = summaryText();
    if (summary.textContent !== text) summary.textContent = text;
    slot.querySelectorAll("details.correct[open]").forEach(function (d) { open[d.dataset.game] = d; });
    if (Object.keys(open).length) return;  /* a correction being written: not redrawn under the director's hands */
    /* The tables that need the director come first, the most urgent first: the director's eye goes there. */
    var order = data.tables.map(function (tb, i) { return [urgency(tb, limit), i, tb]; });
    order.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
    slot.replaceChildren.apply(slot, order.map(function (o) { return card(o[2], limit); }));
  }

  function scoreText(score) {
    return Object.keys(score).map(function (k) { return k + " " + score[k]; }).join(" – ");
  }

  /* A team ("NS") as a listener hears it ("North–South"); news is only heard, so it names teams in words. */
  function heard(team) {
    return window.seeplogHeard ? window.seeplogHeard(team) : team;
  }

  function heardScore(score) {
    return Object.keys(score).map(function (k) { return heard(k) + " " + score[k]; }).join(" – ");
  }

  /* What changed at a live table's deals: each deal ended (its score), a score changed, refused or confirmed. */
  function dealNews(before, tb) {
    var was = {}, out = [];
    before.confirmations.deals.forEach(function (d) { was[d.deal] = d; });
    tb.confirmations.deals.forEach(function (d) {
      var old = was[d.deal], score = heardScore(d.score);
      if (!old) out.push(t("deal {deal} ended, {score}", { deal: d.deal, score: score }));
      else if (scoreText(old.score) !== scoreText(d.score)) out.push(t("deal {deal}'s score is now {score}", { deal: d.deal, score: score }));
      if (d.status === (old ? old.status : "missing")) return;
      if (d.status === "refused") {
        out.push(t("{team} refused deal {deal} ({score}): “{reason}”",
                   { team: heard(d.team || tb.confirmations.team), deal: d.deal, score: score, reason: d.reason }));
      } else if (d.status === "confirmed") {
        out.push(t("deal {deal} confirmed", { deal: d.deal }));
      }
    });
    return out;
  }

  /* What changed at a table since the answer before (`before`: the table then). */
  function tableNews(before, tb) {
    if (tb.uploaded || before.uploaded) return [];
    var out = [];
    if (before.state !== tb.state) out.push(tb.state === "closed" ? t("the game is closed") : t("the game is open again"));
    out = out.concat(dealNews(before, tb));
    var seen = {};
    before.flagged.forEach(function (f) { seen[flagText(f)] = true; });
    var fresh = tb.flagged.filter(function (f) { return !seen[flagText(f)]; });
    if (fresh.length > 2) out.push(t("{count} new flags", { count: fresh.length }));
    else fresh.forEach(function (f) { out.push(t("flagged: {flag}", { flag: flagText(f, true) })); });
    return out;
  }

  /* What changed at each table from the answer `before` to `now`, each sentence naming its table; new
     tables named (counted when there are many: a new round). */
  function changes(before, now) {
    var was = {}, out = [];
    before.tables.forEach(function (tb) { was[tb.game_id] = tb; });
    var added = now.tables.filter(function (tb) { return !was[tb.game_id]; });
    if (added.length > 3) out.push(t("{count} new tables.", { count: added.length }));
    else added.forEach(function (tb) { out.push(t("{table}: a new table, {ns_team} {ns} · {ew_team} {ew}.",
      { table: tableName(tb), ns_team: heard("NS"), ns: tb.names[0], ew_team: heard("EW"), ew: tb.names[1] })); });
    now.tables.filter(function (tb) { return was[tb.game_id]; }).forEach(function (tb) {
      tableNews(was[tb.game_id], tb).forEach(function (news) {
        out.push(t("{table}: {news}.", { table: tableName(tb), news: news }));
      });
    });
    return out;
  }

  function poll() {
    clearTimeout(timer);
    fetch(api, { cache: "no-store", headers: Object.assign({ Authorization: "Bearer " + token },
                                                           etag ? { "If-None-Match": etag } : {}) })
      .then(function (r) {
        if (r.status === 304) return null;
        if (r.status === 401 || r.status === 403) throw new Error("token");
        if (!r.ok) throw new Error("HTTP " + r.status);
        etag = r.headers.get("ETag");
        return r.json();
      })
      .then(shown, unreached);
  }

  /* Say an answer's news (null: nothing changed), then draw it. A fault in drawing is the page's, not the
     connection's: the news is told all the same, the fault thrown (the console shows it), the polls go on. */
  function shown(got) {
    timer = setTimeout(poll, EVERY);
    var before = data, news = [];
    if (got) { data = got; fetchedAt = Date.now(); news = before ? changes(before, data) : []; }
    news = news.concat(idleNews(idleLimit()));
    checkedAt.textContent = t("Tables as of {time}.", { time: new Date().toLocaleTimeString(document.documentElement.lang, { hour12: false }) });
    if (news.length) say(news.join(" "));
    else if (!before || lost) say(summaryText(), true);
    lost = false;
    draw();
  }

  function unreached(e) {
    lost = true;
    say(e.message === "token" ? t("This is not the event's organiser link.") : t("Cannot reach the server: trying again."));
    if (e.message !== "token") timer = setTimeout(poll, EVERY * 3);
  }

  minutes.addEventListener("change", function () {
    localStorage.setItem(minutesKey, minutes.value);
    if (!data) return;
    say(idleNews(idleLimit()).join(" "));
    draw();
  });
  poll();
}());
