"""The colour identity calculator's input: ``{"cards": [card, ...]}`` read card by card.

Each card is a Scryfall-shaped object (:mod:`judge.engine.cards_payload`). A
card that can't be read is set aside with its problems, so one bad card never
sinks a batch of thousands; only a request that is not such a list fails whole.

A card given by name alone (none of :data:`IDENTITY_FIELDS`) is never read as a
card with empty fields (that would be colourless): it is looked up with
``lookup`` (the card data, as the page's name box does), or set aside with a
problem saying what is missing.

>>> cards, problems, _ = read_identity_payload(
...     {"cards": [{"name": "Sol Ring", "mana_cost": "1"}, {"name": 3}]})
>>> [c.name for c in cards], [(p.number, p.problems[0].text("en")) for p in problems]
(['Sol Ring'], [(2, 'Card 2: name: must be text.')])
>>> _, problems, _ = read_identity_payload({"cards": [{"name": "Breeding Pool"}]})
>>> problems[0].problems[0].code
'identity.name-only-no-data'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from judge.engine.cards import Card
from judge.engine.cards_payload import card_label, scryfall_card_or_problems
from judge.engine.errors import InvalidInputError
from judge.engine.messages import Message, msg
from judge.engine.payload import unknown_fields

#: A request's cards: a cube (540-720) or ten Commander decks; a whole collection is asked in batches.
MAX_CARDS = 1_000
#: The fields a card's colour identity is read from (903.4): a card with none of them was given by name alone.
IDENTITY_FIELDS = ("mana_cost", "type_line", "oracle_text", "color_indicator", "colors", "card_faces")
#: Looks a card up by name in the card data: the card, or the problem saying why it is not there.
CardLookup = Callable[[str], "Card | Message"]


def given_by_name_only(raw: object) -> bool:
    """Whether ``raw`` names a card and carries nothing its colour identity could be read from.

    >>> given_by_name_only({"name": "Breeding Pool"})
    True
    >>> given_by_name_only({"name": "Sol Ring", "mana_cost": "{1}"})
    False
    """
    return (
        isinstance(raw, Mapping)
        and isinstance(raw.get("name"), str)
        and bool(raw["name"].strip())
        and not any(key in raw for key in IDENTITY_FIELDS)
    )


@dataclass(frozen=True)
class CardProblems:
    """Why one card of a batch was not read: its place (from 1), its name if it has one, every problem."""

    number: int
    name: str
    problems: tuple[Message, ...]

    def to_answer(self, lang: str = "en") -> dict[str, Any]:
        return {"card": self.number, "name": self.name, "errors": [p.to_answer(lang) for p in self.problems]}


def read_identity_payload(
    payload: object, *, lookup: CardLookup | None = None
) -> tuple[tuple[Card, ...], tuple[CardProblems, ...], tuple[bool, ...]]:
    """The cards that could be read, the problems of the others (in request order), and for each card read
    whether it was looked up by its name in the card data (``lookup``; None when there is no card data)."""
    if not isinstance(payload, Mapping):
        raise InvalidInputError([msg("input.not-object")])
    problems = unknown_fields(payload, ("cards",))
    raw_cards = payload.get("cards")
    if not isinstance(raw_cards, list):
        problems.append(msg("identity.cards-required", field="cards", label=msg("cards.label.cards")))
    elif len(raw_cards) > MAX_CARDS:
        problems.append(
            msg(
                "identity.too-many-cards",
                field="cards",
                label=msg("cards.label.cards"),
                count=len(raw_cards),
                high=MAX_CARDS,
            )
        )
    if problems or not isinstance(raw_cards, list):
        raise InvalidInputError(problems)
    cards: list[Card] = []
    bad: list[CardProblems] = []
    looked_up: list[bool] = []
    for i, raw in enumerate(raw_cards):
        found: list[Message] = []
        if given_by_name_only(raw):
            card = _look_up(raw["name"].strip()[:200], i, lookup, found)
        else:
            card = scryfall_card_or_problems(
                raw, where=f"cards[{i}]", label=card_label(i + 1), problems=found
            )
        if card is not None:
            cards.append(card)
            looked_up.append(given_by_name_only(raw))
        else:
            name = raw.get("name") if isinstance(raw, Mapping) else None
            bad.append(
                CardProblems(
                    number=i + 1, name=name[:200] if isinstance(name, str) else "", problems=tuple(found)
                )
            )
    return tuple(cards), tuple(bad), tuple(looked_up)


def _look_up(name: str, index: int, lookup: CardLookup | None, problems: list[Message]) -> Card | None:
    """A card given by name alone, from the card data; else the problem saying what is missing."""
    where, label = f"cards[{index}]", card_label(index + 1)
    if lookup is None:
        problems.append(msg("identity.name-only-no-data", field=where, label=label, name=name))
        return None
    found = lookup(name)
    if isinstance(found, Card):
        return found
    problems.append(msg("identity.name-only-unknown", field=where, label=label, why=found))
    return None
