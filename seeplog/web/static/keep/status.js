/* The status line (stored, sending, offline, refused token); the question a change from another device
 * asks is conflict.js's. */
import { $ } from "./page.js";
import { keep } from "./state.js";
import { plural } from "./dom.js";
import { renderConflict } from "./conflict.js";

export function renderStatus() {
  const el = $("keep-status");
  const queue = keep.queue;
  const waiting = `${queue.items.length} ${plural(queue.items.length, "entry", "entries")} waiting`;
  el.className = "keep-status";
  if (queue.denied) {
    el.textContent = `The edit token was refused: ${queue.denied.error || ""} Open the edit link again.`;
    el.classList.add("bad");
  } else if (queue.conflictInfo) {
    el.textContent = `Stopped: someone else changed the game — ${waiting}`;
    el.classList.add("bad");
    renderConflict();
    return;
  } else if (queue.offline) {
    el.textContent = `offline — ${waiting}`;
    el.classList.add("offline");
  } else if (queue.items.length) {
    el.textContent = `sending — ${waiting}`;
    el.classList.add("sending");
  } else {
    el.textContent = keep.view ? `all entries stored (version ${keep.view.version})` : "connecting…";
    el.classList.add("ok");
  }
  const box = $("conflict");
  if (box) box.remove();
}
