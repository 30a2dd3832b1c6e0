/* The card picker: 52 buttons, for the floor's four cards, a hand's cards, or the card played; one Tab stop,
 * its suits rows of a grid that the arrow keys move through (grid.js). */
import { $ } from "./page.js";
import { keep, redraw, addLine } from "./state.js";
import { button, t } from "./dom.js";
import { RANKS, SUITS, cardName } from "./cards.js";
import { showOutcomes } from "./outcomes.js";
import { keepStop, makeRoving } from "./grid.js";

const LABELLED_BY = { floor: "floor-title", hand: "hand-title" };
let shownFor = null;  // the step the picker was last drawn for: a new one puts its Tab stop on the first card

/* Show the picker for `pickerMode` ("floor", "hand", "play", or null: hidden), cards seen disabled. */
export function renderPicker(pickerMode, seen, held) {
  const box = $("picker");
  box.hidden = !pickerMode;
  if (!pickerMode) return;
  if (!box.firstChild) buildPicker(box);
  box.dataset.mode = pickerMode;
  labelPicker(box, pickerMode);
  for (const b of box.querySelectorAll("button.pick")) {
    const card = b.dataset.card;
    const isPicked = pickerMode === "play" ? card === keep.pickedCard : keep.picked.includes(card);
    b.disabled = seen.has(card);
    b.classList.toggle("seen", seen.has(card));
    b.classList.toggle("held", held.has(card));
    b.title = held.has(card) ? t("shown in a hand line, not played yet") : "";
    b.setAttribute("aria-pressed", String(isPicked));
  }
  const step = `${pickerMode}/${keep.lastNextKey}`;
  keepStop(box, step !== shownFor);
  shownFor = step;
}

/* The grid named by the step's title (the floor's, the hand's), or as the card played. */
function labelPicker(box, pickerMode) {
  if (LABELLED_BY[pickerMode]) {
    box.setAttribute("aria-labelledby", LABELLED_BY[pickerMode]);
    box.removeAttribute("aria-label");
  } else {
    box.setAttribute("aria-label", t("The card played"));
    box.removeAttribute("aria-labelledby");
  }
}

function buildPicker(box) {
  box.setAttribute("role", "grid");
  box.setAttribute("aria-describedby", "picker-keys");
  for (const [suit, symbol] of SUITS) {
    const row = document.createElement("div");
    row.className = `suit-row suit-${suit}`;
    row.setAttribute("role", "row");
    row.setAttribute("aria-label", { s: t("spades"), h: t("hearts"), d: t("diamonds"), c: t("clubs") }[suit]);
    for (const rank of RANKS) {
      const card = rank + suit;
      const b = button(`${rank}${symbol}`, `pick suit-${suit}`, () => pick(card), { card });
      b.setAttribute("aria-label", cardName(card));
      const cell = document.createElement("span");
      cell.setAttribute("role", "gridcell");
      cell.append(b);
      row.append(cell);
    }
    box.append(row);
  }
  makeRoving(box);
}

function pick(card) {
  const mode = $("picker").dataset.mode;
  if (mode === "play") {
    keep.pickedCard = card;
    redraw();
    showOutcomes(card);
    return;
  }
  const picked = keep.picked.includes(card) ? keep.picked.filter((c) => c !== card) : [...keep.picked, card];
  keep.picked = picked;
  if (mode === "floor" && picked.length === 4) {
    keep.picked = [];
    addLine(`floor ${picked.join(" ")}`);
    return;
  }
  redraw();
}

/* The page at rest at its top (just opened, or an entry just stored): the site's header scrolled away as far as
 * it takes for the whole picker to stand above the last-entry bar fixed at the foot of the screen (a finger
 * aiming at a card half under the bar hit the bar), never further than the sticky next step's place. */
export function pickerInSight() {
  const picker = $("picker");
  if (window.scrollY > 0 || !picker || !picker.getClientRects().length) return;
  const under = picker.getBoundingClientRect().bottom + 8 - $("last-bar").getBoundingClientRect().top;
  const room = document.querySelector(".keep-top").getBoundingClientRect().top;
  if (under > 0 && room > 0) window.scrollBy({ top: Math.min(under, room) });
}
