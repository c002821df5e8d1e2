/* Installs the service worker (static/js/sw.js, served at /sw.js for the whole site) and, once it runs, asks it
   to keep the rule pages of the current release for reading offline, in this page's language. */
"use strict";
(function () {
  if (!("serviceWorker" in navigator)) return;
  const lang = document.documentElement.lang === "en" ? "en" : "ja";
  navigator.serviceWorker.register("/sw.js", {scope: "/"}).then(() => navigator.serviceWorker.ready).then((reg) => {
    if (navigator.onLine && reg.active) reg.active.postMessage({precache: lang});
  }).catch(() => { /* no offline reading: the site works as before */ });
})();
