/* The floor as this phone sees it while entries wait (or the server cannot be reached): the server's
 * last floor, with each waiting line laid on it as its notation reads: a throw leaves its card, a capture
 * lifts the groups it names, a house play gathers its items into the house of its value. It judges no
 * rule (the server does, once the entries are stored); a line it cannot lay (a correction, a shorthand
 * capture) leaves the floor unknown: null. An undo of the last play waiting takes its line out; of the last play
 * stored, lays the deal's stored lines again but that one (ahead.js `waitingAhead`). */
import { seats } from "./page.js";
import { keep } from "./state.js";
import { normCard } from "./cards.js";
import { waitingAhead } from "./ahead.js";

export function floorAhead() {
  const view = keep.view;
  const table = view && view.table ? view.table : null;
  const { lines, undone, guessed } = waitingAhead();
  if (guessed) return null;
  let floor = undone.length ? laidAgain(view, undone.length) : (table && table.floor ? copy(table.floor) : null);
  for (const item of lines) floor = layLine(floor, item.body.line.trim());
  return floor;
}

/* The floor before the last deal's last `undone` plays (taken back by an undo waiting): its stored lines but
 * those, laid from its floor line as waiting lines are. */
function laidAgain(view, undone) {
  const entries = view.entries.filter((e) => e.deal === view.lastDeal);
  let floor = null;
  for (const e of entries.slice(0, entries.length - undone)) floor = layLine(floor, e.line.trim());
  return floor;
}

function copy(floor) {
  return { loose: [...floor.loose], houses: floor.houses.map((h) => ({ ...h, cards: [...h.cards], owners: [...h.owners] })) };
}

function layLine(floor, line) {
  const words = line.split(/\s+/);
  const head = words[0].toLowerCase();
  if (head === "deal") return null;
  if (head === "floor") return { loose: words.slice(1).map(normCard), houses: [] };
  if (!seats.includes(words[0].toUpperCase())) return floor;  // a bid, a hand, a score: the floor stands
  if (!floor) return null;
  const seat = words[0].toUpperCase();
  const move = line.slice(words[0].length).trim();
  if (/(^|\s)x(\s|$)/i.test(move)) return capture(floor, move);
  if (move.includes("=")) return house(floor, seat, move);
  const card = normCard(move);
  return card ? { ...floor, loose: [...floor.loose, card] } : null;
}

/* The items a group names: loose cards and houses ("9s+2s", "[11]"). */
function items(text) {
  return text.split("+").map((t) => t.trim()).filter(Boolean)
    .map((t) => (/^\[(\d+)\]$/.test(t) ? { house: Number(t.slice(1, -1)) } : { card: normCard(t) }));
}

function lift(floor, item) {
  if (item.house !== undefined) {
    const house = floor.houses.find((h) => h.value === item.house);
    floor.houses = floor.houses.filter((h) => h !== house);
    return house ? house.cards : [];
  }
  floor.loose = floor.loose.filter((c) => c !== item.card);
  return [item.card];
}

function capture(floor, move) {
  const groups = move.split(/\s+x\s+|\s+x$/i)[1];
  if (!groups) return null;  // a shorthand capture: what it takes is the server's to say
  const out = copy(floor);
  groups.split(/\s+/).forEach((g) => items(g).forEach((i) => lift(out, i)));
  return out;
}

function house(floor, seat, move) {
  const [main, rest] = move.split("=");
  const [value, ...extra] = rest.trim().split(/\s+/);
  const [card, ...own] = items(main);
  const out = copy(floor);
  const cards = [card.card];
  [...own, ...extra.flatMap(items)].forEach((i) => cards.push(...lift(out, i)));
  const v = Number(value);
  const there = out.houses.find((h) => h.value === v);
  if (there) {
    there.cards.push(...cards);
    if (!there.owners.includes(seat)) there.owners.push(seat);
  } else {
    out.houses.push({ value: v, cards, owners: [seat], cemented: false });
  }
  out.houses.sort((a, b) => a.value - b.value);
  return out;
}
