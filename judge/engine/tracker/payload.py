"""Reading the tracker's JSON: a setup, an event, an undo, a whole table (a snapshot); every problem at once.

Each reader takes what ``json.loads`` (or a form) gives — any mix of objects,
lists, text, numbers, ``true``/``null`` — and either builds the value or
raises :class:`~judge.engine.errors.InvalidInputError` (or, for a table no
game can reach, :class:`~judge.engine.errors.IllegalStateError`) listing every
problem; nothing else. The readers go a fixed number of levels deep, so deep
nesting costs nothing; names and numbers go through
:mod:`judge.engine.tracker.fields`. What a reader accepts comes back out of
its ``to_payload`` unchanged. A whole table (a snapshot) is read by
:mod:`judge.engine.tracker.snapshot`.

>>> event_from_json({"kind": "life", "player": "A", "amount": "-5"}).amount
-5
>>> event_from_json({"kind": "life", "amount": 5000, "expected_revision": float("inf")})
Traceback (most recent call last):
...
judge.engine.errors.InvalidInputError: Player: must be text.; Amount: a whole number from -1000 to 1000.;
Table revision: a whole number from 0 to 2147483647.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.engine.errors import InvalidInputError
from judge.engine.losses import LossReason
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
    MAX_REVISION,
    read_choice,
    read_flag,
    read_int,
    read_name,
)
from judge.engine.tracker.setup import TableSetup, table_setup


def as_object(data: Any) -> Mapping[str, Any]:
    """The JSON object a request (or a snapshot) must be."""
    if not isinstance(data, Mapping):
        raise InvalidInputError([msg("input.not-object")])
    return data


def _given(value: Any) -> bool:
    return value is not None and value != ""


def setup_from_json(data: Any) -> TableSetup:
    """A game's setup from its JSON (:meth:`TableSetup.to_payload`, or a new game's request)."""
    data = as_object(data)
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
    :meth:`Event.to_payload`); other keys are ignored.
    """
    data = as_object(data)
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
    if kind is EventKind.NAME_COMMANDER:
        values["name"] = (
            read_name(
                data.get("name"), field="name", label=msg("tracker.label.new-commander"), problems=problems
            )
            or ""
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
    by, revision = _seat_and_revision(as_object(data if data is not None else {}), problems)
    if problems:
        raise InvalidInputError(problems)
    return Undo(by=by, expected_revision=revision)


__all__ = ["as_object", "event_from_json", "setup_from_json", "undo_from_json"]
