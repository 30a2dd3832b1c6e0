/* The outcomes of the card picked to play (asked of the server): each a button that records its line. */
import { $, api } from "./page.js";
import { keep, addLine } from "./state.js";
import { button, note } from "./dom.js";
import { cardLabel } from "./cards.js";
import { ahead } from "./ahead.js";
import { playSeat } from "./next.js";

const KIND_WORDS = { capture: "capture", house: "house", break: "break a house", throw: "throw" };

export async function showOutcomes(card) {
  const seat = playSeat(ahead().next);
  const key = `${card}/${seat}/${keep.queue.items.length}/${keep.view ? keep.view.version : 0}`;
  keep.outcomesFor = key;
  $("outcomes-title").textContent = `${seat} plays ${cardLabel(card)}: what happened?`;
  const list = $("outcome-list");
  list.replaceChildren(note("Looking up what this card can do…"));
  await drained(5000);
  if (keep.outcomesFor !== key) return;
  let found = keep.queue.items.length ? null : await askOutcomes(card, seat);
  if (keep.outcomesFor !== key) return;
  list.replaceChildren();
  if (!found) {
    list.append(note(keep.queue.items.length
      ? "Entries are still waiting, so the floor here is not known yet: record the throw, or type the play in the notation box."
      : "Could not ask the server for this card's outcomes: record the throw, or type the play in the notation box."));
    found = [{ move: card, line: `${seat} ${card}`, kind: "throw", legal: true, violations: [], unjudged: true }];
  }
  for (const outcome of found) list.append(outcomeButton(outcome));
  $("outcomes").scrollIntoView({ block: "nearest" });
}

/* The server's outcomes of `seat` playing `card` now, or null when it cannot be asked. */
async function askOutcomes(card, seat) {
  try {
    const response = await fetch(`${api}/outcomes?card=${encodeURIComponent(card)}&seat=${seat}`);
    return response.ok ? (await response.json()).outcomes : null;
  } catch (e) {
    keep.queue.setOffline(true);
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
    keep.pickedCard = null;
    addLine(outcome.line);
  }, { line: outcome.line, move: outcome.move });
  const move = document.createElement("span");
  move.className = "move";
  move.textContent = outcome.move;
  const kind = document.createElement("span");
  kind.className = "kind";
  const verdict = outcome.unjudged ? " · judged once stored" : outcome.legal ? " · keeps the rules" : "";
  kind.textContent = `${KIND_WORDS[outcome.kind] || outcome.kind}${verdict}`;
  b.append(move, kind);
  for (const v of outcome.violations) {
    const rule = document.createElement("span");
    rule.className = "rule";
    rule.textContent = `breaks ${v.rule}: ${v.message}`;
    b.append(rule);
  }
  return b;
}
