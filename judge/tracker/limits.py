"""How often one client may do a thing to the tracker (start a game, have a write refused): who a count
belongs to (:func:`client`), counted by :mod:`judge.limits.counters` in its own database table.

Never in Django's cache: a cache may drop any entry (the database cache culls a third of its keys when full),
and a dropped count is a client's limit voided (issue 31).
"""

from __future__ import annotations

import ipaddress

from django.http import HttpRequest

from judge.limits.counters import at_limit, count, parse_rate
from judge.web.client_address import client_address

IPV6_PREFIX = 64  # one IPv6 client usually holds a whole /64: counted as one


def client(request: HttpRequest) -> str:
    """The client a count belongs to: its address (an IPv6 address's /64; an IPv4-mapped IPv6 address,
    ``::ffff:192.0.2.7``, is the IPv4 address it maps, never the /64 ``::`` every such client shares)."""
    address = ipaddress.ip_address(client_address(request))
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return str(address.ipv4_mapped)
    if address.version == 6:
        return str(ipaddress.ip_network(f"{address}/{IPV6_PREFIX}", strict=False).network_address)
    return str(address)


__all__ = ["at_limit", "client", "count", "parse_rate"]
