"""The engine's error family.

Views catch only :class:`RulesError` subclasses and answer 400 with every
problem listed, so each error carries all the problems found, not just the
first one.

>>> err = InvalidInputError(["previous_casts: must be 0 or more"])
>>> err.problems
('previous_casts: must be 0 or more',)
>>> isinstance(err, ValueError)
True
"""

from __future__ import annotations

from collections.abc import Iterable


class RulesError(ValueError):
    """Base of every error the engine raises on purpose."""

    def __init__(self, problems: str | Iterable[str]) -> None:
        if isinstance(problems, str):
            problems = [problems]
        self.problems: tuple[str, ...] = tuple(problems)
        super().__init__("; ".join(self.problems))


class InvalidInputError(RulesError):
    """The input is malformed: a bad mana cost, a negative count, a missing field."""


class IllegalStateError(RulesError):
    """The input is well formed but describes a board the rules cannot reach."""
