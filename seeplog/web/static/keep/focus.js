/* Where the keyboard's focus goes (issue 25): to the outcomes when a card is picked, back to the card grid
 * after an entry, and, when the control that held it is hidden or disabled by a redraw, to the first choice
 * of the step shown now (first, a question about another phone's change), so that focus never drops to the
 * page's start. */
import { $ } from "./page.js";

const HOMES = ["conflict", "outcome-list", "picker", "dealers", "bid-seats", "deal-end", "step-hand", "step-score", "notation"];
let engaged = false; // focus is only ever moved once the scorekeeper has used the page
let keyHeld = false; // a key is down: focus moves only once it is up, so that it cannot act twice

/* The sticky top's height, for the page's scroll padding (live-keep.css). */
function watchTop() {
  const top = document.querySelector(".keep-top");
  if (!top || !window.ResizeObserver) return;
  new ResizeObserver(() => {
    document.documentElement.style.setProperty("--keep-top", `${top.offsetHeight}px`);
  }).observe(top);
}

export function watchFocus() {
  watchTop();
  const ui = $("keep-ui");
  for (const kind of ["keydown", "pointerdown"]) ui.addEventListener(kind, () => { engaged = true; });
  document.addEventListener("keydown", () => { keyHeld = true; }, true);
  document.addEventListener("keyup", () => { keyHeld = false; }, true);
}

/* Focus `el`, once the key that asked for it (Enter on a card or an outcome) is up. */
function moveFocus(el) {
  if (!keyHeld) {
    el.focus();
    return;
  }
  document.addEventListener("keyup", () => { el.focus(); }, { once: true });
}

function usable(el) {
  return el && el !== document.body && !el.disabled && el.getClientRects().length > 0;
}

/* The box's first choice: its Tab stop where it is one (the card grid: grid.js), else its first control. */
function firstChoice(box) {
  if (!box || box.hidden || box.closest("[hidden]")) return null;
  const stop = box.querySelector("button[tabindex='0']");
  if (usable(stop)) return stop;
  return [...box.querySelectorAll("button, input, select, summary")].find(usable) || null;
}

export function focusOutcomes() {
  const first = firstChoice($("outcome-list"));
  if (first) moveFocus(first);
}

/* The card grid, on its first card that can still be picked other than `played`. */
export function focusGrid(played) {
  const box = $("picker");
  if (box.hidden) return;
  const card = [...box.querySelectorAll("button.pick")].find((b) => usable(b) && b.dataset.card !== played);
  if (card) moveFocus(card);
}

/* After a redraw: focus that was lost goes to the step's first choice. */
export function keepFocus() {
  if (!engaged || usable(document.activeElement)) return;
  for (const id of HOMES) {
    const choice = firstChoice($(id));
    if (choice) {
      moveFocus(choice);
      return;
    }
  }
}
