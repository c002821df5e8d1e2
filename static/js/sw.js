/* Offline reading (issue 25 item 1, issue 34 items 1 and 3). Served at /sw.js by judge.web.views.service_worker,
   which puts before this file GENERATION (the live corpus generation: a new ingest is a new file, so a new worker
   whose caches replace the old ones), BUDGET (bytes the whole-release download may use) and TEXTS (the words
   below, both languages, from the translation catalogs). Plain JS, no build step. docs/offline.md says it all.

   - Pages are read from the network first; each full page read is kept with the time it was saved.
   - Offline, a kept page is served with a note saying when it was saved; a subrule (903.9a) is read on its
     rule's page; a search for a rule number opens that rule; any other search, or a page never kept, answers
     the offline page (/ja/offline/, kept at install: the site's header and navigation) saying the network is
     needed, with the rule-number jump and the rule index.
   - A tracker game page (/ja/tracker/<slug>/) is read from the network first too; each full load is kept under
     that exact URL (GAMES), and the board each poll brings is put into the kept copy, so offline the page
     opens with its last state; each open page is told the revision kept ({gameKept}). Nothing else of the
     tracker (new game, history, JSON, presses) is kept.
   - The whole current release (the rule pages, the rule index, the glossary, the worked rulings) is fetched
     only when a page asks ({precache: lang}): static/js/offline.js asks when the reader presses the save
     button, or by itself on a connection the browser reports unmetered. Progress goes to every open page.
   - Paths are decoded before they are tested (issue 31 item 7): a path with needless escapes
     (/en/tracker%2F<slug>/) is never answered nor kept here; the server redirects it to its one spelling. */
/* global GENERATION, BUDGET, STYLESHEET, TEXTS */
"use strict";

const PAGES = "judge-pages-" + GENERATION;
const ASSETS = "judge-assets-" + GENERATION;
const GAMES = "judge-games";  // a game outlives an ingest
const GAMES_KEPT = 20;  // the most recently opened games
const STATE = "/offline-state.json";  // in PAGES: {complete, when, bytes, pages} of the last whole download
const SAVED = "X-Judge-Saved";
const CATALOG = "/api/calc/tax-texts";  // judge.calc.offline: the engine's tax texts, both languages
const RULES = "/api/calc/offline-rules";  // judge.calc.offline_rules: damage and colour identity offline
const RULE = /^\/(ja|en)\/rules\/(\d{1,3}(?:\.\d{1,3}[a-z]{0,2})?)\/$/;
const NUMBER = /^\s*(?:rule\s*|ルール\s*)?(\d{1,3}(?:\.\d{1,3}[a-z]{0,2})?)\.?\s*$/i;
const GAME = /^\/(ja|en)\/tracker\/[A-Za-z0-9_-]{8,32}\/$/;
const GAME_CHANGE = /^(\/(?:ja|en)\/tracker\/[A-Za-z0-9_-]{8,32}\/)(?:event|undo)\/$/;
// A percent-escape of an unreserved character (RFC 3986 2.3) or of "/": never needed (judge/web/canonical.py).
const NEEDLESS = /%(?:[46][1-9A-F]|[57][0-9A]|3[0-9]|2[DEF]|5F|7E)/i;

self.addEventListener("install", (event) => {
  // The offline page of each language, with the site's header and navigation.
  event.waitUntil(caches.open(ASSETS)
    .then((cache) => Promise.all(["ja", "en"].map((lang) => cache.add(`/${lang}/offline/`).catch(() => null))))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  // A new generation: the pages of the old one are dropped (they may cite rules that moved).
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== PAGES && k !== ASSETS && k !== GAMES)
        .map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

function langOf(url) {
  return url.pathname.startsWith("/en/") ? "en" : "ja";
}

/** What this worker does with a path: "page" (kept, read offline), "game" (a tracker game page: network
    first, its last copy offline), or null (left to the network: the tracker's other pages, the API, a
    needlessly escaped spelling, anything outside /ja/ and /en/). The path is tested decoded. */
function kindOf(pathname) {
  if (NEEDLESS.test(pathname)) return null;
  let path;
  try { path = decodeURIComponent(pathname); } catch (err) { return null; }
  if (!/^\/(ja|en)\//.test(path)) return null;
  if (GAME.test(path)) return "game";
  if (path.includes("/tracker/") || /^\/(ja|en)\/tracker\/?$/.test(path)) return null;
  return "page";
}

async function keep(request, response) {
  if (!response.ok || !(response.headers.get("Content-Type") || "").startsWith("text/html")) return response;
  const headers = new Headers(response.headers);
  headers.set(SAVED, new Date().toISOString());
  const body = await response.clone().arrayBuffer();
  const cache = await caches.open(PAGES);
  await cache.put(request.url, new Response(body, {status: 200, headers}));
  return response;
}

async function kept(url) {
  const cache = await caches.open(PAGES);
  return cache.match(url, {ignoreVary: true, ignoreSearch: false});
}

function escape(text) {
  return text.replace(/[&<>"]/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})[c]);
}

function jumpForm(lang) {
  const t = TEXTS[lang];
  return `<form class="offline-jump" action="/${lang}/search/" method="get">` +
    `<label for="offline-q">${escape(t.jump)}</label> ` +
    `<input id="offline-q" name="q" inputmode="decimal" placeholder="903.9" autocomplete="off">` +
    `<button type="submit">${escape(t.go)}</button></form>` +
    `<p><a href="/${lang}/rules/">${escape(t.index)}</a></p>`;
}

function builtOfflinePage(lang, message) {
  const t = TEXTS[lang];
  return `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(t.title)}</title>` +
    `<link rel="stylesheet" href="${STYLESHEET}"></head><body>` +
    `<main id="main"><h1>${escape(t.title)}</h1><p class="notice offline-needs-network">${escape(message)}</p>` +
    jumpForm(lang) + `</main></body></html>`;
}

async function offlinePage(lang, message) {
  // The page kept at install (templates/web/offline.html: the site's header and navigation, the jump, the
  // save button), with the message put in; the page built here if it was not kept.
  const cache = await caches.open(ASSETS);
  const shell = await cache.match(new URL(`/${lang}/offline/`, self.location.origin).href);
  let html = shell ? await shell.text() : "";
  if (html.includes("data-offline-message")) {
    html = html.replace(/(<p\b[^>]*data-offline-message[^>]*>)[\s\S]*?(<\/p>)/, `$1${escape(message)}$2`);
  } else {
    html = builtOfflinePage(lang, message);
  }
  return new Response(html, {status: 503, headers: {"Content-Type": "text/html; charset=utf-8"}});
}

async function withSavedNote(response, lang) {
  const saved = response.headers.get(SAVED);
  if (!saved) return response;
  const when = new Date(saved).toLocaleString(lang === "ja" ? "ja-JP" : "en-GB",
    {year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit"});
  const note = `<p class="notice offline-saved" role="status">${escape(TEXTS[lang].saved.replace("%(when)s", when))}</p>`;
  const html = (await response.text()).replace(/(<main\b[^>]*>)/, `$1${note}`);
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  return new Response(html, {status: 200, headers});
}

async function fromCache(url) {
  const lang = langOf(url);
  const rule = RULE.exec(url.pathname);
  if (url.pathname === `/${lang}/search/`) {
    const number = NUMBER.exec(url.searchParams.get("q") || "");
    if (number) return Response.redirect(`/${lang}/rules/${number[1]}/`, 302);
    return offlinePage(lang, TEXTS[lang].search);
  }
  let found = await kept(url.href);
  if (!found && rule && /[a-z]$/.test(rule[2])) {
    // A subrule is read on its rule's page.
    const parent = `/${lang}/rules/${rule[2].replace(/[a-z]+$/, "")}/`;
    if (await kept(new URL(parent, url).href)) return Response.redirect(`${parent}#r${rule[2]}`, 302);
  }
  if (!found) found = await kept(new URL(url.pathname, url).href);  // the page without its query
  if (found) return withSavedNote(found, lang);
  return offlinePage(lang, TEXTS[lang].missing);
}

async function page(request) {
  const url = new URL(request.url);
  const htmx = request.headers.get("HX-Request");
  try {
    // Asked of the server every time (a 304 is cheap): the browser's own HTTP cache would answer offline too,
    // and the page would not say it was saved.
    // A redirect is left to the browser (a navigation takes no followed redirect from a worker).
    const response = await fetch(new Request(request.url, {headers: request.headers, credentials: "same-origin",
      cache: "no-cache", redirect: request.redirect}));
    return htmx ? response : keep(request, response);
  } catch (err) {
    if (htmx) return offlineAnswer(request, url);
    return fromCache(url);
  }
}

/** htmx asked for a piece of a page offline. Without a query it goes to the whole page, which the cache may
    hold; with one (a calculator's answer, a tap on its table) it changes nothing on the page, so what the reader
    typed stays, and static/js/offline.js says in one line that it needs a connection and asks again once the
    connection is back (the "judgeOffline" event). */
function offlineAnswer(request, url) {
  if (!url.search) return new Response("", {status: 200, headers: {"HX-Redirect": url.pathname}});
  return offlineEvent(langOf(url));
}

function offlineEvent(lang) {
  return new Response("", {status: 200, headers: {
    "HX-Reswap": "none",
    "HX-Trigger": JSON.stringify({judgeOffline: {text: TEXTS[lang].wait}}),
  }});
}

/** The revision a game page or a board shows (its board's data-revision); -1 if none. */
function revisionOf(html) {
  const found = /<section\b[^>]*\bid="board"[^>]*\bdata-revision="(\d+)"/.exec(html);
  return found ? Number(found[1]) : -1;
}

async function keepGame(href, response) {
  const body = await response.clone().text();
  const cache = await caches.open(GAMES);
  const have = await cache.match(href);
  if (have && revisionOf(await have.text()) > revisionOf(body)) return;  // an older answer, come late
  const headers = new Headers(response.headers);
  headers.set(SAVED, new Date().toISOString());
  headers.delete("ETag");
  headers.delete("Content-Length");
  await cache.put(href, new Response(body, {status: 200, headers}));
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - GAMES_KEPT))) await cache.delete(old);
  await tellKept(href, body);
}

/** Every open page hears which revision of a game is kept now (static/js/offline.js shows it on that game's
    page as data-game-kept: what a browser test waits for before it goes offline). */
function tellKept(href, html) {
  return tell({gameKept: {path: new URL(href).pathname, revision: revisionOf(html)}});
}

/** The board's section (<section id="board" …>…</section>) in a game page, as [start, end] offsets. */
function boardSpan(html) {
  const start = html.search(/<section\b[^>]*\bid="board"/);
  if (start < 0) return null;
  const tags = /<(\/?)section\b[^>]*>/g;
  tags.lastIndex = start;
  let depth = 0;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return [start, m.index + m[0].length];
  }
  return null;
}

/** The kept copy of a game with the board of the latest poll put in: offline the page opens with it. */
async function keepBoard(href, response) {
  const fragment = (await response.clone().text()).trim();
  if (!fragment.startsWith("<section") || !boardSpan(fragment)) return;
  const cache = await caches.open(GAMES);
  const found = await cache.match(href);
  if (!found) return;
  const html = await found.text();
  const span = boardSpan(html);
  if (!span || revisionOf(html) > revisionOf(fragment)) return;
  const headers = new Headers(found.headers);
  headers.set(SAVED, new Date().toISOString());
  headers.delete("Content-Length");
  await cache.put(href, new Response(html.slice(0, span[0]) + fragment + html.slice(span[1]), {status: 200, headers}));
  await tellKept(href, fragment);
}

async function game(request) {
  const url = new URL(request.url);
  const href = url.origin + url.pathname;  // this game's page, never another's; the query is not kept
  const htmx = request.headers.get("HX-Request") !== null;
  let response;
  try {
    response = await fetch(request);
  } catch (err) {
    if (htmx) throw err;  // the poll failed: the page's own queue (static/js/tracker-queue.js) handles it
    const found = await (await caches.open(GAMES)).match(href);
    if (found) {
      const html = (await found.text()).replace(/(<html\b[^>]*?)>/,
        `$1 data-offline-saved="${escape(found.headers.get(SAVED) || "")}">`);
      const headers = new Headers(found.headers);
      headers.delete("Content-Length");
      return new Response(html, {status: 200, headers});
    }
    return offlinePage(langOf(url), TEXTS[langOf(url)].missing);
  }
  const html = response.ok && (response.headers.get("Content-Type") || "").startsWith("text/html");
  if (html && !url.search) await (htmx ? keepBoard(href, response) : keepGame(href, response)).catch(() => null);
  return response;
}

/** After a press or an undo (a POST this worker leaves alone: never answered nor kept here, so the page's own
    queue and the network see it as without a worker), the game's page is read again until it shows a newer
    revision than the kept copy (a few tries, a moment apart; once, however many presses came in the
    moment): the board the POST answered carries the new revision, so the next polls are 304 and would bring
    nothing to keep. A GET, kept like any full load; nothing if the game was never opened here or the
    connection went. */
const refreshing = new Map();
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
function refreshSoon(href) {
  if (refreshing.has(href)) return refreshing.get(href);
  const done = (async () => {
    const have = await (await caches.open(GAMES)).match(href);
    if (!have) return;
    const before = revisionOf(await have.text());
    for (const wait of [500, 1000, 2000, 4000]) {
      await pause(wait);
      const response = await fetch(href, {credentials: "same-origin", cache: "no-cache", headers: {Accept: "text/html"}});
      if (!response.ok || !(response.headers.get("Content-Type") || "").startsWith("text/html")) return;
      if (revisionOf(await response.clone().text()) > before) { await keepGame(href, response); return; }
    }
  })().catch(() => null).finally(() => refreshing.delete(href));
  refreshing.set(href, done);
  return done;
}

/** The step texts the tax page computes with offline (static/js/tax-offline.js): network first, kept. */
async function catalog(request) {
  const cache = await caches.open(ASSETS);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request.url, response.clone());
    return response;
  } catch (err) {
    const found = await cache.match(request.url);
    if (found) return found;
    throw err;
  }
}

async function asset(request) {
  const cache = await caches.open(ASSETS);
  const found = await cache.match(request);
  if (found) return found;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  // A POST (a tracker press) is never answered nor kept here: offline, the tracker page queues it itself
  // (static/js/tracker-queue.js). JSON (Accept: application/json) goes to the network as it is.
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST") {
    const change = GAME_CHANGE.exec(url.pathname);
    if (change && !NEEDLESS.test(url.pathname)) event.waitUntil(refreshSoon(url.origin + change[1]));
    return;
  }
  if (request.method !== "GET") return;
  if ((request.headers.get("Accept") || "").startsWith("application/json")) return;
  if (url.pathname.startsWith("/static/")) { event.respondWith(asset(request)); return; }
  if (url.pathname === CATALOG) { event.respondWith(catalog(request)); return; }
  if (url.pathname === RULES) { event.respondWith(catalog(request)); return; }
  const kind = kindOf(url.pathname);
  if (kind === "game") event.respondWith(game(request));
  else if (kind === "page") event.respondWith(page(request));
  else if (request.mode === "navigate" && /^\/(ja|en)\//.test(url.pathname)) {
    // A page this worker does not keep (the new-game form, a game's history), opened offline: the site's
    // offline page in the reader's language, with its header, instead of the browser's own error.
    event.respondWith(fetch(request).catch(() => offlinePage(langOf(url), TEXTS[langOf(url)].missing)));
  }
});

/** The page that installed this worker (or any page open before it took control), kept as a later load
    would be: a page for reading offline, a tracker game with its table (static/js/offline.js asks once the
    worker controls it). So the first page a phone opens reads offline too. */
async function keepOpened(href) {
  let url;
  try { url = new URL(href); } catch (err) { return; }
  if (url.origin !== self.location.origin) return;
  const kind = kindOf(url.pathname);
  if (!kind || (kind === "game" && url.search)) return;
  const response = await fetch(url.href, {credentials: "same-origin", headers: {Accept: "text/html"}});
  if (!response.ok || !(response.headers.get("Content-Type") || "").startsWith("text/html")) return;
  if (kind === "game") await keepGame(url.origin + url.pathname, response);
  else await keep(new Request(url.href), response);
}

// ---------------------------------------------------------------- the whole release, when asked

let running = null;

async function tell(message) {
  for (const client of await self.clients.matchAll({includeUncontrolled: true})) client.postMessage(message);
}

async function precache(lang) {
  const cache = await caches.open(PAGES);
  const listed = await (await fetch(`/api/offline-pages?lang=${lang}`)).json();
  const pages = listed.pages.slice();
  try {
    const scenarios = await (await fetch(`/api/scenarios?lang=${lang}`)).json();
    for (const s of scenarios.scenarios) {
      const first = Number(s.url.replace(/\/$/, "").split("/").pop());
      for (let step = first; step <= s.steps; step++) pages.splice(4, 0, `/${lang}/scenarios/${s.slug}/${step}/`);
    }
  } catch (err) { /* the worked rulings are read as visited */ }
  let used = 0;
  let saved = 0;
  let done = 0;
  let failed = false;
  let lastTold = 0;
  const queue = pages.map((p) => new URL(p, self.location.origin).href);
  async function worker() {
    while (queue.length && used < BUDGET) {
      const href = queue.shift();
      const have = await cache.match(href, {ignoreVary: true});
      if (have) {
        // The bytes kept, counted as a new page's are (its body): a page kept earlier has no Content-Length.
        // Read before adding: `used += await …` would add to the total as it was before the wait, losing
        // what the other two fetchers added meanwhile.
        const size = (await have.arrayBuffer()).byteLength;
        used += size;
      } else {
        try {
          const response = await fetch(href, {credentials: "same-origin"});
          const body = await response.clone().arrayBuffer();
          if (used + body.byteLength > BUDGET) break;
          used += body.byteLength;
          await keep(new Request(href), response);
          saved += 1;
        } catch (err) { failed = true; return; }  // the connection went: stop; pressing again goes on
      }
      done += 1;
      if (done - lastTold >= 10 || !queue.length) {
        lastTold = done;
        await tell({progress: {done, total: pages.length, used}});
      }
    }
  }
  await Promise.all([worker(), worker(), worker()]);
  const complete = !failed && done >= pages.length;
  const state = {complete, when: new Date().toISOString(), bytes: used, pages: done, lang};
  if (complete) {
    await cache.put(new URL(STATE, self.location.origin).href,
      new Response(JSON.stringify(state), {headers: {"Content-Type": "application/json"}}));
  }
  return {used, saved, pages: pages.length, done, complete};
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (typeof data.keep === "string") { event.waitUntil(keepOpened(data.keep).catch(() => null)); return; }
  if (data.precache !== "ja" && data.precache !== "en") return;
  if (!running) running = precache(data.precache).finally(() => { running = null; });
  event.waitUntil(running.then((done) => tell({precached: done}), () => tell({precached: {failed: true}})));
});

// For tests (tests/web/test_service_worker.py runs this file in Node): the path rules.
if (typeof module !== "undefined") module.exports = {kindOf, boardSpan};
