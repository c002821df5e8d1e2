"""A card's name in a message: English in English, the Japanese name in Japanese where it is known.

Deck checks (judge.engine.deck_types) and the Commander Brackets estimate (judge.engine.brackets) name
cards this way.
"""

from __future__ import annotations

from judge.engine.cards import Card
from judge.engine.messages import Message, Text, msg


def card_name(name: str, name_ja: str | None = None) -> Message:
    """A card name in a message: "Sol Ring" in English, 《Sol Ring》 in Japanese; with its Japanese name,
    that name in Japanese (《連合の勝利》).

    >>> card_name("Coalition Victory", "連合の勝利").text("ja"), card_name("Sol Ring").text("ja")
    ('《連合の勝利》', '《Sol Ring》')
    """
    if name_ja and name_ja != name:
        return msg("deck.card", name=Text(en=name, ja=name_ja))
    return msg("deck.card", name=name)


def _has_japanese(text: str) -> bool:
    return any("\u3040" <= ch <= "\u30ff" or "\u3400" <= ch <= "\u9fff" or ch == "\u3005" for ch in text)


def named(card: Card, typed: str = "") -> Message:
    """A found card in a message: in Japanese, the name the player typed if it was Japanese, else the
    Japanese name the card data knows, else the English name."""
    typed = typed.strip().strip("《》")
    if typed and _has_japanese(typed):
        return card_name(card.name, typed)
    return card_name(card.name, card.japanese_names[0] if card.japanese_names else None)


__all__ = ["card_name", "named"]
