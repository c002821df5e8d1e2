"""The search page (full page, or only the results for htmx) and the search JSON API."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from judge.search.documents import CR_SLUG, GLOSSARY_SLUG, SearchDoc
from judge.search.index import IndexNotReady, open_live
from judge.search.query import LANGS, SearchQueryError
from judge.search.service import MAX_LIMIT, UI_LANGS, SearchResult, search
from judge.selectors import NoCorpus

PAGE_LIMIT = 20
QUICK_LIMIT = 6  # best matches under the header search box while typing
QUICK_TARGET = "site-search-results"  # the header box's htmx target (templates/base.html)
API_DEFAULT_LIMIT = 10
# Offered when a search finds nothing and no spelling is close: one per kind of query that works.
EXAMPLE_QUERIES = ("commander tax", "統率者ダメージ", "player leaves the game", "次元ダイス", "903.8")


def url_for(doc: SearchDoc, *, current_version: str) -> str:
    """The page of a hit, in the current UI language (i18n_patterns adds the prefix)."""
    if doc.rule:
        url = reverse("rule-detail", args=[doc.rule])
        old = doc.doc == CR_SLUG and doc.version and doc.version != current_version
        return f"{url}?version={doc.version}" if old else url
    if doc.doc == GLOSSARY_SLUG:
        return f"{reverse('glossary')}#{doc.anchor}"
    return f"{reverse('doc-detail', args=[doc.doc])}#{doc.anchor}"


def _run(q: str, *, lang: str, limit: int) -> SearchResult:
    root = settings.JUDGE_INDEX_DIR
    try:
        current = open_live(root).current_version
        return search(
            q,
            root=root,
            lang=lang,
            limit=limit,
            ui_lang=get_language() or settings.LANGUAGE_CODE,
            url_for=lambda doc: url_for(doc, current_version=current),
        )
    except IndexNotReady as err:
        raise NoCorpus(str(err)) from err


@require_GET
def search_page(request: HttpRequest) -> HttpResponse:
    q = request.GET.get("q", "").strip()
    lang = request.GET.get("lang", "all")
    lang = lang if lang in LANGS else "all"
    # The header box on every page asks for a few best matches; the search page's own form for the list.
    quick = bool(request.htmx) and request.htmx.target == QUICK_TARGET
    context: dict[str, Any] = {
        "query": q,
        "lang": lang,
        "langs": [("all", _("All languages")), ("ja", _("Japanese")), ("en", _("English"))],
        "result": None,
        "problems": [],
        "example_queries": EXAMPLE_QUERIES,
    }
    if q:
        try:
            result = _run(q, lang=lang, limit=QUICK_LIMIT if quick else PAGE_LIMIT)
        except SearchQueryError as err:
            context["problems"] = err.problems
        else:
            # A rule number typed and submitted goes straight to the rule; while typing (htmx) it is a link.
            if result.jump and not request.htmx:
                return redirect(reverse("rule-detail", args=[result.jump]))
            context["result"] = result
    if quick:
        template = "search/search.html#quick"
    else:
        template = "search/search.html#results" if request.htmx else "search/search.html"
    return render(request, template, context)


@require_GET
def api_search(request: HttpRequest) -> JsonResponse:
    q = request.GET.get("q", "")
    lang = request.GET.get("lang", "all")
    ui = request.GET.get("ui", "en")  # the reader's language: ranked first, and the language of the links
    problems: list[str] = []
    try:
        limit = int(request.GET.get("limit", API_DEFAULT_LIMIT))
    except ValueError:
        limit = 0
    if not 1 <= limit <= MAX_LIMIT:
        problems.append(f"limit must be a whole number from 1 to {MAX_LIMIT}")
    if lang not in LANGS:
        problems.append(f"lang must be one of {', '.join(LANGS)}")
    if ui not in UI_LANGS:
        problems.append(f"ui must be one of {', '.join(UI_LANGS)}")
    if not problems:
        try:
            with translation.override(ui):
                result = _run(q, lang=lang, limit=limit)
        except SearchQueryError as err:
            problems = err.problems
        except NoCorpus as err:
            return JsonResponse({"error": str(err)}, status=503)
        else:
            return JsonResponse(result.to_json(), json_dumps_params={"ensure_ascii": False})
    return JsonResponse({"error": "bad search query", "errors": problems}, status=400)
