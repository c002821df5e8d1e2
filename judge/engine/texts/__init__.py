"""The engine's message catalog: code -> {"en": template, "ja": template}, one module per domain.

Each domain keeps its own ``TEXTS`` dict; codes are prefixed with the domain
("tax.", "damage.", ...) so the merged catalog never has two entries for one
code (a test checks it, and that both languages use the same parameters).
"""

from __future__ import annotations

from judge.engine.texts import (
    board,
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
    tax,
    tracker,
    variants,
    web,
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
    dm,
    board,
    leave_game,
    scenarios,
    tracker,
    web,
)

CATALOG: dict[str, dict[str, str]] = {}
for _domain in DOMAINS:
    for _code, _entry in _domain.TEXTS.items():
        if _code in CATALOG:
            raise ValueError(f"message code {_code!r} defined twice")
        CATALOG[_code] = _entry
