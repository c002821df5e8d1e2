"""Snippets: a window of the document text, HTML-escaped, with the matched words in <mark>.

The caller marks the snippet safe, so every character of corpus text goes
through ``html.escape`` here; only the <mark> tags are ours.
"""

from __future__ import annotations

import html
from functools import lru_cache

from judge.search.analysis import en_tokens, has_japanese, ja_morphemes, normalize_ja
from judge.search.query_builder import Needles

SNIPPET_CHARS = 180
_LEAD = 50  # characters shown before the first mark of the window


# The same documents come back query after query: analyse each text once per process
# (the Japanese morphological analysis was most of a search's time).
@lru_cache(maxsize=8192)
def _ja_words(text: str) -> tuple[tuple[str, int, int], ...]:
    return tuple((m.text, m.start, m.end) for m in ja_morphemes(text))


@lru_cache(maxsize=8192)
def _en_words(text: str) -> tuple[tuple[str, int, int], ...]:
    return tuple(en_tokens(text))


Spans = tuple[tuple[int, int], ...]


@lru_cache(maxsize=8192)
def _ja_index(text: str) -> dict[str, Spans]:
    """Where each word of a Japanese text stands: Japanese words and English stems alike (read per
    needle, not per word of the text)."""
    found: dict[str, list[tuple[int, int]]] = {}
    for word, s, e in _ja_words(text):
        found.setdefault(word, []).append((s, e))
    return {word: tuple(spans) for word, spans in found.items()}


@lru_cache(maxsize=8192)
def _en_index(text: str) -> dict[str, Spans]:
    """Where each stem of a text stands (English words, also in Japanese text)."""
    found: dict[str, list[tuple[int, int]]] = {}
    for stem, s, e in _en_words(text):
        found.setdefault(stem, []).append((s, e))
    return {stem: tuple(spans) for stem, spans in found.items()}


def _spans_of(index: dict[str, Spans], words: set[str]) -> list[tuple[int, int]]:
    if len(words) > len(index):
        return [span for word, spans in index.items() if word in words for span in spans]
    return [span for word in words for span in index.get(word, ())]


@lru_cache(maxsize=8192)
def _flat(text: str, lang: str) -> str:
    """The text on one line (Japanese: normalised), as snippets show it."""
    return " ".join(normalize_ja(text).split()) if lang == "ja" else " ".join(text.split())


def _ja_spans(text: str, needles: Needles) -> list[tuple[int, int]]:
    words = _ja_index(text)
    spans = _spans_of(words, needles.ja | needles.en)
    for literal in needles.literal:
        start = text.find(literal)
        while start >= 0 and literal:
            spans.append((start, start + len(literal)))
            start = text.find(literal, start + len(literal))
    spans.extend(_spans_of(_en_index(text), needles.en))
    return spans


def _merge(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


def _window(text: str, spans: list[tuple[int, int]]) -> tuple[int, int]:
    """The window of SNIPPET_CHARS covering the most distinct matched words (``spans`` merged, so
    sorted by start and by end: the spans inside a window are a run, found with two pointers)."""
    if len(text) <= SNIPPET_CHARS:
        return 0, len(text)
    best, best_score = 0, -1
    words: dict[str, int] = {}
    first = last = 0  # spans[first:last] are inside the current window
    for start, _ in spans or [(0, 0)]:
        lo = max(0, start - _LEAD)
        while last < len(spans) and spans[last][1] <= lo + SNIPPET_CHARS:
            word = text[spans[last][0] : spans[last][1]].lower()
            words[word] = words.get(word, 0) + 1
            last += 1
        while first < last and spans[first][0] < lo:
            word = text[spans[first][0] : spans[first][1]].lower()
            words[word] -= 1
            if not words[word]:
                del words[word]
            first += 1
        score = len(words) * 100 + (last - first)
        if score > best_score:
            best, best_score = lo, score
    end = min(len(text), best + SNIPPET_CHARS)
    # Start and end on a word boundary in English text.
    if best > 0 and not has_japanese(text[best : best + 20]):
        space = text.find(" ", best, best + 15)
        best = space + 1 if space >= 0 else best
    if end < len(text) and not has_japanese(text[end - 20 : end]):
        space = text.rfind(" ", end - 15, end)
        end = space if space > best else end
    return best, end


def snippet(text: str, needles: Needles, *, lang: str) -> str:
    """HTML: the best window of ``text`` with matches in <mark>; everything else escaped.

    >>> snippet("Costs <b>2</b> more: the commander tax.", Needles(en={"tax"}), lang="en")
    'Costs &lt;b&gt;2&lt;/b&gt; more: the commander <mark>tax</mark>.'
    """
    text = _flat(text, lang)
    spans = _merge(_ja_spans(text, needles) if lang == "ja" else _spans_of(_en_index(text), needles.en))
    lo, hi = _window(text, spans)
    out = ["…" if lo > 0 else ""]
    cursor = lo
    for start, end in spans:
        if end <= lo or start >= hi:
            continue
        start, end = max(start, lo), min(end, hi)
        out.append(html.escape(text[cursor:start]))
        out.append(f"<mark>{html.escape(text[start:end])}</mark>")
        cursor = end
    out.append(html.escape(text[cursor:hi]))
    if hi < len(text):
        out.append("…")
    return "".join(out)
