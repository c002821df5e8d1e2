"""One way to present engine steps and problems to a reader: rendered in their language, rule linked."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import get_language

from judge.engine.errors import RulesError
from judge.engine.steps import Step
from judge.web.citations import rule_ref_url


def reader_language() -> str:
    return "ja" if (get_language() or "en").startswith("ja") else "en"


@dataclass(frozen=True)
class ShownStep:
    rule: str
    text: str
    url: str | None
    code: str = ""


def present_steps(steps: Iterable[Step], lang: str | None = None) -> list[ShownStep]:
    lang = lang or reader_language()
    return [ShownStep(rule=s.rule, text=s.render(lang), url=rule_ref_url(s.rule), code=s.code) for s in steps]


def present_problems(error: RulesError, lang: str | None = None) -> list[str]:
    return error.render(lang or reader_language())
