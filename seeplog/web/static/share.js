/* The Share button of the follow and scoresheet pages: the system's share sheet (Web Share API) where the
   browser has one, else the link copied to the clipboard. The button stays hidden without script.
   Markup: <button class="share" data-share-url="/live/7" data-share-title="..." hidden> and, next to it,
   an element with class "share-said" that says what happened. A module file: no inline script (CSP). */

function sharedUrl(button) {
  return new URL(button.dataset.shareUrl || location.pathname, location.href).href;
}

async function copied(url) {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(url);
    return true;
  }
  const field = document.createElement("textarea");
  field.value = url;
  field.setAttribute("readonly", "");
  field.style.position = "fixed";
  field.style.opacity = "0";
  document.body.append(field);
  field.select();
  const done = document.execCommand("copy");
  field.remove();
  return done;
}

async function share(button, said) {
  const url = sharedUrl(button);
  const title = button.dataset.shareTitle || document.title;
  if (navigator.share) {
    try {
      await navigator.share({ title, url });
      said.textContent = window.seeplogText("Shared.");
      return;
    } catch (error) {
      if (error && error.name === "AbortError") {
        said.textContent = "";
        return;
      }
    }
  }
  try {
    said.textContent = (await copied(url)) ? window.seeplogText("Link copied: {url}", { url }) : window.seeplogText("Copy this link: {url}", { url });
  } catch (error) {
    said.textContent = window.seeplogText("Copy this link: {url}", { url });
  }
}

for (const button of document.querySelectorAll("button.share")) {
  const said = button.parentElement.querySelector(".share-said") || button;
  button.hidden = false;
  button.addEventListener("click", () => share(button, said));
}
