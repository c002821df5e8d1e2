"""A card's page (/ja/cards/<slug>/, /en/cards/<slug>/) and its JSON (GET /api/cards/<name>)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from judge.cards import selectors
from judge.cards.presenters import present_card
from judge.engine.messages import msg
from judge.rules import selectors as rules_selectors
from judge.web.json_api import error_response, json_response, request_language
from judge.web.presenters import reader_language

MAX_NAME = 300  # far above any card name (the longest are under 150 characters)


#: Rendered card bodies by (slug, language, card data stamp, rules generation); a new import or ingest
#: changes the key.
_BODIES: OrderedDict[tuple[str, ...], tuple[str, str]] = OrderedDict()
#: Whole answers by their ETag (judge.web.middleware.public_etag: the deploy, the corpus generation, the
#: card data stamp, the language, the URL and the htmx headers). A card page is public, so it carries no
#: CSRF token and is the same for every reader: a warm page is the two queries of its ETag and no render.
_PAGES: OrderedDict[str, bytes] = OrderedDict()
_LOCK = threading.Lock()
MAX_BODIES = 2000
MAX_PAGES = 1000  # whole pages, larger than the bodies: fewer of them


def _generation() -> str:
    try:
        return "-".join(str(part) for part in rules_selectors.generation(rules_selectors.live_corpus()))
    except rules_selectors.NoCorpus:
        return ""


def _remember(cache: OrderedDict[Any, Any], key: Any, value: Any, *, most: int) -> None:
    with _LOCK:
        cache[key] = value
        while len(cache) > most:
            cache.popitem(last=False)


@require_GET
def card_page(request: HttpRequest, slug: str) -> HttpResponse:
    etag = getattr(request, "public_cache", None)
    if etag is not None:
        with _LOCK:
            page = _PAGES.get(etag)
        if page is not None:
            return HttpResponse(page)
    stamp = selectors.data_stamp()
    if not stamp:
        context = {"no_card_data": msg("web.no-card-data").text(reader_language())}
        return render(request, "cards/card.html", context, status=404)
    key = (slug, reader_language(), stamp, _generation())
    with _LOCK:
        cached = _BODIES.get(key)
    if cached is None:
        row = selectors.card_row(slug=slug)
        if row is None:
            raise Http404(_("No such card in the card data."))  # shown on the 404 page: the reader's language
        card = present_card(row)
        title = f"《{card.name_ja}》" if card.name_ja and reader_language() == "ja" else card.name
        cached = (title, render_to_string("cards/_card.html", {"card": card}, request=request))
        _remember(_BODIES, key, cached, most=MAX_BODIES)
    response = render(request, "cards/card.html", {"title": cached[0], "body": cached[1]})
    if etag is not None:
        _remember(_PAGES, etag, response.content, most=MAX_PAGES)
    return response


@require_GET
def card_api(request: HttpRequest, name: str) -> JsonResponse:
    """The card named ``name`` (English or Japanese, any spelling the engine forgives), as its page shows
    it."""
    lang = request_language(request)
    if not selectors.has_cards():
        return error_response([msg("web.no-card-data")], status=404, lang=lang)
    row = selectors.card_row(name=name[:MAX_NAME])
    if row is None:
        return error_response([msg("web.card-not-found", name=name[:MAX_NAME])], status=404, lang=lang)
    with translation.override(lang):
        return json_response(present_card(row).to_payload())
