"""A game's log of changes: replay, undo (your own last change), the revision rule and the log's bound.

The table at any revision is a snapshot (:meth:`TableState.to_payload`) or, as a
check, the replay of the log's events that were not undone. A service keeps
the snapshot after each event current, then:

- a change: :func:`check_room`, :func:`check_revision`, then
  :func:`~judge.engine.tracker.apply_event` on the latest snapshot;
- an undo: :func:`check_revision`, :func:`undo_target` picks the change (the
  seat's own), :func:`undo_change` applies the changes recorded after it
  again over the snapshot before it; the cost is the number of those changes,
  not the length of the game.

>>> from judge.engine.tracker import Event, EventKind, new_table
>>> table = new_table(variant="planechase", players=["Aki", "Ben"])
>>> events = [Event(kind=EventKind.LIFE, player="Aki", amount=-3, by="Aki"),
...           Event(kind=EventKind.LIFE, player="Aki", amount=-2, by="Ben")]
>>> undo_target(events=events, by="Aki")
0
>>> state, applied = undo_change(before=table, later=events[1:])
>>> state.life_of("Aki"), applied[0].steps[0].render("ja")
(18, 'Aki のライフが 2 減りました（20 → 18）。')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from judge.engine.errors import IllegalStateError, InvalidInputError, RulesError
from judge.engine.messages import msg
from judge.engine.steps import Step
from judge.engine.tracker.events import Event, EventKind, Undo, summary
from judge.engine.tracker.fields import MAX_EVENTS
from judge.engine.tracker.rules import apply_event
from judge.engine.tracker.setup import TableSetup
from judge.engine.tracker.state import TableState, initial_state


class AlreadyDoneError(IllegalStateError):
    """A "next turn" or "undo" pressed on a revision the table has already moved past: nothing is done."""


@dataclass(frozen=True)
class Applied:
    """One event of a replay: the table after it (unchanged when undone) and its steps (none when undone)."""

    event: Event
    state: TableState
    steps: tuple[Step, ...] = field(default_factory=tuple)


def replay_with_steps(
    *, setup: TableSetup, events: Iterable[Event]
) -> tuple[TableState, tuple[Applied, ...]]:
    """Fold the events that were not undone over the starting table, keeping every event's table and steps."""
    return _apply_all(initial_state(setup), events, undoing=False)


def replay(*, setup: TableSetup, events: Iterable[Event]) -> TableState:
    """The table after ``events``, skipping undone ones: the check of every snapshot.

    >>> from dataclasses import replace
    >>> from judge.engine.tracker import table_setup
    >>> s = table_setup(variant="planechase", players=["A", "B"])
    >>> roll = Event(kind=EventKind.PLANAR_ROLL, player="A")
    >>> replay(setup=s, events=[roll, replace(roll, undone=True), roll]).player("A").planar_cost
    2
    """
    return replay_with_steps(setup=setup, events=events)[0]


def _apply_all(
    state: TableState, events: Iterable[Event], *, undoing: bool
) -> tuple[TableState, tuple[Applied, ...]]:
    applied: list[Applied] = []
    for event in events:
        if event.undone:
            applied.append(Applied(event=event, state=state))
            continue
        try:
            state, steps = apply_event(state=state, event=event)
        except RulesError:
            if not undoing:
                raise
            raise IllegalStateError(
                [msg("tracker.undo-blocked", change=summary(setup=state.setup, event=event))]
            ) from None
        applied.append(Applied(event=event, state=state, steps=steps))
    return state, tuple(applied)


def undo_target(*, events: Sequence[Event], by: str = "", earlier: bool = False) -> int:
    """The position in ``events`` of the change an undo takes back: the most recent one not undone yet,
    made by seat ``by`` (anyone's when ``by`` is ""). Seats match case-insensitively.

    ``earlier``: ``events`` are only the latest changes of a longer log (an undo reaches back that far and
    no further, so its cost does not grow with the game); when none of them is the seat's, the answer says
    so.

    >>> undo_target(events=[Event(kind=EventKind.NEXT_TURN, by="Aki")], by="Ben")
    Traceback (most recent call last):
    ...
    judge.engine.errors.IllegalStateError: Ben has no change left to undo.
    """
    seat = by.casefold()
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        if not event.undone and (not seat or event.by.casefold() == seat):
            return index
    if earlier:
        raise IllegalStateError([msg("tracker.undo-too-old", window=len(events))])
    if seat:
        raise IllegalStateError([msg("tracker.nothing-to-undo-by", player=by)])
    raise IllegalStateError([msg("tracker.nothing-to-undo")])


def undo_change(*, before: TableState, later: Iterable[Event]) -> tuple[TableState, tuple[Applied, ...]]:
    """The table once a change is undone: the ``later`` changes applied again over ``before``.

    ``before`` is the table just before the undone change (the snapshot after
    the last change before it that is still not undone, or the starting table);
    ``later`` are the changes recorded after it (undone ones are skipped). When
    a later change no longer fits the table (a roll by a player whose turn the
    undone change began), the undo is refused: undo that later change first.
    """
    return _apply_all(before, later, undoing=True)


def check_revision(*, change: Event | Undo, revision: int) -> None:
    """The revision rule: may ``change``, made on ``change.expected_revision``, be applied at ``revision``?

    - no expected revision, or the current one: yes (a service that takes presses from phones asks
      :func:`require_revision` first);
    - a revision the table has not reached: the input is wrong;
    - an older revision: a relative change (life -3, a cast, a roll) still
      means the same and is applied; "next turn" and "undo" are not, since
      the table moved on after they were pressed — most likely a second phone
      pressed the same button — so a player is never skipped and two presses
      never undo two changes (:class:`AlreadyDoneError`).

    >>> check_revision(change=Event(kind=EventKind.LIFE, player="A", amount=-1, expected_revision=3),
    ...     revision=5)
    >>> check_revision(change=Event(kind=EventKind.NEXT_TURN, expected_revision=3), revision=4)
    Traceback (most recent call last):
    ...
    judge.engine.tracker.log.AlreadyDoneError: Another phone updated the table first (changes since
    “Next turn” was pressed: 1), so nothing was done: no player is skipped. Press again if the turn should
    still pass.
    """
    expected = change.expected_revision
    if expected is None or expected == revision:
        return
    if expected > revision:
        raise InvalidInputError(
            [
                msg(
                    "tracker.revision-ahead",
                    field="expected_revision",
                    label=msg("tracker.label.expected-revision"),
                    expected=expected,
                    current=revision,
                )
            ]
        )
    if isinstance(change, Undo):
        raise AlreadyDoneError([msg("tracker.already-done.undo", changes=revision - expected)])
    if change.kind is EventKind.NEXT_TURN:
        raise AlreadyDoneError([msg("tracker.already-done.next-turn", changes=revision - expected)])


def require_revision(*, change: Event | Undo, revision: int) -> None:
    """A "next turn" pressed without the revision it was pressed on is refused (:class:`AlreadyDoneError`,
    nothing done): two such presses from two phones would pass two turns and skip a player.

    >>> require_revision(change=Event(kind=EventKind.LIFE, player="A", amount=-1), revision=4)
    >>> require_revision(change=Event(kind=EventKind.NEXT_TURN), revision=4)
    Traceback (most recent call last):
    ...
    judge.engine.tracker.log.AlreadyDoneError: “Next turn” needs the revision it was pressed on (the table is
    at 4): nothing was done, so no player is skipped.
    """
    if change.expected_revision is None and isinstance(change, Event) and change.kind is EventKind.NEXT_TURN:
        raise AlreadyDoneError([msg("tracker.revision-required.next-turn", current=revision)])


def check_room(*, recorded: int) -> None:
    """A game records at most MAX_EVENTS changes (undone ones included): the bound of its storage.

    >>> check_room(recorded=MAX_EVENTS)
    Traceback (most recent call last):
    ...
    judge.engine.errors.IllegalStateError: The game has 5000 changes already; start a new game.
    """
    if recorded >= MAX_EVENTS:
        raise IllegalStateError([msg("tracker.too-many-events", max=MAX_EVENTS)])


__all__ = [
    "AlreadyDoneError",
    "Applied",
    "check_revision",
    "check_room",
    "replay",
    "replay_with_steps",
    "require_revision",
    "undo_change",
    "undo_target",
]
