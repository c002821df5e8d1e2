"""Reads for the shared table tracker: a game's table (its latest snapshot) and a page of its history.

Every read costs the same at any length of game: the current table is one
snapshot, and the history is read a page at a time (the newest first), the
steps of each change worked out again from the table before the page.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from judge.engine import tracker
from judge.engine.steps import Step
from judge.tracker.models import Game
from judge.tracker.services import reading, stored_event, table_before

HISTORY_PAGE = 20  # changes shown at a time; older ones are a link away


@dataclass(frozen=True)
class HistoryEntry:
    """One recorded change, newest first in :func:`history`."""

    seq: int
    event: tracker.Event
    steps: tuple[Step, ...]
    created: datetime.datetime
    undone: bool
    undone_at: datetime.datetime | None

    @property
    def kind(self) -> str:
        return self.event.kind.value


@dataclass(frozen=True)
class HistoryPage:
    entries: list[HistoryEntry]  # newest first
    older: int | None  # the ``before`` of the next page (older changes), None on the first change


def game_state(*, slug: str) -> tuple[Game, tracker.TableState]:
    """The game and its current table. Raises ``Game.DoesNotExist``, UnreadableGame."""
    game = Game.objects.get(slug=slug)
    return game, table_before(game)


def history(*, game: Game, before: int | None = None, limit: int = HISTORY_PAGE) -> HistoryPage:
    """The ``limit`` changes before change ``before`` (the latest without it), newest first, with their
    steps."""
    rows = game.events.all()
    if before is not None:
        rows = rows.filter(seq__lt=before)
    page = list(rows.order_by("-seq")[:limit])
    page.reverse()
    entries = []
    if page:
        state = table_before(game, seq=page[0].seq)
        for row in page:
            steps: tuple[Step, ...] = ()
            with reading(
                game
            ):  # it applied when recorded: a refusal now means the stored data no longer reads
                event = stored_event(row)
                if not row.undone:
                    state, steps = tracker.apply_event(state=state, event=event)
            entries.append(
                HistoryEntry(
                    seq=row.seq,
                    event=event,
                    steps=steps,
                    created=row.created,
                    undone=row.undone,
                    undone_at=row.undone_at,
                )
            )
    entries.reverse()
    return HistoryPage(entries=entries, older=page[0].seq if page and page[0].seq > 1 else None)


def game_revision(*, slug: str) -> int | None:
    """The revision alone, for cheap polling; None when there is no such game."""
    return Game.objects.filter(slug=slug).values_list("revision", flat=True).first()


__all__ = ["HISTORY_PAGE", "HistoryEntry", "HistoryPage", "game_revision", "game_state", "history"]
