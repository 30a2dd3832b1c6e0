/* The step's own choices: who deals, who bids and for how much, the floor's title, which seat plays,
 * whose hand is picked. */
import { $, seats, steps } from "./page.js";
import { keep, redraw, addLine } from "./state.js";
import { button, shownHeard, t, textEl } from "./dom.js";
import { cardLabel, heard, playerName, seatName } from "./cards.js";
import { playSeat } from "./next.js";

const BID_VALUES = [9, 10, 11, 12, 13];

export function renderDealers(next) {
  const allowed = next.allowed_dealers && next.allowed_dealers.length ? next.allowed_dealers : seats;
  $("dealers").replaceChildren(...allowed.map((seat) => button(t("{seat} deals", { seat: seatName(seat) }),
    seat === next.dealer ? "primary" : "", () => {
      keep.mode = null;  // a deal whose score is not known ends with the next deal's line
      addLine(`deal ${next.deal} dealer ${seat}`);
    }, { seat })));
}

export function renderBid(next) {
  const bidder = keep.chosenSeat || next.seat || steps.bidder[next.dealer];
  $("bid-seats").replaceChildren(...seats.map((seat) => {
    const b = button(seat, "seat", () => { keep.chosenSeat = seat; redraw(); }, { seat });
    b.setAttribute("aria-pressed", String(seat === bidder));
    b.setAttribute("aria-label", heard(seat));  // heard "Asha (South)", not the letter
    return b;
  }));
  $("bid-values").replaceChildren(...BID_VALUES.map((v) => {
    const b = button(t("{seat} bids {value}", { seat: bidder, value: v }), "value", () => {
      addLine(`bid ${bidder} ${v}`);
    }, { value: v });
    b.setAttribute("aria-label", t("{seat} bids {value}", { seat: heard(bidder), value: v }));
    return b;
  }));
  const picked = keep.picked;
  $("floor-title").textContent = picked.length
    ? t("Floor: {cards} — {count} more", { cards: picked.map(cardLabel).join(" "), count: 4 - picked.length })
    : t("Floor: pick its 4 cards");
}

export function renderPlaySeats(next) {
  const current = playSeat(next);
  $("play-seats").replaceChildren(...seats.map((seat) => {
    const b = button(seat, "seat", () => {
      keep.chosenSeat = seat === next.seat ? null : seat;
      keep.pickedCard = null;
      redraw();
    }, { seat });
    b.setAttribute("aria-pressed", String(seat === current));
    b.append(textEl("span", "seat-note", seat === next.seat ? t("in turn") : playerName(seat)));
    b.setAttribute("aria-label", seat === next.seat ? t("{seat}, in turn", { seat: heard(seat) }) : heard(seat));
    return b;
  }));
}

export function renderHandStep(next) {
  const seat = keep.chosenSeat || next.seat || "";
  document.querySelector("#step-hand .hand-seat").replaceChildren(...(seat ? shownHeard(seat, heard(seat)) : []));
  const picked = keep.picked;
  $("hand-record").textContent = picked.length ? t("Record hand {cards}", { cards: picked.map(cardLabel).join(" ") }) : t("Record hand");
}
