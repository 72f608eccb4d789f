// The table display's connection: follows the app's pages over Server-Sent Events and never
// gives up. EventSource retries a dropped connection by itself but not an error status (a 503
// when too many pages are open), so every failure is retried here, 0.5 s doubling to 4 s (a page is
// back within 5 s of the server's).
// With no server the page says so, large, in its language ("Reconnecting…"), and its clock
// stops (page.js); the server sends the current page first, so a resumed game is drawn at once.
// A seat's page (seat.js) is also told when its seat was revoked ("ended", or a refusal found
// by its own check after a failure): then it stops for good.
"use strict";
(function () {
  const FIRST = 500; // ms before the first retry, doubled after each failure
  const LAST = 4000; // the longest wait between two tries
  const api = window.NarratorPage;
  const table = document.getElementById("table");
  const status = document.getElementById("status");
  let delay = FIRST;
  let source = null;
  let timer = null;
  let over = false; // a revoked seat's page: never reconnects

  // The words, one per language, in the page as served (no server is needed to show them).
  let words = {};
  try { words = JSON.parse(document.getElementById("words").textContent); } catch (e) { words = {}; }

  // A band across the top of the screen, read from across the room; styled here (CSSOM: the
  // page's CSP allows no inline style) so the layout's stylesheet needs nothing for it.
  const band = document.createElement("div");
  band.id = "reconnecting";
  band.setAttribute("role", "alert");
  band.hidden = true;
  Object.assign(band.style, {
    position: "fixed", left: "0", right: "0", top: "0", zIndex: "10", padding: "0.4em 0.6em",
    font: "700 min(2.2em, 6.5vw)/1.2 system-ui, sans-serif", textAlign: "center",
    background: "#5a1410", color: "#fff", boxShadow: "0 0 0 100vmax rgba(0,0,0,0.45)",
  });
  document.body.append(band);

  function offline() {
    if (table) table.dataset.state = "offline";
    const lang = document.documentElement.lang || "en";
    band.textContent = words[lang] || words.en || "…";
    band.hidden = false;
    if (api) api.offline(true);
  }

  function live() {
    delay = FIRST; // a page came: the next failure starts from the shortest wait again
    if (table) table.dataset.state = "live";
    if (status) status.textContent = "";
    band.hidden = true;
    if (api) api.offline(false);
  }

  function end(text) {
    over = true;
    if (source) source.close();
    source = null;
    band.hidden = true;
    if (api && api.ended) api.ended(text);
  }

  function retry() {
    if (timer !== null || over) return;
    timer = setTimeout(connect, delay);
    delay = Math.min(LAST, delay * 2);
  }

  function connect() {
    timer = null;
    if (source) source.close();
    source = new EventSource("events");
    source.addEventListener("time", (e) => { if (api) api.time(Number(e.data)); });
    source.onmessage = (e) => {
      live();
      if (api) api.draw(JSON.parse(e.data));
    };
    source.addEventListener("ended", (e) => end(JSON.parse(e.data)));
    source.onerror = () => { // whatever failed (a refusal, a dead server): close and retry
      if (source) source.close();
      source = null;
      if (over) return;
      offline();
      if (api && api.check) api.check().then((ours) => (ours ? retry() : end(null)));
      else retry();
    };
  }

  // A page left (reloaded, closed) frees its stream at once; one brought back reconnects.
  window.addEventListener("pagehide", () => {
    if (source) source.close();
    source = null;
    if (timer !== null) clearTimeout(timer);
    timer = null;
  });
  window.addEventListener("pageshow", (e) => { if (e.persisted && !source && !over) connect(); });
  connect();
})();
