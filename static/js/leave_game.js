// Leave-game board: a player's who-leaves button reads the name as it is typed (the button's data-label is
// its text with "{name}" for the name; an emptied field gives the button back the text it came with). The
// page works without it: the name comes with the next update.
document.addEventListener("input", (event) => {
  const input = event.target.closest("#lg-form input[data-player]");
  if (!input) {
    return;
  }
  const buttons = document.querySelectorAll(`#lg-form button.lg-resolve[data-player="${input.dataset.player}"]`);
  for (const button of buttons) {
    if (button.dataset.original === undefined) {
      button.dataset.original = button.textContent;
    }
    const name = input.value.trim();
    button.textContent = name ? button.dataset.label.replace("{name}", name) : button.dataset.original;
  }
});

// The problems of a resolve name the fields they are about (#lg-errors data-fields, from the engine's problem
// fields): each is marked (aria-invalid, outlined), a folded part holding one is opened, and the first is
// focused, without scrolling the problems out of sight. Without script the problems name the field in words.
function markProblemFields() {
  const errors = document.getElementById("lg-errors");
  const form = document.getElementById("lg-form");
  if (!errors || !form || !errors.dataset.fields) {
    return;
  }
  let first = null;
  for (const name of errors.dataset.fields.split(" ")) {
    const field = form.elements.namedItem(name);
    if (!field || !field.classList) {
      continue;
    }
    field.setAttribute("aria-invalid", "true");
    field.classList.add("lg-invalid");
    for (let fold = field.closest("details"); fold; fold = fold.parentElement.closest("details")) {
      if (!fold.classList.contains("lg-leave")) {
        fold.open = true;
      }
    }
    first = first || field;
  }
  if (first) {
    first.focus({preventScroll: true});
  }
}
document.addEventListener("DOMContentLoaded", markProblemFields);
document.addEventListener("htmx:afterSettle", markProblemFields);
