"""How often one client may do a thing (start a game, have a write refused), counted in the database table
every worker shares (:class:`judge.limits.models.RateCount`), on SQLite and PostgreSQL alike.

A rate is ``"30/h"`` (30 an hour; ``s``, ``m``, ``h``, ``d``, and ``"5/10m"``). Counts are per window of the
rate's period (this hour's, for ``/h``). The check before the work is one read of the count and never a write:
on SQLite a write takes the database's one write lock, which every tracker write of every game waits for.
Only what happened is counted, after the fact (:func:`count`): one
``INSERT … ON CONFLICT DO UPDATE SET count = count + 1``, so two workers counting at once both count. A new
row also sweeps the rows whose window is over, so the table holds about one row per client and thing
counted lately.
"""

from __future__ import annotations

import hashlib
import re
import time

from django.db import connection

from judge.limits.models import RateCount

PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
RATE = re.compile(r"(\d+)/(\d*)([smhd])")


def parse_rate(rate: str) -> tuple[int, int]:
    """The count and the period in seconds of ``rate``.

    >>> parse_rate("30/h"), parse_rate("5/10m")
    ((30, 3600), (5, 600))
    """
    found = RATE.fullmatch(rate.strip())
    if found is None:
        raise ValueError(f"not a rate (like 30/h): {rate!r}")
    number, multiple, unit = found.groups()
    return int(number), PERIODS[unit] * int(multiple or 1)


def _key(group: str, who: str, period: int) -> str:
    digest = hashlib.sha256(f"{group}\n{who}".encode()).hexdigest()[:40]
    return f"{group[:60]}:{period}:{digest}"


def at_limit(*, group: str, who: str, rate: str) -> bool:
    """Whether ``who`` has done ``group`` ``rate``'s number of times in this window already (one read)."""
    limit, period = parse_rate(rate)
    window = int(time.time()) // period
    found = RateCount.objects.filter(key=_key(group, who, period), window=window).values_list(
        "count", flat=True
    )
    return next(iter(found), 0) >= limit


def _upsert_sql() -> str:
    quote = connection.ops.quote_name
    table, key, window, count_, expires = map(
        quote, (RateCount._meta.db_table, "key", "window", "count", "expires")
    )
    return (
        f"INSERT INTO {table} ({key}, {window}, {count_}, {expires}) VALUES (%s, %s, 1, %s) "
        f"ON CONFLICT ({key}, {window}) DO UPDATE SET {count_} = {table}.{count_} + 1 RETURNING {count_}"
    )


def count(*, group: str, who: str, rate: str) -> None:
    """Count one more ``group`` for ``who`` in this window: one statement (an upsert, which SQLite and
    PostgreSQL both read), so two workers counting at once both count and no transaction is needed."""
    _limit, period = parse_rate(rate)
    now = int(time.time())
    window = now // period
    with connection.cursor() as cursor:
        cursor.execute(_upsert_sql(), [_key(group, who, period), window, (window + 1) * period])
        (counted,) = cursor.fetchone()
    if counted == 1:  # the window's first row
        sweep(now=now)


def sweep(*, now: int | None = None) -> int:
    """Delete the rows whose window is over; the number deleted."""
    deleted, _ = RateCount.objects.filter(expires__lte=int(time.time()) if now is None else now).delete()
    return deleted


__all__ = ["at_limit", "count", "parse_rate", "sweep"]
