"""The commander damage calculator's input: typed game records, their checks, and the JSON payload reader.

Payload: ``{"variant": "commander"|"brawl", "players": [name, ...],
"commanders": [{"id", "owner", "name", "name_ja"}], "events": [...], "teams": [[name, ...], ...]}``.
Events are ``{"source", "target", "amount", "combat", "prevented"}`` (and an
optional ``"controller"``); ``{"kind": "life-gain", "target", "amount"}``
records life gain. ``teams`` (optional) puts every player on one team, for
Two-Headed Giant Commander: a player who loses makes their team lose (810.8a).

Every problem names its field by a label ("Event 1: amount" / "1番目の出来事の量").

>>> read_damage_payload({"variant": "commander", "players": ["A", "B"], "commanders": [],
...                      "events": [], "teams": [["A"], ["B"]]}).teams
(('A',), ('B',))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judge.engine.board import card_name
from judge.engine.errors import IllegalStateError, InvalidInputError
from judge.engine.messages import Message, Text, msg
from judge.engine.payload import read_text, shown, unknown_fields, whole_number
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
    """

    source: str
    target: str
    amount: int
    combat: bool
    prevented: int = 0
    controller: str | None = None

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


def _label(code: str, number: int | None = None) -> Message:
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
        invalid.append(msg("damage.no-players", field="players", label=_label("players")))
    if len(players) > MAX_PLAYERS:
        invalid.append(
            msg(
                "input.too-many",
                field="players",
                label=_label("players"),
                count=len(players),
                high=MAX_PLAYERS,
            )
        )
    seen: set[str] = set()
    for i, player in enumerate(players[:MAX_PLAYERS]):
        label = _label("player", i + 1)
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
        invalid.append(msg("damage.team-too-few", field="teams", label=_label("teams")))
    placed: set[str] = set()
    for i, team in enumerate(teams[:MAX_PLAYERS]):
        label = _label("team", i + 1)
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
        invalid.append(msg("damage.player-without-team", field="teams", label=_label("teams"), value=player))


def _commanders(
    commanders: Sequence[object], players: set[str], invalid: list[Message], illegal: list[Message]
) -> set[str]:
    ids: set[str] = set()
    owned: dict[str, int] = {}
    limit = MAX_PLAYERS * MAX_COMMANDERS_PER_PLAYER
    for i, commander in enumerate(commanders[: limit + 1]):
        where, number = f"commanders[{i}]", i + 1
        if not isinstance(commander, Commander):
            invalid.append(msg("input.object", field=where, label=_label("commander", number)))
            continue
        for problem in (
            _name_problem(commander.id, field=f"{where}.id", label=_label("commander-id", number)),
            _name_problem(commander.owner, field=f"{where}.owner", label=_label("commander-owner", number)),
            _name_problem(
                commander.name, field=f"{where}.name", label=_label("commander-name", number), optional=True
            ),
            _name_problem(
                commander.name_ja,
                field=f"{where}.name_ja",
                label=_label("commander-name-ja", number),
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
                        label=_label("commander-id", number),
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
                        label=_label("commander-owner", number),
                        value=shown(commander.owner),
                    )
                )
            owned[commander.owner] = owned.get(commander.owner, 0) + 1
    if len(commanders) > limit:
        invalid.append(
            msg(
                "input.too-many",
                field="commanders",
                label=_label("commanders"),
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
            msg("input.too-many", field="events", label=_label("events"), count=len(events), high=MAX_EVENTS)
        )

    def player_problem(value: object, field: str, label: Message) -> None:
        if not (isinstance(value, str) and value in players):
            invalid.append(msg("input.not-a-player", field=field, label=label, name=shown(value)))

    for i, event in enumerate(events[:MAX_EVENTS]):
        where, number = f"events[{i}]", i + 1
        if isinstance(event, LifeGain):
            player_problem(event.target, f"{where}.target", _label("event-target", number))
            problem = whole_number(
                event.amount,
                field=f"{where}.amount",
                label=_label("event-amount", number),
                low=0,
                high=MAX_AMOUNT,
            )
            invalid.extend([problem] if problem else [])
            continue
        if not isinstance(event, DamageEvent):
            invalid.append(msg("input.object", field=where, label=_label("event", number)))
            continue
        if not (isinstance(event.source, str) and event.source in ids):
            invalid.append(
                msg(
                    "damage.unknown-commander",
                    field=f"{where}.source",
                    label=_label("event-source", number),
                    value=shown(event.source),
                )
            )
        player_problem(event.target, f"{where}.target", _label("event-target", number))
        if event.controller is not None:
            player_problem(event.controller, f"{where}.controller", _label("event-controller", number))
        if not isinstance(event.combat, bool):
            invalid.append(
                msg("input.true-false", field=f"{where}.combat", label=_label("event-combat", number))
            )
        amount = whole_number(
            event.amount,
            field=f"{where}.amount",
            label=_label("event-amount", number),
            low=0,
            high=MAX_AMOUNT,
        )
        prevented = whole_number(
            event.prevented,
            field=f"{where}.prevented",
            label=_label("event-prevented", number),
            low=0,
            high=MAX_AMOUNT,
        )
        invalid.extend(p for p in (amount, prevented) if p is not None)
        if amount is None and prevented is None and event.prevented > event.amount:
            invalid.append(
                msg(
                    "damage.prevented-over-amount",
                    field=f"{where}.prevented",
                    label=_label("event-prevented", number),
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


_COMMANDER_FIELDS = ("id", "owner", "name", "name_ja")
_DAMAGE_FIELDS = ("kind", "source", "target", "amount", "combat", "prevented", "controller")
_LIFE_GAIN_FIELDS = ("kind", "target", "amount")


def _list(
    payload: Mapping[str, Any], name: str, problems: list[Message], *, required: bool = True
) -> list[Any]:
    value = payload.get(name)
    if value is None and not required:
        return []
    if not isinstance(value, list):
        problems.append(msg("input.list", field=name, label=_label(name)))
        return []
    return value


def _raw(item: Mapping[str, Any], key: str, default: Any = None) -> Any:
    """A raw JSON value, checked by check_game (which reports every bad one)."""
    return item.get(key, default)


def _variant(raw_variant: object, problems: list[Message]) -> Variant | None:
    """The variant named, if the damage calculator takes it."""
    variant: Variant | None = None
    if isinstance(raw_variant, str) and raw_variant in {v.value for v in Variant.DAMAGE_CALCULATOR}:
        variant = Variant(raw_variant)
    elif raw_variant is None:
        problems.append(
            msg(
                "input.choose",
                field="variant",
                label=msg("variant.label"),
                choices=variant_names(Variant.DAMAGE_CALCULATOR),
            )
        )
    else:
        problems.append(
            msg(
                "input.one-of",
                field="variant",
                label=msg("variant.label"),
                value=shown(raw_variant),
                choices=variant_names(Variant.DAMAGE_CALCULATOR),
            )
        )
    return variant


def _read_commanders(raw_commanders: list[Any], problems: list[Message]) -> list[Commander]:
    """The commanders listed (each an object with an id and an owner)."""
    commanders: list[Commander] = []
    for i, item in enumerate(raw_commanders[: MAX_PLAYERS * MAX_COMMANDERS_PER_PLAYER + 1]):
        if not isinstance(item, Mapping):
            problems.append(msg("input.object", field=f"commanders[{i}]", label=_label("commander", i + 1)))
            continue
        problems.extend(
            unknown_fields(
                item, _COMMANDER_FIELDS, field=f"commanders[{i}]", label=_label("commander", i + 1)
            )
        )
        commanders.append(
            Commander(
                id=_raw(item, "id"),
                owner=_raw(item, "owner"),
                name=_raw(item, "name", ""),
                name_ja=_raw(item, "name_ja", ""),
            )
        )
    return commanders


def read_damage_payload(payload: object) -> DamageInput:
    """Read a commander damage request; every problem is reported at once.

    >>> try:
    ...     read_damage_payload({"variant": "commander", "players": ["A"], "commanders": [],
    ...         "events": [{"source": "x", "target": "B", "amount": -1, "combat": True}]})
    ... except InvalidInputError as err:
    ...     print(*err.render("en"), sep="\\n")
    Event 1: commander: “x” is not one of the commanders.
    Event 1: player dealt damage: “B” is not a player in this game.
    Event 1: amount: a whole number from 0 to 1000000.
    """
    if not isinstance(payload, Mapping):
        raise InvalidInputError([msg("input.not-object")])
    problems: list[Message] = unknown_fields(payload, ("variant", "players", "commanders", "events", "teams"))
    variant = _variant(payload.get("variant"), problems)
    players = _list(payload, "players", problems)
    raw_commanders = _list(payload, "commanders", problems)
    raw_events = _list(payload, "events", problems)
    teams = _list(payload, "teams", problems, required=False) if "teams" in payload else None

    commanders = _read_commanders(raw_commanders, problems)

    events: list[DamageEvent | LifeGain] = []
    if len(raw_events) > MAX_EVENTS:
        problems.append(
            msg(
                "input.too-many",
                field="events",
                label=_label("events"),
                count=len(raw_events),
                high=MAX_EVENTS,
            )
        )
    for i, item in enumerate(raw_events[:MAX_EVENTS]):
        where, number = f"events[{i}]", i + 1
        if not isinstance(item, Mapping):
            problems.append(msg("input.object", field=where, label=_label("event", number)))
            continue
        kind = item.get("kind", "damage")
        if kind == "life-gain":
            problems.extend(
                unknown_fields(item, _LIFE_GAIN_FIELDS, field=where, label=_label("event", number))
            )
            events.append(LifeGain(target=_raw(item, "target"), amount=_raw(item, "amount")))
            continue
        if kind != "damage":
            problems.append(
                msg(
                    "input.one-of",
                    field=f"{where}.kind",
                    label=_label("event-kind", number),
                    value=shown(kind),
                    choices="damage, life-gain",
                )
            )
            continue
        problems.extend(unknown_fields(item, _DAMAGE_FIELDS, field=where, label=_label("event", number)))
        for required in ("source", "target", "amount", "combat"):
            if required not in item:
                problems.append(
                    msg(
                        "input.required",
                        field=f"{where}.{required}",
                        label=_label(f"event-{required}", number),
                    )
                )
        events.append(
            DamageEvent(
                source=_raw(item, "source"),
                target=_raw(item, "target"),
                amount=_raw(item, "amount", 0),
                combat=_raw(item, "combat", False),
                prevented=_raw(item, "prevented", 0),
                controller=_raw(item, "controller"),
            )
        )

    # The record-level checks find the remaining problems (ids, amounts, owners, teams).
    try:
        check_game(
            variant=variant or Variant.COMMANDER,
            players=players,
            commanders=commanders,
            events=events,
            teams=teams,
        )
    except InvalidInputError as err:
        problems.extend(p for p in err.messages if isinstance(p, Message) and p not in problems)
    except IllegalStateError:
        if problems:
            raise InvalidInputError(problems) from None
        raise
    if problems or variant is None:
        raise InvalidInputError(problems)
    return DamageInput(
        variant=variant,
        players=tuple(players),
        commanders=tuple(commanders),
        events=tuple(events),
        teams=tuple(tuple(team) for team in teams or ()),
    )
