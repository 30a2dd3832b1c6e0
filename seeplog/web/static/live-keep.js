/* The keep-score page: what comes next, a card picker, the outcomes of a card, the notation box, the
 * deal's entries with their corrections, the ledger. Every entry goes through the queue (keep/queue.js).
 * An ES module, with its modules under keep/; no build step. */
import { $, api, BOARD_KEY, gameId, isKeepPage, VIEW_KEY } from "./keep/page.js";
import { keep, hooks } from "./keep/state.js";
import { takeToken } from "./keep/token.js";
import { LiveQueue } from "./keep/queue.js";
import { loadView, fetchView } from "./keep/view.js";
import { loadBoard, fetchBoard } from "./keep/board.js";
import { render, renderBoard } from "./keep/render.js";
import { pickerInSight } from "./keep/picker.js";
import { onStored, onRefused, onDropped } from "./keep/answers.js";
import { wireControls } from "./keep/controls.js";
import { pollConfirm } from "./keep/confirm.js";
import { placeEvents } from "./keep/conflict.js";
import { keepForOffline } from "./keep/offline.js";

/* The game (and, once no entry waits, the board) asked of the server again, and the page redrawn. */
async function refresh() {
  const reached = await fetchView();
  if (reached !== null) keep.queue.setOffline(!reached);
  render();
  if (keep.queue.items.length) return;
  if (!(await fetchBoard())) keep.queue.setOffline(true);
  renderBoard();
}

function startQueue(token) {
  keep.queue = new LiveQueue(gameId, api, token, {
    changed: render,
    stored: onStored,
    refused: onRefused,
    dropped: onDropped,
    conflict: (info) => { // named from the game as the page had it, then shown as the other device left it
      placeEvents(info);
      keep.queue.save();
      render();
      refresh();
    },
    denied: render,
  });
  if (keep.view) keep.queue.see(keep.view.version);
  listenToOtherTabs();
}

/* The edit link open in another tab of this phone: what it stores on the phone (its queue, the game it last
 * fetched) shown here too, while that tab keeps the queue (queue.js); the tab in sight takes it over. */
function listenToOtherTabs() {
  const inSight = () => {
    if (document.visibilityState !== "visible" || keep.queue.keeps()) return;
    keep.queue.claim();
    render();
    keep.queue.flush();
  };
  document.addEventListener("visibilitychange", inSight);
  window.addEventListener("focus", inSight);
  window.addEventListener("storage", (event) => {
    const read = keep.queue.heard(event.key);
    if (!read && event.key !== VIEW_KEY && event.key !== BOARD_KEY) return;
    if (read || !keep.queue.keeps()) {
      keep.view = loadView() || keep.view;
      keep.board = loadBoard() || keep.board;
      render();
    }
  });
}

/* Every 3 s: send what waits; with nothing waiting, ask the server whether the game changed (another
 * device's entry shows within one poll; a 304 redraws nothing; an answer by the confirm link shows within
 * one too); offline, see whether it is back every 9 s. */
function keepSending() {
  window.addEventListener("online", () => { if (keep.queue.items.length) keep.queue.flush(); else refresh(); });
  let tick = 0;
  setInterval(() => {
    tick += 1;
    if (keep.queue.items.length) keep.queue.flush();
    else if (!keep.queue.offline) poll();
    else if (tick % 3 === 0) refresh();
  }, 3000);
}

async function poll() {
  const version = keep.view ? keep.view.version : null;
  const reached = await fetchView();
  if (reached === false) keep.queue.setOffline(true);
  if (reached && keep.view && keep.view.version !== version) await refresh();
  else if (reached) await pollConfirm();  // the opponents may answer by their own link meanwhile
}

function start() {
  // the edit link opened again in this tab changes only the fragment: the page starts again with its token
  window.addEventListener("hashchange", () => { if (/(?:^#|&)token=/.test(location.hash)) location.reload(); });
  keep.token = takeToken();
  if (!keep.token) {
    $("no-token").hidden = false;
    return;
  }
  $("keep-ui").hidden = false;
  keep.view = loadView();
  keep.board = loadBoard();
  hooks.render = render;
  hooks.refresh = refresh;
  startQueue(keep.token);
  wireControls();
  keepSending();
  render();
  refresh().then(() => {
    pickerInSight();
    keep.queue.flush();
  });
  keepForOffline();
}

if (isKeepPage) start();
