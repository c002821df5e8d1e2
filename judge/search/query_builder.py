"""The whoosh query a parsed query becomes (judge.search.query parses it).

English documents are indexed in one field per CR version ("en_20260116"), so a search of the
current version never walks the postings of the older ones; Japanese documents in "ja" (words),
"jagram" (bigrams) and "ja_en" (their Latin words). The language filter is the choice of fields;
doc: is a document set.

A query is a list of units, one per word (or term-table term, phrase, OR group) the user typed:
a document with every unit is a full match; when none has them all, the documents with the most
(weighted) units are the closest matches. Bonuses (the words as a phrase, near each other, in the
first sentence) only add to the score of documents the units found.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise

from whoosh import query as wq

from judge.engine.rule_numbers import RULE_OR_SUBRULE, SECTION
from judge.search.analysis import (
    bigrams,
    en_stem,
    en_terms,
    en_tokens,
    has_japanese,
    normalize_ja,
    query_morphemes,
    query_terms,
)
from judge.search.query import Clause, ParsedQuery
from judge.search.terms import TermPair, TermTable
from judge.search.verbs import DEFINED_AS, verb_stems

EXPANSION_BOOST = 0.8  # the other language ranks below the language the user typed in
# A rule that cites the rule defining a term is about the term: 702.124d says "(see rule 903.8)" where it
# tells how partner changes the commander tax, so 「共闘 統率者税」 finds it.
CITES_BOOST = 0.5
SUBRULE_LETTERS = "abcdefghijkmnpqrstuvwxyz"  # the CR skips l and o
_RULE_WORD = re.compile(rf"^(?:{RULE_OR_SUBRULE}|{SECTION})$")  # not a lone digit
_HIRAGANA = re.compile("^[\u3041-\u3096]$")
_SMALL_NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
NUMBER_WORDS = {
    str(n): en_stem(word)
    for n, word in enumerate((*_SMALL_NUMBERS, "eleven", "twelve", "thirteen", "fourteen", "fifteen"))
}
COUNT_BOOST = 2.0  # the rule that has the number asked about is the one that answers it
# A number of two digits or more (21点, 40, 100枚) names one rule's number: its English counts this much more.
BIG_COUNT_BOOST = 4.0
# After a number: how many (2回, 21点).
COUNTERS = frozenset(["回", "点", "枚", "人", "体", "度", "個", "目", "つ"])


@dataclass
class Needles:
    """What to highlight in the snippets: English stems, Japanese words and literal strings."""

    en: set[str] = field(default_factory=set)
    ja: set[str] = field(default_factory=set)
    literal: set[str] = field(default_factory=set)


@dataclass(frozen=True)
class Unit:
    """One thing the user asked for, as typed (``text``), and the query that finds it."""

    text: str
    query: wq.Query
    plain: bool = True  # a plain word (not a phrase or an OR group): spelling may correct it
    # A term of several words ("combat damage"): each word on its own, for closest matches that
    # have some of them.
    words: tuple[Unit, ...] = ()
    chunk: str = ""  # the run of Japanese text a Japanese word was cut from (corrected whole)
    # A term's rules that cite its defining rule, and its subrules: an alternative when other words are typed.
    cites: wq.Query | None = None

    def slots(self) -> tuple[Unit, ...]:
        """What a closest match counts: the words of a term, else the unit itself."""
        return self.words or (self,)


@dataclass
class BuiltQuery:
    units: list[Unit]
    bonus: wq.Query | None
    negative: wq.Query | None
    needles: Needles

    def whoosh(self) -> wq.Query:
        """The whole query as one whoosh tree (every unit required), for whoosh's own matchers."""
        positive: wq.Query = _and([u.query for u in self.units]) or wq.NullQuery
        if self.bonus is not None:
            positive = wq.AndMaybe(positive, self.bonus)
        return wq.AndNot(positive, self.negative) if self.negative is not None else positive


NEAR_SLOP = 4  # words typed side by side count as near within this many words
NEAR_BOOST = 0.5


def en_field(version: str) -> str:
    return f"en_{version}"


def _or(parts: Sequence[wq.Query | None]) -> wq.Query | None:
    kept = [p for p in parts if p is not None]
    if not kept:
        return None
    return kept[0] if len(kept) == 1 else wq.Or(kept)


def _alternatives(parts: Sequence[wq.Query | None]) -> wq.Query | None:
    """One thing in its several spellings and languages: a document scores as its best spelling, so
    a term the table spells five ways counts once, like a word with one spelling."""
    kept = [p for p in parts if p is not None]
    if not kept:
        return None
    return kept[0] if len(kept) == 1 else wq.DisjunctionMax(kept)


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
    """``q`` (a query just built, shared with nobody) with its boost multiplied."""
    if q is not None:
        q.boost = q.boost * boost
    return q


@dataclass
class _Builder:
    terms: TermTable
    en: str | None  # the English field searched, None for lang:ja
    ja: bool  # whether Japanese documents are searched
    needles: Needles = field(default_factory=Needles)
    bonuses: list[wq.Query] = field(default_factory=list)

    def ja_text(self, text: str, *, phrase: bool) -> wq.Query | None:
        """Japanese text: its words (all of them, or as a phrase), or its character bigrams as a phrase."""
        if not self.ja:
            return None
        norm = normalize_ja(text)
        words = list(query_terms(norm))
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
        """English stems: all of them (plain words) or as a phrase, in the CR and among the Latin
        words of the Japanese documents ("Boros Guildmage", {CHAOS})."""
        self.needles.en.update(words)
        if not words:
            return None
        if phrase:
            return _or([_seq(self.en, words) if self.en else None, _seq("ja_en", words) if self.ja else None])
        parts = []
        for word in words:
            options: list[wq.Query] = []
            if self.en:
                options.append(wq.Term(self.en, word))
            if self.ja:
                # a rule number is also the cr_number of a Japanese section.
                options.append(wq.Term("ja_en", word))
                if _RULE_WORD.match(word):
                    options.append(wq.Term("rule_ja", word))
            parts.append(_or(options))
        return _and(parts)

    def en_spellings(self, pairs: Sequence[TermPair], *, typed: Sequence[str] = ()) -> list[wq.Query | None]:
        """The pairs' English spellings (other than the one typed), each as a phrase scored like typed
        words."""
        if not self.en:
            return []
        seen = {tuple(typed)}  # "turn markers | turn marker" is one spelling once stemmed
        out: list[wq.Query | None] = []
        for pair in pairs:
            for spelling in (*pair.en, *DEFINED_AS.get(pair.rule, ())):
                stems = tuple(en_terms(spelling))
                if stems and stems not in seen:
                    seen.add(stems)
                    out.append(_boosted(self.en_words(stems), EXPANSION_BOOST))
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

    def ja_spellings(self, pairs: Sequence[TermPair], *, typed: str = "") -> list[wq.Query | None]:
        """The pairs' Japanese spellings (other than the one typed), each as a phrase."""
        spellings = dict.fromkeys(normalize_ja(s) for pair in pairs for s in pair.ja)
        return [_boosted(self.ja_text(s, phrase=True), EXPANSION_BOOST) for s in spellings if s != typed]

    def ja_term(self, span: str, pairs: Sequence[TermPair]) -> wq.Query | None:
        """A term-table term typed in Japanese: as typed, its other Japanese spellings, and in English."""
        to_en = [p for p in pairs if p.ja_to_en]
        return _alternatives(
            [
                self.ja_text(span, phrase=True),
                *self.ja_spellings(pairs, typed=span),
                *self.en_spellings(to_en),
            ]
        )

    def citing(self, pairs: Sequence[TermPair]) -> wq.Query | None:
        """The rules that cite the rule defining a term ("see rule 903.8") and the subrules of that rule
        (702.124c, on partner's color identity, never says "partner"), scored below the term itself."""
        out: list[wq.Query | None] = []
        for rule in dict.fromkeys(p.rule for p in pairs if _RULE_WORD.match(p.rule)):
            fields = [*([self.en] if self.en else []), *(["ja_en"] if self.ja else [])]
            parts: list[wq.Query] = [wq.Term(name, rule, boost=CITES_BOOST) for name in fields]
            if "." in rule and rule[-1].isdigit():
                subrules = wq.Or([wq.Term("rule", f"{rule}{letter}") for letter in SUBRULE_LETTERS])
                # Only the searched CR version's English rules (the rule field spans every version indexed).
                # Each matches with 1.0 and boosts stay off the long version and language lists (a boost
                # copies a list): the pair scores 2.0, scaled to CITES_BOOST.
                scale = CITES_BOOST / 2
                if self.en:
                    version = self.en.removeprefix("en_")
                    parts.append(wq.And([subrules, wq.Term("version", version)], boost=scale))
                if self.ja:
                    parts.append(wq.And([subrules, wq.Term("lang", "ja")], boost=scale))
            out.append(_or(parts))
        return _or(out)

    def japanese_clause(self, clause: Clause, *, fallback: bool = True) -> list[Unit]:
        """A Japanese word: the term-table words in it (each also in English) and the rest, ANDed.
        Only particles (が, に): nothing, or with ``fallback`` the text as typed."""
        norm = normalize_ja(clause.text)
        if clause.phrase:
            whole = [m for m in self.terms.find_ja(norm) if m.start == 0 and m.end == len(norm)]
            q = self.ja_term(norm, whole[0].pairs) if whole else self.ja_text(norm, phrase=True)
            return [Unit(clause.text, q, plain=False)] if q is not None else []
        units: list[Unit] = []

        def rest(text: str) -> None:
            """Text between term-table words: each content word is a unit (as a word, or as its
            characters where the dictionary cut the document's text otherwise); the whole text as
            a phrase is a bonus."""
            if not self.ja:
                return
            # A lone hiragana character is a particle (統率者 が 墓地, で開始), whatever Sudachi calls it.
            words = [w for w in query_morphemes(text) if not _HIRAGANA.match(text[w.start : w.end])]
            for i, word in enumerate(words):
                surface = text[word.start : word.end]
                if word.text.isdigit() or (word.text in COUNTERS and i and words[i - 1].text.isdigit()):
                    # A count (2回, 21点, 100枚) asks how much, it need not be in the rule: a bonus
                    # where it is.
                    self.needles.ja.add(word.text)
                    self.bonuses.append(wq.Term("ja", word.text, boost=COUNT_BOOST))
                    if self.en and word.text.isdigit():
                        boost = BIG_COUNT_BOOST if len(word.text) > 1 else COUNT_BOOST
                        self.bonuses.append(wq.Term(self.en, word.text, boost=boost))
                        # The CR spells small numbers: "ten or more poison counters".
                        if word.text in NUMBER_WORDS:
                            self.bonuses.append(wq.Term(self.en, NUMBER_WORDS[word.text], boost=COUNT_BOOST))
                    continue
                grams = [g for g, _, _ in bigrams(surface)] if len(surface) >= 2 else []
                self.needles.ja.add(word.text)
                # A rules verb (離れる, 戻す) also finds the English rules' word for it (judge.search.verbs).
                english = verb_stems(word.text)
                if english and self.en:
                    self.needles.en.update(english)
                q = _or(
                    [
                        wq.Term("ja", word.text),
                        _seq("jagram", grams),
                        wq.Term("ja_lead", word.text, boost=0.5),
                        *([wq.Term(self.en, stem) for stem in english] if self.en else []),
                    ]
                )
                if q is not None:
                    units.append(Unit(surface, q, chunk=text))
            if len(words) > 1:
                self.needles.literal.add(text)
                self.bonuses.append(wq.Phrase("ja", [w.text for w in words], boost=1.5))
                grams = [g for g, _, _ in bigrams(text)]
                if len(grams) > 1:
                    self.bonuses.append(wq.Phrase("jagram", grams))

        cursor = 0
        matches = self.terms.find_ja(norm)
        for match in matches:
            rest(norm[cursor : match.start])
            span = norm[match.start : match.end]
            q = self.ja_term(span, match.pairs)
            if q is not None:
                units.append(Unit(span, q, cites=self.citing([p for p in match.pairs if p.ja_to_en])))
            cursor = match.end
        rest(norm[cursor:])
        if not units and not matches and fallback:
            # Only particles: search the text as typed.
            q = self.ja_text(norm, phrase=True)
            units = [Unit(clause.text, q)] if q is not None else []
        return units

    def english_run(self, clauses: Sequence[Clause]) -> list[Unit]:
        """Consecutive plain English words: each a unit; a term-table span is one unit that may also
        match in Japanese. Words typed together score higher where they stand together or near."""
        flat: list[tuple[str, str]] = [  # (stem, the word as typed)
            (stem, c.text[start:end]) for c in clauses for stem, start, end in en_tokens(c.text)
        ]
        stems = [stem for stem, _ in flat]
        units: list[Unit] = []

        def word_units(start: int, end: int) -> list[Unit]:
            found = [(typed, self.en_text([stem], phrase=False)) for stem, typed in flat[start:end]]
            return [Unit(typed, q) for typed, q in found if q is not None]

        def words(start: int, end: int) -> None:
            units.extend(word_units(start, end))

        cursor = 0
        for match in self.terms.find_en(stems):
            words(cursor, match.start)
            span = stems[match.start : match.end]
            english = self.en_text(span, phrase=False)
            if english is not None and self.en and len(span) > 1:
                # all words required; the exact phrase scores higher
                english = wq.AndMaybe(english, wq.Phrase(self.en, span, boost=1.5))
            q = _alternatives(
                [
                    english,
                    *self.en_spellings(match.pairs, typed=span),
                    *self.ja_spellings(match.pairs),
                ]
            )
            if q is not None:
                text = " ".join(typed for _, typed in flat[match.start : match.end])
                parts = tuple(word_units(match.start, match.end)) if len(span) > 1 else ()
                cites = self.citing([p for p in match.pairs if p.ja_to_en])
                units.append(Unit(text, q, words=parts, cites=cites))
            cursor = match.end
        words(cursor, len(flat))
        if self.en and len(stems) > 1 and units:
            lead = self.en.replace("en_", "lead_", 1)
            self.bonuses.append(wq.Phrase(self.en, stems, boost=2.0))
            self.bonuses.append(wq.Phrase(lead, stems))
            self.bonuses.extend(
                wq.Phrase(self.en, [a, b], slop=NEAR_SLOP, boost=NEAR_BOOST)
                for a, b in pairwise(stems)
                if a != b
            )
        elif self.en and stems and units:
            self.bonuses.append(wq.Term(self.en.replace("en_", "lead_", 1), stems[0]))
        return units

    def clause_units(self, clause: Clause) -> list[Unit]:
        if has_japanese(clause.text):
            return self.japanese_clause(clause)
        stems = en_terms(clause.text)
        if clause.phrase:
            whole = [m for m in self.terms.find_en(stems) if m.start == 0 and m.end == len(stems)]
            expansions = (
                [*self.en_spellings(whole[0].pairs, typed=stems), *self.ja_spellings(whole[0].pairs)]
                if whole
                else []
            )
            q = _alternatives([self.en_text(stems, phrase=True), *expansions])
            return [Unit(clause.text, q, plain=False)] if q is not None else []
        return self.english_run([clause])

    def group(self, group: Sequence[Clause]) -> Unit | None:
        """An OR group as one unit; a member that cannot match in the searched languages drops out."""
        members = [_and([u.query for u in self.clause_units(c)]) for c in group]
        q = _or(members)
        text = " OR ".join(quoted(c.text, c.phrase) for c in group)
        return Unit(text, q, plain=False) if q is not None else None


def quoted(text: str, phrase: bool) -> str:
    """A clause as the user would type it."""
    return f'"{text}"' if phrase else text


def build_query(parsed: ParsedQuery, *, terms: TermTable, version: str) -> BuiltQuery | None:
    """The units of a parsed query's words, its bonuses, and what it excludes.

    ``version`` is the English CR version searched. None means nothing can match
    (every word belongs to a language the filter leaves out, or a phrase or OR group
    cannot match in it). ``doc:`` filters are applied by the caller as a set of
    document numbers. A term among other words also finds the rules that cite its rule
    (「共闘 統率者税」: 702.124d, "see rule 903.8"); a term alone finds the rule itself.
    """
    builder = _Builder(
        terms=terms, en=None if parsed.lang == "ja" else en_field(version), ja=parsed.lang != "en"
    )
    units: list[Unit] = []
    run: list[Clause] = []
    particles: list[Clause] = []  # words typed apart that are only particles (統率者 が 墓地): never required
    for group in parsed.groups:
        single = group[0]
        if len(group) == 1 and not single.phrase and not has_japanese(single.text):
            run.append(single)
            continue
        if run:
            units.extend(builder.english_run(run))
            run = []
        if len(group) == 1 and not single.phrase:
            found = builder.japanese_clause(single, fallback=False)
            if not found:
                particles.append(single)
            units.extend(found)
            continue
        unit = builder.group(group)
        if unit is None:
            return None  # a required phrase or OR group that cannot match here
        units.append(unit)
    if run:
        units.extend(builder.english_run(run))
    if not units:  # a query of particles only: search them as typed
        units = [u for c in particles for u in builder.japanese_clause(c)]
    if not units:
        return None
    # A word typed twice is one unit (統率者統率者… is not 166 units).
    unique: dict[str, Unit] = {}
    for unit in units:
        unique.setdefault(unit.text, unit)
    units = list(unique.values())
    if len(units) > 1:
        units = [replace(u, query=wq.DisjunctionMax([u.query, u.cites])) if u.cites else u for u in units]
    negatives = _Builder(terms=terms, en=builder.en, ja=builder.ja)
    negative_units = [negatives.group([c]) for c in parsed.excluded]
    negative = _or([u.query for u in negative_units if u is not None])
    return BuiltQuery(units=units, bonus=_or(builder.bonuses), negative=negative, needles=builder.needles)
