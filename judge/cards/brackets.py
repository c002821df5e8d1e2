"""The Commander Brackets estimate of a checked decklist, from the imported data (judge.engine.brackets).

The sources: the card data's Game Changer mark (the newest card file whose import counted the mark),
the cards' Oracle text, and Commander Spellbook's combos (judge.cards.combos) when imported.
"""

from __future__ import annotations

from judge.cards.combos import combos_in
from judge.cards.models import CardSource
from judge.engine.brackets import BracketEstimate, BracketSources, estimate_bracket
from judge.engine.cards import Card, CardPool
from judge.engine.decklist import Decklist, Section

#: The card files whose Game Changer mark counts, first the one preferred, with the name shown.
MARKED_SOURCES = ((CardSource.SCRYFALL_CARDS, "Scryfall"), (CardSource.MTGJSON_ATOMIC, "MTGJSON"))


def _label(name: str, published: str) -> str:
    return f"{name}, {published}" if published else name


def bracket_sources(*, found: bool) -> BracketSources:
    """Which sources the estimate can read; ``found``: some card of the list is in the card data."""
    return _sources(found=found)[0]


def _sources(*, found: bool) -> tuple[BracketSources, CardSource | None]:
    """The sources, and the imported Commander Spellbook export's row (None: no combos), in one query."""
    kinds = [k for k, _ in MARKED_SOURCES] + [CardSource.COMMANDER_SPELLBOOK]
    rows = {row.kind: row for row in CardSource.objects.filter(kind__in=kinds)}
    marked = ""
    for kind, name in MARKED_SOURCES:
        row = rows.get(kind)
        if row is not None and row.game_changers is not None:
            marked = _label(name, row.published)
            break
    combos = rows.get(CardSource.COMMANDER_SPELLBOOK)
    sources = BracketSources(
        game_changers=marked,
        combos=_label("Commander Spellbook", combos.published) if combos is not None else "",
        oracle_text=found,
    )
    return sources, combos


def estimate_decklist(*, decklist: Decklist, pool: CardPool | None) -> BracketEstimate:
    """The estimate of ``decklist``'s commanders and deck (not its sideboard or maybeboard)."""
    names = [
        e.name for e in decklist.entries if e.section in (Section.COMMANDER, Section.DECK, Section.COMPANION)
    ]
    cards: list[Card] = []
    unknown = 0
    for name in dict.fromkeys(names):
        card = pool.get(name) if pool is not None else None
        if card is None:
            unknown += 1
        else:
            cards.append(card)
    sources, source = _sources(found=bool(cards))
    combos = combos_in((c.name for c in cards), source=source) if source is not None and cards else None
    return estimate_bracket(cards=cards, sources=sources, combos=combos, unknown=unknown)
