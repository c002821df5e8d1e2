"""The commander damage calculator's JSON payload reader.

Payload: ``{"variant": "commander"|"brawl", "players": [name, ...],
"commanders": [{"id", "owner", "name", "name_ja"}], "events": [...], "teams": [[name, ...], ...]}``.
Events are ``{"source", "target", "amount", "combat", "prevented"}`` (and an
optional ``"controller"``); ``{"kind": "life-gain", "target", "amount"}``
records life gain. ``teams`` (optional) puts every player on one team, for
Two-Headed Giant Commander: a player who loses makes their team lose (810.8a).

It reads into the records of :mod:`judge.engine.damage_records`, whose checks find the remaining
problems. Every problem names its field by a label ("Event 1: amount" / "1番目の出来事の量").

>>> read_damage_payload({"variant": "commander", "players": ["A", "B"], "commanders": [],
...                      "events": [], "teams": [["A"], ["B"]]}).teams
(('A',), ('B',))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.engine.damage_records import (
    MAX_COMMANDERS_PER_PLAYER,
    MAX_EVENTS,
    MAX_PLAYERS,
    Commander,
    DamageEvent,
    DamageInput,
    LifeGain,
    check_game,
    field_label,
)
from judge.engine.errors import IllegalStateError, InvalidInputError
from judge.engine.messages import Message, msg
from judge.engine.payload import shown, unknown_fields
from judge.engine.variants import Variant, read_variant

_COMMANDER_FIELDS = ("id", "owner", "name", "name_ja")
_DAMAGE_FIELDS = ("kind", "source", "target", "amount", "combat", "prevented", "controller", "copy")
_LIFE_GAIN_FIELDS = ("kind", "target", "amount")


def _list(
    payload: Mapping[str, Any], name: str, problems: list[Message], *, required: bool = True
) -> list[Any]:
    value = payload.get(name)
    if value is None and not required:
        return []
    if not isinstance(value, list):
        problems.append(msg("input.list", field=name, label=field_label(name)))
        return []
    return value


def _raw(item: Mapping[str, Any], key: str, default: Any = None) -> Any:
    """A raw JSON value, checked by check_game (which reports every bad one)."""
    return item.get(key, default)


def _variant(value: object, problems: list[Message]) -> Variant | None:
    """The variant named, if this calculator takes it."""
    return read_variant(value, problems, allowed=Variant.DAMAGE_CALCULATOR)


def _read_commanders(raw_commanders: list[Any], problems: list[Message]) -> list[Commander]:
    """The commanders listed (each an object with an id and an owner)."""
    commanders: list[Commander] = []
    for i, item in enumerate(raw_commanders[: MAX_PLAYERS * MAX_COMMANDERS_PER_PLAYER + 1]):
        if not isinstance(item, Mapping):
            problems.append(
                msg("input.object", field=f"commanders[{i}]", label=field_label("commander", i + 1))
            )
            continue
        problems.extend(
            unknown_fields(
                item, _COMMANDER_FIELDS, field=f"commanders[{i}]", label=field_label("commander", i + 1)
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
                label=field_label("events"),
                count=len(raw_events),
                high=MAX_EVENTS,
            )
        )
    for i, item in enumerate(raw_events[:MAX_EVENTS]):
        where, number = f"events[{i}]", i + 1
        if not isinstance(item, Mapping):
            problems.append(msg("input.object", field=where, label=field_label("event", number)))
            continue
        kind = item.get("kind", "damage")
        if kind == "life-gain":
            problems.extend(
                unknown_fields(item, _LIFE_GAIN_FIELDS, field=where, label=field_label("event", number))
            )
            events.append(LifeGain(target=_raw(item, "target"), amount=_raw(item, "amount")))
            continue
        if kind != "damage":
            problems.append(
                msg(
                    "input.one-of",
                    field=f"{where}.kind",
                    label=field_label("event-kind", number),
                    value=shown(kind),
                    choices="damage, life-gain",
                )
            )
            continue
        problems.extend(unknown_fields(item, _DAMAGE_FIELDS, field=where, label=field_label("event", number)))
        for required in ("source", "target", "amount", "combat"):
            if required not in item:
                problems.append(
                    msg(
                        "input.required",
                        field=f"{where}.{required}",
                        label=field_label(f"event-{required}", number),
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
                copy=_raw(item, "copy", False),
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
