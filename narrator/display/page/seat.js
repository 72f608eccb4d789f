// A seat's own page, on its player's phone (issue 38): the player's name and seat, the private
// prompt when a secret step is under way (the acting seat's step, every other seat's decoy, or
// "wait": the same box, the same size, so nobody can tell from a phone who acts), what this
// seat alone has seen, then the public table as the table display draws it (page.js). A tap is
// a POST of its key to the server; the connection is stream.js's. It never vibrates or makes a
// sound. Every word is the app's (the page's "words"), but "Reconnecting…" (stream.js) and what a
// revoked page says, which come with the page as served.
"use strict";
(function () {
  const table = window.NarratorPage; // page.js's: draws the public table
  const $ = (id) => document.getElementById(id);
  let page = null;
  let busy = false; // a tap sent and not yet answered: no second entry by a double tap
  let over = false;

  function el(tag, text) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function button(choice) {
    const b = el("button", choice.label);
    b.type = "button";
    b.dataset.key = choice.key;
    return b;
  }

  function drawPrompt(mode, prompt, words) {
    const box = $("prompt");
    box.hidden = mode === "idle" || !prompt;
    box.dataset.mode = mode || "idle";
    if (box.hidden) return;
    $("prompt-title").textContent = prompt.title || "";
    $("prompt-lines").replaceChildren(...(prompt.lines || []).map((line) => el("p", line)));
    $("choices").replaceChildren(...(prompt.choices || []).map(button));
    $("message").textContent = prompt.message || "";
    const primary = $("primary");
    primary.hidden = !prompt.primary;
    if (prompt.primary) {
      primary.textContent = prompt.primary.label;
      primary.dataset.key = prompt.primary.key;
    }
    const back = $("back");
    back.hidden = !prompt.back;
    back.textContent = words.back || "←";
    setBusy(busy);
  }

  function draw(p) {
    if (over || !p) return;
    page = p;
    $("mine").dataset.rev = p.rev; // which publish this is: every phone's is the same (tests)
    const words = p.words || {};
    document.documentElement.lang = p.lang || "en";
    $("seat-n").textContent = Number(p.seat) + 1;
    $("name").textContent = p.name || "";
    drawPrompt(p.mode, p.prompt, words);
    $("seen-title").textContent = words.seen || "";
    const seen = p.seen || [];
    const list = seen.length ? seen : words.nothing ? [words.nothing] : [];
    $("seen-list").replaceChildren(...list.map((line) => el("li", line)));
    $("seen-list").className = seen.length ? "" : "nothing";
    $("table-title").textContent = words.table || "";
    if (p.table && p.table.seats && table) table.draw(p.table);
  }

  function setBusy(yes) {
    for (const b of $("prompt").querySelectorAll("button")) b.disabled = yes;
  }

  async function tap(key) {
    if (busy || !page || over) return;
    busy = true;
    setBusy(true);
    const words = page.words || {};
    let message = "";
    try {
      const answer = await fetch("entry", {
        method: "POST",
        headers: { "X-Narrator-Seat": "1", "Content-Type": "application/json" },
        body: JSON.stringify({ key: key, rev: page.rev }),
        credentials: "same-origin",
        cache: "no-store",
      });
      let said = null;
      try { said = await answer.json(); } catch (e) { said = null; }
      if (said && typeof said.message === "string") message = said.message;
      else if (!answer.ok) message = words.refused || "";
    } catch (e) {
      message = words.refused || ""; // no server: the band says "Reconnecting…" too
    }
    busy = false;
    setBusy(false);
    $("message").textContent = message;
  }

  $("prompt").addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (b && b.dataset.key) tap(b.dataset.key);
  });

  // The seat was revoked (a lost phone, the wrong player's): nothing of it stays on screen.
  function ended(text) {
    over = true;
    let said = text;
    if (!said) {
      try { said = JSON.parse($("ended").textContent); } catch (e) { said = ""; }
    }
    for (const id of ["mine", "table"]) $(id).hidden = true;
    $("mine").replaceChildren();
    $("table").replaceChildren();
    $("ended-text").textContent = said;
    $("ended-text").hidden = false;
  }

  // After a failure: is this still a seat's page (a 403 says it is not: revoked while asleep)?
  async function check() {
    try {
      const r = await fetch("page.json", { cache: "no-store", credentials: "same-origin" });
      return r.status !== 403;
    } catch (e) {
      return true; // no server yet: keep trying
    }
  }

  window.NarratorPage = {
    draw: draw,
    time: table ? table.time : () => {},
    offline: table ? table.offline : () => {},
    ended: ended,
    check: check,
  };

  const first = $("seat"); // the page as it was when this one was served: drawn at once
  if (first) draw(JSON.parse(first.textContent));
})();
