/* A change from another device: the queue stopped on a 409, the game fetched again; in one sentence what
 * changed, and for each entry waiting on this phone a choice: re-apply it after the change, or drop it. An
 * undo or a correction says which entry it removes or corrects now (its number now, its line, the play in
 * words). */
import { $, seats } from "./page.js";
import { keep, hooks } from "./state.js";
import { button, said, t, textEl } from "./dom.js";
import { waitingWords } from "./waiting.js";
import { seatName } from "./cards.js";
import { isLine, meaning } from "./meant.js";
import { entryWords, placeOf, placeWords } from "./places.js";

/* One event of another device in words: "E (Ravi)'s 7c was entered", "play 5 of deal 1 was undone". */
function eventWords(e) {
  const words = (e.line || "").trim().split(/\s+/);
  const card = (words[1] || "").split(/[+=]/)[0];
  const entry = entryWords({ place: e.place, line: e.was });
  const said = { entry, line: e.line, seat: words[0], card, kind: e.kind };
  switch (e.kind) {
    case "append":
      return seats.includes(words[0]) && card ? t("{seat}'s {card} was entered", { ...said, seat: seatName(words[0]) })
        : t("“{line}” was entered", said);
    case "replace":
      return t("{entry} was corrected to “{line}”", said);
    case "insert":
      return t("“{line}” was inserted before {entry}", said);
    case "delete":
      return t("{entry} was deleted", said);
    case "undo":
      return t("{entry} was undone", said);
    case "close":
      return t("the game was closed");
    case "reopen":
      return t("the game was reopened");
    case "retag":
      return /\[(North|West|South|East) /.test(e.line || "") ? t("a player's name was fixed") : t("the game was renamed");
    default:
      return t("{entry} was changed ({kind})", said);
  }
}

/* The other device's events (the conflict's), each with the entry it touched as the page showed it: its place
 * and line (`place`, `was`). They are walked in order from the game the page had, so that each event's number
 * means what it meant then; once an entry was inserted or deleted, the entries after it are named by their line
 * alone (their plays may have moved); where the page's game was not the one just before the events (its own
 * entries were stored meanwhile), or a rename changed the tags, by nothing: "an entry". */
export function placeEvents(info) {
  const view = keep.view;
  let rows = view ? view.entries.map((e) => ({ place: placeOf(e), line: e.line })) : [];
  const tags = rows.length ? view.entries[0].number - 1 : 0;
  let version = rows.length ? view.version : null;  // without an entry the page cannot tell the tags' count
  info.events = info.events.map((e) => {
    const known = version !== null && e.version === version + 1;
    version = known && e.kind !== "retag" ? e.version : null;
    const at = e.entry ? e.entry - tags - 1 : -1;
    const row = known && at >= 0 ? rows[at] : undefined;
    if (known) rows = walked(rows, e, at);
    return row ? { ...e, place: row.place, was: row.line } : e;
  });
}

/* The entries (place and line each) after one event. */
function walked(rows, e, at) {
  const out = rows.slice();
  const moved = (from) => { for (let i = from; i < out.length; i += 1) out[i] = { line: out[i].line }; };
  if (e.kind === "append") out.push({ line: e.line });
  else if (e.kind === "replace" && out[at]) out[at] = { place: out[at].place, line: e.line };
  else if (e.kind === "insert" && at >= 0) {
    out.splice(at, 0, { line: e.line });
    moved(at);
  } else if ((e.kind === "delete" || e.kind === "undo") && at >= 0) {
    out.splice(at, 1);
    moved(at);
  }
  return out;
}

/* The other device's changes in one sentence, each seat with its player where the game names one. */
export function changeSentence(events) {
  const said = events.map(eventWords);
  const joined = said.length > 1 ? t("{some} and {last}", { some: said.slice(0, -1).join(", "), last: said[said.length - 1] })
    : said[0] || t("the game changed");
  return t("{changes} on the other phone.", { changes: `${joined[0].toUpperCase()}${joined.slice(1)}` });
}

export function renderConflict() {
  let box = $("conflict");
  const fresh = !box;
  if (fresh) {
    box = document.createElement("div");
    box.id = "conflict";
    box.className = "conflict";
    box.setAttribute("role", "alert");
    document.querySelector(".keep-top").after(box);
  }
  const info = keep.queue.conflictInfo;
  const items = keep.queue.items;
  box.replaceChildren(textEl("p", "changed", changeSentence(info.events)),
    textEl("p", "", items.length === 1 ? t("Your entry was not stored yet: re-apply it after the change, or drop it.")
      : t("Your entries were not stored yet: re-apply each after the change, or drop it.")),
    choices(items), ...(items.length > 1 ? [button(t("Re-apply them all"), "", () => decideAll())] : []));
  if (fresh) window.scrollTo({ top: 0 }); // the question sits just under the next step: in sight
}

function choices(items) {
  const list = document.createElement("ul");
  list.className = "conflict-items";
  const firstLine = items.find(isLine);
  for (const item of items) {
    const li = document.createElement("li");
    li.dataset.clientId = item.client_id;
    const aim = item === firstLine ? placeWordsNow(keep.queue.conflictInfo) : aimWords(item);
    const what = waitingWords(item);
    what.classList.add("what");
    li.append(what,
      button(t("Re-apply"), "small", () => decide(item, "reapply"), { choice: "reapply" }),
      button(t("Drop"), "small quiet", () => decide(item, "drop"), { choice: "drop" }),
      ...(aim ? [textEl("p", "aim", aim)] : []));
    list.append(li);
  }
  return list;
}

/* Where the first waiting line goes when it is re-applied, in words, when that is no longer where it was
   entered: the other phone's entries came in between (a score meant for deal 2 would now end deal 3). */
function placeWordsNow(info) {
  if (info.meant === null || info.meant === undefined || info.meant === info.tail) return null;
  const [now, then] = [info.tail, info.meant].map((id) => (id ? entryWords({ id }) : t("the game's tags")));
  return t("Re-applied, it is added after {now}, not after {then} where it was entered", { now, then });
}

/* What re-applying an undo or a correction does to the game as it is now, in words. */
function aimWords(item) {
  const target = item.target;
  if (!target || target.pending || !target.number) return null;
  const [now, then] = [entryWords(target), placeWords(target.place)];
  const which = then && then !== now ? t("{entry} ({was} when it was made)", { entry: now, was: then }) : now;
  const words = target.words ? said({ said: target.words_said, message: target.words }) : "";
  const values = { which, line: words ? `${target.line} (${words})` : target.line };
  switch (meaning(item)) {
    case "undo":
    case "delete":
      return t("Re-applied, it removes {which}: {line}", values);
    case "replace":
      return t("Re-applied, it corrects {which}: {line}", values);
    case "insert_before":
      return t("Re-applied, it goes before {which}: {line}", values);
    default:
      return null;
  }
}

function decide(item, choice) {
  keep.queue.decide(item.client_id, choice);
  hooks.refresh();
}

function decideAll() {
  for (const item of [...keep.queue.items]) keep.queue.decide(item.client_id, "reapply");
  hooks.refresh();
}
