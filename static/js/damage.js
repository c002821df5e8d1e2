// Commander damage table: a + or − tap changes its cell at once, then htmx sends the whole table (the cell's
// hx-trigger="change"). Every request carries the full table, so a tap made while another is on its way is
// never lost: the newer request replaces the older (hx-sync). Without JavaScript the buttons submit the form
// with the tap and the server applies it.
document.addEventListener("click", (event) => {
  const button = event.target.closest(".damage-grid button[name=tap]");
  if (!button || !window.htmx) {
    return;
  }
  const [direction, key] = button.value.split(":");
  const input = button.form.elements.namedItem(key);
  if (!input) {
    return;
  }
  event.preventDefault();
  const count = (parseInt(input.value, 10) || 0) + (direction === "up" ? 1 : -1);
  input.value = String(Math.min(Number(input.max) || 999, Math.max(0, count)));
  input.dispatchEvent(new Event("change", { bubbles: true }));
});
