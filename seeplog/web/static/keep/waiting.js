/* The entries not stored yet: waiting to be sent, or refused by the server and kept to fix. */
import { $ } from "./page.js";
import { keep } from "./state.js";
import { button, t, textEl } from "./dom.js";

/* A queued entry in words. */
export function itemText(item) {
  const b = item.body;
  if (item.path === "/undo" || item.was === "undo") {
    return item.target && item.target.line ? t("undo “{line}”", item.target) : t("undo the last entry");
  }
  if (item.path === "/close") return t("close the game");
  if (b.replace) return t("replace entry {replace} by {line}", b);
  if (b.insert_before) return t("insert before entry {insert_before}: {line}", b);
  if (b.delete) return t("delete entry {delete}", b);
  return b.line;
}

export function renderQueue() {
  const list = $("queue-list");
  list.replaceChildren(
    ...keep.queue.items.map((item) => textEl("li", "waiting", `${itemText(item)} — ${t("waiting")}`)),
    ...keep.queue.refusedItems.map(refusedItem));
  $("queue-view").hidden = !list.childElementCount;
}

function refusedItem(item) {
  const li = document.createElement("li");
  li.className = "refused";
  const drop = () => keep.queue.dropRefused(item.client_id);
  li.append(textEl("span", "", `${itemText(item)} — ${t("refused:")} ${item.error}`),
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
    el.replaceChildren(textEl("span", "label", t("Last, waiting:")), textEl("code", "", itemText(items[items.length - 1])));
  } else if (last) {
    el.replaceChildren(textEl("span", "label", t("Last, entry {number}:", last)), textEl("code", "", last.line),
      ...(last.findings.length ? [textEl("span", "flag", ` — ${t("flagged")}`)] : []));
  } else {
    el.replaceChildren(textEl("span", "label", t("No entry yet.")));
  }
}
