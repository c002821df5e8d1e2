"""Imported Magic card data, for deck checks and colour identity by name.

``python manage.py import_cards FILE`` replaces every row at once (see
``judge.cards.services.import_cards``). ``data`` is the engine card as a
Scryfall-shaped dict (:meth:`judge.engine.cards.Card.to_payload`), so the
engine, not the database, decides what a card's characteristics mean.
"""

from __future__ import annotations

from django.db import models


class Card(models.Model):
    name = models.CharField(max_length=255, unique=True)
    # judge.engine.cards.normalise_name(name): the forgiving lookup key.
    key = models.CharField(max_length=255, unique=True)
    data = models.JSONField()

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class CardAlias(models.Model):
    """Another name a card is found by: a face name ("Fire" for "Fire // Ice", "Stomp") or a Japanese name."""

    key = models.CharField(max_length=255, unique=True)
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="aliases")

    def __str__(self) -> str:
        return f"{self.key} -> {self.card_id}"


class CardSource(models.Model):
    """The file the current cards came from (one row): ``import_cards --if-newer`` skips a file already imported."""

    path = models.CharField(max_length=1024)
    size = models.BigIntegerField()
    modified = models.FloatField()  # the file's modification time (seconds since the epoch)
    cards = models.PositiveIntegerField()
    imported_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return self.path
