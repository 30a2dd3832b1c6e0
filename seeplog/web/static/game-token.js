/* The game page after an upload: the manage token comes in the address's fragment (#token=...), which no
   request carries and no cookie keeps. Shown here once; the address then drops it, so a reload or a
   bookmark does not show it again. */
(function () {
  "use strict";
  var found = /^#token=([A-Za-z0-9_-]{20,})$/.exec(location.hash);
  var section = document.getElementById("token");
  if (!found || !section) {
    return;
  }
  document.getElementById("token-value").textContent = found[1];
  section.hidden = false;
  history.replaceState(null, "", location.pathname + location.search);
})();
