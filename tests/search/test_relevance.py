"""Relevance on the real corpus: each query of relevance.tsv finds its expected answer in the top 5."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.search.service import SearchHit, search

RELEVANCE = Path(__file__).with_name("relevance.tsv")

pytestmark = pytest.mark.corpus


def rows() -> list[tuple[str, tuple[str, ...], str]]:
    out = []
    for line in RELEVANCE.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            query, expected, *note = line.split("\t")
            out.append((query, tuple(expected.split("|")), note[0] if note else ""))
    return out


def is_expected(rule: str | None, doc: str, anchor: str, item: str) -> bool:
    """A rule number matches itself and its subrules/children ("805" ~ "805.4a", "800.4" ~ "800.4a");
    "slug#anchor" one section; "slug#*" any section of that document."""
    if "#" in item:
        slug, want = item.split("#", 1)
        return doc == slug and want in ("*", anchor)
    rule = rule or ""
    if rule == item:
        return True
    rest = rule[len(item) :] if rule.startswith(item) else ""
    return bool(rest) and (rest[0] == "." or (len(rest) == 1 and rest.isalpha()))


def anchor(hit: SearchHit) -> str:
    return hit.url.rsplit("#", 1)[1] if "#" in hit.url else ""


def test_matching_rules_of_the_relevance_file() -> None:
    assert is_expected("805.4a", "cr", "", "805") and is_expected("800.4a", "cr", "", "800.4")
    assert not is_expected("800.40", "cr", "", "800.4") and not is_expected("9031", "cr", "", "903")
    assert is_expected(None, "dtc", "x", "dtc#*") and not is_expected(None, "dtc", "x", "dtc#y")


def test_the_set_is_big_and_bilingual() -> None:
    from judge.search.analysis import has_japanese

    queries = [q for q, _, _ in rows()]
    assert len(queries) >= 40
    assert sum(has_japanese(q) for q in queries) >= 20
    assert sum(not has_japanese(q) for q in queries) >= 20


@pytest.mark.parametrize(("query", "expected", "note"), rows(), ids=[r[0] for r in rows()])
def test_expected_answer_in_top_5(corpus_index: Path, query: str, expected: tuple[str, ...], note: str) -> None:
    result = search(query, root=corpus_index, limit=5)
    if result.jump is not None:
        assert any(is_expected(result.jump, "cr", "", e) for e in expected)
        return
    got = [(h.rule, h.doc, anchor(h)) for h in result.hits]
    assert any(is_expected(*hit, e) for hit in got for e in expected), (query, expected, got)
