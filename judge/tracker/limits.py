"""How often one client may do a thing to the tracker (start a game, have a write refused): who a count
belongs to (:func:`client`), counted by :mod:`judge.limits.counters` in its own database table.

Never in Django's cache: a cache may drop any entry (the database cache culls a third of its keys when full),
and a dropped count is a client's limit voided (issue 31).
"""

from __future__ import annotations

from judge.limits.counters import at_limit, count, parse_rate
from judge.web.client_address import IPV6_PREFIX
from judge.web.client_address import client_key as client

__all__ = ["IPV6_PREFIX", "at_limit", "client", "count", "parse_rate"]
