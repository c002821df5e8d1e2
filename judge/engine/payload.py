"""The one set of input readers: JSON (or a form) in, typed values out, every problem listed at once.

The convention: a rules module ``judge/engine/<domain>.py`` keeps the rules;
its payload reader ``judge/engine/<domain>_payload.py`` turns the JSON the API
receives into typed input (dataclasses, enums, parsed costs) and reports each
problem as a message naming the field by its human label, with the JSON path
kept in ``field`` for programs. Every reader of every domain (the calculators,
the board's :class:`~judge.engine.board_reader.FieldReader`, the tracker's
fields) reads its values here, so one mistake has one code, ``input.*``, and
one wording in each language.

Each ``read_*`` function appends its problem to ``problems`` and returns None
(or an empty value) when it cannot read, so reading goes on and every problem
is reported at once. A reader looks no deeper into a value than the one level
it expects, so a hostile ``[[[[…]]]]`` is simply "not text" and costs nothing.

>>> whole_number(-1, field="previous_casts", label=msg("input.label.request"), low=0, high=10).text("en")
'Request: a whole number from 0 to 10.'
>>> whole_number(3, field="x", label=msg("input.label.request"), low=0, high=10) is None
True
>>> problems: list[Message] = []
>>> request = msg("input.label.request")
>>> read_name("  Aki   Tanaka ", field="players[0]", label=request, problems=problems, high=60)
'Aki Tanaka'
>>> read_text(["x"], field="name", label=msg("input.label.request"), problems=problems) is None
True
>>> [(p.code, p.field, p.text("ja")) for p in problems]
[('input.not-text', 'name', 'リクエスト：文字列で指定してください。')]
"""

from __future__ import annotations

import enum
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from judge.engine.errors import MAX_PROBLEMS, more_problems
from judge.engine.messages import Message, ParamValue, Text, msg, render

E = TypeVar("E", bound=enum.Enum)

MAX_TEXT = 200  # characters in one text value (a card's name), unless its reader says otherwise
MAX_NAME = 60  # characters in a player's name: the tracker's and the leave-game board's
# Characters in an object's or an effect's id on a board: a reference, repeated wherever it is used.
MAX_ID = 40
_MAX_DIGITS = 12  # a number written with more digits is out of every bound the readers use

# Characters a name may not hold: C0 and C1 controls (Unicode category Cc) and the bidirectional
# overrides and isolates, which could make one name display as another in a list.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def ascii_number(text: str, *, digits: int = _MAX_DIGITS) -> int | None:
    """The whole number ``text`` writes in ASCII digits, at most ``digits`` of them; else None.

    Read a number typed into a form, a URL or a cookie with this, never with ``isdigit()`` and ``int()``:
    ``isdigit`` is true of ² (which ``int`` refuses: ValueError, a 500) and of ٣ (which it reads as 3), and
    ``int`` refuses more than 4,300 digits.

    >>> ascii_number("12"), ascii_number("²"), ascii_number("٣"), ascii_number("1" * 5000), ascii_number("-1")
    (12, None, None, None, None)
    >>> ascii_number("123", digits=2), ascii_number("")
    (None, None)
    """
    return int(text) if 0 < len(text) <= digits and text.isascii() and text.isdigit() else None


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
    """A bad value quoted in a problem: printable text cut short, a small number or a word; never a whole
    huge input, a lone surrogate, or the repr of a list or an object (it could be huge, or nested too deep
    to print).

    >>> shown("archenemy"), shown(3.5), shown("\\ud800"), shown([[1]])
    ('archenemy', '3.5', '?', '…')
    """
    if isinstance(value, str):
        return value[:60] if value[:60].isprintable() else "?"
    if value is None or isinstance(value, bool | float) or (isinstance(value, int) and abs(value) < 10**12):
        return repr(value)
    return "…"


def choices(names: Sequence[ParamValue]) -> Text:
    """The choices a problem lists, in both languages ("Commander, Brawl" / "統率者戦、ブロール")."""
    return Text(
        en=", ".join(_in(name, "en") for name in names), ja="、".join(_in(name, "ja") for name in names)
    )


def _in(value: ParamValue, lang: str) -> str:
    if isinstance(value, Message):
        return render(value, lang)
    if isinstance(value, Text):
        return value.in_(lang)
    return str(value)


def read_text(
    value: Any,
    *,
    field: str,
    label: Message,
    problems: list[Message],
    optional: bool = False,
    high: int = MAX_TEXT,
) -> str | None:
    """A text of 1 to ``high`` characters as given (nothing, when ``optional``, is None without a problem)."""
    if value is None and optional:
        return None
    if value is None or (isinstance(value, str) and not value.strip()):
        problems.append(msg("input.required", field=field, label=label))
        return None
    if not isinstance(value, str):
        problems.append(msg("input.not-text", field=field, label=label))
        return None
    if len(value) > high:
        problems.append(msg("input.too-long", field=field, label=label, high=high))
        return None
    return value


def _visible(text: str) -> str:
    """``text`` in NFC without its invisible format characters (zero-width space U+200B, soft hyphen U+00AD,
    word joiner U+2060, a BOM U+FEFF, ...: category Cf), so "Alex" and "Alex\\u200b", or an accent typed
    apart and precomposed, are one name. Bidi controls are left for the reader to refuse by name."""
    return "".join(
        ch
        for ch in unicodedata.normalize("NFC", text)
        if ch in _BIDI_CONTROLS or unicodedata.category(ch) != "Cf"
    )


def read_name(value: Any, *, field: str, label: Message, problems: list[Message], high: int) -> str | None:
    """A name to store and show in lists: in NFC without invisible characters, its runs of spaces collapsed,
    valid Unicode (no lone surrogate such as ``"\\ud800"``), no control characters, 1 to ``high``
    characters (names are compared as read here: two that read the same are the same name).

    >>> by = msg("input.label.request")
    >>> read_name("\\ufeffAle\\u00adx\\u200b", field="by", label=by, problems=[], high=60)
    'Alex'
    >>> read_name("Jose\\u0301", field="by", label=by, problems=[], high=60) == "Jos\\u00e9"
    True
    """
    if not isinstance(value, str):
        problems.append(msg("input.not-text", field=field, label=label))
        return None
    if any("\ud800" <= ch <= "\udfff" for ch in value):
        problems.append(msg("input.broken-text", field=field, label=label))
        return None
    if len(value) > 4 * high:  # long before collapsing spaces: don't copy a huge string around
        problems.append(msg("input.too-long", field=field, label=label, high=high))
        return None
    text = " ".join(_visible(value).split())
    if not text:
        problems.append(msg("input.required", field=field, label=label))
        return None
    if len(text) > high:
        problems.append(msg("input.too-long", field=field, label=label, high=high))
        return None
    if any(ord(ch) < 32 or 127 <= ord(ch) < 160 or ch in _BIDI_CONTROLS for ch in text):
        problems.append(msg("input.control-characters", field=field, label=label))
        return None
    return text


def read_int(
    value: Any, *, field: str, label: Message, low: int, high: int, problems: list[Message]
) -> int | None:
    """A whole number from ``low`` to ``high`` (an int, or digits as text from a form), or None after adding
    the problem.

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


def read_flag(
    value: Any, *, field: str, label: Message, problems: list[Message], words: bool = False
) -> bool:
    """Yes or no: a JSON boolean (nothing for no); with ``words``, a form's "1"/"on"/"true" ("" or "0" for
    no)."""
    if value is None or isinstance(value, bool):
        return bool(value)
    if words and isinstance(value, str) and value.strip().lower() in _YES + _NO:
        return value.strip().lower() in _YES
    problems.append(msg("input.true-false", field=field, label=label))
    return False


def read_choice(
    kind: type[E],
    value: Any,
    *,
    field: str,
    label: Message,
    problems: list[Message],
    name: Callable[[E], ParamValue],
    allowed: Sequence[E] | None = None,
    default: E | None = None,
) -> E | None:
    """One member of ``kind`` (of ``allowed``, when given) given by its value, or None after adding the
    problem, which lists the choices by ``name`` (nothing is ``default``, when there is one)."""
    if value is None and default is not None:
        return default
    members = tuple(allowed if allowed is not None else kind)
    if isinstance(value, kind) and value in members:
        return value
    if isinstance(value, str):
        for member in members:
            if member.value == value.strip():
                return member
    names = choices([name(member) for member in members])
    if value is None:
        problems.append(msg("input.choose", field=field, label=label, choices=names))
    else:
        problems.append(msg("input.one-of", field=field, label=label, value=shown(value), choices=names))
    return None


def read_list(
    value: Any, *, field: str, label: Message, problems: list[Message], high: int, optional: bool = False
) -> list[Any]:
    """A JSON list of at most ``high`` items (more, or not a list: a problem and nothing; nothing, when
    ``optional``, is an empty list)."""
    if value is None and optional:
        return []
    if not isinstance(value, list | tuple):
        problems.append(msg("input.list", field=field, label=label))
        return []
    if len(value) > high:
        problems.append(msg("input.too-many", field=field, label=label, high=high, count=len(value)))
        return []
    return list(value)


def read_object(
    value: Any, *, field: str, label: Message, problems: list[Message]
) -> Mapping[str, Any] | None:
    """A JSON object (a set of named fields), or None after adding the problem."""
    if not isinstance(value, Mapping):
        problems.append(msg("input.object", field=field, label=label))
        return None
    return value


__all__ = [
    "MAX_ID",
    "MAX_NAME",
    "MAX_TEXT",
    "choices",
    "is_whole_number",
    "read_choice",
    "read_flag",
    "read_int",
    "read_list",
    "read_name",
    "read_object",
    "read_text",
    "shown",
    "unknown_fields",
    "whole_number",
]
