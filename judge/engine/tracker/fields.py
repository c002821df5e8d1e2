"""Reading one input value of the tracker (a name, a whole number, a yes/no, a choice) within a game's bounds.

Everything a game holds passes through these readers, so nothing unreadable
is ever stored: a name is valid Unicode (no lone surrogate such as
``"\\ud800"``) without control characters, a number is a whole number within
its bounds (never a float, an infinity or a number too long to print), and a
reader looks no deeper into a value than the one level it expects, so a
hostile ``[[[[…]]]]`` is simply "not a name" and costs nothing.

A problem names its field by a human label (a Message: "Player 2's name" /
"プレイヤー2の名前"); the JSON path stays in ``field`` for programs.

>>> problems: list[Message] = []
>>> read_name("  Aki   Tanaka ", field="players[0]", label=player_label(0), problems=problems)
'Aki Tanaka'
>>> read_name("\\ud800", field="players[1]", label=player_label(1), problems=problems) is None
True
>>> problems[0].text("ja"), problems[0].field
('プレイヤー2の名前：壊れた文字（正しい Unicode ではない文字）が含まれています。', 'players[1]')
>>> read_int(float("inf"), field="amount", label=msg("tracker.label.amount"), low=-5, high=5,
...     problems=problems)
>>> problems[-1].text("en")
'Amount: a whole number from -5 to 5.'
"""

from __future__ import annotations

import enum
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from judge.engine.messages import Message, ParamValue, msg

MIN_PLAYERS = 2
MAX_PLAYERS = 20
MAX_NAME = 60  # characters in a player's or a commander's name
MAX_AMOUNT = 1000  # one change never moves a counter by more than this
MAX_TOTAL = 1_000_000  # life, poison and commander damage stay within +- this
MAX_CASTS = 99  # casts (DTC: plays) of one commander from the command zone
MAX_COUNT = 999  # entries without a cast, planar die rolls in one turn
MAX_EVENTS = 5000  # changes one game may record (undone ones included): a long game has a few hundred
MAX_REVISION = 2**31 - 1  # the database's integer: a revision beyond it was never handed out
_MAX_DIGITS = 12  # a number written with more digits is out of every bound above

# Characters a name may not hold: C0 and C1 controls (Unicode category Cc) and the bidirectional
# overrides and isolates, which could make one name display as another in a list.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _visible(text: str) -> str:
    """``text`` in NFC without its invisible format characters (zero-width space U+200B, soft hyphen U+00AD,
    word joiner U+2060, a BOM U+FEFF, ...: category Cf), so "Alex" and "Alex\u200b", or an accent typed
    apart and precomposed, are one name. Bidi controls are left for the reader to refuse by name."""
    return "".join(
        ch
        for ch in unicodedata.normalize("NFC", text)
        if ch in _BIDI_CONTROLS or unicodedata.category(ch) != "Cf"
    )


E = TypeVar("E", bound=enum.Enum)


def player_label(index: int) -> Message:
    """The label of the ``index``-th player's name (0-based): "Player 1's name" / "プレイヤー1の名前"."""
    return msg("tracker.label.player-name", n=index + 1)


def joined(items: Sequence[ParamValue], *, last: str = "tracker.and") -> ParamValue:
    """Several names as one parameter: "A, B and C" / "A、BとC" (``last="tracker.or"``: "A, B or C").

    >>> from judge.engine.messages import render
    >>> render(msg("tracker.turn.skip", players=joined(["A", "B", "C"])), "ja")
    'A、BとC はゲームから離れています：そのターンは始まりません。'
    """
    if not items:
        return ""
    head: ParamValue = items[0]
    for index, item in enumerate(items[1:], start=2):
        code = last if index == len(items) else "tracker.list"
        head = msg(code, head=head, item=item)
    return head


def read_name(
    value: Any, *, field: str, label: Message, problems: list[Message], max_length: int = MAX_NAME
) -> str | None:
    """A name in NFC without invisible characters, its runs of spaces collapsed, or None after adding the
    problem (names are compared as read here: two that read the same are the same name).

    >>> read_name("\ufeffAle\u00adx\u200b", field="by", label=player_label(0), problems=[])
    'Alex'
    >>> read_name("Jose\u0301", field="by", label=player_label(0), problems=[]) == "Jos\u00e9"
    True
    """
    if not isinstance(value, str):
        problems.append(msg("tracker.text-needed", field=field, label=label))
        return None
    if any("\ud800" <= ch <= "\udfff" for ch in value):
        problems.append(msg("tracker.text-broken", field=field, label=label))
        return None
    if len(value) > 4 * max_length:  # long before collapsing spaces: don't copy a huge string around
        problems.append(msg("tracker.text-too-long", field=field, label=label, max=max_length))
        return None
    text = " ".join(_visible(value).split())
    if not text:
        problems.append(msg("input.required", field=field, label=label))
        return None
    if len(text) > max_length:
        problems.append(msg("tracker.text-too-long", field=field, label=label, max=max_length))
        return None
    if any(ord(ch) < 32 or 127 <= ord(ch) < 160 or ch in _BIDI_CONTROLS for ch in text):
        problems.append(msg("tracker.text-control", field=field, label=label))
        return None
    return text


def read_int(
    value: Any, *, field: str, label: Message, low: int, high: int, problems: list[Message]
) -> int | None:
    """A whole number from ``low`` to ``high`` (an int, or digits as text), or None after adding the problem.

    Floats (even 3.0), infinities, NaN and yes/no are not whole numbers here; a
    text of more than a dozen digits is refused before Python is asked to read it.
    """
    number: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str):
        text = value.strip()
        if 0 < len(text) <= _MAX_DIGITS:
            try:
                number = int(text)
            except ValueError:
                number = None
    if number is None or not low <= number <= high:
        problems.append(msg("input.whole-number", field=field, label=label, low=low, high=high))
        return None
    return number


_YES = ("1", "true", "on", "yes")
_NO = ("", "0", "false", "off", "no")


def read_flag(value: Any, *, field: str, label: Message, problems: list[Message]) -> bool:
    """Yes or no: a JSON boolean, or a form's "1"/"on"/"true" (nothing, "" or "0" for no)."""
    if value is None or isinstance(value, bool):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in _YES + _NO:
        return value.strip().lower() in _YES
    problems.append(msg("tracker.yes-or-no", field=field, label=label))
    return False


def read_choice(
    kind: type[E],
    value: Any,
    *,
    field: str,
    label: Message,
    problems: list[Message],
    allowed: Sequence[E] | None = None,
    name: Callable[[E], Message],
) -> E | None:
    """One member of ``kind`` given by its value (only text is looked up), or None after adding the
    problem."""
    members = tuple(allowed if allowed is not None else kind)
    if isinstance(value, kind) and value in members:
        return value
    if isinstance(value, str):
        for member in members:
            if member.value == value.strip():
                return member
    problems.append(
        msg(
            "tracker.choose",
            field=field,
            label=label,
            choices=joined([name(m) for m in members], last="tracker.or"),
        )
    )
    return None


__all__ = [
    "MAX_AMOUNT",
    "MAX_CASTS",
    "MAX_COUNT",
    "MAX_EVENTS",
    "MAX_NAME",
    "MAX_PLAYERS",
    "MAX_REVISION",
    "MAX_TOTAL",
    "MIN_PLAYERS",
    "joined",
    "player_label",
    "read_choice",
    "read_flag",
    "read_int",
    "read_name",
]
