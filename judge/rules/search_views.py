"""The search page and the search JSON API: one search of the index, in the reader's language.

The header box on every page asks for a few best matches while typing (htmx), the search page for the list,
``GET /api/search`` for the same search as JSON; a hit links to its page in the active language
(judge.web.citations).
The other rules pages are in judge.rules.views, their API in judge.rules.api_views.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.http import urlencode
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from judge.engine.errors import InvalidInputError
from judge.engine.messages import Message, msg
from judge.rules import selectors
from judge.rules.api_views import NO_CORPUS
from judge.rules.glossary import glosser
from judge.rules.judgedocs.lookup import jump as judge_jump
from judge.rules.text import glossed_snippet
from judge.search.answers import Subject, answer_for
from judge.search.cache import AnswerCache, answers, normalised
from judge.search.index import IndexNotReady, open_live
from judge.search.query import LANGS, SearchQueryError
from judge.search.results import SearchHit, headword_first
from judge.search.service import MAX_LIMIT, UI_LANGS, SearchResult, search
from judge.search.terms import load_terms
from judge.web.card_finder import current_card_stamp, find_cards
from judge.web.citations import current_rule, linked_hits, rule_url, search_answer
from judge.web.json_api import error_response, json_response
from judge.web.presenters import reader_language
from judge.web.rendering import HtmxHttpRequest, page_or_partial

# The calculator that answers each subject a query can be about (judge.search.answers), and its name.
ANSWER_PAGES = {
    Subject.TAX: ("calc:tax", gettext_lazy("Commander tax")),
    Subject.DAMAGE: ("calc:damage", gettext_lazy("Commander damage")),
    Subject.IDENTITY: ("calc:identity", gettext_lazy("Color identity")),
    Subject.LEAVE_GAME: ("rulings:leave-game", gettext_lazy("Leaving the game")),
}
SEARCH_PAGE_LIMIT = 20
QUICK_LIMIT = 6  # best matches under the header search box while typing
QUICK_TARGET = "site-search-results"  # the header box's htmx target (templates/base.html)
API_DEFAULT_LIMIT = 10
# Offered when a search finds nothing and no spelling is close: one per kind of query that works.
#: Queries offered when a search finds nothing, with their language (for the links' lang attribute).
EXAMPLE_QUERIES = (
    ("commander tax", "en"),
    ("統率者ダメージ", "ja"),
    ("player leaves the game", "en"),
    ("次元ダイス", "ja"),
    ("903.8", ""),
)


# --------------------------------------------------------------------------- search


def answer_card(q: str) -> dict[str, Any] | None:
    """The card above the hits for a query about a calculator's subject: the calculator's page, filled in
    from the query's numbers, and the answer when the query holds enough for one (「統率者税 2回」: +{4})."""
    answer = answer_for(q, load_terms())
    if answer is None:
        return None
    name, title = ANSWER_PAGES[answer.subject]
    url = reverse(name)
    if answer.fields:
        url = f"{url}?{urlencode(answer.fields)}"
    rule = current_rule(answer.rule) if answer.rule else ""  # judge.search.answers cites as the engine does
    cited = rule_url(rule) if rule else ""
    return {"title": title, "url": url, "value": answer.value, "rule": rule, "rule_url": cited}


def _search(q: str, *, lang: str, limit: int, as_typed: bool = False) -> SearchResult:
    """Search in the active language (the reader's); ``as_typed``: no spelling correction, only a
    suggestion."""
    try:
        return search(
            q,
            root=settings.JUDGE_INDEX_DIR,
            lang=lang,
            limit=limit,
            ui_lang=get_language() or settings.LANGUAGE_CODE,
            correct=not as_typed,
        )
    except IndexNotReady as err:
        raise selectors.NoCorpus(str(err)) from err


def _answers() -> AnswerCache | None:
    """The live index generation's answer cache; None before the first ingest."""
    try:
        return answers(open_live(settings.JUDGE_INDEX_DIR))
    except IndexNotReady:
        return None


@require_GET
def search_page(request: HtmxHttpRequest) -> HttpResponse:
    """The search page, or its htmx fragment; a repeat is answered whole from memory before it runs
    (judge.web.repeats), the results fragment is kept per query (:func:`_cached_fragment`)."""
    q = request.GET.get("q", "").strip()
    lang = request.GET.get("lang", "all")
    lang = lang if lang in LANGS else "all"
    as_typed = request.GET.get("as_typed") == "1"  # the link under "showing results for ...": no correction
    # The header box on every page asks for a few best matches; the search page's own form for the list.
    quick = bool(request.htmx) and request.htmx.target == QUICK_TARGET
    context: dict[str, Any] = {
        "query": q,
        "lang": lang,
        "as_typed": as_typed,
        "langs": [("all", _("All languages")), ("ja", _("Japanese")), ("en", _("English"))],
        "result": None,
        "problems": [],
        "example_queries": EXAMPLE_QUERIES,
        "cards": (find_cards(q) or []) if q else [],  # a card the search names, above the rule hits
    }
    # "ipg 2.5", "GRV": a judge's document's section, submitted goes there; while typing (htmx) it is a link.
    jump = judge_jump(q, japanese=reader_language() == "ja") if q else None
    if jump is not None and not request.htmx:
        return redirect(jump.url)
    context["judge_jump"] = jump
    if q:
        try:
            result = _search(
                q, lang=lang, limit=QUICK_LIMIT if quick else SEARCH_PAGE_LIMIT, as_typed=as_typed
            )
        except SearchQueryError as err:
            context["problems"] = [problem.text(reader_language()) for problem in err.problems]
        else:
            # A rule number typed and submitted goes straight to the rule; while typing (htmx) it is a link.
            if result.jump and not request.htmx:
                return redirect(rule_url(result.jump))
            # A word of the glossary typed: its entry first in the header box's matches, right after the
            # rule that governs it on the search page.
            context["result"] = headword_first(result, after_a_rule=not quick)
            html = _cached_fragment(request, "quick" if quick else "results", context)
            if request.htmx:
                return HttpResponse(html)
            context["results_html"] = html
    return page_or_partial(request, "rules/search.html", "quick" if quick else "results", context)


def _glossed(hits: list[tuple[SearchHit, str]]) -> list[tuple[SearchHit, str]]:
    """A hit of the rules that shows English to a Japanese reader (today's English in place of a Japanese text
    that is not today's rule, or a rule with no Japanese at all) reads it with the Japanese names of the
    game's words, as the rule pages do (judge.rules.text.glossed_snippet)."""
    if not any(hit.lang == "en" and hit.rule for hit, _ in hits):
        return hits
    try:
        words = glosser(selectors.live_corpus())
    except selectors.NoCorpus:  # an index searched without the corpus it came from (a test's sample)
        return hits
    return [
        (
            replace(hit, snippet=glossed_snippet(hit.snippet, words))
            if hit.lang == "en" and hit.rule
            else hit,
            url,
        )
        for hit, url in hits
    ]


def _cached_fragment(request: HtmxHttpRequest, partial: str, context: dict[str, Any]) -> str:
    """The results of a search as HTML, kept in the generation's answer cache (judge.search.cache): the
    same query, filters, reader's language and cards always render the same fragment (it holds nothing
    of one request: no CSRF token, no nonce). The hits' links and the answer card are built only to
    render it."""
    q = context["query"]
    cards = tuple(getattr(c, "slug", "") for c in context["cards"])
    key = ("html", partial, q, context["lang"], get_language(), context["as_typed"], cards)

    def build() -> str:
        result: SearchResult = context["result"]
        answer = None if result.jump else answer_card(q)
        notices = [notice.text(reader_language()) for notice in result.notices]
        hits = linked_hits(result)
        if reader_language() == "ja":
            hits = _glossed(hits)
        shown = {**context, "hits": hits, "answer": answer, "notices": notices}
        return render_to_string(f"rules/search.html#{partial}", shown, request)

    kept = _answers()
    return kept.get_or_build(key, build) if kept is not None and q == normalised(q) else build()


# --------------------------------------------------------------------------- the JSON API


def _api_body(q: str, *, lang: str, limit: int, ui: str, as_typed: bool) -> bytes:
    """The API's answer encoded, with its links and the cards the query names, kept in the generation's
    answer cache (judge.search.cache) per card-data stamp (judge.web.card_finder) beside the search's own
    answer: a repeat costs a look-up and no database query."""
    stamp = current_card_stamp()
    key = ("api-json", q, lang, ui, limit, as_typed, stamp)
    kept = _answers()
    body: bytes | None = kept.get(key) if kept is not None else None
    if body is None:
        with translation.override(ui):  # the reader's language: the ranking, the titles, the links
            answer = search_answer(_search(q, lang=lang, limit=limit, as_typed=as_typed))
            found = find_cards(q)
            cards = [
                {"name": c.name, "name_ja": c.name_ja, "url": reverse("cards:detail", args=[c.slug])}
                for c in found or []
            ]
        # "cards" only where card data is imported: the `search` command prints the rules' JSON alone.
        body = json_response({**answer, **({"cards": cards} if found is not None else {})}).content
        if kept is not None:
            kept.put(key, body)
    return body


@require_GET
def search_api(request: HtmxHttpRequest) -> HttpResponse:
    """``?lang=`` is the language searched (ja, en or all); ``?ui=`` the reader's (ja or en, default en):
    ranked first, the language of the links, titles and texts; ``?as_typed=1`` no spelling correction."""
    q = request.GET.get("q", "")
    lang = request.GET.get("lang", "all")
    ui = request.GET.get("ui", "en")
    texts = ui if ui in UI_LANGS else "en"
    problems: list[str | Message] = []
    try:
        limit = int(request.GET.get("limit", API_DEFAULT_LIMIT))
    except ValueError:
        limit = 0
    if not 1 <= limit <= MAX_LIMIT:
        problems.append(msg("web.search-limit", field="limit", high=MAX_LIMIT))
    if lang not in LANGS:
        problems.append(msg("web.search-lang", field="lang", choices=", ".join(LANGS)))
    if ui not in UI_LANGS:
        problems.append(msg("web.search-ui", field="ui", choices=", ".join(UI_LANGS)))
    if not problems:
        as_typed = request.GET.get("as_typed") == "1"
        try:
            body = _api_body(q, lang=lang, limit=limit, ui=ui, as_typed=as_typed)
        except SearchQueryError as err:
            problems.extend(err.problems)
        except selectors.NoCorpus:
            return error_response([NO_CORPUS], status=503, lang=texts)
        else:
            return HttpResponse(body, content_type="application/json")
    return error_response(InvalidInputError(problems), status=400, lang=texts)
