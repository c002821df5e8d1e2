"""What every payload reader shares: JSON in, typed input out, every problem listed at once.

The convention: a rules module ``judge/engine/<domain>.py`` keeps the rules;
its payload reader ``judge/engine/<domain>_payload.py`` turns the JSON the API
receives into typed input (dataclasses, enums, parsed costs) and reports each
problem as a message naming the field by its human label, with the JSON path
kept in ``field`` for programs. The checks below are the ones readers repeat.

>>> whole_number(-1, field="previous_casts", label=msg("input.label.request"), low=0, high=10).text("en")
'Request: a whole number from 0 to 10.'
>>> whole_number(3, field="x", label=msg("input.label.request"), low=0, high=10) is None
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from judge.engine.errors import MAX_PROBLEMS, more_problems
from judge.engine.messages import Message, msg


def is_whole_number(value: object, low: int, high: int) -> bool:
    # bool is an int subclass, but true/false is never a count.
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def whole_number(value: object, *, field: str, label: Message, low: int, high: int) -> Message | None:
    """The problem with ``value`` as a whole number from ``low`` to ``high``, or None when it is fine."""
    if is_whole_number(value, low, high):
        return None
    return msg("input.whole-number", field=field, label=label, low=low, high=high)


def unknown_fields(
    item: Mapping[str, Any], allowed: Iterable[str], *, field: str = "", label: Message | None = None
) -> list[Message]:
    """One problem per key of ``item`` outside ``allowed`` (a JSON API typo, "reductions" for "reduction"),
    the
    first MAX_PROBLEMS of them, then how many more (an object of a million keys costs no million problems)."""
    allowed = list(allowed)
    expected = ", ".join(allowed)
    unknown = [key for key in item if key not in allowed]
    found = [
        msg(
            "input.unknown-field",
            field=f"{field}.{key}" if field else str(key),
            label=label or msg("input.label.request"),
            name=str(key)[:60],
            expected=expected,
        )
        for key in unknown[:MAX_PROBLEMS]
    ]
    return found + [more_problems(len(unknown) - MAX_PROBLEMS)] if len(unknown) > MAX_PROBLEMS else found


def shown(value: object) -> str:
    """A bad value quoted in a problem, cut short (a problem never echoes a whole huge input)."""
    return (value if isinstance(value, str) else repr(value))[:60]


__all__ = ["is_whole_number", "shown", "unknown_fields", "whole_number"]
