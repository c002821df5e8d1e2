"""What a phone keeps for reading without a connection (issue 25 item 1): what static/js/sw.js pre-caches.

``GET /api/offline-pages?lang=ja|en`` answers ``{"generation", "version", "pages": [...]}``: the home page,
the rule index, the glossary, the worked rulings' list, then every rule page of the current release (903.9;
a subrule is read on its rule's page, where the service worker sends it), chapters 9 and 8 first, then the
others in the rules' order. The generation names the cache: a new ingest makes a new cache, the old one goes.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, JsonResponse
from django.urls import reverse
from django.utils import translation
from django.views.decorators.http import require_GET

from judge.engine.messages import msg
from judge.rules import offline_size, selectors
from judge.rules.models import Corpus
from judge.web.citations import rule_url
from judge.web.json_api import error_response, json_response, request_language
from judge.web.views import OFFLINE_BUDGET

#: The kinds of rule kept: a rule's page shows its subrules (the service worker sends a subrule there);
#: chapter and section pages list whole sections and are read online.
KEPT_KINDS = ("rule",)
#: This site's own chapters first (multiplayer, casual variants), so the budget always holds them.
FIRST_CHAPTERS = ("9", "8")


#: What one kept page weighs on average (issue 25: 1,256 pages, 16,380,216 bytes): only a fallback, while the
#: pages are being measured (a page measured shows the save button too).
PAGE_BYTES = 13_042


def page_count(corpus: Corpus) -> int:
    """How many pages the whole-release download keeps: the first four, then every rule page."""
    return 4 + selectors.rules_of(corpus).filter(kind__in=KEPT_KINDS).count()


def release_megabytes(*, lang: str, host: str | None = None, secure: bool = False) -> int | None:
    """About how many megabytes the whole current release weighs offline in ``lang``; None before the first
    ingest."""
    try:
        corpus = selectors.live_corpus()
    except selectors.NoCorpus:
        return None
    return max(1, round(release_bytes(corpus, lang=lang, host=host, secure=secure) / 1_000_000))


def release_bytes(corpus: Corpus, *, lang: str, host: str | None = None, secure: bool = False) -> int:
    """The bytes the service worker keeps for the whole release in ``lang``: as the ingest measured them, or
    where it could not, measured on the first request (once per generation in this process)."""
    stored = corpus.offline_bytes.get(lang)
    if isinstance(stored, int) and stored > 0:
        return min(stored, OFFLINE_BUDGET)
    measured = offline_size.measured_bytes(
        key=(corpus.pk, lang),
        pages=kept_pages(corpus, lang=lang),
        weights=page_weights(corpus, lang=lang),
        fallback=page_count(corpus) * PAGE_BYTES,
        host=host,
        secure=secure,
        lang=lang,
    )
    return min(measured, OFFLINE_BUDGET)  # the worker stops at its budget


def measure_release(corpus: Corpus) -> dict[str, int]:
    """The bytes the whole-release download of the live ``corpus`` keeps, in each of the site's languages, as
    the ingest measures them (:func:`judge.rules.offline_size.measure`); raises
    :class:`~judge.rules.offline_size.NotMeasured` when a page does not answer."""
    host, secure = offline_size.site_address()
    sizes = {}
    with offline_size.measuring():
        for lang, _name in settings.LANGUAGES:
            pages, weights = kept_pages(corpus, lang=lang), page_weights(corpus, lang=lang)
            sizes[lang] = offline_size.measure(pages, weights=weights, lang=lang, host=host, secure=secure)
    return sizes


def page_weights(corpus: Corpus, *, lang: str) -> dict[str, int]:
    """Each rule page's path and the characters it shows (the rule's and its subrules' text and examples):
    what its size follows, so a sample's bytes per character measures the rest."""
    weights: dict[str, int] = {}
    for number, parent, kind, text, examples in selectors.rules_of(corpus).values_list(
        "number", "parent", "kind", "text", "examples"
    ):
        chars = len(text) + sum(len(str(e)) for e in examples or ())
        owner = number if kind in KEPT_KINDS else parent
        if owner:
            weights[owner] = weights.get(owner, 0) + chars
    with translation.override(lang):
        return {rule_url(number): chars for number, chars in weights.items()}


def kept_pages(corpus: Corpus, *, lang: str) -> list[str]:
    """The pages of :func:`offline_pages_api`, in its order."""
    numbers = (
        selectors.rules_of(corpus)
        .filter(kind__in=KEPT_KINDS)
        .order_by("position")
        .values_list("number", flat=True)
    )
    with translation.override(lang):
        first = [
            reverse("web:home"),
            reverse("rules:index"),
            reverse("rules:glossary"),
            reverse("rulings:scenario-list"),
        ]
        ordered = sorted(numbers, key=lambda n: n[0] not in FIRST_CHAPTERS)  # stable: the rules' order within
        return first + [rule_url(n) for n in ordered]


@require_GET
def offline_pages_api(request: HttpRequest) -> JsonResponse:
    lang = request_language(request)
    try:
        corpus = selectors.live_corpus()
    except selectors.NoCorpus:
        return error_response([msg("web.no-corpus")], status=503, lang=lang)
    pages = kept_pages(corpus, lang=lang)
    return json_response(
        {
            "generation": corpus.pk,
            "version": corpus.current_version,
            "lang": lang,
            "pages": pages,
            # the pages, and the worked rulings' steps the worker adds, as measured (offline_size)
            "bytes": release_bytes(corpus, lang=lang, host=request.get_host(), secure=request.is_secure()),
        }
    )
