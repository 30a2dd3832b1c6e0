/* What the live region tells: what changed at each table from one answer of the poll to the next, and the
   tables gone idle since the last answer or choice of minutes. */
import { view, t, tableName, scoreText, heard, heardScore, sides, idleMinutes, isIdle } from "./state.js";
import { flagText } from "./cards.js";

var wasIdle = null;

/* The tables that became idle since the last answer or choice of minutes, told (none the first time); three
   or more at once in one sentence that counts them (a round's tables made together go idle together). */
export function idleNews(limit) {
  var now = {}, fresh = [];
  view.data.tables.forEach(function (tb) {
    now[tb.game_id] = isIdle(tb, limit);
    if (now[tb.game_id] && wasIdle && !wasIdle[tb.game_id]) fresh.push(tb);
  });
  wasIdle = now;
  if (fresh.length > 2) return [t("{count} tables idle: {tables}.", { count: fresh.length, tables: fresh.map(tableName).join(", ") })];
  return fresh.map(function (tb) { return t("{table}: idle for {minutes} min.", { table: tableName(tb), minutes: Math.floor(idleMinutes(tb)) }); });
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
      out.push(d.via === "director" ? t("deal {deal}: the score stands by the director's ruling", d) : t("deal {deal} confirmed", d));
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
export function changes(before, now) {
  var was = {}, out = [];
  before.tables.forEach(function (tb) { was[tb.game_id] = tb; });
  var added = now.tables.filter(function (tb) { return !was[tb.game_id]; });
  if (added.length > 3) out.push(t("{count} new tables.", { count: added.length }));
  else added.forEach(function (tb) { out.push(t("{table}: a new table, {sides}.", { table: tableName(tb), sides: sides(tb).join(" · ") })); });
  now.tables.filter(function (tb) { return was[tb.game_id]; }).forEach(function (tb) {
    tableNews(was[tb.game_id], tb).forEach(function (news) {
      out.push(t("{table}: {news}.", { table: tableName(tb), news: news }));
    });
  });
  return out;
}
