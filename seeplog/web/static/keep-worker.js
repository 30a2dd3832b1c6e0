/* The keep-score page kept on the phone for a reload offline. The page (keep/offline.js) registers this
 * service worker for its own address alone (served as /live/keep-worker.js, so that its scope may be
 * /live/<id>/keep). It answers the page and the site's files under /assets/ from the network first, keeping
 * a copy of each, and from that copy only when the network cannot be reached: online the page is never an
 * old one. It keeps nothing else: the API's answers and the board go past it (the page keeps the game and
 * its waiting entries in localStorage itself). The page's HTML holds no secret (the edit token is in the
 * link's fragment, which no request carries). A kept page is in the language the site last served the
 * phone: a page served in another language says so (text.js), and the kept pages are asked for again. */
"use strict";

const CACHE = "seeplog-keep-1";
const FILES = "/assets/";
const KEEP_PAGE = /^\/live\/[0-9]+\/keep$/;
const PAGES_KEPT = 20;  // the keep pages of the last 20 games opened

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(
    names.filter((name) => name.startsWith("seeplog-keep-") && name !== CACHE).map((name) => caches.delete(name)))));
});

self.addEventListener("fetch", (event) => {
  const key = keyOf(event.request.url);
  if (event.request.method !== "GET" || !key) return;
  if (event.request.mode === "navigate" ? isPage(key) : isFile(key)) {
    event.respondWith(networkFirst(event, key));
  }
});

/* {keep: [urls]} from a keep page: its address and its files, kept now where no copy is (the page's first
 * load came before this worker); {forget: url} from a keep page whose game was deleted: its copy dropped;
 * {language: code} from any page: the kept pages of another language are asked for again. */
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (Array.isArray(data.keep)) event.waitUntil(keepMissing(data.keep.map(keyOf).filter(Boolean)));
  if (typeof data.forget === "string" && keyOf(data.forget)) {
    event.waitUntil(caches.open(CACHE).then((cache) => cache.delete(keyOf(data.forget))));
  }
  if (typeof data.language === "string") event.waitUntil(pagesIn(data.language));
});

/* What a URL of this site is kept under (its fragment and, for a page, its query dropped), else null. */
function keyOf(address) {
  let url;
  try { url = new URL(address, self.location.href); } catch (e) { return null; }
  if (url.origin !== self.location.origin) return null;
  url.hash = "";
  if (KEEP_PAGE.test(url.pathname)) url.search = "";
  return url.href;
}

function isPage(key) {
  return KEEP_PAGE.test(new URL(key).pathname);
}

function isFile(key) {
  return new URL(key).pathname.startsWith(FILES);
}

async function networkFirst(event, key) {
  try {
    const response = await fetch(event.request);
    event.waitUntil(keepCopy(key, response.clone()));
    return response;
  } catch (offline) {
    const copy = await caches.match(key, { ignoreVary: true });
    if (copy) return copy;
    throw offline;
  }
}

/* Keep an answer of the network: a 200 replaces the copy, a 404 (the game deleted) drops it. */
async function keepCopy(key, response) {
  const cache = await caches.open(CACHE);
  if (response.status === 404) await cache.delete(key);
  if (response.status !== 200 || response.type !== "basic") return;
  await cache.put(key, response);
  if (isPage(key)) await forgetOldPages(cache);
}

async function forgetOldPages(cache) {
  const pages = (await cache.keys()).filter((request) => isPage(request.url));  // the oldest put first
  await Promise.all(pages.slice(0, -PAGES_KEPT).map((request) => cache.delete(request)));
}

/* The files as the page has just loaded them (the browser's HTTP cache, else the network). */
async function keepMissing(keys) {
  const cache = await caches.open(CACHE);
  await Promise.all(keys.filter((key) => isPage(key) || isFile(key)).map(async (key) => {
    if (!(await cache.match(key, { ignoreVary: true }))) await fetchAgain(key, isFile(key) ? "force-cache" : "no-store");
  }));
}

async function pagesIn(language) {
  const cache = await caches.open(CACHE);
  for (const request of await cache.keys()) {
    if (!isPage(request.url)) continue;
    const copy = await cache.match(request, { ignoreVary: true });
    if (copy && languageOf(await copy.text()) !== language) await fetchAgain(request.url, "no-store");
  }
}

function languageOf(html) {
  const found = /<html[^>]*\slang="([^"]*)"/.exec(html.slice(0, 1000));
  return found ? found[1] : "";
}

async function fetchAgain(key, cacheMode) {
  try {
    await keepCopy(key, await fetch(key, { cache: cacheMode, credentials: "same-origin" }));
  } catch (offline) {
    // kept as it was: asked again at the page's next load
  }
}
