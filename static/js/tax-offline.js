/* The tax calculator worked out on the phone when there is no connection (issue 34 item 2; docs/offline.md).

   A faithful port of judge.engine.tax (Commander, Brawl, DTC, the planar die), of its payload reader
   judge.engine.tax_payload (every problem, with the same codes, fields and parameters) and of the mana reader
   of judge.engine.mana (printed or typed costs, full-width, the Japanese colour words, hybrid, Phyrexian, X).
   Every number and table it decides by comes from the engine as data (judge.engine.tax_offline), and every
   text is the engine's or the page's own, in both languages: GET /api/calc/tax-texts (judge.calc.offline),
   which the service worker keeps. tests/web/test_tax_offline.py runs this file in Node against the engine on
   every case of tests/engine/cases/tax.txt and a grid of mixed inputs. */
"use strict";
(function (root) {
  // ------------------------------------------------------------------ messages (judge.engine.messages)
  function msg(code, params, rule, field) {
    return {code, rule: rule || "", field: field || "", params: params || {}};
  }
  const key = (m) => JSON.stringify(m);
  function unique(list) {  // dict.fromkeys: the first of equal problems, in order
    const seen = new Set();
    return list.filter((m) => !seen.has(key(m)) && seen.add(key(m)));
  }

  /** A message in `lang`: str.format fields ({{ and }} for braces), a message parameter rendered first, a
      text given in both languages ({en, ja}) in the reader's. */
  function render(message, texts, lang) {
    const entry = texts[message.code];
    const template = entry ? (entry[lang] || entry.en) : message.code;
    return template.replace(/\{\{|\}\}|\{(\w+)\}/g, (all, name) => {
      if (all === "{{") return "{";
      if (all === "}}") return "}";
      if (!(name in message.params)) return all;
      const value = message.params[name];
      if (value && typeof value === "object") return "code" in value ? render(value, texts, lang) : value[lang === "ja" ? "ja" : "en"];
      return String(value);
    });
  }

  // ------------------------------------------------------------------ Python's str methods, as the engine uses them
  const SPACE = "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007" +
    "\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000";
  function strip(text) {
    let start = 0;
    let end = text.length;
    while (start < end && SPACE.includes(text[start])) start += 1;
    while (end > start && SPACE.includes(text[end - 1])) end -= 1;
    return text.slice(start, end);
  }
  const chars = (text) => Array.from(text);
  const cut = (text, n) => chars(text).slice(0, n).join("");
  const isAscii = (text) => /^[\x00-\x7f]*$/.test(text);
  const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]|(?! )\p{Zs}/u;

  function floatRepr(x) {  // Python's repr of a float
    if (!Number.isFinite(x)) return Number.isNaN(x) ? "nan" : (x > 0 ? "inf" : "-inf");
    const [digits, exp] = x.toExponential().split("e");
    const e = Number(exp);
    if (e < -4 || e >= 16) {
      const mantissa = digits.includes(".") ? digits : digits;
      return `${mantissa}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
    }
    const text = String(x);
    return text.includes(".") || text.includes("e") ? text : text + ".0";
  }

  /** judge.engine.payload.shown: a bad value quoted in a problem. JSON numbers without a fraction are ints. */
  function shown(value) {
    if (typeof value === "string") {
      const start = cut(value, 60);
      return NOT_PRINTABLE.test(start) ? "?" : start;
    }
    if (value === null || value === undefined) return "None";
    if (typeof value === "boolean") return value ? "True" : "False";
    if (typeof value === "number") {
      if (!Number.isInteger(value)) return floatRepr(value);
      return Math.abs(value) < 1e12 ? String(value) : "…";
    }
    return "…";
  }

  const isWhole = (value, low, high) => typeof value === "number" && Number.isInteger(value) && low <= value && value <= high;
  const has = (object, name) => Object.prototype.hasOwnProperty.call(object, name);

  // ------------------------------------------------------------------ mana (judge.engine.mana)
  function Mana(R) {
    const M = R.mana;
    const label = () => msg("mana.label.mana-cost");
    const symbolRe = new RegExp(`^(?:${M.symbol})$`);
    const typedRe = new RegExp(M.typed, "y");

    function notASymbol(text, field, lab) {
      return msg("mana.not-a-symbol", {label: lab, symbol: text}, "107.4", field);
    }

    function symbol(fields) {
      return Object.assign({text: "", colors: [], generic: 0, variable: false, hybrid: false, phyrexian: false,
        colorless: false, snow: false}, fields);
    }

    /** parse_symbol: one braced symbol; throws a list of problems. */
    function parseSymbol(text, field, lab) {
      const t = strip(text);
      const m = symbolRe.exec(t);
      if (!m || !isAscii(m[1])) throw [notASymbol(t, field, lab)];
      const body = m[1].toUpperCase();
      if (/^[0-9]+$/.test(body)) {
        const amount = Number(body);
        if (amount > M.max_generic) {
          throw [msg("mana.too-large", {label: lab, symbol: t, high: M.max_generic}, "107.4", field)];
        }
        return symbol({text: `{${amount}}`, generic: amount});
      }
      if (["X", "Y", "Z"].includes(body)) return symbol({text: `{${body}}`, variable: true});
      if (body === "C") return symbol({text: "{C}", colorless: true});
      if (body === "S") return symbol({text: "{S}", snow: true});
      if (M.colors.includes(body)) return symbol({text: `{${body}}`, colors: [body]});
      if (body.startsWith("H") && M.colors.includes(body.slice(1))) {
        return symbol({text: `{${body}}`, colors: [body.slice(1)]});
      }
      const parts = body.split("/");
      const problem = notASymbol(t, field, lab);
      if ((parts.length === 2 || parts.length === 3) && parts.every((p) => p)) return split(parts, problem);
      throw [problem];
    }

    function split(parts, problem) {
      const colors = [];
      let generic = 0;
      let phyrexian = false;
      let colorless = false;
      for (const part of parts) {
        if (M.colors.includes(part)) {
          if (!colors.includes(part)) colors.push(part);
        } else if (part === "P") phyrexian = true;
        else if (part === "C") colorless = true;
        else if (/^[0-9]+$/.test(part) && Number(part) <= M.max_hybrid_generic) generic = Number(part);
        else throw [problem];
      }
      if (!colors.length && !colorless) throw [problem];
      const hybrid = parts.length - (phyrexian ? 1 : 0) > 1;
      return symbol({text: `{${parts.join("/")}}`, colors, generic, hybrid, phyrexian, colorless});
    }

    function typedSymbols(text) {
      const symbols = [];
      let position = 0;
      while (position < text.length) {
        const char = text[position];
        if (M.separators.includes(char)) { position += 1; continue; }
        if (char === "{" || char === "(") {
          const end = text.indexOf(char === "{" ? "}" : ")", position);
          if (end < 0) return null;
          symbols.push(`{${text.slice(position + 1, end)}}`);
          position = end + 1;
          continue;
        }
        typedRe.lastIndex = position;
        const m = typedRe.exec(text);
        if (!m) return null;
        symbols.push(`{${m[0]}}`);
        position = typedRe.lastIndex;
      }
      return symbols;
    }

    /** parse_mana_cost: {symbols} read as printed or typed; throws a list of problems. */
    function parseCost(text, field, lab) {
      field = field || "mana_cost";
      lab = lab || label();
      const stripped = strip(text);
      if (chars(stripped).length > M.max_cost_text) {
        throw [msg("mana.too-long", {label: lab, high: M.max_cost_text}, "107.4", field)];
      }
      const typed = chars(stripped.normalize("NFKC")).map((c) => (has(M.japanese, c) ? M.japanese[c] : c))
        .join("").toUpperCase();
      const symbols = typedSymbols(typed);
      if (symbols === null) throw [msg("mana.unreadable", {label: lab, text: stripped}, "107.4", field)];
      const problems = [];
      const parsed = [];
      for (const s of symbols) {
        if (M.non_mana.includes(s.slice(1, -1))) { problems.push(notASymbol(s, field, lab)); continue; }
        try {
          parsed.push(parseSymbol(s, field, lab));
        } catch (err) {
          problems.push(...err);
        }
      }
      if (problems.length) throw unique(problems);
      return parsed;
    }
    return {parseCost, label};
  }

  const isGeneric = (s) => !(s.colors.length || s.colorless || s.snow) && !s.hybrid;
  const genericOf = (symbols) => symbols.filter(isGeneric).reduce((n, s) => n + s.generic, 0);
  const coloredPart = (symbols) => symbols.filter((s) => !isGeneric(s) || s.variable);
  const textOf = (symbols) => symbols.map((s) => s.text).join("");
  const hasKind = (s, color) => s.colors.includes(color) || (color === "C" && s.colorless);

  function format(generic, symbols) {  // format_mana_cost
    const variable = textOf(symbols.filter((s) => s.variable));
    const rest = textOf(symbols.filter((s) => !s.variable));
    return variable + (generic || !(variable || rest) ? `{${generic}}` : "") + rest;
  }

  // ------------------------------------------------------------------ the payload (judge.engine.tax_payload)
  function Reader(R) {
    const mana = Mana(R);
    const label = (name) => {
      if (name === "mana_cost") return mana.label();
      if (name === "variant") return msg("variant.label");
      return msg(`tax.label.${name.replace(/_/g, "-")}`);
    };
    const number = (name, value) => {
      const [low, high] = R.ranges[name];
      return isWhole(value, low, high) ? null : msg("input.whole-number", {label: label(name), low, high}, "", name);
    };
    const generic = (amount) => (amount ? [{text: `{${amount}}`, colors: [], generic: amount, variable: false,
      hybrid: false, phyrexian: false, colorless: false, snow: false}] : []);

    function reduction(value, problems) {
      if (typeof value === "string") {
        let cost;
        try {
          cost = mana.parseCost(value, "reduction", label("reduction"));
        } catch (err) {
          problems.push(...err);
          return generic(0);
        }
        for (const s of cost) {
          if (s.variable) {
            problems.push(msg("mana.variable-reduction", {label: label("reduction"), symbol: s.text}, "118.7", "reduction"));
          }
        }
        const tooMuch = number("reduction", genericOf(cost));
        if (tooMuch) problems.push(tooMuch);
        return cost;
      }
      const problem = number("reduction", value);
      if (problem) { problems.push(problem); return generic(0); }
      return generic(value);
    }

    function manaCost(value, problems) {
      if (typeof value !== "string" || !strip(value)) {
        problems.push(msg("input.required", {label: mana.label()}, "", "mana_cost"));
        return [];
      }
      try {
        return mana.parseCost(value);
      } catch (err) {
        problems.push(...err);
        return [];
      }
    }

    function castZone(value, problems) {
      if (typeof value === "string" && R.zones.includes(value)) return value;
      problems.push(msg("input.one-of", {label: label("cast_from"), value: shown(value), choices: R.zones.join(", ")},
        "", "cast_from"));
      return R.command_zone;
    }

    function variantOf(value, problems) {
      if (typeof value === "string" && R.variants.includes(strip(value))) return strip(value);
      const choices = {en: R.variants.join(", "), ja: R.variants.join("、")};
      if (value === null || value === undefined) {
        problems.push(msg("input.choose", {label: msg("variant.label"), choices}, "", "variant"));
      } else {
        problems.push(msg("input.one-of", {label: msg("variant.label"), value: shown(value), choices}, "", "variant"));
      }
      return null;
    }

    function moreProblems(count) {
      return msg("input.more-problems", {count, shown: R.max_problems});
    }

    function unknownFields(item, allowed) {
      const expected = allowed.join(", ");
      const unknown = Object.keys(item).filter((name) => !allowed.includes(name));
      const found = unknown.slice(0, R.max_problems).map((name) => msg("input.unknown-field",
        {label: msg("input.label.request"), name: cut(String(name), 60), expected}, "", String(name)));
      return unknown.length > R.max_problems ? [...found, moreProblems(unknown.length - R.max_problems)] : found;
    }

    function fail(problems) {  // RulesError: at most max_problems, then how many more
      if (problems.length <= R.max_problems) return {problems};
      const rest = problems.slice(R.max_problems)
        .reduce((n, p) => n + (p.code === "input.more-problems" && Number.isInteger(p.params.count) ? p.params.count : 1), 0);
      return {problems: [...problems.slice(0, R.max_problems), moreProblems(rest)]};
    }

    function readField(name, value, problems, commander) {
      if (name === "mana_cost") return manaCost(value, problems);
      if (name === "reduction" && commander) return reduction(value, problems);
      if (name === "cast_from") return castZone(value, problems);
      if (name === "two_headed_giant" || name === "partner") {
        if (typeof value !== "boolean") problems.push(msg("input.true-false", {label: label(name)}, "", name));
      } else {
        const problem = number(name, value);
        if (problem) problems.push(problem);
      }
      return value;
    }

    /** read_tax_payload: {request} or {problems}. */
    function read(payload) {
      if (!payload || typeof payload !== "object" || Array.isArray(payload)) return fail([msg("input.not-object")]);
      const problems = [];
      const variant = variantOf(has(payload, "variant") ? payload.variant : null, problems);
      const fields = variant !== null ? R.fields[variant] : [];
      if (variant !== null) {
        problems.push(...unknownFields(payload, ["variant", ...fields.map(([name]) => name)]));
        const notTaxed = (has(payload, "cast_from") ? payload.cast_from : R.command_zone) !== R.command_zone;
        for (const [name, required] of fields) {
          if (required && !has(payload, name) && !(name === "previous_casts" && notTaxed)) {
            problems.push(msg("tax.required-for", {label: label(name), variant: msg(`variant.${variant}`)}, "", name));
          }
        }
      }
      const checked = fields.length ? fields.map(([name]) => name) : R.order;
      const commander = variant === null || R.commander_rules.includes(variant);
      const values = {};
      for (const name of R.order) {
        if (!checked.includes(name) || !has(payload, name)) continue;
        values[name] = readField(name, payload[name], problems, commander);
      }
      if (problems.length || variant === null) return fail(unique(problems));
      if (variant === "dtc") {
        return {request: {variant, cost: values.cost, reduction: has(values, "reduction") ? values.reduction : 0,
          play_number: values.play_number}};
      }
      if (variant === "planechase") {
        return {request: {variant, rolls_this_turn: values.rolls_this_turn, two_headed_giant: values.two_headed_giant === true}};
      }
      const cost = has(values, "mana_cost") ? values.mana_cost : null;
      const lowered = has(values, "reduction") ? values.reduction : generic(0);
      if (cost === null && lowered.length) {
        return fail([msg("tax.reduction-needs-cost", {label: label("reduction")}, "", "reduction")]);
      }
      return {request: {variant, mana_cost: cost, previous_casts: has(values, "previous_casts") ? values.previous_casts : 0,
        reduction: lowered, cast_from: has(values, "cast_from") ? values.cast_from : R.command_zone,
        partner: values.partner === true}};
    }
    return {read};
  }

  // ------------------------------------------------------------------ the rules (judge.engine.tax)
  const step = (code, rule, params) => ({code, rule, params: params || {}});

  function take(remaining, color) {  // _take
    const plain = (s) => (color === "C" ? s.colorless : s.colors.length === 1 && s.colors[0] === color && !s.hybrid && !s.phyrexian);
    const announced = (s) => (color === "C" ? s.colorless : s.colors.includes(color)) && (s.hybrid || s.phyrexian);
    for (const wanted of [plain, announced]) {
      const index = remaining.findIndex((s) => !s.variable && wanted(s));
      if (index >= 0) return remaining.splice(index, 1)[0];
    }
    return null;
  }

  function coloredReduction(colored, reduction) {  // _colored_reduction (118.7b-118.7g)
    const remaining = colored.slice();
    let lowered = 0;
    const steps = [];
    for (const r of reduction) {
      if (isGeneric(r)) { lowered += r.generic; continue; }
      if (r.snow) {
        lowered += 1;
        steps.push(step("tax.reduce-snow", "118.7g", {reduction_symbol: r.text}));
        continue;
      }
      let color = r.colorless && !r.colors.length ? "C" : "";
      if (r.hybrid) {
        const halves = ["W", "U", "B", "R", "G", "C"].filter((c) => hasKind(r, c));
        const usable = halves.filter((c) => remaining.some((s) => hasKind(s, c)));
        if (usable.length) {
          color = usable[0];
        } else if (r.generic) {
          lowered += r.generic;
          steps.push(step("tax.reduce-hybrid-choice", "118.7e", {reduction_symbol: r.text, half: `{${r.generic}}`}));
          continue;
        } else {
          color = halves[0];
        }
        steps.push(step("tax.reduce-hybrid-choice", "118.7e", {reduction_symbol: r.text, half: `{${color}}`}));
      } else if (r.colors.length) {
        color = r.colors[0];
        if (r.phyrexian) steps.push(step("tax.reduce-phyrexian", "118.7f", {reduction_symbol: r.text, color: `{${color}}`}));
      }
      const taken = take(remaining, color);
      if (taken === null) {
        lowered += 1;
        const had = colored.some((s) => hasKind(s, color));
        const params = {reduction_symbol: r.text, color: `{${color}}`};
        if (!had) steps.push(step("tax.reduce-as-generic", "118.7b", params));
        else steps.push(step("tax.reduce-excess", color === "C" ? "118.7d" : "118.7c", params));
      } else if (taken.hybrid || taken.phyrexian) {
        steps.push(step("tax.reduce-announced-hybrid", "601.2b", {symbol: taken.text, color: `{${color}}`, reduction_symbol: r.text}));
      } else {
        steps.push(step("tax.reduce-pip", "118.7", {reduction_symbol: r.text, symbol: taken.text}));
      }
    }
    return {remaining, cut: lowered, steps};
  }

  function castSteps(R, request, steps, tax, soFar) {
    const fromCommandZone = request.cast_from === R.command_zone;
    if (request.variant === "brawl") steps.push(step("tax.brawl", "903.12a"));
    if (!fromCommandZone) {
      steps.push(step("tax.not-from-command-zone", "903.8", {zone: msg(`tax.zone.${request.cast_from}`)}));
    } else if (tax) {
      steps.push(soFar());
    } else {
      steps.push(step("tax.first-cast", "903.8"));
    }
    if (fromCommandZone && request.partner) steps.push(step("tax.partners", "702.124d"));
  }

  function commanderTax(R, request) {
    const fromCommandZone = request.cast_from === R.command_zone;
    const tax = fromCommandZone ? R.tax_per_cast * request.previous_casts : 0;
    if (request.mana_cost === null) {  // _tax_alone
      const steps = [];
      castSteps(R, request, steps, tax, () => step("tax.alone-casts", "903.8", {casts: request.previous_casts, tax: `{${tax}}`}));
      const total = `+{${tax}}`;
      steps.push(step("tax.alone", "601.2f", {total}));
      return {tax_generic: tax, total_cost: total, steps};
    }
    const cost = request.mana_cost;
    const colored = coloredPart(cost);
    const withTax = genericOf(cost) + tax;
    const steps = [step("tax.start", "601.2f", {cost: textOf(cost) || "{0}"})];
    castSteps(R, request, steps, tax, () => {
      const soFar = format(withTax, colored);
      if (request.previous_casts === 1) return step("tax.commander-tax-one", "903.8", {tax: `{${tax}}`, so_far: soFar});
      return step("tax.commander-tax-many", "903.8", {casts: request.previous_casts, tax: `{${tax}}`, so_far: soFar});
    });
    const {remaining, cut: lowered, steps: reductionSteps} = coloredReduction(colored, request.reduction);
    const totalGeneric = Math.max(withTax - lowered, 0);
    const reductionIsGeneric = request.reduction.every((s) => isGeneric(s) && !s.variable);
    if (reductionIsGeneric) {
      if (lowered) {
        steps.push(step("tax.reduce-generic", "601.2f", {reduction: `{${lowered}}`, before: `{${withTax}}`, after: `{${totalGeneric}}`}));
      }
    } else {
      steps.push(step("tax.reduce-start", "601.2f", {reduction: textOf(request.reduction)}));
      steps.push(...reductionSteps);
      if (lowered && withTax) {
        steps.push(step("tax.reduce-generic-part", "118.7a", {before: `{${withTax}}`, after: `{${totalGeneric}}`}));
      }
    }
    const unused = lowered - withTax;
    if (unused > 0) {
      steps.push(step(remaining.some((s) => s.variable) ? "tax.reduction-left-over-x" : "tax.reduction-left-over", "118.7a",
        {unused: `{${unused}}`}));
    } else if (remaining.length && genericOf(request.reduction)) {
      steps.push(step("tax.colored-stays", "118.7a", {symbols: textOf(remaining)}));
    }
    const monocolored = remaining.filter((s) => s.hybrid && s.generic);
    if (monocolored.length) {
      const texts = new Set(monocolored.map((s) => s.text));
      const altGeneric = Math.max(withTax + monocolored.reduce((n, s) => n + s.generic, 0) - lowered, 0);
      steps.push(step(lowered ? "tax.monocolored-hybrid-reduced" : "tax.monocolored-hybrid", "601.2b",
        {symbols: [...texts].join(""), total: format(altGeneric, remaining.filter((s) => !texts.has(s.text)))}));
    }
    const total = format(totalGeneric, remaining);
    steps.push(step("tax.total", "601.2f", {total}));
    return {tax_generic: tax, total_cost: total, steps};
  }

  function dtcTax(R, request) {
    const {cost, reduction, play_number: play} = request;
    const rule = R.dtc_rule;
    const steps = [step("tax.dtc-start", rule, {cost})];
    let reduced = cost;
    if (reduction) {
      reduced = Math.max(cost - reduction, Math.min(cost, R.dtc_min_reduced_cost));
      if (reduced > cost - reduction) {
        steps.push(step("tax.dtc-reduce-floor", rule, {cost, reduction, reduced, floor: R.dtc_min_reduced_cost}));
      } else {
        steps.push(step("tax.dtc-reduce", rule, {cost, reduction, reduced}));
      }
    }
    const tax = R.tax_per_cast * (play - 1);
    steps.push(tax ? step("tax.dtc-tax", rule, {play, tax}) : step("tax.dtc-first-play", rule));
    steps.push(step("tax.dtc-per-player", rule));
    const total = reduced + tax;
    steps.push(step("tax.dtc-total", rule, {reduced, tax, total}));
    return {tax_generic: tax, total_cost: total, steps};
  }

  function planarDie(request) {
    const rolls = request.rolls_this_turn;
    let first;
    if (rolls === 0) first = step("tax.planar-die-free", "901.9");
    else if (rolls === 1) first = step("tax.planar-die-one", "901.9");
    else first = step("tax.planar-die-many", "901.9", {cost: `{${rolls}}`, rolls});
    const steps = [first, step("tax.planar-die-special-action", "116.2i")];
    if (request.two_headed_giant) steps.push(step("tax.planar-die-two-headed-giant", "901.12d"));
    return {tax_generic: rolls, total_cost: rolls, steps};
  }

  /** calculate_tax: {tax_generic, total_cost, steps: [{code, rule, params}]} or {problems: [{code, rule,
      field, params}]}, as the engine answers the same payload. `rules` is the catalog's "rules". */
  function compute(payload, rules) {
    const read = Reader(rules).read(payload);
    if (read.problems) return read;
    const request = read.request;
    if (request.variant === "dtc") return dtcTax(rules, request);
    if (request.variant === "planechase") return planarDie(request);
    return commanderTax(rules, request);
  }

  const api = {compute, render, shown};
  if (typeof module !== "undefined") module.exports = api;
  root.TaxOffline = api;

  // ------------------------------------------------------------------ the page (templates/calc/tax.html)
  if (typeof document === "undefined") return;
  const lang = document.documentElement.lang === "en" ? "en" : "ja";
  let catalog = null;
  fetch("/api/calc/tax-texts").then((r) => r.json()).then((data) => {
    catalog = data;
    document.documentElement.dataset.taxOffline = "ready";  // the page can answer offline from now on
  }).catch(() => null);

  function escape(s) {
    return String(s).replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})[c]);
  }

  function manaSymbols(text) {  // the mana_symbols filter (judge.web.templatetags.web_tags)
    const labels = catalog.mana_labels[lang];
    const said = (v) => {
      if (/^[0-9]+$/.test(v)) return labels.N.replace("{n}", v);
      if (v.endsWith("/P")) return labels.P.replace("{mana}", said(v[0]));
      if (v.includes("/")) {
        const [first, second] = v.split("/");
        return labels.H.replace("{first}", said(first)).replace("{second}", said(second));
      }
      return labels[v];
    };
    return escape(text).replace(/\{([0-9]{1,7}|[WUBRGCXT]|[WUBRG2]\/[WUBRG]|[WUBRG]\/P)\}/g, (all, value) => {
      const kind = value.endsWith("/P") ? "P" : value.includes("/") ? "H" : /^[0-9]+$/.test(value) || value === "X" ? "N" : value;
      const name = escape(said(value));
      return `<span class="mana-symbol pip-${kind}" role="img" aria-label="${name}" title="${name}">${value}</span>`;
    });
  }

  function citedRule(rule) {  // {% cited_rule %}
    const links = catalog.rule_links[lang];
    const other = links.other[rule];
    if (other) return other.url ? `<a href="${escape(other.url)}">${escape(other.label)}</a>` : escape(other.label);
    // The engine's number, named and linked by the current release's (judge.web.citations.current_rule).
    const shown = (catalog.renumbering || {})[rule] || rule;
    return `<a href="${escape(links.prefix + shown)}/">${escape(shown)}</a>`;
  }

  /** Python's int() of a text of decimal digits in any script ("٣" is 3), as NumberField reads it. */
  function wholeNumber(text) {
    const digit = (c) => {  // a digit's value: its place in its script's run of ten
      let cp = c.codePointAt(0);
      let value = 0;
      while (value < 9 && /\p{Nd}/u.test(String.fromCodePoint(cp - 1))) { cp -= 1; value += 1; }
      return value;
    };
    const digits = chars(text.replace(/_/g, "")).map((c) => (/[+-]/.test(c) ? c : String(digit(c)))).join("");
    return Number(digits);
  }

  /** TaxForm.payload, and the page's variant and whether it was a calculation (judge.calc.forms). */
  function formPayload(form) {
    const data = new FormData(form);
    const {fields, numbers, flags} = catalog.form;
    const raw = data.get("variant");
    const clean = (value) => strip(String(value === null ? "" : value).replace(/\0/g, "").normalize("NFKC"));
    const variant = clean(raw);
    const payload = {variant};
    for (const name of fields[variant] || []) {
      let value;
      if (flags.includes(name)) {
        const given = data.get(name);
        value = given !== null && given !== "" && !["false", "0"].includes(String(given).toLowerCase());
      } else {
        value = clean(data.get(name));
        if (numbers.includes(name)) {
          if (!value) value = null;
          else if (/^[+-]?\p{Nd}+(?:_\p{Nd}+)*$/u.test(value)) value = wholeNumber(value);
          else value = cut(value, 40);
        }
      }
      if (value !== null && value !== "" && value !== false) payload[name] = value;
    }
    const submitted = (fields[raw] || []).some((name) => data.has(name));
    return {payload, submitted, variant: has(fields, raw) ? raw : "commander"};
  }

  function stepsHtml(steps) {
    return `<ol class="calc-steps">${steps.map((s) => `\n  <li><span class="step-rule">${citedRule(s.rule)}</span> ` +
      `<span class="step-text" lang="${lang}">${manaSymbols(render(s, catalog.texts, lang))}</span></li>`).join("")}\n</ol>`;
  }

  /** The result section the server would send for this form (tax_page and its template). */
  function resultHtml(form) {
    const words = catalog.words[lang];
    const {payload, submitted, variant} = formPayload(form);
    if (!submitted) return "";
    const taxOnly = catalog.rules.commander_rules.includes(payload.variant) && !has(payload, "mana_cost");
    if (taxOnly && has(payload, "previous_casts")) payload.mana_cost = "{0}";
    const answer = compute(payload, catalog.rules);
    if (answer.problems) {
      const n = answer.problems.length;
      const items = answer.problems.map((p) => `<li>${escape(render(p, catalog.texts, lang))}</li>`).join("");
      return `<div class="notice error" role="alert">\n  <p>${escape(n === 1 ? words.fix_one : words.fix_many.replace("{n}", n))}</p>\n` +
        `  <ul class="errorlist">${items}</ul>\n</div>`;
    }
    const how = `<h2>${escape(words.how)}</h2>\n`;
    if (taxOnly) {
      return `<p class="answer-line"><span class="answer-label">${escape(words.commander_tax)}</span>\n` +
        `    <span class="answer"><span class="mana">+${manaSymbols(answer.total_cost)}</span></span></p>\n` +
        `  <p class="answer-sub">${escape(words.enter_cost)}</p>\n  ${how}` +
        stepsHtml(answer.steps.filter((s) => s.rule !== "601.2f"));
    }
    const total = typeof answer.total_cost === "string" ? `<span class="mana">${manaSymbols(answer.total_cost)}</span>`
      : `<span class="number">${escape(answer.total_cost)}</span>`;
    const sub = words[variant === "planechase" ? "sub_planechase" : variant === "dtc" ? "sub_dtc" : "sub_commander"];
    return `<p class="answer-line"><span class="answer-label">${escape(words.total)}</span>\n    <span class="answer">${total}</span></p>\n` +
      `  <p class="answer-sub">${escape(sub.replace("{n}", answer.tax_generic))}</p>\n  ${how}` + stepsHtml(answer.steps);
  }

  function answer(form) {
    const result = document.getElementById("result");
    if (!result) return false;
    const line = form.querySelector(".offline-wait");
    if (line) line.remove();
    const html = resultHtml(form);
    result.innerHTML = html + (html ? `\n<p class="notice offline-computed" role="status">${escape(catalog.words[lang].offline)}</p>` : "");
    return true;
  }

  const taxForm = (target) => (catalog && target instanceof HTMLFormElement && target.closest("#tax-calculator") ? target : null);
  document.addEventListener("submit", (event) => {
    const form = taxForm(event.target);
    if (navigator.onLine || !form || !answer(form)) return;
    event.preventDefault();
    event.stopPropagation();
  }, true);
  // The browser says it is online but the worker got no answer (a dropped signal it has not noticed):
  // answer here all the same (static/js/offline.js has already written its line; it is taken away).
  document.addEventListener("judgeOffline", (event) => {
    const form = taxForm(event.target);
    if (form) answer(form);
  });

  // The format switch offline: each format's calculator comes with the catalog (judge.calc.tax_offline_page).
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element && event.target.closest("#tax-calculator .variant-tabs a");
    if (navigator.onLine || !catalog || !link) return;
    const html = catalog.calculators[lang][new URL(link.href, location.href).searchParams.get("variant")];
    const current = document.getElementById("tax-calculator");
    if (!html || !current) return;
    event.preventDefault();
    event.stopPropagation();
    const holder = document.createElement("div");
    holder.innerHTML = html;
    const fresh = holder.firstElementChild;
    current.replaceWith(fresh);
    if (root.htmx) root.htmx.process(fresh);
  }, true);
})(typeof self !== "undefined" ? self : this);
