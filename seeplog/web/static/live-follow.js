/* The follow page: polls the board fragment with If-None-Match and swaps it in when the game changed.
   A 304 costs the server one small read; the poll pauses while the tab is hidden. A closed game is checked
   every 30 s, so that a game reopened shows its new plays. The status line's live region (#live-said) is
   written only when what it says changes: the plays that came, the game closed, the connection lost (a
   screen reader hears each once); the time of the last check stands beside it, outside the region.
   A module file: no inline script (CSP). */
import { news, heardOf } from "./live-heard.js";
import { canPoll, fragmentPart, poll } from "./poll.js";

const CLOSED_EVERY = 30000;

const slot = document.getElementById("live-board-slot");
const status = document.getElementById("live-status");
const said = document.getElementById("live-said");
const checkedAt = document.getElementById("live-checked");
let kind = "", told = "";

/* The time now, as the page's language writes it. */
function clock() {
  return new Date().toLocaleTimeString(document.documentElement.lang, { hour12: false });
}

/* The status line's look: ok, changed (news just came), lost, or plain. */
function mark(how) {
  kind = how;
  const look = "live-status" + (how && how !== "paused" && how !== "closed" ? " " + how : "");
  if (status.className !== look) status.className = look;
}

/* Say `text` in the live region, unless it says it already (a screen reader would hear it again). */
function say(text, how) {
  if (said.textContent !== text) said.textContent = text;
  mark(how);
}

function liveText() { return window.seeplogText("Live · checks every few seconds"); }

function closedText() {
  return window.seeplogText("The game is closed: if it is reopened, its new plays show here.");
}

function boardState(board) { return board ? board.getAttribute("data-state") : null; }

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

/* What the listener is told of the change from the board `old` to `fresh`: the game closed or reopened,
   then the board's news (live-heard.js). */
function tell(old, fresh) {
  const was = boardState(old), is = boardState(fresh);
  const parts = [news(heardOf(old), heardOf(fresh))].filter(Boolean);
  if (was !== "closed" && is === "closed") parts.push(closedText());
  if (was === "closed" && is !== "closed") parts.unshift(window.seeplogText("The game is open again."));
  return parts.join(" ");
}

function swap(html) {
  var old = document.getElementById("live-board");
  var fresh = fragmentPart(html, "live-board");
  if (!old || !fresh) return;
  told = tell(old, fresh);
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
  if (boardState(document.getElementById("live-board")) === "closed") say(closedText(), "closed");
  else say(liveText(), "ok");
  poll(slot.getAttribute("data-board-url"), slot.getAttribute("data-etag"), 1500, 15000, {
    changed: swap,
    checked() {
      const closed = boardState(document.getElementById("live-board")) === "closed";
      checkedAt.textContent = window.seeplogText("checked {time}", { time: clock() });
      showBadge(closed);
      if (told) say(told, closed ? "closed" : "changed");
      else if (kind === "lost" || kind === "paused") say(closed ? closedText() : liveText(), closed ? "closed" : "ok");
      else if (kind === "changed") mark("ok");
      told = "";
      return closed ? CLOSED_EVERY : true;
    },
    gone() { say(window.seeplogText("This game is no longer kept here."), "lost"); },
    lost() { say(window.seeplogText("Connection lost, retrying…"), "lost"); },
    paused() { say(window.seeplogText("Paused while the page is hidden."), "paused"); },
  });
}

if (slot && status && said && checkedAt && canPoll()) follow();
