"""The engine's error family.

Views catch only :class:`RulesError` subclasses and answer 400 with every
problem listed, so each error carries all the problems found, not just the
first one. A problem is a :class:`~judge.engine.messages.Message` (a code the
web layer renders in the reader's language, the rule, the input field) or,
until its domain is given codes, a plain English string.

>>> err = InvalidInputError([msg("input.required", field="mana_cost", label="Mana cost")])
>>> err.problems
('Mana cost: required.',)
>>> err.render("ja")
['Mana cost：入力してください。']
>>> isinstance(err, ValueError)
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from judge.engine.messages import Message, msg, render

MAX_PROBLEMS = 50  # an error lists at most this many problems, then how many more there were


def more_problems(count: int) -> Message:
    """The last problem of a list cut at MAX_PROBLEMS: how many more there were.

    >>> more_problems(3).text("en")
    '… and 3 more problems: only the first 50 are listed. Fix these and send it again.'
    """
    return msg("input.more-problems", count=count, shown=MAX_PROBLEMS)


def _count(problem: str | Message) -> int:
    """How many problems one stands for: a "… and N more" stands for N."""
    if isinstance(problem, Message) and problem.code == "input.more-problems":
        count = dict(problem.params).get("count")
        return count if isinstance(count, int) else 1
    return 1


class RulesError(ValueError):
    """Base of every error the engine raises on purpose."""

    def __init__(self, problems: str | Message | Iterable[str | Message]) -> None:
        found = [problems] if isinstance(problems, (str, Message)) else list(problems)
        if len(found) > MAX_PROBLEMS:
            # A payload of a million bad keys gets a bounded answer: the first problems and how many more.
            found = [*found[:MAX_PROBLEMS], more_problems(sum(_count(p) for p in found[MAX_PROBLEMS:]))]
        self.messages: tuple[str | Message, ...] = tuple(found)
        super().__init__("; ".join(self.problems))

    @property
    def problems(self) -> tuple[str, ...]:
        """Every problem in English."""
        return tuple(self.render("en"))

    def render(self, lang: str) -> list[str]:
        return [p if isinstance(p, str) else render(p, lang) for p in self.messages]

    def to_answer(self, lang: str = "en") -> list[dict[str, Any]]:
        return [
            {"code": "", "rule": "", "text": p} if isinstance(p, str) else p.to_answer(lang)
            for p in self.messages
        ]


class InvalidInputError(RulesError):
    """The input is malformed: a bad mana cost, a negative count, a missing field."""


class IllegalStateError(RulesError):
    """The input is well formed but describes a board the rules cannot reach."""


__all__ = ["IllegalStateError", "InvalidInputError", "RulesError", "msg"]
