// The table display: draws each page the narrator's app pushes (Server-Sent Events), and the
// countdown from its deadline, so it never drifts and survives a reconnect. Read-only.
"use strict";
(function () {
  const layouts = (window.NarratorLayouts = window.NarratorLayouts || {});
  const $ = (id) => document.getElementById(id);
  let page = null;
  let offset = 0; // the server's clock minus this device's, in ms

  function el(tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (cls) node.className = cls;
    return node;
  }
  layouts.el = el;

  function mmss(seconds) {
    const s = Math.max(0, Math.ceil(seconds));
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }

  function tick() {
    const clock = $("clock");
    const c = page && page.clock;
    if (!c) { clock.hidden = true; return; }
    if (offline) return; // stopped where it was: no server, no countdown
    const left = c.paused ? c.left : (c.ends_at - (Date.now() + offset)) / 1000;
    clock.hidden = false;
    clock.textContent = mmss(left);
    clock.className = c.paused ? "paused" : left <= 30 ? "low" : "";
  }

  // The generic tracker's cells (a seat's or a pile's public things): a label with a count,
  // "3/4" against a limit, an ordered list of items; the tone is a class of the game's palette.
  function cells(list) {
    const ul = el("ul", null, "cells");
    for (const c of list) {
      const li = el("li", null, c.tone ? "tone-" + c.tone : "");
      li.append(el("span", c.label, "label"));
      if (c.count !== null && c.count !== undefined) {
        li.append(el("b", c.limit !== null && c.limit !== undefined ? c.count + "/" + c.limit : c.count, "count"));
      }
      if (c.items && c.items.length) {
        const ol = el("ol", null, "items");
        for (const item of c.items) ol.append(el("li", item));
        li.append(ol);
      }
      ul.append(li);
    }
    return ul;
  }
  layouts.cells = cells;

  function draw(p) {
    if (!p || !p.game) return;
    if (p.game !== window.NarratorLayoutGame) { location.reload(); return; } // a new game
    document.documentElement.lang = p.lang || "en";
    document.title = p.title;
    $("title").textContent = p.title;
    $("step").textContent = p.step;
    $("banner").textContent = p.banner || "";
    const seats = $("seats");
    seats.replaceChildren();
    p.seats.forEach((s, i) => {
      const li = el("li", null, [s.dead ? "dead" : "", s.turn ? "turn" : ""].join(" ").trim());
      li.append(el("span", i + 1, "n"), el("span", s.name, "name"), el("span", s.marks.join(" · "), "marks"));
      if (s.cells && s.cells.length) li.append(cells(s.cells));
      seats.append(li);
    });
    const piles = $("piles");
    piles.replaceChildren();
    for (const pile of p.piles || []) {
      const div = el("div", null, "pile");
      div.append(el("b", pile.name), cells(pile.cells || []));
      piles.append(div);
    }
    const lines = $("lines");
    lines.replaceChildren();
    for (const line of p.lines || []) lines.append(el("p", line));
    const extra = $("extra");
    extra.replaceChildren();
    document.body.className = "";
    if (layouts[p.game]) layouts[p.game](p, extra, document.body);
    tick();
  }

  // The connection is stream.js's: it hands each page here. With no server the clock stops
  // where it was (a dead app's deadline is no countdown); the resumed page brings it back.
  let offline = false;
  window.NarratorPage = {
    draw(p) { page = p; draw(p); },
    time(serverMs) { offset = serverMs - Date.now(); },
    offline(yes) { offline = yes; tick(); },
  };

  const first = $("page"); // the page as it was when this one was served: drawn at once
  if (first) { page = JSON.parse(first.textContent); draw(page); }
  setInterval(tick, 200);
})();
