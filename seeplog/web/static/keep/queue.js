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
 */
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
  /* hooks: changed(), stored(item, answer), refused(item, body), conflict(conflict), denied(body) */
  constructor(gameId, api, token, hooks) {
    this.key = `seeplog-live-queue-${gameId}`;
    this.api = api;
    this.token = token;
    this.hooks = hooks;
    this.busy = false;
    this.offline = false;
    this.denied = null;
    this.load();
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
  }

  save() {
    localStorage.setItem(this.key, JSON.stringify({
      items: this.items, refused: this.refusedItems, known: this.known, conflict: this.conflictInfo,
      ownIds: this.ownIds.slice(-KEEP_IDS), ownVersions: this.ownVersions.slice(-KEEP_IDS),
    }));
  }

  /* The version the page last knew the server at (an entry made now is made against it). */
  see(version) {
    if (version > this.known) {
      this.known = version;
      this.save();
    }
  }

  add(path, body) {
    const item = { client_id: uuid(), path, body, version: this.known, made: new Date().toISOString() };
    this.items.push(item);
    this.save();
    this.hooks.changed();
    this.flush();
    return item;
  }

  /* Take the last waiting entry back (an undo before it was sent); false when it is on its way. */
  takeBackLast() {
    if (!this.items.length || (this.busy && this.items.length === 1)) return false;
    this.items.pop();
    this.save();
    this.hooks.changed();
    return true;
  }

  dropRefused(clientId) {
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
   * re-applied made against the version the change left. */
  decide(clientId, choice) {
    const info = this.conflictInfo;
    if (!info) return;
    if (choice === "drop") this.items = this.items.filter((i) => i.client_id !== clientId);
    else info.reapply = [...(info.reapply || []), clientId];
    if (this.items.every((i) => (info.reapply || []).includes(i.client_id))) {
      for (const item of this.items) item.version = Math.max(item.version, info.version);
      this.see(info.version);
      this.conflictInfo = null;
    }
    this.save();
    this.hooks.changed();
    this.flush();
  }

  async flush() {
    if (this.busy || this.conflictInfo || this.denied || !this.token) return;
    this.busy = true;
    try {
      while (this.items.length && !this.conflictInfo && !this.denied) {
        if (!(await this.sendFirst())) break;
      }
    } finally {
      this.busy = false;
      this.hooks.changed();
    }
  }

  /* Send the first waiting entry; true when the next one may follow. */
  async sendFirst() {
    const item = this.items[0];
    const answer = await this.post(item);
    if (!answer) {
      this.setOffline(true);
      return false;
    }
    this.setOffline(false);
    const { status, body } = answer;
    if (status === 201) return this.stored(item, body);
    if (status === 409 && Array.isArray(body.events)) return this.changedElsewhere(item, body);
    if (status === 401 || status === 403) {
      this.denied = body;
      this.hooks.denied(body);
      return false;
    }
    return this.refused(item, status, body);
  }

  /* The entry POSTed with its client_id: {status, body}, or null when the server cannot be reached. */
  async post(item) {
    try {
      const response = await fetch(this.api + item.path, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${this.token}` },
        body: JSON.stringify({ ...item.body, version: this.versionFor(item), client_id: item.client_id }),
      });
      const body = await response.json().catch(() => ({}));
      return response.status >= 500 ? null : { status: response.status, body };
    } catch (e) {
      return null;
    }
  }

  stored(item, body) {
    this.items.shift();
    this.ownIds.push(item.client_id);
    this.ownVersions.push(body.version);
    this.see(body.version);
    this.save();
    this.hooks.stored(item, body);
    return true;
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
    this.conflictInfo = { client_id: item.client_id, version: body.version, message: body.error,
                          events: others, line: item.body.line || item.path };
    this.save();
    this.hooks.conflict(this.conflictInfo);
    return false;
  }

  refused(item, status, body) {
    this.items.shift();
    this.refusedItems.push({ ...item, status, error: body.error || `refused (${status})`, errors: body.errors || [] });
    this.save();
    this.hooks.refused(item, body);
    return true;
  }

  setOffline(offline) {
    if (this.offline !== offline) {
      this.offline = offline;
      this.hooks.changed();
    }
  }
}
