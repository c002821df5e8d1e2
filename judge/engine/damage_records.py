"""The commander damage calculator's game records: typed commanders, damage and life gain, and their checks.

:func:`check_game` reports every problem with a game at once: bad input (an InvalidInputError) before an
unreachable game (an IllegalStateError). The JSON payload reader is :mod:`judge.engine.damage_payload`.

Every problem names its field by a label ("Event 1: amount" / "1番目の出来事の量").

>>> try:
...     check_game(variant=Variant.COMMANDER, players=["A", "B"],
...                commanders=[Commander(id="x", owner="C")], events=[])
... except IllegalStateError as err:
...     print(*err.render("en"))
Commander 1's owner: “C” is not a player in this game; a commander is owned by a player in the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from judge.engine.board import card_name
from judge.engine.errors import IllegalStateError, InvalidInputError
from judge.engine.messages import Message, Text, msg
from judge.engine.payload import read_text, shown, whole_number
from judge.engine.variants import Variant, variant_names

#: A player never has more than two commanders (702.124g).
MAX_COMMANDERS_PER_PLAYER = 2
MAX_PLAYERS = 64
MAX_EVENTS = 10_000
MAX_AMOUNT = 1_000_000
MAX_NAME = 200


@dataclass(frozen=True)
class Commander:
    """A commander card in the game: its id, its owner and its name (for the steps; ``name_ja`` its official
    Japanese name, which the Japanese steps show in 《》)."""

    id: str
    owner: str
    name: str = ""
    name_ja: str = ""

    @property
    def label(self) -> Text:
        """Its name in both languages (《数多のラフィーク》 in Japanese), else its id."""
        if not self.name:
            return Text(en=self.id, ja=self.id)
        return card_name(self.name, self.name_ja or None)


@dataclass(frozen=True)
class DamageEvent:
    """``source`` (a commander id) deals ``amount`` damage to the player ``target``.

    ``prevented`` of that damage was prevented and never dealt (615.6).
    ``controller`` is who controlled the commander then; None means its owner.
    ``copy``: the damage was dealt by a copy of that commander (a token copy, or a creature that became a
    copy of it), which is not that commander (903.3, 707.2): it never counts toward 21.
    """

    source: str
    target: str
    amount: int
    combat: bool
    prevented: int = 0
    controller: str | None = None
    copy: bool = False

    @property
    def dealt(self) -> int:
        """Damage actually dealt: the amount minus what was prevented."""
        return self.amount - self.prevented


@dataclass(frozen=True)
class LifeGain:
    """The player ``target`` gains ``amount`` life (it changes nothing here: ``commander:9``)."""

    target: str
    amount: int


@dataclass(frozen=True)
class DamageInput:
    variant: Variant
    players: tuple[str, ...]
    commanders: tuple[Commander, ...]
    events: tuple[DamageEvent | LifeGain, ...]
    teams: tuple[tuple[str, ...], ...] = ()


def field_label(code: str, number: int | None = None) -> Message:
    """The label a problem names its field by (``damage.label.<code>``, numbered from 1 in a list)."""
    return msg(f"damage.label.{code}", number=number) if number is not None else msg(f"damage.label.{code}")


def _name_problem(value: object, *, field: str, label: Message, optional: bool = False) -> Message | None:
    """The problem with a player's or a commander's name (the one text reader's), or None."""
    if optional and value == "":
        return None  # a commander's display name may be left empty: its id names it
    if optional and value is None:
        return msg("input.not-text", field=field, label=label)  # given as null: never stored as a name
    problems: list[Message] = []
    read_text(value, field=field, label=label, problems=problems, high=MAX_NAME)
    return problems[0] if problems else None


def _players(players: Sequence[object], invalid: list[Message]) -> set[str]:
    if not players:
        invalid.append(msg("damage.no-players", field="players", label=field_label("players")))
    if len(players) > MAX_PLAYERS:
        invalid.append(
            msg(
                "input.too-many",
                field="players",
                label=field_label("players"),
                count=len(players),
                high=MAX_PLAYERS,
            )
        )
    seen: set[str] = set()
    for i, player in enumerate(players[:MAX_PLAYERS]):
        label = field_label("player", i + 1)
        problem = _name_problem(player, field=f"players[{i}]", label=label)
        if problem is not None:
            invalid.append(problem)
        elif player in seen:
            invalid.append(msg("input.duplicate", field=f"players[{i}]", label=label, value=shown(player)))
        if isinstance(player, str):
            seen.add(player)
    return seen


def _teams(teams: Sequence[object], players: set[str], invalid: list[Message]) -> None:
    if len(teams) < 2:
        invalid.append(msg("damage.team-too-few", field="teams", label=field_label("teams")))
    placed: set[str] = set()
    for i, team in enumerate(teams[:MAX_PLAYERS]):
        label = field_label("team", i + 1)
        if not isinstance(team, (list, tuple)) or not team:
            invalid.append(msg("input.list", field=f"teams[{i}]", label=label))
            continue
        for j, player in enumerate(team):
            where = f"teams[{i}][{j}]"
            if not isinstance(player, str) or player not in players:
                invalid.append(msg("input.not-a-player", field=where, label=label, name=shown(player)))
            elif player in placed:
                invalid.append(msg("damage.player-in-two-teams", field=where, label=label, value=player))
            else:
                placed.add(player)
    for player in sorted(players - placed):
        invalid.append(
            msg("damage.player-without-team", field="teams", label=field_label("teams"), value=player)
        )


def _commanders(
    commanders: Sequence[object], players: set[str], invalid: list[Message], illegal: list[Message]
) -> set[str]:
    ids: set[str] = set()
    owned: dict[str, int] = {}
    limit = MAX_PLAYERS * MAX_COMMANDERS_PER_PLAYER
    for i, commander in enumerate(commanders[: limit + 1]):
        where, number = f"commanders[{i}]", i + 1
        if not isinstance(commander, Commander):
            invalid.append(msg("input.object", field=where, label=field_label("commander", number)))
            continue
        for problem in (
            _name_problem(commander.id, field=f"{where}.id", label=field_label("commander-id", number)),
            _name_problem(
                commander.owner, field=f"{where}.owner", label=field_label("commander-owner", number)
            ),
            _name_problem(
                commander.name,
                field=f"{where}.name",
                label=field_label("commander-name", number),
                optional=True,
            ),
            _name_problem(
                commander.name_ja,
                field=f"{where}.name_ja",
                label=field_label("commander-name-ja", number),
                optional=True,
            ),
        ):
            if problem is not None:
                invalid.append(problem)
        if isinstance(commander.id, str):
            if commander.id in ids:
                invalid.append(
                    msg(
                        "input.duplicate",
                        field=f"{where}.id",
                        label=field_label("commander-id", number),
                        value=shown(commander.id),
                    )
                )
            ids.add(commander.id)
        if isinstance(commander.owner, str):
            if commander.owner not in players:
                illegal.append(
                    msg(
                        "damage.owner-not-player",
                        rule="903.3",
                        field=f"{where}.owner",
                        label=field_label("commander-owner", number),
                        value=shown(commander.owner),
                    )
                )
            owned[commander.owner] = owned.get(commander.owner, 0) + 1
    if len(commanders) > limit:
        invalid.append(
            msg(
                "input.too-many",
                field="commanders",
                label=field_label("commanders"),
                count=len(commanders),
                high=limit,
            )
        )
    for owner, count in owned.items():
        if count > MAX_COMMANDERS_PER_PLAYER and owner in players:
            illegal.append(
                msg(
                    "damage.too-many-commanders",
                    rule="702.124g",
                    field="commanders",
                    owner=owner,
                    count=count,
                    high=MAX_COMMANDERS_PER_PLAYER,
                )
            )
    return ids


def _events(events: Sequence[object], players: set[str], ids: set[str], invalid: list[Message]) -> None:
    if len(events) > MAX_EVENTS:
        invalid.append(
            msg(
                "input.too-many",
                field="events",
                label=field_label("events"),
                count=len(events),
                high=MAX_EVENTS,
            )
        )

    def player_problem(value: object, field: str, label: Message) -> None:
        if not (isinstance(value, str) and value in players):
            invalid.append(msg("input.not-a-player", field=field, label=label, name=shown(value)))

    for i, event in enumerate(events[:MAX_EVENTS]):
        where, number = f"events[{i}]", i + 1
        if isinstance(event, LifeGain):
            player_problem(event.target, f"{where}.target", field_label("event-target", number))
            problem = whole_number(
                event.amount,
                field=f"{where}.amount",
                label=field_label("event-amount", number),
                low=0,
                high=MAX_AMOUNT,
            )
            invalid.extend([problem] if problem else [])
            continue
        if not isinstance(event, DamageEvent):
            invalid.append(msg("input.object", field=where, label=field_label("event", number)))
            continue
        if not (isinstance(event.source, str) and event.source in ids):
            invalid.append(
                msg(
                    "damage.unknown-commander",
                    field=f"{where}.source",
                    label=field_label("event-source", number),
                    value=shown(event.source),
                )
            )
        player_problem(event.target, f"{where}.target", field_label("event-target", number))
        if event.controller is not None:
            player_problem(event.controller, f"{where}.controller", field_label("event-controller", number))
        if not isinstance(event.combat, bool):
            invalid.append(
                msg("input.true-false", field=f"{where}.combat", label=field_label("event-combat", number))
            )
        if not isinstance(event.copy, bool):
            invalid.append(
                msg("input.true-false", field=f"{where}.copy", label=field_label("event-copy", number))
            )
        amount = whole_number(
            event.amount,
            field=f"{where}.amount",
            label=field_label("event-amount", number),
            low=0,
            high=MAX_AMOUNT,
        )
        prevented = whole_number(
            event.prevented,
            field=f"{where}.prevented",
            label=field_label("event-prevented", number),
            low=0,
            high=MAX_AMOUNT,
        )
        invalid.extend(p for p in (amount, prevented) if p is not None)
        if amount is None and prevented is None and event.prevented > event.amount:
            invalid.append(
                msg(
                    "damage.prevented-over-amount",
                    field=f"{where}.prevented",
                    label=field_label("event-prevented", number),
                    prevented=event.prevented,
                    amount=event.amount,
                )
            )


def check_game(
    *,
    variant: object,
    players: Sequence[object],
    commanders: Sequence[object],
    events: Sequence[object],
    teams: Sequence[object] | None = None,
) -> None:
    """Raise InvalidInputError (bad input) or IllegalStateError (an unreachable game), listing every
    problem."""
    invalid: list[Message] = []
    illegal: list[Message] = []
    if variant not in Variant.DAMAGE_CALCULATOR:
        invalid.append(
            msg(
                "damage.not-commander-variant",
                field="variant",
                label=msg("variant.label"),
                choices=variant_names(Variant.DAMAGE_CALCULATOR),
            )
        )
    seen = _players(players, invalid)
    if teams is not None:
        _teams(teams, seen, invalid)
    ids = _commanders(commanders, seen, invalid, illegal)
    _events(events, seen, ids, invalid)
    if invalid:
        raise InvalidInputError(dict.fromkeys(invalid))
    if illegal:
        raise IllegalStateError(illegal)
