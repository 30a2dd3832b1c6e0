/* The entries not stored yet: waiting to be sent, or refused by the server and kept to fix. */
import { $ } from "./page.js";
import { keep } from "./state.js";
import { button, said, shownHeard, t, textEl } from "./dom.js";
import { heard } from "./cards.js";
import { entryWords, placeOf, placeWords } from "./places.js";

/* A queued entry in words, its line as `say` gives it (as written, or heard in words). */
export function itemText(item, say = (line) => line) {
  const b = item.body;
  if (item.path === "/undo" || item.was === "undo") {
    return item.target && item.target.line ? t("undo “{line}”", { line: say(item.target.line) }) : t("undo the last entry");
  }
  if (item.path === "/close") return t("close the game");
  const entry = entryWords(item.target || {});
  if (b.replace) return t("replace {entry} by {line}", { entry, line: say(b.line) });
  if (b.insert_before) return t("insert before {entry}: {line}", { entry, line: say(b.line) });
  if (b.delete) return t("delete {entry}", { entry });
  return say(b.line);
}

export function renderQueue() {
  const list = $("queue-list");
  list.replaceChildren(
    ...keep.queue.items.map((item) => textEl("li", "waiting", `${itemText(item)} — ${t("waiting")}`)),
    ...keep.queue.refusedItems.map(refusedItem));
  $("queue-view").hidden = !list.childElementCount;
  $("queue-hint").textContent = queueHint(keep.queue);
}

/* When the waiting entries go: the server reached may still refuse them (a wrong edit token), or wait for the
 * scorekeeper's answer (a change from another phone). */
function queueHint(queue) {
  if (queue.denied) return t("Kept on this phone: they are sent once this phone has the game's edit link again.");
  if (queue.conflictInfo) return t("Kept on this phone: they are sent once you have answered the question above.");
  return t("Kept on this phone, and sent in order as soon as the server can be reached.");
}

/* Why the server refused the entry: its findings in the reader's language where each says it, else the
   server's English. */
function refusedWhy(item) {
  const errors = item.errors || [];
  if (!errors.length || !errors.every((e) => e.said)) return said({ message: item.error, said: item.said });
  return errors.map((e) => `${e.rule ? `${e.rule}: ` : ""}${said(e)}`).join("; ");
}

function refusedItem(item) {
  const li = document.createElement("li");
  li.className = "refused";
  const drop = () => keep.queue.dropRefused(item.client_id);
  li.append(textEl("span", "", `${itemText(item)} — ${t("refused:")} ${refusedWhy(item)}`),
    button(t("Fix"), "small", () => {
      $("line").value = item.body.line || "";
      $("line").focus();
      drop();
    }),
    button(t("Dismiss"), "small quiet", drop));
  return li;
}

/* The last entry, in the bar at the foot of the screen beside Undo: the last one waiting, else the last
 * one stored. */
export function renderLastEntry() {
  const items = keep.queue.items;
  const entries = keep.view ? keep.view.entries : [];
  const el = $("last-entry");
  const last = entries[entries.length - 1];
  if (items.length) {
    el.replaceChildren(textEl("span", "label", t("Last, waiting:")), waitingWords(items[items.length - 1]));
  } else if (last) {
    el.replaceChildren(textEl("span", "label", t("Last, {entry}:", { entry: placeWords(placeOf(last)) })), spokenCode(last.line),
      ...(last.findings.length ? [textEl("span", "flag", ` — ${t("flagged")}`)] : []));
  } else {
    el.replaceChildren(textEl("span", "label", t("No entry yet.")));
  }
}

/* An entry waiting: a line as notation; an undo, a correction or a close in words, its line heard in words. */
export function waitingWords(item) {
  const shown = itemText(item);
  if (item.body && shown === item.body.line) return spokenCode(shown);
  const span = document.createElement("span");
  span.replaceChildren(...shownHeard(shown, itemText(item, heard)));
  return span;
}

/* A line of notation as shown (in a code element), heard in words. */
export function spokenCode(line) {
  const code = document.createElement("code");
  code.replaceChildren(...shownHeard(line, heard(line)));
  return code;
}
