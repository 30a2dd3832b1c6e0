/* A grid of buttons that is one Tab stop (WAI-ARIA's layout grid, with a roving tabindex): the arrow keys
 * move among the buttons that can be used — left and right along a row, up and down to the nearest one in
 * the row above or below — Home and End to a row's first and last, Ctrl+Home and Ctrl+End to the grid's;
 * Enter and Space press the focused button, as any button. The grid's markup: role="grid", its rows
 * role="row", each button in a role="gridcell". */

const usable = (b) => !b.disabled;

function cells(grid) {
  return [...grid.querySelectorAll("[role=row] button")];
}

function table(grid) {
  return [...grid.querySelectorAll("[role=row]")].map((row) => [...row.querySelectorAll("button")]);
}

/* The one Tab stop: `button`, every other out of the Tab order (still focused by a tap or a script). */
function setStop(grid, button) {
  for (const b of cells(grid)) b.tabIndex = b === button ? 0 : -1;
}

/* The grid's Tab stop after a redraw: the button focused, else the one it had while it can still be used
 * (unless `fresh`: a new step), else the first button that can. */
export function keepStop(grid, fresh) {
  const all = cells(grid).filter(usable);
  const focused = all.find((b) => b === document.activeElement);
  const kept = fresh ? null : all.find((b) => b.tabIndex === 0);
  setStop(grid, focused || kept || all[0] || null);
}

/* The nearest usable button to column `column` in the first of `rows` that has one. */
function nearest(rows, column) {
  for (const row of rows) {
    const found = row.map((b, i) => ({ b, far: Math.abs(i - column) })).filter((x) => usable(x.b))
      .sort((x, y) => x.far - y.far)[0];
    if (found) return found.b;
  }
  return null;
}

const MOVES = {
  ArrowRight: (rows, r, c) => rows[r].slice(c + 1).find(usable),
  ArrowLeft: (rows, r, c) => rows[r].slice(0, c).reverse().find(usable),
  ArrowDown: (rows, r, c) => nearest(rows.slice(r + 1), c),
  ArrowUp: (rows, r, c) => nearest(rows.slice(0, r).reverse(), c),
  Home: (rows, r, c, all) => (all ? rows.flat() : rows[r]).find(usable),
  End: (rows, r, c, all) => (all ? rows.flat() : rows[r]).slice().reverse().find(usable),
};

function move(grid, event) {
  const go = MOVES[event.key];
  if (!go || event.altKey || event.metaKey || event.shiftKey) return;
  const rows = table(grid);
  const r = rows.findIndex((row) => row.includes(event.target));
  if (r < 0) return;
  event.preventDefault();  // the page does not scroll: the focus moves, or stays at the grid's edge
  const to = go(rows, r, rows[r].indexOf(event.target), event.ctrlKey);
  if (to) to.focus();
}

/* Make `grid` one Tab stop moved through by the arrow keys; the button focused (by a key, a tap or a script)
 * becomes its Tab stop. */
export function makeRoving(grid) {
  grid.addEventListener("keydown", (event) => move(grid, event));
  grid.addEventListener("focusin", (event) => {
    if (event.target.matches("[role=row] button")) setStop(grid, event.target);
  });
}
