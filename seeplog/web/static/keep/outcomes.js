/* The outcomes of the card picked to play (asked of the server): each a button that records its line. */
import { $, api } from "./page.js";
import { keep, addLine } from "./state.js";
import { button, note, said, shownHeard, t } from "./dom.js";
import { focusGrid, focusOutcomes } from "./focus.js";
import { cardLabel, cardName, heard, heardSaid } from "./cards.js";
import { ahead } from "./ahead.js";
import { playSeat } from "./next.js";
import { showGuided } from "./guided.js";
import { WAIT, isSilent, within } from "./net.js";

const KIND_WORDS = { capture: () => t("capture"), house: () => t("house"), break: () => t("break a house"), throw: () => t("throw") };

export async function showOutcomes(card) {
  const seat = playSeat(ahead().next);
  const key = `${card}/${seat}/${keep.queue.items.length}/${keep.view ? keep.view.version : 0}`;
  keep.outcomesFor = key;
  $("outcomes-title").replaceChildren(...shownHeard(t("{seat} plays {card}: what happened?", { seat, card: cardLabel(card) }),
    t("{seat} plays {card}: what happened?", { seat: heard(seat), card: cardName(card) })));
  const list = $("outcome-list");
  list.replaceChildren(note(t("Looking up what this card can do…")));
  await drained(5000);
  if (keep.outcomesFor !== key) return;
  const found = keep.queue.items.length ? null : await askOutcomes(card, seat);
  if (keep.outcomesFor !== key) return;
  list.replaceChildren();
  if (!found) {
    showGuided(list, card, seat, keep.queue.items.length
      ? t("Entries are still waiting to be stored: this phone lays them on the floor itself.")
      : keep.queue.silent ? t("The server is not answering: this phone keeps the floor itself.")
        : t("The server cannot be reached: this phone keeps the floor itself."));
  } else {
    listOutcomes(list, found);
  }
  $("outcomes").scrollIntoView({ block: "nearest" });
  focusOutcomes();
}

/* The outcomes that keep the rules first, in a compact grid; those that break one folded below them
 * (open when none keeps the rules), so that the panel fits one screen. */
function listOutcomes(list, found) {
  const legal = found.filter((o) => o.legal);
  const others = found.filter((o) => !o.legal);
  list.append(...legal.map(outcomeButton));
  if (!others.length) return;
  const fold = document.createElement("details");
  fold.className = "outcome-fold";
  fold.open = !legal.length;
  const summary = document.createElement("summary");
  summary.textContent = others.length === 1 ? t("1 outcome breaks a rule — what happened may still be one")
    : t("{count} outcomes break a rule — what happened may still be one", { count: others.length });
  const grid = document.createElement("div");
  grid.className = "outcome-grid";
  grid.append(...others.map(outcomeButton));
  fold.append(summary, grid);
  list.append(fold);
}

/* The server's outcomes of `seat` playing `card` now, or null when it cannot be asked or does not answer within
 * WAIT.outcomes (the taps then do without it). */
async function askOutcomes(card, seat) {
  try {
    const response = await fetch(`${api}/outcomes?card=${encodeURIComponent(card)}&seat=${seat}`,
      { signal: within(WAIT.outcomes) });
    return response.ok ? (await response.json()).outcomes : null;
  } catch (e) {
    keep.queue.setOffline(true, isSilent(e));
    return null;
  }
}

/* Wait (at most `ms`) for the entries on their way to be stored, unless the page is offline. */
async function drained(ms) {
  const queue = keep.queue;
  const until = Date.now() + ms;
  while (queue.items.length && !queue.offline && !queue.conflictInfo && Date.now() < until) {
    await new Promise((done) => { setTimeout(done, 100); });
  }
}

function outcomeButton(outcome) {
  const b = button("", `outcome ${outcome.legal ? "legal" : "illegal"}`, () => {
    const played = keep.pickedCard;
    keep.pickedCard = null;
    addLine(outcome.line);
    focusGrid(played);
  }, { line: outcome.line, move: outcome.move });
  const move = document.createElement("span");
  move.className = "move";
  move.append(...shownHeard(outcome.move, outcome.words_said ? heardSaid({ said: outcome.words_said }) : heard(outcome.move)));
  const kind = document.createElement("span");
  kind.className = "kind";
  const verdict = outcome.unjudged ? ` · ${t("judged once stored")}` : "";
  kind.textContent = `${KIND_WORDS[outcome.kind] ? KIND_WORDS[outcome.kind]() : outcome.kind}${verdict}`;
  b.append(move, kind);
  for (const v of outcome.violations) {
    const rule = document.createElement("span");
    rule.className = "rule";
    rule.append(...shownHeard(`${t("breaks {rule}:", v)} ${said(v)}`, `${t("breaks {rule}:", v)} ${heardSaid(v)}`));
    b.append(rule);
  }
  return b;
}
