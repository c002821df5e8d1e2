/* The tracker through a dropped connection (issue 25 item 2). Plain JS, no build step.

   - A press made while the phone is offline (or while earlier presses still wait) is not lost: the form's
     fields are kept on the phone (localStorage, per game) and listed as pending above the table.
   - When the connection returns (the "online" event, a retry every few seconds, the next page load) the
     presses are sent in order, each with the revision it was pressed on. A press of this phone's own queue
     that is applied moves the revision on by one: the presses queued after it were pressed "after" it, so
     their expected revision moves on too, and only another phone's change makes them stale.
   - A press the server refuses (409: another phone changed the game first; 400: the table can no longer take
     it) stays listed with the server's words and the latest change, with "Apply again" (sent once more on
     the table as it is now) and "Discard". Nothing is dropped silently.
   The words come from the page (data-* attributes of #tracker-queue, rendered with {% translate %}). Without
   JavaScript none of this runs and every form posts as before. The service worker (static/js/sw.js) leaves
   POSTs and tracker pages to the network, so it neither answers nor keeps these presses. */
(function () {
  "use strict";

  var RETRY_MS = 4000;
  var box = null;
  var sending = false;
  var lastPress = null; // the press htmx is sending now: queued if its request never reaches the server
  var seen = 0; // the newest revision a refused or applied press was answered with
  var memory = null; // the queue, when the browser keeps no localStorage (private mode)
  // The last request to the server failed (the phone may still think it is online): the page says it is
  // offline; presses are still sent while the browser reports a connection (an answer may yet come).
  var unreachable = false;

  function offline() {
    return !navigator.onLine || unreachable;
  }

  // What a kept press does to a life total: the keypad's sign and digits, a panel's life button, an amount.
  function lifeChange(item) {
    var f = {};
    item.fields.forEach(function (pair) { f[pair[0]] = pair[1]; });
    if (f.life !== undefined) return {player: f.player, amount: Number(f.life) || 0};
    if (f.kind !== "life") return null;
    if (f.sign) return {player: f.player, amount: (f.sign === "-" ? -1 : 1) * (Number(f.digits) || 1)};
    return {player: f.player, amount: Number(f.amount) || 0};
  }

  // What a kept press does to a commander's tax: a cast from the command zone (a panel's cast button).
  function castOf(item) {
    var f = {};
    item.fields.forEach(function (pair) { f[pair[0]] = pair[1]; });
    if (f["cast-commander"] !== undefined) return f.player + "/" + (Number(f["cast-commander"]) || 0);
    if (f.kind === "cast-commander") return f.player + "/" + (Number(f.commander) || 0);
    return null;
  }

  var TAX_PER_CAST = 2; // 903.8, and DTC's 2 more per play (judge.engine.tax.TAX_PER_CAST)

  // A tax as the page writes it: the symbol's number (and its spoken label) or DTC's "+N".
  function setTax(holder, tax) {
    var symbol = holder.querySelector(".mana-symbol");
    var node = symbol || holder;
    var before = node.textContent;
    node.textContent = symbol ? String(tax) : "+" + tax;
    if (symbol && before !== node.textContent) {
      ["aria-label", "title"].forEach(function (name) {
        var label = symbol.getAttribute(name);
        if (label) symbol.setAttribute(name, label.replace(/\d+/, String(tax)));
      });
    }
  }

  // Each commander's tax with this phone's kept casts in it, marked "not sent yet" under the taxes.
  function showPendingTax(row, name, casts) {
    var taxes = row.querySelector(".taxes");
    if (!taxes) return;
    var old = taxes.querySelector(".pending-mark");
    if (old) old.remove();
    var any = false;
    taxes.querySelectorAll(".tax-value").forEach(function (holder) {
      if (holder.dataset.synced === undefined) {
        holder.dataset.synced = String(Number(text(holder).replace(/\D/g, "")) || 0);
      }
      var count = casts[name + "/" + holder.dataset.commander] || 0;
      setTax(holder, Number(holder.dataset.synced) + TAX_PER_CAST * count);
      holder.classList.toggle("pending", Boolean(count));
      any = any || Boolean(count);
    });
    if (any) {
      var mark = document.createElement("small");
      mark.className = "pending-mark";
      mark.textContent = box.dataset.pending;
      taxes.appendChild(mark);
    }
  }

  // The presses still waiting, shown where they change the table: each life total with its pending change,
  // marked (the words "not sent yet" beside it), and each commander's tax with its kept casts, until the
  // server's board replaces them.
  function showPending(items) {
    var board = document.getElementById("board");
    if (!board) return;
    var change = {};
    var casts = {};
    items.forEach(function (item) {
      if (item.state !== "pending") return;
      var c = lifeChange(item);
      if (c && c.player) change[c.player] = (change[c.player] || 0) + c.amount;
      var cast = castOf(item);
      if (cast) casts[cast] = (casts[cast] || 0) + 1;
    });
    board.querySelectorAll(".table-view tbody tr").forEach(function (row) {
      var cell = row.querySelector("td.life label");
      var name = text(row.querySelector(".seat-name"));
      showPendingTax(row, name, casts);
      if (!cell) return;
      if (cell.dataset.synced === undefined) cell.dataset.synced = text(cell);
      var old = row.querySelector("td.life .pending-mark");
      if (old) old.remove();
      var delta = change[name] || 0;
      var synced = Number(cell.dataset.synced);
      cell.textContent = delta ? String(synced + delta) : cell.dataset.synced;
      cell.classList.toggle("pending", Boolean(delta));
      if (delta) {
        var mark = document.createElement("small");
        mark.className = "pending-mark";
        mark.textContent = box.dataset.pending + " " + (delta > 0 ? "+" : "−") + Math.abs(delta);
        cell.parentNode.appendChild(mark);
      }
    });
  }

  // A kept press the server applied: the total it showed as pending is now the server's (until the board's
  // next poll brings the whole table), so the cell does not flick back to the old total meanwhile.
  function applied(item, answeredAt) {
    var c = lifeChange(item);
    var board = document.getElementById("board");
    // A board the server sent since (a poll) holds the change already.
    if (!board || Number(board.dataset.revision) >= answeredAt) return;
    var cast = castOf(item);
    if (cast) {
      board.querySelectorAll(".table-view tbody tr").forEach(function (row) {
        var name = text(row.querySelector(".seat-name"));
        row.querySelectorAll(".tax-value").forEach(function (holder) {
          if (holder.dataset.synced !== undefined && name + "/" + holder.dataset.commander === cast) {
            holder.dataset.synced = String(Number(holder.dataset.synced) + TAX_PER_CAST);
          }
        });
      });
    }
    if (!c) return;
    board.querySelectorAll(".table-view tbody tr").forEach(function (row) {
      var cell = row.querySelector("td.life label");
      if (cell && cell.dataset.synced !== undefined && text(row.querySelector(".seat-name")) === c.player) {
        cell.dataset.synced = String(Number(cell.dataset.synced) + c.amount);
      }
    });
  }

  function storageKey() {
    return "tracker-queue:" + box.dataset.game;
  }

  function load() {
    if (memory) return memory.slice();
    try {
      var items = JSON.parse(window.localStorage.getItem(storageKey()) || "[]");
      return Array.isArray(items) ? items : [];
    } catch (err) {
      return [];
    }
  }

  function save(items) {
    try {
      window.localStorage.setItem(storageKey(), JSON.stringify(items));
    } catch (err) {
      memory = items.slice(); // kept for as long as this page is open
    }
    if (memory) memory = items.slice();
    render(items);
  }

  function revision() {
    var board = document.getElementById("board");
    return board ? Number(board.dataset.revision) || 0 : 0;
  }

  function text(node) {
    return node ? node.textContent.replace(/\s+/g, " ").trim() : "";
  }

  // What the press was, in the page's own words: the player, what it changes, the button's label.
  function describe(form, submitter, fields) {
    var parts = [];
    var player = fields.filter(function (f) { return f[0] === "player"; })[0];
    if (player) parts.push(player[1]);
    var near = submitter || form; // a seat's panel is one form: the pressed button says which counter
    var where = near.closest(".counter");
    if (where) parts.push(text(where.querySelector(".label")));
    var commander = near.closest(".commander, .commander-damage li");
    if (commander) parts.push(text(commander.querySelector("[translate=no]")));
    parts.push(text(submitter) || text(form.querySelector("button")));
    var digits = form.querySelector("#kp-digits");
    if (digits) parts.push(digits.value || digits.placeholder);
    return parts.filter(Boolean).join(" ");
  }

  function pressOf(form, submitter) {
    var data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    var fields = [];
    data.forEach(function (value, name) { fields.push([name, String(value)]); });
    return {
      // The press's own id, posted with it: a press sent again because its answer was lost is not
      // recorded twice (judge.tracker.views._press_key).
      id: window.crypto && crypto.randomUUID ? crypto.randomUUID()
        : Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 10),
      action: form.action,
      fields: fields,
      base: revision(),
      label: describe(form, submitter, fields),
      state: "pending",
    };
  }

  function enqueue(press) {
    var items = load();
    items.push(press);
    save(items);
    document.dispatchEvent(new CustomEvent("tracker-saved")); // the keypad's digits are spent
  }

  function isPress(form) {
    return form && form.method === "post" && form.closest("#board") && /\/(event|undo)\/$/.test(form.action);
  }

  // Before htmx sees the press: offline, or behind presses still waiting, it joins the queue.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!box || !isPress(form)) return;
    var press = pressOf(form, event.submitter);
    var waiting = load().some(function (item) { return item.state === "pending"; });
    if (navigator.onLine && !waiting && !sending) {
      lastPress = {form: form, press: press};
      return; // htmx (or, without it, the browser) sends it now
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    enqueue(press);
    flush();
  }, true);

  document.addEventListener("htmx:configRequest", function (event) {
    if (lastPress && event.detail.elt === lastPress.form) event.detail.parameters.press = lastPress.press.id;
  });

  // The phone thought it was online but no answer came (it may or may not have been recorded): keep it.
  function keepUnanswered(event) {
    if (!box || !lastPress || event.detail.elt !== lastPress.form) return;
    enqueue(lastPress.press);
    lastPress = null;
    flush(); // sent again with its id: recorded once even if the first one did reach the server
  }
  document.addEventListener("htmx:sendError", keepUnanswered);
  document.addEventListener("htmx:timeout", keepUnanswered);
  // An answer came (whatever it says): the press reached the server and is no longer the phone's to keep.
  document.addEventListener("htmx:afterOnLoad", function (event) {
    if (lastPress && event.detail.elt === lastPress.form) lastPress = null;
  });

  function body(item) {
    var params = new URLSearchParams();
    item.fields.forEach(function (f) {
      params.append(f[0], f[0] === "expected_revision" ? String(item.base) : f[1]);
    });
    params.set("press", item.id);
    return params;
  }

  function problemsOf(doc) {
    var found = Array.prototype.map.call(doc.querySelectorAll("#board-errors li"), text).filter(Boolean);
    return found.length ? found : [box.dataset.refused];
  }

  async function flush() {
    if (!box || sending || !navigator.onLine) return;
    sending = true;
    try {
      // Two tabs of one game share the queue: one sends at a time (the other then finds what is left).
      if (navigator.locks) await navigator.locks.request(storageKey(), sendAll);
      else await sendAll();
    } finally {
      sending = false;
      render(load()); // the board's own poll (every second) brings the table as it now is
    }
  }

  async function sendAll() {
    for (;;) {
      var next = load().filter(function (item) { return item.state === "pending"; })[0];
      if (!next) break;
      render(load(), next.id);
      var response;
      try {
        response = await fetch(next.action, {
          method: "POST",
          body: body(next),
          credentials: "same-origin",
          headers: {"HX-Request": "true"},
        });
      } catch (err) {
        unreachable = true;
        break; // still no connection: the next retry goes on
      }
      unreachable = false;
      // A board fragment goes out as 200 for htmx; its real status is in this header.
      var status = Number(response.headers.get("X-Tracker-Status")) || response.status;
      if (status === 429 || status >= 500) break; // busy: try again later, in order
      var doc = new DOMParser().parseFromString(await response.text(), "text/html");
      var answered = doc.getElementById("board");
      if (answered) seen = Math.max(seen, Number(answered.dataset.revision) || 0);
      var items = load();
      var at = items.findIndex(function (item) { return item.id === next.id; });
      if (at === -1) continue;
      if (status >= 200 && status < 300) {
        items.splice(at, 1);
        applied(next, answered ? Number(answered.dataset.revision) || 0 : 0); // until the next board comes
        // The presses queued after it were pressed on the table with it: their revision moves on.
        items.forEach(function (item, index) {
          if (index >= at && item.state === "pending") item.base += 1;
        });
      } else {
        items[at].state = "refused";
        items[at].problems = problemsOf(doc);
      }
      save(items);
    }
  }

  function button(label, action, id) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.dataset.queueAction = action;
    b.dataset.queueId = id;
    return b;
  }

  function render(items, sendingId) {
    if (!box) return;
    var list = box.querySelector(".queue-items");
    var pendingList = box.querySelector(".queue-pending-items") || list;
    var note = box.querySelector(".queue-note");
    list.textContent = "";
    pendingList.textContent = "";
    var pending = 0;
    items.forEach(function (item) {
      var li = document.createElement("li");
      li.className = "queue-item " + item.state;
      li.dataset.id = item.id;
      var what = document.createElement("span");
      what.className = "queue-what";
      what.setAttribute("translate", "no");
      what.textContent = item.label;
      var status = document.createElement("span");
      status.className = "queue-status";
      li.appendChild(what);
      li.appendChild(status);
      if (item.state === "pending") {
        pending += 1;
        status.textContent = item.id === sendingId ? box.dataset.sending : box.dataset.pending;
      } else {
        status.textContent = box.dataset.refused;
        var problems = document.createElement("ul");
        problems.className = "queue-problems";
        (item.problems || []).forEach(function (p) {
          var pl = document.createElement("li");
          pl.textContent = p;
          problems.appendChild(pl);
        });
        li.appendChild(problems);
        var actions = document.createElement("div");
        actions.className = "queue-actions";
        actions.appendChild(button(box.dataset.applyAgain, "again", item.id));
        actions.appendChild(button(box.dataset.discard, "discard", item.id));
        li.appendChild(actions);
      }
      (item.state === "pending" ? pendingList : list).appendChild(li);
    });
    note.textContent = !navigator.onLine ? box.dataset.offline : pending ? box.dataset.waiting : "";
    note.hidden = !note.textContent;
    var line = box.querySelector(".offline-line");
    if (line) line.hidden = !offline();
    // Offline the box is shown at once (one line), so a press made then moves nothing on the page: its
    // change shows in the table's cells; the list of kept presses stays folded.
    var folded = box.querySelector(".queue-pending");
    if (folded) folded.hidden = !pending && navigator.onLine;
    var count = box.querySelector(".queue-count");
    if (count) count.textContent = "(" + pending + ")";
    box.hidden = !items.length && !offline();
    showPending(items);
  }

  document.addEventListener("click", function (event) {
    var b = event.target.closest("[data-queue-action]");
    if (!b || !box) return;
    var items = load();
    var at = items.findIndex(function (item) { return item.id === b.dataset.queueId; });
    if (at === -1) return;
    var item = items.splice(at, 1)[0];
    if (b.dataset.queueAction === "again") {
      // Sent once more, as pressed now on the table as it is (the revision the board shows).
      item.state = "pending";
      item.base = Math.max(revision(), seen);
      delete item.problems;
      items.push(item);
    }
    save(items);
    flush();
  });

  function start() {
    box = document.getElementById("tracker-queue");
    if (!box) return;
    render(load());
    flush();
  }

  window.addEventListener("online", function () { unreachable = false; flush(); });
  window.addEventListener("offline", function () { if (box) render(load()); });
  // The board's poll: a failed one means no connection, whatever navigator.onLine says; an answer, one again.
  document.addEventListener("htmx:sendError", function () {
    if (!box || unreachable) return;
    unreachable = true;
    render(load());
  });
  document.addEventListener("htmx:afterOnLoad", function () {
    if (!box || !unreachable) return;
    unreachable = false;
    render(load());
    flush();
  });
  // A fresh board (a poll, a press) shows the server's totals: the kept presses go over them again.
  document.addEventListener("htmx:afterSettle", function () { if (box) showPending(load()); });
  window.setInterval(flush, RETRY_MS);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
