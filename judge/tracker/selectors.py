"""Reads for the shared table tracker: a game's table, rebuilt from its events, and its history."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from judge.engine import tracker
from judge.engine.steps import Step
from judge.tracker.models import Game
from judge.tracker.services import stored_event


@dataclass(frozen=True)
class HistoryEntry:
    """One recorded change, newest first in :func:`game_state`'s history."""

    seq: int
    event: tracker.Event
    steps: tuple[Step, ...]
    created: datetime.datetime
    undone: bool
    undone_at: datetime.datetime | None

    @property
    def kind(self) -> str:
        return self.event.kind.value


def game_state(*, slug: str) -> tuple[Game, tracker.TableState, list[HistoryEntry]]:
    """The game, its current table and its history (newest first). Raises ``Game.DoesNotExist``."""
    game = Game.objects.get(slug=slug)
    rows = list(game.events.order_by("seq"))
    setup = tracker.setup_from_json(game.setup)
    state, applied = tracker.replay_with_steps(setup=setup, events=[stored_event(r) for r in rows])
    history = [
        HistoryEntry(seq=r.seq, event=a.event, steps=a.steps, created=r.created, undone=r.undone,
                     undone_at=r.undone_at)
        for r, a in zip(rows, applied)
    ]
    history.reverse()
    return game, state, history


def game_revision(*, slug: str) -> int | None:
    """The revision alone, for cheap polling; None when there is no such game."""
    return Game.objects.filter(slug=slug).values_list("revision", flat=True).first()
