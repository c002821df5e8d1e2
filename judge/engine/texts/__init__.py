"""The engine's message catalog: code -> {"en": template, "ja": template}, one module per domain.

Each domain keeps its own ``TEXTS`` dict; codes are prefixed with the domain
("tax.", "damage.", ...) so the merged catalog never has two entries for one
code (a test checks it, and that both languages use the same parameters).
The site's own texts are not the engine's: ``judge.web.texts`` adds them
with :func:`add_texts` when Django starts.
"""

from __future__ import annotations

from collections.abc import Mapping

from judge.engine.texts import (
    board,
    brackets,
    cards,
    common,
    damage,
    deck,
    dm,
    identity,
    leave_game,
    legality,
    mana,
    scenarios,
    search,
    tax,
    tracker,
    variants,
)

DOMAINS = (
    common,
    variants,
    mana,
    tax,
    damage,
    identity,
    cards,
    deck,
    legality,
    brackets,
    dm,
    board,
    leave_game,
    scenarios,
    tracker,
    search,
)

CATALOG: dict[str, dict[str, str]] = {}


def add_texts(texts: Mapping[str, dict[str, str]]) -> None:
    """Add a layer's texts to the catalog, so its messages render as the engine's do.

    The engine holds only its own messages; the site adds its texts
    (``judge.web.texts``) when Django starts. Adding the same entry again is
    harmless; a code given two different texts is an error.
    """
    for code, entry in texts.items():
        if CATALOG.get(code, entry) != entry:
            raise ValueError(f"message code {code!r} defined twice")
        CATALOG[code] = entry


for _domain in DOMAINS:
    for _code in _domain.TEXTS:
        if _code in CATALOG:
            raise ValueError(f"message code {_code!r} defined twice")
    add_texts(_domain.TEXTS)
