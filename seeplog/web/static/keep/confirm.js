/* Opponent confirmation at an event's table: once a deal is over, the opposing team confirms its score on
 * this phone with one tap, or refuses it with a reason (the director is told). Only an event's table asks
 * (the server draws its page with data-confirm, the confirmations' address); the answers live on the
 * server, not here. */
import { $ } from "./page.js";
import { keep, redraw } from "./state.js";
import { button, said, t, textEl } from "./dom.js";

const url = ($("keep") || { dataset: {} }).dataset.confirm;
const state = { known: null, version: null, etag: null, loading: false, refusing: null, reason: "", said: "", focus: null };
/* `reason`: the refusal's words typed so far (kept when the box is drawn again); `focus`: the role of the control
 * (or "answer") the next drawing gives the focus, after a tap that takes its own control away. */

async function load(version) {
  if (!url || state.loading || version === state.version) return;
  state.loading = true;
  try {
    const response = await fetch(url, { cache: "no-store" });
    if (response.ok) {
      state.etag = response.headers.get("ETag");
      state.known = await response.json();
      state.version = version;
    }
  } catch (e) {
    /* offline: asked again at the next version */
  } finally {
    state.loading = false;
  }
  if (state.known) redraw();
}

/* While the deal that ended waits for the opponents' answer, or shows their refusal (the director's ruling to
 * come), the page's 3 s poll asks for the confirmations too, with If-None-Match (304 while nobody answers): an
 * answer given by the confirm link, or the director's ruling, shows here. */
export async function pollConfirm() {
  const box = $("deal-confirm");
  const waiting = box && !box.hidden && state.known
    && state.known.deals.some((c) => c.status === "missing" || c.status === "refused");
  if (!url || state.loading || !waiting) return;
  state.loading = true;
  try {
    const response = await fetch(url, { headers: state.etag ? { "If-None-Match": state.etag } : {}, cache: "no-store" });
    if (response.status !== 200) return;
    state.etag = response.headers.get("ETag");
    state.known = await response.json();
  } catch (e) {
    return;  // offline: asked again at the next poll
  } finally {
    state.loading = false;
  }
  redraw();
}

/* The answer names the score the box showed: corrected meanwhile, the server refuses it (409) and says so. */
async function send(deal, verdict, reason) {
  const shown = state.known.deals.find((c) => c.deal === deal);
  const body = { deal, verdict, team: state.known.team, ...(shown ? { score: shown.score } : {}), ...(reason ? { reason } : {}) };
  const response = await fetch(url, {
    method: "POST", cache: "no-store",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${keep.token}` },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (response.ok) {
    Object.assign(state, { known: answer, etag: null, refusing: null, reason: "", said: "", focus: "answer" });
  } else state.said = said({ message: answer.error, said: answer.said }) || t("The answer was not stored ({status}).", { status: response.status });
  redraw();
}

const scoreText = (score) => Object.keys(score).map((t) => score[t]).join("–");

function askBox(check) {
  const team = state.known.team;
  const out = [textEl("h2", "", t("{team}: is deal {deal}'s score right?", { team, deal: check.deal })),
    textEl("p", "hint", `${Object.entries(check.score).map(([t, s]) => `${t} ${s}`).join(" · ")}`
      + (check.changed ? ` ${t("(corrected since the last answer)")}` : ""))];
  if (state.refusing === check.deal) {
    const input = document.createElement("input");
    input.id = "refuse-reason";
    input.setAttribute("aria-label", t("Why the score is wrong"));
    input.placeholder = t("Why is it wrong?");
    input.maxLength = 300;
    input.dataset.role = "reason";
    input.value = state.reason;
    input.addEventListener("input", () => { state.reason = input.value; });
    out.push(input, button(t("Send the refusal"), "danger", () => {
      if (input.value.trim()) send(check.deal, "refused", input.value.trim());
      else input.focus();
    }, { role: "refuse-send" }), button(t("Back"), "quiet", () => { Object.assign(state, { refusing: null, reason: "", focus: "refuse" }); redraw(); }));
  } else {
    out.push(button(t("{team} confirm {score}", { team, score: scoreText(check.score) }), "confirm", () => send(check.deal, "confirmed"),
      { role: "confirm" }), button(t("Refuse…"), "quiet", () => { Object.assign(state, { refusing: check.deal, reason: "", focus: "reason" }); redraw(); },
      { role: "refuse" }));
  }
  return out;
}

function answeredBox(check) {
  const team = check.team || state.known.team;
  if (check.status === "confirmed" && check.via === "director") {
    return [textEl("p", "confirmed ruled", `✓ ${t("Deal {deal}: the director ruled that {score} stands: “{reason}”", { deal: check.deal, score: scoreText(check.score), reason: check.reason })}`)];
  }
  if (check.status === "confirmed") return [textEl("p", "confirmed", `✓ ${t("{team} confirmed deal {deal}: {score}", { team, deal: check.deal, score: scoreText(check.score) })}`)];
  return [textEl("p", "refused", t("{team} refused deal {deal}: “{reason}”. The director is told.", { team, deal: check.deal, reason: check.reason }))];
}

/* Drawn after the end-of-deal panel: the deal that ended, as its confirmation stands. */
export function renderConfirm(next) {
  const box = $("deal-confirm");
  if (!box || !url) return;
  const ended = keep.view ? keep.view.ended : null;
  if (ended) load(keep.view.version);  // asked between deals only: no request while a deal is played
  const check = state.known && ended && !$("deal-end").hidden
    ? state.known.deals.find((c) => c.deal === ended.number) : null;
  box.hidden = !check || next.kind !== "deal";
  if (box.hidden) return;
  const typing = document.activeElement && document.activeElement.dataset.role === "reason" && box.contains(document.activeElement);
  if (typing && check.status === "missing" && state.refusing === check.deal && !state.said) return;  // the field as it is
  box.replaceChildren(...(check.status === "missing" ? askBox(check) : answeredBox(check)),
    ...earlier(check.deal), ...(state.said ? [textEl("p", "refused", state.said)] : []));
  focusAfter(box, state.focus || (typing ? "reason" : null));
  state.focus = null;
}

/* The focus given to the box's control of `role` ("answer": the answer's sentence, which a script alone focuses),
 * so that a tap that took its own control away leaves the focus in the box, not on the page. */
function focusAfter(box, role) {
  if (!role) return;
  const target = role === "answer" ? box.querySelector("p.confirmed, p.refused") : box.querySelector(`[data-role="${role}"]`);
  if (!target) return;
  if (role === "answer") target.tabIndex = -1;
  target.focus();
}

/* Earlier deals still waiting for the opponents' answer (a score corrected since they answered, say). */
function earlier(shown) {
  const waiting = state.known.deals.filter((c) => c.status === "missing" && c.deal !== shown);
  if (!waiting.length) return [];
  return [textEl("p", "hint", t("Also waiting for the opponents' answer:")), ...waiting.map((c) =>
    button(t("{team} confirm deal {deal}: {score}", { team: state.known.team, deal: c.deal, score: scoreText(c.score) }), "quiet",
      () => send(c.deal, "confirmed"), { role: "confirm-earlier", deal: String(c.deal) }))];
}
