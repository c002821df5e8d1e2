"""What every answer of the site goes through.

- A strict Content-Security-Policy: only the site's own scripts and styles. htmx is served from
  /static/ (no CDN), and htmx's inline-style indicator is turned off in the page's htmx config, so
  no 'unsafe-inline' is needed.
- HEAD answered by the GET view, without the body (monitors and link checkers use HEAD).
- A wrong method answered in the reader's language: the API's one error shape, or a page.
- Shared caching of what is the same for every reader, and none of what carries one visitor's state
  (:class:`PublicCacheMiddleware`).
- A database busy past its timeout (SQLite's write lock held by another writer) answers 503 with
  ``Retry-After``, never a 500 (:class:`DatabaseBusyMiddleware`).
- The engine's citations in the current release's numbers (:class:`CitationMiddleware`).
"""

from __future__ import annotations

import errno
import functools
import hashlib
import logging
from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from django.core.exceptions import BadRequest
from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import ResolverMatch
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from judge.engine.messages import msg
from judge.search.index import live_name
from judge.web.card_finder import card_data_stamp, current_card_stamp
from judge.web.citations import citing_current
from judge.web.generation import live_generation
from judge.web.json_api import error_response, is_api, request_language
from judge.web.rendering import refusal_page

logger = logging.getLogger(__name__)

POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'self'; object-src 'none'"
)


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", POLICY)
        return response


class CitationMiddleware:
    """What the engine renders during a request (steps, problems, worked rulings) names the rules by the
    current release's numbers, followed from the release it was written against through the live
    generation's lineage (judge.web.citations.citing_current; read only when something is cited)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        with citing_current():
            return self.get_response(request)


class NulInPathMiddleware:
    """400 for a path holding a NUL character (``%00``): no route takes one, and PostgreSQL refuses NUL in
    a query's text (a 500 from ``/api/rules/%00``), so it never reaches a view. After the locale middleware,
    so the 400 page (judge.web.views.bad_request) is in the reader's language."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "\x00" in request.path_info:
            raise BadRequest("a NUL character in the path")
        return self.get_response(request)


class HeadAsGetMiddleware:
    """HEAD is GET without the body (RFC 9110 9.3.2): every view that answers GET (``require_GET``)
    answers HEAD the same, status and headers included; Content-Length stays the GET body's."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method != "HEAD":
            return self.get_response(request)
        request.method = "GET"
        try:
            response = self.get_response(request)
        finally:
            request.method = "HEAD"
        if not response.streaming:
            length = len(response.content)
            response.content = b""
            if length:
                response.headers["Content-Length"] = str(length)
        return response


class ApiMethodNotAllowedMiddleware:
    """A wrong method (``require_POST``/``require_GET``: POST on a rule page, GET on the tracker's event URL)
    answers 405 in the reader's language, keeping the ``Allow`` header: in the API's error shape under /api/,
    a page saying which method the address takes elsewhere (Django's own 405 has an empty body, a blank
    page in a browser)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code != 405 or response.content:
            return response
        allowed = response.get("Allow", "")
        problem = msg("web.method-not-allowed", method=(request.method or "")[:20], allowed=allowed)
        answer: HttpResponse
        if is_api(request):
            answer = error_response([problem], status=405, lang=request_language(request))
        else:
            problem_text = problem.text(get_language() or "en")
            answer = refusal_page(request, title=_("Not allowed"), problem=problem_text, status=405)
        answer["Allow"] = allowed
        return answer


BUSY_RETRY_AFTER = 5  # seconds a client is asked to wait when the database is busy


def is_busy(error: BaseException) -> bool:
    """Whether ``error`` is the database saying another writer holds its lock ("database is locked")."""
    return isinstance(error, OperationalError) and "locked" in str(error)


def is_disk_full(error: BaseException) -> bool:
    """Whether ``error`` is storage that ran out: the OS's ENOSPC (a file, a temp file, the index) or the
    database saying so (SQLite "database or disk is full", PostgreSQL "could not extend file" /
    "No space left on device")."""
    if isinstance(error, OSError) and error.errno == errno.ENOSPC:
        return True
    text = str(error)
    return isinstance(error, OperationalError) and (
        "disk is full" in text or "No space left" in text or "could not extend file" in text
    )


def wants_json(request: HttpRequest) -> bool:
    """A JSON client: the API, a JSON body, ``?format=json`` or a GET that accepts JSON first (the tracker's
    phones ask so)."""
    return (
        is_api(request)
        or request.content_type == "application/json"
        or request.GET.get("format") == "json"
        or request.headers.get("Accept", "").startswith("application/json")
    )


class DatabaseBusyMiddleware:
    """A write that waited out the database's busy timeout answers 503 with ``Retry-After``; a full disk
    answers 503 and logs what ran out (issue 43). Both: JSON for JSON clients, else a page in the reader's
    language. Nothing was written (the transaction rolled back)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if is_busy(exception):
            problem = msg("web.database-busy", seconds=BUSY_RETRY_AFTER)
        elif is_disk_full(exception):
            filename = getattr(exception, "filename", None)
            logger.error(
                "storage full answering %s %s: %s%s",
                request.method,
                request.path,
                "the database" if isinstance(exception, OperationalError) else "a file",
                f" ({filename})" if filename else f" ({exception})",
            )
            problem = msg("web.disk-full")
        else:
            return None
        if wants_json(request):
            lang = request_language(request, default="en" if is_api(request) else get_language() or "en")
            response: HttpResponse = error_response([problem], status=503, lang=lang)
        else:
            lang = get_language() or "en"
            response = render(request, "busy.html", {"problem": problem.text(lang)}, status=503)
        if is_busy(exception):
            response["Retry-After"] = str(BUSY_RETRY_AFTER)
        patch_cache_control(response, no_store=True)
        return response


#: What every reader gets the same: pages with no form that posts, and the read-only JSON API. Their
#: answers change only with the corpus (an ingest), the search index or a deploy. Namespaces or view names.
PUBLIC_ROUTES = frozenset(
    {
        "web:home",
        "web:offline",
        "rules",
        "rules-api",
        "calc:tax",
        "calc:damage",
        "rulings:scenario-list",
        "rulings:scenario-detail",
        "rulings:scenario-step",
        "cards:detail",
    }
)
#: Public answers that also show card data (a card page; a worked ruling's card names link to their pages):
#: their ETag changes with each card import too.
CARD_ROUTES = frozenset({"cards:detail", "rulings:scenario-step"})
#: What a page's answer depends on besides its URL: htmx asks the same URL for a fragment (and the header
#: search box for its few best matches), so a cache keeps one answer per value of these headers.
VARIES_ON = ("HX-Request", "HX-Target")
#: Answers read from the search index alone (not the database).
SEARCH_ROUTES = frozenset({"rules:search", "rules-api:search"})


def is_public(match: ResolverMatch) -> bool:
    return match.view_name in PUBLIC_ROUTES or match.namespace in PUBLIC_ROUTES


@functools.cache
def release() -> str:
    """A digest of everything in the checkout that shapes an answer (code, templates, translations,
    static files, the term tables): the same on every server running one deploy, new with the next."""
    digest = hashlib.sha1()
    base = Path(settings.BASE_DIR)
    for top in ("judge", "templates", "static", "rules_data"):
        for path in sorted((base / top).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(base)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def generation(match: ResolverMatch) -> str | None:
    """What a public answer is read from: the live search index for the search (its name, ``gen-<id>``,
    changes with each ingest), the live corpus generation for everything else, with the card data's stamp
    for the search and the :data:`CARD_ROUTES`; None before the first ingest (the card routes answer then
    too)."""
    if match.view_name in SEARCH_ROUTES:
        # The search shows the cards a query names: its answers change with a card import too.
        index = live_name(Path(settings.JUDGE_INDEX_DIR))
        return None if index is None else f"{index}:cards-{current_card_stamp()}"
    corpus = live_generation()
    if match.view_name in CARD_ROUTES:
        # These pages answer before the first ingest too (their rules as plain links).
        return f"corpus-{corpus.pk if corpus is not None else 'none'}:cards-{card_data_stamp()}"
    return None if corpus is None else f"corpus-{corpus.pk}"


def public_etag(request: HttpRequest, read_from: str) -> str:
    """The ETag of a public answer: the deploy, the generation, the language, the URL and the htmx headers."""
    parts = [
        release(),
        read_from,
        get_language() or "",
        request.get_full_path(),
        *(request.headers.get(h, "") for h in VARIES_ON),
    ]
    return '"' + hashlib.sha1("\n".join(parts).encode()).hexdigest()[:32] + '"'


def is_personal(response: HttpResponse) -> bool:
    """Whether the answer carries something of one visitor: it sets a cookie (the CSRF cookie, which Django
    sets whenever a page uses the token of a form that posts; a tracker seat) or varies on the cookies."""
    vary = {part.strip().lower() for part in response.get("Vary", "").split(",")}
    return bool(response.cookies) or "cookie" in vary


def keep_private(response: HttpResponse) -> None:
    """``Cache-Control: private`` (no shared cache keeps it), and ``no-store`` unless the view asked for
    ``no-cache`` (the tracker's answers, which a phone revalidates with their ETag) or ``no-store``."""
    asked = response.get("Cache-Control", "")
    patch_cache_control(response, private=True)
    if "no-cache" not in asked and "no-store" not in asked:
        patch_cache_control(response, no_store=True)


class PublicCacheMiddleware:
    """``Cache-Control: public`` and an ETag per corpus generation for the :data:`PUBLIC_ROUTES`, and
    304 for a matching ``If-None-Match`` without running the view (one query for the generation; the
    search reads the index pointer and the card data's stamp kept in memory, judge.web.card_finder, instead:
    no query); ``Cache-Control: private, no-store`` for every answer that
    carries something of one visitor (:func:`is_personal`: a page with a form that posts, whose CSRF token
    a shared cache must never hand to the next reader).

    A CDN or a browser can keep the public answers only if they carry nothing of one reader: the pages
    have no form that posts, so base.html leaves out the CSRF token (``request.public_cache``) and no
    CSRF cookie or ``Vary: Cookie`` is sent. An answer that sets a cookie anyway is not marked public.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if is_personal(response):
            keep_private(response)
            return response
        etag = getattr(request, "public_cache", None)
        if etag is None or response.status_code not in (200, 304):
            return response
        response.headers["ETag"] = etag
        patch_cache_control(response, public=True, max_age=settings.JUDGE_PUBLIC_MAX_AGE)
        patch_vary_headers(response, VARIES_ON)
        return response

    def process_view(
        self, request: HttpRequest, view: Callable[..., HttpResponse], args: object, kwargs: object
    ) -> HttpResponse | None:
        match = request.resolver_match
        if request.method != "GET" or match is None or not is_public(match):
            return None
        read_from = generation(match)
        if read_from is None:
            return None
        etag = request.public_cache = public_etag(request, read_from)  # type: ignore[attr-defined]
        return get_conditional_response(request, etag=etag)
