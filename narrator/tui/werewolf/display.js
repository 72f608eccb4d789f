// Werewolf on the table display: the village grid (votes, vertical or horizontal, protected),
// the supply and the hidden pool. The seats, their votes and the Grand Inquisitor are drawn
// by the page from each seat's marks. Only the public view reaches here (W33, W36).
"use strict";
(function () {
  const L = (window.NarratorLayouts = window.NarratorLayouts || {});
  const COLUMNS = "ABCD", ROWS = "123";
  L.werewolf = function (page, root) {
    const x = page.extra || {};
    // The moment in sentences: whose hut turn, who votes now and each vote, the column passed.
    const told = L.el("div", null, "told");
    for (const line of x.told || []) told.append(L.el("p", line));
    if (told.childNodes.length) root.append(told);
    const spots = x.village || [];
    if (spots.length === 12) {
      const grid = L.el("div", null, "grid");
      grid.append(L.el("span", "", "head"));
      for (const c of COLUMNS) grid.append(L.el("span", c, "head"));
      for (const r of ROWS) {
        grid.append(L.el("span", r, "head"));
        for (const c of COLUMNS) {
          const s = spots[COLUMNS.indexOf(c) * 3 + ROWS.indexOf(r)];
          const cls = !s.occupied ? "empty" : s.horizontal ? "horizontal" : "vertical";
          const cell = L.el("span", null, "spot " + cls + (s.protected ? " protected" : ""));
          cell.dataset.spot = c + r;
          cell.append(L.el("span", !s.occupied ? "·" : s.horizontal ? "▬" : "▮"));
          if (s.votes) cell.append(L.el("span", s.votes, "votes"));
          if (s.protected) cell.append(L.el("span", "⛨"));
          grid.append(cell);
        }
      }
      root.append(grid);
    }
    const facts = L.el("p", null, "facts");
    if (x.supply_words) facts.append(L.el("b", x.supply_words));
    if (x.hidden_words) facts.append(" · ", L.el("span", x.hidden_words));
    if (x.dead_words) facts.append(" · ", L.el("span", x.dead_words));
    root.append(facts);
  };
})();
