"""Template tags every page uses."""

from __future__ import annotations

from django import template
from django.urls import translate_url

register = template.Library()


@register.simple_tag(takes_context=True)
def language_url(context: template.Context, lang: str) -> str:
    """The current page in another language (/en/rules/903.9/ <-> /ja/rules/903.9/), query string kept."""
    request = context["request"]
    url = translate_url(request.path, lang)
    query = request.META.get("QUERY_STRING", "")
    return f"{url}?{query}" if query else url
