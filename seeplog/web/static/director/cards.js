/* A table's card in the director's view: where its game stands, its deals' confirmations (a refused one
   with the director's ruling to give), its flagged plays, its links and the correction form. */
import { view, t, el, link, tableName, scoreText, heard, heardScore, sides, idleMinutes, isIdle } from "./state.js";
import { closeForm, correctForm, ruleForm } from "./correct.js";

function reached(next) {
  if (next.kind === "closed") return t("Closed");
  if (next.kind === "play" && next.seat) return t("Deal {deal}, play {play} ({seat} to play)", next);
  if (next.kind === "play") return t("Deal {deal}, play {play}", next);
  if (next.kind === "deal") return t("Deal {deal} to deal", next);
  if (next.kind === "bid") return t("Deal {deal}: the bid to record ({seat} bids)", next);
  if (next.kind === "floor") return t("Deal {deal}: the floor to record", next);
  return t("Deal {deal}: {kind}", { deal: next.deal || 1, kind: next.kind });
}

/* An idle table's badge: not started, its deals over but not closed, or stuck in a deal. */
function idleBadge(tb) {
  if (!tb.started) return el("span", "badge idle-badge", t("not started"));
  if (tb.next.kind === "deal") return el("span", "badge idle-badge", t("deals over, not closed"));
  return el("span", "badge idle-badge", t("idle"));
}

function head(tb, idle, raised) {
  var h = el("h2", "", tableName(tb) + " ");
  if (tb.state === "closed") h.append(el("span", "badge closed-badge", t("closed")));
  if (tb.provisional) h.append(el("span", "badge provisional-badge", t("provisional")));
  if (idle) h.append(idleBadge(tb));
  if (raised) h.append(el("span", "badge raised-badge", t("refused")));
  return h;
}

/* The deals the opponents refused, each with the ruling the director may give; the deals ruled on. */
function answered(tb, c, status, item) {
  var deals = c.deals.filter(function (d) { return d.status === status && (status === "refused" || d.via === "director"); });
  if (!deals.length) return [];
  var ul = el("ul", status === "refused" ? "refusals" : "rulings");
  deals.forEach(function (d) { ul.append(item(tb, c, d)); });
  return [ul];
}

function refusal(tb, c, d) {
  var said = "{team} refused deal {deal} ({score}): “{reason}”", li = el("li");
  li.append.apply(li, window.seeplogShownHeard(
    t(said, { team: c.team, deal: d.deal, score: scoreText(d.score), reason: d.reason }),
    t(said, { team: heard(c.team), deal: d.deal, score: heardScore(d.score), reason: d.reason })));
  li.append(ruleForm(tb, d));
  return li;
}

function ruling(tb, c, d) {
  return el("li", "", t("Deal {deal}: the score stands by the director's ruling: “{reason}”", d));
}

function confirmLines(tb) {
  var c = tb.confirmations, over = c.deals.length;
  var missing = c.deals.filter(function (d) { return d.status === "missing"; }).map(function (d) { return d.deal; });
  var confirmed = over === 1 ? t("Confirmed {confirmed} of 1 deal", c)
    : t("Confirmed {confirmed} of {count} deals", { confirmed: c.confirmed, count: over });
  return [el("p", "confirms", confirmed + (missing.length ? " · " + t("to confirm: deal {deals}", { deals: missing.join(", ") }) : ""))]
    .concat(answered(tb, c, "refused", refusal), answered(tb, c, "confirmed", ruling));
}

/* A flagged play: its entry, line and finding in notation, or `inWords` as a listener hears them; the entry by its
   number (as the correction's list names it) and, for a play, its place as the keep page names it. */
export function flagText(f, inWords) {
  var line = inWords ? window.seeplogHeard(f.line || "") : f.line || "";
  var where = !f.entry ? "" : (f.play ? t("entry {entry} (play {play} of deal {deal}) {line}:", { entry: f.entry, play: f.play, deal: f.deal, line: line })
    : t("entry {entry} {line}:", { entry: f.entry, line: line })) + " ";
  return where + f.rule + " " + (inWords ? window.seeplogSaid(f, {}) : window.seeplogSaid(f));
}

function flagItem(f) {
  var li = el("li");
  li.append.apply(li, window.seeplogShownHeard(flagText(f), flagText(f, true)));
  return li;
}

/* The entries flagged (an entry may break more than one rule). */
export function flaggedPlays(tb) {
  var seen = {};
  tb.flagged.forEach(function (f) { seen[f.entry ? "e" + f.entry : f.rule + f.message] = true; });
  return Object.keys(seen).length;
}

function flagLines(tb) {
  if (!tb.flagged.length) return [el("p", "hint", t("No flagged play."))];
  var ul = el("ul", "flags");
  tb.flagged.forEach(function (f) { ul.append(flagItem(f)); });
  var plays = flaggedPlays(tb), open = tb.state === "open";  /* a closed table's flags wait for no one */
  var said = open ? (plays === 1 ? t("1 flagged play waiting") : t("{count} flagged plays waiting", { count: plays }))
    : (plays === 1 ? t("1 flagged play") : t("{count} flagged plays", { count: plays }));
  return [el("p", "flagged", said), ul];
}

/* Why a live table's figures are provisional (as the event's page marks it): the deals whose score is not
   known, a score that does not add up; a refused score is told with its refusal. */
function doubtLines(tb) {
  var why = [], unknown = tb.unknown_deals || [];
  if (unknown.length === 1) why.push(t("The figures are provisional: deal {deal}'s score is not known (RULES.md §8.5).", { deal: unknown[0] }));
  else if (unknown.length) why.push(t("The figures are provisional: the scores of deals {deals} are not known (RULES.md §8.5).", { deals: unknown.join(", ") }));
  else if (tb.provisional_why.indexOf("unknown-score") >= 0) why.push(t("A deal's score is not known (RULES.md §8.5): its scoresheet shows which."));
  if (tb.provisional_why.indexOf("score-total") >= 0) why.push(t("A score written down has card points that do not add up (R-SCORE-TOTAL): its scoresheet shows which."));
  return why.length ? [el("p", "provisional-why", why.join(" "))] : [];
}

/* An uploaded game attached to the event: its scores and its scoresheet (no entries, no confirmations). */
function names(tb) { return el("p", "names", sides(tb).join(" · ")); }

function uploadCard(tb) {
  var box = el("section", "director-table uploaded"), h = el("h2", "", tableName(tb) + " ");
  box.dataset.game = tb.game_id;
  h.append(el("span", "badge uploaded-badge", t("uploaded")));
  var links = el("p", "links");
  links.append(link(tb.scoresheet_url, t("Scoresheet"), tb));
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

export function card(tb, limit) {
  if (tb.uploaded) return uploadCard(tb);
  var idle = isIdle(tb, limit);
  var raised = tb.confirmations.refused > 0;
  var box = el("section", "director-table" + (idle ? " idle" : "") + (tb.flagged.length && tb.state === "open" ? " flagged" : "") + (raised ? " raised" : ""));
  box.dataset.game = tb.game_id;
  box.append(head(tb, idle, raised), names(tb),
    el("p", "reached", reached(tb.next) + " · " + t("baazis {baazis}", { baazis: tb.baazis.join("–") })),
    el("p", "last-entry", lastEntry(tb)));
  doubtLines(tb).concat(confirmLines(tb), flagLines(tb)).forEach(function (n) { box.append(n); });
  var links = el("p", "links");
  links.append(link(tb.follow_url, t("Follow"), tb), link(tb.scoresheet_url, t("Scoresheet"), tb),
    link(tb.confirm_url, t("Confirm link"), tb));
  var told = el("p", "correct-said", view.corrections[tb.game_id] || "");
  told.id = "said-" + tb.game_id;
  box.append(links, correctForm(tb));
  /* between deals: its deals over, or none played (the form says it closes the table unplayed) */
  if (tb.state === "open" && tb.next.kind === "deal") box.append(closeForm(tb, tb.next.deal === 1));
  box.append(told);
  return box;
}
