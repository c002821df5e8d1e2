// The table tracker, with JavaScript: the keypad's digit keys, and polls answered 304 keep the board.
// Without it every button still works: the keypad takes digits from the phone's own number pad.
(function () {
  "use strict";

  // The board polls with If-None-Match; 304 means "your table is current": nothing to swap.
  // A board that is swapped (a press, or another phone's change) keeps the panels this reader had opened.
  var opened = null;

  function key(details) {
    var holder = details.parentElement && details.parentElement.closest("[id]");
    return details.id || ((holder ? holder.id : "") + "/" + (details.classList[0] || ""));
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.xhr.status === 304) {
      event.detail.shouldSwap = false;
      return;
    }
    var board = document.getElementById("board");
    opened = board ? Array.prototype.map.call(board.querySelectorAll("details[open]"), key) : null;
  });

  document.addEventListener("htmx:afterSettle", function () {
    var board = document.getElementById("board");
    if (!board || !opened) {
      return;
    }
    board.querySelectorAll("details").forEach(function (details) {
      if (opened.indexOf(key(details)) !== -1) {
        details.open = true;
      }
    });
    opened = null;
  });

  function showKeys(root) {
    root.querySelectorAll(".keys[hidden]").forEach(function (keys) {
      keys.hidden = false;
      var input = document.getElementById(keys.dataset.for);
      if (input) {
        input.setAttribute("inputmode", "none"); // the keys below stand in for the phone's keyboard
      }
    });
  }

  document.addEventListener("DOMContentLoaded", function () { showKeys(document); });
  document.addEventListener("htmx:load", function (event) { showKeys(event.detail.elt); });

  document.addEventListener("click", function (event) {
    var key = event.target.closest("[data-key]");
    if (!key) {
      return;
    }
    var input = document.getElementById(key.closest(".keys").dataset.for);
    var value = input.value;
    if (key.dataset.key === "back") {
      value = value.slice(0, -1);
    } else if (key.dataset.key === "clear") {
      value = "";
    } else if (value.length < (input.maxLength > 0 ? input.maxLength : 4)) {
      value = value === "0" ? key.dataset.key : value + key.dataset.key;
    }
    input.value = value;
  });

  // A change was recorded: the digits typed for it are spent (the input survives board swaps: hx-preserve).
  document.addEventListener("tracker-saved", function () {
    var digits = document.getElementById("kp-digits");
    if (digits) {
      digits.value = "";
    }
  });

  // The new-game form: only the fields the chosen variant uses are shown (and sent). Without script the
  // variant links above the form load it for one variant, rendered the same way by the server.
  function showVariant(select) {
    var option = select.options[select.selectedIndex];
    if (!option) return;
    select.form.querySelectorAll("[data-needs]").forEach(function (field) {
      var shown = option.dataset[field.dataset.needs] === "1";
      field.hidden = !shown;
      field.querySelectorAll("input, select, textarea").forEach(function (input) {
        input.disabled = !shown;
      });
      if (field.matches("input, select, textarea")) field.disabled = !shown;
    });
  }

  document.addEventListener("change", function (event) {
    if (event.target.id === "variant" && event.target.form && event.target.form.classList.contains("tracker-setup")) {
      showVariant(event.target);
    }
  });
})();
