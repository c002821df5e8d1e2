"""The deck check's input: the JSON payload read into a typed request (rules in judge.engine.deck and dm).

Payload fields (``"variant"`` is always required):

- ``commander`` / ``brawl``: ``decklist`` (the deck as text, see judge.engine.decklist) and optional
  ``commanders`` (at most two card names, for a list without a Commander section);
- ``dtc`` / ``dtcs`` / ``dtb``: ``decklist`` (the cards typed in, see judge.engine.dm) and optional
  ``decks`` (the teammates' decks, for the team checks).

An empty Duel Masters decklist is not refused here: the Duel Masters parser answers it with what to
paste. Every problem names its field by its label ("Decklist" / "デッキリスト").

>>> read_deck_payload({"variant": "brawl", "decklist": "1 Sol Ring", "commanders": ["Kenrith"]})
DeckRequest(variant=<Variant.BRAWL: 'brawl'>, decklist='1 Sol Ring', commanders=('Kenrith',), decks=())
>>> try:
...     read_deck_payload({"variant": "modern", "decklist": 5})
... except InvalidInputError as err:
...     print(*err.render("en"), sep="\\n")
Format: “modern” is not one of commander, brawl, dtc, dtcs, dtb.
Decklist: must be text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from judge.engine.errors import InvalidInputError
from judge.engine.messages import Message, msg
from judge.engine.payload import unknown_fields
from judge.engine.variants import Variant, read_variant

#: A deck has at most two commanders (702.124); a DTC team at most eight decks.
MAX_COMMANDERS = 2
MAX_TEAM_DECKS = 8
MAX_NAME = 200


@dataclass(frozen=True)
class DeckRequest:
    """One deck to check: its format, its text, the commanders named outside it, the teammates' decks."""

    variant: Variant
    decklist: str
    commanders: tuple[str, ...] = ()
    decks: tuple[str, ...] = ()

    @property
    def is_duel_masters(self) -> bool:
        return self.variant.is_duel_masters


def _variant(value: object, problems: list[Message]) -> Variant | None:
    """The variant named, if this calculator takes it."""
    return read_variant(value, problems, allowed=Variant.DECK_CHECKS)


def read_deck_payload(payload: object) -> DeckRequest:
    """Read a deck check request; every problem is reported at once.

    >>> read_deck_payload({"variant": "commander", "decklist": "  "})
    Traceback (most recent call last):
    ...
    judge.engine.errors.InvalidInputError: Decklist: empty. Paste the deck one card per line,
    as “1 Sol Ring”, \
with the commander under a line “Commander” (or name it in the commander box).
    """
    if not isinstance(payload, Mapping):
        raise InvalidInputError([msg("input.not-object")])
    problems: list[Message] = []
    variant = _variant(payload.get("variant"), problems)
    if variant is not None:
        allowed = ["variant", "decklist", "decks" if variant.is_duel_masters else "commanders"]
        problems.extend(unknown_fields(payload, allowed))

    decklist = payload.get("decklist", "")
    if not isinstance(decklist, str):
        problems.append(msg("input.not-text", field="decklist", label=msg("deck.label.decklist")))
        decklist = ""

    raw_commanders = payload.get("commanders", [])
    commanders: tuple[str, ...] = ()
    if (
        isinstance(raw_commanders, list)
        and len(raw_commanders) <= MAX_COMMANDERS
        and all(isinstance(c, str) and c.strip() and len(c) <= MAX_NAME for c in raw_commanders)
    ):
        commanders = tuple(c.strip() for c in raw_commanders)
    else:
        problems.append(
            msg(
                "deck.commander-names",
                field="commanders",
                label=msg("deck.label.commanders"),
                high=MAX_COMMANDERS,
            )
        )

    raw_decks = payload.get("decks", [])
    decks: tuple[str, ...] = ()
    if (
        isinstance(raw_decks, list)
        and len(raw_decks) <= MAX_TEAM_DECKS
        and all(isinstance(d, str) for d in raw_decks)
    ):
        decks = tuple(raw_decks)
    else:
        problems.append(
            msg("deck.team-decks", field="decks", label=msg("deck.label.team-decks"), high=MAX_TEAM_DECKS)
        )

    # An empty Duel Masters list is answered by its parser (see the module docstring).
    magic = variant is not None and variant.uses_commander_rules
    if magic and not decklist.strip() and not commanders and "decklist" not in {p.field for p in problems}:
        problems.append(msg("deck.list-empty", field="decklist", label=msg("deck.label.decklist")))
    if problems or variant is None:
        raise InvalidInputError(problems)
    return DeckRequest(variant=variant, decklist=decklist, commanders=commanders, decks=decks)


__all__ = ["DeckRequest", "read_deck_payload"]
