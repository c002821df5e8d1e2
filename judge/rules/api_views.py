"""The rules' read-only JSON API: rules, their history, the versions, the translations' standing and the
documents (safe for bots: GET only, no state, no language prefix). docs/api.md.

The pages are in judge.rules.views.
"""

from __future__ import annotations

import unicodedata

from django.http import JsonResponse
from django.template.loader import render_to_string
from django.utils import translation
from django.views.decorators.http import require_GET

from judge.engine.messages import msg
from judge.parsing.references import find_references
from judge.rules import documents as document_selectors
from judge.rules import history, models, rule_pages, selectors
from judge.rules import translation_status as translation_selectors
from judge.rules.judgedocs import api as judge_api
from judge.rules.standings import Standing, standings_of
from judge.rules.views import nearest_numbers
from judge.web.citations import rule_url
from judge.web.json_api import error_response, json_response, request_language
from judge.web.rendering import HtmxHttpRequest

# --------------------------------------------------------------------------- the JSON API


NO_CORPUS = msg("web.no-corpus")


def _unknown_version(err: selectors.UnknownVersion, lang: str) -> JsonResponse:
    problem = msg(
        "web.unknown-version", field="version", version=err.version, versions=", ".join(err.versions)
    )
    return error_response([problem], status=404, lang=lang, versions=err.versions)


@require_GET
def rule_api(request: HtmxHttpRequest, number: str) -> JsonResponse:
    lang = request_language(request)
    number = unicodedata.normalize("NFKC", number).strip().rstrip(".")  # ９０３.8 from a Japanese keyboard
    try:
        page = rule_pages.rule_page(number=number, version=request.GET.get("version"))
    except selectors.NoCorpus:
        return error_response([NO_CORPUS], status=503, lang=lang)
    except selectors.UnknownVersion as err:
        return _unknown_version(err, lang)
    if page is None:
        corpus = selectors.live_corpus()
        version = selectors.resolve_version(corpus, request.GET.get("version"))
        return error_response(
            [msg("web.no-rule", number=number, version=version)],
            status=404,
            lang=lang,
            successor=selectors.successor(corpus, number),
            suggestions=[n["number"] for n in nearest_numbers(number, version)],
        )
    rule = page.rule
    return json_response(
        {
            "number": rule.number,
            "version": rule.version,
            "source": rule.release.file_name,
            "title": rule.title,
            "text": rule.text,
            "examples": rule.examples,
            "parent": rule.parent or None,
            "children": [c.number for c in page.children if c.parent == rule.number],
            "links_to": rule.links_to,
            "cited_by": page.cited_by,
            "translations": [_translation(s, page.standings.get(s.pk), lang) for s in page.translations],
        }
    )


@require_GET
def rule_history_api(request: HtmxHttpRequest, number: str) -> JsonResponse:
    """``{"number", "history": [{"version", "number", "change", "text", "examples"}]}``: the rule in every
    version it is in, oldest first (``?version=``: the rule of that version; default: the newest one that
    has this number)."""
    lang = request_language(request)
    number = unicodedata.normalize("NFKC", number).strip().rstrip(".")  # ９０３.8 from a Japanese keyboard
    version = request.GET.get("version") or None
    try:
        found = history.rule_history(number=number, version=version)
    except selectors.NoCorpus:
        return error_response([NO_CORPUS], status=503, lang=lang)
    except selectors.UnknownVersion as err:
        return _unknown_version(err, lang)
    if found is None:
        corpus = selectors.live_corpus()
        if version and version not in history.comparable_versions(corpus):
            problem = msg("web.old-numbering", field="version", version=version)
        else:
            problem = msg("web.no-history", number=number)
        return error_response([problem], status=404, lang=lang)
    return json_response({"number": found.number, "history": [entry.to_payload() for entry in found.entries]})


@require_GET
def versions_api(request: HtmxHttpRequest) -> JsonResponse:
    """``{"current", "versions": [{"version", "effective", "rules", "glossary_terms", "file"}], "skipped"}``:
    every version loaded, oldest first, and the files the last ingest left out."""
    lang = request_language(request)
    try:
        corpus = selectors.live_corpus()
    except selectors.NoCorpus:
        return error_response([NO_CORPUS], status=503, lang=lang)
    return json_response(
        {
            "current": corpus.current_version,
            "versions": [
                {
                    "version": release.version,
                    "effective": f"{release.version[:4]}-{release.version[4:6]}-{release.version[6:]}",
                    "rules": release.rule_count,
                    "glossary_terms": release.glossary_count,
                    "file": release.file_name,
                }
                for release in selectors.releases(corpus)
            ],
            "skipped": corpus.summary.get(
                "skipped", []
            ),  # [{"file", "line", "problem"}], as the ingest wrote them
        }
    )


@require_GET
def translation_status_api(request: HtmxHttpRequest) -> JsonResponse:
    """``{"english", "translation", "rules", "translated", "changed_since_translation", "missing"}``: how far
    the Japanese of the rules follows the current English (judge.rules.translation_status)."""
    lang = request_language(request)
    try:
        status = translation_selectors.translation_status()
    except selectors.NoCorpus:
        return error_response([NO_CORPUS], status=503, lang=lang)
    return json_response(status.to_payload())


def _alignment(section: models.DocSection, standing: Standing | None, lang: str) -> dict[str, object]:
    """How a translated rule stands against today's rules (docs/translations.md): ``status`` is what a
    reader is told (judge.rules.standings: current, wording-changed, renumbered, outdated, unchecked,
    deleted), ``said`` the sentence the pages tell it in (``lang``; templates/rules/_standing_line.html, null
    for none), ``alignment`` the ingest's alignment status (current, changed, renumbered, deleted,
    unchecked)."""
    status = (standing.status if standing else section.status) or ""
    with translation.override(lang):
        said = render_to_string(
            "rules/_standing_line.html", {"standing": status, "follows": standing.follows if standing else ""}
        ).strip()
    return {
        "cr_number": section.cr_number or None,
        "aligned_number": section.aligned_number or None,
        "status": status or None,
        "said": said or None,
        "alignment": section.status or None,
        "compared_version": section.compared_version or None,
        "differs_from_current": section.differs_from_current,
    }


def _links(section: models.DocSection) -> list[dict[str, str]]:
    """The rules a Japanese text cites, read in its own release and pointing at today's rules: a 20231117
    translation's "rule 701.24" is today's 701.31 (``link_map``, judge.rules.documents.annotate_sections)."""
    renumbered: dict[str, str] = section.link_map  # type: ignore[attr-defined]
    cited: dict[str, str] = {}
    for text in (section.text, *section.examples, *section.notes):
        for reference in find_references(text):
            for number in reference.numbers:
                cited.setdefault(number, renumbered.get(number, number))
    return [{"cited": cited_as, "rule": rule, "url": rule_url(rule)} for cited_as, rule in cited.items()]


def _translation(section: models.DocSection, standing: Standing | None, lang: str) -> dict[str, object]:
    """One Japanese text of a rule: its words, examples and notes, where it comes from, the rules it cites
    (``links``) and its alignment. ``differs_from_current`` is true for every status but "current"."""
    info: document_selectors.DocumentInfo = section.document  # type: ignore[attr-defined]
    return {
        "lang": info.lang,
        "doc": info.slug,
        "doc_title": {"ja": info.title_ja, "en": info.title_en},
        "source": info.file_name,
        "anchor": section.anchor,
        "text": section.text,
        "examples": section.examples,
        "notes": section.notes,
        "links": _links(section),
        **_alignment(section, standing, lang),
    }


@require_GET
def docs_api(request: HtmxHttpRequest) -> JsonResponse:
    """Every document other than the Comprehensive Rules files."""
    lang = request_language(request)
    try:
        documents = document_selectors.japanese_documents()
    except selectors.NoCorpus:
        return error_response([NO_CORPUS], status=503, lang=lang)
    judge = judge_api.documents_payload(lang)  # the judge's documents installed (docs/api.md)
    return json_response({"documents": [info.to_payload() for info in documents], "judge_documents": judge})


@require_GET
def doc_api(request: HtmxHttpRequest, slug: str) -> JsonResponse:
    lang = request_language(request)
    try:
        found = document_selectors.document(slug=slug)
    except selectors.NoCorpus:
        return error_response([NO_CORPUS], status=503, lang=lang)
    if found is None:
        return error_response([msg("web.no-document", slug=slug)], status=404, lang=lang)
    info, sections = found
    standings = standings_of(selectors.live_corpus(), sections)
    return json_response(
        {
            **info.to_payload(),
            "sections": [
                {
                    "anchor": s.anchor,
                    "heading": s.heading,
                    "number": s.number or None,
                    "parent": s.parent or None,
                    "text": s.text,
                    "details": s.details,
                    "examples": s.examples,
                    "notes": s.notes,
                    **_alignment(s, standings.get(s.pk), lang),
                }
                for s in sections
            ],
        }
    )
