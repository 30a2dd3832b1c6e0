/* What comes next: the server's word (the view's `next`), moved on through the entries still waiting on
 * this phone. The page works out no rule here: who bids, who plays at each play and how many plays a deal
 * has come from the server's tables (page.js `steps`, seeplog/web/live/ahead.py); the walk only reads
 * each waiting line's kind and seat and looks them up. The cards seen and held are moved on likewise. */
import { seats, steps } from "./page.js";
import { keep } from "./state.js";
import { normCard, playedCard } from "./cards.js";
import { isLine, meaning } from "./meant.js";

/* {next, seen, held, guessed}: `guessed` when a waiting entry (a correction, an undo other than of the last
 * play, a line out of step) leaves what comes next for the server to say once it is stored. */
export function ahead() {
  const view = keep.view;
  const table = view && view.table ? view.table : null;
  const { lines, undone, guessed } = waitingAhead();
  const walk = { next: view ? { ...view.next } : { kind: "unknown" }, bidder: table ? table.bidder : null,
                 seen: new Set(table ? table.seen : []), held: heldCards(view, undone.length), guessed };
  if (undone.length) stepBack(walk, undone);
  for (const item of lines) takeLine(walk, item.body.line.trim().split(/\s+/));
  for (const card of walk.held) walk.seen.delete(card);
  return walk;
}

/* The waiting entries as this phone lays them ahead (floor.js too): `lines`, the lines to walk; an undo of the
 * line waiting last takes that line out, and an undo of the play stored last (of the deal under way, nothing
 * waiting before it; again, of the one before) steps back over it (`undone`, the last first), a correction of
 * it (Edit) too, its new line walked in its place; any other undo or correction, or a close, leaves what comes
 * next to the server (`guessed`). */
export function waitingAhead() {
  const view = keep.view;
  const entries = view && view.next && view.next.kind === "play" ? view.entries : [];
  const out = { lines: [], undone: [], guessed: false };
  for (const item of keep.queue.items) {
    const target = item.target || {};
    const undo = meaning(item) === "undo";
    const line = out.lines[out.lines.length - 1];
    const stored = entries[entries.length - 1 - out.undone.length];
    const last = !out.lines.length && stored && stored.id === target.id && stored.kind === "play"
      && stored.deal === view.lastDeal;
    if (undo && line && target.pending === line.client_id) out.lines.pop();
    else if (last && (undo || meaning(item) === "replace")) {
      out.undone.push(stored);
      if (!undo) out.lines.push({ body: { line: item.body.line } });  // a correction: its line in the play's place
    } else if (isLine(item)) out.lines.push(item);
    else out.guessed = true;
  }
  return out;
}

/* What comes next once the plays `undone` (the last first) are taken back: the first of them again, by the
 * seat whose turn it is then; their cards no longer seen. */
function stepBack(walk, undone) {
  const first = undone[undone.length - 1];
  const chain = steps.plays[walk.bidder];
  walk.next = { ...walk.next, play: first.play, seat: chain ? chain[first.play - 1] : first.seat };
  if (walk.next.stopped && walk.next.stopped.play >= first.play) delete walk.next.stopped;
  for (const e of undone) walk.seen.delete(playedCard(e.line.trim().split(/\s+/)[1]));
}

/* Cards a hand line of the last deal shows and no play has played yet (but its last `undone` entries, taken
 * back): still to be played. */
function heldCards(view, undone) {
  const held = new Set();
  const entries = view ? view.entries.filter((x) => x.deal === view.lastDeal) : [];
  for (const e of entries.slice(0, entries.length - undone)) {
    const words = e.line.split(/\s+/);
    if (e.kind === "hand") words.slice(2).forEach((w) => held.add(normCard(w)));
    if (e.kind === "play") held.delete(playedCard(words[1]));
  }
  return held;
}

function takeLine(walk, words) {
  const head = words[0].toLowerCase();
  const seat = head.toUpperCase();
  if (head === "deal" && words.length >= 4) dealt(walk, Number(words[1]), words[3].toUpperCase());
  else if ((head === "bid" && words.length >= 2) || head === "floor") partIn(walk, head, words);
  else if (head === "hand") words.slice(2).map(normCard).forEach((c) => { walk.seen.add(c); walk.held.add(c); });
  else if (head === "score") walk.next = afterDeal(walk.next);
  else if (seats.includes(seat) && walk.next.kind === "play") played(walk, seat, playedCard(words[1]));
  else walk.guessed = true;
}

function dealt(walk, deal, dealer) {
  const bidder = steps.bidder[dealer];
  if (!bidder) {
    walk.guessed = true;
    return;
  }
  walk.next = { ...steps.dealt, deal, dealer, seat: bidder };
  walk.bidder = bidder;
  walk.seen.clear();
  walk.held.clear();
}

/* A bid or floor line: that part is no longer missing; once neither is, the bidder's first play. */
function partIn(walk, part, words) {
  const missing = walk.next.missing || [];
  if (!missing.includes(part)) {
    walk.guessed = true;
    return;
  }
  if (part === "floor") words.slice(1).forEach((w) => walk.seen.add(normCard(w)));
  if (part === "bid") walk.bidder = words[1].toUpperCase();
  const left = missing.filter((m) => m !== part);
  const chain = steps.plays[walk.bidder];
  if (left.length) walk.next = { ...walk.next, kind: left[0], missing: left, seat: walk.bidder };
  else if (chain) walk.next = { ...walk.next, kind: "play", play: 1, seat: chain[0], missing: [] };
  else walk.guessed = true;
}

/* A play: the next seat is the one after it in the list of plays in which this seat plays now. */
function played(walk, seat, card) {
  const now = walk.next.play;
  const chain = Object.values(steps.plays).find((list) => list[now - 1] === seat);
  if (!chain) {
    walk.guessed = true;
    return;
  }
  walk.seen.add(card);
  walk.held.delete(card);
  walk.next = now >= chain.length ? afterDeal(walk.next) : { ...walk.next, play: now + 1, seat: chain[now] };
}

function afterDeal(next) {
  return { ...steps.after_deal, deal: (next.deal || 0) + 1 };
}
