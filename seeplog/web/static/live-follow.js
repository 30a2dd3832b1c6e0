/* The follow page: polls the board fragment with If-None-Match and swaps it in when the game changed.
   A 304 costs the server one small read; the poll pauses while the tab is hidden. A closed game is checked
   every 30 s, so that a game reopened shows its new plays. A module file: no inline script (CSP). */
import { canPoll, fragmentPart, poll } from "./poll.js";

const CLOSED_EVERY = 30000;

const slot = document.getElementById("live-board-slot");
const status = document.getElementById("live-status");

/* The time now, as the page's language writes it. */
function clock() {
  return new Date().toLocaleTimeString(document.documentElement.lang, { hour12: false });
}

function say(text, kind) {
  status.textContent = text;
  status.className = "live-status" + (kind ? " " + kind : "");
}

/* What the reader opened or scrolled inside the board, to keep across a swap. */
function keep(board) {
  var open = {}, left = {};
  board.querySelectorAll("details").forEach(function (d, i) { open[d.className || i] = d.open; });
  board.querySelectorAll(".scroll").forEach(function (s) {
    var part = s.closest("[id]");
    if (part) left[part.id] = s.scrollLeft;
  });
  return { open: open, left: left };
}

function restore(board, kept) {
  board.querySelectorAll("details").forEach(function (d, i) {
    var key = d.className || i;
    if (key in kept.open) d.open = kept.open[key];
  });
  board.querySelectorAll(".scroll").forEach(function (s) {
    var part = s.closest("[id]");
    if (part && part.id in kept.left) s.scrollLeft = kept.left[part.id];
  });
}

/* The header's badge says "closed" while the game is closed, else "live". */
function showBadge(closed) {
  var badge = document.querySelector(".live-head .crumbs .badge");
  if (!badge) return;
  badge.className = closed ? "badge live-closed" : "badge live";
  badge.textContent = closed ? window.seeplogText("closed") : window.seeplogText("live");
}

function swap(html) {
  var old = document.getElementById("live-board");
  var fresh = fragmentPart(html, "live-board");
  if (!old || !fresh) return;
  var seen = {};
  old.querySelectorAll("[data-entry]").forEach(function (e) { seen[e.getAttribute("data-entry")] = true; });
  var kept = keep(old), x = window.scrollX, y = window.scrollY;
  old.replaceWith(fresh);
  restore(fresh, kept);
  window.scrollTo(x, y);
  fresh.querySelectorAll("li.live-play[data-entry]").forEach(function (e) {
    if (!seen[e.getAttribute("data-entry")]) e.classList.add("fresh");
  });
}

function follow() {
  if (slot.getAttribute("data-state") !== "closed") say(window.seeplogText("Live · checks every few seconds"), "ok");
  poll(slot.getAttribute("data-board-url"), slot.getAttribute("data-etag"), 1500, 15000, {
    changed: swap,
    checked(changed) {
      const board = document.getElementById("live-board");
      const closed = Boolean(board) && board.getAttribute("data-state") === "closed";
      showBadge(closed);
      if (closed) {
        say(window.seeplogText("The game is closed (checked {time}): if it is reopened, its new plays show here.",
                               { time: clock() }), "");
        return CLOSED_EVERY;
      }
      if (changed) say(window.seeplogText("Updated {time}", { time: clock() }), "changed");
      else say(window.seeplogText("Up to date · checked {time}", { time: clock() }), "ok");
      return true;
    },
    gone() { say(window.seeplogText("This game is no longer kept here."), "lost"); },
    lost() { say(window.seeplogText("Connection lost, retrying…"), "lost"); },
    paused() { say(window.seeplogText("Paused while the page is hidden."), ""); },
  });
}

if (slot && status && canPoll()) follow();
