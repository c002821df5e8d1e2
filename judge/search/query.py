"""The query language, and its translation into a whoosh query.

Syntax: words are ANDed; ``"a phrase"`` (also 「…」); ``a OR b``; ``NOT word`` or
``-word``; filters ``lang:ja|en|all``, ``doc:<slug>``, ``version:YYYYMMDD``.
The query is NFKC-normalised first, so full-width input works (``ｌａｎｇ：ｊａ``).
Anything the parser cannot use is either dropped with a notice (over-long
queries, dangling operators) or reported as a :class:`SearchQueryError`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field

from whoosh import query as wq

from judge.search.analysis import bigrams, en_terms, has_japanese, ja_terms, normalize_ja
from judge.search.terms import TermPair, TermTable

MAX_QUERY_CHARS = 500
MAX_CLAUSES = 32
LANGS = ("all", "ja", "en")
EXPANSION_BOOST = 0.8  # the other language ranks below the language the user typed in
_RULE_WORD = re.compile(r"^\d{3}(?:\.\d{1,3}[a-z]?)?$")
_SLUG = re.compile(r"^[a-z0-9][a-z0-9_-]{0,80}$")
_QUOTES = str.maketrans({"「": '"', "」": '"', "『": '"', "』": '"', "“": '"', "”": '"', "„": '"'})
_TOKEN = re.compile(r'(?P<neg>-)?(?:(?P<key>[A-Za-z]+):)?(?:"(?P<phrase>[^"]*)"?|(?P<word>[^\s"]+))|"')
_EDGE_PUNCT = re.compile(r"^[^\w\u3005-\u30ff\u3400-\u9fff]+|[^\w\u3005-\u30ff\u3400-\u9fff]+$")


class SearchQueryError(ValueError):
    """The query cannot be searched; ``problems`` says why, one sentence each."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(self.problems))


@dataclass(frozen=True)
class Clause:
    text: str
    phrase: bool = False


@dataclass(frozen=True)
class ParsedQuery:
    groups: tuple[tuple[Clause, ...], ...]  # ANDed; each group is an OR of clauses
    excluded: tuple[Clause, ...] = ()
    lang: str = "all"
    docs: tuple[str, ...] = ()
    version: str | None = None
    notices: tuple[str, ...] = ()

    @property
    def has_filters(self) -> bool:
        return self.lang != "all" or bool(self.docs) or self.version is not None

    def words(self) -> list[str]:
        return [c.text for group in self.groups for c in group]


def normalize_query(q: str) -> str:
    return unicodedata.normalize("NFKC", q.translate(_QUOTES)).strip()


def parse_query(q: str, *, lang: str = "all") -> ParsedQuery:
    """Parse the query syntax; raise SearchQueryError listing every problem.

    >>> p = parse_query('統率者 "command zone" -tax lang:en')
    >>> [[c.text for c in g] for g in p.groups], [c.text for c in p.excluded], p.lang
    ([['統率者'], ['command zone']], ['tax'], 'en')
    """
    problems: list[str] = []
    notices: list[str] = []
    if lang not in LANGS:
        problems.append(f"lang must be one of {', '.join(LANGS)}, not {lang[:20]!r}")
    text = normalize_query(q)
    if len(text) > MAX_QUERY_CHARS:
        text = text[:MAX_QUERY_CHARS]
        notices.append(f"The query was shortened to its first {MAX_QUERY_CHARS} characters.")
    groups: list[list[Clause]] = []
    excluded: list[Clause] = []
    docs: list[str] = []
    version: str | None = None
    pending_or = pending_not = False
    clauses = 0
    for m in _TOKEN.finditer(text):
        if m.group(0) == '"':  # a lone quote mark: nothing to search
            continue
        negated = bool(m.group("neg")) or pending_not
        key = (m.group("key") or "").lower()
        raw = m.group("phrase") if m.group("phrase") is not None else m.group("word") or ""
        if key in ("lang", "doc", "version"):
            value = raw.strip().lower()
            if key == "lang":
                if value in LANGS:
                    lang = value
                else:
                    problems.append(f"lang:{value[:20]} is not a language: use lang:ja, lang:en or lang:all")
            elif key == "doc":
                if _SLUG.match(value):
                    docs.append(value)
                else:
                    problems.append(f"doc:{value[:40]} is not a document name (letters, digits and '-')")
            else:
                digits = value.replace("-", "")
                if re.fullmatch(r"\d{8}", digits):
                    version = digits
                else:
                    problems.append(f"version:{value[:20]} is not a date: use version:YYYYMMDD")
            pending_not = False
            continue
        if key:  # "foo:bar" is not a filter: search both words
            raw = f"{key} {raw}"
        if m.group("phrase") is None and m.group("neg") is None and raw in ("OR", "NOT", "AND"):
            if raw == "OR":
                pending_or = bool(groups)
            elif raw == "NOT":
                pending_not = True
            continue
        is_phrase = m.group("phrase") is not None
        body = " ".join(raw.split()) if is_phrase else _EDGE_PUNCT.sub("", raw)
        if not _searchable(body):
            pending_or = pending_not = False
            continue
        clauses += 1
        if clauses > MAX_CLAUSES:
            notices.append(f"Only the first {MAX_CLAUSES} words and phrases were searched.")
            break
        clause = Clause(body, phrase=is_phrase)
        if negated:
            excluded.append(clause)
        elif pending_or:
            groups[-1].append(clause)
        else:
            groups.append([clause])
        pending_or = pending_not = False
    if pending_not:
        notices.append("NOT at the end of the query was ignored: put the word to exclude after it.")
    if not groups and not problems:
        if excluded:
            problems.append("The query only excludes words: add a word to search for.")
        else:
            problems.append("There is nothing to search for: type a word, a phrase or a rule number.")
    if problems:
        raise SearchQueryError(problems)
    return ParsedQuery(
        groups=tuple(tuple(g) for g in groups),
        excluded=tuple(excluded),
        lang=lang,
        docs=tuple(dict.fromkeys(docs)),
        version=version,
        notices=tuple(dict.fromkeys(notices)),
    )


def _searchable(text: str) -> bool:
    return bool(en_terms(text)) or has_japanese(text)


# --- whoosh query -----------------------------------------------------------------------------------------
#
# English documents are indexed in one field per CR version ("en_20260116"), so a search of the
# current version never walks the postings of the older ones; Japanese documents in "ja" (words)
# and "jagram" (bigrams). The language filter is the choice of fields; doc: is a document set.

@dataclass
class Needles:
    """What to highlight in the snippets: English stems, Japanese words and literal strings."""

    en: set[str] = field(default_factory=set)
    ja: set[str] = field(default_factory=set)
    literal: set[str] = field(default_factory=set)


def en_field(version: str) -> str:
    return f"en_{version}"


def _or(parts: Sequence[wq.Query | None]) -> wq.Query | None:
    kept = [p for p in parts if p is not None]
    if not kept:
        return None
    return kept[0] if len(kept) == 1 else wq.Or(kept)


def _and(parts: Sequence[wq.Query | None]) -> wq.Query | None:
    kept = [p for p in parts if p is not None]
    if not kept:
        return None
    return kept[0] if len(kept) == 1 else wq.And(kept)


def _seq(fieldname: str, words: Sequence[str], boost: float = 1.0) -> wq.Query | None:
    """One term, or a phrase of several."""
    if not words:
        return None
    if len(words) == 1:
        return wq.Term(fieldname, words[0], boost=boost)
    return wq.Phrase(fieldname, list(words), boost=boost)


def _boosted(q: wq.Query | None, boost: float) -> wq.Query | None:
    if q is None:
        return None
    q = q.copy()
    q.boost = q.boost * boost
    return q


@dataclass
class _Builder:
    terms: TermTable
    en: str | None  # the English field searched, None for lang:ja
    ja: bool  # whether Japanese documents are searched
    needles: Needles = field(default_factory=Needles)

    def ja_text(self, text: str, *, phrase: bool) -> wq.Query | None:
        """Japanese text: its words (all of them, or as a phrase), or its character bigrams as a phrase."""
        if not self.ja:
            return None
        norm = normalize_ja(text)
        words = ja_terms(norm)
        grams = [g for g, _, _ in bigrams(norm)]
        self.needles.ja.update(words)
        if has_japanese(norm):
            self.needles.literal.add(norm)
        parts: list[wq.Query | None] = []
        if words:
            if phrase or len(words) == 1:
                parts.append(_seq("ja", words))
            else:
                parts.append(_and([wq.Term("ja", w) for w in words]))
                parts.append(wq.Phrase("ja", words, boost=1.5))
        if len(norm) >= 2 and grams:
            parts.append(_seq("jagram", grams))
        if words:  # a bonus where the words open the section (never matches alone)
            parts.append(_seq("ja_lead", words, boost=0.5))
        return _or(parts)

    def en_text(self, words: Sequence[str], *, phrase: bool) -> wq.Query | None:
        """English stems: all of them (plain words) or as a phrase; also Latin words in Japanese text."""
        self.needles.en.update(words)
        if not words:
            return None
        if phrase:
            return _seq(self.en, words) if self.en else None
        parts = []
        for word in words:
            options: list[wq.Query] = []
            if self.en:
                options.append(wq.Term(self.en, word))
            if self.ja:
                # "Brawl" in Japanese text; a rule number is the cr_number of a Japanese section.
                options.append(wq.Term("rule_ja" if _RULE_WORD.match(word) else "ja", word))
            parts.append(_or(options))
        return _and(parts)

    def expand_to_en(self, pairs: Sequence[TermPair]) -> list[wq.Query | None]:
        if not self.en:
            return []
        out: list[wq.Query | None] = []
        for pair in pairs:
            if pair.ja_to_en:
                for spelling in pair.en:
                    out.append(_boosted(self.en_words(en_terms(spelling)), EXPANSION_BOOST))
        return out

    def en_words(self, stems: Sequence[str]) -> wq.Query | None:
        """English words as a phrase, scored like typed words (the terms plus the phrase)."""
        if not self.en or not stems:
            return None
        self.needles.en.update(stems)
        terms = _and([wq.Term(self.en, s) for s in stems])
        if len(stems) == 1:
            return terms
        return wq.AndMaybe(wq.Phrase(self.en, list(stems)), terms)

    def expand_to_ja(self, pairs: Sequence[TermPair]) -> list[wq.Query | None]:
        return [
            _boosted(self.ja_text(spelling, phrase=True), EXPANSION_BOOST)
            for pair in pairs
            for spelling in pair.ja
        ]

    def japanese_clause(self, clause: Clause) -> list[wq.Query]:
        """A Japanese word: the term-table words in it (each also in English) and the rest, ANDed."""
        norm = normalize_ja(clause.text)
        if clause.phrase:
            whole = [m for m in self.terms.find_ja(norm) if m.start == 0 and m.end == len(norm)]
            expansions = self.expand_to_en(whole[0].pairs) if whole else []
            q = _or([self.ja_text(norm, phrase=True), *expansions])
            return [q] if q is not None else []
        units: list[wq.Query | None] = []
        cursor = 0
        for match in self.terms.find_ja(norm):
            if match.start > cursor and ja_terms(norm[cursor : match.start]):
                units.append(self.ja_text(norm[cursor : match.start], phrase=False))
            span = norm[match.start : match.end]
            units.append(_or([self.ja_text(span, phrase=True), *self.expand_to_en(match.pairs)]))
            cursor = match.end
        if cursor < len(norm) and ja_terms(norm[cursor:]):
            units.append(self.ja_text(norm[cursor:], phrase=False))
        kept = [u for u in units if u is not None]
        if not kept and not any(ja_terms(norm[m.start : m.end]) for m in self.terms.find_ja(norm)):
            # Only particles: search the text as typed.
            q = self.ja_text(norm, phrase=True)
            kept = [q] if q is not None else []
        return kept

    def english_run(self, clauses: Sequence[Clause]) -> list[wq.Query]:
        """Consecutive plain English words: each required; a term-table span may match in Japanese."""
        flat = [stem for c in clauses for stem in en_terms(c.text)]
        units: list[wq.Query | None] = []
        cursor = 0
        for match in self.terms.find_en(flat):
            units.extend(self.en_text([stem], phrase=False) for stem in flat[cursor : match.start])
            span = flat[match.start : match.end]
            english = self.en_text(span, phrase=False)
            if english is not None and self.en and len(span) > 1:
                # all words required; the exact phrase scores higher
                english = wq.AndMaybe(english, wq.Phrase(self.en, span, boost=1.5))
            units.append(_or([english, *self.expand_to_ja(match.pairs)]))
            cursor = match.end
        units.extend(self.en_text([stem], phrase=False) for stem in flat[cursor:])
        kept = [u for u in units if u is not None]
        if self.en and flat and kept:
            # Words typed together score higher where they stand together ("player leaves the game"),
            # and higher again in the rule's first sentence, where a rule states its subject.
            lead = self.en.replace("en_", "lead_", 1)
            bonus = _or([_seq(self.en, flat, boost=2.0) if len(flat) > 1 else None, _seq(lead, flat)])
            return [wq.AndMaybe(_and(kept), bonus)] if bonus is not None else kept
        return kept

    def clause_units(self, clause: Clause) -> list[wq.Query]:
        if has_japanese(clause.text):
            return self.japanese_clause(clause)
        stems = en_terms(clause.text)
        if clause.phrase:
            whole = [m for m in self.terms.find_en(stems) if m.start == 0 and m.end == len(stems)]
            expansions = self.expand_to_ja(whole[0].pairs) if whole else []
            latin = [wq.Term("ja", clause.text.lower())] if len(stems) == 1 and self.ja else []
            q = _or([self.en_text(stems, phrase=True), *latin, *expansions])
            return [q] if q is not None else []
        return self.english_run([clause])

    def group(self, group: Sequence[Clause]) -> wq.Query | None:
        """An OR group; a member that cannot match in the searched languages drops out."""
        members = [_and(self.clause_units(c)) for c in group]
        return _or(members)


def build_query(
    parsed: ParsedQuery, *, terms: TermTable, version: str
) -> tuple[wq.Query | None, Needles]:
    """The whoosh query for a parsed query's words: AND of the groups, minus the excluded.

    ``version`` is the English CR version searched. None means nothing can match
    (every word belongs to a language the filter leaves out). ``doc:`` filters are
    applied by the caller as a set of document numbers.
    """
    builder = _Builder(terms=terms, en=None if parsed.lang == "ja" else en_field(version), ja=parsed.lang != "en")
    units: list[wq.Query | None] = []
    run: list[Clause] = []
    for group in parsed.groups:
        single = group[0]
        if len(group) == 1 and not single.phrase and not has_japanese(single.text):
            run.append(single)
            continue
        if run:
            units.extend(builder.english_run(run))
            run = []
        unit = builder.group(group)
        if unit is None:
            return None, builder.needles  # a required word that cannot match here
        units.append(unit)
    if run:
        units.extend(builder.english_run(run))
    positive = _and(units)
    if positive is None:
        return None, builder.needles
    negatives = _Builder(terms=terms, en=builder.en, ja=builder.ja)
    negative = _or([negatives.group([c]) for c in parsed.excluded])
    query = wq.AndNot(positive, negative) if negative is not None else positive
    return query, builder.needles
