"""One row per client, thing counted and window of a rate's period: :class:`RateCount`."""

from __future__ import annotations

from django.db import models


class RateCount(models.Model):
    """How many times one client did one thing in one window (``window``: the window's number, the time in
    seconds divided by the rate's period). ``key`` names the thing, the period and the client (a digest of
    the address, so the table holds no address); ``expires`` (seconds since 1970) is when the window is over
    and the row may be swept."""

    key = models.CharField(max_length=120)
    window = models.BigIntegerField()
    count = models.PositiveIntegerField(default=0)
    expires = models.BigIntegerField(db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["key", "window"], name="ratecount_unique_window")]

    def __str__(self) -> str:
        return f"{self.key} window {self.window}: {self.count}"
