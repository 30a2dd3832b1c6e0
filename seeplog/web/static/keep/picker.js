/* The card picker: 52 buttons, for the floor's four cards, a hand's cards, or the card played. */
import { $ } from "./page.js";
import { keep, redraw, addLine } from "./state.js";
import { button, t } from "./dom.js";
import { RANKS, SUITS, cardName } from "./cards.js";
import { showOutcomes } from "./outcomes.js";

/* Show the picker for `pickerMode` ("floor", "hand", "play", or null: hidden), cards seen disabled. */
export function renderPicker(pickerMode, seen, held) {
  const box = $("picker");
  box.hidden = !pickerMode;
  if (!pickerMode) return;
  if (!box.firstChild) buildPicker(box);
  box.dataset.mode = pickerMode;
  for (const b of box.querySelectorAll("button.pick")) {
    const card = b.dataset.card;
    const isPicked = pickerMode === "play" ? card === keep.pickedCard : keep.picked.includes(card);
    b.disabled = seen.has(card);
    b.classList.toggle("seen", seen.has(card));
    b.classList.toggle("held", held.has(card));
    b.title = held.has(card) ? t("shown in a hand line, not played yet") : "";
    b.setAttribute("aria-pressed", String(isPicked));
  }
}

function buildPicker(box) {
  for (const [suit, symbol] of SUITS) {
    const row = document.createElement("div");
    row.className = `suit-row suit-${suit}`;
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", { s: t("spades"), h: t("hearts"), d: t("diamonds"), c: t("clubs") }[suit]);
    for (const rank of RANKS) {
      const card = rank + suit;
      const b = button(`${rank}${symbol}`, `pick suit-${suit}`, () => pick(card), { card });
      b.setAttribute("aria-label", cardName(card));
      row.append(b);
    }
    box.append(row);
  }
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
