// Ravnica on the table display: the moment told in sentences, the round's colour as the
// page's theme, the candidates and the live tally, and who is ablaze once it is announced.
// Only the public view reaches here.
"use strict";
(function () {
  const L = (window.NarratorLayouts = window.NarratorLayouts || {});
  L.ravnica = function (page, root, body) {
    const x = page.extra || {};
    if (x.colour) body.classList.add("theme-" + x.colour);
    // The moment in sentences: who has the laptop, who votes now, the result, the end.
    const told = L.el("div", null, "told");
    for (const line of x.told || []) told.append(L.el("p", line));
    if (told.childNodes.length) root.append(told);
    if (x.colour_words) root.append(L.el("p", x.colour_words, "facts"));
    if (x.candidates_words) root.append(L.el("p", x.candidates_words, "facts"));
    const tally = x.tally || [];
    if (tally.length) {
      const top = Math.max(1, ...tally.map((t) => t.votes));
      const list = L.el("ul", null, "tally");
      for (const t of tally) {
        const li = L.el("li");
        const bar = L.el("span", null, "bar");
        bar.style.width = (6 * t.votes) / top + "em";
        li.append(L.el("span", t.name), bar, L.el("b", t.votes));
        list.append(li);
      }
      root.append(list);
    }
    if (x.ablaze_words) root.append(L.el("p", x.ablaze_words, "facts"));
  };
})();
