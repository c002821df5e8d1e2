"""Writes for the shared table tracker.

Every write locks the game row (``select_for_update``; on SQLite the
``IMMEDIATE`` transactions of the settings serialise writers the same way),
replays the table, checks the new event against it and appends it with the
next ``seq``. So two phones tapping at the same moment are applied one after
the other: neither update is lost, and an event that the table can no longer
take (a roll after the turn passed) is refused instead of stored.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from django.db import OperationalError, connection, transaction
from django.utils import timezone

from judge.engine import tracker
from judge.engine.errors import IllegalStateError, InvalidInputError
from judge.engine.steps import Step
from judge.tracker.models import Game, GameEvent

LOCK_RETRIES = 40  # SQLite only: a writer that still finds the database locked tries again

T = TypeVar("T")


def _retry_if_locked(write: Callable[[], T]) -> T:
    """Run a whole transaction again when SQLite reports a lock it did not wait out.

    PostgreSQL waits on the row lock; SQLite waits up to its ``timeout`` but
    answers "locked" at once for shared-cache (in-memory) databases, so the
    transaction is simply retried from the start after a short pause.
    """
    for attempt in range(LOCK_RETRIES):
        try:
            return write()
        except OperationalError as err:
            if connection.vendor != "sqlite" or "locked" not in str(err) or attempt == LOCK_RETRIES - 1:
                raise
            if connection.in_atomic_block:  # inside an outer transaction nothing can be retried
                raise
            time.sleep(0.005 * (attempt + 1))
    raise AssertionError("unreachable")


class StaleRevision(Exception):
    """The client's ``expected_revision`` is not the game's revision: someone changed the table first."""

    def __init__(self, *, expected: int, current: int) -> None:
        self.expected = expected
        self.current = current
        super().__init__(f"the table changed: expected revision {expected}, now {current}")


def stored_event(row: GameEvent) -> tracker.Event:
    return replace(tracker.event_from_json({**row.payload, "kind": row.kind}), undone=row.undone)


def start_game(
    *,
    variant: str,
    players: Sequence[str],
    commanders: Mapping[str, Sequence[str]] | None = None,
    teams: Sequence[Sequence[str]] | None = None,
    planechase: bool = False,
) -> Game:
    """Check the setup (raises InvalidInputError with every problem) and save a new game."""
    setup = tracker.table_setup(
        variant=variant, players=players, commanders=commanders, teams=teams, planechase=planechase
    )
    return Game.objects.create(variant=setup.variant.value, setup=setup.to_json())


def _check_revision(game: Game, expected_revision: int | None) -> None:
    if expected_revision is not None and expected_revision != game.revision:
        raise StaleRevision(expected=expected_revision, current=game.revision)


def record_event(
    *, game: Game, kind: str, payload: Mapping[str, Any], expected_revision: int | None = None
) -> tuple[Game, tracker.TableState, tuple[Step, ...]]:
    """Append one event; return the locked game (new revision), the new table and the event's steps.

    Raises InvalidInputError / IllegalStateError (nothing stored) and
    StaleRevision when ``expected_revision`` is given and out of date.
    """
    payload = dict(payload) if isinstance(payload, Mapping) else payload
    if kind == tracker.EventKind.PLANAR_ROLL.value and isinstance(payload, dict) and not payload.get("face"):
        payload["face"] = secrets.choice(tracker.PLANAR_DIE).value  # the server rolls: every phone sees one result
    event = tracker.event_from_json({**payload, "kind": kind} if isinstance(payload, dict) else payload)
    if event.undone:
        raise InvalidInputError(["undone: a new event can't be undone already"])
    return _retry_if_locked(lambda: _append(game, event, expected_revision))


def _append(
    game: Game, event: tracker.Event, expected_revision: int | None
) -> tuple[Game, tracker.TableState, tuple[Step, ...]]:
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        _check_revision(locked, expected_revision)
        rows = list(locked.events.order_by("seq"))
        tracker.check_room(recorded=len(rows))
        setup = tracker.setup_from_json(locked.setup)
        state = tracker.replay(setup=setup, events=[stored_event(r) for r in rows])
        event = tracker.canonical_event(setup=setup, event=event)
        state, steps = tracker.apply_event(state=state, event=event)
        GameEvent.objects.create(
            game=locked,
            seq=rows[-1].seq + 1 if rows else 1,
            kind=event.kind.value,
            payload=event.to_json(),
        )
        locked.revision += 1
        locked.save(update_fields=["revision", "updated"])
    return locked, state, steps


def undo_last(*, game: Game, expected_revision: int | None = None) -> tuple[Game, GameEvent]:
    """Mark the last change that is not undone yet as undone (it stays in the history)."""
    return _retry_if_locked(lambda: _undo(game, expected_revision))


def _undo(game: Game, expected_revision: int | None) -> tuple[Game, GameEvent]:
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        _check_revision(locked, expected_revision)
        last = locked.events.filter(undone=False).order_by("-seq").first()
        if last is None:
            raise IllegalStateError(["nothing to undo"])
        last.undone = True
        last.undone_at = timezone.now()
        last.save(update_fields=["undone", "undone_at"])
        locked.revision += 1
        locked.save(update_fields=["revision", "updated"])
    return locked, last
