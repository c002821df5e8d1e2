"""One way to present engine steps and problems to a reader: rendered in their language, rule linked."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.utils.translation import get_language

from judge.engine.errors import RulesError
from judge.engine.steps import Step
from judge.web.citations import current_rule, rule_ref_url


def reader_language() -> str:
    return "ja" if (get_language() or "en").startswith("ja") else "en"


@dataclass(frozen=True)
class ShownStep:
    """A step as a page shows it: its text in the reader's language, its rule and where that rule is.

    ``rule`` is the engine's number (judge.engine.citing.CITED_RELEASE's): a page shows it through
    ``{% cited_rule %}``, which names and links it by the current number, as ``url`` does; ``shown_rule``
    is that number."""

    rule: str
    text: str
    url: str | None
    code: str = ""
    objects: tuple[str, ...] = ()  # the names of the objects the step touched
    lang: str = "en"  # the language of ``text``: the reader's, or English for a step not given a code yet

    @property
    def shown_rule(self) -> str:
        return current_rule(self.rule)


def present_steps(
    steps: Iterable[Step], lang: str | None = None, names: Mapping[str, str] | None = None
) -> list[ShownStep]:
    """``names``: object id -> name, for steps that touch objects (an id without a name shows as itself)."""
    lang = lang or reader_language()
    names = names or {}
    return [
        ShownStep(
            rule=s.rule,
            text=s.render(lang),
            url=rule_ref_url(s.rule),
            code=s.code,
            objects=tuple(names.get(o, o) for o in s.objects),
            lang=lang if s.code else "en",
        )
        for s in steps
    ]


def present_problems(error: RulesError, lang: str | None = None) -> list[str]:
    return error.render(lang or reader_language())
