/* The director's view: every table of the event on one screen, polled every 2 s with If-None-Match (a 304
   while nothing changed). A table idle longer than the minutes chosen, or whose opponents refused a score,
   is raised; the director corrects an entry with a note (organiser token). The token comes in the link's
   fragment and is kept on this device. */
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
  var slot = document.getElementById("director-tables"), status = document.getElementById("director-status");
  var summary = document.getElementById("director-summary"), minutes = document.getElementById("idle-minutes");
  var EVERY = 2000, etag = null, data = null, fetchedAt = 0, timer = null, said = {};
  if (!token) { document.getElementById("director-no-token").hidden = false; return; }
  document.getElementById("director-ui").hidden = false;
  minutes.value = localStorage.getItem(minutesKey) || "10";

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function link(href, text) {
    var a = el("a", "", text);
    a.href = href;
    return a;
  }

  function idleMinutes(table) {
    var now = Date.parse(data.now) + (Date.now() - fetchedAt);
    return Math.max(0, (now - Date.parse(table.last_entry)) / 60000);
  }

  function reached(next) {
    if (next.kind === "closed") return "Closed";
    if (next.kind === "play") return "Deal " + next.deal + ", play " + next.play + (next.seat ? " (" + next.seat + " to play)" : "");
    if (next.kind === "deal") return "Deal " + next.deal + " to deal";
    return "Deal " + (next.deal || 1) + ": " + next.kind;
  }

  function head(t, idle, raised) {
    var h = el("h3", "", "Round " + t.round + " · Table " + t.number + " ");
    if (t.state === "closed") h.append(el("span", "badge closed-badge", "closed"));
    if (idle) h.append(el("span", "badge idle-badge", "idle"));
    if (raised) h.append(el("span", "badge raised-badge", "refused"));
    return h;
  }

  function confirmLines(c) {
    var out = [], over = c.deals.length;
    var missing = c.deals.filter(function (d) { return d.status === "missing"; }).map(function (d) { return d.deal; });
    out.push(el("p", "confirms", "Confirmed " + c.confirmed + " of " + over + " deal" + (over === 1 ? "" : "s")
      + (missing.length ? " · to confirm: deal " + missing.join(", ") : "")));
    var refused = c.deals.filter(function (d) { return d.status === "refused"; });
    if (refused.length) {
      var ul = el("ul", "refusals");
      refused.forEach(function (d) {
        ul.append(el("li", "", c.team + " refused deal " + d.deal + " (" + Object.keys(d.score).map(function (k) {
          return k + " " + d.score[k]; }).join(" – ") + "): “" + d.reason + "”"));
      });
      out.push(ul);
    }
    return out;
  }

  /* The entries flagged (an entry may break more than one rule). */
  function flaggedPlays(t) {
    var seen = {};
    t.flagged.forEach(function (f) { seen[f.entry ? "e" + f.entry : f.rule + f.message] = true; });
    return Object.keys(seen).length;
  }

  function flagLines(t) {
    if (!t.flagged.length) return [el("p", "hint", "No flagged play.")];
    var ul = el("ul", "flags");
    t.flagged.forEach(function (f) {
      ul.append(el("li", "", (f.entry ? "entry " + f.entry + " " + (f.line || "") + ": " : "") + f.rule + " " + f.message));
    });
    var plays = flaggedPlays(t);
    return [el("p", "flagged", plays + " flagged play" + (plays === 1 ? "" : "s") + " waiting"), ul];
  }

  function field(labelText, input) {
    var label = el("label", "", labelText + " ");
    label.append(input);
    return label;
  }

  function correctForm(t) {
    var box = el("details", "correct");
    box.dataset.game = t.game_id;
    box.append(el("summary", "", "Correct an entry"));
    var form = el("form", "correct-form");
    var entry = el("select");
    entry.name = "entry";
    t.entries.slice().reverse().forEach(function (e) {
      var o = el("option", "", e.number + ": " + e.line);
      o.value = e.number;
      entry.append(o);
    });
    var kind = el("select");
    kind.name = "kind";
    [["replace", "Replace it with"], ["insert_before", "Insert before it"], ["delete", "Delete it"]].forEach(function (k) {
      var o = el("option", "", k[1]);
      o.value = k[0];
      kind.append(o);
    });
    var line = el("input"), note = el("input"), go = el("button", "", "Correct");
    line.name = "line"; line.placeholder = "the line as it should read"; line.autocomplete = "off";
    note.name = "note"; note.placeholder = "why (kept in the game's history)"; note.required = true;
    go.type = "submit";
    var lineField = field("Line", line);
    kind.addEventListener("change", function () { lineField.hidden = kind.value === "delete"; });
    form.append(field("Entry", entry), field("Change", kind), lineField, field("Director's note", note), go);
    form.addEventListener("submit", function (ev) { ev.preventDefault(); correct(t, form); });
    box.append(form);
    return box;
  }

  function correct(t, form) {
    var body = { version: t.version, note: form.note.value.trim() };
    body[form.kind.value] = Number(form.entry.value);
    if (form.kind.value !== "delete") body.line = form.line.value.trim();
    fetch("/api/events/" + eventId + "/tables/" + t.game_id + "/entries", {
      method: "POST", cache: "no-store", body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", Authorization: "Bearer " + token } })
      .then(function (r) { return r.json().then(function (j) { return [r.ok, j]; }); })
      .then(function (got) {
        said[t.game_id] = got[0] ? "Corrected: entry " + got[1].entry + (got[1].line ? " reads " + got[1].line : " deleted")
          + " (version " + got[1].version + ")." : "Not corrected: " + (got[1].error || "refused");
        var shown = slot.querySelector("section[data-game='" + t.game_id + "'] .correct-said");
        if (shown) shown.textContent = said[t.game_id];
        if (got[0]) { form.parentNode.open = false; poll(); }
      })
      .catch(function () {
        var shown = slot.querySelector("section[data-game='" + t.game_id + "'] .correct-said");
        if (shown) shown.textContent = "Cannot reach the server: try again.";
      });
  }

  /* An uploaded game attached to the event: its scores and its scoresheet (no entries, no confirmations). */
  function uploadCard(t) {
    var box = el("section", "director-table uploaded"), h = el("h3", "", "Round " + t.round + " · Table " + t.number + " ");
    box.dataset.game = t.game_id;
    h.append(el("span", "badge uploaded-badge", "uploaded"));
    var links = el("p", "links");
    links.append(link(t.scoresheet_url, "Scoresheet"));
    box.append(h, el("p", "names", "NS " + t.names[0] + " · EW " + t.names[1]),
      el("p", "reached", "Uploaded game · " + t.deals + " deal" + (t.deals === 1 ? "" : "s") + " · baazis "
        + t.baazis.join("–") + " · card points " + t.card_points.join("–") + (t.provisional ? " (provisional)" : "")),
      el("p", "hint", "Not kept live: no entries to correct, no confirmations."), links);
    return box;
  }

  function card(t, limit) {
    if (t.uploaded) return uploadCard(t);
    var idle = t.state === "open" && idleMinutes(t) > limit;
    var raised = t.confirmations.refused > 0;
    var box = el("section", "director-table" + (idle ? " idle" : "") + (raised ? " raised" : ""));
    box.dataset.game = t.game_id;
    box.append(head(t, idle, raised), el("p", "names", "NS " + t.names[0] + " · EW " + t.names[1]),
      el("p", "reached", reached(t.next) + " · baazis " + t.baazis.join("–")),
      el("p", "last-entry", "Last entry " + new Date(t.last_entry).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })
        + " (" + Math.floor(idleMinutes(t)) + " min ago)"));
    confirmLines(t.confirmations).concat(flagLines(t)).forEach(function (n) { box.append(n); });
    var links = el("p", "links");
    links.append(link(t.follow_url, "Follow"), link(t.scoresheet_url, "Scoresheet"), link(t.confirm_url, "Confirm link"));
    box.append(links, correctForm(t), el("p", "correct-said", said[t.game_id] || ""));
    return box;
  }

  function refusedAt(t) { return !t.uploaded && t.confirmations.refused > 0; }

  function draw() {
    if (!data) return;
    var limit = Number(minutes.value) || 10, open = {};
    slot.querySelectorAll("details.correct[open]").forEach(function (d) { open[d.dataset.game] = d; });
    if (Object.keys(open).length) return;  /* a correction being written: not redrawn under the director's hands */
    /* A table whose score was refused comes first: the director's eye goes there. */
    var order = data.tables.filter(refusedAt).concat(data.tables.filter(function (t) { return !refusedAt(t); }));
    slot.replaceChildren.apply(slot, order.map(function (t) { return card(t, limit); }));
    var idle = data.tables.filter(function (t) { return t.state === "open" && idleMinutes(t) > limit; }).length;
    var refused = data.tables.filter(refusedAt).length;
    var flagged = data.tables.reduce(function (n, t) { return n + (t.uploaded ? 0 : flaggedPlays(t)); }, 0);
    summary.textContent = data.tables.length + " tables · " + idle + " idle · " + refused + " with a refused score · "
      + flagged + " flagged play" + (flagged === 1 ? "" : "s");
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
      .then(function (got) {
        if (got) { data = got; fetchedAt = Date.now(); }
        draw();
        status.textContent = "Tables as of " + new Date().toLocaleTimeString() + ".";
        timer = setTimeout(poll, EVERY);
      })
      .catch(function (e) {
        status.textContent = e.message === "token" ? "This is not the event's organiser link." : "Cannot reach the server: trying again.";
        if (e.message !== "token") timer = setTimeout(poll, EVERY * 3);
      });
  }

  minutes.addEventListener("change", function () { localStorage.setItem(minutesKey, minutes.value); draw(); });
  poll();
}());
