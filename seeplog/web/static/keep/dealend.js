/* The end of a deal: its scores, the cards left on the floor and who takes them, the lead, any baazi and
 * the next dealer, as the server scored them (the view's `ended`); the page adds nothing up itself. From
 * here the next deal can be recorded by its score alone. */
import { $, teams } from "./page.js";
import { keep, redraw } from "./state.js";
import { button, textEl } from "./dom.js";
import { cardLabel, seatName } from "./cards.js";

/* Shown between deals, once the deal that ended is stored (entries still waiting: not known yet). */
export function renderDealEnd(next) {
  const box = $("deal-end");
  const ended = keep.view ? keep.view.ended : null;
  const waiting = keep.queue.items.length > 0;
  const show = next.kind === "deal" && keep.mode !== "score" && (waiting || (ended && ended.number === next.deal - 1));
  box.hidden = !show;
  if (!show) return;
  if (waiting || !ended) {
    box.replaceChildren(textEl("h2", "", `Deal ${next.deal - 1} is over`),
      textEl("p", "hint", "Its scores show here once the entries waiting on this phone are stored."));
    return;
  }
  box.replaceChildren(textEl("h2", "", `Deal ${ended.number} is over`), scoreTable(ended),
    ...leftoverLines(ended), standing(ended),
    button(`Deal ${next.deal}: score only…`, "quiet", () => { keep.mode = "score"; redraw(); }, { role: "score-only" }));
}

function scoreTable(ended) {
  const table = document.createElement("table");
  table.className = "deal-end-scores";
  const head = table.createTHead().insertRow();
  for (const title of ["Team", "Card points", "Sweeps", "Score"]) head.append(textEl("th", "", title));
  const body = table.createTBody();
  for (const team of teams) {
    const row = body.insertRow();
    row.dataset.team = team;
    const cells = [team, ended.card_points[team], ended.sweep_points[team], ended.score[team]];
    cells.forEach((value, i) => row.append(textEl(i ? "td" : "th", "", String(value))));
  }
  return table;
}

function leftoverLines(ended) {
  const out = [];
  if (ended.cards_taken) {
    out.push(textEl("p", "taken", `Cards taken: ${teams.map((t) => `${t} ${ended.cards_taken[t]}`).join(" · ")}`));
  }
  const left = ended.leftover;
  if (!left) out.push(textEl("p", "leftover", "Recorded by its score: no floor to take."));
  else if (!left.cards.length) out.push(textEl("p", "leftover", "Nothing was left on the floor."));
  else {
    out.push(textEl("p", "leftover", `Left on the floor: ${left.cards.map(cardLabel).join(" ")} — to ${left.team}, `
      + `the team of the last capture (${seatName(left.seat)})`));
  }
  return out;
}

function standing(ended) {
  const lead = ended.lead.team ? `${ended.lead.team} leads by ${ended.lead.points}` : "The lead is 0";
  const baazi = ended.baazi ? ` · ${ended.baazi} won a baazi` : "";
  const baazis = Object.entries(ended.baazis || {}).map(([t, n]) => `${t} ${n}`).join(" – ");
  const dealers = ended.allowed_dealers.length ? ended.allowed_dealers.map(seatName).join(" or ") : "any seat";
  return textEl("p", "standing", `${lead}${baazi} · baazis ${baazis} · next dealer: ${dealers}`);
}
