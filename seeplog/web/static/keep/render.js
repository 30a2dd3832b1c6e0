/* The whole page drawn from what comes next (ahead.js) and the scorekeeper's choices. */
import { $ } from "./page.js";
import { keep } from "./state.js";
import { ahead } from "./ahead.js";
import { describeNext, nextKey } from "./next.js";
import { renderStatus } from "./status.js";
import { renderDealers, renderBid, renderPlaySeats, renderHandStep } from "./steps.js";
import { renderScore } from "./score.js";
import { renderPicker } from "./picker.js";
import { drawBoard } from "./board.js";
import { renderQueue, renderLastEntry } from "./waiting.js";
import { renderEntries } from "./entries.js";
import { renderDealEnd } from "./dealend.js";
import { shownHeard, t } from "./dom.js";
import { heard } from "./cards.js";
import { keepFocus } from "./focus.js";
import { renderConfirm } from "./confirm.js";
import { renderBanner } from "./answers.js";

const isBidOrFloor = (next) => next.kind === "bid" || next.kind === "floor";
const lacks = (next, part) => (next.missing || []).includes(part);
/* Something Undo may take back: an entry waiting to be sent, or an entry past the game's first tags (the
   server never undoes those: they are the game's rules). */
const undoable = () => (keep.queue && keep.queue.items.length > 0) ||
  (keep.view ? keep.view.entries : []).some((entry) => !entry.line.trimStart().startsWith("["));

/* A deal under way whose score will not be known (the table went on, the rest unrecorded): the next deal's
   dealer step, any seat (RULES.md §8.5: the ledger counts the deal as 0 and no dealer is judged after it). */
const inDeal = (next) => isBidOrFloor(next) || next.kind === "play";
const lostStep = (next) => ({ kind: "deal", deal: next.deal + 1, dealer: null, allowed_dealers: [] });

export function render() {
  const { next: now, seen, held, guessed } = ahead();
  if (keep.mode === "lost" && !inDeal(now)) keep.mode = null;
  const next = keep.mode === "lost" ? lostStep(now) : now;
  renderLost(now);
  forgetChoicesOnNewStep(next);
  const [main, why] = describeNext(next);
  $("next-main").replaceChildren(...shownHeard(main, describeNext(next, heard)[0]));
  $("next-why").textContent = why + (guessed ? ` ${t("(the waiting corrections are applied once stored)")}` : "");
  renderStatus();
  renderBanner();
  document.querySelectorAll(".deal-number").forEach((el) => { el.textContent = next.deal || ""; });
  showSteps(next);
  renderDealEnd(next);
  renderConfirm(next);
  if (next.kind === "deal") renderDealers(next);
  if (isBidOrFloor(next)) renderBid(next);
  if (next.kind === "play") renderPlaySeats(next);
  if (keep.mode === "score") renderScore(next);
  if (keep.mode === "hand") renderHandStep(next);
  const pickerMode = pickerFor(next);
  renderPicker(pickerMode, seen, held);
  $("outcomes").hidden = !(pickerMode === "play" && keep.pickedCard);
  drawBoard(floorKnown(next));
  renderQueue();
  renderLastEntry();
  renderEntries();
  keepFocus();
}

function renderLost(now) {
  $("deal-lost").hidden = keep.mode !== null || !inDeal(now);
  $("deal-lost").textContent = inDeal(now) ? t("Deal {deal}: its score is not known, next deal…", now) : "";
  $("lost-cancel").hidden = keep.mode !== "lost";
}

/* The floor and ledger alone drawn again (the board fragment came). */
export function renderBoard() {
  drawBoard(floorKnown(ahead().next));
}

function floorKnown(next) {
  return next.kind === "play" || (next.kind === "bid" && !lacks(next, "floor"));
}

function forgetChoicesOnNewStep(next) {
  const key = nextKey(next);
  if (key === keep.lastNextKey) return;
  keep.lastNextKey = key;
  keep.chosenSeat = null;
  keep.pickedCard = null;
  if (keep.mode !== "hand" && keep.mode !== "score") keep.picked = [];
}

let asideOpen = ""; // the form open instead of the steps ("step-score", "step-hand", "step-deal" for the deal after
                    // one whose score is not known, or ""), brought into view as it opens

/* Which step sections show: the step ahead's, unless score only or a hand is being picked. */
function showSteps(next) {
  const score = keep.mode === "score";
  const hand = keep.mode === "hand";
  const aside = score || hand;
  const open = score ? "step-score" : hand ? "step-hand" : keep.mode === "lost" ? "step-deal" : "";
  if (open && open !== asideOpen) requestAnimationFrame(() => $(open).scrollIntoView({ block: "start" }));
  asideOpen = open;
  $("step-deal").hidden = aside || next.kind !== "deal";
  $("step-bid").hidden = aside || !isBidOrFloor(next) || !lacks(next, "bid");
  $("step-floor").hidden = aside || !isBidOrFloor(next) || !lacks(next, "floor");
  $("step-hand").hidden = !hand;
  $("step-play").hidden = aside || next.kind !== "play";
  $("step-score").hidden = !score;
  $("undo").disabled = next.kind === "closed" || !undoable();
  $("notation").hidden = next.kind === "closed";
  $("finish").hidden = next.kind === "closed";
  $("score-open").hidden = score || !((next.kind === "deal" && next.dealer) ||
    (isBidOrFloor(next) && (next.missing || []).length === 2));
}

function pickerFor(next) {
  if (keep.mode === "score") return null;
  if (keep.mode === "hand") return "hand";
  if (next.kind === "play") return "play";
  return lacks(next, "floor") ? "floor" : null;
}
