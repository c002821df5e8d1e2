"""Which release the engine's rule numbers are written against, and how they are given in another's.

Every CR number the engine writes (a step's or a problem's rule, a number in a message text, a worked
ruling's rules and narration) is a number of one release, :data:`CITED_RELEASE`. When the Comprehensive
Rules renumber (2026 inserted rule 722 and moved 722–729 up by one), the numbers of that release may name
other rules in the current one. The engine does not know the current release: the caller that does (the
web layer, through the corpus's lineage of rules) gives the renumbering, base number -> current number,
for the time of a request with :func:`citing`; what the engine renders meanwhile (``Message.to_answer``,
``Step.to_answer``, the texts of ``messages.render``) names the current numbers. Outside it, numbers
stay as written.

A renumbering is only applied to the catalog's templates and to the ``rule`` fields, never to what the
user gave (a player named like a rule keeps their name).

>>> current("723.1"), current_in("See 723.1 and 800.4j.")
('723.1', 'See 723.1 and 800.4j.')
>>> with citing({"723.1": "724.1"}):
...     current("723.1"), current("commander:2"), current_in("See 723.1 and 800.4j.")
('724.1', 'commander:2', 'See 724.1 and 800.4j.')
>>> with citing(lambda: {"723.1": "724.1"}):  # worked out only when a number is cited
...     current("723.1")
'724.1'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar

from judge.engine.rule_numbers import RULE_OR_SUBRULE

# The Comprehensive Rules release every rule number in judge/engine/, judge/engine/texts/ and
# rules_data/scenarios/ is written against (checked against its text by tests/engine/test_rule_citations.py),
# and the few fixed citations beside them (a search's answer card, judge.search.answers; a card page's
# commander rules, judge.cards.presenters; the leave-game page's presets). The site shows them in the current
# release's numbers (judge.web.citations): after a renumbering, nothing here needs to change.
CITED_RELEASE = "20260619"

Renumbering = Mapping[str, str]
# A number in running text: not part of a longer number or of a version.
_IN_TEXT = re.compile(rf"(?<![\d.]){RULE_OR_SUBRULE}(?![\d])")


class _Lazy:
    """A renumbering worked out on first use (a request that cites nothing never reads the corpus)."""

    def __init__(self, source: Callable[[], Renumbering]) -> None:
        self.source = source
        self.value: Renumbering | None = None

    def get(self) -> Renumbering:
        if self.value is None:
            self.value = self.source()
        return self.value


_active: ContextVar[_Lazy | None] = ContextVar("citing", default=None)


@contextmanager
def citing(renumbering: Renumbering | Callable[[], Renumbering] | None) -> Iterator[None]:
    """Render citations through ``renumbering`` (base number -> current number, or a function giving it)
    inside the ``with``; None: as written."""
    if renumbering is None:
        lazy = None
    elif callable(renumbering):
        lazy = _Lazy(renumbering)
    else:
        lazy = _Lazy(lambda: renumbering)
    token = _active.set(lazy)
    try:
        yield
    finally:
        _active.reset(token)


def _renumbering() -> Renumbering:
    lazy = _active.get()
    return lazy.get() if lazy is not None else {}


def current(rule: str) -> str:
    """The number to show for ``rule``, a number of :data:`CITED_RELEASE` (a document anchor as it is)."""
    if not rule:
        return rule
    return _renumbering().get(rule, rule)


def current_in(text: str) -> str:
    """``text`` with every CR rule number in it given as :func:`current` gives it."""
    renumbering = _renumbering()
    if not renumbering:
        return text
    return _IN_TEXT.sub(lambda m: renumbering.get(m.group(0), m.group(0)), text)


__all__ = ["CITED_RELEASE", "Renumbering", "citing", "current", "current_in"]
