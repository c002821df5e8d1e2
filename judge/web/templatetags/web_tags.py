"""Template tags every page uses."""

from __future__ import annotations

from django import template
from django.urls import translate_url

from judge.web.citations import rule_label

register = template.Library()


@register.filter
def citation(rule: str) -> str:
    """A cited rule as the reader sees it: "903.8", "統率者戦ルール 2", "DTC ハウスルール" (never
    "dtc:setup")."""
    return rule_label(rule)


@register.simple_tag(takes_context=True)
def language_url(context: template.Context, lang: str) -> str:
    """The current page in another language (/en/rules/903.9/ <-> /ja/rules/903.9/), query string kept.

    Built from the path only when it resolves to a page of the site: "//evil.example/en/rules/903.8/" would
    otherwise read as another host's address, and a page that does not exist links the language's home.
    """
    request = context["request"]
    path = "/" + request.path.lstrip("/")
    url = translate_url(path, lang)
    if (url == path and not path.startswith(f"/{lang}/")) or "//" in url:  # no page of the site to translate
        return f"/{lang}/"
    query = request.META.get("QUERY_STRING", "")
    return f"{url}?{query}" if query else url
