"""How often one client may do a thing to the tracker (start a game, have a write refused), counted in
Django's cache, which every worker shares (settings.CACHES: the database table by default, or Redis).

A rate is ``"30/h"`` (30 an hour; ``s``, ``m``, ``h``, ``d``, and ``"5/10m"``). Counts are per window of the
rate's period (this hour's, for ``/h``). The check before the work is one read of the count and never a write:
with the database cache on SQLite a write takes the database's one write lock, which every tracker write of
every game waits for. Only what happened is counted, after the fact (:func:`count`).
"""

from __future__ import annotations

import hashlib
import ipaddress
import re
import time

from django.core.cache import cache
from django.http import HttpRequest

from judge.web.client_address import client_address

PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
RATE = re.compile(r"(\d+)/(\d*)([smhd])")
IPV6_PREFIX = 64  # one IPv6 client usually holds a whole /64: counted as one


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


def client(request: HttpRequest) -> str:
    """The client a count belongs to: its address (an IPv6 address's /64)."""
    address = ipaddress.ip_address(client_address(request))
    if address.version == 6:
        return str(ipaddress.ip_network(f"{address}/{IPV6_PREFIX}", strict=False).network_address)
    return str(address)


def _key(group: str, who: str, period: int) -> str:
    window = int(time.time()) // period
    digest = hashlib.sha256(f"{group}\n{who}".encode()).hexdigest()[:40]
    return f"limit:{group}:{period}:{window}:{digest}"


def at_limit(*, group: str, who: str, rate: str) -> bool:
    """Whether ``who`` has done ``group`` ``rate``'s number of times in this window already (one read)."""
    limit, period = parse_rate(rate)
    return int(cache.get(_key(group, who, period), 0)) >= limit


def count(*, group: str, who: str, rate: str) -> None:
    """Count one more ``group`` for ``who`` in this window."""
    _limit, period = parse_rate(rate)
    key = _key(group, who, period)
    if cache.add(key, 1, timeout=period + 5):
        return
    try:
        cache.incr(key)
    except ValueError:  # it expired between the two
        cache.add(key, 1, timeout=period + 5)


__all__ = ["at_limit", "client", "count", "parse_rate"]
