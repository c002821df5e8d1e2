"""Reading the tracker's JSON: a setup, an event, an undo, a whole table (a snapshot); every problem at once.

Each reader takes what ``json.loads`` (or a form) gives — any mix of objects,
lists, text, numbers, ``true``/``null`` — and either builds the value or
raises :class:`~judge.engine.errors.InvalidInputError` (or, for a table no
game can reach, :class:`~judge.engine.errors.IllegalStateError`) listing every
problem; nothing else. The readers go a fixed number of levels deep, so deep
nesting costs nothing; names and numbers go through
:mod:`judge.engine.tracker.fields`. What a reader accepts comes back out of
its ``to_json`` unchanged.

>>> event_from_json({"kind": "life", "player": "A", "amount": "-5"}).amount
-5
>>> event_from_json({"kind": "life", "amount": 5000, "expected_revision": float("inf")})
Traceback (most recent call last):
...
judge.engine.errors.InvalidInputError: Player: must be text.; Amount: a whole number from -1000 to 1000.;
Table revision: a whole number from 0 to 2147483647.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine.errors import IllegalStateError, InvalidInputError
from judge.engine.losses import TRACKER_LOSSES, LossReason
from judge.engine.messages import Message, msg
from judge.engine.tracker.events import (
    AMOUNT_KINDS,
    COMMANDER_KINDS,
    DECLARED_LOSSES,
    DieFace,
    EntryHow,
    Event,
    EventKind,
    Undo,
    face_name,
    how_name,
    kind_name,
    reason_name,
)
from judge.engine.tracker.fields import (
    MAX_AMOUNT,
    MAX_CASTS,
    MAX_COUNT,
    MAX_EVENTS,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_REVISION,
    MAX_TOTAL,
    joined,
    read_choice,
    read_flag,
    read_int,
    read_name,
)
from judge.engine.tracker.rules import state_based_actions
from judge.engine.tracker.setup import DTC_MAX_SHIELDS, TableSetup, table_setup
from judge.engine.tracker.state import CommanderState, Loss, PlayerState, Side, TableState
from judge.engine.variants import Variant


def _object(data: Any) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise InvalidInputError([msg("input.not-object")])
    return data


def _given(value: Any) -> bool:
    return value is not None and value != ""


def setup_from_json(data: Any) -> TableSetup:
    """A game's setup from its JSON (:meth:`TableSetup.to_json`, or a new game's request)."""
    data = _object(data)
    return table_setup(
        variant=data.get("variant", ""),
        players=data.get("players", []),
        commanders=data.get("commanders"),
        teams=data.get("teams") or None,
        planechase=data.get("planechase", False),
    )


def _seat_and_revision(data: Mapping[str, Any], problems: list[Message]) -> tuple[str, int | None]:
    by = ""
    if _given(data.get("by")):
        by = read_name(data["by"], field="by", label=msg("tracker.label.by"), problems=problems) or ""
    revision = None
    if _given(data.get("expected_revision")):
        revision = read_int(
            data["expected_revision"],
            field="expected_revision",
            low=0,
            high=MAX_REVISION,
            label=msg("tracker.label.expected-revision"),
            problems=problems,
        )
    return by, revision


def event_from_json(data: Any) -> Event:
    """Check an event's fields (not yet against the table: that is apply_event's job) and build it.

    ``data`` has the event's ``kind`` and the fields that kind uses (see
    :meth:`Event.to_json`); other keys are ignored.
    """
    data = _object(data)
    problems: list[Message] = []
    kind = read_choice(
        EventKind,
        data.get("kind"),
        field="kind",
        label=msg("tracker.label.kind"),
        problems=problems,
        name=kind_name,
    )
    if kind is None:
        raise InvalidInputError(problems)
    values: dict[str, Any] = {}
    if kind is not EventKind.NEXT_TURN:
        values["player"] = (
            read_name(
                data.get("player"), field="player", label=msg("tracker.label.player"), problems=problems
            )
            or ""
        )
    amount_label = msg("tracker.label.amount")
    if kind in AMOUNT_KINDS:
        amount = read_int(
            data.get("amount"),
            field="amount",
            label=amount_label,
            low=-MAX_AMOUNT,
            high=MAX_AMOUNT,
            problems=problems,
        )
        if amount == 0:
            problems.append(msg("tracker.amount-zero", field="amount", label=amount_label))
        values["amount"] = amount or 0
    if kind is EventKind.SET_COMMANDER_CASTS:
        values["amount"] = (
            read_int(
                data.get("amount"),
                field="amount",
                label=amount_label,
                low=0,
                high=MAX_CASTS,
                problems=problems,
            )
            or 0
        )
    if kind is EventKind.COMMANDER_DAMAGE:
        values["owner"] = (
            read_name(data.get("owner"), field="owner", label=msg("tracker.label.owner"), problems=problems)
            or ""
        )
    if kind is EventKind.COMMANDER_DAMAGE or kind in COMMANDER_KINDS:
        values["commander"] = (
            read_int(
                data.get("commander", 0),
                field="commander",
                low=0,
                high=1,
                label=msg("tracker.label.commander"),
                problems=problems,
            )
            or 0
        )
    if kind is EventKind.COMMANDER_WITHOUT_CAST:
        values["how"] = read_choice(
            EntryHow,
            data.get("how", EntryHow.BATTLEFIELD.value),
            field="how",
            label=msg("tracker.label.how"),
            problems=problems,
            name=how_name,
        )
    if kind is EventKind.LOSE:
        values["reason"] = read_choice(
            LossReason,
            data.get("reason"),
            field="reason",
            allowed=DECLARED_LOSSES,
            label=msg("tracker.label.reason"),
            problems=problems,
            name=reason_name,
        )
    if kind is EventKind.PLANAR_ROLL:
        face = data.get("face")
        values["face"] = (
            read_choice(
                DieFace,
                face,
                field="face",
                label=msg("tracker.label.face"),
                problems=problems,
                name=face_name,
            )
            if _given(face)
            else None
        )
        values["free"] = read_flag(
            data.get("free"), field="free", label=msg("tracker.label.free"), problems=problems
        )
    by, revision = _seat_and_revision(data, problems)
    undone = read_flag(
        data.get("undone"), field="undone", label=msg("tracker.label.undone"), problems=problems
    )
    if problems:
        raise InvalidInputError(problems)
    return Event(kind=kind, by=by, expected_revision=revision, undone=undone, **values)


def undo_from_json(data: Any) -> Undo:
    """A press of "undo": who pressed it (``by``) and on which revision (``expected_revision``), both
    optional.

    >>> undo_from_json({"by": "Aki", "expected_revision": "7"})
    Undo(by='Aki', expected_revision=7)
    """
    problems: list[Message] = []
    by, revision = _seat_and_revision(_object(data if data is not None else {}), problems)
    if problems:
        raise InvalidInputError(problems)
    return Undo(by=by, expected_revision=revision)


# --------------------------------------------------------------------------- a whole table


def _list(value: Any, *, field: str, label: Message, problems: list[Message], most: int) -> list[Any]:
    """A JSON list of at most ``most`` items (more, or not a list: a problem and nothing)."""
    if isinstance(value, str) or not isinstance(value, Sequence):
        problems.append(msg("tracker.list-needed", field=field, label=label))
        return []
    if len(value) > most:
        problems.append(msg("tracker.too-many-items", field=field, label=label, max=most))
        return []
    return list(value)


def _entries(
    value: Any, *, field: str, label: Message, problems: list[Message], most: int
) -> list[Mapping[str, Any]]:
    """A JSON list of objects: the objects (anything else in it is a problem)."""
    entries: list[Mapping[str, Any]] = []
    for index, item in enumerate(_list(value, field=field, label=label, problems=problems, most=most)):
        if isinstance(item, Mapping):
            entries.append(item)
        else:
            problems.append(msg("tracker.object-needed", field=f"{field}[{index}]", label=label))
    return entries


def _names(entries: list[Mapping[str, Any]]) -> list[Any]:
    return [entry.get("name") for entry in entries]


def _echo(value: Any) -> str:
    """A value quoted back in a problem: printable text only (never a lone surrogate, never a huge number)."""
    return value[:MAX_NAME] if isinstance(value, str) and value.isprintable() else "?"


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
    """A table from its JSON (:meth:`TableState.to_json`): a snapshot read back, every value checked.

    Values derived from others (tax, winners, ...) are not read. A table the
    rules cannot reach (a player at 0 life still in the game) is refused
    with :class:`IllegalStateError`.

    >>> from judge.engine.tracker import new_table
    >>> t = new_table(variant="commander", players=["Aki", "Ben"],
    ...     commanders={"Aki": ["Oona"], "Ben": ["Edgar"]})
    >>> state_from_json(t.to_json()) == t
    True
    >>> state_from_json({**t.to_json(), "turn": 1e400})
    Traceback (most recent call last):
    ...
    judge.engine.errors.InvalidInputError: Turn: a whole number from 1 to 5001.
    """
    data = _object(data)
    problems: list[Message] = []
    setup, players_raw, sides_raw = _snapshot_setup(data, problems)
    turn = (
        read_int(
            data.get("turn"),
            field="turn",
            label=msg("tracker.label.turn"),
            low=1,
            high=MAX_EVENTS + 1,
            problems=problems,
        )
        or 1
    )
    active = (
        read_int(
            data.get("active"),
            field="active",
            label=msg("tracker.label.active"),
            low=0,
            high=len(setup.teams) - 1,
            problems=problems,
        )
        or 0
    )
    events = (
        read_int(
            data.get("events"),
            field="events",
            label=msg("tracker.label.events"),
            low=0,
            high=MAX_EVENTS,
            problems=problems,
        )
        or 0
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
            problems.append(msg("tracker.object-needed", field=f"{where}.lost", label=label))
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
                msg("tracker.not-a-player", field=f"{where}.lost.player", label=label, name=_echo(player))
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
        casts = (
            read_int(
                entry.get("casts"),
                field=f"{here}.casts",
                low=0,
                high=MAX_CASTS,
                problems=problems,
                label=msg("tracker.label.casts-of", commander=title),
            )
            or 0
        )
        without = (
            read_int(
                entry.get("without_cast"),
                field=f"{here}.without_cast",
                low=0,
                high=MAX_COUNT,
                label=msg("tracker.label.without-cast-of", commander=title),
                problems=problems,
            )
            or 0
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
            problems.append(
                msg("tracker.not-a-player", field=f"{here}.owner", label=label, name=_echo(owner))
            )
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


__all__ = ["event_from_json", "setup_from_json", "state_from_json", "undo_from_json"]
