/* The keep-score page: what comes next, a card picker, the outcomes of a card, the notation box, the
 * deal's entries with their corrections, the ledger. Every entry goes through the queue (live-queue.js).
 */
"use strict";

(function () {
  const root = document.getElementById("keep");
  if (!root) return;
  const $ = (id) => document.getElementById(id);
  const gameId = root.dataset.game;
  const api = root.dataset.api;
  const boardUrl = root.dataset.board;
  const seats = root.dataset.seats.split(" ");
  const teams = root.dataset.teams.split(" ");
  const playsPerDeal = Number(root.dataset.plays);
  const names = JSON.parse(root.dataset.names || "{}");
  const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
  const SUITS = [["s", "♠"], ["h", "♥"], ["d", "♦"], ["c", "♣"]];
  const VIEW_KEY = `seeplog-live-view-${gameId}`;
  const TOKEN_KEY = `seeplog-live-token-${gameId}`;

  // ------------------------------------------------------------ the token (from the link's fragment)

  function takeToken() {
    const match = /(?:^#|&)token=([^&]+)/.exec(location.hash);
    if (match) {
      localStorage.setItem(TOKEN_KEY, decodeURIComponent(match[1]));
      history.replaceState(null, "", location.pathname + location.search);
    }
    return localStorage.getItem(TOKEN_KEY);
  }

  const token = takeToken();
  if (!token) {
    $("no-token").hidden = false;
    return;
  }
  $("keep-ui").hidden = false;

  // ------------------------------------------------------------ state

  let view = loadView();          // the last game JSON the server sent (slim), or null
  let etag = null;
  let chosenSeat = null;          // a seat picked instead of the one to play
  let mode = null;                // "hand" while the hand picker is open, "score" for score only
  let picked = [];                // cards picked for the floor or a hand
  let pickedCard = null;          // the card whose outcomes are shown
  let outcomesFor = null;         // the key the outcomes shown belong to
  let lastNextKey = "";

  const queue = new window.LiveQueue(gameId, api, token, {
    changed: render,
    stored: onStored,
    refused: onRefused,
    conflict: () => { render(); refresh(); }, // show the game as the other device left it
    denied: render,
  });
  if (view) queue.see(view.version);

  function loadView() {
    try { return JSON.parse(localStorage.getItem(VIEW_KEY) || "null"); } catch (e) { return null; }
  }

  function keepView(doc) {
    const last = lastDealNumber(doc);
    view = {
      version: doc.version, next: doc.next, table: doc.table,
      entries: doc.entries.filter((e) => e.deal !== null),
      lastDeal: last,
    };
    localStorage.setItem(VIEW_KEY, JSON.stringify(view));
  }

  function lastDealNumber(doc) {
    let last = null;
    for (const e of doc.entries) if (e.deal !== null) last = e.deal;
    return last;
  }

  // ------------------------------------------------------------ cards and seats

  function normCard(text) {
    const m = /^(10|[2-9TJQKAtjqka])([shdc♠♥♦♣])$/i.exec(text || "");
    if (!m) return null;
    const rank = m[1] === "10" ? "T" : m[1].toUpperCase();
    const suit = { "♠": "s", "♥": "h", "♦": "d", "♣": "c" }[m[2]] || m[2].toLowerCase();
    return rank + suit;
  }

  function rightOf(seat) {
    return seats[(seats.indexOf(seat) + 1) % seats.length];
  }

  function cardLabel(card) {
    const suit = SUITS.find((s) => s[0] === card[1]);
    return card[0] + (suit ? suit[1] : card[1]);
  }

  function seatName(seat) {
    return names[seat] && names[seat] !== seat ? `${seat} (${names[seat]})` : seat;
  }

  // ------------------------------------------------------------ what comes next, moved on by the queue

  /* The next step and the cards seen, as the server last said, moved on by the entries still waiting
   * (as far as the page can tell without the server: the seat to play goes round in turn). */
  function ahead() {
    let next = view ? { ...view.next } : { kind: "unknown" };
    const seen = new Set(view && view.table ? view.table.seen : []);
    let guessed = false;
    const held = new Set(); // cards a hand line shows and no play has played yet: still to be played
    for (const e of view ? view.entries.filter((x) => x.deal === view.lastDeal) : []) {
      const words = e.line.split(/\s+/);
      if (e.kind === "hand") words.slice(2).forEach((w) => held.add(normCard(w)));
      if (e.kind === "play") held.delete(normCard(words[1]));
    }
    for (const item of queue.items) {
      if (item.path !== "/entries" || item.body.replace || item.body.insert_before || item.body.delete) {
        guessed = true;
        continue;
      }
      const words = item.body.line.trim().split(/\s+/);
      const head = words[0].toLowerCase();
      if (head === "deal" && words.length >= 4) {
        const dealer = words[3].toUpperCase();
        next = { kind: "bid", deal: Number(words[1]), dealer, seat: rightOf(dealer), missing: ["bid", "floor"] };
        seen.clear();
        held.clear();
      } else if (head === "floor") {
        words.slice(1).forEach((w) => seen.add(normCard(w)));
        next = afterLine(next, "floor");
      } else if (head === "bid" && words.length >= 2) {
        next = afterLine({ ...next, seat: words[1].toUpperCase() }, "bid");
      } else if (head === "hand") {
        words.slice(2).forEach((w) => { seen.add(normCard(w)); held.add(normCard(w)); });
      } else if (head === "score") {
        next = { kind: "deal", deal: (next.deal || 0) + 1, dealer: null, allowed_dealers: seats,
                 why: "the rotation is known once the waiting entries are stored" };
      } else if (seats.includes(head.toUpperCase()) && next.kind === "play") {
        seen.add(normCard(words[1]));
        held.delete(normCard(words[1]));
        const play = next.play + 1;
        next = play > playsPerDeal
          ? { kind: "deal", deal: next.deal + 1, dealer: null, allowed_dealers: seats,
              why: "the rotation is known once the waiting entries are stored" }
          : { ...next, play, seat: rightOf(head.toUpperCase()) };
      } else {
        guessed = true;
      }
    }
    for (const card of held) seen.delete(card);
    return { next, seen, held, guessed };
  }

  function afterLine(next, done) {
    const missing = (next.missing || []).filter((m) => m !== done);
    if (missing.length) return { ...next, kind: missing[0], missing };
    return { kind: "play", deal: next.deal, dealer: next.dealer, seat: next.seat, play: 1, missing: [] };
  }

  function nextKey(next) {
    return [next.kind, next.deal, next.play, next.seat, (next.missing || []).join()].join("/");
  }

  function describeNext(next) {
    switch (next.kind) {
      case "deal":
        return [`Deal ${next.deal} — ${next.dealer ? `dealer ${next.dealer}` : "who deals?"}`, next.why || ""];
      case "bid":
      case "floor": {
        const parts = (next.missing || [next.kind]).map((m) => (m === "bid" ? `bid: ${next.seat || ""}`.trim() : "floor"));
        return [`Deal ${next.deal} (dealer ${next.dealer}) — ${parts.join(", ")}`, ""];
      }
      case "play": {
        const seat = playSeat(next);
        const who = names[seat] && names[seat] !== seat ? `${names[seat]} plays` : "";
        const stopped = next.stopped ? `The replay stops at play ${next.stopped.play}: ${next.stopped.rule} ${next.stopped.message}` : "";
        return [`Deal ${next.deal}, play ${next.play} — ${seat} to play`, [who, stopped].filter(Boolean).join(" · ")];
      }
      case "closed":
        return ["The game is closed", "It takes no more entries."];
      default:
        return ["Loading the game…", ""];
    }
  }

  function playSeat(next) {
    return chosenSeat || next.seat;
  }

  // ------------------------------------------------------------ drawing

  function button(text, cls, onClick, data) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    if (cls) b.className = cls;
    if (data) for (const [k, v] of Object.entries(data)) b.dataset[k] = v;
    b.addEventListener("click", onClick);
    return b;
  }

  function render() {
    const { next, seen, held, guessed } = ahead();
    const key = nextKey(next);
    if (key !== lastNextKey) {
      lastNextKey = key;
      chosenSeat = null;
      pickedCard = null;
      if (mode !== "hand" && mode !== "score") picked = [];
    }
    const [main, why] = describeNext(next);
    $("next-main").textContent = main;
    $("next-why").textContent = why + (guessed ? " (the waiting corrections are applied once stored)" : "");
    renderStatus();
    document.querySelectorAll(".deal-number").forEach((el) => { el.textContent = next.deal || ""; });

    const showScore = mode === "score";
    const showHand = mode === "hand";
    $("step-deal").hidden = showScore || showHand || next.kind !== "deal";
    $("step-bid").hidden = showScore || showHand || !(next.kind === "bid" || next.kind === "floor") ||
      !(next.missing || []).includes("bid");
    $("step-floor").hidden = showScore || showHand || !(next.kind === "bid" || next.kind === "floor") ||
      !(next.missing || []).includes("floor");
    $("step-hand").hidden = !showHand;
    $("step-play").hidden = showScore || showHand || next.kind !== "play";
    $("step-score").hidden = !showScore;
    $("undo").disabled = next.kind === "closed";
    $("notation").hidden = next.kind === "closed";
    $("finish").hidden = next.kind === "closed";

    if (next.kind === "deal") renderDealers(next);
    if (next.kind === "bid" || next.kind === "floor") renderBid(next);
    if (next.kind === "play") renderPlaySeats(next);
    if (showScore) renderScore();
    if (showHand) {
      document.querySelector("#step-hand .hand-seat").textContent = chosenSeat || next.seat || "";
      $("hand-record").textContent = picked.length ? `Record hand ${picked.map(cardLabel).join(" ")}` : "Record hand";
    }
    $("score-open").hidden = showScore || !((next.kind === "deal" && next.dealer) ||
      ((next.kind === "bid" || next.kind === "floor") && (next.missing || []).length === 2));

    const pickerMode = showScore ? null : showHand ? "hand"
      : (next.kind === "play" ? "play" : ((next.missing || []).includes("floor") ? "floor" : null));
    renderPicker(pickerMode, seen, held);
    $("outcomes").hidden = !(pickerMode === "play" && pickedCard);
    drawBoard();
    renderQueue();
    renderEntries();
  }

  function renderStatus() {
    const el = $("keep-status");
    const waiting = queue.items.length;
    el.className = "keep-status";
    if (queue.denied) {
      el.textContent = `The edit token was refused: ${queue.denied.error || ""} Open the edit link again.`;
      el.classList.add("bad");
    } else if (queue.conflictInfo) {
      el.textContent = `Stopped: someone else changed the game — ${waiting} ${plural(waiting, "entry", "entries")} waiting`;
      el.classList.add("bad");
      renderConflict();
      return;
    } else if (queue.offline) {
      el.textContent = `offline — ${waiting} ${plural(waiting, "entry", "entries")} waiting`;
      el.classList.add("offline");
    } else if (waiting) {
      el.textContent = `sending — ${waiting} ${plural(waiting, "entry", "entries")} waiting`;
      el.classList.add("sending");
    } else {
      el.textContent = view ? `all entries stored (version ${view.version})` : "connecting…";
      el.classList.add("ok");
    }
    const box = document.getElementById("conflict");
    if (box) box.remove();
  }

  function plural(n, one, many) {
    return n === 1 ? one : many;
  }

  function renderConflict() {
    let box = document.getElementById("conflict");
    const fresh = !box;
    if (fresh) {
      box = document.createElement("div");
      box.id = "conflict";
      box.className = "conflict";
      box.setAttribute("role", "alert");
      document.querySelector(".keep-top").after(box);
    }
    const info = queue.conflictInfo;
    box.replaceChildren();
    const p = document.createElement("p");
    p.textContent = `Your entry “${info.line}” was not stored: the game changed on another device. What changed:`;
    const list = document.createElement("ul");
    for (const e of info.events) {
      const li = document.createElement("li");
      li.textContent = `${e.kind}${e.entry ? ` entry ${e.entry}` : ""}${e.line ? `: ${e.line}` : ""}${e.note ? ` (${e.note})` : ""}`;
      list.append(li);
    }
    box.append(p, list,
      button("Add my entries after these changes", "", () => { queue.resolve("send"); refresh(); }),
      button("Drop my entry", "quiet", () => { queue.resolve("drop"); refresh(); }));
    if (fresh) window.scrollTo({ top: 0 }); // the question sits just under the next step: in sight
  }

  function renderDealers(next) {
    const box = $("dealers");
    box.replaceChildren();
    const allowed = next.allowed_dealers && next.allowed_dealers.length ? next.allowed_dealers : seats;
    for (const seat of allowed) {
      const b = button(`${seatName(seat)} deals`, seat === next.dealer ? "primary" : "", () => {
        add(`deal ${next.deal} dealer ${seat}`);
      }, { seat });
      box.append(b);
    }
  }

  function renderBid(next) {
    const seatsBox = $("bid-seats");
    const bidder = chosenSeat || next.seat || rightOf(next.dealer);
    seatsBox.replaceChildren(...seats.map((seat) => {
      const b = button(seat, "seat", () => { chosenSeat = seat; render(); }, { seat });
      b.setAttribute("aria-pressed", String(seat === bidder));
      return b;
    }));
    const values = $("bid-values");
    values.replaceChildren(...[9, 10, 11, 12, 13].map((v) => button(`${bidder} bids ${v}`, "value", () => {
      add(`bid ${bidder} ${v}`);
    }, { value: v })));
    $("floor-title").textContent = picked.length
      ? `Floor: ${picked.map(cardLabel).join(" ")} — ${4 - picked.length} more`
      : "Floor: pick its 4 cards";
  }

  function renderPlaySeats(next) {
    const box = $("play-seats");
    const current = playSeat(next);
    box.replaceChildren(...seats.map((seat) => {
      const b = button(seat, "seat", () => {
        chosenSeat = seat === next.seat ? null : seat;
        pickedCard = null;
        render();
      }, { seat });
      b.setAttribute("aria-pressed", String(seat === current));
      b.append(textEl("span", "seat-note", seat === next.seat ? "in turn" : (names[seat] && names[seat] !== seat ? names[seat] : "")));
      return b;
    }));
  }

  function renderPicker(pickerMode, seen, held) {
    const box = $("picker");
    box.hidden = !pickerMode;
    if (!pickerMode) return;
    if (!box.firstChild) buildPicker(box);
    box.dataset.mode = pickerMode;
    for (const b of box.querySelectorAll("button.pick")) {
      const card = b.dataset.card;
      const isPicked = pickerMode === "play" ? card === pickedCard : picked.includes(card);
      b.disabled = seen.has(card);
      b.classList.toggle("seen", seen.has(card));
      b.classList.toggle("held", held.has(card));
      b.title = held.has(card) ? "shown in a hand line, not played yet" : "";
      b.setAttribute("aria-pressed", String(isPicked));
    }
  }

  function buildPicker(box) {
    for (const [suit, symbol] of SUITS) {
      const row = document.createElement("div");
      row.className = `suit-row suit-${suit}`;
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", { s: "spades", h: "hearts", d: "diamonds", c: "clubs" }[suit]);
      for (const rank of RANKS) {
        const card = rank + suit;
        const b = button(`${rank}${symbol}`, `pick suit-${suit}`, () => pick(card), { card });
        b.setAttribute("aria-label", card);
        row.append(b);
      }
      box.append(row);
    }
  }

  function pick(card) {
    const mode_ = $("picker").dataset.mode;
    if (mode_ === "play") {
      pickedCard = card;
      render();
      showOutcomes(card);
      return;
    }
    picked = picked.includes(card) ? picked.filter((c) => c !== card) : [...picked, card];
    if (mode_ === "floor" && picked.length === 4) {
      const line = `floor ${picked.join(" ")}`;
      picked = [];
      add(line);
      return;
    }
    render();
  }

  async function showOutcomes(card) {
    const { next } = ahead();
    const seat = playSeat(next);
    const key = `${card}/${seat}/${queue.items.length}/${view ? view.version : 0}`;
    outcomesFor = key;
    $("outcomes-title").textContent = `${seat} plays ${cardLabel(card)}: what happened?`;
    const list = $("outcome-list");
    list.replaceChildren(note("Looking up what this card can do…"));
    let found = null;
    await drained(5000);
    if (outcomesFor !== key) return;
    if (!queue.items.length) {
      try {
        const response = await fetch(`${api}/outcomes?card=${encodeURIComponent(card)}&seat=${seat}`);
        if (response.ok) found = (await response.json()).outcomes;
      } catch (e) {
        queue.setOffline(true);
      }
    }
    if (outcomesFor !== key) return;
    list.replaceChildren();
    if (!found) {
      list.append(note(queue.items.length
        ? "Entries are still waiting, so the floor here is not known yet: record the throw, or type the play in the notation box."
        : "Could not ask the server for this card's outcomes: record the throw, or type the play in the notation box."));
      found = [{ move: card, line: `${seat} ${card}`, kind: "throw", legal: true, violations: [], unjudged: true }];
    }
    for (const outcome of found) list.append(outcomeButton(outcome));
    $("outcomes").scrollIntoView({ block: "nearest" });
  }

  /* Wait (at most `ms`) for the entries on their way to be stored, unless the page is offline. */
  async function drained(ms) {
    const until = Date.now() + ms;
    while (queue.items.length && !queue.offline && !queue.conflictInfo && Date.now() < until) {
      await new Promise((done) => { setTimeout(done, 100); });
    }
  }

  function note(text) {
    const p = document.createElement("p");
    p.className = "hint";
    p.textContent = text;
    return p;
  }

  const KIND_WORDS = { capture: "capture", house: "house", break: "break a house", throw: "throw" };

  function outcomeButton(outcome) {
    const b = button("", `outcome ${outcome.legal ? "legal" : "illegal"}`, () => {
      pickedCard = null;
      add(outcome.line);
    }, { line: outcome.line, move: outcome.move });
    const move = document.createElement("span");
    move.className = "move";
    move.textContent = outcome.move;
    const kind = document.createElement("span");
    kind.className = "kind";
    const verdict = outcome.unjudged ? " · judged once stored" : outcome.legal ? " · keeps the rules" : "";
    kind.textContent = `${KIND_WORDS[outcome.kind] || outcome.kind}${verdict}`;
    b.append(move, kind);
    for (const v of outcome.violations) {
      const rule = document.createElement("span");
      rule.className = "rule";
      rule.textContent = `breaks ${v.rule}: ${v.message}`;
      b.append(rule);
    }
    return b;
  }

  // ------------------------------------------------------------ the board (floor and ledger, from the server)

  const BOARD_KEY = `seeplog-live-board-${gameId}`;
  let board = loadBoard(); // {etag, version, floor, ledger}: the last fragment, kept for a reload offline

  function loadBoard() {
    try { return JSON.parse(localStorage.getItem(BOARD_KEY) || "null"); } catch (e) { return null; }
  }

  /* The board fragment's floor and ledger parts, asked again with If-None-Match (304: nothing changed). */
  async function fetchBoard() {
    try {
      const headers = board && board.etag ? { "If-None-Match": board.etag } : {};
      const response = await fetch(`${boardUrl}?parts=floor,ledger`, { headers, cache: "no-store" });
      if (response.status === 200) {
        const doc = new DOMParser().parseFromString(await response.text(), "text/html");
        const part = (id) => { const el = doc.getElementById(id); return el ? el.outerHTML : ""; };
        const root_ = doc.getElementById("live-board");
        board = { etag: response.headers.get("ETag"), version: Number(root_ ? root_.dataset.version : 0),
                  floor: part("live-floor"), ledger: part("live-ledger") };
        localStorage.setItem(BOARD_KEY, JSON.stringify(board));
      }
    } catch (e) {
      queue.setOffline(true);
    }
    drawBoard();
  }

  function fragment(html) {
    const t = document.createElement("template");
    t.innerHTML = html || "";
    return t.content;
  }

  /* The floor and the ledger as the server last drew them; marked as behind while entries wait. */
  function drawBoard() {
    const { next } = ahead();
    const behind = !board || queue.items.length > 0 || (view && board.version < view.version);
    const floorKnown = next.kind === "play" || (next.kind === "bid" && !(next.missing || []).includes("floor"));
    $("floor-now").hidden = !floorKnown || mode === "score" || mode === "hand";
    $("floor-board").replaceChildren(fragment(board ? board.floor : ""));
    $("ledger-board").replaceChildren(fragment(board ? board.ledger : ""));
    $("floor-now").classList.toggle("behind", behind);
    $("floor-now").dataset.version = board ? String(board.version) : "";
    $("board-behind").hidden = !behind;
    $("board-behind").textContent = board
      ? "Drawn before the entries still waiting: it is drawn again once they are stored."
      : "The floor is drawn once the server can be reached.";
  }

  function renderQueue() {
    const list = $("queue-list");
    list.replaceChildren();
    for (const item of queue.items) {
      const li = document.createElement("li");
      li.className = "waiting";
      li.textContent = `${itemText(item)} — waiting`;
      list.append(li);
    }
    for (const item of queue.refusedItems) {
      const li = document.createElement("li");
      li.className = "refused";
      const text = document.createElement("span");
      text.textContent = `${itemText(item)} — refused: ${item.error}`;
      li.append(text,
        button("Fix", "small", () => {
          $("line").value = item.body.line || "";
          $("line").focus();
          queue.dropRefused(item.client_id);
        }),
        button("Dismiss", "small quiet", () => queue.dropRefused(item.client_id)));
      list.append(li);
    }
    $("queue-view").hidden = !list.childElementCount;
  }

  function itemText(item) {
    const b = item.body;
    if (item.path === "/undo") return "undo the last entry";
    if (item.path === "/close") return "close the game";
    if (b.replace) return `replace entry ${b.replace} by ${b.line}`;
    if (b.insert_before) return `insert before entry ${b.insert_before}: ${b.line}`;
    if (b.delete) return `delete entry ${b.delete}`;
    return b.line;
  }

  // ------------------------------------------------------------ the deal's entries, corrected

  let correcting = null; // {number, kind}

  let shownDeal = null; // the deal whose entries are listed (null: the last one)

  function renderEntries() {
    const list = $("entry-list");
    list.replaceChildren();
    const all = view ? view.entries : [];
    const deals = [...new Set(all.map((e) => e.deal))];
    const deal = deals.includes(shownDeal) ? shownDeal : (view ? view.lastDeal : null);
    renderDealChoice(deals, deal);
    const entries = all.filter((e) => e.deal === deal);
    for (const e of entries) {
      const li = document.createElement("li");
      li.dataset.entry = e.number;
      li.className = e.findings.length ? "flagged" : "";
      const line = document.createElement("code");
      line.textContent = e.line;
      const head = document.createElement("div");
      head.className = "entry-head";
      const label = document.createElement("span");
      label.className = "entry-place";
      label.textContent = e.play ? `play ${e.play}` : e.kind;
      head.append(label, line);
      li.append(head);
      if (e.words) li.append(textEl("p", "words", e.words));
      for (const f of e.findings) li.append(textEl("p", "finding", `${f.rule}: ${f.message}`));
      const actions = document.createElement("div");
      actions.className = "entry-actions";
      actions.append(
        button("Edit", "small", () => { correcting = { number: e.number, kind: "replace", line: e.line }; renderEntries(); }),
        button("Insert before", "small", () => { correcting = { number: e.number, kind: "insert_before", line: "" }; renderEntries(); }),
        button("Delete", "small quiet", () => { correcting = { number: e.number, kind: "delete" }; renderEntries(); }));
      li.append(actions);
      if (correcting && correcting.number === e.number) li.append(correctionForm(correcting));
      list.append(li);
    }
    if (!entries.length) list.append(textEl("li", "hint", "No entry in this deal yet."));
  }

  function renderDealChoice(deals, deal) {
    const select = $("entries-deal");
    select.replaceChildren(...deals.map((d) => {
      const option = document.createElement("option");
      option.value = String(d);
      option.textContent = `Deal ${d}`;
      option.selected = d === deal;
      return option;
    }));
    select.parentElement.hidden = deals.length < 2;
  }

  function textEl(tag, cls, text) {
    const el = document.createElement(tag);
    el.className = cls;
    el.textContent = text;
    return el;
  }

  function correctionForm(c) {
    const form = document.createElement("form");
    form.className = "correction";
    const fields = [];
    if (c.kind !== "delete") {
      const input = document.createElement("input");
      input.name = "correction-line";
      input.value = c.line;
      input.setAttribute("aria-label", c.kind === "replace" ? `new line for entry ${c.number}` : `line to insert before entry ${c.number}`);
      input.autocapitalize = "off";
      input.spellcheck = false;
      fields.push(input);
    }
    const reason = document.createElement("input");
    reason.name = "reason";
    reason.placeholder = "reason (optional)";
    reason.setAttribute("aria-label", "reason (optional)");
    fields.push(reason);
    const submit = document.createElement("button");
    submit.type = "submit";
    submit.textContent = { replace: "Save the correction", insert_before: "Insert", delete: `Delete entry ${c.number}` }[c.kind];
    form.append(...fields, submit, button("Cancel", "quiet", () => { correcting = null; renderEntries(); }));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const body = { [c.kind]: c.number };
      if (c.kind !== "delete") {
        const line = fields[0].value.trim();
        if (!line) return;
        body.line = line;
      }
      if (reason.value.trim()) body.note = reason.value.trim();
      correcting = null;
      queue.add("/entries", body);
    });
    return form;
  }

  // ------------------------------------------------------------ the ledger

  // ------------------------------------------------------------ score only

  function renderScore() {
    const box = $("score-teams");
    if (box.childElementCount) return;
    for (const team of teams) {
      const row = document.createElement("div");
      row.className = "score-team";
      row.append(textEl("span", "team", team));
      for (const [name, label] of [["points", "card points"], ["sweeps", "sweep points"]]) {
        const l = document.createElement("label");
        const input = document.createElement("input");
        input.type = "number";
        input.min = "0";
        input.inputMode = "numeric";
        input.name = `${team}-${name}`;
        if (name === "sweeps") input.value = "0";
        l.append(textEl("span", "", label), input);
        row.append(l);
      }
      box.append(row);
    }
  }

  function scoreLine(form) {
    const parts = ["score"];
    for (const team of teams) {
      const points = form.elements[`${team}-points`].value.trim();
      const sweeps = form.elements[`${team}-sweeps`].value.trim();
      if (points === "") return null;
      parts.push(team, Number(sweeps) > 0 ? `${Number(points)}+${Number(sweeps)}` : String(Number(points)));
    }
    return parts.join(" ");
  }

  // ------------------------------------------------------------ entries in and answers out

  function add(line) {
    queue.add("/entries", { line });
  }

  function onStored(item, answer) {
    showAnswer(item, answer);
    if (!queue.items.length) window.scrollTo({ top: 0 });
    if (!queue.items.length) refresh();
  }

  function onRefused(item, body) {
    const banner = $("banner");
    banner.replaceChildren();
    banner.className = "banner refused";
    const where = (body.errors || []).map((e) => `${e.rule ? `${e.rule}: ` : ""}${e.message}`).join("; ");
    banner.append(textEl("p", "banner-title", `Not recorded: ${itemText(item)}`),
      textEl("p", "", body.error || ""), ...(where ? [textEl("p", "", where)] : []), closeButton());
    banner.hidden = false;
    render();
  }

  function closeButton() {
    return button("OK", "small quiet close", () => { $("banner").hidden = true; });
  }

  function showAnswer(item, answer) {
    if (item.path === "/undo") return;
    if (item.path === "/close") {
      $("said").textContent = "The game is closed: it takes no more entries.";
      $("said").hidden = false;
      return;
    }
    const said = $("said");
    const verdict = answer.verdict;
    said.textContent = verdict && verdict.words ? verdict.words
      : answer.kind === "append" ? `Recorded: ${answer.line}` : `${answer.kind}${answer.entry ? ` entry ${answer.entry}` : ""}${answer.line ? `: ${answer.line}` : ""} — done`;
    said.hidden = false;
    const problems = verdict ? [...verdict.errors, ...verdict.violations] : [];
    const banner = $("banner");
    if (!problems.length && !answer.revealed.length && !answer.cleared.length) {
      banner.hidden = true;
      return;
    }
    banner.replaceChildren();
    banner.className = problems.length ? "banner flagged" : "banner info";
    if (problems.length) {
      banner.append(textEl("p", "banner-title", `Flagged: ${answer.line || itemText(item)}`));
      for (const p of problems) {
        const line = document.createElement("p");
        line.append(textEl("strong", "rule", p.rule || "error"), document.createTextNode(` ${p.message}`));
        banner.append(line);
      }
    }
    for (const f of answer.revealed) banner.append(textEl("p", "revealed", `Now flagged, entry ${f.entry}${f.play ? ` (play ${f.play})` : ""}: ${f.rule} ${f.message || ""}`));
    for (const f of answer.cleared) banner.append(textEl("p", "cleared", `Cleared, entry ${f.entry}${f.play ? ` (play ${f.play})` : ""}: ${f.rule}`));
    banner.append(closeButton());
    banner.hidden = false;
  }

  async function refresh() {
    try {
      const headers = etag ? { "If-None-Match": etag } : {};
      const response = await fetch(api, { headers, cache: "no-store" });
      if (response.status === 200) {
        etag = response.headers.get("ETag");
        keepView(await response.json());
        queue.see(view.version);
      }
      if (response.status === 200 || response.status === 304) queue.setOffline(false);
    } catch (e) {
      queue.setOffline(true);
    }
    render();
    if (!queue.items.length) await fetchBoard();
  }

  // ------------------------------------------------------------ wiring

  $("notation").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("line");
    const line = input.value.trim();
    if (!line) return;
    input.value = "";
    add(line);
  });
  $("undo").addEventListener("click", () => {
    const waiting = queue.items[queue.items.length - 1];
    const stored = view && view.entries.length ? view.entries[view.entries.length - 1].line : null;
    const line = waiting ? itemText(waiting) : stored;
    if (queue.takeBackLast()) {
      $("said").textContent = `Taken back before it was sent: ${line}`;
    } else {
      queue.add("/undo", { note: "undo on the keep-score page" });
      $("said").textContent = line ? `Undone: ${line}` : "Undone: the last entry.";
    }
    $("said").hidden = false;
    $("banner").hidden = true;
  });
  $("close-game").addEventListener("click", () => {
    queue.add("/close", { note: "closed on the keep-score page" });
    $("finish").open = false;
  });
  $("outcomes-cancel").addEventListener("click", () => { pickedCard = null; render(); });
  $("hand-open").addEventListener("click", () => { mode = "hand"; picked = []; render(); });
  $("hand-cancel").addEventListener("click", () => { mode = null; picked = []; render(); });
  $("hand-record").addEventListener("click", () => {
    const { next } = ahead();
    const seat = chosenSeat || next.seat;
    if (picked.length) add(`hand ${seat} ${picked.join(" ")}`);
    mode = null;
    picked = [];
    render();
  });
  $("score-open").addEventListener("click", () => { mode = "score"; render(); $("score-form").elements[0].focus(); });
  $("score-cancel").addEventListener("click", () => { mode = null; render(); });
  $("score-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const { next } = ahead();
    const line = scoreLine(event.target);
    if (!line) return;
    if (next.kind === "deal") add(`deal ${next.deal} dealer ${next.dealer || next.allowed_dealers[0]}`);
    add(line);
    mode = null;
    event.target.reset();
    render();
  });
  $("entries-deal").addEventListener("change", (event) => {
    shownDeal = Number(event.target.value);
    correcting = null;
    renderEntries();
  });
  window.addEventListener("online", () => { if (queue.items.length) queue.flush(); else refresh(); });
  let tick = 0;
  setInterval(() => {
    tick += 1;
    if (queue.items.length) queue.flush();
    else if (queue.offline && tick % 3 === 0) refresh(); // is the server back? (every 9 s)
  }, 3000);

  render();
  refresh().then(() => queue.flush());
})();
