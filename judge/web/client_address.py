"""The client's address, for the rate limits (judge.tracker.limits asks this function).

Behind a proxy the address is in a header the operator names (``DJANGO_RATELIMIT_IP_META_KEY``, e.g.
``HTTP_X_REAL_IP``). A header can be missing, empty, a list ("1.2.3.4, 5.6.7.8": X-Forwarded-For) or
nonsense ("not-an-ip", "999.1.1.1") when a request did not come through the proxy: the first valid
address in it counts, else the socket's (REMOTE_ADDR), else a fixed placeholder, so no request answers 500.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest

UNKNOWN = "0.0.0.0"  # no address at all (a Unix socket without the proxy's header): one shared count


def _valid(text: str) -> str | None:
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        return None


def client_address(request: HttpRequest) -> str:
    """The first valid address of the configured header, else the socket's.

    >>> from django.test import RequestFactory, override_settings
    >>> request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.9", HTTP_X_REAL_IP="not-an-ip, 1.2.3.4")
    >>> with override_settings(JUDGE_CLIENT_ADDRESS_HEADER="HTTP_X_REAL_IP"):
    ...     client_address(request)
    '1.2.3.4'
    >>> client_address(request)  # no header configured: the socket's address
    '10.0.0.9'
    """
    header = getattr(settings, "JUDGE_CLIENT_ADDRESS_HEADER", "")
    candidates = str(request.META.get(header, "")).split(",") if header else []
    candidates.append(str(request.META.get("REMOTE_ADDR", "")))
    return next((found for text in candidates if (found := _valid(text))), UNKNOWN)
