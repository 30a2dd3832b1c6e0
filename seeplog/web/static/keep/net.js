/* How long the page waits for the server: a request that has no answer by then is given up (a stalled network
 * gives neither an answer nor an error), and the page goes on as it does offline. An entry given up waits in
 * the queue and is sent again with its client_id: stored once, the retry answered as the first was. */
export const WAIT = { outcomes: 4000, send: 8000, read: 8000 };

/* A signal that gives a request up after `ms`, with a TimeoutError. */
export function within(ms) {
  if (AbortSignal.timeout) return AbortSignal.timeout(ms);
  const control = new AbortController();
  setTimeout(() => control.abort(new DOMException("the server did not answer", "TimeoutError")), ms);
  return control.signal;
}

/* Whether a failed request was given up for want of an answer (not refused by the network). */
export function isSilent(error) {
  return Boolean(error) && error.name === "TimeoutError";
}
