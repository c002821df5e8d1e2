"""A repeated search answered from memory before the rest of the middleware (issue 35).

Players ask the same few things; the search's answers (``GET /api/search``, ``/ja/search/``,
``/en/search/``) are public (judge.web.middleware.PublicCacheMiddleware): the same for every reader of one
URL, language and htmx headers, in one index generation and card import. :class:`RepeatAnswerMiddleware`
keeps the complete answer the whole middleware stack gave to such a GET (status 200, every header, the
body) and hands a copy to the next identical request without running anything else: what a shared cache
in front of the site (a CDN keeping the answer under its URL and ``Vary`` headers) would do, with the
generation checked on every request instead of trusting ``max-age``.

What is never kept or answered from memory: anything but GET (HEAD, POST: the full stack), a conditional
request (``If-None-Match``, ``If-Modified-Since``: the full stack answers 304), an answer that sets a
cookie, varies on the cookies, is not ``Cache-Control: public`` with an ETag, or is not 200. The host is
checked against ``ALLOWED_HOSTS`` as the full stack does (400 otherwise), and a plain-HTTP request where
HTTPS is required is never answered (the full stack redirects it, so nothing is kept for it), nor any
request while ``PREPEND_WWW`` or ``DISALLOWED_USER_AGENTS`` is set.

The key is everything the answer depends on: the path and the query string as sent, the language the
locale middleware picks for it, the scheme, the host, the htmx headers and the card data's stamp
(judge.web.card_finder); the answers live in the index generation's answer cache (judge.search.cache), so a
new generation (an ingest) empties them, and a changed setting (tests) too.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import translation

from judge.search.cache import AnswerCache, answers
from judge.search.index import IndexNotReady, open_live
from judge.web.card_finder import current_card_stamp

#: The request headers an answer of the search varies on besides its URL (htmx's fragment requests).
VARIES_ON = ("HTTP_HX_REQUEST", "HTTP_HX_TARGET")
_settings_changes = itertools.count()
_settings_seen = [next(_settings_changes)]


def _settings_changed(**_kwargs: Any) -> None:
    _settings_seen[0] = next(_settings_changes)


setting_changed.connect(_settings_changed)


@functools.cache
def search_paths() -> frozenset[str]:
    """The paths of the search's answers: the API and the page in each language."""
    paths = {reverse("rules-api:search")}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            paths.add(reverse("rules:search"))
    return frozenset(paths)


def _cache() -> AnswerCache | None:
    try:
        return answers(open_live(settings.JUDGE_INDEX_DIR))
    except IndexNotReady:
        return None


def repeat_key(request: HttpRequest) -> tuple[str, ...] | None:
    """What the answer to ``request`` depends on, or None when it is not answered from memory."""
    meta = request.META
    if (
        request.method != "GET"
        or request.path_info not in search_paths()
        or "HTTP_IF_NONE_MATCH" in meta
        or "HTTP_IF_MODIFIED_SINCE" in meta
    ):
        return None
    secure = request.is_secure()
    redirected = settings.SECURE_SSL_REDIRECT and not secure
    if redirected or settings.PREPEND_WWW or settings.DISALLOWED_USER_AGENTS:
        return None  # the security and common middleware's redirects and refusals: the full stack's
    return (
        "response",
        str(_settings_seen[0]),
        request.get_host(),  # DisallowedHost (400) as the full stack would answer
        "https" if secure else "http",
        request.path,
        meta.get("QUERY_STRING", ""),
        translation.get_language_from_request(request, check_path=True),
        *(meta.get(h, "") for h in VARIES_ON),
        current_card_stamp(),
    )


def is_shared(response: HttpResponse) -> bool:
    """Whether ``response`` is an answer every reader of its URL gets (PublicCacheMiddleware's mark)."""
    vary = {part.strip().lower() for part in response.get("Vary", "").split(",")}
    return (
        response.status_code == 200
        and not response.streaming
        and not response.cookies
        and "cookie" not in vary
        and response.has_header("ETag")
        and "public" in response.get("Cache-Control", "")
    )


class RepeatAnswerMiddleware:
    """A repeated public GET of the search answered with a copy of the answer the full stack gave."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        key = repeat_key(request)
        cache = _cache() if key is not None else None
        if cache is None:
            return self.get_response(request)
        kept: tuple[tuple[tuple[str, str], ...], bytes] | None = cache.get(key)
        if kept is not None:
            headers, body = kept
            return HttpResponse(body, headers=dict(headers))
        response = self.get_response(request)
        if is_shared(response):
            cache.put(key, (tuple(response.items()), response.content))
        return response
