"""The colour identity calculator's input: ``{"cards": [card, ...]}`` read card by card.

Each card is a Scryfall-shaped object (:mod:`judge.engine.cards_payload`). A
card that can't be read is set aside with its problems, so one bad card never
sinks a batch of thousands; only a request that is not such a list fails whole.

>>> cards, problems = read_identity_payload({"cards": [{"name": "Sol Ring", "mana_cost": "1"}, {"name": 3}]})
>>> [c.name for c in cards], [(p.number, p.problems[0].text("en")) for p in problems]
(['Sol Ring'], [(2, 'Card 2: name: must be text.')])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judge.engine.cards import Card
from judge.engine.cards_payload import card_label, scryfall_card_or_problems
from judge.engine.errors import InvalidInputError
from judge.engine.messages import Message, msg
from judge.engine.payload import unknown_fields

#: A request's cards: a cube (540-720) or ten Commander decks; a whole collection is asked in batches.
MAX_CARDS = 1_000


@dataclass(frozen=True)
class CardProblems:
    """Why one card of a batch was not read: its place (from 1), its name if it has one, every problem."""

    number: int
    name: str
    problems: tuple[Message, ...]

    def to_answer(self, lang: str = "en") -> dict[str, Any]:
        return {"card": self.number, "name": self.name, "errors": [p.to_answer(lang) for p in self.problems]}


def read_identity_payload(payload: object) -> tuple[tuple[Card, ...], tuple[CardProblems, ...]]:
    """The cards that could be read, and the problems of the others (in request order)."""
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
    for i, raw in enumerate(raw_cards):
        found: list[Message] = []
        card = scryfall_card_or_problems(raw, where=f"cards[{i}]", label=card_label(i + 1), problems=found)
        if card is not None:
            cards.append(card)
        else:
            name = raw.get("name") if isinstance(raw, Mapping) else None
            bad.append(
                CardProblems(
                    number=i + 1, name=name[:200] if isinstance(name, str) else "", problems=tuple(found)
                )
            )
    return tuple(cards), tuple(bad)
