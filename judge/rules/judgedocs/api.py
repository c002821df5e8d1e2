"""The judge's documents' JSON API, behind the site's JSON door (judge.web.json_api: ``?lang=ja|en`` for the
answer's texts and links, errors as ``{"errors": [...]}``): ``GET /api/docs/<doc>`` (a document installed:
its editions, its contents) and ``GET /api/docs/<doc>/<section>`` (one section: number, titles in both
languages, text and the IPG's parts, its edition, the official Japanese edition's text with its standing,
the CR rules and judge's-document sections it cites). ``GET /api/docs`` lists the documents installed
(:func:`documents_payload`, in judge.rules.api_views.docs_api). docs/api.md."""

from __future__ import annotations

from typing import Any

from django.http import JsonResponse
from django.template.loader import render_to_string
from django.utils import translation
from django.views.decorators.http import require_GET

from judge.engine.messages import msg
from judge.parsing.references import find_references
from judge.rules.judgedocs import selectors
from judge.rules.judgedocs.editions import document_name, known_editions, title_ja
from judge.rules.judgedocs.presenters import judge_references_in
from judge.rules.models import JudgeEdition, JudgeSectionRow
from judge.web.citations import judge_doc_url, rule_url
from judge.web.json_api import error_response, json_response, request_language
from judge.web.rendering import HtmxHttpRequest


def edition_payload(edition: JudgeEdition) -> dict[str, Any]:
    """An installed edition: its language, title as printed, effective date, file and where it is
    published."""
    return {
        "lang": edition.lang,
        "title": edition.title,
        "effective": edition.effective.isoformat(),
        "source": edition.file_name,
        "address": edition.address or None,
        "sections": edition.section_count,
    }


def _japanese(kind: str, lang: str) -> dict[str, Any] | None:
    """The official Japanese edition installed and its standing (the sentence the pages say for it)."""
    found = selectors.japanese_edition(kind)
    if found is None:
        return None
    with translation.override(lang):
        said = render_to_string("rules/_standing_line.html", {"standing": found.standing}).strip()
    return {**edition_payload(found.edition), "standing": found.standing, "said": said or None}


def _names(kind: str) -> dict[str, str]:
    return {"ja": document_name(kind, japanese=True), "en": document_name(kind, japanese=False)}


def _published(kind: str) -> dict[str, str] | None:
    known = known_editions().get(kind)
    return {"effective": known.effective.isoformat(), "address": known.address} if known else None


def documents_payload(lang: str) -> list[dict[str, Any]]:
    """Each judge's document installed (MTR, IPG, JAR order): its names, every edition installed (newest
    first), the official Japanese edition with its standing, the current edition as published."""
    out = []
    with translation.override(lang):
        for edition in selectors.installed_kinds():
            kind = edition.kind
            out.append(
                {
                    "doc": kind,
                    "name": _names(kind),
                    "editions": [edition_payload(e) for e in selectors.editions(kind)],
                    "japanese": _japanese(kind, lang),
                    "published": _published(kind),
                    "url": judge_doc_url(kind),
                }
            )
    return out


def _no_document(kind: str, lang: str) -> JsonResponse:
    return error_response([msg("web.no-judge-document", doc=kind.upper())], status=404, lang=lang)


@require_GET
def judge_doc_api(request: HtmxHttpRequest, kind: str) -> JsonResponse:
    """``{"doc", "name", "edition", "editions", "japanese", "published", "url", "sections": [{"key", "number",
    "title": {"ja", "en"}, "penalty", "url"}]}``; a document not installed: 404."""
    lang = request_language(request)
    edition = selectors.serving(kind)
    if edition is None:
        return _no_document(kind, lang)
    with translation.override(lang):
        sections = [
            {
                "key": row.key,
                "number": row.number or None,
                "title": {"ja": title_ja(kind, row.key) or None, "en": row.title},
                "penalty": row.penalty or None,
                "url": judge_doc_url(kind, row.key),
            }
            for row in edition.sections.only("edition_id", "order", "key", "number", "title", "penalty")
        ]
        return json_response(
            {
                "doc": kind,
                "name": _names(kind),
                "edition": edition_payload(edition),
                "editions": [edition_payload(e) for e in selectors.editions(kind)],
                "japanese": _japanese(kind, lang),
                "published": _published(kind),
                "url": judge_doc_url(kind),
                "sections": sections,
            }
        )


def _cited(row: JudgeSectionRow, kind: str) -> tuple[list[dict[str, str]], list[dict[str, str | None]]]:
    """The CR rules and the judge's-document sections the section's text cites, each once, in order."""
    rules: dict[str, dict[str, str]] = {}
    sections: dict[tuple[str, str], dict[str, str | None]] = {}
    for text in (row.title, row.text):
        for reference in find_references(text):
            for number in reference.numbers:
                rules.setdefault(number, {"rule": number, "url": rule_url(number)})
        for _, _, doc, number in judge_references_in(text, kind=kind):
            if (doc, number) != (kind, row.key):
                sections.setdefault(
                    (doc, number), {"doc": doc, "section": number or None, "url": judge_doc_url(doc, number)}
                )
    return list(rules.values()), list(sections.values())


def _parts(row: JudgeSectionRow) -> list[dict[str, Any]]:
    return [
        {
            "heading": part.get("heading") or None,
            "printed": part.get("printed") or None,
            "paragraphs": part.get("paragraphs", []),
        }
        for part in row.parts
    ]


@require_GET
def judge_section_api(request: HtmxHttpRequest, kind: str, key: str) -> JsonResponse:
    """One section (``?edition=YYYY-MM-DD``: as that installed English edition has it); an unknown section
    or edition: 404 listing the problem."""
    lang = request_language(request)
    effective = request.GET.get("edition", "")[:10]
    if selectors.serving(kind) is None:
        return _no_document(kind, lang)
    page = selectors.section_page(kind, key, effective=effective)
    if page is None:
        problem = (
            msg("web.no-judge-edition", doc=kind.upper(), edition=effective)
            if effective and not any(e.effective.isoformat() == effective for e in selectors.editions(kind))
            else msg("web.no-judge-section", doc=kind.upper(), section=key)
        )
        return error_response([problem], status=404, lang=lang)
    row = page.section
    with translation.override(lang):
        rules, sections = _cited(row, kind)
        japanese = _japanese_section(kind, key, page.edition, lang)
        return json_response(
            {
                "doc": kind,
                "key": row.key,
                "number": row.number or None,
                "title": {"ja": title_ja(kind, row.key) or None, "en": row.title},
                "penalty": row.penalty or None,
                "text": row.text,
                "parts": _parts(row),
                "page": row.page,
                "edition": edition_payload(page.edition),
                "japanese": japanese,
                "rules": rules,
                "sections": sections,
                "previous": page.previous.key if page.previous else None,
                "next": page.next.key if page.next else None,
                "url": judge_doc_url(kind, key, edition=effective if effective else ""),
            }
        )


def _japanese_section(kind: str, key: str, english: JudgeEdition, lang: str) -> dict[str, Any] | None:
    """The section in the official Japanese edition, beside today's English edition only, with the
    edition's standing; None when there is none."""
    found = selectors.japanese_section(kind, key, english)
    if found is None:
        return None
    row = found[1]
    return {
        **(_japanese(kind, lang) or {}),
        "number": row.number or None,
        "title": row.title,
        "text": row.text,
        "parts": _parts(row),
    }
