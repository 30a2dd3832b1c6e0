/* Cards and seats as the page writes them. */
import { names, seats } from "./page.js";
import { keep } from "./state.js";

export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
export const SUITS = [["s", "♠"], ["h", "♥"], ["d", "♦"], ["c", "♣"]];
export const SUIT_NAMES = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };

/* A card's name in words, in the reader's language ("king of spades"), for screen readers (static/text.js). */
export function cardName(card) {
  return window.seeplogCardWords ? window.seeplogCardWords(card) : card;
}

/* Notation ("S", "Kd", "floor Kd 9h") in words for screen readers, the seats with their players' names. */
export function heard(text) {
  return window.seeplogHeard ? window.seeplogHeard(text, knownNames()) : text;
}

/* A finding's sentence as a screen reader should hear it: its cards and seats in words. */
export function heardSaid(finding) {
  return window.seeplogSaid ? window.seeplogSaid(finding, knownNames()) : finding.message || "";
}

/* A card as typed ("10h", "q♠", "Q♥️" with the emoji selector a phone's keyboard adds) in the notation's form
 * ("Th", "Qs", "Qh"); null when it is not a card. */
export function normCard(text) {
  const m = /^(10|[2-9TJQKAtjqka])([shdc♠♥♦♣])$/i.exec((text || "").replace(/[\uFE0E\uFE0F]/g, ""));
  if (!m) return null;
  const rank = m[1] === "10" ? "T" : m[1].toUpperCase();
  const suit = { "♠": "s", "♥": "h", "♦": "d", "♣": "c" }[m[2]] || m[2].toLowerCase();
  return rank + suit;
}

/* The first word of a line that stands where a card must and is none ("3dd" in "N 3dd"), or null: the cards of
 * a play (its house values, houses "[11]" and "x" aside), of a hand, floor or redeal line. The server reads the
 * rest (and the cards again) once the line is sent. */
export function notACard(line) {
  const words = line.replace(/\{[^}]*\}|#.*$/g, " ").trim().split(/\s+/);
  const head = words[0].toLowerCase();
  if (seats.includes(words[0].toUpperCase())) {
    const move = words.slice(1).join(" ").replace(/=\s*[^\s+]*/g, " ");
    const cards = move.split(/[\s+]+/).filter((w) => w && !/^x$/i.test(w) && !/^\[\d+\]$/.test(w));
    return cards.find((w) => !normCard(w)) || null;
  }
  const from = { hand: 2, floor: 1, redeal: 2 }[head];
  return from === undefined ? null : words.slice(from).find((w) => !normCard(w)) || null;
}

/* The card a play's move plays: its first card (a house play names the card played first, "3c+9d"). */
export function playedCard(move) {
  return normCard((move || "").split("+")[0]);
}

export function cardLabel(card) {
  const suit = SUITS.find((s) => s[0] === card[1]);
  return card[0] + (suit ? suit[1] : card[1]);
}

/* The seat's player as the game's seat tags last said (a name fixed on another phone shows once the
 * game is fetched again); "" where the game names nobody. */
export function playerName(seat) {
  const known = knownNames();
  return known[seat] && known[seat] !== seat ? known[seat] : "";
}

function knownNames() {
  return (keep.view && keep.view.names) || names;
}

export function seatName(seat) {
  return playerName(seat) ? `${seat} (${playerName(seat)})` : seat;
}
