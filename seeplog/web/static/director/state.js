/* What the director's view holds between answers, and the small builders its modules share. */

export const root = document.getElementById("director");

/* The event, the organiser token, the last answer of the poll (`data`) and when it came, each table's
   last correction or ruling told (`told`: the last, to say again with the news it brings; `focusCard`: the
   table whose heading takes the focus then), and the poll to run again after one. */
export const view = {
  eventId: root ? root.getAttribute("data-event") : null, token: null, data: null, fetchedAt: 0,
  corrections: {}, told: "", focusCard: null, poll: function () {}
};

/* Each sentence in the reader's language, from the page (static/text.js). */
export function t(text, values) { return window.seeplogText(text, values); }

/* Say `text` in the live region, unless it says it already (a screen reader would hear it again);
   `heardOnly`: for a screen reader alone (the summary, which the page shows above it already). */
export function say(text, heardOnly) {
  var said = document.getElementById("director-said");
  if (!text) return;
  if (said.textContent !== text) said.textContent = text;
  said.classList.toggle("sr-only", !!heardOnly);
}

export function el(tag, cls, text) {
  var e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

export function option(value, text) {
  var o = el("option", "", text);
  o.value = value;
  return o;
}

/* A link; with a table, one that names it for a screen reader (every card has its "Scoresheet"). */
export function link(href, text, table) {
  var a = el("a", "", text);
  a.href = href;
  if (table) a.append(el("span", "sr-only", " · " + tableName(table)));
  return a;
}

export function field(labelText, input) {
  var label = el("label", "", labelText + " ");
  label.append(input);
  return label;
}

export function tableName(tb) { return t("Round {round} · Table {table}", { round: tb.round, table: tb.number }); }

export function scoreText(score) {
  return Object.keys(score).map(function (k) { return k + " " + score[k]; }).join(" – ");
}

/* A team ("NS") as a listener hears it ("North–South"); news is only heard, so it names teams in words. */
export function heard(team) {
  return window.seeplogHeard ? window.seeplogHeard(team) : team;
}

/* A table's partnerships, each after its side in words, as the event's page names them: "North–South: Asha & Ravi",
   or at a two-player table "North: Zed". */
export function sides(tb) {
  return tb.names.map(function (name, i) { return t("{side}: {names}", { side: heard(view.data.teams[i]), names: name }); });
}

export function heardScore(score) {
  return Object.keys(score).map(function (k) { return heard(k) + " " + score[k]; }).join(" – ");
}

/* A table's last entry's age in minutes, by the server's clock at the last answer. */
export function idleMinutes(table) {
  var now = Date.parse(view.data.now) + (Date.now() - view.fetchedAt);
  return Math.max(0, (now - Date.parse(table.last_entry)) / 60000);
}

export function isIdle(tb, limit) { return !tb.uploaded && tb.state === "open" && idleMinutes(tb) > limit; }
