/* Cards and seats as the page writes them. */
import { names } from "./page.js";
import { t } from "./dom.js";
import { keep } from "./state.js";

export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
export const SUITS = [["s", "♠"], ["h", "♥"], ["d", "♦"], ["c", "♣"]];
export const SUIT_NAMES = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };

/* A card's name in words, in the reader's language ("king of spades"), for screen readers. */
export function cardName(card) {
  const rank = { A: t("ace"), 2: t("two"), 3: t("three"), 4: t("four"), 5: t("five"), 6: t("six"), 7: t("seven"),
    8: t("eight"), 9: t("nine"), T: t("ten"), J: t("jack"), Q: t("queen"), K: t("king") }[card[0]];
  const suit = { s: t("spades"), h: t("hearts"), d: t("diamonds"), c: t("clubs") }[card[1]];
  return rank && suit ? t("{rank} of {suit}", { rank, suit }) : card;
}

/* A card as typed ("10h", "q♠") in the notation's form ("Th", "Qs"); null when it is not a card. */
export function normCard(text) {
  const m = /^(10|[2-9TJQKAtjqka])([shdc♠♥♦♣])$/i.exec(text || "");
  if (!m) return null;
  const rank = m[1] === "10" ? "T" : m[1].toUpperCase();
  const suit = { "♠": "s", "♥": "h", "♦": "d", "♣": "c" }[m[2]] || m[2].toLowerCase();
  return rank + suit;
}

export function cardLabel(card) {
  const suit = SUITS.find((s) => s[0] === card[1]);
  return card[0] + (suit ? suit[1] : card[1]);
}

/* The seat's player as the game's seat tags last said (a name fixed on another phone shows once the
 * game is fetched again); "" where the game names nobody. */
export function playerName(seat) {
  const known = (keep.view && keep.view.names) || names;
  return known[seat] && known[seat] !== seat ? known[seat] : "";
}

export function seatName(seat) {
  return playerName(seat) ? `${seat} (${playerName(seat)})` : seat;
}
