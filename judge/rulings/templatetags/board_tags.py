"""The leave-game form's reference fields (a player, an object), built in Python: a board at the page's
limits has about 900 of them, and a select of every player or object in each is most of the page's work.

``{% ref_field "player" "obj" i "owner" o.owner %}`` is a select of the players with ``o.owner`` chosen, or,
past the page's size budget (judge.rulings.board_page), a text field suggesting from the shared
``<datalist>``; ``"object"`` the same for the objects, ``targets=True`` with the players too (an Aura on a
player, an attack on a player).
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

EMPTY = '<option value="">—</option>'


def options_html(options: list[tuple[str, str]]) -> SafeString:
    """The ``<option>``s of a select, none chosen (each value and label escaped)."""
    return mark_safe(  # noqa: S308 - every value and label is escaped here
        "".join(f'<option value="{escape(value)}">{escape(label)}</option>' for value, label in options)
    )


def chosen(options: str, value: str) -> str:
    """``options`` with ``value`` chosen; a value not among them is added, chosen (kept, not lost)."""
    if not value:
        return options
    needle = f'<option value="{escape(value)}">'
    if needle in options:
        return options.replace(needle, needle[:-1] + " selected>", 1)
    return options + f'<option value="{escape(value)}" selected>{escape(value)}</option>'


@register.simple_tag(takes_context=True)
def ref_field(
    context: template.Context,
    kind: str,
    prefix: str,
    index: int,
    field: str,
    value: Any,
    targets: bool = False,
) -> SafeString:
    """A reference field of row ``index`` of a table (``prefix``), ``value`` chosen."""
    name = f"{prefix}-{index}-{field}"
    text = value if isinstance(value, str) else ""
    if kind == "player":
        if not context["player_selects"]:
            return format_html('<input name="{}" value="{}" list="lg-player-names">', name, text)
        options = context["player_options_html"]
    else:
        if not context["object_selects"]:
            listed = "lg-targets" if targets else "lg-object-ids"
            return format_html('<input name="{}" value="{}" list="{}">', name, text, listed)
        options = context["target_options_html" if targets else "object_options_html"]
    return mark_safe(  # noqa: S308 - the name is the page's own, the options escaped
        f'<select name="{name}">{EMPTY}{chosen(options, text)}</select>'
    )
