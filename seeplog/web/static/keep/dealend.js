/* The end of a deal: its scores, the cards left on the floor and who takes them, the lead, any baazi and
 * the next dealer, as the server scored them (the view's `ended`); the page adds nothing up itself. From
 * here the next deal can be recorded by its score alone. Teams, seats and cards are shown in notation and
 * heard in words, as on the follow page. */
import { $, teams } from "./page.js";
import { keep, redraw } from "./state.js";
import { button, shownHeard, t, textEl } from "./dom.js";
import { cardLabel, heard, seatName } from "./cards.js";

/* How a sentence names teams, seats and cards: for the eye, and for the ear. */
const EYE = { team: (team) => team, seat: seatName, cards: (cards) => cards.map(cardLabel).join(" ") };
const EAR = { team: heard, seat: heard, cards: (cards) => heard(cards.join(" ")) };

/* An element whose sentence, built by `sentence(say)`, is shown in notation and heard in words. */
function spokenEl(tag, cls, sentence) {
  const el = textEl(tag, cls, "");
  el.append(...shownHeard(sentence(EYE), sentence(EAR)));
  return el;
}

let endShown; // the deal whose end the box shows (null: hidden; undefined before the page's first drawing)

/* Shown between deals, once the deal that ended is stored (entries still waiting: not known yet). */
export function renderDealEnd(next) {
  const box = $("deal-end");
  const ended = keep.view ? keep.view.ended : null;
  const waiting = keep.queue.items.length > 0;
  const show = next.kind === "deal" && keep.mode !== "score" && (waiting || (ended && ended.number === next.deal - 1));
  box.hidden = !show;
  scrollInOnce(box, show ? next.deal - 1 : null);
  if (!show) return;
  if (waiting || !ended) {
    box.replaceChildren(textEl("h2", "", t("Deal {deal} is over", { deal: next.deal - 1 })),
      textEl("p", "hint", t("Its scores show here once the entries waiting on this phone are stored.")));
    return;
  }
  box.replaceChildren(textEl("h2", "", t("Deal {deal} is over", { deal: ended.number })), scoreTable(ended),
    ...leftoverLines(ended), standing(ended),
    button(t("Deal {deal}: score only…", next), "quiet", () => { keep.mode = "score"; redraw(); }, { role: "score-only" }));
}

/* A deal that has just ended: its box is brought up to stand under the sticky top, heading and all (the
   focus, moved to the next dealer below it, would leave the heading and the table's head under the top);
   a flag on the deal's last entry (the banner just above it) comes into view with it, and a question about
   another phone's change (at the top) is left in sight. */
function scrollInOnce(box, deal) {
  if (deal !== null && endShown !== undefined && deal !== endShown) {
    requestAnimationFrame(() => {
      if (keep.queue.conflictInfo) return;
      const banner = $("banner");
      (banner.hidden ? box : banner).scrollIntoView({ block: "start" });
    });
  }
  endShown = deal;
}

function scoreTable(ended) {
  const table = document.createElement("table");
  table.className = "deal-end-scores";
  const head = table.createTHead().insertRow();
  for (const title of [t("Team"), t("Card points"), t("Sweeps"), t("Score")]) head.append(textEl("th", "", title));
  const body = table.createTBody();
  for (const team of teams) {
    const row = body.insertRow();
    row.dataset.team = team;
    row.append(spokenEl("th", "", (say) => say.team(team)));
    for (const value of [ended.card_points[team], ended.sweep_points[team], ended.score[team]]) {
      row.append(textEl("td", "", String(value)));
    }
  }
  return table;
}

function leftoverLines(ended) {
  const out = [];
  if (ended.cards_taken) {
    const counts = (say) => teams.map((team) => `${say.team(team)} ${ended.cards_taken[team]}`).join(" · ");
    out.push(spokenEl("p", "taken", (say) => t("Cards taken: {counts}", { counts: counts(say) })));
  }
  const left = ended.leftover;
  if (!left) out.push(textEl("p", "leftover", t("Recorded by its score: no floor to take.")));
  else if (!left.cards.length) out.push(textEl("p", "leftover", t("Nothing was left on the floor.")));
  else if (!left.team) {  // a deal closed before anyone captured
    out.push(spokenEl("p", "leftover", (say) => t("Left on the floor: {cards} — to no team (no card was captured)",
      { cards: say.cards(left.cards) })));
  }
  else {
    out.push(spokenEl("p", "leftover", (say) => t("Left on the floor: {cards} — to {team}, the team of the last capture ({seat})",
      { cards: say.cards(left.cards), team: say.team(left.team), seat: say.seat(left.seat) })));
  }
  return out;
}

function standing(ended) {
  return spokenEl("p", "standing", (say) => {
    const lead = ended.lead.team ? t("{team} leads by {points}", { ...ended.lead, team: say.team(ended.lead.team) })
      : t("The lead is 0");
    const baazi = ended.baazi ? ` · ${t("{team} won a baazi", { team: say.team(ended.baazi) })}` : "";
    const baazis = Object.entries(ended.baazis || {}).map(([team, n]) => `${say.team(team)} ${n}`).join(" – ");
    const dealers = ended.allowed_dealers.length ? ended.allowed_dealers.map(say.seat).join(` ${t("or")} `) : t("any seat");
    return `${lead}${baazi} · ${t("baazis {baazis} · next dealer: {dealers}", { baazis, dealers })}`;
  });
}
