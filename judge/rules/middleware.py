"""Pages before the first ingest, and rules versions that are not ingested."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from judge.rules.selectors import NoCorpus, UnknownVersion


class NoCorpusMiddleware:
    """Until the first ingest, pages answer 503 with the command to run instead of a 500; a
    ``?version=`` that is not ingested answers 404 listing the versions there are."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, NoCorpus):
            return render(request, "rules/no_corpus.html", status=503)
        if isinstance(exception, UnknownVersion):
            return render(request, "rules/unknown_version.html", {"error": exception}, status=404)
        return None
