"""The tracker's bounds and its uses of the one set of input readers (:mod:`judge.engine.payload`).

Everything a game holds passes through these readers, so nothing unreadable
is ever stored: a name is valid Unicode (no lone surrogate such as
``"\\ud800"``) without control characters, a number is a whole number within
its bounds (never a float, an infinity or a number too long to print), and a
reader looks no deeper into a value than the one level it expects, so a
hostile ``[[[[…]]]]`` is simply "not a name" and costs nothing. A form's
yes/no ("on", "1", "") reads as a JSON boolean does.

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

from collections.abc import Sequence
from typing import Any

from judge.engine import payload
from judge.engine.messages import Message, ParamValue, msg

MIN_PLAYERS = 2
MAX_PLAYERS = 20
MAX_NAME = payload.MAX_NAME  # characters in a player's or a commander's name
MAX_AMOUNT = 1000  # one change never moves a counter by more than this
MAX_TOTAL = 1_000_000  # life, poison and commander damage stay within +- this
MAX_CASTS = 99  # casts (DTC: plays) of one commander from the command zone
MAX_COUNT = 999  # entries without a cast, planar die rolls in one turn
MAX_EVENTS = 5000  # changes one game may record (undone ones included): a long game has a few hundred
MAX_REVISION = 2**31 - 1  # the database's integer: a revision beyond it was never handed out


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
    """A player's or a commander's name (:func:`judge.engine.payload.read_name`), or None after adding the
    problem."""
    return payload.read_name(value, field=field, label=label, problems=problems, high=max_length)


def read_flag(value: Any, *, field: str, label: Message, problems: list[Message]) -> bool:
    """Yes or no: a JSON boolean, or a form's "1"/"on"/"true" (nothing, "" or "0" for no)."""
    return payload.read_flag(value, field=field, label=label, problems=problems, words=True)


read_int = payload.read_int
read_choice = payload.read_choice


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
