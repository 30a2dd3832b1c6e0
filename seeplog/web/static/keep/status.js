/* The status line (stored, sending, offline, refused token); the question a change from another device
 * asks is conflict.js's. */
import { $ } from "./page.js";
import { keep } from "./state.js";
import { t } from "./dom.js";
import { renderConflict } from "./conflict.js";

export function renderStatus() {
  const el = $("keep-status");
  const queue = keep.queue;
  const waiting = queue.items.length === 1 ? t("1 entry waiting") : t("{count} entries waiting", { count: queue.items.length });
  el.className = "keep-status";
  if (queue.denied) {
    el.textContent = t("The edit token was refused: {why} Open the edit link again.", { why: queue.denied.error || "" });
    el.classList.add("bad");
  } else if (queue.conflictInfo) {
    el.textContent = t("Stopped: someone else changed the game — {waiting}", { waiting });
    el.classList.add("bad");
    renderConflict();
    return;
  } else if (queue.offline) {
    el.textContent = t("offline — {waiting}", { waiting });
    el.classList.add("offline");
  } else if (queue.items.length) {
    el.textContent = t("sending — {waiting}", { waiting });
    el.classList.add("sending");
  } else {
    el.textContent = keep.view ? t("all entries stored (version {version})", keep.view) : t("connecting…");
    el.classList.add("ok");
  }
  const box = $("conflict");
  if (box) box.remove();
}
