/* The page's fixed controls wired: the notation box, undo, close, the hand and score-only forms, the
 * deal whose entries are listed. */
import { $ } from "./page.js";
import { keep, redraw, addLine } from "./state.js";
import { ahead } from "./ahead.js";
import { dealLine, scoreLine } from "./score.js";
import { itemText } from "./waiting.js";
import { isLine, meaning, targetOf } from "./meant.js";
import { fetchView } from "./view.js";
import { renderEntries } from "./entries.js";
import { shownHeard, t } from "./dom.js";
import { heard, notACard } from "./cards.js";
import { watchFocus } from "./focus.js";

/* Undo: the last entry waiting taken back, else the last entry undone: the one the page shows (meant.js),
 * or the line on its way to the server. Just after this phone's entry was stored the page asks for the game
 * first, so that the last entry it means is that one. */
async function undo() {
  const queue = keep.queue;
  queue.claim();  // another tab of this phone may have kept the queue: this one reads it again first
  if (!queue.items.length && keep.view && keep.view.version < queue.known) await fetchView();
  const waiting = queue.items[queue.items.length - 1];
  if (queue.takeBackLast()) {
    const line = itemText(waiting);
    $("said").replaceChildren(...shownHeard(t("Taken back before it was sent: {line}", { line }),
      t("Taken back before it was sent: {line}", { line: heard(line) })));
  } else {
    const last = lastNotUndone(queue);
    const target = waiting && isLine(waiting) ? { pending: waiting.client_id, line: waiting.body.line }
      : (last ? targetOf(last) : null);
    const meant = target && target.id !== undefined ? { entry_id: target.id } : {};
    queue.add("/undo", { note: "undo on the keep-score page", ...meant }, target ? { target } : {});
    $("said").replaceChildren(...undoneWords(target, waiting && waiting.sent && queue.offline));
  }
  $("said").hidden = false;
}

/* The last entry the page shows that no undo waiting means already (a second undo made offline means the entry
 * before the first one's). */
function lastNotUndone(queue) {
  const taken = new Set(queue.items.filter((i) => meaning(i) === "undo" && i.target).map((i) => i.target.id));
  return [...(keep.view ? keep.view.entries : [])].reverse().find((e) => !taken.has(e.id));
}

/* What an undo says: the line it undoes; one sent whose answer never came may be stored already, and is
 * undone once the server answers (a retry of it tells). */
function undoneWords(target, unknown) {
  if (!target) return [t("Undone: the last entry.")];
  const words = (line) => (unknown ? t("{line} was sent but no answer came: it is undone once the server answers.", { line })
    : t("Undone: {line}", { line }));
  return shownHeard(words(target.line), words(heard(target.line)));
}

function recordHand() {
  const seat = keep.chosenSeat || ahead().next.seat;
  if (keep.picked.length) addLine(`hand ${seat} ${keep.picked.join(" ")}`);
  keep.mode = null;
  keep.picked = [];
  redraw();
}

/* Score only: the deal line first when the deal is not in yet, then the score line. */
function recordScore(event) {
  event.preventDefault();
  const { next } = ahead();
  const line = scoreLine(event.target);
  const deal = dealLine(event.target, next);
  if (!line || deal === null) return;
  if (deal) addLine(deal);
  addLine(line);
  keep.mode = null;
  event.target.reset();
  redraw();
}

/* The line typed, added; offline, a line with a word where a card must be that is none is refused at once and
 * kept in the box to fix (waiting, it would move the page on a play, and every later play a seat out of turn). */
function typed(event) {
  event.preventDefault();
  const line = $("line").value.trim();
  if (!line) return;
  const bad = keep.queue.offline || !navigator.onLine ? notACard(line) : null;
  sayOfLine(bad && t("“{word}” is not a card: a card is its rank (A, 2–9, T, J, Q, K) then its suit (s, h, d, c), as in 3d or Th. Fix the line, then add it.", { word: bad }));
  if (bad || !newGameMeant(line)) return;
  $("line").value = "";
  addLine(line);
}

const TAG_LINE = /^\[[A-Za-z][\w-]*\s+"/;

/* A tag line after a deal starts a new game in the log, its ledger and tags from nothing (the board then shows
 * it alone): asked first, as a scorekeeper who types one most often means this game's tag. Not meant, the line
 * stays in the box and the page says where this game's tags are changed. */
function newGameMeant(line) {
  const { next } = ahead();
  if (!TAG_LINE.test(line) || (next.kind === "deal" && next.deal === 1)) return true;
  if (window.confirm(t("{line} after a deal starts a new game in this log: its deals, ledger and tags begin again. Start a new game?", { line }))) return true;
  sayOfLine(t("Not added: to change this game's Event, Round, Date or a player's name, use “Rename, fix a name, delete” below."));
  return false;
}

/* What is wrong with the line in the box (said, tied to the box), or nothing. */
function sayOfLine(words) {
  $("line-said").textContent = words || "";
  $("line-said").hidden = !words;
  if (words) $("line").setAttribute("aria-invalid", "true");
  else $("line").removeAttribute("aria-invalid");
}

function setMode(mode) {
  keep.mode = mode;
  keep.picked = [];
  redraw();
}

export function wireControls() {
  watchFocus();
  $("notation").addEventListener("submit", typed);
  $("line").addEventListener("input", () => sayOfLine(null));
  $("undo").addEventListener("click", undo);
  $("close-game").addEventListener("click", () => {
    if (!window.confirm(t("Close the game? It then takes no more entries (it can be reopened)."))) return;
    keep.queue.add("/close", { note: "closed on the keep-score page" });
    $("finish").open = false;
  });
  $("outcomes-cancel").addEventListener("click", () => { keep.pickedCard = null; redraw(); });
  $("hand-open").addEventListener("click", () => setMode("hand"));
  $("hand-cancel").addEventListener("click", () => setMode(null));
  $("hand-record").addEventListener("click", recordHand);
  $("score-open").addEventListener("click", () => { keep.mode = "score"; redraw(); $("score-form").elements[0].focus(); });
  $("score-cancel").addEventListener("click", () => { keep.mode = null; redraw(); });
  $("score-form").addEventListener("submit", recordScore);
  $("deal-lost").addEventListener("click", () => {
    const { next } = ahead();
    const asked = t("Deal {deal} stops here, its score not known: it counts as 0, and the lead from here on is provisional (a score line for it later makes it exact). Record deal {following}'s dealer?",
      { deal: next.deal, following: next.deal + 1 });
    if (!window.confirm(asked)) return;
    setMode("lost");
  });
  $("lost-cancel").addEventListener("click", () => setMode(null));
  $("entries-deal").addEventListener("change", (event) => {
    keep.shownDeal = Number(event.target.value);
    keep.correcting = null;
    renderEntries();
  });
}
