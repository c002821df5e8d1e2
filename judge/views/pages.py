from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from judge import selectors


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    try:
        corpus = selectors.live_corpus()
    except selectors.NoCorpus:
        corpus = None
    return render(request, "pages/home.html", {"corpus": corpus})
