"""The home page and the health check: what the whole site shares."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from judge.engine.messages import msg
from judge.rules import selectors
from judge.web.json_api import error_response, request_language


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    try:
        corpus = selectors.live_corpus()
    except selectors.NoCorpus:
        corpus = None
    return render(request, "web/home.html", {"corpus": corpus})


@require_GET
def health(request: HttpRequest) -> JsonResponse:
    try:
        corpus = selectors.live_corpus()
    except selectors.NoCorpus:
        return error_response([msg("web.no-corpus")], status=503, lang=request_language(request))
    return JsonResponse({"status": "ok", "corpus": corpus.pk, "versions": corpus.versions})
