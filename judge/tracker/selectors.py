"""Reads for the shared table tracker: a game's table (its latest snapshot), a page of its history, and what
its seats brought to the pre-game talk (declared brackets, lists).

Every read costs the same at any length of game: the current table is one
snapshot, and the history is read a page at a time (the newest first), the
steps of each change worked out again from the table before the page.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import BooleanField, ExpressionWrapper, Q

from judge.engine import tracker
from judge.engine.steps import Step
from judge.tracker.models import Game
from judge.tracker.services import game_setup, reading, stored_event, table_before

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


@dataclass(frozen=True)
class SeatSummary:
    """What a seat brought to the pre-game talk, as the game page and its JSON show it: the bracket its
    player declared and whether it has a list (the list itself is read by the table page alone)."""

    index: int
    player: str
    declared_bracket: int | None
    has_decklist: bool

    def to_payload(self) -> dict[str, object]:
        return {
            "player": self.player,
            "declared_bracket": self.declared_bracket,
            "has_decklist": self.has_decklist,
        }


def seat_summaries(*, game: Game) -> dict[int, SeatSummary]:
    """The seats that brought a declared bracket or a list, by their place in turn order: one read of at
    most 20 short rows, never a list's text."""
    rows = game.seats.annotate(
        has_decklist=ExpressionWrapper(~Q(decklist=""), output_field=BooleanField())
    ).values_list("index", "player", "declared_bracket", "has_decklist")
    return {
        index: SeatSummary(index=index, player=player, declared_bracket=bracket, has_decklist=bool(has))
        for index, player, bracket, has in rows
    }


def seats_json(*, game: Game, setup: tracker.TableSetup) -> list[dict[str, object]]:
    """Every seat in turn order with its declared bracket (None) and whether it has a list."""
    found = seat_summaries(game=game)
    return [
        (found.get(index) or SeatSummary(index, player, None, False)).to_payload()
        for index, player in enumerate(setup.players)
    ]


def game_decks(*, slug: str) -> tuple[Game, tracker.TableSetup, tuple[tracker.SeatDeck, ...]]:
    """The game, its setup and every seat's deck in turn order, lists included (the table page compares
    them). Raises ``Game.DoesNotExist``, UnreadableGame."""
    game = Game.objects.get(slug=slug)
    setup = game_setup(game)
    stored = {seat.index: seat for seat in game.seats.all()}
    decks = tuple(
        tracker.SeatDeck(
            player=player,
            declared_bracket=stored[index].declared_bracket if index in stored else None,
            decklist=stored[index].decklist if index in stored else "",
        )
        for index, player in enumerate(setup.players)
    )
    return game, setup, decks


def game_revision(*, slug: str) -> int | None:
    """The revision alone, for cheap polling; None when there is no such game."""
    return Game.objects.filter(slug=slug).values_list("revision", flat=True).first()


__all__ = [
    "HISTORY_PAGE",
    "HistoryEntry",
    "HistoryPage",
    "SeatSummary",
    "game_decks",
    "game_revision",
    "game_state",
    "history",
    "seat_summaries",
    "seats_json",
]
