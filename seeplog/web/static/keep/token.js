/* The edit token: taken from the link's fragment (#token=…, never sent to the server), kept on the phone. */
import { TOKEN_KEY } from "./page.js";

export function takeToken() {
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (match) {
    localStorage.setItem(TOKEN_KEY, decodeURIComponent(match[1]));
    history.replaceState(null, "", location.pathname + location.search);
  }
  return localStorage.getItem(TOKEN_KEY);
}
