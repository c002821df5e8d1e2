"""Explained steps: every engine result carries the steps that produced it.

Each step names the Comprehensive Rules (or format document) rule that
justifies it, so pages can link the rule and bots can cite it. A step speaks
in a message code with parameters (judge.engine.messages); the reader's
language is chosen when it is rendered. Steps not yet given a code carry an
English ``text`` only.

>>> s = Step(rule="601.2f", code="tax.start", params=(("cost", "{3}{G}{G}"),))
>>> s.render("ja")
'マナ・コスト {3}{G}{G} から始めます。'
>>> s.to_answer("en")
{'code': 'tax.start', 'rule': '601.2f', 'text': 'Start from the mana cost {3}{G}{G}.', 'objects': []}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judge.engine.messages import Message, ParamValue, render


@dataclass(frozen=True)
class Step:
    """One explained step of a calculation.

    ``rule`` is a CR number without trailing dot ("903.8", "800.4a") or a
    format-document anchor such as "dtc:commander-tax" / "commander:2".
    ``objects`` lists the ids of the objects the step touched, if any.
    """

    rule: str
    text: str = ""
    objects: tuple[str, ...] = field(default_factory=tuple)
    code: str = ""
    params: tuple[tuple[str, ParamValue], ...] = ()

    @classmethod
    def of(cls, code: str, *, rule: str, objects: tuple[str, ...] = (), **params: ParamValue) -> Step:
        """Keyword-friendly constructor: ``Step.of("tax.start", rule="601.2f", cost="{1}")``."""
        return cls(rule=rule, code=code, params=tuple(params.items()), objects=objects)

    @property
    def message(self) -> Message | None:
        return Message(self.code, rule=self.rule, params=self.params) if self.code else None

    def render(self, lang: str = "en") -> str:
        message = self.message
        return render(message, lang) if message is not None else self.text

    def to_answer(self, lang: str = "en") -> dict[str, Any]:
        return {
            "code": self.code,
            "rule": self.rule,
            "text": self.render(lang),
            "objects": list(self.objects),
        }
