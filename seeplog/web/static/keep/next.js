/* The "what comes next" line at the top of the page, in words. */
import { keep } from "./state.js";
import { playerName } from "./cards.js";

/* A key that changes when the step changes (the page then forgets the seat and cards picked for it). */
export function nextKey(next) {
  return [next.kind, next.deal, next.play, next.seat, (next.missing || []).join()].join("/");
}

/* The seat to play: the one picked on the page, else the server's. */
export function playSeat(next) {
  return keep.chosenSeat || next.seat;
}

/* [main line, why] for the step. */
export function describeNext(next) {
  switch (next.kind) {
    case "deal":
      return [`Deal ${next.deal} — ${next.dealer ? `dealer ${next.dealer}` : "who deals?"}`, next.why || ""];
    case "bid":
    case "floor": {
      const parts = (next.missing || [next.kind]).map((m) => (m === "bid" ? `bid: ${next.seat || ""}`.trim() : "floor"));
      return [`Deal ${next.deal} (dealer ${next.dealer}) — ${parts.join(", ")}`, ""];
    }
    case "play":
      return describePlay(next);
    case "closed":
      return ["The game is closed", "It takes no more entries."];
    default:
      return ["Loading the game…", ""];
  }
}

function describePlay(next) {
  const seat = playSeat(next);
  const who = playerName(seat) ? `${playerName(seat)} plays` : "";
  const stopped = next.stopped
    ? `The replay stops at play ${next.stopped.play}: ${next.stopped.rule} ${next.stopped.message}` : "";
  return [`Deal ${next.deal}, play ${next.play} — ${seat} to play`, [who, stopped].filter(Boolean).join(" · ")];
}
