"""Explained steps: every engine result carries the steps that produced it.

Each step names the Comprehensive Rules (or format document) rule that
justifies it, so pages can link the rule and bots can cite it.

>>> s = Step(rule="903.8", text="Commander tax: {2} for each previous cast.")
>>> s.as_dict()
{'rule': '903.8', 'text': 'Commander tax: {2} for each previous cast.', 'objects': []}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Step:
    """One explained step of a calculation.

    ``rule`` is a CR number without trailing dot ("903.8", "800.4a") or a
    format-document anchor such as "dtc:commander-tax" / "commander:2".
    ``objects`` lists the ids of the objects the step touched, if any.
    """

    rule: str
    text: str
    objects: tuple[str, ...] = field(default_factory=tuple)

    def as_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "text": self.text, "objects": list(self.objects)}
