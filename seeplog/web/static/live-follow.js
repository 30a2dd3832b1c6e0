/* The follow page: polls the board fragment with If-None-Match and swaps it in when the game changed.
   A 304 costs the server one small read; the poll pauses while the tab is hidden. No inline script (CSP). */
(function () {
  "use strict";
  var slot = document.getElementById("live-board-slot");
  var status = document.getElementById("live-status");
  if (!slot || !status || !window.fetch || !("content" in document.createElement("template"))) return;

  var EVERY = 1500, LONGEST = 15000;
  var url = slot.getAttribute("data-board-url");
  var etag = slot.getAttribute("data-etag");
  var timer = null, busy = false, failures = 0, stopped = false;

  function clock() {
    var d = new Date();
    return [d.getHours(), d.getMinutes(), d.getSeconds()].map(function (n) {
      return (n < 10 ? "0" : "") + n;
    }).join(":");
  }

  function say(text, kind) {
    status.textContent = text;
    status.className = "live-status" + (kind ? " " + kind : "");
  }

  function later(delay) {
    clearTimeout(timer);
    if (!stopped && !document.hidden) timer = setTimeout(poll, delay);
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

  /* The header's badge says "closed", not "live", once the game is closed. */
  function closedBadge() {
    var badge = document.querySelector(".live-head .crumbs .badge");
    if (!badge) return;
    badge.className = "badge live-closed";
    badge.textContent = window.seeplogText("closed");
  }

  function swap(html) {
    var old = document.getElementById("live-board");
    var template = document.createElement("template");
    template.innerHTML = html;
    var fresh = template.content.getElementById("live-board");
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

  function poll() {
    if (busy || stopped || document.hidden) return;
    busy = true;
    fetch(url, { headers: { "If-None-Match": '"' + etag + '"' }, cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status === 304) return "same";
        if (response.status === 404) return "gone";
        if (!response.ok) throw new Error("HTTP " + response.status);
        var tag = (response.headers.get("ETag") || "").replace(/^W\//, "").replace(/"/g, "");
        return response.text().then(function (html) {
          swap(html);
          if (tag) etag = tag;
          return "changed";
        });
      })
      .then(function (what) {
        busy = false;
        failures = 0;
        if (what === "gone") {
          stopped = true;
          say(window.seeplogText("This game is no longer kept here."), "lost");
          return;
        }
        var board = document.getElementById("live-board");
        if (board && board.getAttribute("data-state") === "closed") {
          stopped = true;
          closedBadge();
          say(window.seeplogText("The game is closed: this is its final board (checked {time}).", { time: clock() }), "");
          return;
        }
        if (what === "changed") say(window.seeplogText("Updated {time}", { time: clock() }), "changed");
        else say(window.seeplogText("Up to date · checked {time}", { time: clock() }), "ok");
        later(EVERY);
      })
      .catch(function () {
        busy = false;
        failures += 1;
        say(window.seeplogText("Connection lost, retrying…"), "lost");
        later(Math.min(LONGEST, EVERY * Math.pow(2, failures - 1)));
      });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.hidden) {
      clearTimeout(timer);
      if (!stopped) say(window.seeplogText("Paused while the page is hidden."), "");
    } else {
      poll();
    }
  });
  window.addEventListener("online", function () { poll(); });

  if (slot.getAttribute("data-state") === "closed") return;
  say(window.seeplogText("Live · checks every few seconds"), "ok");
  later(EVERY);
}());
