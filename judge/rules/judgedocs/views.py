"""The judge's documents' pages: an index per document (/docs/mtr/) and a page per section
(/docs/mtr/4.4/), in the reader's language: on /ja/ an official Japanese edition of today's edition first,
with its source and date, and the English below (one that translates an older edition: after today's
English, on request); else the English text with the site's Japanese glosses and section titles; the
edition's date and where it is published, a notice when a newer edition is known, previous and next, the
section's other editions."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from judge.rules.judgedocs import selectors
from judge.rules.judgedocs.editions import document_name, known_editions
from judge.rules.judgedocs.history import section_history
from judge.rules.judgedocs.presenters import PENALTY_NAMES, SectionText, parts_context, section_label
from judge.web.citations import judge_doc_url
from judge.web.presenters import reader_language
from judge.web.rendering import HtmxHttpRequest, page_or_partial


def _document(kind: str, edition: Any, *, japanese: bool) -> dict[str, Any]:
    newer = selectors.newer_known(edition)
    return {
        # The official Japanese edition installed and its standing (the notice under the date on /ja/).
        "japanese": selectors.japanese_edition(kind) if japanese else None,
        "kind": kind,
        "short": kind.upper(),
        "name": document_name(kind, japanese=japanese),
        "name_en": document_name(kind, japanese=False),
        "title": edition.title,
        "effective": edition.effective,
        "address": edition.address,
        "url": judge_doc_url(kind),
        "newer": newer,
    }


@require_GET
def judge_doc_page(request: HtmxHttpRequest, kind: str) -> HttpResponse:
    """A document's index: its sections, each a link to its page."""
    edition = selectors.serving(kind)
    japanese = reader_language() == "ja"
    if edition is None:
        return _not_installed(request, kind, japanese=japanese)
    sections = []
    # edition_id too: a related manager sets each row's edition, reading edition_id (deferred: a query each).
    for section in edition.sections.only("edition_id", "key", "number", "title", "penalty"):
        label, lang = section_label(section, kind, japanese=japanese)
        sections.append(
            {
                "url": judge_doc_url(kind, section.key),
                "label": label,
                "lang": lang,
                "depth": 0 if not section.number or "." not in section.number else 1,
                "penalty": PENALTY_NAMES.get(section.penalty, ""),
            }
        )
    context = {
        "doc": _document(kind, edition, japanese=japanese),
        "sections": sections,
        "editions": selectors.editions(kind),
        "japanese": japanese,
    }
    return render(request, "rules/judge_doc.html", context)


def _not_installed(request: HtmxHttpRequest, kind: str, *, japanese: bool) -> HttpResponse:
    """A document the site knows but has no edition of (a text naming "JAR" links here): its current
    edition's date and where Wizards publishes it."""
    known = known_editions().get(kind)
    if known is None:
        raise Http404(_("No such document."))
    doc = {
        "kind": kind,
        "short": kind.upper(),
        "name": document_name(kind, japanese=japanese),
        "title": known.name_en,
        "url": judge_doc_url(kind),
        "known": known,
    }
    return render(request, "rules/judge_doc_missing.html", {"doc": doc, "japanese": japanese})


def _japanese_section(kind: str, key: str, english: Any) -> dict[str, Any] | None:
    """The section in the official Japanese edition installed, beside today's English edition only (an
    older edition's page is English alone): its standing, source title and date, number and title as it
    prints them, its parts; None when there is none."""
    both = selectors.japanese_section(kind, key, english)
    if both is None:
        return None
    found, row = both
    return {
        "standing": found.standing,
        "todays": found.todays,
        "title": found.edition.title,
        "effective": found.edition.effective,
        "english_effective": found.english.effective,
        "address": found.edition.address,
        "label": f"{row.number} {row.title}" if row.number[:1].isdigit() else row.title,
        "parts": parts_context(row, SectionText(kind=kind, japanese=False)),
    }


@require_GET
def judge_section_page(request: HtmxHttpRequest, kind: str, key: str) -> HttpResponse:
    """A section: its parts, its penalty (the IPG's), previous and next, its editions."""
    effective = request.GET.get("edition", "")[:10]
    page = selectors.section_page(kind, key, effective=effective)
    if page is None:
        raise Http404(_("No such section of the document."))
    japanese = reader_language() == "ja"
    text = SectionText(kind=kind, japanese=japanese)
    section = page.section
    label, label_lang = section_label(section, kind, japanese=japanese)

    def neighbour(row: Any) -> dict[str, str] | None:
        if row is None:
            return None
        shown, lang = section_label(row, kind, japanese=japanese)
        return {"url": judge_doc_url(kind, row.key), "label": shown, "lang": lang}

    serving = selectors.serving(kind)
    context: dict[str, Any] = {
        "doc": _document(kind, page.edition, japanese=japanese),
        "section": section,
        "label": label,
        "label_lang": label_lang,
        "title_en": section.title if label_lang == "ja" else "",
        "penalty": PENALTY_NAMES.get(section.penalty, ""),
        "parts": parts_context(section, text),
        "glossed": text.glossed,
        "glossary_url": text.glossary_url,
        "previous": neighbour(page.previous),
        "next": neighbour(page.next),
        "japanese": japanese,
        "older_edition": serving is not None and serving.pk != page.edition.pk,
        "serving_url": judge_doc_url(kind, key),
        "history": section_history(kind, key),
        "ja": _japanese_section(kind, key, page.edition) if japanese else None,
    }
    return page_or_partial(request, "rules/judge_section.html", "section", context)
