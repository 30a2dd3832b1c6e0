/* The start page: only the seats of the chosen variant are offered (the others are greyed out and
   skipped); the page after it: copy buttons for the two links. Both pages work without it. */
(function () {
  "use strict";
  var form = document.querySelector("form.live-new[data-seats]");
  if (form) {
    var seats = JSON.parse(form.getAttribute("data-seats"));
    var variant = form.querySelector("select[name=variant]");
    var show = function () {
      var has = (seats[variant.value] || "N W S E").split(" ");
      form.querySelectorAll(".seat[data-seat]").forEach(function (box) {
        var off = has.indexOf(box.getAttribute("data-seat")) < 0;
        var input = box.querySelector("input");
        box.classList.toggle("seat-off", off);
        box.hidden = off && !input.value;
        input.disabled = off && !input.value;
      });
    };
    variant.addEventListener("change", show);
    show();
  }
  var started = document.querySelector(".live-started[data-started-url]");
  if (started) {
    var edit = document.getElementById("live-edit");
    var keep = document.getElementById("live-keep-link");
    var token = /^#token=[A-Za-z0-9_-]+$/;
    if (token.test(keep.hash)) {
      // The start's own answer: take the address of the started page (token in the fragment), so that a
      // reload shows this page again instead of posting the form a second time.
      history.replaceState(null, "", started.getAttribute("data-started-url") + keep.hash);
    } else if (token.test(location.hash)) {
      var url = edit.getAttribute("data-keep-base") + location.hash;
      keep.href = url;
      document.getElementById("live-keep-url").textContent = url;
      document.getElementById("live-keep-shown").hidden = false;
      document.getElementById("live-keep-missing").hidden = true;
    }
  }
  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    if (!navigator.clipboard) return;
    button.hidden = false;
    var label = button.textContent;
    button.addEventListener("click", function () {
      var text = document.getElementById(button.getAttribute("data-copy")).textContent.trim();
      navigator.clipboard.writeText(text).then(function () {
        button.textContent = window.seeplogText("Copied");
        setTimeout(function () { button.textContent = label; }, 2000);
      }, function () { button.textContent = window.seeplogText("Select the link and copy it"); });
    });
  });
}());
