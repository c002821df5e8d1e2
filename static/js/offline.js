/* Installs the service worker (static/js/sw.js, served at /sw.js for the whole site) and drives reading offline
   (issue 34 items 2 and 3; docs/offline.md):
   - Pages a reader opens are kept by the worker. The whole current release is downloaded only when the reader
     presses the save button (templates/web/_offline_save.html, on the home and the offline page), or by
     itself when the browser reports an unmetered connection (navigator.connection: wifi or ethernet) and no
     Save-Data; without that API it asks. The button shows the progress; the box says what is saved and when,
     and removes it.
   - A calculator asked offline (the worker answers "judgeOffline" and swaps nothing, so every input stays):
     one line beside the form says it needs a connection, and the form asks again once the connection is back. */
"use strict";
(function () {
  const waitText = document.currentScript ? document.currentScript.dataset.wait : "";
  if (!("serviceWorker" in navigator)) return;
  const lang = document.documentElement.lang === "en" ? "en" : "ja";
  const PAGES = "judge-pages-";
  const STATE = "/offline-state.json";

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));
  }

  function unmetered() {
    const c = navigator.connection;
    return Boolean(c && (c.type === "wifi" || c.type === "ethernet") && !c.saveData);
  }

  async function savedPages() {
    let pages = 0;
    let state = null;
    for (const name of await caches.keys()) {
      if (!name.startsWith(PAGES)) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (new URL(request.url).pathname === STATE) state = await (await cache.match(request)).json();
        else pages += 1;
      }
    }
    return {pages, state};
  }

  function saveBox(reg) {
    const box = document.getElementById("offline-save");
    if (!box) return;
    const status = box.querySelector(".offline-save-status");
    const button = box.querySelector(".offline-save-button");
    const remove = box.querySelector(".offline-remove-button");
    const bar = box.querySelector(".offline-save-progress");
    const d = box.dataset;
    async function show(extra) {
      const {pages, state} = await savedPages();
      let text = pages ? fill(d.visited, {pages}) : d.nothing;
      if (state && state.complete) {
        const when = new Date(state.when).toLocaleString(lang === "ja" ? "ja-JP" : "en-GB",
          {year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit"});
        text = fill(d.complete, {when, mb: (state.bytes / 1e6).toFixed(1)}) + " " + text;
      }
      status.textContent = extra ? extra + " " + text : text;
      remove.hidden = pages === 0;
    }
    function start() {
      if (!navigator.onLine || !reg.active) return;
      button.disabled = true;
      bar.hidden = false;
      reg.active.postMessage({precache: lang});
    }
    navigator.serviceWorker.addEventListener("message", (event) => {
      const data = event.data || {};
      if (data.progress) {
        bar.hidden = false;
        bar.max = data.progress.total;
        bar.value = data.progress.done;
        status.textContent = fill(d.progress, data.progress);
      } else if (data.precached) {
        button.disabled = false;
        bar.hidden = true;
        show(data.precached.complete ? "" : d.stopped);
      }
    });
    button.addEventListener("click", start);
    remove.addEventListener("click", async () => {
      for (const name of await caches.keys()) if (name.startsWith(PAGES)) await caches.delete(name);
      show(d.removed);
    });
    box.hidden = false;
    show("").then(async () => {
      const {state} = await savedPages();
      if (unmetered() && !(state && state.complete)) { status.textContent = d.auto; start(); }
    });
  }

  // A calculator asked offline: what was typed stays; one line says so, and the form asks again when back.
  // A GET is answered by the worker ("judgeOffline", nothing swapped); a POST (deck check, colour identity,
  // leave-game) fails as htmx sends it and htmx swaps nothing either. The tracker keeps its own queue.
  const waiting = new Set();
  function wait(source, text) {
    const form = source && (source.closest("form") || source);
    if (!form || !text) return;
    let line = form.querySelector(".offline-wait");
    if (!line) {
      line = document.createElement("p");
      line.className = "notice offline-wait";
      line.setAttribute("role", "status");
      form.appendChild(line);
    }
    line.textContent = text;
    waiting.add(form);
    // The browser says it is online but the answer did not come (a flapping signal): ask again shortly.
    if (navigator.onLine) setTimeout(retry, 3000);
  }
  document.addEventListener("judgeOffline", (event) => {
    wait(event.target instanceof Element ? event.target : null, event.detail && event.detail.text);
  });
  document.addEventListener("htmx:sendError", (event) => {
    const source = event.detail && event.detail.elt;
    if (!(source instanceof Element) || document.getElementById("tracker-queue")) return;
    if ((event.detail.requestConfig && event.detail.requestConfig.verb) === "get" && !source.closest("form")) return;
    wait(source, waitText);
  });
  function retry() {
    if (!navigator.onLine) return;
    const forms = Array.from(waiting);
    waiting.clear();
    for (const form of forms) {
      const line = form.querySelector(".offline-wait");
      if (line) line.remove();
      if (window.htmx) window.htmx.trigger(form, form.tagName === "FORM" ? "submit" : "click");
    }
  }
  window.addEventListener("online", retry);

  // A tracker game's copy for reading offline (sw.js tells each page the revision it keeps): on that game's
  // page, <html data-game-kept="N">.
  navigator.serviceWorker.addEventListener("message", (event) => {
    const kept = (event.data || {}).gameKept;
    if (kept && kept.path === location.pathname) document.documentElement.dataset.gameKept = String(kept.revision);
  });

  // The first page a phone opens is loaded before any worker controls it: once one does, it is asked to keep
  // this page (a tracker game with its table), as it keeps every page loaded through it.
  if (!navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      const worker = navigator.serviceWorker.controller;
      if (worker) worker.postMessage({keep: location.href});
    }, {once: true});
  }

  navigator.serviceWorker.register("/sw.js", {scope: "/"}).then(() => navigator.serviceWorker.ready)
    .then(saveBox)
    .catch(() => { /* no offline reading: the site works as before */ });
})();
