/* The event page: polls the standings and rounds fragment every 2 s (a change shows within 3 s) with If-None-Match and swaps it in
   when a table's game changed (a 304 otherwise). The poll pauses while the tab is hidden. A module file: no inline script. */
import { canPoll, fragmentPart, poll } from "./poll.js";

const slot = document.getElementById("event-live");
const status = document.getElementById("event-status");

if (slot && status && canPoll()) {
  poll(slot.getAttribute("data-url"), slot.getAttribute("data-etag"), 2000, 30000, {
    changed(html) {
      const fresh = fragmentPart(html, "event-live-body");
      const old = document.getElementById("event-live-body");
      if (fresh && old) old.replaceWith(fresh);
      status.textContent = window.seeplogText("Standings updated {time}.", { time: new Date().toLocaleTimeString(document.documentElement.lang, { hour12: false }) });
    },
    checked() { return true; },
    lost() { status.textContent = window.seeplogText("Cannot reach the server: trying again."); },
  });
}
