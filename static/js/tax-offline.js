/* Commander tax worked out on the phone when there is no connection (issue 34 item 2; docs/offline.md).

   A port of judge.engine.tax for the plain Commander and Brawl cases: a mana cost of numbers and W U B R G C
   symbols ("{3}{G}{G}" or "3GG"), the casts so far, cast from the command zone, a partner, a reduction that
   is a number. The steps are the engine's (the same message codes and rules), their texts the engine's own in
   both languages, read from GET /api/calc/tax-texts (judge.calc.offline), which the service worker keeps.
   Anything else (another zone, a coloured reduction, hybrid, X, DTC, the planar die) returns null: the form
   then asks the server as usual, and offline keeps its inputs with one line saying it needs a connection
   (static/js/offline.js). tests/web/test_tax_offline.py compares this with the engine on the held-out cases. */
"use strict";
(function (root) {
  const TAX_PER_CAST = 2;
  const COLOURED = "WUBRGC";

  /** The symbols of a plain mana cost ({3}{G}{G} or 3GG), as [generic, [coloured symbols]], or null. */
  function readCost(text) {
    const typed = String(text || "").normalize("NFKC").toUpperCase().replace(/[ ,、・]/g, "");
    if (!typed || typed.length > 200) return null;
    const parts = [];
    const token = /\{(\d+|[WUBRGC])\}|(\d+)|([WUBRGC])/y;
    for (let at = 0; at < typed.length;) {
      token.lastIndex = at;
      const m = token.exec(typed);
      if (!m) return null;
      parts.push(m[1] || m[2] || m[3]);
      at = token.lastIndex;
    }
    let generic = 0;
    const symbols = [];
    parts.forEach((p, i) => {
      if (/^\d+$/.test(p)) {
        if (i !== 0) symbols.push(null);  // a number after a symbol: the engine's order, not ported
        generic = Number(p);
      } else {
        symbols.push(p);
      }
    });
    if (symbols.includes(null) || parts.filter((p) => /^\d+$/.test(p)).length > 1 || generic > 1000) return null;
    return {generic, symbols, text: parts.map((p) => `{${p}}`).join("")};
  }

  function format(generic, symbols) {
    const rest = symbols.map((s) => `{${s}}`).join("");
    return (generic || !rest ? `{${generic}}` : "") + rest;
  }

  function number(value, low, high) {
    // A whole number, as the engine reads JSON ("2" is refused there); the page's form sends numbers.
    return Number.isInteger(value) && value >= low && value <= high ? value : null;
  }

  /** {tax_generic, total_cost, steps: [{code, rule, params}]} as judge.engine.tax.calculate_tax answers the
      same payload, or null where this port does not reach. */
  function compute(payload) {
    const known = ["variant", "mana_cost", "previous_casts", "cast_from", "reduction", "partner"];
    if (Object.keys(payload).some((name) => !known.includes(name))) return null;
    const variant = payload.variant === undefined ? "commander" : payload.variant;
    if (variant !== "commander" && variant !== "brawl") return null;
    const cost = readCost(payload.mana_cost);
    if (!cost) return null;
    const previous = number(payload.previous_casts, 0, 1000);  // required (tax.required-for)
    if (previous === null) return null;
    if (payload.cast_from !== undefined && payload.cast_from !== "command-zone") return null;
    const cut = payload.reduction === undefined ? 0 : number(payload.reduction, 0, 1000);
    if (cut === null) return null;
    if (payload.partner !== undefined && payload.partner !== true && payload.partner !== false) return null;
    const partner = payload.partner === true;
    const tax = TAX_PER_CAST * previous;
    const withTax = cost.generic + tax;
    const steps = [{code: "tax.start", rule: "601.2f", params: {cost: cost.text || "{0}"}}];
    if (variant === "brawl") steps.push({code: "tax.brawl", rule: "903.12a", params: {}});
    if (tax) {
      const soFar = format(withTax, cost.symbols);
      if (previous === 1) {
        steps.push({code: "tax.commander-tax-one", rule: "903.8", params: {tax: `{${tax}}`, so_far: soFar}});
      } else {
        steps.push({code: "tax.commander-tax-many", rule: "903.8",
          params: {casts: previous, tax: `{${tax}}`, so_far: soFar}});
      }
    } else {
      steps.push({code: "tax.first-cast", rule: "903.8", params: {}});
    }
    if (partner) steps.push({code: "tax.partners", rule: "702.124d", params: {}});
    const total = Math.max(withTax - cut, 0);
    if (cut) {
      steps.push({code: "tax.reduce-generic", rule: "601.2f",
        params: {reduction: `{${cut}}`, before: `{${withTax}}`, after: `{${total}}`}});
    }
    if (cut - withTax > 0) {
      steps.push({code: "tax.reduction-left-over", rule: "118.7a", params: {unused: `{${cut - withTax}}`}});
    } else if (cost.symbols.length && cut) {
      steps.push({code: "tax.colored-stays", rule: "118.7a",
        params: {symbols: cost.symbols.map((s) => `{${s}}`).join("")}});
    }
    const totalCost = format(total, cost.symbols);
    steps.push({code: "tax.total", rule: "601.2f", params: {total: totalCost}});
    return {tax_generic: tax, total_cost: totalCost, steps};
  }

  /** A step's text: the engine's template (str.format fields, {{ and }} for braces) with its parameters. */
  function text(step, texts, lang) {
    const entry = texts[step.code];
    const template = (entry && (entry[lang] || entry.en)) || step.code;
    return template.replace(/\{\{|\}\}|\{(\w+)\}/g, (all, name) => {
      if (all === "{{") return "{";
      if (all === "}}") return "}";
      return name in step.params ? String(step.params[name]) : all;
    });
  }

  const api = {compute, text, readCost};
  if (typeof module !== "undefined") module.exports = api;
  root.TaxOffline = api;

  // ------------------------------------------------------------------ the page (templates/calc/tax.html)
  if (typeof document === "undefined") return;
  const lang = document.documentElement.lang === "en" ? "en" : "ja";
  let catalog = null;
  fetch("/api/calc/tax-texts").then((r) => r.json()).then((data) => { catalog = data; }).catch(() => null);

  function escape(s) {
    return String(s).replace(/[&<>"]/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})[c]);
  }

  function payloadOf(form) {
    const data = new FormData(form);
    const payload = {};
    for (const [name, value] of data.entries()) {
      const text = String(value).trim();
      if (text === "") continue;
      // Numbers as the site's form reads them (judge.calc.forms.NumberField): digits are a number.
      payload[name] = /^\d{1,4}$/.test(text) && name !== "mana_cost" ? Number(text) : text;
    }
    if ("partner" in payload) payload.partner = true;
    return payload;
  }

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (navigator.onLine || !catalog || !(form instanceof HTMLFormElement) || !form.closest("#tax-calculator")) return;
    const answer = compute(payloadOf(form));
    const result = document.getElementById("result");
    if (!result) return;
    if (!answer) {  // not ported: the worker's one line, the inputs kept; no answer to other inputs left
      if (result.querySelector(".offline-computed")) result.innerHTML = "";
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    const page = catalog.page[lang];
    const steps = answer.steps.map((s) => `<li><span class="step-rule"><a href="/${lang}/rules/${s.rule}/">` +
      `${escape(s.rule)}</a></span> <span class="step-text">${escape(text(s, catalog.texts, lang))}</span></li>`);
    result.innerHTML = `<p class="answer-line"><span class="answer-label">${escape(page.total)}</span> ` +
      `<span class="answer"><span class="mana">${escape(answer.total_cost)}</span></span></p>` +
      `<p class="answer-sub">${escape(page.tax.replace("{n}", answer.tax_generic))}</p>` +
      `<h2>${escape(page.how)}</h2><ol class="calc-steps">${steps.join("")}</ol>` +
      `<p class="notice offline-computed" role="status">${escape(page.offline)}</p>`;
  }, true);
})(typeof self !== "undefined" ? self : this);
