"""Template filters of the rules pages: rule text with every rule reference as a link, document text as
paragraphs, lists and card text, word diffs."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from django import template
from django.template import Context
from django.utils import translation
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from judge.parsing.ja_common import blocks
from judge.rules import models
from judge.rules.documents import DocumentInfo
from judge.rules.offline import release_megabytes
from judge.rules.text import rule_html
from judge.search.analysis import has_japanese
from judge.web.citations import rule_url_prefix
from judge.web.dates import effective, reader_date, release_date, release_dates

register = template.Library()

_LATIN = re.compile("[A-Za-z]")


@register.filter
def rule_links(text: str, renumbered: Mapping[str, str] | None = None) -> SafeString:
    """Escape ``text`` and turn each rule reference ("rule 903.9", "rules 903.4b–c", 「rule 810」) into a
    link.

    ``renumbered`` (old number -> current number) is for text written against an older version
    of the rules, such as a Japanese translation: its "rule 711" is today's rule 712.
    """
    return rule_html(text, rule_url=rule_url_prefix(), renumbered=renumbered)


@register.filter
def doc_blocks(parts: str | Iterable[str], renumbered: Mapping[str, str] | None = None) -> SafeString:
    """A document section's text (a string, or paragraphs) as HTML: paragraphs, lists with the notes on
    their items nested under them, and card text boxes (``judge.parsing.ja_common.blocks``), each with
    its rule references as links (``rule_links``)."""
    out: list[str] = []
    for block in blocks([parts] if isinstance(parts, str) else parts):
        if block.kind == "list":
            items = []
            for text, notes in block.items:
                nested = "".join(format_html("<li>{}</li>", rule_links(note, renumbered)) for note in notes)
                inner = format_html('<ul class="item-notes">{}</ul>', mark_safe(nested)) if notes else ""
                items.append(format_html("<li>{}{}</li>", rule_links(text, renumbered), inner))
            out.append(format_html("<ul>{}</ul>", mark_safe("".join(items))))
        elif block.kind == "card":
            out.append(
                format_html(
                    '<blockquote class="card-text" aria-label="{}">{}</blockquote>',
                    _("Card text"),
                    rule_links(block.text, renumbered),
                )
            )
        else:
            out.append(format_html("<p>{}</p>", rule_links(block.text, renumbered)))
    return mark_safe("".join(out))


@register.filter
def doc_title(document: object, lang: str) -> str:
    """A document's title in the reader's language (``DocumentInfo.title_in``)."""
    title_in = getattr(document, "title_in", None)
    return str(title_in(lang)) if title_in else ""


@register.filter
def source_title(source: models.Source, lang: str) -> str:
    """A stored document's title in the reader's language, never its file name."""
    return DocumentInfo.of(source).title_in(lang)


@register.filter
def diff_html(diff: Iterable[tuple[str, str]]) -> SafeString:
    """Render ``word_diff`` output: insertions in <ins>, deletions in <del>."""
    out: list[str] = []
    for op, words in diff:
        if op == "insert":
            out.append(format_html("<ins>{}</ins>", words))
        elif op == "delete":
            out.append(format_html("<del>{}</del>", words))
        else:
            out.append(escape(words))
    return mark_safe(" ".join(out))


CONTEXT_WORDS = 8  # words kept each side of a change in a diff excerpt


@register.filter
def diff_excerpt(diff: Iterable[tuple[str, str]]) -> SafeString:
    """``diff_html`` of the changes only, each with a few words either side ("… nontoken creature <del>enters
    the battlefield,</del> <ins>enters,</ins> if Genesis …"): a long rule's one changed phrase stands out."""
    runs = list(diff)
    trimmed: list[tuple[str, str]] = []
    for index, (op, words) in enumerate(runs):
        if op != "equal":
            trimmed.append((op, words))
            continue
        split = words.split()
        if len(split) <= 2 * CONTEXT_WORDS:
            trimmed.append((op, words))
            continue
        after = " ".join(split[:CONTEXT_WORDS]) if index > 0 else ""
        before = " ".join(split[-CONTEXT_WORDS:]) if index < len(runs) - 1 else ""
        trimmed.append((op, " … ".join(part for part in (after, before) if part)))
        if index == 0:
            trimmed[-1] = (op, "… " + trimmed[-1][1])
        elif index == len(runs) - 1:
            trimmed[-1] = (op, trimmed[-1][1] + " …")
    return diff_html(trimmed)


@register.filter
def get_item(mapping: Mapping[object, object] | None, key: object) -> object:
    """``mapping[key]`` in a template (None when absent), e.g. a cited rule's label by its number."""
    return mapping.get(key) if mapping else None


@register.simple_tag(takes_context=True)
def offline_megabytes(context: Context) -> int | None:
    """About how many megabytes the whole current release weighs offline in the page's language, measured
    from its pages (the save button's size, templates/web/_offline_save.html); None before the first
    ingest."""
    request = context.get("request")
    lang = translation.get_language() or "ja"
    if request is None:
        return release_megabytes(lang=lang)
    return release_megabytes(lang=lang, host=request.get_host(), secure=request.is_secure())


@register.filter
def title_lang(title: str, lang: str) -> str:
    """The language a hit's title is written in: a rule found in English is titled by its section's Japanese
    name for a Japanese reader ("903.8. 統率者戦"), and its ``lang`` attribute says so.

    >>> title_lang("903.8. 統率者戦", "en"), title_lang("903.8. Commander", "en")
    ('ja', 'en')
    >>> title_lang("統率者税（Commander Tax）", "en")  # both: the hit's own language
    'en'
    """
    return "ja" if has_japanese(title) and not _LATIN.search(title) else lang


register.filter("reader_date", reader_date)
register.filter("release_date", release_date)
register.filter("release_dates", release_dates)
register.filter("effective", effective)
