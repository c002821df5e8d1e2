"""One URL per page (issue 31 item 7): a path spelled with percent-escapes that need none answers 301 to its
canonical spelling, so no cache (the service worker, a proxy, a CDN) keeps a page under a second name.

``/en/tracker%2F<slug>/`` and ``/en/%74racker/<slug>/`` decode to the live game page ``/en/tracker/<slug>/``:
the server used to answer them 200 and static/js/sw.js, which tests the still-encoded path, kept the game as
a saved page. An escaped unreserved character (RFC 3986 2.3: letters, digits, ``-._~``) or an escaped
slash is not canonical; escapes of anything else (Japanese, a space) are how those are spelled.

WSGI hands Django the decoded path, so the spelling the client sent is read from the server's raw URI:
gunicorn's ``RAW_URI``, uWSGI's and Apache's ``REQUEST_URI`` (ASGI servers give ``raw_path``). A server that
gives neither (``manage.py runserver``) is not checked; the service worker decodes before testing anyway.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import unquote, urlsplit

from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.utils.encoding import escape_uri_path

#: A percent-escape of an unreserved character or of "/": never needed.
NEEDLESS = re.compile(r"%(?:[46][1-9A-Fa-f]|[57][0-9Aa]|3[0-9]|2[DdEeFf]|5[Ff]|7[Ee])")


def raw_path(request: HttpRequest) -> str | None:
    """The path as the client sent it, still encoded; None when the server does not say."""
    raw = request.META.get("RAW_URI") or request.META.get("REQUEST_URI")
    if not isinstance(raw, str) or not raw:
        return None
    if "://" in raw:  # an absolute-form request target (RFC 9112 3.2.2)
        raw = urlsplit(raw).path
    return raw.split("?", 1)[0].split("#", 1)[0]


def needless_escapes(path: str) -> bool:
    return NEEDLESS.search(path) is not None


def canonical(path: str) -> str:
    """The path decoded and re-encoded the one way: escapes only where they are needed."""
    return escape_uri_path(unquote(path))


class CanonicalPathMiddleware:
    """301 from a needlessly escaped path to its canonical spelling, the query kept."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        raw = raw_path(request)
        if raw is None or not needless_escapes(raw):
            return self.get_response(request)
        target = canonical(raw)
        query = request.META.get("QUERY_STRING", "")
        response = HttpResponsePermanentRedirect(target + ("?" + query if query else ""))
        response["Cache-Control"] = "no-store"
        return response
