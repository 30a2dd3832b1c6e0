/* A play by taps alone when the server cannot say the card's outcomes (offline, or entries waiting): the
 * card, then the floor items it takes or joins (floor.js keeps this phone's floor), then "take them", a
 * house value, or "throw". The taps are written as a notation line; the page judges no rule (the server
 * judges the line once it is stored, and flags it as usual). */
import { steps } from "./page.js";
import { keep, addLine } from "./state.js";
import { button, note, t, textEl } from "./dom.js";
import { focusGrid } from "./focus.js";
import { cardLabel } from "./cards.js";
import { floorAhead } from "./floor.js";

const value = (card) => steps.rank_values[card[0]];

export function showGuided(list, card, seat, why) {
  keep.guided = { card, seat, chosen: [], why };
  drawGuided(list);
}

function drawGuided(list) {
  const g = keep.guided;
  const floor = floorAhead();
  list.replaceChildren(note(g.why));
  if (!floor) {
    list.append(note(t("The floor is not known on this phone (a correction or a shorthand capture waits): record the throw, or type the play in the notation box.")),
      action("throw", `${g.seat} ${g.card}`, t("Throw")));
    return;
  }
  list.append(textEl("p", "guided-step", t("Tap what it takes or joins on the floor, then what happened:")),
    floorChoices(list, floor), actions(floor));
}

function floorChoices(list, floor) {
  const box = document.createElement("div");
  box.className = "guided-floor";
  const items = [...floor.houses.map((h) => [`[${h.value}]`, `[${h.value}] ${t("house")} ${h.cards.map(cardLabel).join(" ")}`]),
    ...floor.loose.map((c) => [c, cardLabel(c)])];
  for (const [key, label] of items) {
    const b = button(label, "small floor-item", () => { toggle(key); drawGuided(list); }, { item: key });
    b.setAttribute("aria-pressed", String(keep.guided.chosen.includes(key)));
    box.append(b);
  }
  if (!items.length) box.append(note(t("The floor is empty.")));
  return box;
}

function toggle(key) {
  const g = keep.guided;
  g.chosen = g.chosen.includes(key) ? g.chosen.filter((k) => k !== key) : [...g.chosen, key];
}

function actions(floor) {
  const g = keep.guided;
  const box = document.createElement("div");
  box.className = "guided-actions";
  if (g.chosen.length) box.append(action("take", captureLine(g), t("Take them")));
  else box.append(action("throw", `${g.seat} ${g.card}`, t("Throw")));
  for (const v of steps.house_values) {
    const line = houseLine(g, v, floor);
    if (line) box.append(action("build", line, t("House of {value}", { value: v }), { value: String(v) }));
  }
  return box;
}

function action(kind, line, words, data = {}) {
  const b = button("", `outcome guided ${kind}`, () => {
    const played = keep.pickedCard;
    keep.pickedCard = null;
    keep.guided = null;
    addLine(line);
    focusGrid(played);
  }, { action: kind, line, ...data });
  b.append(textEl("span", "move", words), textEl("span", "kind", `${line} · ${t("judged once stored")}`));
  return b;
}

/* The capture the taps say: each house a group, the loose cards in groups of the card's value where they
 * fall so (else in one group, as tapped: the server then says what is wrong). */
function captureLine(g) {
  const houses = g.chosen.filter((k) => k.startsWith("["));
  const loose = g.chosen.filter((k) => !k.startsWith("["));
  const groups = partition(loose, value(g.card)) || (loose.length ? [loose] : []);
  return `${g.seat} ${g.card} x ${[...houses, ...groups.map((x) => x.join("+"))].join(" ")}`;
}

/* The house play the taps say, or null where the card and the items tapped cannot make a house of `v` (a card
 * alone makes none, but joins a house of its value): a house of this value already on the floor is joined
 * without being written; the card and the other items make the main group, adding up to `v`, the loose cards
 * left groups of `v`. */
function houseLine(g, v, floor) {
  const joins = floor.houses.some((h) => h.value === v);
  if (!g.chosen.length && !joins) return null;
  const chosen = g.chosen.filter((k) => k !== `[${v}]` || !joins);
  const houses = chosen.filter((k) => k.startsWith("["));
  const loose = chosen.filter((k) => !k.startsWith("["));
  const need = v - value(g.card) - houses.reduce((sum, h) => sum + Number(h.slice(1, -1)), 0);
  for (const main of subsets(loose, need, 0)) {
    const extra = partition(loose.filter((c) => !main.includes(c)), v);
    if (extra) {
      const head = [g.card, ...main, ...houses].join("+");
      return [`${g.seat} ${head} =${v}`, ...extra.map((x) => x.join("+"))].join(" ");
    }
  }
  return null;
}

/* The cards in groups each adding up to `target` (the first card's group first), or null. */
function partition(cards, target) {
  if (!cards.length) return [];
  const [first, ...rest] = cards;
  for (const subset of subsets(rest, target - value(first), 0)) {
    const more = partition(rest.filter((c) => !subset.includes(c)), target);
    if (more) return [[first, ...subset], ...more];
  }
  return null;
}

function* subsets(cards, need, start) {
  if (need === 0) yield [];
  if (need <= 0) return;
  for (let i = start; i < cards.length; i += 1) {
    for (const s of subsets(cards, need - value(cards[i]), i + 1)) yield [cards[i], ...s];
  }
}
