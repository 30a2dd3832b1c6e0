/* The "what comes next" line at the top of the page, in words. */
import { keep } from "./state.js";
import { playerName } from "./cards.js";
import { said, t } from "./dom.js";

/* A key that changes when the step changes (the page then forgets the seat and cards picked for it). */
export function nextKey(next) {
  return [next.kind, next.deal, next.play, next.seat, (next.missing || []).join()].join("/");
}

/* The seat to play: the one picked on the page, else the server's. */
export function playSeat(next) {
  return keep.chosenSeat || next.seat;
}

/* [main line, why] for the step; `seatWord` writes a seat (as it is for the eye, `heard` for screen readers). */
export function describeNext(next, seatWord = (seat) => seat) {
  const dealer = next.dealer ? seatWord(next.dealer) : next.dealer;
  switch (next.kind) {
    case "deal":
      return [next.dealer ? t("Deal {deal} — dealer {dealer}", { ...next, dealer }) : t("Deal {deal} — who deals?", next), said({ said: next.why_said, message: next.why || "" })];
    case "bid":
    case "floor": {
      const parts = (next.missing || [next.kind]).map((m) => (m === "bid" ? `${t("bid:")} ${next.seat ? seatWord(next.seat) : ""}`.trim() : t("floor")));
      return [`${t("Deal {deal} (dealer {dealer})", { ...next, dealer })} — ${parts.join(", ")}`, ""];
    }
    case "play":
      return describePlay(next, seatWord);
    case "closed":
      return [t("The game is closed"), t("It takes no more entries.")];
    default:
      return [t("Loading the game…"), ""];
  }
}

function describePlay(next, seatWord) {
  const seat = playSeat(next);
  const who = playerName(seat) ? t("{name} plays", { name: playerName(seat) }) : "";
  const stopped = next.stopped
    ? `${t("The replay stops at play {play}:", next.stopped)} ${next.stopped.rule} ${said(next.stopped)}` : "";
  return [t("Deal {deal}, play {play} — {seat} to play", { deal: next.deal, play: next.play, seat: seatWord(seat) }), [who, stopped].filter(Boolean).join(" · ")];
}
