/* What the server answered an entry: the words it says, and a banner for what it flagged, refused,
 * newly flagged or cleared. */
import { $ } from "./page.js";
import { keep, hooks, redraw } from "./state.js";
import { button, said, t, textEl } from "./dom.js";
import { itemText } from "./waiting.js";

export function onStored(item, answer) {
  showAnswer(item, answer);
  if (!keep.queue.items.length) {
    window.scrollTo({ top: 0 });
    hooks.refresh();
  }
}

export function onRefused(item, body) {
  const banner = $("banner");
  banner.className = "banner refused";
  const errors = body.errors || [];
  const where = errors.map((e) => `${e.rule ? `${e.rule}: ` : ""}${said(e)}`).join("; ");
  const told = errors.length && errors.every((e) => e.said);  /* the errors say it all, in the reader's language */
  banner.replaceChildren(textEl("p", "banner-title", t("Not recorded: {item}", { item: itemText(item) })),
    ...(told ? [] : [textEl("p", "", body.error || "")]), ...(where ? [textEl("p", "", where)] : []), closeButton());
  banner.hidden = false;
  redraw();
}

function closeButton() {
  return button(t("OK"), "small quiet close", () => { $("banner").hidden = true; });
}

/* The server's words for the entry stored, in the "said" line. */
function sayStored(item, answer) {
  const verdict = answer.verdict;
  $("said").textContent = verdict && verdict.words ? said({ said: verdict.words_said, message: verdict.words })
    : answer.kind === "append" ? t("Recorded: {line}", { line: answer.line })
      : `${answer.kind}${answer.entry ? ` ${t("entry {entry}", { entry: answer.entry })}` : ""}${answer.line ? `: ${answer.line}` : ""} — ${t("done")}`;
  $("said").hidden = false;
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
  const banner = $("banner");
  if (!problems.length && !answer.revealed.length && !answer.cleared.length) {
    banner.hidden = true;
    return;
  }
  banner.replaceChildren();
  banner.className = problems.length ? "banner flagged" : "banner info";
  if (problems.length) banner.append(textEl("p", "banner-title", t("Flagged: {line}", { line: answer.line || itemText(item) })));
  for (const p of problems) {
    const line = document.createElement("p");
    line.append(textEl("strong", "rule", p.rule || t("error")), document.createTextNode(` ${said(p)}`));
    banner.append(line);
  }
  const where = (f) => (f.play ? t("entry {entry} (play {play})", f) : t("entry {entry}", f));
  for (const f of answer.revealed) banner.append(textEl("p", "revealed", `${t("Now flagged, {where}:", { where: where(f) })} ${f.rule} ${said(f)}`));
  for (const f of answer.cleared) banner.append(textEl("p", "cleared", `${t("Cleared, {where}:", { where: where(f) })} ${f.rule}`));
  banner.append(closeButton());
  banner.hidden = false;
}
