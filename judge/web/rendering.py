"""One view serves the full page and its htmx fragment (a django-template-partials ``partialdef``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """The request every view receives: ``HtmxMiddleware`` sets ``request.htmx`` on each one.

    Views annotate ``request`` with this type so mypy knows the attribute (django-htmx's documented way).
    """

    htmx: HtmxDetails


def page_or_partial(
    request: HtmxHttpRequest, template: str, partial: str, context: Mapping[str, Any], *, status: int = 200
) -> HttpResponse:
    """The whole page, or with htmx only ``template#partial``.

    The fragment goes out as 200 whatever ``status`` says: htmx swaps no 4xx answer, and a
    fragment listing the problems is the answer to show. The full page keeps the real status.
    """
    if request.htmx:
        return render(request, f"{template}#{partial}", context)
    return render(request, template, context, status=status)


def refusal_page(request: HttpRequest, *, title: str, problem: str, status: int) -> HttpResponse:
    """A request refused before any page could answer it (400, the CSRF 403, 405), as a page in the reader's
    language with the site's header: its title, the problem, and the way home (Django's own pages are English
    and for developers)."""
    return render(request, "web/refusal.html", {"title": title, "problem": problem}, status=status)
