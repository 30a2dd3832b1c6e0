/* The event page: polls the standings and rounds fragment every 2 s (a change shows within 3 s) with If-None-Match and swaps it in
   when a table's game changed (a 304 otherwise). The poll pauses while the tab is hidden. No inline script. */
(function () {
  "use strict";
  var slot = document.getElementById("event-live");
  var status = document.getElementById("event-status");
  if (!slot || !status || !window.fetch || !("content" in document.createElement("template"))) return;
  var EVERY = 2000, LONGEST = 30000;
  var url = slot.getAttribute("data-url"), etag = slot.getAttribute("data-etag");
  var timer = null, failures = 0;

  function later(delay) {
    clearTimeout(timer);
    if (!document.hidden) timer = setTimeout(poll, delay);
  }

  function poll() {
    fetch(url, { headers: etag ? { "If-None-Match": '"' + etag + '"' } : {}, cache: "no-store" })
      .then(function (r) {
        if (r.status === 304) return null;
        if (!r.ok) throw new Error("HTTP " + r.status);
        etag = (r.headers.get("ETag") || "").replace(/^W\//, "").replace(/"/g, "");
        return r.text();
      })
      .then(function (html) {
        failures = 0;
        if (html !== null) {
          var template = document.createElement("template");
          template.innerHTML = html;
          var fresh = template.content.getElementById("event-live-body");
          var old = document.getElementById("event-live-body");
          if (fresh && old) old.replaceWith(fresh);
          status.textContent = window.seeplogText("Standings updated {time}.", { time: new Date().toLocaleTimeString(document.documentElement.lang) });
        }
        later(EVERY);
      })
      .catch(function () {
        failures += 1;
        status.textContent = window.seeplogText("Cannot reach the server: trying again.");
        later(Math.min(LONGEST, EVERY * Math.pow(2, failures)));
      });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.hidden) clearTimeout(timer); else later(0);
  });
  later(EVERY);
}());
