"""Template tags every page uses."""

from __future__ import annotations

import re

from django import template
from django.urls import translate_url
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeData, SafeString, mark_safe
from django.utils.translation import gettext as _

from judge.web.citations import judge_doc_url, rule_label, rule_ref_url
from judge.web.citations import rule_url as _rule_url
from judge.web.dates import effective, release_date, release_dates

register = template.Library()
register.filter("effective", effective)
register.filter("release_date", release_date)
register.filter("release_dates", release_dates)


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


@register.simple_tag(name="judge_doc_url")
def judge_doc_url_tag(kind: str, section: str = "") -> str:
    """A judge's document's page: ``{% judge_doc_url 'mtr' '2.5' as url %}`` (judge.web.citations)."""
    return judge_doc_url(kind, section)


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


# One symbol: generic ({2}, {X}), coloured or colourless ({G}, {C}), tap ({T}), hybrid ({R/W}, {2/W}) or
# Phyrexian ({G/P}).
_MANA_SYMBOL = re.compile(r"\{([0-9]{1,7}|[WUBRGCXT]|[WUBRG2]/[WUBRG]|[WUBRG]/P)\}")


def _mana_label(symbol: str) -> str:
    """What a screen reader says for a mana symbol: "0 generic mana" / 「不特定マナ0」, "white mana" /
    「白マナ」, "red mana or white mana (hybrid)" / 「赤マナか白マナ（混成）」."""
    if symbol.isdigit():
        return _("%(amount)s generic mana") % {"amount": symbol}
    if symbol.endswith("/P"):
        return _("%(mana)s or 2 life (Phyrexian mana)") % {"mana": _mana_label(symbol[0])}
    if "/" in symbol:
        first, second = symbol.split("/")
        return _("%(first)s or %(second)s (hybrid)") % {
            "first": _mana_label(first),
            "second": _mana_label(second),
        }
    return {
        "W": _("white mana"),
        "U": _("blue mana"),
        "B": _("black mana"),
        "R": _("red mana"),
        "G": _("green mana"),
        "C": _("colorless mana"),
        "X": _("X generic mana"),
        "T": _("tap symbol"),
    }[symbol]


def _mana_kind(symbol: str) -> str:
    """The symbol's colour class: a hybrid or Phyrexian symbol by its own (H, P), generic ones as N."""
    if symbol.endswith("/P"):
        return "P"
    if "/" in symbol:
        return "H"
    return "N" if symbol.isdigit() or symbol == "X" else symbol


@register.filter
def mana_symbols(text: object) -> SafeString:
    """A text with its mana symbols ({0}, {2}, {G}, {R/W}, {T}) drawn as symbols (the pips of the
    colour-identity answer) with a spoken label in the reader's language, never as raw braces; the rest of
    the text is escaped. Other symbols stay as typed.

    >>> from django.utils import translation
    >>> with translation.override("ja"):
    ...     html = mana_symbols("{1}{R/W}")
    >>> "不特定マナ1" in html, "赤マナか白マナ（混成）" in html, "{" in html
    (True, True, False)
    """
    escaped = str(conditional_escape(text if isinstance(text, SafeData) else str(text)))

    def symbol(match: re.Match[str]) -> str:
        value = match.group(1)
        label = _mana_label(value)
        return str(
            format_html(
                '<span class="mana-symbol pip-{}" role="img" aria-label="{}" title="{}">{}</span>',
                _mana_kind(value),
                label,
                label,
                value,
            )
        )

    return mark_safe(_MANA_SYMBOL.sub(symbol, escaped))
