/* Score only: a deal recorded by its score line, without its plays. */
import { $, teams } from "./page.js";
import { t, textEl } from "./dom.js";

const FIELDS = [["points", () => t("card points")], ["sweeps", () => t("sweep points")]];

export function renderScore() {
  const box = $("score-teams");
  if (box.childElementCount) return;
  for (const team of teams) {
    const row = document.createElement("div");
    row.className = "score-team";
    row.append(textEl("span", "team", team), ...FIELDS.map(([name, label]) => scoreField(team, name, label)));
    box.append(row);
  }
}

function scoreField(team, name, label) {
  const l = document.createElement("label");
  const input = document.createElement("input");
  input.type = "number";
  input.min = "0";
  input.inputMode = "numeric";
  input.name = `${team}-${name}`;
  if (name === "sweeps") input.value = "0";
  l.append(textEl("span", "", label()), input);
  return l;
}

/* The score line the form says ("score NS 40 EW 60+50"), or null while a team's points are empty. */
export function scoreLine(form) {
  const parts = ["score"];
  for (const team of teams) {
    const points = form.elements[`${team}-points`].value.trim();
    const sweeps = form.elements[`${team}-sweeps`].value.trim();
    if (points === "") return null;
    parts.push(team, Number(sweeps) > 0 ? `${Number(points)}+${Number(sweeps)}` : String(Number(points)));
  }
  return parts.join(" ");
}
