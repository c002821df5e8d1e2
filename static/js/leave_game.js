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
