"""Writes for the shared table tracker, and the read every write starts from (:func:`table_before`).

Every write locks the game row (``select_for_update``; on SQLite the
``IMMEDIATE`` transactions of the settings serialise writers the same way),
reads the current table from its latest snapshot, checks the change against
it (judge.engine.tracker: ``check_revision``, ``check_room``, ``apply_event``)
and appends it with the next ``seq`` and the table after it. So two phones
tapping at the same moment are applied one after the other: neither update is
lost; a change the table can no longer take (a roll after the turn passed) is
refused instead of stored; and a second press of "next turn" or "undo" made on
a table that has moved on since is refused as already done
(:class:`judge.engine.tracker.AlreadyDoneError`).

An undo takes back the seat's own last change (``by``) among the last
``UNDO_WINDOW`` changes: the changes recorded after it (fewer than the window)
are applied again over the table before it, and their snapshots are
rewritten; the undone change keeps its snapshot (the table without it), so
undoing a checkpoint never leaves a stretch of the game without one. So a
write and an undo cost the same at any length of game, whatever was undone:
one snapshot plus a bounded tail, never a replay of the game.

What can be refused without the lock is refused before taking it (a stale or
missing revision, a seat with nothing to undo, a change the table cannot take):
a client looping on a refused write holds no lock, and every other game's
writes go on. Inside the lock a change checked on the revision the locked row
still has is stored as checked (every write moves the revision in the same
transaction, so nothing changed in between); on a revision that has moved the
checks run again on the locked row. An undo's checks run again inside the lock.
Idle games are removed after ``JUDGE_TRACKER_RETENTION_DAYS`` (:func:`expire_games`).
"""

from __future__ import annotations

import datetime
import secrets
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, OperationalError, connection, transaction
from django.utils import timezone

from judge.engine import tracker
from judge.engine.errors import InvalidInputError, RulesError
from judge.engine.messages import msg
from judge.engine.steps import Step
from judge.tracker.models import CHECKPOINT, KEEP_SNAPSHOTS, AppliedPress, Game, GameEvent, GameSeat

LOCK_RETRIES = 40  # SQLite only: a writer that still finds the database locked tries again
# An undo takes back a change among the latest this many (they keep their tables).
UNDO_WINDOW = KEEP_SNAPSHOTS
EXPIRY_EVERY = 3600  # seconds: a new game sweeps expired ones at most this often per cache
EXPIRY_BATCH = 200  # games deleted per statement
PRESS_MEMORY = datetime.timedelta(
    hours=6
)  # how long a recorded press's id is kept (a lost answer is retried in minutes)

T = TypeVar("T")


class AlreadyApplied(Exception):
    """The press (its own id) was recorded already: nothing is recorded again; answer as the first time."""

    def __init__(self, revision: int) -> None:
        self.revision = revision
        super().__init__(f"press recorded at revision {revision}")


def applied_press(game: Game, press: str | None) -> int | None:
    """The revision a press with this id was recorded at, None if it was not (or has no id)."""
    if not press:
        return None
    return game.presses.filter(press=press).values_list("revision", flat=True).first()


def _record_press(locked: Game, press: str | None) -> None:
    """Inside the write's transaction, under the row lock: refuse a press recorded already (AlreadyApplied),
    else record it with the revision the write gives the game; and forget presses past ``PRESS_MEMORY``."""
    if not press:
        return
    done = applied_press(locked, press)
    if done is not None:
        raise AlreadyApplied(done)
    locked.presses.filter(created__lt=timezone.now() - PRESS_MEMORY).delete()
    AppliedPress.objects.create(game=locked, press=press, revision=locked.revision + 1)


@contextmanager
def _once(game: Game, press: str | None) -> Iterator[None]:
    """The unique (game, press) constraint is the last word: a second insert that got past the check (it
    cannot under the row lock) rolls its whole write back and is answered as recorded."""
    try:
        yield
    except IntegrityError:
        done = applied_press(game, press)
        if done is None:
            raise
        raise AlreadyApplied(done) from None


class UnreadableGame(Exception):
    """What is stored for a game no longer passes the engine's readers (saved before they were stricter)."""

    def __init__(self, slug: str, error: RulesError) -> None:
        self.slug = slug
        self.error = error
        super().__init__(f"game {slug}: {error}")


@contextmanager
def reading(game: Game) -> Iterator[None]:
    """Stored data the engine refuses is the game's problem, not the request's: UnreadableGame, never a
    400."""
    try:
        yield
    except RulesError as err:
        raise UnreadableGame(game.slug, err) from err


def _retry_if_locked(write: Callable[[], T]) -> T:
    """Run a whole transaction again when SQLite reports a lock it did not wait out.

    PostgreSQL waits on the row lock; SQLite waits up to its ``timeout`` but
    answers "database table is locked" at once for shared-cache (in-memory)
    databases, so that transaction is simply retried from the start after a
    short pause. "database is locked" means the busy timeout ran out already:
    it is not retried (judge.web.middleware answers 503 with Retry-After).
    """
    for attempt in range(LOCK_RETRIES):
        try:
            return write()
        except OperationalError as err:
            if (
                connection.vendor != "sqlite"
                or "table is locked" not in str(err)
                or attempt == LOCK_RETRIES - 1
            ):
                raise
            if connection.in_atomic_block:  # inside an outer transaction nothing can be retried
                raise
            time.sleep(0.005 * (attempt + 1))
    raise AssertionError("unreachable")


def stored_event(row: GameEvent) -> tracker.Event:
    """A recorded change read back through the engine's reader (RulesError if it no longer passes)."""
    payload = row.payload if isinstance(row.payload, Mapping) else {}
    return tracker.event_from_json({**payload, "kind": row.kind, "undone": row.undone})


def game_setup(game: Game) -> tracker.TableSetup:
    with reading(game):
        return tracker.setup_from_json(game.setup)


def table_before(game: Game, seq: int | None = None) -> tracker.TableState:
    """The table just before change ``seq`` (None: the current table).

    The nearest snapshot of a change before it (or the starting table), with
    the changes between that are not undone applied again: none for the
    current table of a game played forward, at most ``CHECKPOINT - 1``
    otherwise, whatever was undone (an undone change keeps its snapshot: the
    table as if it had never been made). Raises UnreadableGame when stored
    data no longer reads.
    """
    earlier = game.events.all() if seq is None else game.events.filter(seq__lt=seq)
    # An undone change keeps the table as it was without it (see _undo): a snapshot all the same.
    base = earlier.filter(state__isnull=False).order_by("-seq").first()
    kept = earlier.filter(undone=False, seq__gt=base.seq if base else 0)
    with reading(game):
        state = tracker.state_from_json(base.state) if base else tracker.initial_state(game_setup(game))
        between = [stored_event(r) for r in kept.order_by("seq")]
        if between:
            state, _ = tracker.undo_change(before=state, later=between)
    return state


def start_game(
    *,
    variant: str,
    players: Sequence[str],
    commanders: Mapping[str, Sequence[str]] | None = None,
    teams: Sequence[Sequence[str]] | None = None,
    planechase: bool = False,
    declared_brackets: Mapping[str, Any] | None = None,
    decklists: Mapping[str, Any] | None = None,
) -> Game:
    """Check the setup (raises InvalidInputError with every problem) and save a new game.

    ``declared_brackets`` and ``decklists`` (Commander only, by player name: judge.engine.tracker.seat_decks)
    are stored on the seats that brought either (GameSeat), in the game's own transaction.
    Now and then (once an hour per cache) it also removes the games idle past
    the retention, so a site nobody runs ``expire_games`` on stays bounded.
    """
    setup, decks = check_setup(
        variant=variant,
        players=players,
        commanders=commanders,
        teams=teams,
        planechase=planechase,
        declared_brackets=declared_brackets,
        decklists=decklists,
    )
    if cache.add("tracker:expiry-sweep", True, timeout=EXPIRY_EVERY):
        expire_games()
    with transaction.atomic():
        game = Game.objects.create(variant=setup.variant.value, setup=setup.to_payload())
        GameSeat.objects.bulk_create(
            GameSeat(
                game=game,
                index=index,
                player=deck.player,
                declared_bracket=deck.declared_bracket,
                decklist=deck.decklist,
            )
            for index, deck in enumerate(decks)
            if not deck.empty
        )
    return game


def check_setup(
    *,
    variant: str,
    players: Sequence[str],
    commanders: Mapping[str, Sequence[str]] | None = None,
    teams: Sequence[Sequence[str]] | None = None,
    planechase: bool = False,
    declared_brackets: Mapping[str, Any] | None = None,
    decklists: Mapping[str, Any] | None = None,
) -> tuple[tracker.TableSetup, tuple[tracker.SeatDeck, ...]]:
    """A new game's setup and its seats' decks, checked: the setup's problems, then (once it reads) the
    decks'. Raises InvalidInputError listing them; nothing is stored."""
    setup = tracker.table_setup(
        variant=variant, players=players, commanders=commanders, teams=teams, planechase=planechase
    )
    return setup, tracker.seat_decks(setup=setup, declared_brackets=declared_brackets, decklists=decklists)


def record_event(
    *, game: Game, kind: str, payload: Mapping[str, Any], press: str | None = None
) -> tuple[Game, tracker.TableState, tuple[Step, ...]]:
    """Append one change; return the locked game (new revision), the new table and the change's steps.

    ``payload`` holds the event's fields (judge.engine.tracker.event_from_json),
    with ``by`` (the seat making it) and ``expected_revision`` (the revision
    it was made on; a "next turn" without it is refused). Raises InvalidInputError /
    IllegalStateError (nothing stored), AlreadyDoneError for a "next turn"
    pressed on a table that has moved on since or without a revision, UnreadableGame.
    ``press``: the press's own id; one recorded already raises AlreadyApplied (checked and recorded in the
    change's transaction, so two phones sending it at once record it once).
    """
    data = {k: v for k, v in payload.items() if k != "undone"} if isinstance(payload, Mapping) else payload
    if kind == tracker.EventKind.PLANAR_ROLL.value and isinstance(data, dict) and not data.get("face"):
        data["face"] = secrets.choice(
            tracker.PLANAR_DIE
        ).value  # the server rolls: every phone sees one result
    event = tracker.event_from_json({**data, "kind": kind} if isinstance(data, dict) else data)
    # Refused without the lock when it can be; what passed is stored under it.
    done = applied_press(game, press)
    if done is not None:
        raise AlreadyApplied(done)
    try:
        checked = _retry_if_locked(lambda: _precheck_event(game, event))
    except RulesError:
        # Refused on a table that moved on: by this very press, recorded meanwhile by another phone?
        done = applied_press(game, press)
        if done is not None:
            raise AlreadyApplied(done) from None
        raise
    return _retry_if_locked(lambda: _append(game, event, checked, press))


@dataclass(frozen=True)
class _Checked:
    """A change checked against the game at ``revision``: the last seq, the change as stored, the table after
    it and its steps. Still true under the lock while the revision is the same (every write moves it)."""

    revision: int
    last: int
    event: tracker.Event
    state: tracker.TableState
    steps: tuple[Step, ...]


def _precheck_event(game: Game, event: tracker.Event) -> _Checked:
    fresh = _fresh(game)
    checked = _check_event(fresh, event)
    tracker.require_revision(change=event, revision=fresh.revision)
    return checked


def _fresh(game: Game) -> Game:
    """The game row as it is now, read without a lock (the revision may have moved since the view read it)."""
    return Game.objects.get(pk=game.pk)


def _check_event(game: Game, event: tracker.Event) -> _Checked:
    """Every check of a change against the game as read: its revision, the room left, the table taking it.
    Raises what refuses it."""
    tracker.check_revision(change=event, revision=game.revision)
    newest = game.events.order_by("-seq").first()
    last = newest.seq if newest else 0
    tracker.check_room(recorded=last)
    if newest is not None and newest.state is not None:
        with reading(game):  # a game played forward: its newest change holds the table (one read)
            state = tracker.state_from_json(newest.state)
    else:
        state = table_before(game)
    event = tracker.canonical_event(setup=state.setup, event=event)
    state, steps = tracker.apply_event(state=state, event=event)
    return _Checked(revision=game.revision, last=last, event=event, state=state, steps=steps)


def _append(
    game: Game, event: tracker.Event, checked: _Checked, press: str | None = None
) -> tuple[Game, tracker.TableState, tuple[Step, ...]]:
    """Store the change; what was checked without the lock is reused when no write came in between."""
    with _once(game, press), transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        _record_press(locked, press)
        if locked.revision != checked.revision:
            checked = _check_event(locked, event)
        seq = checked.last + 1
        GameEvent.objects.create(
            game=locked,
            seq=seq,
            kind=checked.event.kind.value,
            payload=checked.event.to_payload(),
            state=checked.state.to_payload(),
        )
        leaving = seq - KEEP_SNAPSHOTS  # the change that just left the recent window keeps its table no more
        if leaving > 0 and leaving % CHECKPOINT:
            locked.events.filter(seq=leaving).update(state=None)
        locked.revision += 1
        locked.save(update_fields=["revision", "updated"])
    return locked, checked.state, checked.steps


def _seat(setup: tracker.TableSetup, by: str) -> str:
    """The seat's name as spelled at setup ("" for anyone); InvalidInputError if no player has it."""
    if not by:
        return ""
    for player in setup.players:
        if player.casefold() == by.casefold():
            return player
    raise InvalidInputError([msg("input.not-a-player", field="by", label=msg("tracker.label.by"), name=by)])


def _undo_target(game: Game, by: str) -> GameEvent:
    """The seat's last change not undone yet, among the latest ``UNDO_WINDOW`` changes (one bounded read).

    Raises IllegalStateError when there is none: nothing (of this seat's) to undo, or only changes older
    than the window (an undo of those would apply again every change since, at any length of game)."""
    window = list(game.events.defer("state").order_by("-seq")[:UNDO_WINDOW])  # the tables are not needed
    window.reverse()
    with reading(game):
        events = [stored_event(r) for r in window]
    # Changes older than the window exist: the answer says why they are out of reach.
    return window[tracker.undo_target(events=events, by=by, earlier=bool(window) and window[0].seq > 1)]


def undo_last(
    *, game: Game, payload: Any = None, press: str | None = None
) -> tuple[Game, tracker.TableState, GameEvent]:
    """Undo the last change of the seat ``payload["by"]`` (anyone's without it); it stays in the history.

    ``payload`` may carry ``by`` and ``expected_revision`` (judge.engine.tracker.undo_from_json).
    Returns the locked game, the table now and the undone change. Raises
    AlreadyDoneError for an undo pressed on a table that has moved on since
    (two presses never undo two changes), IllegalStateError when nothing is
    left to undo or a later change depends on this one; AlreadyApplied for a ``press`` recorded already
    (as :func:`record_event`).
    """
    undo = tracker.undo_from_json(payload if payload is not None else {})
    done = applied_press(game, press)
    if done is not None:
        raise AlreadyApplied(done)
    try:
        _retry_if_locked(lambda: _precheck_undo(game, undo))  # refused without the lock when it can be
    except RulesError:
        done = applied_press(game, press)
        if done is not None:
            raise AlreadyApplied(done) from None
        raise
    return _retry_if_locked(lambda: _undo(game, undo, press))


def _precheck_undo(game: Game, undo: tracker.Undo) -> None:
    """A stale revision, a seat that is no player, nothing of the seat's among the recent changes."""
    fresh = _fresh(game)
    tracker.check_revision(change=undo, revision=fresh.revision)
    _undo_target(fresh, _seat(game_setup(fresh), undo.by))


def _undo(
    game: Game, undo: tracker.Undo, press: str | None = None
) -> tuple[Game, tracker.TableState, GameEvent]:
    with _once(game, press), transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        _record_press(locked, press)
        tracker.check_revision(change=undo, revision=locked.revision)
        target = _undo_target(locked, _seat(game_setup(locked), undo.by))
        before = table_before(locked, seq=target.seq)
        later = list(locked.events.filter(seq__gt=target.seq).order_by("seq"))
        with reading(locked):
            events = [stored_event(r) for r in later]
        state, applied = tracker.undo_change(before=before, later=events)
        target.undone = True
        target.undone_at = timezone.now()
        if target.state is not None:
            # It keeps a table, the one without it: a checkpoint stays one, so no read of a game whose
            # changes were undone replays more than CHECKPOINT - 1 changes, whatever was undone.
            target.state = before.to_payload()
        target.save(update_fields=["undone", "undone_at", "state"])
        rewritten = []
        for row, after in zip(later, applied, strict=True):
            if row.state is not None:  # the changes that keep a table (undone ones too) get the new one
                row.state = after.state.to_payload()
                rewritten.append(row)
        GameEvent.objects.bulk_update(rewritten, ["state"])
        locked.revision += 1
        locked.save(update_fields=["revision", "updated"])
    return locked, state, target


def retention() -> datetime.timedelta:
    return datetime.timedelta(days=settings.JUDGE_TRACKER_RETENTION_DAYS)


def expire_games(*, now: datetime.datetime | None = None) -> int:
    """Delete the games without a change for longer than the retention; return how many.

    Each batch deletes the changes first (one statement) and then the games,
    so a game of 5,000 changes never loads its rows to cascade.
    """
    now = now or timezone.now()
    cutoff = now - retention()
    AppliedPress.objects.filter(created__lt=now - PRESS_MEMORY).delete()  # the ids of games still going
    deleted = 0
    while ids := list(Game.objects.filter(updated__lt=cutoff).values_list("pk", flat=True)[:EXPIRY_BATCH]):
        with transaction.atomic():
            idle = Game.objects.filter(pk__in=ids, updated__lt=cutoff)  # not one changed meanwhile
            GameEvent.objects.filter(game__in=idle).delete()
            GameSeat.objects.filter(game__in=idle).delete()
            AppliedPress.objects.filter(game__in=idle).delete()
            deleted += idle.delete()[1].get(Game._meta.label, 0)
    return deleted
