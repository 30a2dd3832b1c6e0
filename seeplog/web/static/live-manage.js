/* The keep-score page's game controls outside the entries: a closed game shows no entry controls and
   offers Reopen; with the edit token the game is renamed, a player's name fixed, or the game deleted
   (after a confirmation). Each is one call of the live API; the page then reloads the game. */
import { $, api, TOKEN_KEY, VIEW_KEY, BOARD_KEY } from "./keep/page.js";
import { forgetOffline } from "./keep/offline.js";

const root = $("keep");

function said(text) {
  $("manage-said").textContent = text;
}

async function call(path, method, body) {
  const token = localStorage.getItem(TOKEN_KEY);
  const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  const response = await fetch(api + path, { method, headers, body: body && JSON.stringify(body) });
  if (!response.ok && response.status !== 204) {
    const error = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
    throw new Error(window.seeplogSaid ? window.seeplogSaid({ message: error.error, said: error.said }) : error.error);
  }
  return response.status === 204 ? null : response.json();
}

async function send(path, body) {
  const now = await (await fetch(api, { cache: "no-store" })).json();
  return call(path, "POST", { version: now.version, ...body });
}

/* The page's state follows the keep script's, which hides the Finish section once the game is closed. */
function showState() {
  const closed = $("finish").hidden;
  if (root.dataset.state === (closed ? "closed" : "open")) return;
  root.dataset.state = closed ? "closed" : "open";
  $("closed-panel").hidden = !closed;
}

async function reopen() {
  try {
    await send("/reopen", { note: "reopened on the keep-score page" });
    location.reload();
  } catch (error) {
    said(window.seeplogText("Not reopened: {why}", { why: error.message }));
  }
}

function changedTags(form) {
  const tags = {};
  for (const input of form.querySelectorAll("input[name]")) {
    const value = input.value.trim();
    if (value && value !== input.dataset.was) tags[input.name] = value;
  }
  return tags;
}

async function saveTags(event) {
  event.preventDefault();
  const tags = changedTags(event.target);
  if (!Object.keys(tags).length) {
    said(window.seeplogText("Nothing changed."));
    return;
  }
  try {
    await send("/tags", { tags, note: `changed on the keep-score page: ${Object.keys(tags).join(", ")}` });
    location.reload();
  } catch (error) {
    said(window.seeplogText("Not saved: {why}", { why: error.message }));
  }
}

async function deleteGame() {
  if (!window.confirm(window.seeplogText("Delete this game for good? Its log, scoresheet and history are removed."))) return;
  try {
    await call("", "DELETE");
  } catch (error) {
    said(window.seeplogText("Not deleted: {why}", { why: error.message }));
    return;
  }
  for (const key of [TOKEN_KEY, VIEW_KEY, BOARD_KEY]) localStorage.removeItem(key);
  await forgetOffline().catch(() => {});
  location.assign("/");
}

if (root) {
  new MutationObserver(showState).observe($("finish"), { attributes: true, attributeFilter: ["hidden"] });
  showState();
  $("reopen-game").addEventListener("click", reopen);
  $("tags-form").addEventListener("submit", saveTags);
  $("delete-game").addEventListener("click", deleteGame);
}
