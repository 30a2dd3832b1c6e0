/* The keep-score page's queue: nothing the scorekeeper enters is lost.
 *
 * Every entry is written to localStorage first, with its client_id (a UUID) and the game version it was
 * made against, and only then sent. The queue is sent in order, one entry at a time; a retry after a lost
 * answer carries the same client_id, so the live API stores it once (and answers its first answer again).
 *
 * Versions: an entry made against version V is sent with V, or with a later version when every change
 * after V came from this queue's own entries (their answers say which versions they made). A 409 whose
 * events all came from this queue is caught up silently; any other 409 (someone else changed the game)
 * stops the queue and asks the scorekeeper. A 422 takes the entry out and keeps it, refused, to be fixed.
 *
 * An undo or a correction waits with the entry it means (meant.js): sent with that entry's id, aimed again
 * at the entry's number when entries came or went before it, dropped (saying so) when it is gone. A waiting
 * line that another device has recorded in its place already is dropped too, saying so: never stored twice.
 *
 * Tabs: the edit link open in two tabs of one phone shares one queue in localStorage. One tab keeps it (the
 * one opened or used last: an entry, an undo or an answer made in a tab takes the keeping over, reading the
 * queue again first); only that tab writes the queue and sends it. The other reads it again whenever it
 * changes (`heard`), so that it shows the entries waiting, and drops what it was doing: an answer it was
 * waiting for is asked again by the tab that keeps the queue, with the same client_id.
 */
import { aimAt, alreadyThere, isLine, meantFor, numberOf } from "./meant.js";
import { WAIT, isSilent, within } from "./net.js";

const KEEP_IDS = 500;

function uuid() {
  if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 15) | 64;
  b[8] = (b[8] & 63) | 128;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export class LiveQueue {
  /* hooks: changed(), stored(item, answer), refused(item, body), conflict(conflict), denied(body),
   * dropped(items, why): waiting entries taken out by the queue, "gone", "same" or "unsent" (meant.js) */
  constructor(gameId, api, token, hooks) {
    this.key = `seeplog-live-queue-${gameId}`;
    this.keeperKey = `seeplog-live-keeper-${gameId}`;
    this.tab = uuid();
    this.api = api;
    this.token = token;
    this.hooks = hooks;
    this.busy = false;
    this.offline = false;
    this.silent = false;  // offline because the server did not answer in time (net.js)
    this.denied = null;
    this.claim();
  }

  /* Whether this tab keeps the queue (writes and sends it). */
  keeps() {
    return localStorage.getItem(this.keeperKey) === this.tab;
  }

  /* This tab takes the keeping over: the queue read again first (another tab may have changed it). */
  claim() {
    if (this.keeps()) return;
    localStorage.setItem(this.keeperKey, this.tab);
    this.load();
  }

  /* Another tab changed localStorage (a `storage` event's key): true when this tab, which does not keep the
   * queue, has read it again. */
  heard(key) {
    if ((key !== this.key && key !== this.keeperKey && key !== null) || this.keeps()) return false;
    this.load();
    return true;
  }

  load() {
    let saved = null;
    try { saved = JSON.parse(localStorage.getItem(this.key) || "null"); } catch (e) { saved = null; }
    saved = saved || {};
    this.items = saved.items || [];
    this.refusedItems = saved.refused || [];
    this.ownIds = saved.ownIds || [];
    this.ownVersions = saved.ownVersions || [];
    this.known = saved.known || 0;
    this.conflictInfo = saved.conflict || null;
    this.tail = saved.tail === undefined ? null : saved.tail;  // the entry the first waiting line follows
  }

  save() {
    if (!this.keeps()) return;  // another tab keeps the queue: what this one holds is read again from it
    localStorage.setItem(this.key, JSON.stringify({
      items: this.items, refused: this.refusedItems, known: this.known, conflict: this.conflictInfo, tail: this.tail,
      ownIds: this.ownIds.slice(-KEEP_IDS), ownVersions: this.ownVersions.slice(-KEEP_IDS),
    }));
  }

  /* The version the page last knew the server at (an entry made now is made against it), and, with no entry
   * waiting, the id of its last entry (0: none past the tags), which the next line follows. */
  see(version, last) {
    const tail = last !== undefined && !this.items.length && last !== this.tail;
    if (tail) this.tail = last;
    if (version > this.known) this.known = version;
    else if (!tail) return;
    this.save();
  }

  /* `more`: {target} for an undo or a correction, the entry it means (meant.js). */
  add(path, body, more = {}) {
    this.claim();
    const item = { client_id: uuid(), path, body, version: this.known, made: new Date().toISOString(), ...more };
    this.items.push(item);
    this.save();
    this.hooks.changed();
    this.flush();
    return item;
  }

  /* Take the last waiting entry back (an undo before it was sent); false when it was sent and no answer
   * told its fate (on its way, or its answer lost: it may be stored), so that an undo waits for it. */
  takeBackLast() {
    this.claim();
    const last = this.items[this.items.length - 1];
    if (!last || last.sent) return false;
    this.items.pop();
    this.save();
    this.hooks.changed();
    return true;
  }

  dropRefused(clientId) {
    this.claim();
    this.refusedItems = this.refusedItems.filter((i) => i.client_id !== clientId);
    this.save();
    this.hooks.changed();
  }

  versionFor(item) {
    let v = item.version;
    while (this.ownVersions.includes(v + 1)) v += 1;
    return v;
  }

  /* The scorekeeper's answer, after a change from elsewhere, for one waiting entry: "drop" it, or
   * "reapply" it after the change. Once every waiting entry has its answer the queue goes on, each entry
   * re-applied made against the version the change left, an undo or a correction aimed at its entry. */
  decide(clientId, choice) {
    this.claim();
    const info = this.conflictInfo;
    if (!info) return;
    if (choice === "drop") this.drop(this.items.filter((i) => i.client_id === clientId), null);
    else info.reapply = [...(info.reapply || []), clientId];
    if (this.items.every((i) => (info.reapply || []).includes(i.client_id))) {
      this.reaim(info.version, info.tail);
      this.conflictInfo = null;
    }
    this.save();
    this.hooks.changed();
    this.flush();
  }

  async flush() {
    if (this.busy || this.conflictInfo || this.denied || !this.token || !this.keeps()) return;
    this.busy = true;
    try {
      while (this.items.length && !this.conflictInfo && !this.denied && this.keeps()) {
        if (!(await this.sendFirst())) break;
      }
    } finally {
      this.busy = false;
      this.hooks.changed();
    }
  }

  /* Send the first waiting entry; true when the next one may follow. From its sending until an answer
   * says its fate it is `sent`: it may be stored (a retry with its client_id tells); not while the phone has no
   * network at all (navigator.onLine false: nothing leaves it). */
  async sendFirst() {
    const first = this.items[0];
    if (navigator.onLine) first.sent = true;
    this.save();
    const answer = await this.post(first);
    const item = this.items[0];  // read again by this tab meanwhile, when another tab took the keeping
    if (!this.keeps() || !item || item.client_id !== first.client_id) return false;
    if (answer.lost) {
      this.setOffline(true, answer.silent);
      return false;
    }
    this.setOffline(false);
    delete item.sent;  // stored (and out of the queue) or refused: its fate known
    const { status, body } = answer;
    if (status === 201) return this.stored(item, body);
    if (status === 409 && body.moved) return this.moved(item, body);
    if (status === 409 && Array.isArray(body.events)) return this.changedElsewhere(item, body);
    if (status === 401 || status === 403) {
      this.denied = body;
      this.hooks.denied(body);
      return false;
    }
    return this.refused(item, status, body);
  }

  /* The entry POSTed with its client_id: {status, body}, or {lost, silent} when no answer came (the server
   * cannot be reached, fails, or does not answer within WAIT.send: `silent`). */
  async post(item) {
    try {
      const response = await fetch(this.api + item.path, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${this.token}` },
        body: JSON.stringify({ ...item.body, version: this.versionFor(item), client_id: item.client_id }),
        signal: within(WAIT.send),
      });
      const body = await response.json().catch(() => null);
      if (response.status >= 500 || (response.status === 201 && !body)) return { lost: true };
      return { status: response.status, body: body || {} };
    } catch (e) {
      return { lost: true, silent: isSilent(e) };
    }
  }

  stored(item, body) {
    this.items.shift();
    this.ownIds.push(item.client_id);
    this.ownVersions.push(body.version);
    this.follow(item, body);
    this.see(body.version);
    this.save();
    this.hooks.stored(item, body);
    return true;
  }

  /* What an entry stored changes for those still waiting: the entry the next line follows, and the entry an
   * undo or a correction means (a line just stored; an entry replaced is a new entry, with a new id). */
  follow(item, body) {
    const meant = item.target ? item.target.id : undefined;
    if (isLine(item)) this.tail = body.id;
    else if (meant !== undefined && meant === this.tail) this.tail = body.kind === "replace" ? body.id : null;
    for (const other of this.items) {
      const target = other.target;
      if (!target || !body.id) continue;
      if (target.pending === item.client_id || (body.kind === "replace" && meant !== undefined && target.id === meant)) {
        meantFor(other, body);
      }
    }
  }

  /* A 409 saying that the number sent names another entry now (this phone's own entries came before it):
   * the item aimed at its entry's number now, or dropped, saying so, when that entry is gone. */
  moved(item, body) {
    if (body.moved.entry === null || !item.target) this.drop([item], "gone");
    else aimAt(item, body.moved.entry);
    this.save();
    return true;
  }

  /* Items out of the queue, with those waiting to undo one of them (a line never stored); `why` is said. */
  drop(items, why) {
    const gone = new Set(items.map((i) => i.client_id));
    this.ownIds.push(...items.filter((i) => i.sent).map((i) => i.client_id));  // if stored, this phone's
    const after = this.items.filter((i) => i.target && gone.has(i.target.pending));
    this.items = this.items.filter((i) => !gone.has(i.client_id) && !after.includes(i));
    if (why) this.hooks.dropped(items, why);
    if (after.length) this.hooks.dropped(after, "unsent");
  }

  /* The waiting entries sent after a change from elsewhere: made against the version it left, each undo or
   * correction aimed at its entry's number now, the lines after its last entry (`tail`). */
  reaim(version, tail) {
    for (const item of this.items) {
      item.version = Math.max(item.version, version);
      if (item.target && item.target.number && !item.target.pending) aimAt(item, item.target.number);
    }
    this.tail = tail;
    this.see(version);
  }

  /* The waiting lines another device recorded in their place already, dropped (saying so); how many. */
  sameAsTheirs(entries) {
    const found = alreadyThere(this.items, entries, this.tail);
    if (found.length) {
      this.drop(found.map((f) => f.item), "same");
      this.tail = found[found.length - 1].entry.id;
    }
    return found.length;
  }

  /* Each waiting correction aimed at its entry's number among `entries` (an undo stays one until it is
   * re-applied); one whose entry is gone is dropped. */
  findTargets(entries) {
    const gone = [];
    for (const item of this.items) {
      const target = item.target;
      if (!target || target.id === undefined || target.pending) continue;
      const number = numberOf(entries, target.id);
      if (number === null) gone.push(item);
      else if (item.path === "/undo") item.target = { ...target, number };
      else aimAt(item, number);
    }
    if (gone.length) this.drop(gone, "gone");
  }

  /* A 409: caught up silently when every change came from this queue (or the entry was made before the
   * page knew the game); otherwise the queue stops and asks the scorekeeper. */
  changedElsewhere(item, body) {
    const others = body.events.filter((e) => !this.ownIds.includes(e.client_id));
    if (!others.length || item.version === 0) {
      if (item.version === 0) item.version = body.version;
      else for (const e of body.events) this.ownVersions.push(e.version);
      this.see(body.version);
      this.save();
      return true;
    }
    const entries = body.entries || [];
    const same = this.sameAsTheirs(entries);
    this.findTargets(entries);
    const tail = entries.length ? entries[entries.length - 1].id : 0;
    if (!this.items.length || (same === others.length && others.every((e) => e.kind === "append"))) {
      this.reaim(body.version, tail);  // nothing else changed: the rest goes on, as this phone meant it
      this.save();
      return true;
    }
    this.conflictInfo = { client_id: this.items[0].client_id, version: body.version, message: body.error,
                          events: others, tail, meant: this.tail };
    this.save();
    this.hooks.conflict(this.conflictInfo);
    return false;
  }

  refused(item, status, body) {
    this.items.shift();
    this.refusedItems.push({ ...item, status, error: body.error || `refused (${status})`, said: body.said, errors: body.errors || [] });
    const after = this.items.filter((i) => i.target && i.target.pending === item.client_id);
    if (after.length) this.drop(after, "unsent");  // an undo of this line: nothing to undo
    this.save();
    this.hooks.refused(item, body);
    return true;
  }

  /* Offline or not; `silent`: because the server did not answer (by default, as it was while offline). */
  setOffline(offline, silent = offline && this.silent) {
    if (this.offline !== offline || this.silent !== silent) {
      this.offline = offline;
      this.silent = silent;
      this.hooks.changed();
    }
  }
}
