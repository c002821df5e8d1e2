"""The glossary of a release with each word's official Japanese name, and the rule pages' glosses.

The Japanese headword and definition come from the whole Japanese translation when it has the entry
(judge.rules.translations.glossary), else the name from the term table.

Read from the live generation through judge.rules.selectors and kept per process, generation and version;
the Japanese names come from the term table (judge.rules.names).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field

from judge.parsing.ja_comprehensive_rules import headword_key
from judge.parsing.terms_table import Term, glossary_terms, japanese_key
from judge.rules import japanese, models, selectors, translations
from judge.rules.names import NOT_GLOSSED, term_table
from judge.rules.text import Gloss, Glosser

KEYWORDS = frozenset({"keyword-ability", "keyword-action", "ability-word"})  # "reach", not "reaches"
EVERYDAY_WORDS = frozenset({"general"})  # rules text mostly means "in general", not an Emperor team's general
# Glossary headwords that the term table lacks are glossed too, but not these: rules text uses them as plain
# English ("if a player would draw", "deals damage", "becomes tapped") more often than as the glossary's word.
OTHER_LETTER = "other"  # the index's value for the words that have no Japanese name (their heading is "")
#: A letter's page on a phone: at most this many parts (44 px each) before the reader chooses one.
MOST_PARTS = 16
EVERYDAY_HEADWORDS = frozenset({"if", "deal", "becomes", "move", "placed", "as though", "independent"})


@dataclass(frozen=True)
class GlossaryEntry:
    term: str  # the headword, as the glossary prints it
    definition: str
    anchor: str  # the glossary page's fragment: "term-1", "term-2", ... in file order (as search links them)
    rows: tuple[Term, ...]  # the term table's rows naming it (one per word of "Tap and Untap")
    names_ja: tuple[str, ...]  # their official Japanese names
    reading: str  # the katakana reading of the first Japanese name: the Japanese order
    keys: tuple[str, ...]  # every spelling, reduced, that the glossary's filter matches
    japanese: translations.GlossaryText | None = (
        None  # the whole translation's entry: headword and definition
    )


@dataclass
class Glossary:
    """One version's glossary with the Japanese names, read once per generation and version."""

    version: str
    is_current: bool
    entries: list[GlossaryEntry]  # the glossary's own (English) order
    html: dict[str, str] = field(default_factory=dict, repr=False)  # by language (judge.rules.presenters)
    # language -> anchor -> the definition as HTML (judge.rules.presenters)
    definitions: dict[str, dict[str, str]] = field(default_factory=dict, repr=False)

    def groups(
        self, lang: str, entries: Sequence[GlossaryEntry] | None = None
    ) -> list[tuple[str, list[GlossaryEntry]]]:
        """Headings and their entries: by initial in English; in Japanese by kana row (あ か さ …) of the
        reading, as the Japanese Comprehensive Rules order their glossary, then the words that have no
        Japanese name, in English order (heading "")."""
        entries = self.entries if entries is None else entries
        groups: dict[str, list[GlossaryEntry]] = {}
        if lang == "ja":
            for entry in sorted(entries, key=lambda e: japanese.sort_key(e.reading)):
                groups.setdefault(japanese.row(entry.reading) if entry.names_ja else "", []).append(entry)
            order = [*japanese.ROW_ORDER, ""]
            return [(heading, groups[heading]) for heading in order if heading in groups]
        for entry in entries:
            initial = entry.term.lstrip("“\"'")[:1].upper()
            groups.setdefault(initial if initial.isalpha() else "#", []).append(entry)
        return list(groups.items())

    def letters(self, lang: str) -> list[tuple[str, str]]:
        """The index: each heading of ``groups(lang)`` with the value of its ``?letter=`` ("か", "A", "other"
        for the words with no Japanese name)."""
        return [(heading, heading or OTHER_LETTER) for heading, _ in self.groups(lang)]

    def letter(self, lang: str, letter: str) -> list[GlossaryEntry] | None:
        """The entries under one heading of the index; None when ``letter`` is none of its headings."""
        for heading, entries in self.groups(lang):
            if (heading or OTHER_LETTER) == letter:
                return entries
        return None

    def parts(self, lang: str, entries: Sequence[GlossaryEntry]) -> list[tuple[str, list[GlossaryEntry]]]:
        """One heading's entries split for a phone, in the heading's order: in Japanese by the first kana
        of the reading (と: 統率者税, トークン); in English, and for the words with no Japanese name, by the
        headword's first two letters ("Co": Commander Tax), or its first letter where two would part it in
        more than :data:`MOST_PARTS` (the 113 words with no Japanese name)."""
        for letters in (2, 1):  # by one letter where two make a longer index than the words they part
            parts: dict[str, list[GlossaryEntry]] = {}
            for entry in entries:
                parts.setdefault(part_of(lang, entry, letters=letters), []).append(entry)
            if len(parts) <= MOST_PARTS:
                break
        return list(parts.items())

    def find(self, q: str) -> list[GlossaryEntry]:
        """The entries with a spelling (English, Japanese, the reading in kana) that holds ``q``."""
        key = _filter_key(q)
        return [e for e in self.entries if any(key in k for k in e.keys)] if key else self.entries


def part_of(lang: str, entry: GlossaryEntry, *, letters: int = 2) -> str:
    """The part of its heading an entry is listed under (:meth:`Glossary.parts`).

    >>> part_of("en", GlossaryEntry("Commander Tax", "", "term-1", (), ("統率者税",), "トウソツシャゼイ", ()))
    'Co'
    >>> part_of("ja", GlossaryEntry("Draw", "", "term-2", (), ("引く",), "ヒク", ()))
    'ひ'
    >>> part_of("ja", GlossaryEntry("“Legend Rule”", "", "term-3", (), (), "", ()))
    'Le'
    >>> part_of("ja", GlossaryEntry("“Legend Rule”", "", "term-3", (), (), "", ()), letters=1)
    'L'
    """
    if lang == "ja" and entry.names_ja:
        return japanese.initial(entry.reading)
    word = entry.term.lstrip("“\"'")
    return word[:1].upper() + word[1:2].lower() if letters == 2 and word[1:2].isalpha() else word[:1].upper()


def _filter_key(text: str) -> str:
    """Reduced for the glossary's filter: width, case, spaces; hiragana as katakana (とうそつ: 統率者)."""
    text = japanese_key(text)
    return "".join(chr(ord(c) + 0x60) if "ぁ" <= c <= "ゖ" else c for c in text)


def glossary(*, version: str | None = None) -> Glossary:
    corpus = selectors.live_corpus()
    return _glossary(selectors.generation(corpus), selectors.resolve_version(corpus, version))


@functools.lru_cache(maxsize=8)
def _glossary(generation: tuple[int, str], version: str) -> Glossary:
    table = term_table()
    corpus = models.Corpus.objects.get(pk=generation[0])
    release = selectors.releases_by_version(generation)[version]
    terms = list(models.GlossaryTerm.objects.filter(release=release).order_by("position"))
    rows = [
        tuple(t for t in glossary_terms(table.english, term.term) if t.name_ja and not t.one_way)
        for term in terms
    ]
    # The whole translation's headwords and definitions, for the current glossary (its entries are today's
    # words).
    translated = translations.glossary(generation) if version == corpus.current_version else {}
    texts = [translated.get(headword_key(term.term)) for term in terms]
    names = [
        (text.name_ja,) if text else tuple(row.name_ja for row in found)
        for text, found in zip(texts, rows, strict=True)
    ]
    readings = japanese.readings([n[0] if n else "" for n in names])
    entries = []
    for term, found, kana, text, names_ja in zip(terms, rows, readings, texts, names, strict=True):
        keys = {_filter_key(term.term), _filter_key(kana), *(_filter_key(name) for name in names_ja)}
        keys.update(_filter_key(spelling) for row in found for spelling in (*row.ja, *row.en))
        entries.append(
            GlossaryEntry(
                term=term.term,
                definition=term.definition,
                anchor=f"term-{term.position + 1}",
                rows=found,
                names_ja=names_ja,
                reading=kana,
                keys=tuple(sorted(keys - {""})),
                japanese=text,
            )
        )
    return Glossary(version=version, is_current=version == corpus.current_version, entries=entries)


def glosser(corpus: models.Corpus) -> Glosser:
    """The words the rule pages gloss for a Japanese reader, with the current glossary's definitions."""
    return _glosser(selectors.generation(corpus), corpus.current_version)


@functools.lru_cache(maxsize=2)
def _glosser(generation: tuple[int, str], version: str) -> Glosser:
    entries = _glossary(generation, version).entries
    entry_of: dict[Term, GlossaryEntry] = {}
    # A word is glossed with the entry that is about it alone ("Tap") before one it shares ("Tap and Untap").
    for alone in (True, False):
        for entry in entries:
            if (len(entry.rows) == 1) is alone:
                for row in entry.rows:
                    entry_of.setdefault(row, entry)
    items: list[tuple[Sequence[str], Gloss, bool]] = []
    for position, term in enumerate(term_table().terms):
        about = entry_of.get(term)
        if not term.name_ja or term.kind in NOT_GLOSSED:
            continue
        translated = about.japanese if about else None  # the whole translation's entry, when installed
        gloss = Gloss(
            key=str(position),
            en=term.en[0],
            name_ja=translated.name_ja if translated and translated.name_ja else term.name_ja,
            definition=about.definition if about else "",
            anchor=about.anchor if about else "",
            rule=term.rule,
            definition_ja=translated.definition if translated else "",
        )
        # Another English spelling of a row may be another Japanese word ("phased out" is フェイズ・アウト,
        # not フェイズ・イン): glossed only when the row has one Japanese word.
        spellings = [s for s in (term.en if len(term.ja) == 1 else term.en[:1]) if s not in EVERYDAY_WORDS]
        items.append((spellings, gloss, term.kind not in KEYWORDS))
    # The glossary's own words the term table lacks (Behold, Excess Damage): with the whole translation's
    # Japanese when installed, else their English definition only. Obsolete words are gone from the rules.
    for entry in entries:
        headword = entry.term.replace("’", "'")
        if entry.rows or "(Obsolete)" in headword or headword.lower() in EVERYDAY_HEADWORDS:
            continue
        translated = entry.japanese
        gloss = Gloss(
            key=f"g{entry.anchor}",
            en=entry.term,
            name_ja=translated.name_ja if translated else "",
            definition=entry.definition,
            anchor=entry.anchor,
            definition_ja=translated.definition if translated else "",
        )
        items.append(((headword.lower(),), gloss, True))
    return Glosser(items)
