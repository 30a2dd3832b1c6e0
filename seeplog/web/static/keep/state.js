/* What the page holds while it runs: the token and queue, the last view and board from the server, and
 * the scorekeeper's choices on screen. One object, shared by the modules; `redraw` draws it all again. */
export const keep = {
  token: null,
  queue: null,            // the LiveQueue (queue.js)
  view: null,             // the last game JSON the server sent (slim), or null
  etag: null,
  board: null,            // {etag, version, floor, ledger}: the last board fragment, kept for a reload offline
  chosenSeat: null,       // a seat picked instead of the one to play
  mode: null,             // "hand" while the hand picker is open, "score" for score only, "lost" while the next
                          // deal's dealer is picked after a deal whose score is not known
  picked: [],             // cards picked for the floor or a hand
  pickedCard: null,       // the card whose outcomes are shown
  outcomesFor: null,      // the key the outcomes shown belong to
  lastNextKey: "",
  correcting: null,       // {number, kind, line}: the entry whose correction form is open
  shownDeal: null,        // the deal whose entries are listed (null: the last one)
  notes: null,            // the banner's notes (answers.js), read from the phone on first asking
};

export const hooks = { render() {}, refresh: async () => {} };

export function redraw() {
  hooks.render();
}

export function addLine(line) {
  keep.queue.add("/entries", { line });
}
