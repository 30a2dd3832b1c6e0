/* What the server answered an entry: the words it says, and a banner of notes, one for each entry stored
 * flagged (its findings, and those it revealed, cleared or left unjudged on other entries), each entry refused
 * and each waiting entry the queue dropped. Entries sent together (after being offline) each leave their note:
 * every note stays, kept on the phone, until the scorekeeper taps OK, or, for a flag, until the game shows the
 * finding no more (corrected, or the entry gone); a refused entry's, until it is fixed or dismissed. */
import { $, NOTES_KEY } from "./page.js";
import { keep, hooks } from "./state.js";
import { button, said, shownHeard, t, textEl } from "./dom.js";
import { heard, heardSaid } from "./cards.js";
import { itemText } from "./waiting.js";
import { entryById, entryWords, placeOf } from "./places.js";
import { pickerInSight } from "./picker.js";

const MOST_NOTES = 30;
let drawn = null;  // the notes as last drawn: the banner (an alert) is drawn again only when they change

export function onStored(item, answer) {
  showAnswer(item, answer);
  if (!keep.queue.items.length) {
    window.scrollTo({ top: 0 });
    pickerInSight();
    hooks.refresh();
  }
}

export function onRefused(item, body) {
  const errors = body.errors || [];
  addNote({ kind: "refused", client_id: item.client_id, line: itemText(item), error: body.error || "", said: body.said, errors });
}

/* Waiting entries the queue took out: "gone" (the entry an undo or correction meant is no longer in the
 * game), "same" (the other phone recorded these lines in their place already), "unsent" (the line an undo
 * meant was never stored). */
export function onDropped(items, why) {
  addNote({ kind: "dropped", why, lines: items.map((item) => itemText(item)) });
  if (!keep.queue.items.length) hooks.refresh();  // nothing left to send: the game as the other phone left it
}

function notes() {
  if (keep.notes === null) {
    try { keep.notes = JSON.parse(localStorage.getItem(NOTES_KEY) || "[]"); } catch (e) { keep.notes = []; }
  }
  return keep.notes;
}

function setNotes(list) {
  keep.notes = list.slice(-MOST_NOTES);
  localStorage.setItem(NOTES_KEY, JSON.stringify(keep.notes));
}

function addNote(note) {
  setNotes([...notes(), note]);
  renderBanner();
}

/* The server's words for the entry stored, in the "said" line: cards and seats shown in notation, heard in
 * words (`line` and `sayIt` say a line and a sentence one way or the other). */
function sayStored(item, answer) {
  const verdict = answer.verdict;
  const words = (line, sayIt) => (verdict && verdict.words ? sayIt({ said: verdict.words_said, message: verdict.words })
    : answer.kind === "append" ? t("Recorded: {line}", { line: (line === heard && spokenLine(answer.line)) || line(answer.line) })
      : item.was === "undo" ? t("Undone: {line}", { line: line(item.target.line) })
        : correctedWords(answer.kind, entryWords(item.target || {}), line(answer.line || "")));
  $("said").replaceChildren(...shownHeard(words((line) => line, said), words(heard, heardSaid)));
  $("said").hidden = false;
}

/* A deal, bid, floor, hand or redeal line as a sentence for the ear ("Deal 1 begins: Asha (North) deals."), in
   the reader's language; null for another line (heard as it is, its cards and seats in words). */
function spokenLine(text) {
  const words = (text || "").trim().split(/\s+/);
  const [head, second, third] = [words[0].toLowerCase(), words[1] || "", words[2] || ""];
  const seat = (word) => heard(word.toUpperCase());
  const cards = (from) => heard(words.slice(from).join(" "));
  if (head === "deal" && words.length >= 4) return t("Deal {deal} begins: {seat} deals.", { deal: second, seat: seat(words[3]) });
  if (head === "bid" && words.length >= 3) return t("{seat} bids {bid}.", { seat: seat(second), bid: third });
  if (head === "floor" && words.length >= 2) return t("The floor: {cards}.", { cards: cards(1) });
  if (head === "hand" && words.length >= 3) return t("{seat}'s hand: {cards}.", { seat: seat(second), cards: cards(2) });
  if (head === "redeal" && words.length >= 3) {
    return second.toLowerCase() === "floor" ? t("Redeal: the floor showed {cards}.", { cards: cards(2) })
      : t("Redeal: {seat} showed {cards}.", { seat: seat(second), cards: cards(2) });
  }
  return null;
}

/* A correction stored, in the reader's language, as the conflict question says another phone's. */
function correctedWords(kind, entry, line) {
  if (kind === "replace") return t("{entry} was corrected to “{line}”", { entry, line });
  if (kind === "insert") return t("“{line}” was inserted before {entry}", { entry, line });
  if (kind === "delete") return t("{entry} was deleted", { entry });
  return t("{entry} was changed ({kind})", { entry, kind });
}

function showAnswer(item, answer) {
  if (item.path === "/undo") return;
  if (item.path === "/close") {
    $("said").textContent = t("The game is closed: it takes no more entries.");
    $("said").hidden = false;
    return;
  }
  sayStored(item, answer);
  const verdict = answer.verdict;
  const problems = verdict ? [...verdict.errors, ...verdict.violations] : [];
  const [revealed, cleared, unjudged] = [answer.revealed, answer.cleared, answer.unjudged].map(placed);
  if (problems.length || revealed.length || cleared.length || unjudged.length) {
    addNote({ kind: "answer", version: answer.version, id: answer.id, line: answer.line || itemText(item),
              problems, revealed, cleared, unjudged, flags: problems.length + revealed.length });
  }
}

/* Findings on other entries, each with its entry's place as the page has it now (before the answer's change:
 * an entry it deleted is named all the same). */
function placed(findings) {
  return (findings || []).map((f) => {
    const entry = entryById(f.entry_id);
    return entry ? { ...f, place: placeOf(entry) } : f;
  });
}

/* The notes still to show: a flag the game shows no more is gone (once the page has the game as the answer
 * left it, or later), and so is a note left without a flag; a refused entry's, once it is fixed or dismissed. */
function standing(list) {
  const view = keep.view;
  const refused = new Set(keep.queue.refusedItems.map((i) => i.client_id));
  const still = (id, f) => view.entries.some((e) => e.id === id && e.findings.some((g) => g.rule === f.rule && g.message === f.message));
  return list.map((n) => {
    if (n.kind !== "answer" || !n.flags || !view || view.version < n.version) return n;
    const problems = n.problems.filter((f) => still(n.id, f));
    const revealed = n.revealed.filter((f) => still(f.entry_id, f));
    return problems.length + revealed.length ? { ...n, problems, revealed } : null;
  }).filter((n) => n && (n.kind !== "refused" || refused.has(n.client_id)));
}

export function renderBanner() {
  const list = standing(notes());
  if (list.length !== notes().length) setNotes(list);
  const key = JSON.stringify(list);
  if (key === drawn) return;
  drawn = key;
  const banner = $("banner");
  banner.hidden = !list.length;
  if (!list.length) {
    banner.replaceChildren();
    return;
  }
  const flagged = list.some((n) => n.kind === "answer" && n.problems.length + n.revealed.length);
  banner.className = `banner ${list.some((n) => n.kind === "refused") ? "refused" : flagged ? "flagged" : "info"}`;
  banner.replaceChildren(...list.map(noteElement), button(t("OK"), "small quiet close", () => {
    setNotes([]);
    renderBanner();
  }));
}

function noteElement(note) {
  const box = document.createElement("div");
  box.className = `note ${note.kind}`;
  if (note.kind === "refused") box.append(...refusedLines(note));
  else if (note.kind === "dropped") box.append(textEl("p", "dropped", droppedWords(note)));
  else box.append(...answerLines(note));
  return box;
}

function refusedLines(note) {
  const where = note.errors.map((e) => `${e.rule ? `${e.rule}: ` : ""}${said(e)}`).join("; ");
  const told = note.errors.length && note.errors.every((e) => e.said);  /* the errors say it all, in the reader's language */
  return [textEl("p", "banner-title", t("Not recorded: {item}", { item: note.line })),
    ...(told ? [] : [textEl("p", "", said({ message: note.error, said: note.said }))]), ...(where ? [textEl("p", "", where)] : [])];
}

function droppedWords(note) {
  const lines = note.lines.join(", ");
  if (note.why === "same") return t("Already entered on the other phone, not sent again: {lines}", { lines });
  if (note.why === "unsent") return t("Dropped, the line it undid was never stored: {lines}", { lines });
  return t("Dropped, the entry it was meant for is no longer in the game: {lines}", { lines });
}

function answerLines(note) {
  const out = [];
  if (note.problems.length) out.push(textEl("p", "banner-title", t("Flagged: {line}", { line: note.line })));
  for (const p of note.problems) {
    const line = document.createElement("p");
    line.append(textEl("strong", "rule", p.rule || t("error")), document.createTextNode(` ${said(p)}`));
    out.push(line);
  }
  const where = (f) => entryWords({ id: f.entry_id, place: f.place }, f.play ? t("play {play}", f) : t("an entry"));
  for (const f of note.revealed) out.push(textEl("p", "revealed", `${t("Now flagged, {where}:", { where: where(f) })} ${f.rule} ${said(f)}`));
  for (const f of note.cleared) out.push(textEl("p", "cleared", `${t("Cleared, {where}:", { where: where(f) })} ${f.rule}`));
  for (const f of note.unjudged) {
    out.push(textEl("p", "unjudged", `${t("Not judged until the error before it is corrected, {where}:", { where: where(f) })} ${f.rule}`));
  }
  return out;
}
