"""The client's address, for the rate limits (judge.tracker.limits asks this function).

Behind a proxy the address is in a header the operator names (``DJANGO_RATELIMIT_IP_META_KEY``, e.g.
``HTTP_X_REAL_IP`` or ``HTTP_X_FORWARDED_FOR``). A list ("1.2.3.4, 5.6.7.8": X-Forwarded-For) is read from
the right: each proxy appends the address it was sent from, so only the last ``JUDGE_TRUSTED_PROXIES``
entries (1 by default: the shipped nginx in front of gunicorn) were written by proxies the site trusts, and
the entry that many from the right is the client's. Anything left of it the client wrote itself: taking the
first entry would let a client pick its own rate-limit bucket. A header missing, empty or nonsense
("not-an-ip", "999.1.1.1": a request that did not come through the proxy) gives the socket's address
(REMOTE_ADDR), else a fixed placeholder, so no request answers 500.

An IPv4-mapped IPv6 address (``::ffff:192.0.2.7``, what a dual-stack socket reports for an IPv4 client) is
the IPv4 address it maps.

One definition of a client for every limit (:func:`client_key`): an IPv4 address, or an IPv6 address's /64
(one household or server usually holds a whole /64). The shipped nginx config keys its limits the same way
(``$judge_client`` in deploy/nginx/judge-zones.conf).
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest

IPV6_PREFIX = 64  # one IPv6 client usually holds a whole /64: counted as one
UNKNOWN = "0.0.0.0"  # no address at all (a Unix socket without the proxy's header): one shared count


def _valid(text: str) -> str | None:
    try:
        address = ipaddress.ip_address(text.strip())
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return str(address.ipv4_mapped)
    return str(address)


def trusted_entry(header: str, proxies: int) -> str:
    """The entry of a comma-separated address header written by the farthest of ``proxies`` trusted
    proxies: ``proxies`` from the right (the leftmost when the list is shorter).

    >>> trusted_entry("203.0.113.9, 198.51.100.4", 1), trusted_entry("a, b, c", 2), trusted_entry("a", 3)
    ('198.51.100.4', 'b', 'a')
    """
    entries = [entry.strip() for entry in header.split(",")]
    return entries[max(0, len(entries) - max(1, proxies))]


def client_address(request: HttpRequest) -> str:
    """The address the trusted proxies name in the configured header, else the socket's.

    >>> from django.test import RequestFactory, override_settings
    >>> request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.9", HTTP_X_FORWARDED_FOR="6.6.6.6, 1.2.3.4")
    >>> with override_settings(JUDGE_CLIENT_ADDRESS_HEADER="HTTP_X_FORWARDED_FOR"):
    ...     client_address(request)
    '1.2.3.4'
    >>> client_address(request)  # no header configured: the socket's address
    '10.0.0.9'
    """
    header = getattr(settings, "JUDGE_CLIENT_ADDRESS_HEADER", "")
    proxies = int(getattr(settings, "JUDGE_TRUSTED_PROXIES", 1))
    candidates = [trusted_entry(str(request.META.get(header, "")), proxies)] if header else []
    candidates.append(str(request.META.get("REMOTE_ADDR", "")))
    return next((found for text in candidates if (found := _valid(text))), UNKNOWN)


def client_key(request: HttpRequest) -> str:
    """The client every limit counts: its address (an IPv6 address's /64; an IPv4-mapped IPv6 address,
    ``::ffff:192.0.2.7``, is the IPv4 address it maps, never the /64 ``::`` every such client shares).

    >>> from django.test import RequestFactory
    >>> client_key(RequestFactory().get("/", REMOTE_ADDR="2001:db8:1:2:aaaa::9"))
    '2001:db8:1:2::'
    """
    address = ipaddress.ip_address(client_address(request))
    if address.version == 6:
        return str(ipaddress.ip_network(f"{address}/{IPV6_PREFIX}", strict=False).network_address)
    return str(address)
