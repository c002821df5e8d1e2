"""Snippets: the window covering the most distinct matched words, and escaping."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from judge.search.highlight import _LEAD, SNIPPET_CHARS, _merge, _window, snippet
from judge.search.query_builder import Needles


def brute_force_start(text: str, spans: list[tuple[int, int]]) -> int:
    """The window start by checking every span against every candidate window (the plain definition)."""
    best, best_score = 0, -1
    for start, _ in spans or [(0, 0)]:
        lo = max(0, start - _LEAD)
        inside = [(s, e) for s, e in spans if s >= lo and e <= lo + SNIPPET_CHARS]
        score = len({text[s:e].lower() for s, e in inside}) * 100 + len(inside)
        if score > best_score:
            best, best_score = lo, score
    return best


@given(
    st.lists(st.tuples(st.integers(0, 900), st.integers(1, 12)), max_size=40),
    st.text(alphabet="abcAB", min_size=1000, max_size=1000),
)
def test_the_window_is_the_one_with_most_distinct_words(raw: list[tuple[int, int]], text: str) -> None:
    spans = _merge([(s, min(len(text), s + n)) for s, n in raw])
    expected = brute_force_start(text.replace(" ", "x"), spans)
    got, _ = _window(text.replace(" ", "x"), spans)  # no spaces: the window is not moved to a word boundary
    assert got == expected


def test_snippet_marks_the_words_and_escapes_the_rest() -> None:
    text = "<b>x</b> " + "filler words here. " * 30 + "The commander tax is paid. " + "more filler. " * 20
    html = snippet(text, Needles(en={"commander", "tax"}), lang="en")
    assert "<mark>commander</mark> <mark>tax</mark>" in html and "<b>" not in html and html.startswith("…")
