/* The entries of a deal (the last one, or one chosen), each with its findings and its corrections: edit,
 * insert before, delete, each with an optional reason, and with the entry it means (meant.js). */
import { $ } from "./page.js";
import { keep } from "./state.js";
import { button, said, shownHeard, t, textEl } from "./dom.js";
import { heardSaid } from "./cards.js";
import { targetOf } from "./meant.js";
import { placeOf, placeWords, shortPlace } from "./places.js";
import { spokenCode } from "./waiting.js";

const SUBMIT_WORDS = { replace: () => t("Save the correction"), insert_before: () => t("Insert") };

export function renderEntries() {
  const list = $("entry-list");
  list.replaceChildren();
  const view = keep.view;
  const all = view ? view.entries : [];
  const deals = [...new Set(all.map((e) => e.deal))];
  const deal = deals.includes(keep.shownDeal) ? keep.shownDeal : (view ? view.lastDeal : null);
  renderDealChoice(deals, deal);
  const entries = all.filter((e) => e.deal === deal);
  for (const e of entries) list.append(entryItem(e));
  if (!entries.length) list.append(textEl("li", "hint", t("No entry in this deal yet.")));
}

function entryItem(e) {
  const li = document.createElement("li");
  li.dataset.entry = e.number;
  li.className = e.findings.length ? "flagged" : "";
  const head = document.createElement("div");
  head.className = "entry-head";
  head.append(textEl("span", "entry-place", shortPlace(e)), spokenCode(e.line));
  li.append(head);  // cards and seats shown in notation, heard in words, as the last entry is
  const words = { said: e.words_said, message: e.words };
  if (e.words) li.append(spoken("words", said(words), heardSaid(words)));
  for (const f of e.findings) li.append(spoken("finding", `${f.rule}: ${said(f)}`, `${f.rule}: ${heardSaid(f)}`));
  const actions = document.createElement("div");
  actions.className = "entry-actions";
  const entry = placeWords(placeOf(e));
  const correct = (kind, text) => () => {
    keep.correcting = { number: e.number, kind, line: text, target: targetOf(e), entry, fresh: true };
    renderEntries();
  };
  actions.append(
    named(button(t("Edit"), "small", correct("replace", e.line)), t("Edit {entry}", { entry })),
    named(button(t("Insert before"), "small", correct("insert_before", "")), t("Insert before {entry}", { entry })),
    named(button(t("Delete"), "small quiet", correct("delete", "")), t("Delete {entry}", { entry })));
  li.append(actions);
  if (keep.correcting && keep.correcting.number === e.number) li.append(correctionForm(keep.correcting));
  return li;
}

/* A paragraph of the entry: `shown` for the eye (its cards and seats in notation), `heard` for screen readers. */
function spoken(cls, shown, heard) {
  const p = textEl("p", cls, "");
  p.replaceChildren(...shownHeard(shown, heard));
  return p;
}

/* Each entry's buttons heard with the entry they act on ("Edit play 2 of deal 1"), not alike down the list. */
function named(b, label) {
  b.setAttribute("aria-label", label);
  return b;
}

function renderDealChoice(deals, deal) {
  const select = $("entries-deal");
  select.replaceChildren(...deals.map((d) => {
    const option = document.createElement("option");
    option.value = String(d);
    option.textContent = t("Deal {deal}", { deal: d });
    option.selected = d === deal;
    return option;
  }));
  select.parentElement.hidden = deals.length < 2;
}

function correctionInput(c) {
  const input = document.createElement("input");
  input.name = "correction-line";
  input.value = c.line;
  input.setAttribute("aria-label", c.kind === "replace" ? t("new line for {entry}", c) : t("line to insert before {entry}", c));
  input.autocapitalize = "off";
  input.spellcheck = false;
  return input;
}

function correctionForm(c) {
  const form = document.createElement("form");
  form.className = "correction";
  const input = c.kind === "delete" ? null : correctionInput(c);
  const reason = document.createElement("input");
  reason.name = "reason";
  reason.placeholder = t("reason (optional)");
  reason.setAttribute("aria-label", t("reason (optional)"));
  const submit = document.createElement("button");
  submit.type = "submit";
  submit.textContent = SUBMIT_WORDS[c.kind] ? SUBMIT_WORDS[c.kind]() : t("Delete {entry}", c);
  form.append(...(input ? [input] : []), reason, submit,
    button(t("Cancel"), "quiet", () => { keep.correcting = null; renderEntries(); }));
  if (c.fresh) {  // the form just opened: the keyboard goes to its first field
    c.fresh = false;
    requestAnimationFrame(() => (input || reason).focus());
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const body = { [c.kind]: c.number, entry_id: c.target.id };  // stored only while entry c.number is that one
    if (input) {
      body.line = input.value.trim();
      if (!body.line) return;
    }
    if (reason.value.trim()) body.note = reason.value.trim();
    keep.correcting = null;
    keep.queue.add("/entries", body, { target: c.target });
  });
  return form;
}
