/* The game as the server last sent it (GET on the live API, asked again with If-None-Match), kept on the
 * phone so that a reload offline still shows it (the page itself is kept by keep-worker.js: offline.js). */
import { api, seats, VIEW_KEY } from "./page.js";
import { keep } from "./state.js";
import { WAIT, isSilent, within } from "./net.js";

export function loadView() {
  try { return JSON.parse(localStorage.getItem(VIEW_KEY) || "null"); } catch (e) { return null; }
}

const SEAT_TAGS = { N: "North", W: "West", S: "South", E: "East" };

/* Each seat's player as the last game's tags name them (the seat itself where they do not). */
function seatNames(doc) {
  const games = (doc.report && doc.report.games) || [];
  const tags = games.length ? games[games.length - 1].tags : {};
  return Object.fromEntries(seats.map((seat) => [seat, tags[SEAT_TAGS[seat]] || seat]));
}

function keepView(doc) {
  const entries = doc.entries.filter((e) => e.deal !== null);
  keep.view = {
    version: doc.version, next: doc.next, table: doc.table, ended: doc.ended || null, entries,
    lastDeal: entries.length ? entries[entries.length - 1].deal : null, names: seatNames(doc),
  };
  localStorage.setItem(VIEW_KEY, JSON.stringify(keep.view));
}

/* Ask the server for the game: true when it answered 200 or 304 (nothing changed), false when it cannot
 * be reached or does not answer within WAIT.read (the queue told which), null for any other answer. */
export async function fetchView() {
  try {
    const headers = keep.etag ? { "If-None-Match": keep.etag } : {};
    const response = await fetch(api, { headers, cache: "no-store", signal: within(WAIT.read) });
    if (response.status === 200) {
      keep.etag = response.headers.get("ETag");
      keepView(await response.json());
      const entries = keep.view.entries;
      keep.queue.see(keep.view.version, entries.length ? entries[entries.length - 1].id : 0);
    }
    return response.status === 200 || response.status === 304 ? true : null;
  } catch (e) {
    keep.queue.setOffline(true, isSilent(e));
    return false;
  }
}
