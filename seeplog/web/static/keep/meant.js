/* The entry each waiting correction means, followed by its id (the view's EntryView.id) while other entries
 * come and go. A replace, insert or delete names its entry by number, which an entry inserted or deleted
 * before it moves; an undo means the last entry the page showed, not whatever is last when it is sent. The
 * queue sends the id with the number (`entry_id`): the live API stores nothing where the number names another
 * entry, and says where the entry went (409, `moved`).
 *
 * A waiting line's place: after the entry the queue's first waiting line follows (the queue's `tail`, 0 for
 * the end of the game's tags). Lines another device recorded there already are the same entries. */
import { placeOf } from "./places.js";

const NUMBERED = ["replace", "insert_before", "delete"];

/* The entry an item means, as the page showed it (its place: play 5 of deal 1). */
export function targetOf(entry) {
  return { id: entry.id, number: entry.number, was: entry.number, line: entry.line, words: entry.words || null,
           words_said: entry.words_said || null, place: placeOf(entry) };
}

/* The undo or correction the item is: "undo", "replace", "insert_before", "delete", or null for a line. */
export function meaning(item) {
  if (item.path === "/undo" || item.was === "undo") return "undo";
  return NUMBERED.find((key) => item.body[key] !== undefined) || null;
}

export const isLine = (item) => item.path === "/entries" && meaning(item) === null;

/* The item aimed at its entry's number now. An undo becomes the delete of that entry: it means that one,
 * even when another has come after it. */
export function aimAt(item, number) {
  item.target = { ...item.target, number };
  if (item.path === "/undo") {
    item.path = "/entries";
    item.was = "undo";
    item.body = { delete: number, entry_id: item.target.id, ...(item.body.note ? { note: item.body.note } : {}) };
    return;
  }
  const key = item.was === "undo" ? "delete" : meaning(item);
  if (key) item.body[key] = number;
}

/* The item meant for `entry` (an entry this phone stored: {id, entry, line} of its answer). */
export function meantFor(item, entry) {
  item.target = { ...item.target, pending: undefined, id: entry.id, number: entry.entry, line: entry.line };
  item.body.entry_id = entry.id;
}

/* The number of the entry of id `id` among `entries` ({number, id, line} each), or null when it is gone. */
export function numberOf(entries, id) {
  const found = entries.find((e) => e.id === id);
  return found ? found.number : null;
}

const same = (a, b) => (a || "").trim().split(/\s+/).join(" ").toLowerCase() === (b || "").trim().split(/\s+/).join(" ").toLowerCase();

/* The first waiting lines that are, in order, the entries right after `tail` among `entries`: recorded by
 * another device in the same place. Each as {item, entry}. */
export function alreadyThere(items, entries, tail) {
  if (tail === null || tail === undefined) return [];
  const at = tail === 0 ? firstPastTags(entries) : entries.findIndex((e) => e.id === tail) + 1;
  if (at <= 0) return [];
  const found = [];
  for (const item of items) {
    const theirs = entries[at + found.length];
    if (!theirs || !isLine(item) || !same(theirs.line, item.body.line)) break;
    found.push({ item, entry: theirs });
  }
  return found;
}

function firstPastTags(entries) {
  const at = entries.findIndex((e) => !e.line.trimStart().startsWith("["));
  return at < 0 ? entries.length : at;
}
