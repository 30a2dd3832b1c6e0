// The dispute view's keys: ← → Home End follow the page's own step links (the page works without this).
document.addEventListener("keydown", function (event) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.defaultPrevented) return;
  var target = event.target;
  if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
  var link = document.querySelector('nav.steps a[data-key="' + event.key + '"]');
  if (link) {
    event.preventDefault();
    window.location.assign(link.href);
  }
});
