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

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from judge.engine.card_names import card_name, named
from judge.engine.cards import Card, CardPool
from judge.engine.decklist import DecklistEntry
from judge.engine.messages import Message, msg
from judge.engine.steps import Step

if TYPE_CHECKING:
    from judge.engine.brackets import BracketEstimate

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
    #: False when nothing could be checked that decides the verdict (no card data and no problem found by
    #: the checks that need none): the verdict is then "not checked", never "not legal" with 0 problems.
    checked: bool = True
    #: The Commander Brackets estimate of the list (judge.engine.brackets), for Commander decks.
    bracket: BracketEstimate | None = None

    def with_bracket(self, bracket: BracketEstimate | None) -> DeckCheck:
        return replace(self, bracket=bracket)

    @property
    def verdict(self) -> str:
        """``"legal"``, ``"not-legal"`` or ``"unchecked"``."""
        if self.problems:
            return "not-legal"
        if not self.checked:
            return "unchecked"
        return "legal" if self.legal else "not-legal"

    def to_answer(self, lang: str = "en") -> dict[str, Any]:
        return {
            "legal": self.legal,
            "verdict": self.verdict,
            "problems": [p.to_answer(lang) for p in self.problems],
            "notes": [n.to_answer(lang) for n in self.notes],
            **({"bracket": self.bracket.to_answer(lang)} if self.bracket is not None else {}),
        }


#: Unknown names that get spelling suggestions, and the time they may take together: each suggestion
#: compares the name with a shortlist of known names (about 25 ms a name with 30,000 cards imported).
SUGGEST_NAMES = 5
SUGGEST_SECONDS = 0.25


class SuggestionBudget:
    """How many unknown names still get suggestions in one check; the rest are counted (``skipped``)."""

    def __init__(self, *, names: int | None = None, seconds: float | None = None) -> None:
        self.names = SUGGEST_NAMES if names is None else names
        self.deadline = time.perf_counter() + (SUGGEST_SECONDS if seconds is None else seconds)
        self.skipped = 0

    def take(self) -> bool:
        if self.names > 0 and time.perf_counter() < self.deadline:
            self.names -= 1
            return True
        self.skipped += 1
        return False

    def note(self) -> Step | None:
        """The note saying how many more unknown names got no suggestion, or None."""
        if not self.skipped:
            return None
        return Step.of("deck.suggestions-skipped", rule=UNKNOWN_CARD, count=self.skipped)


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


def lookup(
    pool: CardPool, name: str, problems: list[Problem], budget: SuggestionBudget | None = None
) -> Card | None:
    """The card named ``name``; an unknown name adds a problem with close-match suggestions (while
    ``budget`` allows: the first few unknown names of a check)."""
    card = pool.get(name)
    if card is None:
        if budget is not None and not budget.take():
            message = msg("deck.unknown-card-unsuggested", name=name)
        else:
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
    "SuggestionBudget",
    "card_lines",
    "card_name",
    "lookup",
    "named",
    "or_list",
]
