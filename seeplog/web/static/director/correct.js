/* The director's two acts at a table: correcting an entry (a closed table is reopened for it and closed
   again), and ruling that a refused score stands. Each outcome is told on the table's card and in the live
   region, and the poll runs at once to show the table as it is now. */
import { view, t, say, el, option, field, tableName } from "./state.js";

export function correctForm(tb) {
  var box = el("details", "correct");
  box.dataset.game = tb.game_id;
  box.append(el("summary", "", t("Correct an entry")));
  var form = el("form", "correct-form"), entry = el("select"), kind = el("select");
  var groups = {};  /* the entries by deal, the latest first */
  entry.name = "entry"; kind.name = "kind";
  tb.entries.slice().reverse().forEach(function (e) {
    if (!groups[e.deal]) {
      groups[e.deal] = el("optgroup");
      groups[e.deal].label = t("Deal {deal}", { deal: e.deal });
      entry.append(groups[e.deal]);
    }
    groups[e.deal].append(option(e.number, e.number + ": " + e.line));
  });
  [["replace", t("Replace it with")], ["insert_before", t("Insert before it")], ["delete", t("Delete it")]]
    .forEach(function (k) { kind.append(option(k[0], k[1])); });
  var line = el("input"), note = el("input"), go = el("button", "", t("Correct"));
  line.name = "line"; line.placeholder = t("the line as it should read"); line.autocomplete = "off";
  note.name = "note"; note.placeholder = t("why (kept in the game's history)"); note.required = true;
  /* a note of spaces alone says nothing: refused here as the server refuses it (`required` takes spaces) */
  note.addEventListener("input", function () {
    note.setCustomValidity(note.value.trim() || !note.value ? "" : t("Say why the entry is corrected: the director's note cannot be blank."));
  });
  go.type = "submit";
  var lineField = field(t("Line"), line);
  kind.addEventListener("change", function () { lineField.hidden = kind.value === "delete"; });
  if (tb.state === "closed") form.append(el("p", "hint", t("This table is closed: the correction reopens it, corrects the entry and closes it again, each step kept in its history.")));
  form.append(field(t("Entry"), entry), field(t("Change"), kind), lineField, field(t("Director's note"), note), go);
  form.addEventListener("submit", function (ev) { ev.preventDefault(); correct(tb, form); });
  box.append(form);
  return box;
}

/* Why the server refused an act, in the reader's language; a table that changed while the director wrote
   a correction is told so, and the correction may be sent again as it stands (its version now the table's).
   A ruling or a close refused for the table as it is now (`redrawn`) is not aimed again: its card is drawn
   again from the table as it stands (`send`). */
function refusedWhy(tb, answer, redrawn) {
  if (!redrawn && answer.status === 409 && answer.version !== undefined && answer.version !== tb.version) {
    tb.version = answer.version;
    return t("the table changed while you wrote it (a new entry): check the entry chosen and send it again");
  }
  return window.seeplogSaid({ message: answer.error, said: answer.said }) || t("refused");
}

function corrected(tb, got) {
  if (!got[0]) return t("Not corrected: {error}", { error: refusedWhy(tb, got[1]) });
  var done = got[1].line ? t("Corrected: entry {entry} reads {line} (version {version}).", got[1])
    : t("Corrected: entry {entry} deleted (version {version}).", got[1]);
  return got[1].reclosed ? done + " " + t("The table was reopened for it and closed again.") : done;
}

function correct(tb, form) {
  var body = { version: tb.version, note: form.note.value.trim() };
  body[form.kind.value] = Number(form.entry.value);
  if (form.kind.value !== "delete") body.line = form.line.value.trim();
  send("/api/events/" + view.eventId + "/tables/" + tb.game_id + "/entries", body, tb, form,
    function (got) { return corrected(tb, got); });
}

/* The ruling on a refused deal: the score stands, and why (the table reads it beside the deal). */
export function ruleForm(tb, deal) {
  var box = el("details", "rule");
  box.dataset.game = tb.game_id;
  box.append(el("summary", "", t("Rule that deal {deal}'s score stands", { deal: deal.deal })));
  var form = el("form", "rule-form"), reason = el("input"), go = el("button", "", t("The score stands"));
  reason.name = "reason"; reason.required = true; reason.autocomplete = "off"; reason.maxLength = 300;
  reason.placeholder = t("the ruling, as the table will read it");
  go.type = "submit";
  form.append(field(t("Ruling"), reason), go);
  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    var body = { deal: deal.deal, verdict: "confirmed", reason: reason.value.trim(), score: deal.score };  /* the score refused */
    send("/api/live/" + tb.game_id + "/confirmations", body, tb, form, function (got) {
      return got[0] ? t("Ruled: deal {deal}'s score stands.", { deal: deal.deal })
        : t("Not ruled: {error}", { error: refusedWhy(tb, got[1], true) });
    }, true);
  });
  box.append(form);
  return box;
}

/* Closing a table its scorekeeper left open, between deals: its deals over, or none played (`unplayed`: its
   partnerships did not play, say), asked as such; then done (the history keeps it). Refused (a deal begun
   meanwhile, say), the card is drawn again as the table stands, not aimed again. */
export function closeForm(tb, unplayed) {
  var box = el("details", "close");
  box.dataset.game = tb.game_id;
  box.append(el("summary", "", unplayed ? t("Close the table unplayed") : t("Close the table")));
  var form = el("form", "close-form");
  var go = el("button", "", unplayed ? t("Close it: no deal will be played") : t("Close it: its deals are over"));
  go.type = "submit";
  form.append(el("p", "hint", unplayed
    ? t("No deal was played at this table. Close it only if none will be (its partnerships did not come, say): closed, it takes no more entries and its round no longer waits for it.")
    : t("The scorekeeper has not closed it. Closed, it takes no more entries; your corrections still reach it.")), go);
  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    var body = unplayed ? { version: tb.version, unplayed: true } : { version: tb.version };
    send("/api/events/" + view.eventId + "/tables/" + tb.game_id + "/close", body, tb, form, function (got) {
      return got[0] ? t("Closed by the director.") : t("Not closed: {error}", { error: refusedWhy(tb, got[1], true) });
    }, true);
  });
  box.append(form);
  return box;
}

/* The fields a refusal names marked invalid and tied to the card's sentence that says why. */
function marked(form, errors) {
  var named = {};
  errors.forEach(function (e) { named[e.field ? e.field.split(".")[0] : "line"] = true; });  /* a log error: the line's */
  form.querySelectorAll("input, select").forEach(function (input) {
    if (named[input.name]) {
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", "said-" + form.parentNode.dataset.game);
    } else {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
    }
  });
}

/* Send an act with the organiser token; tell its outcome (`told`: its sentence from [ok, answer]). Done, or
   refused for the table as it is now (a 409 with `redrawn`), the act's form closes and its card is drawn again. */
function send(url, body, tb, form, told, redrawn) {
  function tell(text) {
    var shown = document.querySelector("#director-tables section[data-game='" + tb.game_id + "'] .correct-said");
    if (shown) shown.textContent = text;
    say(tableName(tb) + ": " + text);
  }
  fetch(url, {
    method: "POST", cache: "no-store", body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", Authorization: "Bearer " + view.token } })
    .then(function (r) { return r.json().then(function (j) { return [r.ok, j]; }); })
    .then(function (got) {
      view.corrections[tb.game_id] = told(got);
      tell(view.corrections[tb.game_id]);
      marked(form, got[0] ? [] : got[1].errors || []);
      if (!got[0] && !(redrawn && got[1].status === 409)) return;
      view.told = tableName(tb) + ": " + view.corrections[tb.game_id];  /* said again with the news it brings */
      view.focusCard = tb.game_id;
      form.parentNode.open = false;
      view.poll();
    })
    .catch(function () { tell(t("Cannot reach the server: try again.")); });
}
