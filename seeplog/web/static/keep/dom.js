/* Small builders of page elements. */

/* A sentence in the reader's language (static/text.js reads the page's translations). */
export function t(text, values) {
  return window.seeplogText ? window.seeplogText(text, values) : text;
}

/* A finding's sentence in the reader's language (its `said`; else its English `message`). */
export function said(finding) {
  return window.seeplogSaid ? window.seeplogSaid(finding) : finding.message || "";
}

/* `shown` for the eye, `heard` for screen readers (static/text.js): the nodes to put in an element. */
export function shownHeard(shown, heard) {
  return window.seeplogShownHeard ? window.seeplogShownHeard(shown, heard) : [document.createTextNode(shown)];
}

export function button(text, cls, onClick, data) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  if (cls) b.className = cls;
  if (data) for (const [k, v] of Object.entries(data)) b.dataset[k] = v;
  b.addEventListener("click", onClick);
  return b;
}

export function textEl(tag, cls, text) {
  const el = document.createElement(tag);
  el.className = cls;
  el.textContent = text;
  return el;
}

export function note(text) {
  return textEl("p", "hint", text);
}

/* Server-drawn HTML as a fragment (the board's parts, from this site only). */
export function fragment(html) {
  const t = document.createElement("template");
  t.innerHTML = html || "";
  return t.content;
}

export function plural(n, one, many) {
  return n === 1 ? one : many;
}
