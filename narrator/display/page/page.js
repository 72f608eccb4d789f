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
    if (!p) return;
    // A new game (or the first, after "Waiting for the game to start", which has none): its own
    // layout comes with the page.
    if ((p.game || null) !== (window.NarratorLayoutGame || null)) { location.reload(); return; }
    document.documentElement.lang = p.lang || "en";
    document.title = p.title;
    $("title").textContent = p.title;
    $("step").textContent = p.step;
    const banner = (p.banner || "").trim(); // said once: not again when it is the step or title
    $("banner").textContent = banner === p.step || banner === p.title ? "" : banner;
    const seats = $("seats");
    seats.replaceChildren();
    p.seats.forEach((s, i) => {
      const li = el("li", null, [s.dead ? "dead" : "", s.turn ? "turn" : ""].join(" ").trim());
      const who = el("span", null, "who"); // the marks right after the name they belong to
      const marks = el("span", null, "marks"); // each mark kept whole when they wrap
      s.marks.forEach((m, k) => marks.append(...(k ? [" · "] : []), el("span", m)));
      who.append(el("span", s.name, "name"), marks);
      li.append(el("span", i + 1, "n"), who);
      if (s.cells && s.cells.length) li.append(cells(s.cells));
      seats.append(li);
    });
    // On a TV the seats stand in columns of at most six, read down: 1–6, then 7–12.
    const cols = Math.max(1, Math.ceil(p.seats.length / 6));
    seats.style.setProperty("--cols", cols);
    seats.style.setProperty("--rows", Math.ceil(p.seats.length / cols));
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
    const said = $("said"); // the last lines said aloud, the newest last and brightest
    said.replaceChildren(...(p.said || []).map((line) => el("p", line)));
    const extra = $("extra");
    extra.replaceChildren();
    document.body.className = "";
    if (layouts[p.game]) layouts[p.game](p, extra, document.body);
    else { // a game with no layout of its own: the moment told, as the terminal display does
      const told = el("div", null, "told");
      for (const line of (p.extra || {}).told || []) told.append(el("p", line));
      if (told.childNodes.length) extra.append(told);
    }
    drawGlyphs($("table"));
    tick();
    fit();
  }

  // Glyphs no font on the table's device may have, drawn instead: the shield (protected, W).
  const SVG = "http://www.w3.org/2000/svg";
  function shield() {
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 20 24");
    svg.setAttribute("class", "shield");
    svg.setAttribute("role", "img");
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", "M10 1 L19 4.5 V11 C19 17 15 21 10 23 C5 21 1 17 1 11 V4.5 Z");
    svg.append(path);
    return svg;
  }
  layouts.shield = shield;
  const DRAWN = { "⛨": shield };
  function drawGlyphs(root) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const found = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if ([...n.data].some((ch) => DRAWN[ch])) found.push(n);
    }
    for (const n of found) {
      const parts = [];
      let run = "";
      for (const ch of n.data) {
        if (DRAWN[ch]) { if (run) parts.push(run); run = ""; parts.push(DRAWN[ch]()); } else run += ch;
      }
      if (run) parts.push(run);
      n.replaceWith(...parts);
    }
  }

  // A TV cannot scroll: when a crowded moment would not fit, the secondary parts (cells,
  // facts, tallies, the grid) shrink together, a step at a time; the body text never does.
  const landscape = window.matchMedia("(orientation: landscape) and (min-width: 640px)");
  function fit() {
    const root = $("table");
    let squeeze = 1;
    root.style.setProperty("--squeeze", squeeze);
    if (!landscape.matches) return;
    const over = () => document.documentElement.scrollHeight > innerHeight
      || [...root.querySelectorAll("#stage, #seats")].some((e) => e.scrollHeight > e.clientHeight + 1);
    while (over() && squeeze > 0.4) {
      squeeze = Math.round((squeeze - 0.05) * 100) / 100;
      root.style.setProperty("--squeeze", squeeze);
    }
  }
  window.addEventListener("resize", () => fit());

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
