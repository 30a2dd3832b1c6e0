/* What the server answered an entry: the words it says, and a banner for what it flagged, refused,
 * newly flagged or cleared. */
import { $ } from "./page.js";
import { keep, hooks, redraw } from "./state.js";
import { button, textEl } from "./dom.js";
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
  const where = (body.errors || []).map((e) => `${e.rule ? `${e.rule}: ` : ""}${e.message}`).join("; ");
  banner.replaceChildren(textEl("p", "banner-title", `Not recorded: ${itemText(item)}`),
    textEl("p", "", body.error || ""), ...(where ? [textEl("p", "", where)] : []), closeButton());
  banner.hidden = false;
  redraw();
}

function closeButton() {
  return button("OK", "small quiet close", () => { $("banner").hidden = true; });
}

/* The server's words for the entry stored, in the "said" line. */
function sayStored(item, answer) {
  const verdict = answer.verdict;
  $("said").textContent = verdict && verdict.words ? verdict.words
    : answer.kind === "append" ? `Recorded: ${answer.line}`
      : `${answer.kind}${answer.entry ? ` entry ${answer.entry}` : ""}${answer.line ? `: ${answer.line}` : ""} — done`;
  $("said").hidden = false;
}

function showAnswer(item, answer) {
  if (item.path === "/undo") return;
  if (item.path === "/close") {
    $("said").textContent = "The game is closed: it takes no more entries.";
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
  if (problems.length) banner.append(textEl("p", "banner-title", `Flagged: ${answer.line || itemText(item)}`));
  for (const p of problems) {
    const line = document.createElement("p");
    line.append(textEl("strong", "rule", p.rule || "error"), document.createTextNode(` ${p.message}`));
    banner.append(line);
  }
  const where = (f) => `entry ${f.entry}${f.play ? ` (play ${f.play})` : ""}`;
  for (const f of answer.revealed) banner.append(textEl("p", "revealed", `Now flagged, ${where(f)}: ${f.rule} ${f.message || ""}`));
  for (const f of answer.cleared) banner.append(textEl("p", "cleared", `Cleared, ${where(f)}: ${f.rule}`));
  banner.append(closeButton());
  banner.hidden = false;
}
