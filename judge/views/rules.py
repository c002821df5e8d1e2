"""Rule pages, version changes, glossary and the non-CR documents."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from judge import selectors


@require_GET
def rule_index(request: HttpRequest) -> HttpResponse:
    return render(request, "rules/index.html", {"entries": selectors.chapters()})


@require_GET
def rule_detail(request: HttpRequest, number: str) -> HttpResponse:
    version = request.GET.get("version") or None
    page = selectors.rule_page(number=number, version=version)
    if page is None:
        new_number = selectors.successor(selectors.live_corpus(), number)
        if new_number and new_number != number:
            return redirect(reverse("rule-detail", args=[new_number]) + f"?renumbered_from={number}")
        raise Http404(_("No rule %(number)s in this version.") % {"number": number})
    context = {
        "page": page,
        "rule": page.rule,
        "old_texts": page.old_texts,
        "renumbered_from": request.GET.get("renumbered_from", "")[:16],
    }
    if request.htmx:
        return render(request, "rules/rule_detail.html#rule", context)
    return render(request, "rules/rule_detail.html", context)


@require_GET
def changes(request: HttpRequest) -> HttpResponse:
    corpus = selectors.live_corpus()
    versions = corpus.versions
    old = request.GET.get("from") or (versions[-2] if len(versions) > 1 else versions[-1])
    new = request.GET.get("to") or versions[-1]
    result = selectors.version_changes(old=old, new=new)
    status = 200
    if result is None:
        status = 400
    return render(
        request,
        "rules/changes.html",
        {"changes": result, "versions": versions, "old": old, "new": new},
        status=status,
    )


@require_GET
def glossary(request: HttpRequest) -> HttpResponse:
    version, terms = selectors.glossary(version=request.GET.get("version"))
    return render(request, "rules/glossary.html", {"terms": terms, "version": version})


@require_GET
def doc_list(request: HttpRequest) -> HttpResponse:
    return render(request, "docs/list.html", {"sources": selectors.documents()})


@require_GET
def doc_detail(request: HttpRequest, slug: str) -> HttpResponse:
    found = selectors.document(slug=slug)
    if found is None:
        raise Http404(_("No such document."))
    source, sections = found
    return render(request, "docs/detail.html", {"source": source, "sections": sections})
