/* The director's view: every table of the event on one screen, polled every 2 s with If-None-Match (a 304
   while nothing changed). A table idle longer than the minutes chosen, or whose opponents refused a score,
   is raised; the director corrects an entry with a note, or rules that a refused score stands (organiser
   token). The token comes in the link's fragment and is kept on this device. The live region
   (#director-said) is written only with news: what changed at each table since the last answer (a deal ended
   and its score, a score refused, confirmed or ruled on, a new flag, a table closed, reopened or idle), an
   act's outcome, the connection lost; the time of the last answer stands beside it, outside the region, so
   that a screen reader hears nothing while nothing changes. An ES module, its modules under director/. */
import { root, view, t, say, isIdle } from "./director/state.js";
import { card, flaggedPlays } from "./director/cards.js";
import { changes, idleNews } from "./director/news.js";

var EVERY = 2000, etag = null, timer = null, lost = false;
var minutesKey = "seeplog-director-idle", minutes = document.getElementById("idle-minutes");
var slot = document.getElementById("director-tables"), summary = document.getElementById("director-summary");

/* The minutes chosen after which an open table counts as idle. */
function idleLimit() { return Number(minutes.value) || 10; }

function refusedAt(tb) { return !tb.uploaded && tb.confirmations.refused > 0; }

/* How soon a table needs the director: a refused score, then an open table's flagged plays, then idle (or not
   started), then the other open tables; the tables closed (or uploaded) last, their flags let stand. */
function urgency(tb, limit) {
  if (refusedAt(tb)) return 0;
  if (tb.state !== "open") return 4;
  if (tb.flagged.length) return 1;
  return isIdle(tb, limit) ? 2 : 3;
}

function summaryText() {
  var limit = idleLimit(), tables = view.data.tables;
  var idle = tables.filter(function (tb) { return isIdle(tb, limit); }).length;
  var refused = tables.filter(refusedAt).length;
  var flagged = tables.reduce(function (n, tb) { return n + (tb.uploaded ? 0 : flaggedPlays(tb)); }, 0);
  return [tables.length === 1 ? t("1 table") : t("{count} tables", { count: tables.length }),
    t("{count} idle", { count: idle }), t("{count} with a refused score", { count: refused }),
    flagged === 1 ? t("1 flagged play") : t("{count} flagged plays", { count: flagged })].join(" · ");
}

/* Draws the tables (unless a correction or ruling is being written) and the summary. A card that reads as
   it did is kept, not drawn again, so that the focus and a screen reader's place in it stay; where cards
   change or move, the focus goes back to the same control of the same table. */
function draw() {
  var limit = idleLimit();
  var text = summaryText();
  if (summary.textContent !== text) summary.textContent = text;
  if (slot.querySelector("details.correct[open], details.rule[open], details.close[open]")) return;  /* not redrawn under the director's hands */
  /* The tables that need the director come first, the most urgent first: the director's eye goes there. */
  var order = view.data.tables.map(function (tb, i) { return [urgency(tb, limit), i, tb]; });
  order.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
  var fresh = order.map(function (o) { return card(o[2], limit); }), now = Array.prototype.slice.call(slot.children);
  var same = fresh.length === now.length && fresh.every(function (c, i) { return c.isEqualNode(now[i]); });
  if (!same) {
    var focus = focusPlace();
    slot.replaceChildren.apply(slot, fresh);
    refocus(focus);
  }
  if (view.focusCard !== null) {
    var heading = slot.querySelector("section[data-game='" + view.focusCard + "'] h2");
    view.focusCard = null;
    if (heading) { heading.tabIndex = -1; heading.focus(); }
  }
}

/* Where the focus is among the cards: its table, and its place among the card's controls. */
function focusPlace() {
  var at = document.activeElement, box = at && at.closest ? at.closest("#director-tables section[data-game]") : null;
  if (!box) return null;
  return { game: box.dataset.game, index: Array.prototype.indexOf.call(box.querySelectorAll(FOCUSABLE), at) };
}

var FOCUSABLE = "a[href], button, input, select, summary, [tabindex]";

function refocus(place) {
  if (!place) return;
  var box = slot.querySelector("section[data-game='" + place.game + "']");
  var controls = box ? box.querySelectorAll(FOCUSABLE) : [];
  var control = controls[Math.min(Math.max(place.index, 0), controls.length - 1)];
  if (control) control.focus();
}

function poll() {
  clearTimeout(timer);
  fetch(root.getAttribute("data-api"), { cache: "no-store", headers: Object.assign({ Authorization: "Bearer " + view.token },
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
  var before = view.data, news = [];
  if (got) { view.data = got; view.fetchedAt = Date.now(); news = before ? changes(before, got) : []; }
  news = news.concat(idleNews(idleLimit()));
  document.getElementById("director-checked").textContent = t("Tables as of {time}.",
    { time: new Date().toLocaleTimeString(document.documentElement.lang, { hour12: false }) });
  if (view.told && got) { news.unshift(view.told); view.told = ""; }  /* an act's outcome, said with the news it brings */
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

/* The organiser token from the link's fragment (kept on this device), or the one kept before. */
function takeToken() {
  var key = "seeplog-organiser-token-" + view.eventId, found = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (found) {
    localStorage.setItem(key, decodeURIComponent(found[1]));
    history.replaceState(null, "", location.pathname + location.search);
  }
  return localStorage.getItem(key);
}

function start() {
  view.token = takeToken();
  if (!view.token) { document.getElementById("director-no-token").hidden = false; return; }
  document.getElementById("director-ui").hidden = false;
  minutes.value = localStorage.getItem(minutesKey) || "10";
  minutes.addEventListener("change", function () {
    localStorage.setItem(minutesKey, minutes.value);
    if (!view.data) return;
    say(idleNews(idleLimit()).join(" "));
    draw();
  });
  view.poll = poll;
  poll();
}

if (root && window.fetch) start();
