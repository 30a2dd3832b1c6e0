/* The event page just after its creation: the organiser token shown once (game-token.js) also makes the
   director's view link, which carries it in its fragment (no request sends a fragment). */
(function () {
  "use strict";
  var token = document.getElementById("token-value"), link = document.getElementById("director-link");
  if (!token || !link || !token.textContent) return;
  link.href = link.getAttribute("href").split("#")[0] + "#token=" + token.textContent;
  link.textContent = link.href;  /* shown to be copied; heard as what it is, not as its token */
  link.setAttribute("aria-label", window.seeplogText("director's view"));
}());
