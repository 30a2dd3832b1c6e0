/* The status line (stored, sending, offline, refused token) and the question a change from another
 * device asks. */
import { $ } from "./page.js";
import { keep, hooks } from "./state.js";
import { button, plural } from "./dom.js";

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

function renderConflict() {
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
  const p = document.createElement("p");
  p.textContent = `Your entry “${info.line}” was not stored: the game changed on another device. What changed:`;
  const list = document.createElement("ul");
  for (const e of info.events) {
    const li = document.createElement("li");
    li.textContent = `${e.kind}${e.entry ? ` entry ${e.entry}` : ""}${e.line ? `: ${e.line}` : ""}${e.note ? ` (${e.note})` : ""}`;
    list.append(li);
  }
  box.replaceChildren(p, list,
    button("Add my entries after these changes", "", () => { keep.queue.resolve("send"); hooks.refresh(); }),
    button("Drop my entry", "quiet", () => { keep.queue.resolve("drop"); hooks.refresh(); }));
  if (fresh) window.scrollTo({ top: 0 }); // the question sits just under the next step: in sight
}
