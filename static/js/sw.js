/* Offline reading (issue 25 item 1). Served at /sw.js by judge.web.views.service_worker, which puts before this
   file GENERATION (the live corpus generation: a new ingest is a new file, so a new worker whose caches replace
   the old ones), BUDGET (bytes the background pre-cache may use) and TEXTS (the words below, both languages,
   from the translation catalogs). Plain JS, no build step.

   - Pages are read from the network first; each full page read is kept with the time it was saved.
   - Offline, a kept page is served with a note saying when it was saved; a subrule (903.9a) is read on its
     rule's page; a search for a rule number opens that rule; any other search, or a page never kept, answers a
     page saying the network is needed, with the rule-number jump and the rule index.
   - Once a page asks (static/js/offline.js), the rule pages of the current release, the rule index, the
     glossary and the worked rulings are fetched in the background, within BUDGET. */
/* global GENERATION, BUDGET, STYLESHEET, TEXTS */
"use strict";

const PAGES = "judge-pages-" + GENERATION;
const ASSETS = "judge-assets-" + GENERATION;
const SAVED = "X-Judge-Saved";
const RULE = /^\/(ja|en)\/rules\/(\d{1,3}(?:\.\d{1,3}[a-z]{0,2})?)\/$/;
const NUMBER = /^\s*(?:rule\s*|ルール\s*)?(\d{1,3}(?:\.\d{1,3}[a-z]{0,2})?)\.?\s*$/i;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  // A new generation: the pages of the old one are dropped (they may cite rules that moved).
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== PAGES && k !== ASSETS).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

function langOf(url) {
  return url.pathname.startsWith("/en/") ? "en" : "ja";
}

function isPage(url) {
  return /^\/(ja|en)\//.test(url.pathname) && !url.pathname.includes("/tracker/");
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

function offlinePage(lang, message) {
  const t = TEXTS[lang];
  const html = `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(t.title)}</title>` +
    `<link rel="stylesheet" href="${STYLESHEET}"></head><body>` +
    `<main id="main"><h1>${escape(t.title)}</h1><p class="notice offline-needs-network">${escape(message)}</p>` +
    jumpForm(lang) + `</main></body></html>`;
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
    if (htmx) {
      // htmx asked for a piece of a page: send the browser to the whole page, which the cache may hold.
      return new Response("", {status: 200, headers: {"HX-Redirect": url.pathname + url.search}});
    }
    return fromCache(url);
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
  // (static/js/tracker-queue.js), and a game's pages are live, so isPage leaves /tracker/ to the network too.
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) event.respondWith(asset(request));
  else if (isPage(url)) event.respondWith(page(request));
});

// ---------------------------------------------------------------- the background pre-cache

let running = null;

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
  const queue = pages.map((p) => new URL(p, self.location.origin).href);
  async function worker() {
    while (queue.length && used < BUDGET) {
      const href = queue.shift();
      const have = await cache.match(href, {ignoreVary: true});
      if (have) { used += Number(have.headers.get("Content-Length")) || 0; continue; }
      try {
        const response = await fetch(href, {credentials: "same-origin"});
        const body = await response.clone().arrayBuffer();
        if (used + body.byteLength > BUDGET) break;
        used += body.byteLength;
        await keep(new Request(href), response);
        saved += 1;
      } catch (err) { return; }  // the connection went: stop, the next visit goes on
    }
  }
  await Promise.all([worker(), worker(), worker()]);
  return {used, saved, pages: pages.length};
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.precache !== "ja" && data.precache !== "en") return;
  if (!running) running = precache(data.precache).finally(() => { running = null; });
  event.waitUntil(running.then((done) => { if (event.source) event.source.postMessage({precached: done}); }));
});
