"""What a phone keeps for reading without a connection (issue 25 item 1): what static/js/sw.js pre-caches.

``GET /api/offline-pages?lang=ja|en`` answers ``{"generation", "version", "pages": [...]}``: the home page,
the rule index, the glossary, the worked rulings' list, then every rule page of the current release (903.9;
a subrule is read on its rule's page, where the service worker sends it), chapters 9 and 8 first, then the
others in the rules' order. The generation names the cache: a new ingest makes a new cache, the old one goes.
"""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.urls import reverse
from django.utils import translation
from django.views.decorators.http import require_GET

from judge.engine.messages import msg
from judge.rules import selectors
from judge.rules.models import Corpus
from judge.web.citations import rule_url
from judge.web.json_api import error_response, json_response, request_language

#: The kinds of rule kept: a rule's page shows its subrules (the service worker sends a subrule there);
#: chapter and section pages list whole sections and are read online.
KEPT_KINDS = ("rule",)
#: This site's own chapters first (multiplayer, casual variants), so the budget always holds them.
FIRST_CHAPTERS = ("9", "8")


#: What one kept page weighs on average, measured over every page of one language (issue 25: 1,256 pages,
#: 16,380,216 bytes): the size the save button states before anything is downloaded.
PAGE_BYTES = 13_042


def page_count(corpus: Corpus) -> int:
    """How many pages the whole-release download keeps: the first four, then every rule page."""
    return 4 + selectors.rules_of(corpus).filter(kind__in=KEPT_KINDS).count()


def release_megabytes() -> int | None:
    """About how many megabytes the whole current release weighs offline; None before the first ingest."""
    try:
        corpus = selectors.live_corpus()
    except selectors.NoCorpus:
        return None
    return max(1, round(page_count(corpus) * PAGE_BYTES / 1_000_000))


@require_GET
def offline_pages_api(request: HttpRequest) -> JsonResponse:
    lang = request_language(request)
    try:
        corpus = selectors.live_corpus()
    except selectors.NoCorpus:
        return error_response([msg("web.no-corpus")], status=503, lang=lang)
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
        pages = first + [rule_url(n) for n in ordered]
    return json_response(
        {
            "generation": corpus.pk,
            "version": corpus.current_version,
            "lang": lang,
            "pages": pages,
            "bytes": len(pages) * PAGE_BYTES,  # about: the measured average page
        }
    )
