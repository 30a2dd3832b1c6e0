/* The opponents' confirm page: each deal over at the table, its score, and one tap to confirm it (or a
   reason to refuse it). The confirm token comes in the link's fragment and is kept on this phone. */
(function () {
  "use strict";
  var root = document.getElementById("confirm");
  if (!root || !window.fetch) return;
  var api = root.getAttribute("data-api"), team = root.getAttribute("data-team");
  var key = "seeplog-confirm-token-" + root.getAttribute("data-game");
  var list = document.getElementById("confirm-deals"), said = document.getElementById("confirm-said");
  var found = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (found) {
    localStorage.setItem(key, decodeURIComponent(found[1]));
    history.replaceState(null, "", location.pathname + location.search);
  }
  var token = localStorage.getItem(key);
  document.getElementById("confirm-no-token").hidden = Boolean(token);
  var refusing = null, last = null;

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function scoreText(score) {
    return Object.keys(score).map(function (t) { return t + " " + score[t]; }).join(" – ");
  }

  function scoreValues(score) {  // "57–43": the button names the team, the score's order is the variant's
    return Object.keys(score).map(function (t) { return score[t]; }).join("–");
  }

  /* The answer names the score the page showed: corrected meanwhile, the server refuses it (409) and says so. */
  function send(deal, verdict, reason) {
    var shown = last ? last.deals.filter(function (c) { return c.deal === deal; })[0] : null;
    var body = { deal: deal, verdict: verdict, team: team };
    if (shown) body.score = shown.score;
    if (reason) body.reason = reason;
    fetch(api, { method: "POST", cache: "no-store", body: JSON.stringify(body),
                 headers: { "Content-Type": "application/json", Authorization: "Bearer " + token } })
      .then(function (r) { return r.json().then(function (j) { return [r.ok, j]; }); })
      .then(function (got) {
        if (got[0]) { refusing = null; said.textContent = ""; draw(got[1]); answered(deal); }
        else said.textContent = window.seeplogSaid({ message: got[1].error, said: got[1].said }) || window.seeplogText("Not stored.");
      })
      .catch(function () { said.textContent = window.seeplogText("Cannot reach the server: try again."); });
  }

  /* After an answer stored, the focus goes to the deal's outcome ("✓ confirmed", "refused: …"), where the control
     that answered was: heard there once (the status line says nothing more), and Tab goes on to the next deal.
     Only a deal shown with no outcome (its score corrected meanwhile) leaves it to the status line. */
  function answered(deal) {
    var shown = list.querySelector("li[data-deal='" + deal + "'] p.outcome");
    if (shown) shown.focus();
    else said.textContent = window.seeplogText("Stored.");
  }

  function outcome(cls, text) {  // focusable by script only (tabindex -1), kept by the redraw as a button is
    var p = el("p", cls + " outcome", text);
    p.tabIndex = -1;
    return p;
  }

  /* The refusal's reason and its button; Enter sends it too. An empty reason is refused in words tied to the field
     (aria-describedby, aria-invalid), said at once (role=alert), the focus staying in the field. */
  function refuseField(li, deal) {
    var input = el("input");
    input.id = "refuse-" + deal;
    input.placeholder = window.seeplogText("Why is it wrong?");
    input.maxLength = 300;
    input.setAttribute("aria-label", window.seeplogText("Why deal {deal}'s score is wrong", { deal: deal }));
    var go = el("button", "danger", window.seeplogText("Send the refusal"));
    var why = el("p", "field-error");
    why.id = "refuse-" + deal + "-error";
    why.setAttribute("role", "alert");
    function sendIt() {
      var reason = input.value.trim();
      if (reason) { send(deal, "refused", reason); return; }
      why.textContent = window.seeplogText("Say why the score is wrong: a refusal needs its reason.");
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", why.id);
      input.focus();
    }
    go.addEventListener("click", sendIt);
    input.addEventListener("keydown", function (event) {
      if (event.key === "Enter") { event.preventDefault(); sendIt(); }
    });
    li.append(input, why, go);
  }

  function actions(li, c) {
    if (!token) return;
    if (refusing === c.deal) {
      refuseField(li, c.deal);
      return;
    }
    var yes = el("button", "confirm", window.seeplogText("{team} confirm {score}", { team: team, score: scoreValues(c.score) }));
    yes.addEventListener("click", function () { send(c.deal, "confirmed"); });
    var no = el("button", "quiet", window.seeplogText("Refuse…"));
    no.addEventListener("click", function () {  /* the field takes the button's place, and the focus with it */
      refusing = c.deal;
      draw(last);
      document.getElementById("refuse-" + c.deal).focus();
    });
    li.append(yes, no);
  }

  /* Draws the deals; the focus stays on the same control of the same deal (a button or the outcome drawn again). */
  function draw(data) {
    var at = document.activeElement, li = at && at.closest ? at.closest("#confirm-deals li") : null;
    var focus = li ? { deal: li.dataset.deal, tag: at.tagName.toLowerCase(), cls: at.className } : null;
    last = data;
    list.replaceChildren();
    if (!data.deals.length) list.append(el("li", "hint", window.seeplogText("No deal is over yet.")));
    data.deals.forEach(function (c) {
      var li = el("li");
      li.dataset.deal = c.deal;
      li.dataset.status = c.status;
      li.append(el("p", "", window.seeplogText("Deal {deal}: {score}", { deal: c.deal, score: scoreText(c.score) })));
      if (c.status === "confirmed" && c.via === "director") {
        li.append(outcome("confirmed", "✓ " + window.seeplogText("the director ruled that the score stands: “{reason}”", { reason: c.reason })));
      } else if (c.status === "confirmed") li.append(outcome("confirmed", "✓ " + window.seeplogText("confirmed")));
      else if (c.status === "refused") li.append(outcome("refused", window.seeplogText("refused: “{reason}”", { reason: c.reason })));
      else {
        if (c.changed) li.append(el("p", "hint", window.seeplogText("Corrected since the last answer: confirm it again.")));
        actions(li, c);
      }
      list.append(li);
    });
    var again = focus && list.querySelector("li[data-deal='" + focus.deal + "'] " + focus.tag + (focus.cls ? "." + focus.cls.split(" ")[0] : ""));
    if (again) again.focus();
  }

  function poll() {
    if (refusing === null) {
      fetch(api, { cache: "no-store" }).then(function (r) { return r.json(); }).then(function (got) {
        if (JSON.stringify(got) !== JSON.stringify(last)) draw(got);  /* drawn again only when it changed */
      }, function () {});
    }
    setTimeout(poll, 4000);
  }
  poll();
}());
