"""The judge's documents' pages: an index per document (/docs/mtr/) and a page per section
(/docs/mtr/4.4/), in the reader's language: the English text (no official Japanese edition is installed)
with the site's Japanese glosses and section titles on /ja/, the edition's date and where it is
published, a notice when a newer edition is known, previous and next, the section's other editions."""

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
    for section in edition.sections.only("key", "number", "title", "penalty"):
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
    }
    return page_or_partial(request, "rules/judge_section.html", "section", context)
