/* Commander damage worked out on the phone when there is no connection (issue 34 item 2; docs/offline.md).

   A port of judge.engine.damage (with its payload reader damage_payload and its checks damage_records) and of
   the page's table (judge.calc.forms.DamageTable): the same steps (message codes, rules, parameters), the
   same problems for bad input, their texts the engine's own in both languages, and the engine's limits, all
   read from GET /api/calc/offline-rules (judge.calc.offline_rules), which the service worker keeps.
   tests/web/test_damage_offline.py compares this with the engine on the worked cases and a grid of inputs.
   A message here is {code, rule, field, params}; a parameter is a number, a text, a {en, ja} pair (a card's
   name) or a message (a label), rendered in the reader's language. */
"use strict";
(function (root) {
  // ------------------------------------------------------------------ messages (judge.engine.messages)
  function msg(code, params, extra) {
    return Object.assign({code, rule: "", field: "", params: params || {}}, extra || {});
  }

  /** A message's text in lang: the engine's template (str.format fields, {{ and }} for braces) filled in. */
  function render(message, texts, lang) {
    const entry = texts[message.code];
    if (!entry) throw new Error("unknown message code " + message.code);
    const template = entry[lang] || entry.en;
    return template.replace(/\{\{|\}\}|\{(\w+)\}/g, (all, name) => {
      if (all === "{{") return "{";
      if (all === "}}") return "}";
      if (!(name in message.params)) return all;
      return value(message.params[name], texts, lang);
    });
  }

  function value(v, texts, lang) {
    if (v && typeof v === "object") return v.code ? render(v, texts, lang) : (lang === "ja" ? v.ja : v.en);
    return String(v);
  }

  const chars = (s) => Array.from(s);
  // Python's str.isprintable: no control, format, private, unassigned or separator character but the space.
  const PRINTABLE = /^(?:[^\p{C}\p{Z}]| )*$/u;

  /** A bad value quoted in a problem (judge.engine.payload.shown): as Python's repr of a JSON value. */
  function shownValue(v) {
    if (typeof v === "string") {
      const cut = chars(v).slice(0, 60).join("");
      return PRINTABLE.test(cut) ? cut : "?";
    }
    if (v === null || v === undefined) return "None";
    if (v === true) return "True";
    if (v === false) return "False";
    if (typeof v === "number" && Number.isInteger(v) && Math.abs(v) < 1e12) return String(v);
    if (typeof v === "number") return pyFloat(v);
    return "…";
  }

  function pyFloat(v) {
    if (Number.isNaN(v)) return "nan";
    if (!Number.isFinite(v)) return v > 0 ? "inf" : "-inf";
    const s = String(v);
    return /[.e]/.test(s) ? s : s + ".0";
  }

  /** Cut a name as an explanation shows it (judge.engine.messages.shown). */
  function shownName(name, limit) {
    const c = chars(name);
    return c.length <= limit ? name : c.slice(0, limit - 1).join("") + "…";
  }

  // Python's str.strip and str.isspace: the characters it takes for white space.
  const SPACE = "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";
  const STRIP = new RegExp(`^[${SPACE}]+|[${SPACE}]+$`, "g");
  const strip = (s) => s.replace(STRIP, "");
  const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
  const isText = (v) => typeof v === "string";
  const isWhole = (v, low, high) => typeof v === "number" && Number.isInteger(v) && v >= low && v <= high;
  const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
  const key = (m) => JSON.stringify(m);

  /** The problems of an error, as judge.engine.errors.RulesError keeps them: the first max, then how many more. */
  function capped(found, R) {
    if (found.length <= R.max_problems) return found;
    const count = found.slice(R.max_problems).reduce((n, p) =>
      n + (p.code === "input.more-problems" && Number.isInteger(p.params.count) ? p.params.count : 1), 0);
    return [...found.slice(0, R.max_problems), msg("input.more-problems", {count, shown: R.max_problems})];
  }

  function unknownFields(item, allowed, R, field, label) {
    const unknown = Object.keys(item).filter((k) => !allowed.includes(k));
    const found = unknown.slice(0, R.max_problems).map((k) => msg("input.unknown-field", {
      label: label || msg("input.label.request"), name: chars(k).slice(0, 60).join(""), expected: allowed.join(", "),
    }, {field: field ? `${field}.${k}` : k}));
    if (unknown.length > R.max_problems) found.push(msg("input.more-problems", {count: unknown.length - R.max_problems, shown: R.max_problems}));
    return found;
  }

  // ------------------------------------------------------------------ the checks (judge.engine.damage_records)
  const label = (code, number) => (number === undefined ? msg(`damage.label.${code}`) : msg(`damage.label.${code}`, {number}));

  function readText(v, field, lbl, high) {
    if (v === null || v === undefined || (isText(v) && !strip(v))) return msg("input.required", {label: lbl}, {field});
    if (!isText(v)) return msg("input.not-text", {label: lbl}, {field});
    if (chars(v).length > high) return msg("input.too-long", {label: lbl, high}, {field});
    return null;
  }

  function nameProblem(v, field, lbl, R, optional) {
    if (optional && v === "") return null;
    if (optional && (v === null || v === undefined)) return msg("input.not-text", {label: lbl}, {field});
    return readText(v, field, lbl, R.max_name);
  }

  function wholeNumber(v, field, lbl, low, high) {
    return isWhole(v, low, high) ? null : msg("input.whole-number", {label: lbl, low, high}, {field});
  }

  function checkGame(game, R) {
    const invalid = [];
    const illegal = [];
    const {players, commanders, events, teams} = game;
    if (!players.length) invalid.push(msg("damage.no-players", {label: label("players")}, {field: "players"}));
    if (players.length > R.max_players) {
      invalid.push(msg("input.too-many", {label: label("players"), count: players.length, high: R.max_players}, {field: "players"}));
    }
    const seen = new Set();
    players.slice(0, R.max_players).forEach((player, i) => {
      const lbl = label("player", i + 1);
      const problem = nameProblem(player, `players[${i}]`, lbl, R, false);
      if (problem) invalid.push(problem);
      else if (seen.has(player)) invalid.push(msg("input.duplicate", {label: lbl, value: shownValue(player)}, {field: `players[${i}]`}));
      if (isText(player)) seen.add(player);
    });
    if (teams !== null) {
      if (teams.length < 2) invalid.push(msg("damage.team-too-few", {label: label("teams")}, {field: "teams"}));
      const placed = new Set();
      teams.slice(0, R.max_players).forEach((team, i) => {
        const lbl = label("team", i + 1);
        if (!Array.isArray(team) || !team.length) {
          invalid.push(msg("input.list", {label: lbl}, {field: `teams[${i}]`}));
          return;
        }
        team.forEach((player, j) => {
          const field = `teams[${i}][${j}]`;
          if (!isText(player) || !seen.has(player)) invalid.push(msg("input.not-a-player", {label: lbl, name: shownValue(player)}, {field}));
          else if (placed.has(player)) invalid.push(msg("damage.player-in-two-teams", {label: lbl, value: player}, {field}));
          else placed.add(player);
        });
      });
      const left = [...seen].filter((p) => !placed.has(p)).sort(byCodePoint);
      for (const player of left) invalid.push(msg("damage.player-without-team", {label: label("teams"), value: player}, {field: "teams"}));
    }
    const ids = new Set();
    const owned = new Map();
    const limit = R.max_players * R.max_commanders_per_player;
    commanders.slice(0, limit + 1).forEach((c, i) => {
      const where = `commanders[${i}]`;
      const number = i + 1;
      for (const problem of [
        nameProblem(c.id, `${where}.id`, label("commander-id", number), R, false),
        nameProblem(c.owner, `${where}.owner`, label("commander-owner", number), R, false),
        nameProblem(c.name, `${where}.name`, label("commander-name", number), R, true),
        nameProblem(c.name_ja, `${where}.name_ja`, label("commander-name-ja", number), R, true),
      ]) if (problem) invalid.push(problem);
      if (isText(c.id)) {
        if (ids.has(c.id)) invalid.push(msg("input.duplicate", {label: label("commander-id", number), value: shownValue(c.id)}, {field: `${where}.id`}));
        ids.add(c.id);
      }
      if (isText(c.owner)) {
        if (!seen.has(c.owner)) {
          illegal.push(msg("damage.owner-not-player", {label: label("commander-owner", number), value: shownValue(c.owner)},
            {rule: "903.3", field: `${where}.owner`}));
        }
        owned.set(c.owner, (owned.get(c.owner) || 0) + 1);
      }
    });
    if (commanders.length > limit) {
      invalid.push(msg("input.too-many", {label: label("commanders"), count: commanders.length, high: limit}, {field: "commanders"}));
    }
    for (const [owner, count] of owned) {
      if (count > R.max_commanders_per_player && seen.has(owner)) {
        illegal.push(msg("damage.too-many-commanders", {owner, count, high: R.max_commanders_per_player},
          {rule: "702.124g", field: "commanders"}));
      }
    }
    const playerProblem = (v, field, lbl) => {
      if (!(isText(v) && seen.has(v))) invalid.push(msg("input.not-a-player", {label: lbl, name: shownValue(v)}, {field}));
    };
    events.slice(0, R.max_events).forEach((event, i) => {
      const where = `events[${i}]`;
      const number = i + 1;
      if (event.kind === "life-gain") {
        playerProblem(event.target, `${where}.target`, label("event-target", number));
        const problem = wholeNumber(event.amount, `${where}.amount`, label("event-amount", number), 0, R.max_amount);
        if (problem) invalid.push(problem);
        return;
      }
      if (!(isText(event.source) && ids.has(event.source))) {
        invalid.push(msg("damage.unknown-commander", {label: label("event-source", number), value: shownValue(event.source)}, {field: `${where}.source`}));
      }
      playerProblem(event.target, `${where}.target`, label("event-target", number));
      if (event.controller !== null && event.controller !== undefined) {
        playerProblem(event.controller, `${where}.controller`, label("event-controller", number));
      }
      if (typeof event.combat !== "boolean") invalid.push(msg("input.true-false", {label: label("event-combat", number)}, {field: `${where}.combat`}));
      if (typeof event.copy !== "boolean") invalid.push(msg("input.true-false", {label: label("event-copy", number)}, {field: `${where}.copy`}));
      const amount = wholeNumber(event.amount, `${where}.amount`, label("event-amount", number), 0, R.max_amount);
      const prevented = wholeNumber(event.prevented, `${where}.prevented`, label("event-prevented", number), 0, R.max_amount);
      for (const p of [amount, prevented]) if (p) invalid.push(p);
      if (!amount && !prevented && event.prevented > event.amount) {
        invalid.push(msg("damage.prevented-over-amount", {label: label("event-prevented", number), prevented: event.prevented, amount: event.amount},
          {field: `${where}.prevented`}));
      }
    });
    if (invalid.length) {
      const unique = new Map();
      for (const m of invalid) if (!unique.has(key(m))) unique.set(key(m), m);
      return {kind: "invalid", problems: capped([...unique.values()], R)};
    }
    if (illegal.length) return {kind: "illegal", problems: capped(illegal, R)};
    return null;
  }

  function byCodePoint(a, b) {
    const x = chars(a).map((c) => c.codePointAt(0));
    const y = chars(b).map((c) => c.codePointAt(0));
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
    return x.length - y.length;
  }

  // ------------------------------------------------------------------ the payload (judge.engine.damage_payload)
  /** {game} or {error: {kind: "invalid"|"illegal", problems}} for a payload, as read_damage_payload reads it. */
  function readPayload(payload, R) {
    if (!isObject(payload)) return {error: {kind: "invalid", problems: [msg("input.not-object")]}};
    const problems = unknownFields(payload, ["variant", "players", "commanders", "events", "teams"], R);
    const v = payload.variant;
    let variant = null;
    const choices = {en: R.variants.join(", "), ja: R.variants.join("、")};
    if (isText(v) && R.variants.includes(strip(v))) variant = strip(v);
    else if (v === null || v === undefined) problems.push(msg("input.choose", {label: msg("variant.label"), choices}, {field: "variant"}));
    else problems.push(msg("input.one-of", {label: msg("variant.label"), value: shownValue(v), choices}, {field: "variant"}));
    const list = (name, required) => {
      const got = payload[name];
      if ((got === null || got === undefined) && !required) return [];
      if (!Array.isArray(got)) {
        problems.push(msg("input.list", {label: label(name)}, {field: name}));
        return [];
      }
      return got;
    };
    const players = list("players", true);
    const rawCommanders = list("commanders", true);
    const rawEvents = list("events", true);
    const teams = has(payload, "teams") ? list("teams", false) : null;
    const commanders = [];
    rawCommanders.slice(0, R.max_players * R.max_commanders_per_player + 1).forEach((item, i) => {
      if (!isObject(item)) {
        problems.push(msg("input.object", {label: label("commander", i + 1)}, {field: `commanders[${i}]`}));
        return;
      }
      problems.push(...unknownFields(item, R.commander_fields, R, `commanders[${i}]`, label("commander", i + 1)));
      commanders.push({id: item.id, owner: item.owner, name: has(item, "name") ? item.name : "",
        name_ja: has(item, "name_ja") ? item.name_ja : ""});
    });
    const events = [];
    if (rawEvents.length > R.max_events) {
      problems.push(msg("input.too-many", {label: label("events"), count: rawEvents.length, high: R.max_events}, {field: "events"}));
    }
    rawEvents.slice(0, R.max_events).forEach((item, i) => {
      const where = `events[${i}]`;
      const number = i + 1;
      if (!isObject(item)) {
        problems.push(msg("input.object", {label: label("event", number)}, {field: where}));
        return;
      }
      const kind = has(item, "kind") ? item.kind : "damage";
      if (kind === "life-gain") {
        problems.push(...unknownFields(item, R.life_gain_fields, R, where, label("event", number)));
        events.push({kind: "life-gain", target: item.target, amount: item.amount});
        return;
      }
      if (kind !== "damage") {
        problems.push(msg("input.one-of", {label: label("event-kind", number), value: shownValue(kind), choices: "damage, life-gain"},
          {field: `${where}.kind`}));
        return;
      }
      problems.push(...unknownFields(item, R.damage_fields, R, where, label("event", number)));
      for (const required of ["source", "target", "amount", "combat"]) {
        if (!has(item, required)) problems.push(msg("input.required", {label: label(`event-${required}`, number)}, {field: `${where}.${required}`}));
      }
      events.push({kind: "damage", source: item.source, target: item.target,
        amount: has(item, "amount") ? item.amount : 0, combat: has(item, "combat") ? item.combat : false,
        prevented: has(item, "prevented") ? item.prevented : 0, controller: has(item, "controller") ? item.controller : null,
        copy: has(item, "copy") ? item.copy : false});
    });
    const game = {variant: variant || "commander", players, commanders, events, teams};
    const checked = checkGame(game, R);
    if (checked && checked.kind === "invalid") {
      const known = new Set(problems.map(key));
      for (const p of checked.problems) if (!known.has(key(p))) { problems.push(p); known.add(key(p)); }
    } else if (checked) {
      if (problems.length) return {error: {kind: "invalid", problems: capped(problems, R)}};
      return {error: checked};
    }
    if (problems.length || variant === null) return {error: {kind: "invalid", problems: capped(problems, R)}};
    game.variant = variant;
    return {game};
  }

  // ------------------------------------------------------------------ the rules (judge.engine.damage)
  function commanderLabel(c, R) {
    if (!c.name) return {en: c.id, ja: c.id};
    return {en: shownName(c.name, R.shown_chars), ja: `《${shownName(c.name_ja || c.name, R.shown_chars)}》`};
  }

  function step(code, rule, params, objects) {
    return {code, rule, params, objects: objects || []};
  }

  /** {totals, lost, lost_teams, steps} as judge.engine.damage.calculate_commander_damage answers, or
      {error: {kind, problems}} for the problems it raises. */
  function compute(payload, R) {
    const read = readPayload(payload, R);
    if (read.error) return read;
    const {game} = read;
    const byId = new Map(game.commanders.map((c) => [c.id, c]));
    const totals = new Map();  // "player\u0000commander" -> damage, in the order first dealt
    const reachedAt = new Map();
    const steps = [];
    const brawl = game.variant === "brawl";
    const pair = (p, c) => JSON.stringify([p, c]);
    if (brawl) steps.push(step("damage.brawl-rule", "903.12h", {limit: R.limit}));
    game.events.forEach((event, index) => {
      const number = index + 1;
      if (event.kind === "life-gain") {
        const dealt = [...totals].filter(([k]) => JSON.parse(k)[0] === event.target)
          .map(([k, d]) => [commanderLabel(byId.get(JSON.parse(k)[1]), R), d]);
        if (dealt.length) {
          steps.push(step("damage.life-gain", "commander:9", {number, player: event.target, amount: event.amount,
            so_far: {en: dealt.map(([l, d]) => `${l.en} ${d}`).join(", "), ja: dealt.map(([l, d]) => `${l.ja} ${d}`).join("、")}}));
        } else {
          steps.push(step("damage.life-gain-none", "commander:9", {number, player: event.target, amount: event.amount}));
        }
        return;
      }
      const commander = byId.get(event.source);
      const lbl = commanderLabel(commander, R);
      const controller = event.controller || commander.owner;
      const objects = [commander.id];
      if (event.copy) {
        // A copy of a commander takes its copiable values (707.2), not its designation (903.3): none counts.
        const dealt = event.amount - event.prevented;
        steps.push(step("damage.copy", "707.2", {number, commander: lbl, player: event.target, amount: dealt}, objects));
        steps.push(step(event.combat ? "damage.copy-not-counted" : "damage.copy-not-counted-noncombat", "903.3",
          {number, commander: lbl, player: event.target, amount: dealt, limit: R.limit}, objects));
        return;
      }
      if (controller !== commander.owner) {
        steps.push(step("damage.stolen", "903.3", {number, commander: lbl, controller, owner: commander.owner}, objects));
      }
      if (event.prevented) {
        steps.push(step("damage.prevented", "615.6", {number, prevented: event.prevented, amount: event.amount,
          commander: lbl, player: event.target}, objects));
      }
      const dealt = event.amount - event.prevented;
      if (dealt === 0) {
        if (!event.prevented) steps.push(step("damage.zero", "120.8", {number, commander: lbl, player: event.target}, objects));
        return;
      }
      if (!event.combat) {
        steps.push(step("damage.noncombat", "903.10a", {number, commander: lbl, amount: dealt, player: event.target}, objects));
        return;
      }
      const k = pair(event.target, commander.id);
      totals.set(k, (totals.get(k) || 0) + dealt);
      steps.push(step(event.target === commander.owner ? "damage.combat-own" : "damage.combat", "903.10a",
        {number, commander: lbl, amount: dealt, player: event.target, total: totals.get(k)}, objects));
      if (totals.get(k) >= R.limit && !reachedAt.has(k)) reachedAt.set(k, number);
    });
    const playerOrder = new Map(game.players.map((p, i) => [p, i]));
    const commanderOrder = new Map(game.commanders.map((c, i) => [c.id, i]));
    const ordered = [...totals].map(([k, damage]) => {
      const [player, commander] = JSON.parse(k);
      return {player, commander, damage};
    }).sort((a, b) => (playerOrder.get(a.player) - playerOrder.get(b.player)) ||
      (commanderOrder.get(a.commander) - commanderOrder.get(b.commander)));
    // Partners: two commanders of one owner are never added together (702.124d).
    const owners = [...new Set(game.commanders.map((c) => c.owner))];
    for (const player of game.players) {
      for (const owner of owners) {
        const two = ordered.filter((t) => t.player === player && byId.get(t.commander).owner === owner);
        if (two.length === 2) {
          const [first, second] = two;
          steps.push(step("damage.partners", "702.124d", {player, owner, first: commanderLabel(byId.get(first.commander), R),
            first_damage: first.damage, second: commanderLabel(byId.get(second.commander), R), second_damage: second.damage},
          [first.commander, second.commander]));
        }
      }
    }
    const lost = [];
    for (const total of ordered) {
      const k = pair(total.player, total.commander);
      if (!reachedAt.has(k)) continue;
      const lbl = commanderLabel(byId.get(total.commander), R);
      if (brawl) {
        steps.push(step("damage.brawl-no-loss", "903.12h", {player: total.player, damage: total.damage, commander: lbl}, [total.commander]));
        continue;
      }
      lost.push({player: total.player, commander: total.commander, damage: total.damage, rule: "704.6c"});
      steps.push(step("damage.loses", "704.6c", {player: total.player, damage: total.damage, commander: lbl,
        event: reachedAt.get(k), limit: R.limit}, [total.commander]));
    }
    const lostTeams = [];
    for (const loss of lost) {
      (game.teams || []).forEach((team, i) => {
        const number = i + 1;
        if (team.includes(loss.player) && !lostTeams.some((t) => t.team === number)) {
          lostTeams.push({team: number, players: team.slice(), player: loss.player, rule: "810.8a"});
          steps.push(step("damage.team-loses", "810.8a", {player: loss.player, team: team.join(", ")}));
        }
      });
    }
    return {totals: ordered, lost, lost_teams: lostTeams, steps};
  }

  // ------------------------------------------------------------------ the page's table (judge.calc.forms.DamageTable)
  const normalise = (s) => String(s || "").normalize("NFKC").trim();

  function whole(text) {
    const t = normalise(text);
    return /^[0-9]+$/.test(t) && t.length < 7 ? Number(t) : null;
  }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, (all, k) => (k in values ? String(values[k]) : all));
  }

  /** The table a query (a {name: value} of the form's fields) holds: seats, cells, problems, the payload. */
  function readTable(data, R, lang) {
    const T = R.table;
    const page = R.page[lang];
    const get = (k) => (k in data ? data[k] : "");
    const variant = normalise(get("variant")) || "commander";
    const thg = Boolean(get("thg"));
    const wanted = whole(get("resize") || get("seats"));
    const size = Math.min(Math.max(wanted !== null ? wanted : T.default_seats, T.min_seats), T.max_seats);
    const cut = (s) => chars(normalise(s)).slice(0, T.max_name).join("");
    const seats = [];
    for (let n = 1; n <= size; n++) {
      const name = cut(get(`name${n}`));
      const seat = {number: n, name, commander: cut(get(`cmdr${n}`)), partner: cut(get(`partner${n}`))};
      seat.player = name || fill(page.player, {number: n});
      seat.commanderName = seat.commander || fill(page.commander, {player: seat.player});
      seats.push(seat);
    }
    const commanders = [];
    for (const seat of seats) {
      commanders.push({id: `${seat.number}a`, name: seat.commanderName, owner: seat});
      if (seat.partner) commanders.push({id: `${seat.number}b`, name: seat.partner, owner: seat});
    }
    const problems = [];
    const counts = new Map();
    for (const c of commanders) {
      for (const seat of seats) {
        const k = `d${c.id}_${seat.number}`;
        const text = normalise(get(k));
        const count = text ? whole(text) : 0;
        if (count === null || count > T.max_damage) {
          problems.push(fill(page.cell, {player: seat.player, commander: c.name, high: T.max_damage}));
        } else if (count) {
          counts.set(k, count);
        }
      }
    }
    if (thg && size % 2) problems.push(page.odd);
    const payload = {
      variant,
      players: seats.map((s) => s.player),
      commanders: commanders.map((c) => ({id: c.id, owner: c.owner.player, name: c.name})),
      events: [...counts].map(([k, amount]) => ({source: k.slice(1).split("_")[0], target: seats[Number(k.split("_")[1]) - 1].player,
        amount, combat: true})),
    };
    if (thg) {
      const players = payload.players;
      payload.teams = [];
      for (let i = 0; i < players.length; i += 2) payload.teams.push(players.slice(i, i + 2));
    }
    return {variant, thg, size, seats, commanders, counts, problems, payload, query: query(variant, thg, size, seats, counts)};
  }

  /** The table as a URL query, as DamageTable.query writes it (nothing empty, no tap). */
  function query(variant, thg, size, seats, counts) {
    const pairs = [["variant", variant], ["seats", String(size)]];
    if (thg) pairs.push(["thg", "1"]);
    for (const seat of seats) {
      for (const [field, v] of [["name", seat.name], ["cmdr", seat.commander], ["partner", seat.partner]]) {
        if (v) pairs.push([`${field}${seat.number}`, v]);
      }
    }
    for (const [k, count] of counts) pairs.push([k, String(count)]);
    return new URLSearchParams(pairs).toString();
  }

  const api = {compute, render, readTable, shownValue};
  if (typeof module !== "undefined") module.exports = api;
  root.DamageOffline = api;

  // ------------------------------------------------------------------ the page (templates/calc/damage.html)
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

  /** Show the answer for the table as the form holds it; false where the server is needed (a resize). */
  function answer(form, submitter) {
    if (!rules || (submitter && submitter.name === "resize")) return false;
    const R = Object.assign({}, rules.damage);
    const page = R.page[lang];
    const data = {};
    for (const [name, v] of new FormData(form).entries()) data[name] = String(v);
    const table = readTable(data, R, lang);
    // A new seat or a partner typed is a new row or column: the server builds the table.
    const rows = form.querySelectorAll(".damage-grid tbody tr");
    if (table.seats.length !== rows.length || !rows.length) return false;
    if (rows[0].querySelectorAll("td.cell").length !== table.commanders.length) return false;
    let errors = table.problems;
    let result = null;
    if (!errors.length) {
      result = compute(table.payload, R);
      if (result.error) {
        errors = result.error.problems.map((p) => render(p, rules.texts, lang));
        result = null;
      }
    }
    const names = new Map(table.commanders.map((c) => [c.id, c.name]));
    const lost = new Set(result ? result.lost.map((l) => JSON.stringify([l.player, l.commander])) : []);
    let html = "";
    if (errors.length) {
      html += `<div class="notice error" role="alert"><p>${escape(errors.length === 1 ? page.fix_one : fill(page.fix_many, {n: errors.length}))}</p>` +
        `<ul class="errorlist">${errors.map((e) => `<li>${escape(e)}</li>`).join("")}</ul></div>`;
    }
    for (const l of result ? result.lost : []) {
      html += `<p class="answer lost loss">${escape(fill(page.loses, {player: l.player, damage: l.damage, commander: names.get(l.commander)}))}` +
        ` <span class="rule-cite">(${cite(l.rule)})</span></p>`;
    }
    for (const t of result ? result.lost_teams : []) {
      html += `<p class="answer lost loss">${escape(fill(page.team_loses, {team: t.team, players: t.players.join(" / ")}))}` +
        ` <span class="rule-cite">(${cite(t.rule)})</span></p>`;
    }
    if (result && !result.lost.length) {
      html += table.variant === "brawl"
        ? `<p class="answer-sub">${escape(page.brawl)} <span class="rule-cite">(${cite("903.12h")})</span></p>`
        : `<p class="answer-sub">${escape(page.nobody)}</p>`;
    }
    html += `<p class="notice offline-computed" role="status">${escape(page.offline)}</p>`;
    form.querySelector("#result").innerHTML = html;
    // The table's heads and cells as the server would show them: the names typed, the losing cells marked.
    const heads = Array.from(form.querySelectorAll(".damage-grid thead th[scope=col]")).slice(1);
    if (heads.length === table.commanders.length) {
      table.commanders.forEach((c, i) => {
        const named = c.id.endsWith("b") || c.owner.commander;
        heads[i].innerHTML = named ? `${escape(c.name)}<small>${escape(c.owner.player)}</small>`
          : `${escape(c.owner.player)}<small>${escape(page.commander_small)}</small>`;
      });
    }
    form.querySelectorAll(".damage-grid tbody tr").forEach((row, index) => {
      const seat = table.seats[index];
      const th = row.querySelector("th");
      if (th) th.innerHTML = escape(seat.player) + (table.thg ? `<small>${escape(fill(page.team, {n: Math.floor(index / 2) + 1}))}</small>` : "");
      row.querySelectorAll("td.cell").forEach((cell, i) => {
        const c = table.commanders[i];
        cell.classList.toggle("lost", Boolean(c) && lost.has(JSON.stringify([seat.player, c.id])));
      });
    });
    const calculator = form.closest("#damage-calculator");
    let how = calculator.querySelector("details.format-help");
    if (result && result.steps.length) {
      if (!how) {
        how = document.createElement("details");
        how.className = "format-help";
        calculator.appendChild(how);
      }
      how.innerHTML = `<summary>${escape(page.how)}</summary><ol class="calc-steps">` + result.steps.map((s) =>
        `<li><span class="step-rule">${cite(s.rule)}</span> <span class="step-text" lang="${lang}">` +
        `${escape(render(s, rules.texts, lang))}</span></li>`).join("") + "</ol>";
    } else if (how) {
      how.remove();
    }
    const wait = form.querySelector(".offline-wait");
    if (wait) wait.remove();
    // The table's own URL, as the server would push it: a reload (offline too) opens the same table.
    history.replaceState(history.state, "", `${location.pathname}?${table.query}`);
    return true;
  }

  /** A table's URL opened offline: the kept page may be an older table (the worker keeps whole pages only),
      so the query's values are put in the form's fields, and answered, when the table has their seats. */
  function restore() {
    const form = document.querySelector("#damage-calculator form");
    if (!form || !location.search || !rules) return;
    const params = new URLSearchParams(location.search);
    const fields = Array.from(form.elements).filter((e) => e.name && e.type !== "submit" && e.type !== "hidden");
    const seats = form.querySelector("input[name=seats]");
    if (!seats || params.get("seats") !== seats.value) return;
    if (Array.from(params.keys()).some((k) => !form.elements.namedItem(k))) return;  // a partner the page lacks
    for (const e of fields) {
      if (e.type === "checkbox") e.checked = params.get(e.name) === e.value;
      else if (e.name.startsWith("d") && e.type === "number") e.value = params.get(e.name) || "0";
      else e.value = params.get(e.name) || (e.tagName === "SELECT" ? e.value : "");
    }
    answer(form, null);
  }
  document.addEventListener("DOMContentLoaded", () => {
    if (navigator.onLine || !location.search) return;
    let tries = 100;  // the kept rules are read from the worker's cache: a moment
    const ready = () => (rules ? restore() : tries-- > 0 && setTimeout(ready, 50));
    ready();
  });

  // Offline (the browser says so), a change of the table is answered here and never sent.
  let submitter = null;  // the button that sent the last request (a resize is the server's)
  document.addEventListener("htmx:beforeRequest", (event) => {
    const elt = event.detail && event.detail.elt;
    if (!(elt instanceof Element) || !elt.closest("#damage-calculator")) return;
    const trigger = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
    submitter = (trigger && trigger.submitter) || null;
    const form = elt.closest("form");
    if (!navigator.onLine && form && answer(form, submitter)) event.preventDefault();
  });
  // The browser thought it was online, but the worker found no connection ("judgeOffline"): answer here too.
  document.addEventListener("judgeOffline", (event) => {
    const elt = event.target;
    if (!(elt instanceof Element) || !elt.closest("#damage-calculator")) return;
    const form = elt.closest("form");
    if (form) setTimeout(() => answer(form, submitter), 0);
  });
})(typeof self !== "undefined" ? self : this);
