"""Shared table tracker games: the setup and every change, never the derived state.

The table (life, tax, damage, ...) is always recomputed by replaying the
events that were not undone (``judge.engine.tracker.replay``), so an undo is a
flag and the history keeps every change. ``revision`` goes up with every write
and lets a client say which table it was looking at (optimistic concurrency).
"""

from __future__ import annotations

import secrets

from django.db import models

SLUG_BYTES = 12  # 16 URL-safe characters: 96 random bits, not guessable


def new_slug() -> str:
    return secrets.token_urlsafe(SLUG_BYTES)


class Game(models.Model):
    slug = models.CharField(max_length=32, unique=True, default=new_slug, editable=False)
    variant = models.CharField(max_length=20)
    setup = models.JSONField()  # judge.engine.tracker.TableSetup.to_json
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    revision = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"game {self.slug} ({self.variant}, revision {self.revision})"


class GameEvent(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()  # 1, 2, 3, ... within the game
    kind = models.CharField(max_length=32)
    payload = models.JSONField(default=dict)  # judge.engine.tracker.Event.to_json
    created = models.DateTimeField(auto_now_add=True)
    undone = models.BooleanField(default=False)
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="gameevent_unique_seq")]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.seq} {self.kind}"


__all__ = ["Game", "GameEvent", "new_slug"]
