/* The keep-score page's fixed facts, read once from the #keep element the server drew: the game, its API,
 * its seats, teams and players' names, and the server's tables of a deal's steps (seeplog/web/live/ahead.py).
 */
const root = document.getElementById("keep");
const data = root ? root.dataset : {};

export const isKeepPage = Boolean(root);
export const gameId = data.game;
export const api = data.api;
export const boardUrl = data.board;
export const seats = (data.seats || "").split(" ");
export const teams = (data.teams || "").split(" ");
export const names = JSON.parse(data.names || "{}");
export const steps = JSON.parse(data.ahead || "{}");

export const VIEW_KEY = `seeplog-live-view-${gameId}`;
export const TOKEN_KEY = `seeplog-live-token-${gameId}`;
export const BOARD_KEY = `seeplog-live-board-${gameId}`;
export const NOTES_KEY = `seeplog-live-notes-${gameId}`;

export const $ = (id) => document.getElementById(id);
