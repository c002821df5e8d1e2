"""``search()``: query in, ranked and merged hits with escaped snippets out; ``warm()`` at worker start.

A search never ends in an empty page when something close exists:

1. every word found in one document: the best of those documents;
2. else, a word no document has is corrected from the index's own vocabulary
   ("comander tax" -> "commander tax"): ``corrected_query`` says what was searched;
3. else the closest matches: the documents with the most of the words
   (``partial``; each hit lists the words it lacks in ``missing``);
4. else ``suggestions``: the nearest existing rules for a rule number that does not
   exist ("903.9zz", "999.1"), the query without its filters.

A rule found in both languages (the English CR rule and a Japanese section with the
same CR number) is one hit, shown in the reader's language (``ui_lang``) with the
other in ``also``; the reader's language also ranks first. A translation whose text is
not today's rule (its ``status``: changed, renumbered, deleted or unchecked, from the
alignment of judge.parsing.linking) ranks below one that is, and within a rule the
current text is shown: today's translation first (the whole translation of the
current release before excerpts of older ones). A translated rule is found under
today's number (a renumbered one under its new number; a deleted one under its
document). House rules and wiki prose rank after the rules of Magic unless the query
names them. ``jump`` is set when the whole query is a rule number that exists.
"""

from __future__ import annotations

import enum
import gc
import heapq
import math
import re
import threading
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from judge.engine.rule_numbers import parent, sort_key
from judge.parsing.references import normalize_rule_query
from judge.parsing.terms_table import (
    SectionTitle,
    Term,
    english_index,
    glossary_terms,
    load_section_titles,
    load_terms_table,
    section_title_index,
    section_title_ja,
)
from judge.search.analysis import en_terms, has_japanese, normalize_ja, sudachi_dictionary
from judge.search.alignment import placed, shown_text, standings, status_prior
from judge.search.documents import CR_SLUG, GLOSSARY_SLUG, OUTDATED, SearchDoc, SourceKind
from judge.search.evaluate import Evaluator, Scores, top
from judge.search.highlight import snippet
from judge.search.index import IndexNotReady, LiveIndex, keep_warm, open_live
from judge.search.query import (
    LANGS,
    BuiltQuery,
    Needles,
    ParsedQuery,
    SearchQueryError,
    Unit,
    build_query,
    normalize_query,
    parse_query,
    quoted,
)
from judge.search.spelling import Speller
from judge.search.terms import TermTable, load_terms

MAX_LIMIT = 50
UI_LANGS = ("en", "ja")
UrlFor = Callable[[SearchDoc], str]

MULTIPLAYER_PRIOR = 1.25
GLOSSARY_PRIOR = 0.8  # a glossary entry mostly points at the rule: it ranks just below it
HEADING_PRIOR = 0.6  # a chapter or section heading ("810. Two-Headed Giant Variant") is a title, not a rule
# A rule other rules cite governs its subject ("exception to rule 800.4a"): x(1 + step * log2(1 + citations)).
CITED_STEP = 0.1
# ... and a rule the other results of the query cite governs them: x(1 + step per citing result).
GOVERNS_STEP = 0.1
UI_LANG_BOOST = 1.5  # a document in the reader's language ranks above one of the same score in the other
RERANK_WINDOW = 50  # documents read for merging and the priors, whatever the limit
MAX_RULE_SUGGESTIONS = 5
# Words that name a document outside the rules of Magic; a query with one ranks it with the rules.
NAMES = {
    SourceKind.HOUSE_RULES: ("dtc", "duel masters", "デュエマ", "デュエル・マスターズ", "デュエルマスターズ", "タッグ・コマンダー", "タッグコマンダー", "tag commander"),
    SourceKind.PROSE: ("wiki", "ウィキ"),
}
# Something that looks like a rule number, existing or not: "903.9zz", "903.", "999.1", "rule 9031".
_RULE_LIKE = re.compile(
    r"^(?P<keyword>(?:cr|rule|rules|section)\s*)?(?P<section>\d{3})(?P<digit>\d)?"
    r"(?:\.(?P<rule>\d{0,3})(?P<letters>[a-z]*))?\.?$"
)


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
    url: str = ""  # the rule's page, for a rule suggestion

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind.value, "query": self.query}
        if self.rule:
            out.update(rule=self.rule, title=self.title, url=self.url)
        return out


@dataclass(frozen=True)
class SearchHit:
    rule: str | None
    lang: str
    source: str  # the corpus file: for programs, never shown to a reader
    title: str
    snippet: str  # HTML, already escaped
    url: str
    score: float
    also: tuple[str, ...] = ()  # other languages in which this rule was also found ("ja")
    doc: str = ""
    version: str = ""
    anchor: str = ""
    kind: SourceKind = SourceKind.CR
    doc_title: str = ""  # the document's own title; label a hit with this and ``kind``
    missing: tuple[str, ...] = ()  # in a partial result: the query's words this hit lacks
    # A translated rule: how its text stands against today's rule ("current", "changed", "renumbered",
    # "deleted", "unchecked"; "" for anything else) and its number as the translation gives it (``rule`` is
    # today's: they differ for a renumbered rule; a deleted one has no ``rule``).
    status: str = ""
    translated_rule: str = ""

    @property
    def outdated(self) -> bool:
        """Its text is not today's rule: the hit says so."""
        return self.status in OUTDATED

    def to_json(self) -> dict[str, Any]:
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
            "url": self.url,
            "score": round(self.score, 4),
            "missing": list(self.missing),
            "status": self.status,
        }


@dataclass(frozen=True)
class SearchResult:
    query: str
    total: int
    jump: str | None
    hits: tuple[SearchHit, ...]
    suggestions: tuple[Suggestion, ...] = ()
    notices: tuple[str, ...] = ()
    partial: bool = False  # no document has every word: the hits are the closest matches
    corrected_query: str | None = None  # the query found nothing; the hits are for this spelling

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "query": self.query,
            "total": self.total,
            "jump": self.jump,
            "partial": self.partial,
            "corrected_query": self.corrected_query,
            "hits": [h.to_json() for h in self.hits],
            "suggestions": [s.to_json() for s in self.suggestions],
        }
        if self.notices:
            out["notices"] = list(self.notices)
        return out


def default_url(doc: SearchDoc, *, ui_lang: str = "en", current_version: str = "") -> str:
    """Rule page for CR rules (and Japanese translations of one), else the document section."""
    if doc.rule:
        return rule_url(doc.rule, ui_lang=ui_lang, version=doc.version if doc.doc == CR_SLUG else "",
                        current_version=current_version)
    if doc.doc == GLOSSARY_SLUG:
        return f"/{ui_lang}/glossary/#{doc.anchor}"
    return f"/{ui_lang}/docs/{doc.doc}/#{doc.anchor}"


def rule_url(rule: str, *, ui_lang: str, version: str = "", current_version: str = "") -> str:
    url = f"/{ui_lang}/rules/{rule}/"
    return f"{url}?version={version}" if version and current_version and version != current_version else url


@lru_cache(maxsize=1)
def _japanese_names() -> tuple[dict[tuple[str, str], SectionTitle], dict[str, Term]]:
    return section_title_index(load_section_titles()), english_index(load_terms_table())


def display_title(doc: SearchDoc, ui_lang: str) -> str:
    """A hit's title for the reader. An English CR rule's title names its section ("903.8. Commander"):
    a Japanese reader reads the section's Japanese title (rules_data/sections.tsv); a glossary entry
    gets its Japanese name first (rules_data/terms.tsv). Everything else keeps its own title.

    >>> doc = SearchDoc(key="k", rule="903.8", lang="en", source="", doc="cr", version="20260116",
    ...                 title="903.8. Commander", body="")
    >>> display_title(doc, "ja"), display_title(doc, "en")
    ('903.8. 統率者戦', '903.8. Commander')
    >>> display_title(replace(doc, rule=None, kind=SourceKind.GLOSSARY, title="Commander Tax"), "ja")
    '統率者税（Commander Tax）'
    """
    if ui_lang != "ja" or doc.lang != "en":
        return doc.title
    sections, terms = _japanese_names()
    if doc.kind is SourceKind.GLOSSARY:
        names = [t.name_ja for t in glossary_terms(terms, doc.title) if t.name_ja]
        return f"{'・'.join(names)}（{doc.title}）" if names else doc.title
    if doc.kind is not SourceKind.CR or not doc.rule or not doc.title.startswith(doc.rule):
        return doc.title
    # "903.8. Commander", "903.8a Commander", "903. Commander": the number, then the section's title.
    english = doc.title[len(doc.rule) :].lstrip(". ")
    japanese = section_title_ja(sections, doc.rule.split(".")[0], english) if english else None
    return f"{doc.title[: len(doc.title) - len(english)]}{japanese}" if japanese else doc.title


def prior_for(group: str, kind: str, cited: dict[str, int]) -> float:
    """The site is a multiplayer reference: the multiplayer (8xx) and casual-variant (9xx) rules,
    in either language, rank a little above rules of the same score elsewhere; a rule that other
    rules cite a little above one nobody cites; a section heading and a glossary entry below the
    rules they stand for.

    >>> prior_for("rule:800.4a", "cr", {}), prior_for("rule:104.5", "cr", {}), prior_for("rule:800.4a", "cr", {"800.4a": 3})
    (1.25, 1.0, 1.5)
    >>> prior_for("glossary-20260116-12", "glossary", {}), prior_for("rule:903", "cr", {})
    (0.8, 0.75)
    """
    if kind == SourceKind.GLOSSARY:
        return GLOSSARY_PRIOR
    rule = group[5:] if group.startswith("rule:") else ""
    out = 1.0 + CITED_STEP * math.log2(1 + cited.get(rule, 0)) if rule else 1.0
    if rule.isdigit():
        out *= HEADING_PRIOR
    if len(rule) >= 3 and rule[0] in "89" and rule[:3].isdigit():
        out *= MULTIPLAYER_PRIOR
    return out


# --- matching ---------------------------------------------------------------------------------------------

@dataclass
class Match:
    """Scores of the documents found; for closest matches, the words each document lacks."""

    scores: Scores
    partial: bool = False
    dead: tuple[Unit, ...] = ()  # words no document has (spelling may fix them)
    slots: tuple[tuple[Unit, Scores], ...] = ()  # closest matches: each word and where it was found

    def missing(self, docnum: int) -> tuple[str, ...]:
        """The words (as typed) a document of a closest match lacks."""
        return tuple(unit.text for unit, found in self.slots if docnum not in found)


BONUS_WITHIN = 400  # documents a phrase bonus is checked in, the best by their words' scores


def _bonus(evaluator: Evaluator, built: BuiltQuery, within: set[int]) -> Scores:
    """Phrase, proximity and first-sentence bonuses of the documents found (phrases checked there only)."""
    return evaluator.scores(built.bonus, within=within) if built.bonus is not None else {}


def _match(live: LiveIndex, built: BuiltQuery, allow: set[int] | None) -> Match:
    """Every unit in one document; else the documents with the most words (weighted by rarity)."""
    evaluator = Evaluator(live.searcher(), live.postings)

    def scores(unit: Unit) -> Scores:
        found = evaluator.scores(unit.query)
        return {d: s for d, s in found.items() if d in allow} if allow is not None else found

    parts = [scores(u) for u in built.units]
    negative = evaluator.scores(built.negative) if built.negative is not None else {}
    smallest: Scores = min(parts, key=len) if parts else {}
    common = set(smallest)
    for part in parts:
        common.intersection_update(part.keys())
    common.difference_update(negative.keys())
    if common:
        total = dict.fromkeys(common, 0.0)
        for part in parts:
            for d in common:
                if d in part:
                    total[d] += part[d]
        # Phrases are checked in the best documents only: a word that every rule of a whole translation has
        # (プレイヤー) would otherwise have its positions read in thousands of documents (bench/translation.md).
        best = common if len(common) <= BONUS_WITHIN else {d for d, _ in top(total, BONUS_WITHIN)}
        for d, score in _bonus(evaluator, built, best).items():
            if d in best:
                total[d] += score
        return Match(total)
    # Closest matches, counted by word: a document with the term "combat damage" has both words,
    # one with only "combat" has one of them.
    slots: list[tuple[Unit, Scores]] = []
    for unit, part in zip(built.units, parts):
        if not unit.words:
            slots.append((unit, part))
            continue
        share = 1 / len(unit.words)
        for word in unit.words:
            alone = scores(word)
            slots.append((word, {**alone, **{d: s * share for d, s in part.items()}}))
    dead = tuple(unit for unit, found in slots if not found)
    alive = [found for _, found in slots if found]
    if not alive or len(slots) == 1:
        return Match({}, dead=dead)
    # The weight of a word is its rarity (a document lacking "hybrid" misses more than one lacking
    # "mana"); a document's score is scaled by the square of the share of the weight it has.
    universe = max(1, len(live.groups()))
    weights = [math.log(1 + universe / len(found)) for found in alive]
    total_weight = sum(weights)
    summed: Scores = {}
    weighed: Scores = {}
    for weight, found in zip(weights, alive):
        for d, score in found.items():
            if d in summed:
                summed[d] += score
                weighed[d] += weight
            else:
                summed[d] = score
                weighed[d] = weight
    for d in negative:
        summed.pop(d, None)
    bonus = _bonus(evaluator, built, set(summed))
    matched = {d: (score + bonus.get(d, 0.0)) * (weighed[d] / total_weight) ** 2 for d, score in summed.items()}
    return Match(matched, partial=True, dead=dead, slots=tuple(slots))


# --- ranking and hits -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Ranking:
    ui_lang: str
    names: frozenset[SourceKind] = frozenset()  # kinds outside the rules of Magic that the query names

    def tier(self, kind: SourceKind) -> int:
        """Documents the query names first, then the rules of Magic, then house rules and prose."""
        if kind in self.names:
            return -1
        return 0 if kind.is_magic_rules else 1


def named_kinds(parsed: ParsedQuery, terms: TermTable) -> tuple[ParsedQuery, frozenset[SourceKind]]:
    """The documents outside the rules of Magic that the query asks for, and the query without the
    words that only name them ("統率者税 DTC" searches 統率者税 and ranks the DTC rules first).
    Named by a name ("DTC", "デュエル・マスターズ", "wiki"), by a doc: filter, or by a Duel Masters
    word of the term table (文明, shield zone)."""
    named: set[SourceKind] = set(NAMES) if parsed.docs else set()
    words = [normalize_ja(g[0].text) if len(g) == 1 and not g[0].phrase else "" for g in parsed.groups]
    dropped: set[int] = set()
    for kind, names in NAMES.items():
        for name in names:
            size = len(name.split())
            for i in range(len(words) - size + 1):
                if " ".join(words[i : i + size]) == name:
                    named.add(kind)
                    dropped.update(range(i, i + size))
    text = normalize_ja(" ".join(parsed.words()))
    for match in (*(terms.find_ja(text) if has_japanese(text) else ()), *terms.find_en(en_terms(text))):
        if all(not pair.ja_to_en for pair in match.pairs):  # a word of Duel Masters only (文明, not "deck")
            named.add(SourceKind.HOUSE_RULES)
    if dropped and len(dropped) < len(parsed.groups):
        groups = tuple(g for i, g in enumerate(parsed.groups) if i not in dropped)
        parsed = replace(parsed, groups=groups)
    return parsed, frozenset(named)


def static_priors(live: LiveIndex, ui_lang: str) -> list[float]:
    """Every document number's prior (kind, multiplayer chapter, citations) times the reader's-language
    boost: computed once per generation and language."""
    key = ("priors", ui_lang)
    found: list[float] | None = live.extras.get(key)
    if found is None:
        cited: dict[str, int] = live.meta.get("cited") or {}
        found = live.extras[key] = [
            prior_for(group, kind, cited)
            * (UI_LANG_BOOST if lang == ui_lang else 1.0)
            * status_prior(status)  # an outdated translation below today's (judge.search.alignment)
            for group, kind, lang, status in zip(live.groups(), live.column("kind"), live.langs(), live.column("status"))
        ]
    return found


def doc_tiers(live: LiveIndex, ranking: Ranking) -> list[int]:
    """Every document number's tier for a ranking (a few combinations of named kinds per generation)."""
    key = ("tiers", ranking.names)
    found: list[int] | None = live.extras.get(key)
    if found is None:
        tiers = {kind.value: ranking.tier(kind) for kind in SourceKind}
        found = live.extras[key] = [tiers[kind] for kind in live.column("kind")]
    return found


def governing(found: Iterable[str], cites: dict[str, list[str]]) -> dict[str, float]:
    """The rules that other results of the same query cite govern them: 901.10, found for "player
    leaves the game", says "See rule 800.4a", so 800.4a ranks above it. Group -> factor
    (1 + GOVERNS_STEP per other result citing it). ``cites``: the current release's citations
    (index meta), by group.

    >>> governing(["rule:800.4a", "rule:901.10", "rule:800.4n"], {"rule:901.10": ["800.4a"], "rule:800.4n": ["800.4a", "800"]})
    {'rule:800.4a': 1.2}
    """
    found = list(found)
    here = {group[5:]: group for group in found if group.startswith("rule:")}
    citing: dict[str, int] = {}
    for group in found:
        for number in cites.get(group, ()):
            cited = here.get(number)
            if cited is not None and cited != group:
                citing[cited] = citing.get(cited, 0) + 1
    return {group: 1 + GOVERNS_STEP * n for group, n in citing.items()}


def _hits(
    live: LiveIndex,
    match: Match,
    needles: Needles,
    *,
    limit: int,
    url_for: UrlFor,
    ranking: Ranking,
) -> tuple[list[SearchHit], int]:
    """Merge the ranked documents by rule, rank, cut to ``limit``; also the number of groups found."""
    groups, langs, ui = live.groups(), live.langs(), ranking.ui_lang
    priors, tiers, standing = static_priors(live, ui), doc_tiers(live, ranking), standings(live)
    total = len({groups[d] for d in match.scores})
    # Only the best RERANK_WINDOW documents (by tier, then score with the priors) are merged and ranked.
    adjusted = [(tiers[d], raw * priors[d], d) for d, raw in match.scores.items()]
    window = heapq.nsmallest(RERANK_WINDOW, adjusted, key=lambda item: (item[0], -item[1], item[2]))
    texts: dict[str, dict[str, list[tuple[float, int]]]] = {}
    tier: dict[str, int] = {}
    for doc_tier, score, docnum in window:
        group = groups[docnum]
        texts.setdefault(group, {}).setdefault(langs[docnum], []).append((score, docnum))
        tier[group] = min(tier.get(group, doc_tier), doc_tier)
    # Each group's best score in each language, and the text shown for it.
    per_lang = {group: {lang: shown_text(found, standing) for lang, found in by_lang.items()}
                for group, by_lang in texts.items()}

    governs = governing(per_lang, live.meta.get("cites") or {})

    # A rule found in both languages is stronger evidence: its score is the sum of the best hit of
    # each language. It is shown once, in the reader's language when it has it.
    def rank(group: str) -> tuple[int, float]:
        return (tier[group], -sum(score for score, _ in per_lang[group].values()) * governs.get(group, 1.0))

    ranked = sorted(per_lang, key=rank)[:limit]
    hits: list[SearchHit] = []
    for group in ranked:
        found = per_lang[group]
        shown = found[ui][1] if ui in found else max(found.values())[1]
        doc = placed(live.doc(shown))
        text = "\n".join(part for part in (doc.body, *doc.examples) if part) or doc.title
        missing = sorted({w for _, d in found.values() for w in match.missing(d)}) if match.partial else ()
        hits.append(
            SearchHit(
                rule=doc.rule,
                lang=doc.lang,
                source=doc.source,
                title=display_title(doc, ui),
                snippet=snippet(text, needles, lang=doc.lang),
                url=url_for(doc),
                score=sum(score for score, _ in found.values()),
                also=tuple(lang for lang in found if lang != doc.lang),
                doc=doc.doc,
                version=doc.version,
                anchor=doc.anchor,
                kind=doc.kind,
                doc_title=doc.doc_title,
                missing=tuple(missing),
                status=doc.status,
                translated_rule=(live.doc(shown).rule or "") if doc.status else "",
            )
        )
    return hits, total


# --- rule numbers -----------------------------------------------------------------------------------------

def _jump(q: str, live: LiveIndex, version: str) -> str | None:
    if len(q) > 40:
        return None
    number = normalize_rule_query(q)
    if not number:
        return None
    allowed = live.allowed(lang="all", version=version)
    return number if not allowed.isdisjoint(live.docset("rule", number)) else None


def rule_like(q: str) -> tuple[str, str, str] | None:
    """(section, rule, letters) of a query that looks like a rule number, existing or not: "903.9zz",
    "999.1", "903." and, after a keyword, four digits typed for "903.1" ("rule 9031").

    >>> rule_like("903.9zz"), rule_like("rule 9031"), rule_like("９９９．１"), rule_like("2013"), rule_like("tax")
    (('903', '9', 'zz'), ('903', '1', ''), ('999', '1', ''), None, None)
    """
    m = _RULE_LIKE.match(unicodedata.normalize("NFKC", q).strip().lower())
    if m is None or (m.group("digit") and not m.group("keyword")):
        return None
    rule = m.group("digit") or m.group("rule") or ""
    return m.group("section"), rule, m.group("letters") or ""


def nearest_rules(typed: str, rules: Sequence[str], *, limit: int = MAX_RULE_SUGGESTIONS) -> list[str]:
    """Existing rules nearest a rule number that does not exist: the longest existing prefix with its
    subrules ("903.9zz" -> 903.9, 903.9a, ...), else the nearest numbers of the same section
    ("903.99" -> 903.15, ...), else the nearest sections ("999.1" -> 905, 904, ...).

    >>> rules = ["903", "903.8", "903.9", "903.9a", "903.9b", "903.10", "904", "904.1", "905"]
    >>> nearest_rules("903.9zz", rules), nearest_rules("903.99", rules)[:2], nearest_rules("999.1", rules)[:2]
    (['903.9', '903.9a', '903.9b'], ['903.10', '903.9'], ['905', '904'])
    """
    parts = rule_like(typed)
    if parts is None:
        return []
    section, number, letters = parts
    prefixes = [f"{section}.{number}{letters[:1]}", f"{section}.{number}"] if number else [section]
    for prefix in prefixes:
        family = [r for r in rules if (r == prefix or parent(r) == prefix) and r != typed]
        if family:
            return family[:limit]
    if number and section in rules:
        siblings = [r for r in rules if parent(r) == section]
        target = int(number)
        return sorted(siblings, key=lambda r: (abs(sort_key(r)[2] - 1 - target), sort_key(r)))[:limit]
    sections = [r for r in rules if len(r) == 3]
    return sorted(sections, key=lambda r: (abs(int(r) - int(section)), r))[:limit]


def _rule_suggestions(q: str, live: LiveIndex, *, version: str, ui_lang: str, url_for: UrlFor) -> list[Suggestion]:
    out = []
    for number in nearest_rules(q, live.rules(version)):
        docs = sorted(live.docset("rule", number) & live.allowed(lang="all", version=version))
        if not docs:
            continue
        standing = standings(live)
        shown = min(docs, key=lambda d: (live.langs()[d] != ui_lang, standing[d], d))
        doc = placed(live.doc(shown))
        title = display_title(doc, ui_lang)
        out.append(Suggestion(SuggestionKind.RULE, query=number, rule=number, title=title, url=url_for(doc)))
    return out


# --- spelling ---------------------------------------------------------------------------------------------

_speller_lock = threading.Lock()


def speller(live: LiveIndex, terms: TermTable) -> Speller:
    """The generation's spelling vocabulary (built once per index generation and term table)."""
    key = ("speller", terms)
    found: Speller | None = live.extras.get(key)
    if found is None:
        with _speller_lock:
            found = live.extras.get(key)
            if found is None:
                found = live.extras[key] = Speller(
                    live.meta.get("vocabulary") or {}, live.meta.get("ja_vocabulary") or {}, terms
                )
    return found


def _corrected(raw: str, dead: Sequence[Unit], spell: Speller) -> str | None:
    """The query with each unknown plain word replaced by its closest spelling, if any changed."""
    text = normalize_query(raw)
    changed = False
    # A Japanese word is corrected whole: 統卒者税 is cut into 統, 卒, 者, 税 and only 卒 is unknown.
    for typed in dict.fromkeys(unit.chunk or unit.text for unit in dead if unit.plain):
        better = spell.correct(typed)
        if better and better.lower() != typed.lower():
            pattern = re.escape(typed) if has_japanese(typed) else rf"(?<!\w){re.escape(typed)}(?!\w)"
            text, n = re.subn(pattern, better, text, count=1, flags=re.IGNORECASE)
            changed = changed or n > 0
    return text if changed else None


# --- the search -------------------------------------------------------------------------------------------

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
    no index yet.
    """
    if lang not in LANGS:
        raise SearchQueryError([f"lang must be one of {', '.join(LANGS)}"])
    if ui_lang not in UI_LANGS:
        raise SearchQueryError([f"ui must be one of {', '.join(UI_LANGS)}"])
    limit = max(1, min(MAX_LIMIT, int(limit)))
    live = open_live(root)
    current = current_version or live.current_version
    terms = terms if terms is not None else load_terms()

    def url(doc: SearchDoc) -> str:
        return url_for(doc) if url_for else default_url(doc, ui_lang=ui_lang, current_version=current)

    jump = _jump(q, live, current)
    if jump:
        allowed = live.allowed(lang=lang, version=current)
        found = Match({d: 1.0 for d in live.docset("rule", jump) & allowed})
        needles = Needles(en={jump}, literal={jump})
        jump_hits, _ = _hits(live, found, needles, limit=limit, url_for=url, ranking=Ranking(ui_lang))
        return SearchResult(query=q, total=len(jump_hits), jump=jump, hits=tuple(jump_hits))

    if rule_like(q) is not None:  # a rule number that does not exist: the nearest ones that do
        rules = _rule_suggestions(q, live, version=current, ui_lang=ui_lang, url_for=url)
        return SearchResult(query=q, total=0, jump=None, hits=(), suggestions=tuple(rules))

    parsed = parse_query(q, lang=lang)
    known_docs = list(live.meta.get("docs", []))
    unknown = [d for d in parsed.docs if d not in known_docs]
    if unknown:
        raise SearchQueryError(
            [f"doc:{d} is not a document of this index: use one of {', '.join(known_docs)}" for d in unknown]
        )
    version = parsed.version or current
    notices = parsed.notices
    if version not in live.versions:
        # The ingest indexes the current release only (judge.rules.services); older ones are read from the database.
        notices = (*notices, f"version:{version} is not in the search index: the current rules ({current}) were "
                             "searched. Older versions: each rule's history page and the changes page.")
        version = current
    allow = live.allowed(lang=parsed.lang, version=version, docs=parsed.docs) if parsed.docs else None
    searched, names = named_kinds(parsed, terms)
    ranking = Ranking(ui_lang, names)
    built = build_query(searched, terms=terms, version=version)
    match = _match(live, built, allow) if built is not None else Match({})
    corrected: str | None = None
    suggestions: list[Suggestion] = []
    if built is not None and match.dead and (match.partial or not match.scores):
        better = _corrected(q, match.dead, speller(live, terms))
        if better is not None:
            parsed_better, _ = named_kinds(parse_query(better, lang=lang), terms)
            built_better = build_query(parsed_better, terms=terms, version=version)
            if built_better is not None:
                match_better = _match(live, built_better, allow)
                if match_better.scores and (not match_better.partial or match.partial or not match.scores):
                    if correct:
                        match, built, corrected = match_better, built_better, better
                    else:
                        suggestions.append(Suggestion(SuggestionKind.SPELLING, query=better))
    hits: list[SearchHit] = []
    total = 0
    if built is not None and match.scores:
        hits, total = _hits(live, match, built.needles, limit=limit, url_for=url, ranking=ranking)
    if not hits:
        if parsed.has_filters:
            unfiltered = ParsedQuery(groups=parsed.groups, excluded=parsed.excluded)
            retry = build_query(unfiltered, terms=terms, version=current)
            if retry is not None and _match(live, retry, None).scores:
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
    )


# --- warm-up ----------------------------------------------------------------------------------------------

def warm(root: Path, *, terms: TermTable | None = None) -> bool:
    """Load everything a search reads, once per process and index generation: the Japanese
    dictionary, the term table, the Japanese titles of sections, the live index's searcher, columns, documents and decoded
    postings, the analysed snippet texts and the spelling vocabulary. Later generations (a
    re-ingest) are warmed the same way, in a background thread, as soon as a search notices them.

    Call it when a worker starts (judge/wsgi.py does). False when there is no index yet.
    """
    sudachi_dictionary()
    _japanese_names()  # section titles and glossary names for Japanese readers' hits
    table = terms if terms is not None else load_terms()
    try:
        live = open_live(root)
    except IndexNotReady:
        keep_warm(root, lambda later: _rewarm(later, table))
        return False
    _warm_live(live, table)
    keep_warm(root, lambda later: _rewarm(later, table))
    return True


def _rewarm(live: LiveIndex, terms: TermTable) -> None:
    """Warm a later generation; if the worker froze the first one (gc.freeze(), judge/wsgi.py),
    let the collector free the generation it replaced, then freeze the new one."""
    _warm_live(live, terms)
    if gc.get_freeze_count():
        gc.unfreeze()
        gc.collect()
        gc.freeze()


def _warm_live(live: LiveIndex, terms: TermTable) -> None:
    live.warm()
    speller(live, terms)
    for ui_lang in UI_LANGS:
        static_priors(live, ui_lang)
    standings(live)
    doc_tiers(live, Ranking("en"))
    empty = Needles()
    for docnum in sorted(live.allowed(lang="all", version=live.current_version)):
        doc = live.doc(docnum)
        snippet("\n".join(part for part in (doc.body, *doc.examples) if part) or doc.title, empty, lang=doc.lang)
    # One search of each kind runs the remaining first-time code paths (query analysis, merging).
    for q in ("commander tax", "統率者税", "comander", "903.9zz"):
        search(q, root=live.root, terms=terms)


__all__ = [
    "SearchHit", "SearchQueryError", "SearchResult", "Suggestion", "SuggestionKind", "default_url", "display_title",
    "search", "warm",
]
