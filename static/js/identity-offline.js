/* Colour identity of a card typed off its face, worked out on the phone when there is no connection (issue 34
   item 2; docs/offline.md).

   A port of what the colour identity page does with its plain fields (name, mana cost, type line, rules text:
   judge.calc.forms.IdentityForm.printed_card) and of the engine's rules for one printed face
   (judge.engine.identity.color_identity; the mana readers judge.engine.mana.parse_mana_cost, parse_symbol and
   printed_symbols): the same steps (message codes, rules, parameters) and the same problems for a mana cost
   that can't be read, their texts the engine's own in both languages, the tables the engine's, all read from
   GET /api/calc/offline-rules (judge.calc.offline_rules), which the service worker keeps. A card name alone
   (or pasted card JSON) needs the card data on the server: offline that input stays and one line says so.
   tests/web/test_identity_offline.py compares this with the engine. Messages are as in damage-offline.js. */
"use strict";
(function (root) {
  const msg = (code, params, extra) => Object.assign({code, rule: "", field: "", params: params || {}}, extra || {});

  function render(message, texts, lang) {
    const entry = texts[message.code];
    if (!entry) throw new Error("unknown message code " + message.code);
    return (entry[lang] || entry.en).replace(/\{\{|\}\}|\{(\w+)\}/g, (all, name) => {
      if (all === "{{") return "{";
      if (all === "}}") return "}";
      if (!(name in message.params)) return all;
      const v = message.params[name];
      if (v && typeof v === "object") return v.code ? render(v, texts, lang) : (lang === "ja" ? v.ja : v.en);
      return String(v);
    });
  }

  // Python's str.strip, str.splitlines and \s: the characters it takes for white space and line ends.
  const SPACE = "\\t\\n\\x0b\\x0c\\r\\x1c\\x1d\\x1e\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
  const STRIP = new RegExp(`^[${SPACE}]+|[${SPACE}]+$`, "g");
  const strip = (s) => s.replace(STRIP, "");
  const LINES = /\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]/;
  const SENTENCES = new RegExp(`(?<=\\.)[${SPACE}]+`);
  const chars = (s) => Array.from(s);
  const casefold = (s) => s.toLowerCase().replace(/ß/g, "ss");
  // Python's \w and \b (Unicode letters and digits), for the engine's patterns.
  const W = "[\\p{L}\\p{N}_]";
  const B = `(?:(?<!${W})(?=${W})|(?<=${W})(?!${W}))`;
  const COLOR_WORD = "white|blue|black|red|green";
  const ALL_COLORS = new RegExp(`${B}is all colors${B}`, "iu");
  const IS_COLOR = new RegExp(`${B}is (${COLOR_WORD})(?:(?:, | and |, and )(${COLOR_WORD}))*${B}(?![\\p{L}\\p{N}_-])`, "iu");
  const COLORLESS = new RegExp(`^devoid${B}|${B}is colorless\\.`, "imu");
  const SYMBOL = /\{([^{}]{1,12})\}/gu;
  const ONE_SYMBOL = /^\{([^{}]{1,12})\}$/u;
  const TYPED = /[0-9]+(?:\/[A-Z])?|[A-Z](?:\/[A-Z0-9])*/y;
  const REMINDER = /\([^()]*\)/g;

  const translate = (s, table) => chars(s).map((c) => (c in table ? table[c] : c)).join("");

  // ------------------------------------------------------------------ mana (judge.engine.mana)
  /** One braced symbol as {text, colors} (colors a set of letters), or {problem}. */
  function parseSymbol(text, I, field, label) {
    const lbl = label || msg("mana.label.mana-cost");
    const typed = strip(text);
    const problem = msg("mana.not-a-symbol", {label: lbl, symbol: typed}, {rule: "107.4", field});
    const match = ONE_SYMBOL.exec(typed);
    if (!match || !/^[\x00-\x7f]*$/.test(match[1])) return {problem};
    const body = match[1].toUpperCase();
    if (/^[0-9]+$/.test(body)) {
      const amount = Number(body);
      if (amount > I.max_generic) return {problem: msg("mana.too-large", {label: lbl, symbol: typed, high: I.max_generic}, {rule: "107.4", field})};
      return {text: `{${amount}}`, colors: new Set()};
    }
    if (["X", "Y", "Z", "C", "S"].includes(body)) return {text: `{${body}}`, colors: new Set()};
    if (I.colors.includes(body)) return {text: `{${body}}`, colors: new Set([body])};
    if (body.startsWith("H") && I.colors.includes(body.slice(1))) return {text: `{${body}}`, colors: new Set([body.slice(1)])};
    const parts = body.split("/");
    if (!([2, 3].includes(parts.length) && parts.every(Boolean))) return {problem};
    const colors = new Set();
    let colorless = false;
    for (const part of parts) {
      if (I.colors.includes(part)) colors.add(part);
      else if (part === "C") colorless = true;
      else if (part !== "P" && !(/^[0-9]+$/.test(part) && Number(part) <= 20)) return {problem};
    }
    if (!colors.size && !colorless) return {problem};
    return {text: "{" + parts.join("/") + "}", colors};
  }

  function typedSymbols(text) {
    const symbols = [];
    let at = 0;
    while (at < text.length) {
      const c = text[at];
      if (" ,、・".includes(c)) { at += 1; continue; }
      if (c === "{" || c === "(") {
        const end = text.indexOf(c === "{" ? "}" : ")", at);
        if (end < 0) return null;
        symbols.push("{" + text.slice(at + 1, end) + "}");
        at = end + 1;
        continue;
      }
      TYPED.lastIndex = at;
      const m = TYPED.exec(text);
      if (!m) return null;
      symbols.push("{" + m[0] + "}");
      at = TYPED.lastIndex;
    }
    return symbols;
  }

  /** A typed cost ("2緑白", "{2}{G/W}") as {text} in the printed form, or {problems} as the engine reports. */
  function parseManaCost(text, I, field, label) {
    const lbl = label || msg("mana.label.mana-cost");
    const stripped = strip(text);
    if (chars(stripped).length > I.max_cost_text) {
      return {problems: [msg("mana.too-long", {label: lbl, high: I.max_cost_text}, {rule: "107.4", field})]};
    }
    const typed = translate(stripped.normalize("NFKC"), I.japanese_symbols).toUpperCase();
    const symbols = typedSymbols(typed);
    if (symbols === null) return {problems: [msg("mana.unreadable", {label: lbl, text: stripped}, {rule: "107.4", field})]};
    const problems = new Map();
    const parsed = [];
    for (const symbol of symbols) {
      let p = null;
      if (I.non_mana.includes(symbol.slice(1, -1))) p = msg("mana.not-a-symbol", {label: lbl, symbol}, {rule: "107.4", field});
      else {
        const s = parseSymbol(symbol, I, field, lbl);
        if (s.problem) p = s.problem;
        else parsed.push(s.text);
      }
      if (p && !problems.has(JSON.stringify(p))) problems.set(JSON.stringify(p), p);
    }
    if (problems.size) return {problems: [...problems.values()]};
    return {text: parsed.join("")};
  }

  /** Rules text as typed, its braced symbols in the engine's spelling ({緑/白} is {G/W}; judge.engine.mana). */
  function printedSymbols(text, I) {
    return text.normalize("NFKC").replace(SYMBOL, (all, body) => "{" + translate(body, I.japanese_symbols).toUpperCase() + "}");
  }

  // ------------------------------------------------------------------ the rules (judge.engine.identity)
  function colorList(colors, I, style) {
    const letters = I.colors.filter((c) => colors.has(c));
    if (!letters.length) return msg("mana.colorless");
    let message = msg(`mana.color.${letters[letters.length - 1]}`);
    for (const letter of letters.slice(0, -1).reverse()) {
      message = msg(`mana.color-${style || "list"}`, {first: msg(`mana.color.${letter}`), rest: message});
    }
    return message;
  }

  function coloredSymbols(text, I) {
    if (!text.includes("{")) return [];
    const seen = new Map();
    for (const m of text.matchAll(SYMBOL)) {
      const s = parseSymbol(m[0].toUpperCase(), I);
      if (s.problem || !s.colors.size || seen.has(s.text)) continue;
      seen.set(s.text, I.colors.filter((c) => s.colors.has(c)));
    }
    return [...seen];
  }

  function stripReminder(text) {
    let previous = null;
    while (previous !== text) {
      previous = text;
      text = text.replace(REMINDER, "");
    }
    return text;
  }

  function namesItself(subject, face) {
    const s = casefold(strip(subject));
    return s === casefold(face.name) || s === casefold(face.name.split(",")[0]) ||
      /^this (card|creature|spell|permanent|artifact|enchantment|land|[a-z]+)$/.test(s);
  }

  function conditional(sentence) {
    const lowered = casefold(sentence);
    return [" until ", " as long as ", " if ", " becomes ", "target "].some((w) => lowered.includes(w));
  }

  function cdaColors(face, rulesText, I) {
    const lowered = rulesText.toLowerCase();
    if (!lowered.includes("is all colors") && !Object.keys(I.color_words).some((w) => lowered.includes(`is ${w}`))) return [new Set(), ""];
    for (const line of rulesText.split(LINES)) {
      for (const sentence of line.split(SENTENCES)) {
        const every = ALL_COLORS.exec(sentence);
        if (every && namesItself(sentence.slice(0, every.index), face) && !conditional(sentence)) return [new Set(I.colors), strip(sentence)];
        const match = IS_COLOR.exec(sentence);
        if (match && namesItself(sentence.slice(0, match.index), face) && !conditional(sentence)) {
          const words = match[0].match(new RegExp(COLOR_WORD, "gi"));
          return [new Set(words.map((w) => I.color_words[w.toLowerCase()])), strip(sentence)];
        }
      }
    }
    return [new Set(), ""];
  }

  function basicLandTypes(typeLine, I) {
    const line = translate(typeLine, I.quotes);
    const [types, rest] = splitOnce(line, " - ");
    const words = (s) => s.split(new RegExp(`[${SPACE}]+`)).filter(Boolean);
    if (!words(types).includes("Land")) return [];
    const subtypes = new Set(rest === null ? [] : words(rest));
    return Object.keys(I.basic_land_types).filter((t) => subtypes.has(t));
  }

  function splitOnce(s, sep) {
    const at = s.indexOf(sep);
    return at < 0 ? [s, null] : [s.slice(0, at), s.slice(at + sep.length)];
  }

  const step = (code, rule, params) => ({code, rule, params, objects: []});

  /** {name, identity, steps} of one single-faced card {name, mana_cost, type_line, oracle_text}, as
      judge.engine.identity.color_identity answers for it. */
  function identityOf(face, I) {
    const found = new Set();
    const steps = [];
    const label = msg("identity.face", {face: face.name});
    for (const [text, colors] of coloredSymbols(face.mana_cost, I)) {
      colors.forEach((c) => found.add(c));
      steps.push(step("identity.cost-symbol", "903.4", {symbol: text, face: label, colors: colorList(new Set(colors), I)}));
    }
    const rulesText = face.oracle_text.includes("(") ? stripReminder(face.oracle_text) : face.oracle_text;
    const inRules = coloredSymbols(rulesText, I);
    for (const [text, colors] of inRules) {
      colors.forEach((c) => found.add(c));
      steps.push(step("identity.text-symbol", "903.4", {symbol: text, face: label, colors: colorList(new Set(colors), I)}));
    }
    const counted = new Set(inRules.map(([t]) => t));
    const ignored = coloredSymbols(face.oracle_text, I).map(([t]) => t).filter((t) => !counted.has(t));
    if (ignored.length) steps.push(step("identity.reminder-ignored", "903.4c", {symbols: ignored.join(", "), face: label}));
    const [cda, sentence] = cdaColors(face, rulesText, I);
    if (cda.size) {
      cda.forEach((c) => found.add(c));
      steps.push(step("identity.cda", "604.3", {sentence, face: label, colors: colorList(cda, I)}));
    }
    const saysColorless = rulesText.includes("colorless.") || rulesText.includes("Devoid");
    if (found.size && saysColorless && COLORLESS.test(rulesText)) steps.push(step("identity.colorless-but", "903.4", {face: label}));
    const landTypes = face.type_line.includes("Land") ? basicLandTypes(face.type_line, I) : [];
    for (const landType of landTypes) {
      const color = I.basic_land_types[landType];
      found.add(color);
      steps.push(step("identity.land-type", "305.6", {face: label, color: colorList(new Set([color]), I),
        mana: `{${color}}`, land_type: msg(`identity.land-type.${landType.toLowerCase()}`)}));
    }
    // Why the mana a land type gives counts (903.5d), as judge/engine/identity.py says.
    if (landTypes.length) {
      const produced = new Set(landTypes.map((t) => I.basic_land_types[t]));
      steps.push(step("identity.land-type-counts", "903.5d", {face: label, colors: colorList(produced, I)}));
    }
    const identity = I.colors.filter((c) => found.has(c));
    steps.push(step("identity.summary", "903.4", {card: face.name, colors: colorList(new Set(identity), I, "words")}));
    return {name: face.name, identity, steps};
  }

  // ------------------------------------------------------------------ the page's fields (IdentityForm)
  const field = (data, name, limit) => {
    const text = strip(String(data[name] || "").replace(/\x00/g, "").normalize("NFKC"));
    return limit ? chars(text).slice(0, limit).join("") : text;
  };

  /** What the page answers for its fields offline: {needs: "names"} when a name or card JSON was given (the
      server's card data reads them), else {problems} (a mana cost that can't be read) or {card: {name,
      identity, steps}} or {problems, card: null, number, cardName} for a card the engine's reader refuses;
      null when no printed field was typed. */
  function answerFields(data, I, lang) {
    const L = I.fields;
    const needs = Boolean(field(data, "names") || strip(String(data.cards_json || "")));
    const typed = {};
    for (const name of Object.keys(L)) typed[name] = field(data, name, L[name]);
    const printed = Object.keys(L).some((name) => typed[name]);  // as IdentityForm.printed_card reads them
    if (!printed) return needs ? {needs: true} : null;
    let cost = "";
    if (typed.card_mana_cost) {
      const read = parseManaCost(typed.card_mana_cost, I, "card_mana_cost");
      if (read.problems) return {needs, problems: read.problems};
      cost = read.text;
    }
    const name = strip(typed.card_name || I.page[lang].typed);
    const card = {name, mana_cost: cost, type_line: typed.card_type_line, oracle_text: printedSymbols(typed.card_text, I)};
    // The card reader's checks (judge.engine.cards_payload): a text over its limit.
    const cardLabel = msg("cards.label.card", {number: 1});
    const problems = [];
    for (const key of ["name", "type_line", "oracle_text"]) {
      if (chars(card[key]).length > I.max_card_text) {
        problems.push(msg("cards.text-too-long", {label: msg("cards.label.field", {card: cardLabel, part: msg(`cards.field.${key}`)}),
          high: I.max_card_text}, {field: `cards[0].${key}`}));
      }
    }
    if (problems.length) return {needs, card: null, cardProblems: problems, cardName: chars(typed.card_name || I.page[lang].typed).slice(0, 200).join("")};
    return {needs, card: identityOf(card, I)};
  }

  const api = {parseManaCost, printedSymbols, identityOf, answerFields, render};
  if (typeof module !== "undefined") module.exports = api;
  root.IdentityOffline = api;

  // ------------------------------------------------------------------ the page (templates/calc/identity.html)
  if (typeof document === "undefined") return;
  const lang = document.documentElement.lang === "en" ? "en" : "ja";
  let rules = null;
  fetch("/api/calc/offline-rules").then((r) => r.json()).then((data) => { rules = data; }).catch(() => null);

  function escape(s) {
    return String(s).replace(/[&<>"]/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})[c]);
  }

  function cite(rule) {
    const link = rules.rules[rule] ? rules.rules[rule][lang] : {url: `/${lang}/rules/${rule}/`, label: rule};
    return link.url ? `<a href="${escape(link.url)}">${escape(link.label)}</a>` : escape(link.label);
  }

  /** A step's text escaped, its mana symbols drawn as the site's steps draw them (the mana_symbols filter). */
  function symbols(text, page) {
    const said = (v) => {
      if (/^[0-9]+$/.test(v)) return page.mana.N.replace("{amount}", v);
      if (v.endsWith("/P")) return page.mana.P.replace("{mana}", said(v[0]));
      if (v.includes("/")) {
        const [first, second] = v.split("/");
        return page.mana.H.replace("{first}", said(first)).replace("{second}", said(second));
      }
      return page.mana[v];
    };
    return escape(text).replace(/\{([0-9]{1,7}|[WUBRGCXT]|[WUBRG2]\/[WUBRG]|[WUBRG]\/P)\}/g, (all, v) => {
      const kind = v.endsWith("/P") ? "P" : v.includes("/") ? "H" : /^[0-9]+$/.test(v) || v === "X" ? "N" : v;
      const label = escape(said(v));
      return `<span class="mana-symbol pip-${kind}" role="img" aria-label="${label}" title="${label}">${v}</span>`;
    });
  }

  function show(form, answer) {
    const I = rules.identity;
    const page = I.page[lang];
    const texts = rules.texts;
    let html = "";
    if (answer.needs) html += `<p class="notice needs-connection">${escape(page.needs)}</p>`;
    const errors = (answer.problems || []).map((p) => render(p, texts, lang));
    if (errors.length) {
      html += `<div class="notice error" role="alert"><p>${escape(errors.length === 1 ? page.fix_one : page.fix_many.replace("{n}", errors.length))}</p>` +
        `<ul class="errorlist">${errors.map((e) => `<li>${escape(e)}</li>`).join("")}</ul></div>`;
    }
    if (answer.card) {
      const c = answer.card;
      const pips = c.identity.length ? c.identity.map((l) => `<abbr class="pip pip-${l}" title="${escape(page.colors[l])}">${l}</abbr>`).join("")
        : `<abbr class="pip pip-C" title="${escape(page.colors.C)}">C</abbr>`;
      const steps = c.steps.map((s) => `<li><span class="step-rule">${cite(s.rule)}</span> ` +
        `<span class="step-text" lang="${lang}">${symbols(render(s, texts, lang), page)}</span></li>`).join("");
      html += `<ul class="identity-results"><li class="identity-card"><p class="card-line"><span class="card-name" lang="en">` +
        `${escape(c.name)}</span> <span class="pips">${pips}</span></p><details open><summary>${escape(page.why)}</summary>` +
        `<ol class="calc-steps">${steps}</ol></details></li></ul>`;
    } else if (answer.cardProblems) {
      const label = render(msg("cards.label.card", {number: 1}), texts, lang);
      html += `<ul class="identity-results"><li class="identity-card card-problem"><p class="card-line"><span class="card-name">` +
        `${escape(label)}: <span translate="no">${escape(answer.cardName)}</span></span></p><ul class="errorlist">` +
        answer.cardProblems.map((p) => `<li>${escape(render(p, texts, lang))}</li>`).join("") + "</ul></li></ul>";
    }
    if (answer.card || errors.length) html += `<p class="notice offline-computed" role="status">${escape(page.offline)}</p>`;
    let result = document.getElementById("result");
    if (!result) {
      result = document.createElement("section");
      result.id = "result";
      form.after(result);
    }
    result.className = "calc-result";
    result.setAttribute("aria-live", "polite");
    result.innerHTML = html;
    const wait = form.querySelector(".offline-wait");
    if (wait) wait.remove();
  }

  function fieldsOf(form) {
    const data = {};
    for (const [name, v] of new FormData(form).entries()) if (typeof v === "string") data[name] = v;
    return data;
  }

  // Offline (the browser says so), the printed fields are answered here and never sent; a name alone (or
  // card JSON) is sent as before: it fails, the inputs stay, and one line says it needs the connection.
  document.addEventListener("htmx:beforeRequest", (event) => {
    const elt = event.detail && event.detail.elt;
    if (navigator.onLine || !rules || !(elt instanceof HTMLFormElement) || !elt.querySelector("#identity-printed")) return;
    const answer = answerFields(fieldsOf(elt), rules.identity, lang);
    if (!answer || (answer.needs && !answer.card && !answer.problems && !answer.cardProblems)) return;
    event.preventDefault();
    show(elt, answer);
  });
  // A name sent offline failed (static/js/offline.js wrote its line): say what works without a connection.
  document.addEventListener("htmx:sendError", (event) => {
    const elt = event.detail && event.detail.elt;
    if (!rules || !(elt instanceof HTMLFormElement) || !elt.querySelector("#identity-printed")) return;
    setTimeout(() => {
      const line = elt.querySelector(".offline-wait");
      const hint = rules.identity.page[lang].needs;
      if (line && !line.textContent.includes(hint)) line.textContent += " " + hint;
    }, 0);
  });
})(typeof self !== "undefined" ? self : this);
