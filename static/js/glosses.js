// Glossed words on rule pages: a tap shows the word's Japanese name and definition in a popover,
// read from the page's own list of its words (#gloss-<key>). Without this script the word is a
// link to its glossary entry. Loaded from /static/ (the CSP allows scripts from 'self' only).
(function () {
  "use strict";
  var pop = null;
  var opener = null;

  function close() {
    if (pop) { pop.remove(); pop = null; }
    if (opener) { opener.setAttribute("aria-expanded", "false"); opener.focus(); opener = null; }
  }

  function open(link) {
    var entry = document.getElementById("gloss-" + link.dataset.gloss);
    if (!entry) { return false; }
    close();
    pop = document.createElement("div");
    pop.className = "gloss-pop";
    pop.setAttribute("role", "dialog");
    pop.setAttribute("aria-label", entry.querySelector("dt").textContent.trim());
    var button = document.createElement("button");
    button.type = "button";
    button.className = "gloss-pop-close";
    button.setAttribute("aria-label", document.documentElement.lang === "ja" ? "閉じる" : "Close");
    button.textContent = "×";
    button.addEventListener("click", close);
    pop.appendChild(button);
    var list = document.createElement("dl");
    Array.prototype.forEach.call(entry.children, function (child) { list.appendChild(child.cloneNode(true)); });
    pop.appendChild(list);
    document.body.appendChild(pop);
    var box = link.getBoundingClientRect();
    var width = pop.offsetWidth;
    var left = Math.min(box.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - width - 8);
    pop.style.left = Math.max(window.scrollX + 8, left) + "px";
    pop.style.top = (box.bottom + window.scrollY + 6) + "px";
    opener = link;
    link.setAttribute("aria-expanded", "true");
    button.focus();
    return true;
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a.gloss");
    if (link) {
      if (link === opener) { event.preventDefault(); close(); return; }
      if (open(link)) { event.preventDefault(); }
      return;
    }
    if (pop && !pop.contains(event.target)) { close(); }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && pop) { close(); }
  });
  // htmx swaps the rule (previous / next): a popover of the old rule goes with it.
  document.addEventListener("htmx:beforeSwap", function () { if (pop) { pop.remove(); pop = null; opener = null; } });
}());
