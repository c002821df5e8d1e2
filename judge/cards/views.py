"""A card's page (/ja/cards/<slug>/, /en/cards/<slug>/) and its JSON (GET /api/cards/<name>)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import translation
from django.views.decorators.http import require_GET

from judge.cards import selectors
from judge.cards.presenters import present_card
from judge.engine.messages import msg
from judge.web.json_api import error_response, json_response, request_language
from judge.web.presenters import reader_language

MAX_NAME = 300  # far above any card name (the longest are under 150 characters)


@require_GET
def card_page(request: HttpRequest, slug: str) -> HttpResponse:
    if not selectors.has_cards():
        context = {"no_card_data": msg("web.no-card-data").text(reader_language())}
        return render(request, "cards/card.html", context, status=404)
    row = selectors.card_row(slug=slug)
    if row is None:
        raise Http404("no such card")
    return render(request, "cards/card.html", {"card": present_card(row)})


@require_GET
def card_api(request: HttpRequest, name: str) -> JsonResponse:
    """The card named ``name`` (English or Japanese, any spelling the engine forgives), as its page shows it."""
    lang = request_language(request)
    if not selectors.has_cards():
        return error_response([msg("web.no-card-data")], status=404, lang=lang)
    row = selectors.card_row(name=name[:MAX_NAME])
    if row is None:
        return error_response([msg("web.card-not-found", name=name[:MAX_NAME])], status=404, lang=lang)
    with translation.override(lang):
        return json_response(present_card(row).to_json())
