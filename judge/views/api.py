"""The read-only JSON API (safe for bots: GET only, no state)."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET

from judge import models, selectors


def _error(status: int, message: str, **extra: object) -> JsonResponse:
    return JsonResponse({"error": message, **extra}, status=status)


@require_GET
def rule_detail(request: HttpRequest, number: str) -> JsonResponse:
    number = number.strip().rstrip(".")
    try:
        page = selectors.rule_page(number=number, version=request.GET.get("version"))
    except selectors.NoCorpus as err:
        return _error(503, str(err))
    except selectors.UnknownVersion as err:
        return _error(404, str(err), versions=err.versions)
    if page is None:
        corpus = selectors.live_corpus()
        return _error(
            404, f"no rule {number!r} in version {selectors.resolve_version(corpus, request.GET.get('version'))}",
            successor=selectors.successor(corpus, number),
        )
    rule = page.rule
    return JsonResponse(
        {
            "number": rule.number,
            "version": rule.version,
            "source": rule.source.file_name,
            "title": rule.title,
            "text": rule.text,
            "examples": rule.examples,
            "parent": rule.parent or None,
            "children": [c.number for c in page.children if c.parent == rule.number],
            "links_to": rule.links_to,
            "cited_by": page.cited_by,
            "translations": [_translation(s) for s in page.translations],
        },
        json_dumps_params={"ensure_ascii": False},
    )


def _translation(section: models.DocSection) -> dict[str, object]:
    """Exactly the documented keys; ``differs_from_current`` is true when the translation follows an
    older version whose English differs from the current rule (or was numbered differently)."""
    return {
        "lang": section.source.lang,
        "source": section.source.file_name,
        "text": section.text,
        "notes": section.notes,
        "differs_from_current": section.differs_from_current,
    }


@require_GET
def doc_detail(request: HttpRequest, slug: str) -> JsonResponse:
    try:
        found = selectors.document(slug=slug)
    except selectors.NoCorpus as err:
        return _error(503, str(err))
    if found is None:
        return _error(404, f"no document {slug!r}")
    source, sections = found
    return JsonResponse(
        {
            "slug": source.slug,
            "source": source.file_name,
            "lang": source.lang,
            "kind": source.kind,
            "title": source.title,
            "translated_from": source.translated_from or None,
            "sections": [
                {
                    "anchor": s.anchor,
                    "heading": s.heading,
                    "number": s.number or None,
                    "cr_number": s.cr_number or None,
                    "parent": s.parent or None,
                    "text": s.text,
                    "details": s.details,
                    "examples": s.examples,
                    "notes": s.notes,
                }
                for s in sections
            ],
        },
        json_dumps_params={"ensure_ascii": False},
    )
