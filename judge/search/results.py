"""What a search answers: its hits and suggestions, and how a hit is titled for its reader.

The types ``search()`` (judge.search.service) returns, kept apart from the search so that ranking
(judge.search.ranking) and rule lookup (judge.search.lookup) build hits and suggestions without
importing the search that calls them. A hit names its rule, document, version and anchor; the page it
leads to is the web layer's to build (judge.web.citations).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from judge.engine.messages import Message
from judge.parsing.terms_table import (
    SectionTitle,
    Term,
    english_index,
    glossary_terms,
    japanese_key,
    load_section_titles,
    load_terms_table,
    section_title_index,
    section_title_ja,
)
from judge.search.documents import OUTDATED, SearchDoc, SourceKind


class SuggestionKind(enum.StrEnum):
    RULE = "rule"  # an existing rule near the rule number typed
    SPELLING = "spelling"  # the query with a word spelled as the index spells it
    UNFILTERED = "unfiltered"  # the same words without lang:/doc:/version:, which find something


@dataclass(frozen=True)
class Suggestion:
    """Something to try instead; ``query`` is what to search for (a rule number opens the rule)."""

    kind: SuggestionKind
    query: str
    rule: str | None = None
    title: str = ""  # the rule's heading, for a rule suggestion

    def to_payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind.value, "query": self.query}
        if self.rule:
            out.update(rule=self.rule, title=self.title)
        return out


@dataclass(frozen=True)
class SearchHit:
    rule: str | None
    lang: str
    source: str  # the corpus file: for programs, never shown to a reader
    title: str
    snippet: str  # HTML, already escaped
    score: float
    also: tuple[str, ...] = ()  # other languages in which this rule was also found ("ja")
    doc: str = ""
    version: str = ""
    anchor: str = ""
    kind: SourceKind = SourceKind.CR
    doc_title: str = ""  # the document's own title; label a hit with this and ``kind``
    missing: tuple[str, ...] = ()  # in a partial result: the query's words this hit lacks
    # A translated rule: how its text stands against today's rule (judge.parsing.substance.STANDINGS:
    # "current", "wording-changed", "renumbered", "outdated", "unchecked", "deleted"; "" for anything else)
    # and its number as the translation gives it (``rule`` is today's: they differ for a renumbered rule; a
    # deleted one has no ``rule``).
    status: str = ""
    translated_rule: str = ""
    # House rules or prose the query does not name: this hit stands for its document's hits found, this
    # many (0: it stands for itself only); the search with ``doc:<doc>`` lists them all.
    folded: int = 0
    # A hit whose Japanese is not today's rule (``earlier_status`` outdated, unchecked...) is shown by today's
    # English of the rule; the Japanese found is only this snippet (HTML), behind a closed disclosure.
    earlier: str = ""
    earlier_status: str = ""

    @property
    def outdated(self) -> bool:
        """Its text is not today's rule: the hit says so."""
        return self.status in OUTDATED

    def to_payload(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "lang": self.lang,
            "also": list(self.also),
            "kind": self.kind.value,
            "doc": self.doc,
            "doc_title": self.doc_title,
            "version": self.version,
            "source": self.source,
            "title": self.title,
            "snippet": self.snippet,
            "score": round(self.score, 4),
            "missing": list(self.missing),
            "status": self.status,
            "folded": self.folded,
            "earlier": {"lang": "ja", "snippet": self.earlier, "status": self.earlier_status}
            if self.earlier_status
            else None,
        }


@dataclass(frozen=True)
class SearchResult:
    query: str
    total: int
    jump: str | None
    hits: tuple[SearchHit, ...]
    suggestions: tuple[Suggestion, ...] = ()
    notices: tuple[Message, ...] = ()  # what was changed to search the query, in the reader's language
    partial: bool = False  # no document has every word: the hits are the closest matches
    corrected_query: str | None = None  # the query found nothing; the hits are for this spelling
    current_version: str = ""  # the CR version searched as the current one (a hit of another is older)

    def to_payload(self, lang: str = "en") -> dict[str, Any]:
        """The result as JSON, its notices in ``lang``."""
        out: dict[str, Any] = {
            "query": self.query,
            "total": self.total,
            "jump": self.jump,
            "partial": self.partial,
            "corrected_query": self.corrected_query,
            "hits": [h.to_payload() for h in self.hits],
            "suggestions": [s.to_payload() for s in self.suggestions],
        }
        if self.notices:
            out["notices"] = [notice.text(lang) for notice in self.notices]
        return out


def headword_first(result: SearchResult, *, after_a_rule: bool = False) -> SearchResult:
    """The result with the glossary entry whose headword the query is, exactly (English or its Japanese name,
    width, case and spaces aside), moved first: a reader who types a word of the glossary reads its
    definition before the rules that use it. ``after_a_rule`` (the search page): when the first hit is a
    rule, that rule stays first (「統率者税」: 903.8 is what the table rules by) and the entry comes next.
    Unchanged when no hit is such an entry.

    >>> rule = SearchHit(rule="903.8", lang="en", source="", title="903.8. Commander", snippet="", score=2.0)
    >>> entry = SearchHit(rule=None, lang="en", source="", title="統率者税（Commander Tax）", snippet="",
    ...                   score=1.0, doc="glossary", kind=SourceKind.GLOSSARY, anchor="term-1")
    >>> other = replace(rule, rule="903.9", title="903.9. Commander")
    >>> found = SearchResult(query="", total=3, jump=None, hits=(rule, other, entry))
    >>> [h.title for h in headword_first(replace(found, query="ＣＯＭＭＡＮＤＥＲ tax")).hits][0]
    '統率者税（Commander Tax）'
    >>> [h.title for h in headword_first(replace(found, query="統率者税"), after_a_rule=True).hits]
    ['903.8. Commander', '統率者税（Commander Tax）', '903.9. Commander']
    >>> more = replace(found, query="commander tax rule")
    >>> headword_first(more) == more
    True
    """
    key = japanese_key(result.query)
    for position, hit in enumerate(result.hits):
        if hit.kind is SourceKind.GLOSSARY and key in _headword_keys(hit.title):
            rest = (*result.hits[:position], *result.hits[position + 1 :])
            keep = 1 if after_a_rule and rest and rest[0].rule is not None and position > 0 else 0
            return replace(result, hits=(*rest[:keep], hit, *rest[keep:]))
    return result


def _headword_keys(title: str) -> set[str]:
    """A glossary hit's spellings, reduced: its title is the headword, or "統率者税（Commander Tax）" for a
    Japanese reader (:func:`display_title`), its Japanese names joined by "・"."""
    names, _, english = title.rstrip("）").rpartition("（") if title.endswith("）") else ("", "", title)
    return {japanese_key(s) for s in (english, names, *names.split("・")) if s.strip()}


@lru_cache(maxsize=1)
def japanese_names() -> tuple[dict[tuple[str, str], SectionTitle], dict[str, Term]]:
    """The Japanese titles of sections and names of glossary terms, read once (judge.search.warm loads
    them)."""
    return section_title_index(load_section_titles()), english_index(load_terms_table())


def display_title(doc: SearchDoc, ui_lang: str) -> str:
    """A hit's title for the reader. An English CR rule's title names its section ("903.8. Commander"):
    a Japanese reader reads the section's Japanese title (rules_data/sections.tsv); a glossary entry
    gets its Japanese name first (rules_data/terms.tsv). Everything else keeps its own title.

    >>> from dataclasses import replace
    >>> doc = SearchDoc(key="k", rule="903.8", lang="en", source="", doc="cr", version="20260116",
    ...                 title="903.8. Commander", body="")
    >>> display_title(doc, "ja"), display_title(doc, "en")
    ('903.8. 統率者戦', '903.8. Commander')
    >>> display_title(replace(doc, rule=None, kind=SourceKind.GLOSSARY, title="Commander Tax"), "ja")
    '統率者税（Commander Tax）'
    """
    if doc.lang == "ja":
        return _japanese_title(doc)
    if ui_lang != "ja":
        return doc.title
    sections, terms = japanese_names()
    if doc.kind is SourceKind.GLOSSARY:
        names = [t.name_ja for t in glossary_terms(terms, doc.title) if t.name_ja]
        return f"{'・'.join(names)}（{doc.title}）" if names else doc.title
    if doc.kind is not SourceKind.CR or not doc.rule or not doc.title.startswith(doc.rule):
        return doc.title
    # "903.8. Commander", "903.8a Commander", "903. Commander": the number, then the section's title.
    english = doc.title[len(doc.rule) :].lstrip(". ")
    japanese = section_title_ja(sections, doc.rule.split(".")[0], english) if english else None
    return f"{doc.title[: len(doc.title) - len(english)]}{japanese}" if japanese else doc.title


_POINT = re.compile(r"rule-(\d+)$")


def _japanese_title(doc: SearchDoc) -> str:
    """A Japanese text's title: a translated rule's is today's number and its section's title (「903.9b
    統率者戦」, whatever number the translation gives it); a document section whose title only repeats its
    text (a point of the Commander rules) is named by its document and point (「統率者戦 公式ルール 1」).
    A renumbered translation keeps its own number.

    >>> doc = SearchDoc(key="k", rule="903.9b", lang="ja", source="", doc="cr-excerpt-ja", version="",
    ...                 title="903.9 統率者戦", body="…", kind=SourceKind.CR_TRANSLATION)
    >>> _japanese_title(doc)
    '903.9b 統率者戦'
    >>> from dataclasses import replace
    >>> point = replace(doc, rule=None, kind=SourceKind.FORMAT_RULES, anchor="rule-1",
    ...                 doc_title="統率者戦 公式ルール",
    ...                 title="プレイヤーは、あらかじめ伝説のクリーチャーを1体選んでおく必要があります。",
    ...                 body="プレイヤーは、あらかじめ伝説のクリーチャーを1体選んでおく必要があります。")
    >>> _japanese_title(point), _japanese_title(replace(point, title="基本原則"))
    ('統率者戦 公式ルール 1', '基本原則')
    """
    if doc.kind is SourceKind.CR_TRANSLATION and doc.rule and doc.status != "renumbered":
        # (a renumbered text keeps the number it was translated under, as its page shows it; the hit says
        # today's)
        number, _, section = doc.title.partition(" ")
        if not section and number.startswith(doc.rule):
            return doc.title  # 「903.8.」: only its number, today's
        if number and number[0].isdigit():
            return f"{doc.rule} {section}".strip()
        return f"{doc.rule} {doc.title}".strip()
    repeats = len(doc.title) > 24 and doc.body.startswith(doc.title.rstrip("。．. ")[:24])
    if repeats and doc.doc_title:
        point = _POINT.match(doc.anchor)
        return f"{doc.doc_title} {point.group(1)}" if point else doc.doc_title
    return doc.title
