/* The event page: polls the standings and rounds fragment every 2 s (a change shows within 3 s) with If-None-Match and swaps it in
   when a table's game changed (a 304 otherwise). The poll pauses while the tab is hidden. A module file: no inline script.
   A control focused in the block keeps the focus after the swap (the same id, else the same link of the same row), and
   the live region speaks only when the standings themselves changed, not at each play of a table, and when the server
   answers again after a failure (its "Cannot reach the server" does not stay). */
import { canPoll, fragmentPart, poll } from "./poll.js";

const slot = document.getElementById("event-live");
const status = document.getElementById("event-status");
const FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]";

/* Where the focus is in the block, to find it again in the new one: its id, else its row (the nearest ancestor with an
   id), its address and its place among the row's focusable elements; null when the focus is elsewhere. */
function focusPlace(block) {
  const active = document.activeElement;
  if (!active || active === block || !block.contains(active)) return null;
  const row = active.parentElement.closest("[id]");
  const inRow = row && block.contains(row) ? row : block;
  return { id: active.id, row: inRow === block ? null : inRow.id, href: active.getAttribute("href"),
           index: Array.from(inRow.querySelectorAll(FOCUSABLE)).indexOf(active) };
}

/* The element of the new block that stands where the focus was (null when the row is gone). */
function samePlace(block, place) {
  if (place.id) return block.querySelector("#" + CSS.escape(place.id));
  const row = place.row ? block.querySelector("#" + CSS.escape(place.row)) : block;
  if (!row) return null;
  const found = Array.from(row.querySelectorAll(FOCUSABLE));
  return found.find(function (e) { return place.href && e.getAttribute("href") === place.href; })
    || found[Math.min(place.index, found.length - 1)] || null;
}

/* The organiser's view carries its tables' keep and confirm links (shown for the token given, never sent by the poll):
   each row of the new block gets those its row had, so the first refresh does not take them away. */
function keepLinks(block, fresh) {
  block.querySelectorAll("tr[id] td.links").forEach(function (cell) {
    const links = cell.querySelectorAll("a.keep, a.confirm-link");
    const row = fresh.querySelector("#" + CSS.escape(cell.parentElement.id) + " td.links");
    if (!links.length || !row || row.querySelector("a.keep")) return;
    links.forEach(function (a) { row.append(" ", a.cloneNode(true)); });
  });
}

/* The organiser's line beside "Make round" says which tables still play, as the new block does. */
function stillPlaying(fresh) {
  const now = fresh.querySelector("#still-playing-now"), line = document.getElementById("still-playing");
  if (!now || !line) return;
  line.textContent = now.textContent;
  line.hidden = !now.textContent.trim();
}

/* The organiser's forms name the next round ("Make round 4", "Enter round 4 by hand", the withdrawal's "from round 4"):
   each takes its words from the new block's hidden copy, so a round made elsewhere meanwhile leaves none stale. */
function nextRound(fresh) {
  fresh.querySelectorAll("#next-round-now [data-for]").forEach(function (copy) {
    const shown = document.getElementById(copy.getAttribute("data-for"));
    if (shown) shown.textContent = copy.textContent;
  });
}

/* The standings' rows as text: what a listener is told of when it changes. */
function standingsText(block) {
  const table = block && block.querySelector("table.standings tbody");
  return table ? table.textContent.replace(/\s+/g, " ").trim() : "";
}

/* Say `text` in the live region, even when it says the same as last time (emptied first, then filled). */
function say(text) {
  status.textContent = "";
  setTimeout(function () { status.textContent = text; }, 100);
}

if (slot && status && canPoll()) {
  let unreached = false, moved = false;
  poll(slot.getAttribute("data-url"), slot.getAttribute("data-etag"), 2000, 30000, {
    changed(html) {
      const fresh = fragmentPart(html, "event-live-body");
      const old = document.getElementById("event-live-body");
      if (!fresh || !old) return;
      const place = focusPlace(old);
      moved = standingsText(old) !== standingsText(fresh);
      keepLinks(old, fresh);
      stillPlaying(fresh);
      nextRound(fresh);
      old.replaceWith(fresh);
      const again = place && samePlace(fresh, place);
      if (again) again.focus({ preventScroll: true });
    },
    /* What is said: the standings changed, and the server answering again after a failure. */
    checked() {
      const news = [];
      if (unreached) news.push(window.seeplogText("The server answers again: the standings are up to date."));
      if (moved) news.push(window.seeplogText("The standings changed."));
      if (news.length) say(news.join(" "));
      unreached = moved = false;
      return true;
    },
    lost() {
      unreached = true;
      status.textContent = window.seeplogText("Cannot reach the server: trying again.");
    },
  });
}
