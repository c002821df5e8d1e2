"""Shared by the calculator view tests: the fixture card files, request helpers and decks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.test import Client
from django.utils import translation

from judge.web.templatetags.web_tags import mana_symbols

HX = {"HTTP_HX_REQUEST": "true"}
SCRYFALL = Path(__file__).parent.parent / "fixtures" / "cards" / "scryfall_cards.json"
MTGJSON = SCRYFALL.with_name("mtgjson_atomic.json")
MARKUP = "<script>alert(1)</script>"
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"


def drawn(cost: str, lang: str = "en") -> str:
    """A mana cost as the page draws it: each symbol a labelled symbol (web_tags.mana_symbols)."""
    with translation.override(lang):
        return f'<span class="mana">{mana_symbols(cost)}</span>'


def post(client: Client, url: str, body: Any) -> Any:
    data = body if isinstance(body, (str, bytes)) else json.dumps(body)
    return client.post(url, data, content_type="application/json")


def kenrith_deck(*extra: str) -> str:
    return "\n".join(
        [
            "Commander",
            "1 Kenrith, the Returned King",
            "",
            "Deck",
            "1 Sol Ring",
            "1 Command Tower",
            "97 Plains",
            *extra,
        ]
    )


def dtc_deck(*, duplicate: bool = False) -> str:
    lines = ["# a typed-in DTC deck", "統率者", "1 ボルシャック・ドラゴン | 火 | SR | クリーチャー", "デッキ"]
    lines += [f"火のカード{i} | 火 | C | 呪文" for i in range(58 if duplicate else 59)]
    if duplicate:
        lines.append("火のカード0 | 火 | C | 呪文")
    return "\n".join(lines)
