"""What a deck check answers: its problems and verdict, and the card lookup every check starts with.

A :class:`Problem` is one reason a deck is not legal (the card, the rule, a
message code from texts/deck.py); a :class:`DeckCheck` the verdict with every
problem and the notes on what was checked. The checks are
:mod:`judge.engine.deck` (Commander and Brawl), :mod:`judge.engine.partners`
(partner pairs, 702.124) and :mod:`judge.engine.dm` (Duel Masters).

>>> from judge.engine.cards import Card, CardPool, Face
>>> problems: list[Problem] = []
>>> lookup(CardPool.of([Card(name="Forest", faces=(Face(name="Forest"),))]), "Forrest", problems) is None
True
>>> problems[0].to_answer("en")["text"]
"Unknown card 'Forrest'; did you mean Forest?"
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from judge.engine.cards import Card, CardPool
from judge.engine.decklist import DecklistEntry
from judge.engine.messages import Message, msg
from judge.engine.steps import Step

#: A deck line: a decklist entry, ``(count, name)``, or a bare name (one copy).
CardLine = DecklistEntry | tuple[int, str] | str

UNKNOWN_CARD = "lookup:unknown-card"


@dataclass(frozen=True)
class Problem:
    """One reason a deck is not legal: the card concerned ("" for the whole deck), the rule, why (a
    message)."""

    card: str
    rule: str
    message: Message

    def text(self, lang: str = "en") -> str:
        return self.message.text(lang)

    def to_answer(self, lang: str = "en") -> dict[str, str]:
        # The one shape of a problem (code, rule, text), with the card it is about.
        return {"code": self.message.code, "rule": self.rule, "text": self.text(lang), "card": self.card}


@dataclass(frozen=True)
class DeckCheck:
    """The verdict on a deck. ``notes`` say what was checked against what, or what was not checked."""

    legal: bool
    problems: tuple[Problem, ...]
    identity: tuple[str, ...] = ()
    notes: tuple[Step, ...] = ()

    def to_answer(self, lang: str = "en") -> dict[str, Any]:
        return {
            "legal": self.legal,
            "problems": [p.to_answer(lang) for p in self.problems],
            "notes": [n.to_answer(lang) for n in self.notes],
        }


def card_name(name: str) -> Message:
    """A card name in a message: "Sol Ring" in English, 《Sol Ring》 in Japanese."""
    return msg("deck.card", name=name)


def card_lines(cards: Iterable[CardLine]) -> list[tuple[int, str]]:
    result: list[tuple[int, str]] = []
    for line in cards:
        if isinstance(line, DecklistEntry):
            result.append((line.count, line.name))
        elif isinstance(line, str):
            result.append((1, line))
        else:
            result.append((int(line[0]), line[1]))
    return result


def or_list(names: Sequence[str]) -> Message:
    listed = card_name(names[-1])
    for name in reversed(names[:-1]):
        listed = msg("deck.or-list", first=card_name(name), rest=listed)
    return listed


def lookup(pool: CardPool, name: str, problems: list[Problem]) -> Card | None:
    """The card named ``name``; an unknown name adds a problem with close-match suggestions."""
    card = pool.get(name)
    if card is None:
        suggestions = pool.suggest(name)
        message = (
            msg("deck.unknown-card", name=name, suggestions=or_list(suggestions))
            if suggestions
            else msg("deck.unknown-card-no-suggestion", name=name)
        )
        problems.append(Problem(card=name, rule=UNKNOWN_CARD, message=message))
    return card


__all__ = [
    "UNKNOWN_CARD",
    "CardLine",
    "DeckCheck",
    "Problem",
    "card_lines",
    "card_name",
    "lookup",
    "or_list",
]
