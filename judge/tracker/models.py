"""Shared table tracker games: the setup, every change, and the table after each recent change (a snapshot).

A change is a :class:`GameEvent`; an undo is a flag on it, so the history
keeps every change. ``GameEvent.state`` holds the table after that change
(``judge.engine.tracker.TableState.to_payload``), so a write reads one snapshot
and applies one event, and a page reads one snapshot, whatever the length of
the game. Only the last ``KEEP_SNAPSHOTS`` changes and every
``CHECKPOINT``-th one keep theirs (``judge.tracker.services`` thins them): an
older table is the nearest snapshot before it with at most a few dozen changes
applied again, and a game of 5,000 changes stores a few hundred tables, not
5,000. ``revision`` goes up with every write and lets a client say which table
it was looking at (``expected_revision``); ``updated`` dates the last change,
for expiry (``manage.py expire_games``).
"""

from __future__ import annotations

import secrets

from django.db import models

SLUG_BYTES = 12  # 16 URL-safe characters: 96 random bits, not guessable
KEEP_SNAPSHOTS = 64  # the latest changes keep their table (undo of a recent change, the history shown)
CHECKPOINT = 64  # and every 64th change keeps its own, so an older table is at most 63 changes away


def new_slug() -> str:
    return secrets.token_urlsafe(SLUG_BYTES)


def keeps_snapshot(*, seq: int, last_seq: int) -> bool:
    """Whether change ``seq`` keeps its table once the game has ``last_seq`` changes."""
    return seq % CHECKPOINT == 0 or seq > last_seq - KEEP_SNAPSHOTS


class Game(models.Model):
    slug = models.CharField(max_length=32, unique=True, default=new_slug, editable=False)
    variant = models.CharField(max_length=20)
    setup = models.JSONField()  # judge.engine.tracker.TableSetup.to_payload
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True, db_index=True)
    revision = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"game {self.slug} ({self.variant}, revision {self.revision})"


class GameEvent(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()  # 1, 2, 3, ... within the game
    kind = models.CharField(max_length=32)
    payload = models.JSONField(default=dict)  # judge.engine.tracker.Event.to_payload
    # The table after this change (TableState.to_payload; once undone: the table without it, as before it);
    # None when thinned out (keeps_snapshot).
    state = models.JSONField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    undone = models.BooleanField(default=False)
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="gameevent_unique_seq")]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.seq} {self.kind}"


class AppliedPress(models.Model):
    """A press recorded with its own id (``press``, one per button press, from static/js/tracker-queue.js).

    Written in the same transaction as the change it made, under the game's row lock, and unique per game:
    the same press sent again (its answer lost, or by two phones at once) finds it and is not recorded
    twice. Removed with its game, and after ``PRESS_MEMORY`` (a lost answer is retried within minutes).
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="presses")
    press = models.CharField(max_length=40)
    revision = models.PositiveIntegerField()  # the game's revision once the press was recorded
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "press"], name="appliedpress_unique_press")]

    def __str__(self) -> str:
        return f"{self.game_id} press {self.press}"


class GameSeat(models.Model):
    """What one seat of a Commander game brought to the pre-game talk (judge.engine.tracker.SeatDeck): the
    bracket its player declared and its pasted list, for the table page (judge.calc.table_views) to compare.

    Written once, with the game (judge.tracker.services.start_game), only for a seat that brought either;
    ``index`` is the seat's place in turn order. The game page reads the declared brackets alone, never a
    list (the page stays small at 20 seats)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    player = models.CharField(max_length=200)
    declared_bracket = models.PositiveSmallIntegerField(null=True, blank=True)
    decklist = models.TextField(blank=True, default="")

    class Meta:
        ordering = ["index"]
        constraints = [models.UniqueConstraint(fields=["game", "index"], name="gameseat_unique_index")]

    def __str__(self) -> str:
        return f"{self.game_id} seat {self.index} {self.player}"


__all__ = [
    "CHECKPOINT",
    "KEEP_SNAPSHOTS",
    "AppliedPress",
    "Game",
    "GameEvent",
    "GameSeat",
    "keeps_snapshot",
    "new_slug",
]
