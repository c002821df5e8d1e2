"""``search()``: query in, ranked and merged hits with escaped snippets out.

A rule found in both languages (the English CR rule and a Japanese section with
the same CR number) is one hit: the better-scoring one, with the other language
in ``also``. ``jump`` is set when the whole query is a rule number that exists.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from whoosh import query as wq

from judge.search.analysis import has_japanese
from judge.search.documents import CR_SLUG, GLOSSARY_SLUG, SearchDoc
from judge.search.evaluate import Evaluator, top
from judge.search.highlight import snippet
from judge.search.index import LiveIndex, open_live
from judge.search.query import (
    LANGS,
    Needles,
    ParsedQuery,
    SearchQueryError,
    build_query,
    normalize_query,
    parse_query,
)
from judge.search.terms import TermTable, load_terms

MAX_LIMIT = 50
UrlFor = Callable[[SearchDoc], str]


@dataclass(frozen=True)
class SearchHit:
    rule: str | None
    lang: str
    source: str
    title: str
    snippet: str  # HTML, already escaped
    url: str
    score: float
    also: tuple[str, ...] = ()  # other languages in which this rule was also found ("ja")
    doc: str = ""
    version: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "lang": self.lang,
            "source": self.source,
            "title": self.title,
            "snippet": self.snippet,
            "url": self.url,
            "score": round(self.score, 4),
        }


@dataclass(frozen=True)
class SearchResult:
    query: str
    total: int
    jump: str | None
    hits: tuple[SearchHit, ...]
    suggestions: tuple[str, ...] = ()
    notices: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "query": self.query,
            "total": self.total,
            "jump": self.jump,
            "hits": [h.to_json() for h in self.hits],
        }
        if not self.hits:
            out["suggestions"] = list(self.suggestions)
        if self.notices:
            out["notices"] = list(self.notices)
        return out


def default_url(doc: SearchDoc, *, ui_lang: str = "en", current_version: str = "") -> str:
    """Rule page for CR rules (and Japanese translations of one), else the document section."""
    if doc.rule:
        url = f"/{ui_lang}/rules/{doc.rule}/"
        if doc.doc == CR_SLUG and current_version and doc.version != current_version:
            url += f"?version={doc.version}"
        return url
    if doc.doc == GLOSSARY_SLUG:
        return f"/{ui_lang}/glossary/#{doc.anchor}"
    return f"/{ui_lang}/docs/{doc.doc}/#{doc.anchor}"


MULTIPLAYER_PRIOR = 1.25
RERANK_WINDOW = 50  # documents read for merging and the prior, whatever the limit


def prior(doc: SearchDoc) -> float:
    """The site is a multiplayer reference: the multiplayer (8xx) and casual-variant (9xx) rules,
    in either language, rank a little above rules of the same score elsewhere.

    >>> prior(SearchDoc("k", "800.4a", "en", "s", "cr", "20260116", "", "")), prior(SearchDoc("k", "104.5", "en", "s", "cr", "", "", ""))
    (1.25, 1.0)
    """
    return prior_for(f"rule:{doc.rule}" if doc.rule else doc.key)


def prior_for(group: str) -> float:
    rule = group[5:] if group.startswith("rule:") else ""
    if len(rule) >= 3 and rule[0] in "89" and rule[:3].isdigit():
        return MULTIPLAYER_PRIOR
    return 1.0


def _normalize_rule_query(q: str) -> str | None:
    try:
        from judge.parsing.references import normalize_rule_query
    except ImportError:  # the references module is written alongside; without it there is no jump
        return None
    result: str | None = normalize_rule_query(q)
    return result


def _doc(fields: dict[str, Any]) -> SearchDoc:
    return SearchDoc(
        key=fields["key"],
        rule=fields.get("rule") or None,
        lang=fields["lang"],
        source=fields.get("source", ""),
        doc=fields.get("doc", ""),
        version=fields.get("version", ""),
        title=fields.get("title", ""),
        body=fields.get("body", ""),
        examples=tuple(fields.get("examples", ())),
        anchor=fields.get("anchor", ""),
    )


def _hits(
    live: LiveIndex,
    results: Any,
    needles: Needles,
    *,
    limit: int,
    url_for: UrlFor,
) -> list[SearchHit]:
    """Merge the ranked documents by rule and cut to ``limit`` (stored fields read for those only)."""
    groups, langs = live.groups(), live.langs()
    best: dict[str, int] = {}
    per_lang: dict[str, dict[str, float]] = {}
    for docnum, raw in results.items():
        group = groups[docnum]
        score = raw * prior_for(group)
        if group not in best:
            best[group] = docnum
        scores = per_lang.setdefault(group, {})
        lang = langs[docnum]
        scores[lang] = max(scores.get(lang, 0.0), score)
    # A rule found in both languages is stronger evidence: its score is the sum of the best hit
    # of each language; it is shown once, as its best-scoring document.
    ranked = sorted(best, key=lambda g: -sum(per_lang[g].values()))[:limit]
    searcher = live.searcher()
    hits: list[SearchHit] = []
    for group in ranked:
        doc = _doc(searcher.stored_fields(best[group]))
        score = sum(per_lang[group].values())
        text = "\n".join(part for part in (doc.body, *doc.examples) if part) or doc.title
        hits.append(
            SearchHit(
                rule=doc.rule,
                lang=doc.lang,
                source=doc.source,
                title=doc.title,
                snippet=snippet(text, needles, lang=doc.lang),
                url=url_for(doc),
                score=score,
                also=tuple(lang for lang in per_lang[group] if lang != doc.lang),
                doc=doc.doc,
                version=doc.version,
            )
        )
    return hits


class _Ranked:
    """Top documents as (docnum, score), best first: what whoosh's Results.items() gives."""

    def __init__(self, items: list[tuple[int, float]]) -> None:
        self._items = items

    def items(self) -> list[tuple[int, float]]:
        return self._items

    def __len__(self) -> int:
        return len(self._items)


def _run(live: LiveIndex, query: wq.Query, *, limit: int, allow: set[int] | None) -> tuple[Any, int]:
    """(top results, number of distinct rules/sections matched).

    Evaluated over postings decoded once per process (judge.search.evaluate): the exact
    total needs every matching document scored, which whoosh's matchers do slowly.
    """
    scores = Evaluator(live.searcher(), live.postings).scores(query)
    groups = live.groups()
    if allow is not None:
        matched = {groups[d] for d in scores if d in allow}
    else:
        matched = {groups[d] for d in scores}
    return _Ranked(top(scores, limit, allow)), len(matched)


def _jump(q: str, live: LiveIndex, version: str) -> str | None:
    if len(q) > 40:
        return None
    number = _normalize_rule_query(q)
    if not number:
        return None
    allowed = live.allowed(lang="all", version=version)
    return number if not allowed.isdisjoint(live.docset("rule", number)) else None


def _suggestions(
    parsed: ParsedQuery, live: LiveIndex, terms: TermTable, *, raw: str, lang: str, current: str
) -> list[str]:
    out: list[str] = []
    if parsed.has_filters:
        unfiltered = ParsedQuery(groups=parsed.groups, excluded=parsed.excluded)
        q, _ = build_query(unfiltered, terms=terms, version=current)
        if q is not None and any(True for _ in live.searcher().docs_for_query(q)):
            out.append(" ".join(_quoted(c.text, c.phrase) for g in parsed.groups for c in g))
    vocabulary = list(live.meta.get("vocabulary", []))
    spellings = terms.spellings()
    for word in parsed.words():
        if has_japanese(word):
            close = [s for s in spellings if has_japanese(s) and (word in s or s in word)][:2]
            close += difflib.get_close_matches(word, [s for s in spellings if has_japanese(s)], n=2, cutoff=0.5)
        else:
            lower = word.lower()
            # Same first letter and a similar length: keeps difflib fast on a 6000-word vocabulary.
            pool = [w for w in (*vocabulary, *spellings) if w[:1].lower() == lower[:1] and abs(len(w) - len(lower)) <= 3]
            close = difflib.get_close_matches(lower, pool, n=3, cutoff=0.75)
        for candidate in close:
            if candidate.lower() != word.lower():
                out.append(normalize_query(raw).replace(word, candidate, 1))
    seen: set[str] = set()
    unique = [s for s in out if s and s != raw and not (s in seen or seen.add(s))]  # type: ignore[func-returns-value]
    return unique[:5]


def _quoted(text: str, phrase: bool) -> str:
    return f'"{text}"' if phrase else text


def search(
    q: str,
    *,
    root: Path,
    lang: str = "all",
    limit: int = 10,
    current_version: str | None = None,
    ui_lang: str = "en",
    url_for: UrlFor | None = None,
    terms: TermTable | None = None,
) -> SearchResult:
    """Search the live index under ``root``.

    ``lang`` ("all", "ja", "en") is the default language filter (a ``lang:`` in the
    query wins). Only the current English CR version is searched unless the query
    says ``version:``; current is ``current_version`` or the newest indexed.
    Raises SearchQueryError for a query that cannot be searched, IndexNotReady
    when there is no index yet.
    """
    if lang not in LANGS:
        raise SearchQueryError([f"lang must be one of {', '.join(LANGS)}"])
    limit = max(1, min(MAX_LIMIT, int(limit)))
    live = open_live(root)
    current = current_version or live.current_version
    terms = terms if terms is not None else load_terms()

    def url(doc: SearchDoc) -> str:
        return url_for(doc) if url_for else default_url(doc, ui_lang=ui_lang, current_version=current)

    searcher = live.searcher()
    jump = _jump(q, live, current)
    if jump:
        allowed = live.allowed(lang=lang, version=current)
        results = searcher.search(wq.Term("rule", jump), limit=limit * 3, filter=allowed)
        needles = Needles(en={jump}, literal={jump})
        jump_hits = _hits(live, results, needles, limit=limit, url_for=url)
        return SearchResult(query=q, total=len(jump_hits), jump=jump, hits=tuple(jump_hits))

    parsed = parse_query(q, lang=lang)
    known_docs = list(live.meta.get("docs", []))
    unknown = [d for d in parsed.docs if d not in known_docs]
    if unknown:
        raise SearchQueryError(
            [f"doc:{d} is not a document of this index: use one of {', '.join(known_docs)}" for d in unknown]
        )
    version = parsed.version or current
    query, needles = build_query(parsed, terms=terms, version=version)
    hits: list[SearchHit] = []
    total = 0
    if query is not None:
        allow = live.allowed(lang=parsed.lang, version=version, docs=parsed.docs) if parsed.docs else None
        results, total = _run(live, query, limit=max(limit * 3, RERANK_WINDOW), allow=allow)
        hits = _hits(live, results, needles, limit=limit, url_for=url)
        if not hits:
            total = 0
    suggestions = (
        _suggestions(parsed, live, terms, raw=q, lang=lang, current=current) if not hits else []
    )
    return SearchResult(
        query=q,
        total=total,
        jump=None,
        hits=tuple(hits),
        suggestions=tuple(suggestions),
        notices=parsed.notices,
    )


__all__ = ["SearchHit", "SearchQueryError", "SearchResult", "default_url", "search"]
