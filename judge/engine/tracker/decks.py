"""Each seat's deck, for the pre-game talk: the Commander Brackets bracket its player declares (1 to 5,
optional) and its list (optional), pasted at the start of a Commander game so the table page can compare
every list's estimate (judge.engine.brackets) with what its player declared.

A declared bracket is what the player says, never a verdict; a list is at most ``MAX_DECKLIST_CHARS``
characters and ``decklist.MAX_LINES`` lines, the bounds of a list on the table page. Only Commander games
take them (the brackets are Commander's).

>>> from judge.engine.tracker import table_setup
>>> setup = table_setup(variant="commander", players=["Aki", "Ben"],
...                     commanders={"Aki": ["Oona"], "Ben": ["Edgar"]})
>>> [d.declared_bracket for d in seat_decks(setup=setup, declared_brackets={"aki": "3"}, decklists={})]
[3, None]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judge.engine.decklist import MAX_LINES
from judge.engine.errors import IllegalStateError, InvalidInputError
from judge.engine.messages import Message, msg
from judge.engine.payload import read_int
from judge.engine.tracker.fields import MAX_NAME, MAX_REVISION
from judge.engine.tracker.setup import TableSetup, variant_name
from judge.engine.variants import Variant

#: One seat's list: the table page's bound on a pasted list (a Commander list is 100 lines).
MAX_DECKLIST_CHARS = 64_000
LOWEST_BRACKET = 1
HIGHEST_BRACKET = 5
#: The variants whose seats take a declared bracket and a list.
BRACKET_VARIANTS = (Variant.COMMANDER,)


@dataclass(frozen=True)
class SeatDeck:
    """What one seat brought to the pre-game talk: the bracket declared (None: not said) and the list ("")."""

    player: str
    declared_bracket: int | None = None
    decklist: str = ""

    @property
    def empty(self) -> bool:
        return self.declared_bracket is None and not self.decklist

    def to_payload(self) -> dict[str, Any]:
        """The seat in a game's JSON: the list itself stays out (the table page reads it)."""
        return {
            "player": self.player,
            "declared_bracket": self.declared_bracket,
            "has_decklist": bool(self.decklist),
        }


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def _by_player(
    values: Mapping[Any, Any] | None,
    *,
    setup: TableSetup,
    field: str,
    label: Message,
    problems: list[Message],
) -> dict[str, Any]:
    """The map keyed by the player's name as set up; a key naming no player (or not text) is a problem."""
    if values is None:
        return {}
    if not isinstance(values, Mapping):
        problems.append(msg("input.object", field=field, label=label))
        return {}
    players = {_key(p): p for p in setup.players}
    found: dict[str, Any] = {}
    for key, value in values.items():
        if not isinstance(key, str) or any("\ud800" <= ch <= "\udfff" for ch in key):
            problems.append(msg("input.not-text", field=field, label=label))
        elif _key(key) not in players:
            problems.append(msg("input.not-a-player", field=field, label=label, name=key[:MAX_NAME]))
        elif value is not None and value != "":
            found[players[_key(key)]] = value
    return found


def _decklist(value: Any, *, field: str, label: Message, problems: list[Message]) -> str:
    if not isinstance(value, str):
        problems.append(msg("input.not-text", field=field, label=label))
        return ""
    if len(value) > MAX_DECKLIST_CHARS:
        problems.append(msg("input.too-long", field=field, label=label, high=MAX_DECKLIST_CHARS))
        return ""
    lines = value.count("\n") + 1
    if lines > MAX_LINES:
        problems.append(msg("input.too-many", field=field, label=label, count=lines, high=MAX_LINES))
        return ""
    return value.strip()


def seat_decks(
    *,
    setup: TableSetup,
    declared_brackets: Mapping[str, Any] | None = None,
    decklists: Mapping[str, Any] | None = None,
) -> tuple[SeatDeck, ...]:
    """Every seat's deck in turn order (an empty :class:`SeatDeck` for a seat that brought nothing).

    ``declared_brackets`` and ``decklists`` are keyed by player name (compared as the setup compares names);
    a bracket is a whole number from 1 to 5 (digits as text from a form too). Raises InvalidInputError with
    every problem; a game of another variant takes neither."""
    problems: list[Message] = []
    brackets = _by_player(
        declared_brackets,
        setup=setup,
        field="declared_brackets",
        label=msg("tracker.label.declared-brackets"),
        problems=problems,
    )
    lists = _by_player(
        decklists, setup=setup, field="decklists", label=msg("tracker.label.decklists"), problems=problems
    )
    if (brackets or lists) and setup.variant not in BRACKET_VARIANTS:
        raise InvalidInputError(
            [
                msg(
                    "tracker.brackets-commander-only",
                    field="declared_brackets" if brackets else "decklists",
                    label=msg("tracker.label.declared-brackets" if brackets else "tracker.label.decklists"),
                    variant=variant_name(setup.variant),
                )
            ]
        )
    decks = []
    for index, player in enumerate(setup.players):
        bracket = None
        if player in brackets:
            bracket = read_int(
                brackets[player],
                field=f"declared_brackets.{index}",
                label=msg("tracker.label.declared-bracket-of", player=player),
                low=LOWEST_BRACKET,
                high=HIGHEST_BRACKET,
                problems=problems,
            )
        decklist = ""
        if player in lists:
            decklist = _decklist(
                lists[player],
                field=f"decklists.{index}",
                label=msg("tracker.label.decklist-of", player=player),
                problems=problems,
            )
        decks.append(SeatDeck(player=player, declared_bracket=bracket, decklist=decklist))
    if problems:
        raise InvalidInputError(problems)
    return tuple(decks)


def check_decks_revision(*, expected: Any, revision: int) -> None:
    """Seats' decks saved again on a started game replace them all: only on the revision they were read at
    (another phone's save, or any change since, and they are refused rather than overwritten).

    >>> check_decks_revision(expected="4", revision=4)
    >>> check_decks_revision(expected=3, revision=4)
    Traceback (most recent call last):
    ...
    judge.engine.errors.IllegalStateError: Table revision: the game has changed since ...
    """
    problems: list[Message] = []
    number = read_int(
        expected,
        field="expected_revision",
        label=msg("tracker.label.expected-revision"),
        low=0,
        high=MAX_REVISION,
        problems=problems,
    )
    if problems:
        raise InvalidInputError(problems)
    if number != revision:
        raise IllegalStateError(
            [
                msg(
                    "tracker.seats-changed",
                    field="expected_revision",
                    label=msg("tracker.label.expected-revision"),
                )
            ]
        )


__all__ = [
    "BRACKET_VARIANTS",
    "HIGHEST_BRACKET",
    "LOWEST_BRACKET",
    "MAX_DECKLIST_CHARS",
    "SeatDeck",
    "check_decks_revision",
    "seat_decks",
]
