/* The status line (stored, sending, offline, refused token); the question a change from another device
 * asks is conflict.js's. A screen reader hears a change of status in a polite region of its own
 * (#status-said), so that it never overwrites the verdict in #said: only a change of kind is said, "sending"
 * only once it lasts (an entry stored at once says nothing but its verdict), and "all entries stored" only
 * after "offline" or "sending" was said. */
import { $ } from "./page.js";
import { keep } from "./state.js";
import { said, t } from "./dom.js";
import { renderConflict } from "./conflict.js";

const LASTING = 1500;
const voice = { kind: "stored", sending: null };

function speak(kind, words) {
  voice.kind = kind;
  $("status-said").textContent = words;
}

function announce(kind, words) {
  if (kind !== "sending") { clearTimeout(voice.sending); voice.sending = null; }
  if (kind === voice.kind || kind === "connecting") return;
  if (kind !== "sending") speak(kind, words);
  else if (!voice.sending) voice.sending = setTimeout(() => { voice.sending = null; speak("sending", words); }, LASTING);
}

export function renderStatus() {
  const el = $("keep-status");
  const queue = keep.queue;
  const count = queue.items.length;
  const waiting = !count ? t("no entry waiting") : count === 1 ? t("1 entry waiting") : t("{count} entries waiting", { count });
  el.className = "keep-status";
  el.title = "";
  el.dataset.version = keep.view ? String(keep.view.version) : "";
  if (queue.denied) {
    el.textContent = t("The server refused this phone's edit token: it does not keep this game. Open the game's edit link again.");
    el.title = said({ message: queue.denied.error || "", said: queue.denied.said });  // the server's own words
    el.classList.add("bad");
    announce("denied", el.textContent);
  } else if (queue.conflictInfo) {
    el.textContent = t("Stopped: someone else changed the game — {waiting}", { waiting });
    el.classList.add("bad");
    announce("conflict", el.textContent);
    renderConflict();
    return;
  } else if (queue.items.length && !queue.keeps()) {
    el.textContent = t("kept in another tab of this phone — {waiting}", { waiting });
    el.classList.add("sending");
    announce("sending", el.textContent);
  } else if (queue.offline) {
    el.textContent = queue.silent ? t("the server is not answering — {waiting}", { waiting })
      : t("offline — {waiting}", { waiting });
    el.classList.add("offline");
    announce("offline", el.textContent);
  } else if (queue.items.length) {
    el.textContent = t("sending — {waiting}", { waiting });
    el.classList.add("sending");
    announce("sending", el.textContent);
  } else {
    el.textContent = keep.view ? t("all entries stored") : t("connecting…");
    if (keep.view) el.title = t("version {version} of the game", keep.view);
    el.classList.add("ok");
    announce(keep.view ? "stored" : "connecting", t("all entries stored"));
  }
  const box = $("conflict");
  if (box) box.remove();
}
