/* The page kept on the phone for a reload offline: a service worker (static/keep-worker.js) registered for
 * this page's address alone answers the page and its files from the network first, and from its copy when
 * the network cannot be reached; the game and the waiting entries come from localStorage (view.js, board.js,
 * queue.js). The worker is told the page's files, to keep those it has no copy of yet. */
import { $ } from "./page.js";

export function keepForOffline() {
  const worker = $("keep").dataset.worker;
  if (!worker || !("serviceWorker" in navigator)) return;  // an insecure origin: a reload needs the network
  navigator.serviceWorker.register(worker, { scope: location.pathname })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => registration.active.postMessage({ keep: pageFiles() }))
    .catch(() => {});  // offline, the worker registered before answers all the same
}

function pageFiles() {
  const named = [...document.querySelectorAll("link[href], script[src]")].map((el) => el.href || el.src);
  return [location.href, ...named];
}

/* A game deleted leaves no copy of its page on the phone: the worker is told to drop it, the page drops it
 * too (a worker unregistered as the page leaves may be stopped before it reads the message), and the worker
 * is unregistered. */
export async function forgetOffline() {
  if (!("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration(location.pathname);
  if (!registration) return;
  if (registration.active) registration.active.postMessage({ forget: location.href });
  await dropCopy(location.origin + location.pathname);
  await registration.unregister();
}

async function dropCopy(page) {
  if (!window.caches) return;
  for (const name of (await caches.keys()).filter((n) => n.startsWith("seeplog-keep-"))) {
    await (await caches.open(name)).delete(page, { ignoreVary: true });
  }
}
