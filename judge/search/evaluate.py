"""Run a whoosh query tree over postings decoded once per process (the search hot path).

whoosh scores every matching document in Python through a tree of matchers,
re-reading and re-decoding each term's posting blocks on every query; with the
exact totals and phrase bonuses the search needs, that was 20–70 ms a query.
Here each (field, term)'s postings are decoded once — document number -> the
BM25F score whoosh itself computes, and positions when a phrase needs them —
and cached on the live index; a query is then set and dict arithmetic.

The result is the same as whoosh's matchers give (tests/search/test_evaluate.py
compares them on every benchmark query): Term and Phrase scores are the
scorer's, Or and And add their members' scores, DisjunctionMax keeps the best
of them, AndMaybe adds the optional part where it matches, AndNot removes
documents, and boosts apply where whoosh applies them (Term, Phrase, And, Or,
DisjunctionMax — not AndMaybe or AndNot). Any other query type falls back to
whoosh's own matcher.
"""

from __future__ import annotations

import heapq
import threading
from collections.abc import Callable, Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any

from whoosh import query as wq

Scores = dict[int, float]
MAX_CACHED_TERMS = 20_000  # distinct (field, term) entries kept per live index; cleared when exceeded
# Phrases found once per generation (the term table's spellings above all, warmed by judge.search.warm):
# at most this many phrases and this many documents among them, then dropped together.
MAX_CACHED_PHRASES = 20_000
MAX_CACHED_PHRASE_DOCS = 200_000  # about 20 MB at most; the term table fills about a tenth
# A phrase checked for a few documents only (a bonus) is checked in all its candidates, and kept, when
# they are this few: the next query with the phrase reads it from memory.
PHRASE_ALL_BELOW = 64


@dataclass(frozen=True)
class TermPostings:
    scores: Scores  # document number -> BM25F score of the term in that document
    # Only kept for phrase terms: document number -> positions, as stored (decoded on first use:
    # a phrase needs the positions of the few documents that have all its words).
    positions: dict[int, Any] | None
    decode: Callable[[Any], Iterable[int]] | None = None

    def where(self, docnum: int) -> frozenset[int]:
        assert self.positions is not None
        found = self.positions[docnum]
        if not isinstance(found, frozenset):
            found = self.positions[docnum] = frozenset(self.decode(found) if self.decode else found)
        return found


class PostingCache:
    """Decoded postings of one live index (one per index generation, shared by threads).

    Postings decoded by ``warm`` (every term of the fields searched by default) stay for the
    life of the generation; others (older CR versions, words no document has) are kept up to
    MAX_CACHED_TERMS and then dropped together, so hostile queries cannot grow the cache.
    Decoding reads the index through one searcher: ``lock`` serialises it.
    """

    def __init__(self) -> None:
        self._pinned: dict[tuple[str, str], TermPostings] = {}
        self._entries: dict[tuple[str, str, bool], TermPostings] = {}
        self._lengths: dict[str, dict[int, int]] = {}  # field -> document number -> field length
        # (field, words, slop) -> every document with the phrase and its score
        self._phrases: dict[tuple[str, tuple[str, ...], int], Scores] = {}
        self._phrase_docs = 0
        self._complete: set[str] = set()  # fields whose every term is pinned: another term has no documents
        self.lock = threading.RLock()

    def clear(self) -> None:
        with self.lock:
            self._pinned.clear()
            self._entries.clear()
            self._lengths.clear()
            self._phrases.clear()
            self._phrase_docs = 0
            self._complete.clear()

    def phrase(self, key: tuple[str, tuple[str, ...], int]) -> Scores | None:
        """Every document with a phrase, if it was found before in this generation."""
        return self._phrases.get(key)

    def keep_phrase(self, key: tuple[str, tuple[str, ...], int], found: Scores) -> None:
        with self.lock:
            if len(self._phrases) >= MAX_CACHED_PHRASES or self._phrase_docs + len(found) > (
                MAX_CACHED_PHRASE_DOCS
            ):
                self._phrases.clear()
                self._phrase_docs = 0
            if len(found) <= MAX_CACHED_PHRASE_DOCS and key not in self._phrases:
                self._phrases[key] = found
                self._phrase_docs += len(found)

    def phrases(self) -> int:
        """How many phrases are kept."""
        return len(self._phrases)

    def get(self, searcher: Any, fieldname: str, text: str, *, positions: bool) -> TermPostings:
        found = self._pinned.get((fieldname, text))
        if found is not None:
            return found
        if fieldname in self._complete:
            return _EMPTY  # a word the field does not have (a misspelling, a subrule that does not exist)
        key = (fieldname, text, positions)
        found = self._entries.get(key)
        if found is None and not positions:
            # Postings decoded with positions serve score-only lookups too.
            found = self._entries.get((fieldname, text, True))
        if found is not None:
            return found
        with self.lock:
            found = _decode(
                searcher,
                fieldname,
                text,
                positions=positions,
                lengths=self._lengths.setdefault(fieldname, {}),
            )
            if len(self._entries) >= MAX_CACHED_TERMS:
                self._entries.clear()
            self._entries[key] = found
        return found

    def warm(self, searcher: Any, fieldnames: Iterable[str]) -> int:
        """Decode every term of these fields (positions kept for phrases); returns how many.
        The lock is taken term by term: searches running meanwhile wait for one term at most."""
        count = 0
        for fieldname in fieldnames:
            if fieldname not in searcher.schema:
                continue
            lengths = self._lengths.setdefault(fieldname, {})
            positions = searcher.schema[fieldname].format.supports("positions")
            with self.lock:
                lexicon = list(searcher.reader().lexicon(fieldname))
            for btext in lexicon:
                text = btext.decode("utf-8") if isinstance(btext, bytes) else btext
                if (fieldname, text) in self._pinned:
                    continue
                with self.lock:
                    self._pinned[(fieldname, text)] = _decode(
                        searcher, fieldname, text, positions=positions, lengths=lengths
                    )
                count += 1
            with self.lock:
                self._complete.add(fieldname)
        return count


_EMPTY = TermPostings(scores={}, positions={})


def _decode(
    searcher: Any, fieldname: str, text: str, *, positions: bool, lengths: dict[int, int]
) -> TermPostings:
    if fieldname not in searcher.schema:
        return _EMPTY
    field = searcher.schema[fieldname]
    try:
        btext = field.to_bytes(text)
    except ValueError:
        return _EMPTY
    if (fieldname, btext) not in searcher.reader():
        return _EMPTY
    matcher = searcher.postings(fieldname, btext)
    scorer = searcher.weighting.scorer(searcher, fieldname, btext)
    if not hasattr(matcher, "_read_ids") or not hasattr(scorer, "_score"):
        return _decode_slowly(matcher, positions=positions)
    # Whole posting blocks at a time (whoosh's codec keeps ids, weights and values per block);
    # the score is the scorer's own BM25F formula with the document's field length.
    decode = field.format.decoder("positions") if positions else None
    reader = searcher.reader()
    score = scorer._score
    scores: Scores = {}
    where: dict[int, Any] | None = {} if positions else None
    while matcher.is_active():
        matcher._read_ids()
        matcher._read_weights()
        ids, weights = matcher._ids, matcher._weights
        for docnum, weight in zip(ids, weights, strict=True):
            length = lengths.get(docnum)
            if length is None:
                length = lengths[docnum] = reader.doc_field_length(docnum, fieldname)
            scores[docnum] = score(weight, length)
        if where is not None:
            matcher._read_values()
            where.update(zip(ids, matcher._values, strict=True))
        matcher._next_block()
    return TermPostings(scores=scores, positions=where, decode=decode)


def _decode_slowly(matcher: Any, *, positions: bool) -> TermPostings:
    scores: Scores = {}
    where: dict[int, Any] | None = {} if positions else None
    while matcher.is_active():
        docnum = matcher.id()
        scores[docnum] = matcher.score()
        if where is not None:
            where[docnum] = frozenset(matcher.value_as("positions"))
        matcher.next()
    return TermPostings(scores=scores, positions=where)


def _boost(scores: Scores, boost: float) -> Scores:
    if boost == 1.0:
        return scores
    return {docnum: score * boost for docnum, score in scores.items()}


class Evaluator:
    def __init__(self, searcher: Any, cache: PostingCache) -> None:
        self.searcher = searcher
        self.cache = cache

    def scores(self, q: wq.Query, within: set[int] | None = None) -> Scores:
        """Document number -> score for every document ``q`` matches (never mutate the result).

        With ``within``, phrases are checked only in those documents (other documents may or may
        not be in the result: a bonus for the documents already found needs no more)."""
        if isinstance(q, wq.Term):
            return _boost(self.cache.get(self.searcher, q.fieldname, q.text, positions=False).scores, q.boost)
        if isinstance(q, wq.Phrase):
            return _boost(self._phrase(q.fieldname, q.words, q.slop, within), q.boost)
        if isinstance(q, wq.AndMaybe):
            required = self.scores(q.a, within)
            if not required:
                return required
            # The optional part only counts where the required part matched: check phrases there only.
            optional = self.scores(q.b, set(required) if within is None else within.intersection(required))
            if not optional:
                return required
            return {d: s + optional[d] if d in optional else s for d, s in required.items()}
        if isinstance(q, wq.AndNot):
            positive = self.scores(q.a, within)
            if not positive:
                return positive
            negative = self.scores(q.b)
            return {d: s for d, s in positive.items() if d not in negative} if negative else positive
        if type(q) is wq.And:
            return _boost(self._and([self.scores(sub, within) for sub in q.subqueries]), q.boost)
        if type(q) is wq.Or and not q.scale and q.minmatch in (0, 1):
            return _boost(self._or([self.scores(sub, within) for sub in q.subqueries]), q.boost)
        if type(q) is wq.DisjunctionMax and not q.tiebreak:
            return _boost(self._max([self.scores(sub, within) for sub in q.subqueries]), q.boost)
        if q is wq.NullQuery:
            return {}
        return self._whoosh(q)

    @staticmethod
    def _and(parts: list[Scores]) -> Scores:
        if not parts:
            return {}
        parts.sort(key=len)
        common: AbstractSet[int] = parts[0].keys()
        for part in parts[1:]:
            if not common:
                return {}
            common = part.keys() & common  # reads the smaller side only (set.intersection reads all)
        return {d: sum(part[d] for part in parts) for d in common}

    @staticmethod
    def _or(parts: list[Scores]) -> Scores:
        kept = [p for p in parts if p]
        if not kept:
            return {}
        if len(kept) == 1:
            return kept[0]
        out = dict(kept[0])
        for part in kept[1:]:
            for d, s in part.items():
                out[d] = out[d] + s if d in out else s
        return out

    @staticmethod
    def _max(parts: list[Scores]) -> Scores:
        kept = [p for p in parts if p]
        if len(kept) <= 1:
            return kept[0] if kept else {}
        out = dict(kept[0])
        for part in kept[1:]:
            for d, s in part.items():
                if d not in out or s > out[d]:
                    out[d] = s
        return out

    def _phrase(
        self, fieldname: str, words: Iterable[str], slop: int = 1, within: set[int] | None = None
    ) -> Scores:
        """The words in order, each at most ``slop`` positions after the one before (1: adjacent).

        Every document with the phrase is kept for the generation (PostingCache.keep_phrase) when all were
        checked: always without ``within``, and with it when the phrase has few candidates."""
        key = (fieldname, tuple(words), slop)
        kept = self.cache.phrase(key)
        if kept is not None:
            return kept
        postings = [self.cache.get(self.searcher, fieldname, w, positions=True) for w in key[1]]
        if not postings or any(not p.scores for p in postings):
            return {}
        by_size = sorted(postings, key=lambda p: len(p.scores))
        candidates: Any = by_size[0].scores.keys()
        for p in by_size[1:]:
            if not candidates:
                break
            candidates = p.scores.keys() & candidates  # reads the smaller side only
        every = within is None or len(candidates) <= PHRASE_ALL_BELOW
        if not every:
            candidates = candidates & within if within is not None else candidates
        out: Scores = {}
        for docnum in candidates:
            if _in_order([p.where(docnum) for p in postings], slop):
                out[docnum] = sum(p.scores[docnum] for p in postings)
        if every:
            self.cache.keep_phrase(key, out)
        return out

    def _whoosh(self, q: wq.Query) -> Scores:
        with self.cache.lock:
            matcher = q.matcher(self.searcher)
            out: Scores = {}
            while matcher.is_active():
                out[matcher.id()] = matcher.score()
                matcher.next()
        return out


def _in_order(wheres: list[frozenset[int]], slop: int) -> bool:
    """Whether positions can be picked, one per word, each 1..slop after the previous."""
    if slop == 1:
        if len(wheres) == 2:
            second = wheres[1]
            return any(start + 1 in second for start in wheres[0])
        rest = wheres[1:]
        return any(all(start + i in where for i, where in enumerate(rest, 1)) for start in wheres[0])
    reached = set(wheres[0])
    for where in wheres[1:]:
        reached = {p for p in where if any(0 < p - q <= slop for q in reached)}
        if not reached:
            return False
    return True


def top(scores: Scores, limit: int, allow: set[int] | None = None) -> list[tuple[int, float]]:
    """The ``limit`` best (docnum, score), best first; ties go to the lower document number, as in whoosh."""
    items: Iterable[tuple[int, float]] = scores.items()
    if allow is not None:
        items = ((d, s) for d, s in items if d in allow)
    return heapq.nlargest(limit, items, key=lambda item: (item[1], -item[0]))
