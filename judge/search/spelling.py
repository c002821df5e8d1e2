"""Spelling correction over the index's own words, built once per index generation.

The vocabulary is every English word of the current Comprehensive Rules and every
Japanese word of the Japanese documents (with the number of documents using it,
stored in the index's meta.json at build time), plus the term table's spellings.
A word no document has is corrected to the closest vocabulary word by optimal
string alignment distance (a swap of two letters is one edit: "commnader"), at
most one edit for a short word and two for a longer one; ties go to the word more
documents use. rapidfuzz compares the whole vocabulary in native code, so a
correction costs well under a millisecond.

``speller`` keeps one Speller per index generation; ``respelled`` is a query with its unknown words so
corrected, which search (judge.search.service) tries when a query finds nothing or only closest matches.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Mapping, Sequence

from rapidfuzz import process
from rapidfuzz.distance import OSA

from judge.search.analysis import has_japanese, normalize_ja
from judge.search.index import LiveIndex
from judge.search.query import normalize_query
from judge.search.query_builder import Unit
from judge.search.terms import TermTable

MIN_LENGTH = 3  # shorter words are too ambiguous to correct (Japanese: 3 characters too)
# Kana-only words are inflections and particles (死ん, だら): never a correction, never corrected.
_KANA_ONLY = re.compile(r"^[\u3040-\u309f]+$")
_HIRAGANA = re.compile(r"[\u3040-\u309f]")


class Speller:
    """Closest known spelling of an unknown word, English or Japanese.

    >>> speller = Speller({"commander": 120, "command": 80, "tax": 3}, {"統率者税": 2}, TermTable([]))
    >>> (speller.correct("comander"), speller.correct("commnader"), speller.correct("統卒者税"),
    ...  speller.correct("xyzzy"))
    ('commander', 'commander', '統率者税', None)
    >>> speller.correct("死ん"), speller.correct("ちんだら")
    (None, None)
    >>> from judge.search.terms import parse_terms
    >>> terms = TermTable(
    ...     parse_terms("ja\\ten\\tkind\\trule\\tnotes\\n統治者 | モナーク\\tmonarch\\tgame\\t724\\t\\n")
    ... )
    >>> known = Speller({}, {"ブレーク": 3, "統治者": 5}, terms)
    >>> known.correct("モナーク"), known.correct("モナーケ")
    (None, 'モナーク')
    """

    def __init__(self, english: Mapping[str, int], japanese: Mapping[str, int], terms: TermTable) -> None:
        en = dict(english)
        ja = dict(japanese)
        for pair in terms.pairs:
            for spelling in pair.en:
                for word in spelling.lower().split():
                    en.setdefault(word, 1)
            for spelling in pair.ja:
                ja.setdefault(normalize_ja(spelling), 1)
        self._en_words = sorted(en)
        self._en_count = en
        ja = {word: count for word, count in ja.items() if not _KANA_ONLY.match(word)}
        self._ja_words = sorted(ja)
        self._ja_count = ja
        self._terms = terms

    def correct(self, word: str) -> str | None:
        """The closest vocabulary word, or None (a known word, too short, or nothing close)."""
        japanese = has_japanese(word)
        text = normalize_ja(word) if japanese else word.lower()
        words, counts = (self._ja_words, self._ja_count) if japanese else (self._en_words, self._en_count)
        if len(text) < MIN_LENGTH or text in counts or _KANA_ONLY.match(text):
            return None
        if japanese and self._terms.knows(text):  # a term or its reading (パートナー is not オーナー)
            return None
        edits = 1 if len(text) <= (3 if japanese else 4) else 2
        found = process.extract(text, words, scorer=OSA.distance, score_cutoff=edits, limit=None)
        if not found:
            return None
        best = str(min(found, key=lambda item: (item[1], -counts[item[0]], item[0]))[0])
        if japanese and _HIRAGANA.sub("", best) == _HIRAGANA.sub("", text):
            return None  # only particles or an inflection differ (対戦相手が全員 is not 対戦相手全員)
        return best


# --- the generation's speller, a query corrected ---------------------------------------------------------

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


def respelled(raw: str, dead: Sequence[Unit], spell: Speller) -> str | None:
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
