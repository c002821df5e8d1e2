"""The bilingual term table (rules_data/terms.tsv): the game's words in Japanese and English.

A query word found in the table is also searched in the other language, so
統率者税 finds CR 903.8 and "commander tax" finds the Japanese documents. One
cell may list several spellings separated by " | ": each spelling also finds the
others (色の固有性 finds 固有色 and "color identity"). The file is read by
:mod:`judge.parsing.terms_table` (the glossary reads it too); search uses the
rows that have both a Japanese and an English spelling. Duel Masters rows are
one-way (English -> Japanese): their English words mean
something else in the Comprehensive Rules ("shield").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from judge.parsing.terms_table import TERMS_FILE, parse_terms_table
from judge.search.analysis import en_terms, normalize_ja, reading, verb_stem

_KATAKANA = re.compile("[\u30a1-\u30fa\u30fc-\u30ff]")  # not the middle dot, which ends a word
_HIRAGANA = re.compile("[\u3041-\u3096]")
_KANA_ONLY = re.compile("^[\u3041-\u3096\u30a1-\u30fa\u30fc]+$")
_KANJI = re.compile("[\u3005\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
MIN_READING = 3  # shorter readings (ボチ for 墓地) are ordinary syllables of other words
FOUND_CACHE = 4096  # Japanese texts whose matches a table remembers


@dataclass(frozen=True)
class TermPair:
    ja: tuple[str, ...]
    en: tuple[str, ...]
    notes: str = ""
    one_way: bool = False  # English -> Japanese only (Duel Masters words)
    rule: str = ""  # the rule that defines the term (a rule citing it is about the term)

    @property
    def ja_to_en(self) -> bool:
        return not self.one_way


@dataclass(frozen=True)
class TermMatch:
    start: int  # character offsets (Japanese) or word offsets (English)
    end: int
    pairs: tuple[TermPair, ...]


class TermTable:
    """Longest-match lookup of term-table entries in Japanese text or English word sequences.

    A Japanese spelling is also found without its middle dots (コマンダーダメージ for コマンダー・ダメージ)
    and, when it has kanji, by its reading in kana (とうそつしゃぜい or トウソツシャゼイ for 統率者税; the
    reading is Sudachi's, and a spelling players type in kana can be listed in the table where it errs).
    """

    def __init__(self, pairs: Sequence[TermPair]) -> None:
        self.pairs = tuple(pairs)
        self._ja: dict[str, list[TermPair]] = {}
        self._en: dict[tuple[str, ...], list[TermPair]] = {}
        self._readings: dict[str, list[TermPair]] = {}  # katakana reading -> pairs
        for pair in self.pairs:
            for ja in pair.ja:
                self._add_ja(pair, ja)
            for en in pair.en:
                stems = tuple(en_terms(en))
                listed = self._en.setdefault(stems, []) if stems else []
                if stems and pair not in listed:
                    listed.append(pair)
        self._ja_sizes = sorted({len(k) for k in (*self._ja, *self._readings)}, reverse=True)
        # Japanese text -> its matches (a query's text is looked up several times: its named documents,
        # its units, its respelling); bounded, emptied when full.
        self._found_ja: dict[str, tuple[TermMatch, ...]] = {}
        self._en_sizes = sorted({len(k) for k in self._en}, reverse=True)

    def _add_ja(self, pair: TermPair, spelling: str) -> None:
        """A Japanese spelling, also without its middle dots, a verb's stem (ゲームから離れ: 離れた, 離れて)
        and its reading."""
        norm = normalize_ja(spelling)
        if len(norm) < 2:
            return  # one character (場, 森) would split ordinary words (場合, 森林); English still finds it
        stem = verb_stem(norm)
        keys = (norm, norm.replace("・", ""), *([stem] if len(stem) >= MIN_READING else []))
        for key in dict.fromkeys(keys):
            listed = self._ja.setdefault(key, [])
            if pair not in listed:
                listed.append(pair)
        said = reading(norm) if _KANJI.search(norm) else ""
        if len(said) >= MIN_READING:
            listed = self._readings.setdefault(said, [])
            if pair not in listed:
                listed.append(pair)

    def find_ja(self, text: str) -> list[TermMatch]:
        """Non-overlapping longest matches in normalised Japanese text, left to right. A match never
        cuts a katakana word: プレインズウォーカーズ (a game's title) is not プレインズウォーカー + ズ.

        >>> table = TermTable(parse_terms("ja\\ten\\tkind\\trule\\tnotes\\n"
        ...                               "プレインズウォーカー\\tplaneswalker\\tcard-type\\t\\t\\n"))
        >>> ([(m.start, m.end) for m in table.find_ja("プレインズウォーカーの")],
        ...  table.find_ja("プレインズウォーカーズ"))
        ([(0, 10)], [])
        """

        found = self._found_ja.get(text)
        if found is None:
            if len(self._found_ja) >= FOUND_CACHE:
                self._found_ja.clear()
            found = self._found_ja[text] = tuple(self._find_ja(text))
        return list(found)

    def _find_ja(self, text: str) -> list[TermMatch]:
        def lookup(i: int, size: int) -> list[TermPair] | None:
            end = i + size
            span = text[i:end]
            found = self._ja.get(span)
            if found is None and _KANA_ONLY.match(span) and not _cuts_kana(text, i):
                found = self._readings.get(katakana(span))
            return None if found is None or _cuts_katakana(text, i) or _cuts_katakana(text, end) else found

        return _longest_matches(len(text), self._ja_sizes, lookup)

    def knows(self, word: str) -> bool:
        """Whether a Japanese word is a term of the table, as spelled or as read (never "corrected").

        >>> table = TermTable(
        ...     parse_terms(
        ...         "ja\\ten\\tkind\\trule\\tnotes\\n共闘 | パートナー\\tpartner\\tkeyword-ability\\t\\t\\n"
        ...     )
        ... )
        >>> table.knows("パートナー"), table.knows("きょうとう"), table.knows("オーナー")
        (True, True, False)
        """
        norm = normalize_ja(word)
        return norm in self._ja or katakana(norm) in self._readings

    def find_en(self, stems: Sequence[str]) -> list[TermMatch]:
        """Non-overlapping longest matches in a sequence of English stems."""
        return _longest_matches(
            len(stems), self._en_sizes, lambda i, size: self._en.get(tuple(stems[i : i + size]))
        )

    def spellings(self) -> list[str]:
        """Every spelling in the table (the spelling corrector's vocabulary includes them)."""
        return [s for pair in self.pairs for s in (*pair.ja, *pair.en)]


def katakana(text: str) -> str:
    """Hiragana as katakana (one character for one: offsets stay).

    >>> katakana("とうそつしゃぜい")
    'トウソツシャゼイ'
    """
    return "".join(chr(ord(c) + 0x60) if _HIRAGANA.match(c) else c for c in text)


def _cuts_kana(text: str, i: int) -> bool:
    """A reading starts a word: not in the middle of a run of hiragana (ことがある is not 事が + ある)."""
    return 0 < i < len(text) and bool(_HIRAGANA.match(text[i - 1])) and bool(_HIRAGANA.match(text[i]))


def _cuts_katakana(text: str, i: int) -> bool:
    return 0 < i < len(text) and bool(_KATAKANA.match(text[i - 1])) and bool(_KATAKANA.match(text[i]))


def parse_terms(text: str, *, source: str = TERMS_FILE.name) -> list[TermPair]:
    """The searchable rows of a term table: those with a Japanese and an English spelling.

    >>> parse_terms("ja\\ten\\tkind\\trule\\tnotes\\n統率者税\\tcommander tax\\tcommander\\t903.8\\t\\n")
    [TermPair(ja=('統率者税',), en=('commander tax',), notes='', one_way=False, rule='903.8')]
    """
    return [
        TermPair(ja=term.ja, en=term.en, notes=term.notes, one_way=term.one_way, rule=term.rule)
        for term in parse_terms_table(text, source=source)
        if term.ja
    ]


@lru_cache(maxsize=4)
def load_terms(path: Path = TERMS_FILE) -> TermTable:
    if not path.exists():
        return TermTable([])
    return TermTable(parse_terms(path.read_text(encoding="utf-8-sig"), source=path.name))


def _longest_matches(
    length: int, sizes: Sequence[int], lookup: Callable[[int, int], list[TermPair] | None]
) -> list[TermMatch]:
    """Non-overlapping longest matches, left to right: ``lookup(start, size)`` gives the pairs of a span;
    ``sizes`` are the lengths the table has, longest first."""
    out: list[TermMatch] = []
    i = 0
    while i < length:
        for size in sizes:
            if size > length - i:
                continue
            pairs = lookup(i, size)
            if pairs:
                out.append(TermMatch(i, i + size, tuple(pairs)))
                i += size
                break
        else:
            i += 1
    return out
