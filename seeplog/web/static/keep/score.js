/* Score only: a deal recorded by its score line, without its plays; when the deal is not in yet and more
 * than one seat may deal it (a team rotation, or after a deal whose score is not known), the form asks who
 * dealt, as the dealer step would. */
import { $, seats, teams } from "./page.js";
import { t, textEl } from "./dom.js";
import { seatName } from "./cards.js";

const FIELDS = [["points", () => t("card points")], ["sweeps", () => t("sweep points")]];

export function renderScore(next) {
  renderDealerChoice(next);
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
  else input.required = true;  // an empty box is said at the box, not sent (the form recorded nothing, silently)
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

/* The seats that may deal the deal the score is for, when there is a choice (none named), else none. */
function dealerChoices(next) {
  const allowed = next.allowed_dealers && next.allowed_dealers.length ? next.allowed_dealers : seats;
  return next.kind === "deal" && allowed.length > 1 ? allowed : [];
}

function renderDealerChoice(next) {
  const choices = dealerChoices(next);
  const box = $("score-dealer");
  const key = choices.join(" ");
  box.hidden = !choices.length;
  if (box.dataset.seats === key) return;
  box.dataset.seats = key;
  $("score-dealers").replaceChildren(...choices.map((seat) => {
    const label = document.createElement("label");
    const input = document.createElement("input");
    Object.assign(input, { type: "radio", name: "dealer", value: seat, required: true, checked: seat === next.dealer });
    label.append(input, textEl("span", "", seatName(seat)));
    return label;
  }));
}

/* The deal line a score-only deal needs first ("deal 2 dealer W"), or "" when the deal is in already; null
 * while the form still asks who dealt. */
export function dealLine(form, next) {
  if (next.kind !== "deal") return "";
  const dealer = dealerChoices(next).length ? form.elements.dealer.value : next.dealer || (next.allowed_dealers || [])[0];
  return dealer ? `deal ${next.deal} dealer ${dealer}` : null;
}
