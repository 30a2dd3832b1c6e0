/* The floor and the ledger as the server draws them (the board fragment's parts), kept for a reload
 * offline (the page itself is kept by keep-worker.js: offline.js) and marked as behind while entries wait. */
import { $, boardUrl, BOARD_KEY } from "./page.js";
import { keep } from "./state.js";
import { fragment, t } from "./dom.js";
import { WAIT, isSilent, within } from "./net.js";

export function loadBoard() {
  try { return JSON.parse(localStorage.getItem(BOARD_KEY) || "null"); } catch (e) { return null; }
}

/* The board fragment's floor and ledger parts, asked again with If-None-Match (304: nothing changed);
 * false when the server cannot be reached. */
export async function fetchBoard() {
  try {
    const board = keep.board;
    const headers = board && board.etag ? { "If-None-Match": board.etag } : {};
    const response = await fetch(`${boardUrl}?parts=floor,ledger`,
      { headers, cache: "no-store", signal: within(WAIT.read) });
    if (response.status === 200) keepBoard(response.headers.get("ETag"), await response.text());
    return true;
  } catch (e) {
    keep.queue.setOffline(true, isSilent(e));
    return false;
  }
}

function keepBoard(etag, html) {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const part = (id) => { const el = doc.getElementById(id); return el ? el.outerHTML : ""; };
  const root = doc.getElementById("live-board");
  keep.board = { etag, version: Number(root ? root.dataset.version : 0),
                 floor: part("live-floor"), ledger: part("live-ledger") };
  localStorage.setItem(BOARD_KEY, JSON.stringify(keep.board));
}

/* Draw the board; `floorKnown`: whether the step ahead has a floor to show. */
export function drawBoard(floorKnown) {
  const { board, view } = keep;
  const behind = !board || keep.queue.items.length > 0 || (view && board.version < view.version);
  $("floor-now").hidden = !floorKnown || keep.mode === "score" || keep.mode === "hand";
  $("floor-board").replaceChildren(fragment(board ? board.floor : ""));
  $("ledger-board").replaceChildren(fragment(board ? board.ledger : ""));
  $("floor-now").classList.toggle("behind", behind);
  $("floor-now").dataset.version = board ? String(board.version) : "";
  $("board-behind").hidden = !behind;
  $("board-behind").textContent = board
    ? t("Drawn before the entries still waiting: it is drawn again once they are stored.")
    : t("The floor is drawn once the server can be reached.");
}
