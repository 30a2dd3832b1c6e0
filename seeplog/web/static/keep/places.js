/* An entry named as the scorekeeper knows it: "play 5 of deal 1", "the floor of deal 2", never by its number
 * among the game's entries (which counts the game's tag lines too: the first play of a game is its 8th entry
 * or so). The entries list names each entry of a deal the same way, short ("play 5", "floor"). A place is
 * {kind, deal, play, seat}, as the live view's entries give it. */
import { keep } from "./state.js";
import { t } from "./dom.js";

const KIND_WORDS = {
  deal: () => t("dealer"), redeal: () => t("redeal"), hand: () => t("hand"), floor: () => t("floor"),
  bid: () => t("bid"), score: () => t("score"),
};

const IN_DEAL = {
  deal: (p) => t("the start of deal {deal}", p), redeal: (p) => t("the redeal of deal {deal}", p),
  hand: (p) => (p.seat ? t("the hand of {seat} in deal {deal}", p) : t("a hand line of deal {deal}", p)),
  floor: (p) => t("the floor of deal {deal}", p), bid: (p) => t("the bid of deal {deal}", p),
  score: (p) => t("the score of deal {deal}", p),
};

export function placeOf(entry) {
  return { kind: entry.kind, deal: entry.deal, play: entry.play, seat: entry.seat };
}

/* The entry of id `id` in the game as the page has it, or null. */
export function entryById(id) {
  const entries = keep.view ? keep.view.entries : [];
  return id === undefined || id === null ? null : entries.find((e) => e.id === id) || null;
}

/* A place in words within the game: "play 5 of deal 1", "the bid of deal 1"; null for none. */
export function placeWords(place) {
  if (!place || place.deal === null || place.deal === undefined) return null;
  if (place.play) return t("play {play} of deal {deal}", place);
  return IN_DEAL[place.kind] ? IN_DEAL[place.kind](place) : t("a line of deal {deal}", place);
}

/* A place in words within its deal, as the deal's entries list shows it: "play 5", "floor". */
export function shortPlace(place) {
  if (place.play) return t("play {play}", place);
  return KIND_WORDS[place.kind] ? KIND_WORDS[place.kind]() : t("line");
}

/* The entry a correction or a finding means, in words: where it is now (found by its id), else where it was
 * when the page last had it (`place`), else its line; `fallback` where none is known. */
export function entryWords({ id, place, line }, fallback = t("an entry")) {
  const now = entryById(id);
  return placeWords(now ? placeOf(now) : place) || (line ? `“${line}”` : fallback);
}
