/* Keeps a fragment of a page up to date: asks its URL with If-None-Match every `every` ms (a 304 costs the
   server one small read), hands a changed fragment to the page, backs off after a failure (up to `longest`),
   pauses while the tab is hidden and asks at once when it shows again or the device is back online.
   The follow page (live-follow.js) and the event page (event-follow.js) poll through it. A module file. */

/* Whether this browser can poll and swap fragments (else the page stays as it was served). */
export function canPoll() {
  return Boolean(window.fetch) && "content" in document.createElement("template");
}

/* The element of id `id` in a fragment of HTML, or null. */
export function fragmentPart(html, id) {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.content.getElementById(id);
}

/* Poll `url` from the version `etag`. `page.changed(html)` takes a new fragment; `page.checked(changed)`
   hears of each answer and returns false to stop polling, or the ms to wait before the next ask (else
   `every`); `page.gone()`, when given, hears of a 404 (the polling stops), else a 404 is a failure;
   `page.lost()` hears of a failure; `page.paused()` (optional) of the tab hidden. */
export function poll(url, etag, every, longest, page) {
  let timer = null, busy = false, failures = 0, stopped = false;

  function later(delay) {
    clearTimeout(timer);
    if (!stopped && !document.hidden) timer = setTimeout(ask, delay);
  }

  /* The server's answer: "same", "gone", or "changed" with its fragment and version; a failure throws. */
  function read(response) {
    if (response.status === 304) return { what: "same" };
    if (response.status === 404 && page.gone) return { what: "gone" };
    if (!response.ok) throw new Error("HTTP " + response.status);
    const tag = (response.headers.get("ETag") || "").replace(/^W\//, "").replace(/"/g, "");
    return response.text().then(function (html) { return { what: "changed", html: html, tag: tag }; });
  }

  /* A fault in drawing an answer is the page's, not the connection's: it is thrown (the console shows it,
     and no "connection lost" hides it) and the page goes on asking. */
  function answered(got) {
    busy = false;
    failures = 0;
    if (got.what === "gone") {
      stopped = true;
      page.gone();
      return;
    }
    let next = every;
    try {
      if (got.what === "changed") {
        page.changed(got.html);
        if (got.tag) etag = got.tag;
      }
      next = page.checked(got.what === "changed");
    } finally {
      if (next === false) stopped = true;
      else later(typeof next === "number" ? next : every);
    }
  }

  function unanswered() {
    busy = false;
    failures += 1;
    page.lost();
    later(Math.min(longest, every * Math.pow(2, failures - 1)));
  }

  function ask() {
    if (busy || stopped || document.hidden) return;
    busy = true;
    fetch(url, { headers: etag ? { "If-None-Match": '"' + etag + '"' } : {}, cache: "no-store",
                 credentials: "same-origin" })
      .then(read)
      .then(answered, unanswered);
  }

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) {
      ask();
    } else {
      clearTimeout(timer);
      if (!stopped && page.paused) page.paused();
    }
  });
  window.addEventListener("online", ask);
  later(every);
}
