"""One view serves the full page and its htmx fragment (a django-template-partials ``partialdef``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def page_or_partial(
    request: HttpRequest, template: str, partial: str, context: Mapping[str, Any], *, status: int = 200
) -> HttpResponse:
    """The whole page, or with htmx only ``template#partial``.

    The fragment goes out as 200 whatever ``status`` says: htmx swaps no 4xx answer, and a
    fragment listing the problems is the answer to show. The full page keeps the real status.
    """
    if request.htmx:
        return render(request, f"{template}#{partial}", context)
    return render(request, template, context, status=status)
