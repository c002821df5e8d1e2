"""Template tags every page uses."""

from __future__ import annotations

from django import template
from django.urls import translate_url

from judge.web.citations import rule_label, rule_ref_url
from judge.web.citations import rule_url as _rule_url

register = template.Library()


@register.inclusion_tag("web/_cited_rule.html")
def cited_rule(rule: str, label: str = "") -> dict[str, str | None]:
    """A step's or a problem's cited rule, linked where it points (a CR rule's page, a format document's
    section) and named as the reader reads it: "903.8", "統率者戦ルール 2", "DTC ハウスルール" (never
    "dtc:setup", judge.web.citations.rule_label); ``label`` names it otherwise (a worked
    ruling's DTC rule by its section's heading). ``{% cited_rule s.rule %}``."""
    return {"url": rule_ref_url(rule), "label": label or rule_label(rule)}


@register.simple_tag
def rule_url(number: str, version: str = "") -> str:
    """A CR rule's page in the reader's language, the one way a template links a rule
    (judge.web.citations.rule_url): ``{% rule_url "903.8" %}`` -> "/ja/rules/903.8/"; that release's text with
    ``{% rule_url r.number version=changes.new %}``; ``{% rule_url n as url %}`` for a blocktranslate."""
    return _rule_url(str(number), version=version or "")


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
