"""Reading a whole table back from its snapshot (:meth:`TableState.to_payload`), every value checked.

A game's snapshot is stored as JSON; reading it back goes through the same
readers as a new game's request (:mod:`judge.engine.tracker.fields`), a fixed
number of levels deep, and either gives the table or raises
:class:`~judge.engine.errors.InvalidInputError` (a value unreadable) or
:class:`~judge.engine.errors.IllegalStateError` (a table no game can reach)
listing every problem. The setup, event and undo readers are
:mod:`judge.engine.tracker.payload`.

>>> from judge.engine.tracker import new_table
>>> t = new_table(variant="commander", players=["Aki", "Ben"],
...     commanders={"Aki": ["Oona"], "Ben": ["Edgar"]})
>>> state_from_json(t.to_payload()) == t
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.engine.errors import IllegalStateError, InvalidInputError
from judge.engine.losses import TRACKER_LOSSES, LossReason
from judge.engine.messages import Message, msg
from judge.engine.payload import read_list, shown
from judge.engine.tracker.events import (
    reason_name,
)
from judge.engine.tracker.fields import (
    MAX_CASTS,
    MAX_COUNT,
    MAX_EVENTS,
    MAX_PLAYERS,
    MAX_TOTAL,
    joined,
    read_choice,
    read_int,
)
from judge.engine.tracker.payload import as_object
from judge.engine.tracker.rules import state_based_actions
from judge.engine.tracker.setup import DTC_MAX_SHIELDS, TableSetup, table_setup
from judge.engine.tracker.state import CommanderState, Loss, PlayerState, Side, TableState
from judge.engine.variants import Variant


def _list(value: Any, *, field: str, label: Message, problems: list[Message], most: int) -> list[Any]:
    """A JSON list of at most ``most`` items (more, or not a list: a problem and nothing)."""
    return read_list(value, field=field, label=label, problems=problems, high=most)


def _entries(
    value: Any, *, field: str, label: Message, problems: list[Message], most: int
) -> list[Mapping[str, Any]]:
    """A JSON list of objects: the objects (anything else in it is a problem)."""
    entries: list[Mapping[str, Any]] = []
    for index, item in enumerate(_list(value, field=field, label=label, problems=problems, most=most)):
        if isinstance(item, Mapping):
            entries.append(item)
        else:
            problems.append(msg("input.each-object", field=f"{field}[{index}]", label=label))
    return entries


def _names(entries: list[Mapping[str, Any]]) -> list[Any]:
    return [entry.get("name") for entry in entries]


def _snapshot_setup(
    data: Mapping[str, Any], problems: list[Message]
) -> tuple[TableSetup, list[Any], list[Any]]:
    """The setup a table was made from: variant, players and commanders, teams (its sides)."""
    players = _entries(
        data.get("players"),
        field="players",
        label=msg("tracker.label.players"),
        problems=problems,
        most=MAX_PLAYERS,
    )
    sides = _entries(
        data.get("sides"),
        field="sides",
        label=msg("tracker.label.sides"),
        problems=problems,
        most=MAX_PLAYERS,
    )
    commanders: dict[str, Any] = {}
    for index, player in enumerate(players):
        label = msg("tracker.label.commanders-of", player=msg("tracker.label.player-entry", n=index + 1))
        entries = _entries(
            player.get("commanders"),
            field=f"players[{index}].commanders",
            label=label,
            problems=problems,
            most=2,
        )
        if isinstance(player.get("name"), str):
            commanders[player["name"]] = _names(entries)
    if problems:
        raise InvalidInputError(problems)
    variant = data.get("variant")
    teams: Any = [side.get("members") for side in sides]
    team_game = any(v.value == variant and v.has_teams for v in Variant.TRACKER)
    setup = table_setup(
        variant=variant if isinstance(variant, str) else "",
        players=_names(players),
        commanders=commanders,
        teams=teams if team_game else None,
        planechase=data.get("planechase", False),
    )
    if [list(t) for t in setup.teams] != teams:
        raise InvalidInputError(
            [msg("tracker.snapshot-sides", field="sides", label=msg("tracker.label.sides"))]
        )
    return setup, players, sides


def state_from_json(data: Any) -> TableState:
    """A table from its JSON (:meth:`TableState.to_payload`): a snapshot read back, every value checked.

    Values derived from others (tax, winners, ...) are not read. A table the
    rules cannot reach (a player at 0 life still in the game) is refused
    with :class:`IllegalStateError`.

    >>> from judge.engine.tracker import new_table
    >>> t = new_table(variant="commander", players=["Aki", "Ben"],
    ...     commanders={"Aki": ["Oona"], "Ben": ["Edgar"]})
    >>> state_from_json(t.to_payload()) == t
    True
    >>> state_from_json({**t.to_payload(), "turn": 1e400})
    Traceback (most recent call last):
    ...
    judge.engine.errors.InvalidInputError: Turn: a whole number from 1 to 5001.
    """
    data = as_object(data)
    problems: list[Message] = []
    setup, players_raw, sides_raw = _snapshot_setup(data, problems)
    # The counters of the whole table: (name, lowest, highest, when unreadable).
    counters = (
        ("turn", 1, MAX_EVENTS + 1, 1),
        ("active", 0, len(setup.teams) - 1, 0),
        ("events", 0, MAX_EVENTS, 0),
    )
    turn, active, events = (
        read_int(
            data.get(name),
            field=name,
            label=msg(f"tracker.label.{name}"),
            low=low,
            high=high,
            problems=problems,
        )
        or default
        for name, low, high, default in counters
    )
    sides = tuple(_side(setup, index, raw, turn, problems) for index, raw in enumerate(sides_raw))
    players = tuple(_player(setup, index, raw, problems) for index, raw in enumerate(players_raw))
    if problems:
        raise InvalidInputError(problems)
    state = TableState(setup=setup, players=players, sides=sides, turn=turn, active=active, events=events)
    if turn > events + 1 or state_based_actions(state, []) != state:
        raise IllegalStateError([msg("tracker.snapshot-unreachable", rule="704.3")])
    return state


def _counter(
    setup_uses: bool, value: Any, *, field: str, label: Message, low: int, high: int, problems: list[Message]
) -> int:
    """A counter the game uses (null otherwise: shields outside DTC, life in DTC)."""
    if not setup_uses:
        if value is not None:
            problems.append(msg("tracker.not-used", field=field, label=label))
        return 0
    return read_int(value, field=field, label=label, low=low, high=high, problems=problems) or 0


def _side(setup: TableSetup, index: int, raw: Mapping[str, Any], turn: int, problems: list[Message]) -> Side:
    members = setup.teams[index]
    names = joined(members)
    where = f"sides[{index}]"
    life = _counter(
        setup.has_life,
        raw.get("life"),
        field=f"{where}.life",
        low=-MAX_TOTAL,
        high=MAX_TOTAL,
        label=msg("tracker.label.life-of", players=names),
        problems=problems,
    )
    poison = _counter(
        setup.has_life,
        raw.get("poison"),
        field=f"{where}.poison",
        low=0,
        high=MAX_TOTAL,
        label=msg("tracker.label.poison-of", players=names),
        problems=problems,
    )
    lost = raw.get("lost")
    loss = None
    if lost is not None:
        label = msg("tracker.label.loss-of", players=names)
        if not isinstance(lost, Mapping):
            problems.append(msg("input.object", field=f"{where}.lost", label=label))
            return Side(members=members, life=life, poison=poison)
        reason = read_choice(
            LossReason,
            lost.get("reason"),
            field=f"{where}.lost.reason",
            label=label,
            problems=problems,
            allowed=TRACKER_LOSSES,
            name=reason_name,
        )
        when = read_int(
            lost.get("turn"), field=f"{where}.lost.turn", label=label, low=1, high=turn, problems=problems
        )
        player = lost.get("player")
        if player not in members:
            problems.append(
                msg("input.not-a-player", field=f"{where}.lost.player", label=label, name=shown(player))
            )
        elif reason is not None and when is not None:
            loss = Loss(reason=reason, turn=when, player=player)
    return Side(members=members, life=life, poison=poison, loss=loss)


def _player(setup: TableSetup, index: int, raw: Mapping[str, Any], problems: list[Message]) -> PlayerState:
    name = setup.players[index]
    where = f"players[{index}]"
    shields = _counter(
        setup.variant is Variant.DTC,
        raw.get("shields"),
        field=f"{where}.shields",
        low=0,
        high=DTC_MAX_SHIELDS,
        label=msg("tracker.label.shields-of", player=name),
        problems=problems,
    )
    rolls = _counter(
        setup.planechase,
        raw.get("planar_cost"),
        field=f"{where}.planar_cost",
        low=0,
        high=MAX_COUNT,
        label=msg("tracker.label.planar-cost-of", player=name),
        problems=problems,
    )
    commanders = []
    # The setup names the commanders; a stored entry past them is not read, and a missing one is not invented
    # (strict=False: the stored list decides how many are kept, as before).
    stored = raw.get("commanders") or []
    for number, (card, entry) in enumerate(zip(setup.commanders[index], stored, strict=False)):
        here = f"{where}.commanders[{number}]"
        title = msg("tracker.card", name=card)
        # How often it was cast (the tax), and entered without a cast.
        casts, without = (
            read_int(
                entry.get(key),
                field=f"{here}.{key}",
                low=0,
                high=high,
                label=msg(code, commander=title),
                problems=problems,
            )
            or 0
            for key, high, code in (
                ("casts", MAX_CASTS, "tracker.label.casts-of"),
                ("without_cast", MAX_COUNT, "tracker.label.without-cast-of"),
            )
        )
        commanders.append(
            CommanderState(owner=name, index=number, name=card, casts=casts, without_cast=without)
        )
    label = msg("tracker.label.damage-to", player=name)
    damage: dict[tuple[str, int], int] = {}
    entries = _entries(
        raw.get("commander_damage"),
        field=f"{where}.commander_damage",
        label=label,
        problems=problems,
        most=2 * MAX_PLAYERS,
    )
    for number, entry in enumerate(entries):
        here = f"{where}.commander_damage[{number}]"
        owner = entry.get("owner")
        if owner not in setup.players:
            problems.append(msg("input.not-a-player", field=f"{here}.owner", label=label, name=shown(owner)))
            continue
        cards = len(setup.commanders[setup.players.index(owner)])
        which = read_int(
            entry.get("commander"),
            field=f"{here}.commander",
            label=label,
            low=0,
            high=cards - 1,
            problems=problems,
        )
        amount = read_int(
            entry.get("amount"), field=f"{here}.amount", label=label, low=1, high=MAX_TOTAL, problems=problems
        )
        if which is None or amount is None:
            continue
        if (owner, which) in damage:
            problems.append(msg("tracker.given-twice", field=here, label=label))
        damage[(owner, which)] = amount
    order = setup.players
    ordered = tuple(sorted(damage.items(), key=lambda item: (order.index(item[0][0]), item[0][1])))
    return PlayerState(
        name=name, commanders=tuple(commanders), commander_damage=ordered, shields=shields, planar_rolls=rolls
    )


__all__ = ["state_from_json"]
