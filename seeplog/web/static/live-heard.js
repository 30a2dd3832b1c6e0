/* What the follow page tells a listener when the board changes. The board carries, hidden, the sentences a
   listener is told of it (#live-heard: the deal's dealer, floor and bid, each play, the deal's end, each flag;
   drawn by the server in the reader's language, players named, cards in words), each under a key that stays
   the same across versions. Compared with the board before: what is new is said, what changed is said as
   corrected, entries gone from the deal as taken back; nothing when nothing changed. A module file. */

const MOST_PLAYS = 3;
const MOST_FLAGS = 2;
const ENTRIES = ["deal", "floor", "bid", "play"];

function t(text, values) { return window.seeplogText(text, values); }

/* The board's sentences by key, in their order: key -> { kind, text }. */
export function heardOf(board) {
  const found = new Map();
  if (!board) return found;
  board.querySelectorAll("#live-heard li[data-key]").forEach(function (li) {
    found.set(li.getAttribute("data-key"), { kind: li.getAttribute("data-kind"), text: li.textContent.trim(),
                                             line: li.getAttribute("data-line") || "" });
  });
  return found;
}

/* The entries of the deal before that the board no longer holds, unless a new deal took its place. */
function takenBack(before, after) {
  const newDeal = [...after].some(([key, item]) => item.kind === "deal" && !before.has(key));
  if (newDeal) return [];
  const gone = [...before].filter(([key, item]) => ENTRIES.includes(item.kind) && !after.has(key));
  if (gone.length === 0) return [];
  if (gone.length === 1) return [t("Taken back: {what}", { what: gone[0][1].text })];
  return [t("{count} entries taken back.", { count: gone.length })];
}

/* An entry whose own line is as it was: its words changed only because an entry before it was corrected
   (a play no longer a sweep). The correction is said; this is not. */
function onlyMoved(was, item) {
  return ENTRIES.includes(item.kind) && item.line !== "" && was.line === item.line;
}

/* What is new or changed, each said once, in the board's order; many plays or flags at once are counted. A
   correction "fixed" (in the deal on the table) is said by its entry's sentence instead. */
function fresh(before, after) {
  const items = [...after].filter(([key, item]) => item.kind !== "fixed" && (!before.has(key)
      || (before.get(key).text !== item.text && !onlyMoved(before.get(key), item))))
    .map(function ([key, item]) {
      const corrected = before.has(key) && ENTRIES.includes(item.kind);
      return { kind: item.kind, text: corrected ? t("Corrected: {what}", { what: item.text }) : item.text };
    });
  const plays = items.filter((item) => item.kind === "play");
  const flags = items.filter((item) => item.kind === "flag");
  const said = [];
  items.forEach(function (item) {
    if (item.kind === "play" && plays.length > MOST_PLAYS) {
      if (item === plays[0]) said.push(t("{count} new plays; the last: {what}",
                                         { count: plays.length, what: plays[plays.length - 1].text }));
    } else if (item.kind === "flag" && flags.length > MOST_FLAGS) {
      if (item === flags[0]) said.push(t("{count} new flags.", { count: flags.length }));
    } else {
      said.push(item.text);
    }
  });
  return said;
}

/* What a listener is told of the change from the board `before` to the board `after` ('' for nothing). */
export function news(before, after) {
  return takenBack(before, after).concat(fresh(before, after)).join(" ");
}
