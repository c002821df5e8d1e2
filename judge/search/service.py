"""``search()``: query in, ranked and merged hits with escaped snippets out.

A search never ends in an empty page when something close exists:

1. every word found in one document: the best of those documents;
2. else, a word no document has is corrected from the index's own vocabulary
   ("comander tax" -> "commander tax"): ``corrected_query`` says what was searched;
3. else the closest matches: the documents with the most of the words
   (``partial``; each hit lists the words it lacks in ``missing``);
4. else ``suggestions``: the nearest existing rules for a rule number that does not
   exist ("903.9zz", "999.1"), the query without its filters.

The steps live beside it: finding the documents in judge.search.matching, ranking and merging them
into hits in judge.search.ranking, rule numbers (``jump``, the nearest rules) in judge.search.lookup,
spelling in judge.search.spelling; what a search returns in judge.search.results. A worker loads what
a search reads when it starts: judge.search.warm.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from judge.engine.dates import effective
from judge.engine.messages import msg
from judge.search.cache import answers, normalised
from judge.search.documents import SourceKind
from judge.search.index import LiveIndex, open_live
from judge.search.lookup import existing_rule, rule_like, rule_suggestions
from judge.search.matching import Match, find_matches, magic_docs
from judge.search.query import LANGS, ParsedQuery, SearchQueryError, parse_query
from judge.search.query_builder import BuiltQuery, Needles, build_query, quoted
from judge.search.ranking import Ranking, named_kinds, ranked_hits
from judge.search.results import SearchHit, SearchResult, Suggestion, SuggestionKind
from judge.search.spelling import respelled, speller
from judge.search.terms import TermTable, load_terms

MAX_LIMIT = 50
UI_LANGS = ("en", "ja")


def _respelling(
    q: str,
    lang: str,
    live: LiveIndex,
    terms: TermTable,
    version: str,
    allow: set[int] | None,
    match: Match,
    *,
    prefer: frozenset[int] | None = None,
) -> tuple[Match, BuiltQuery, str] | None:
    """The query respelled where its words found nothing, if that finds more: its match, query and text."""
    better = respelled(q, match.dead, speller(live, terms))
    if better is None:
        return None
    parsed_better, _ = named_kinds(parse_query(better, lang=lang), terms)
    built_better = build_query(parsed_better, terms=terms, version=version)
    if built_better is None:
        return None
    match_better = find_matches(live, built_better, allow, prefer=prefer)
    if match_better.scores and (not match_better.partial or match.partial or not match.scores):
        return match_better, built_better, better
    return None


def search(
    q: str,
    *,
    root: Path,
    lang: str = "all",
    limit: int = 10,
    current_version: str | None = None,
    ui_lang: str = "en",
    terms: TermTable | None = None,
    correct: bool = True,
) -> SearchResult:
    """Search the live index under ``root``.

    ``lang`` ("all", "ja", "en") is the default language filter (a ``lang:`` in the
    query wins); ``ui_lang`` ("en", "ja") is the reader's language, which ranks first
    and is the language a hit found in both is shown in. Only the current English CR
    version is searched unless the query says ``version:``; current is
    ``current_version`` or the newest indexed. With ``correct=False`` the words are
    searched as typed and a spelling that finds more is only suggested. Raises
    SearchQueryError for a query that cannot be searched, IndexNotReady when there is
    no index yet. A hit names its rule, document and anchor, never a page: the web layer links it
    (judge.web.citations.hit_url).
    """
    if lang not in LANGS:
        raise SearchQueryError([msg("search.bad-lang-param", field="lang", choices=", ".join(LANGS))])
    if ui_lang not in UI_LANGS:
        raise SearchQueryError([msg("search.bad-ui-param", field="ui", choices=", ".join(UI_LANGS))])
    limit = max(1, min(MAX_LIMIT, int(limit)))
    live = open_live(root)
    default_terms = load_terms()
    if terms is not None and terms is not default_terms:  # a caller's own term table: never cached
        return _search(
            q,
            live=live,
            lang=lang,
            limit=limit,
            current_version=current_version,
            ui_lang=ui_lang,
            terms=terms,
            correct=correct,
        )
    # Asked before in this generation: the same answer from memory (judge.search.cache).
    key = (normalised(q), lang, ui_lang, limit, correct, current_version)
    result = answers(live).get_or_build(
        key,
        lambda: _search(
            normalised(q),
            live=live,
            lang=lang,
            limit=limit,
            current_version=current_version,
            ui_lang=ui_lang,
            terms=default_terms,
            correct=correct,
        ),
    )
    return result if result.query == q else replace(result, query=q)


def _search(
    q: str,
    *,
    live: LiveIndex,
    lang: str,
    limit: int,
    current_version: str | None,
    ui_lang: str,
    terms: TermTable,
    correct: bool,
) -> SearchResult:
    """One search of one generation, as ``search()`` describes it (not cached)."""
    current = current_version or live.current_version

    jump = existing_rule(q, live, current)
    if jump:
        allowed = live.allowed(lang=lang, version=current)
        found = Match({d: 1.0 for d in live.docset("rule", jump) & allowed})
        needles = Needles(en={jump}, literal={jump})
        jump_hits, _ = ranked_hits(
            live,
            found,
            needles,
            limit=limit,
            ranking=Ranking(ui_lang, stand_in=lang != "en", todays=lang == "all"),
        )
        return SearchResult(
            query=q, total=len(jump_hits), jump=jump, hits=tuple(jump_hits), current_version=current
        )

    if rule_like(q) is not None:  # a rule number that does not exist: the nearest ones that do
        rules = rule_suggestions(q, live, version=current, ui_lang=ui_lang)
        return SearchResult(
            query=q, total=0, jump=None, hits=(), suggestions=tuple(rules), current_version=current
        )

    parsed = parse_query(q, lang=lang)
    known_docs = list(live.meta.get("docs", []))
    unknown = [d for d in parsed.docs if d not in known_docs]
    if unknown:
        choices = ", ".join(known_docs)
        problems = [msg("search.unknown-doc", field="q", value=d, choices=choices) for d in unknown]
        raise SearchQueryError(problems)
    version = parsed.version or current
    notices = parsed.notices
    if version not in live.versions:
        # The ingest indexes the current release only (judge.rules.ingest); older ones are read from the
        # database.
        notices = (*notices, msg("search.version-not-indexed", version=version, current=effective(current)))
        version = current
    allow = live.allowed(lang=parsed.lang, version=version, docs=parsed.docs) if parsed.docs else None
    searched, names = named_kinds(parsed, terms)
    ranking = Ranking(
        ui_lang,
        names,
        stand_in=parsed.lang != "en" and not parsed.docs,
        todays=parsed.lang == "all" and not parsed.docs,
    )
    built = build_query(searched, terms=terms, version=version)
    # A question that names no other game is about the rules of Magic (judge.search.matching).
    prefer = None if SourceKind.HOUSE_RULES in names else magic_docs(live)
    match = find_matches(live, built, allow, prefer=prefer) if built is not None else Match({})
    corrected: str | None = None
    suggestions: list[Suggestion] = []
    if built is not None and match.dead and (match.partial or not match.scores):
        respelling = _respelling(q, lang, live, terms, version, allow, match, prefer=prefer)
        if respelling is not None and correct:
            match, built, corrected = respelling
        elif respelling is not None:
            suggestions.append(Suggestion(SuggestionKind.SPELLING, query=respelling[2]))
    hits: list[SearchHit] = []
    total = 0
    if built is not None and match.scores:
        hits, total = ranked_hits(live, match, built.needles, limit=limit, ranking=ranking)
    if not hits and parsed.has_filters:
        unfiltered = ParsedQuery(groups=parsed.groups, excluded=parsed.excluded)
        retry = build_query(unfiltered, terms=terms, version=current)
        if retry is not None and find_matches(live, retry, None).scores:
            words = " ".join(quoted(c.text, c.phrase) for g in parsed.groups for c in g)
            suggestions.append(Suggestion(SuggestionKind.UNFILTERED, query=words))
    return SearchResult(
        query=q,
        total=total,
        jump=None,
        hits=tuple(hits),
        suggestions=tuple(suggestions),
        notices=notices,
        partial=match.partial and bool(hits),
        corrected_query=corrected,
        current_version=current,
    )


# A caller of search() takes the types of its answer and its error from here, with search itself.
__all__ = [
    "MAX_LIMIT",
    "UI_LANGS",
    "SearchHit",
    "SearchQueryError",
    "SearchResult",
    "Suggestion",
    "SuggestionKind",
    "search",
]
