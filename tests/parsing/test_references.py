"""Tests for judge.parsing.references: worked cases from data files, properties, and the real corpus."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.parsing.comprehensive_rules import parse_comprehensive_rules
from judge.parsing.corpus import read_text
from judge.parsing.references import Reference, expand_range, find_references, normalize_rule_query

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "cr"


def load_cases(name: str) -> list[dict[str, Any]]:
    lines = (FIXTURES / name).read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


@pytest.mark.parametrize("case", load_cases("reference_cases.jsonl"), ids=lambda c: c["text"][:40])
def test_find_references(case: dict[str, Any]) -> None:
    text = case["text"]
    found = [[text[r.start : r.end], list(r.numbers)] for r in find_references(text)]
    assert found == case["refs"]


@pytest.mark.parametrize("case", load_cases("query_cases.jsonl"), ids=lambda c: c["query"] or "empty")
def test_normalize_rule_query(case: dict[str, Any]) -> None:
    assert normalize_rule_query(case["query"]) == case["number"]


@pytest.mark.parametrize(
    ("first", "last", "expected"),
    [
        ("903.4b", "c", ("903.4b", "903.4c")),
        ("903.4b", "903.4d", ("903.4b", "903.4c", "903.4d")),
        ("100.1j", "p", ("100.1j", "100.1k", "100.1m", "100.1n", "100.1p")),
        ("119.7", "8", ("119.7", "119.8")),
        ("903.6", "903.8", ("903.6", "903.7", "903.8")),
        ("903", "905", ("903", "904", "905")),
        ("903.4c", "b", ("903.4c",)),
        ("903.4b", "l", ("903.4b",)),
        ("903.9", "904.2", ("903.9", "904.2")),
        ("100.1", "900", ("100.1", "100.900")),  # too long to be a real range: the two ends only
        ("9", "10", ("9",)),
    ],
)
def test_expand_range(first: str, last: str, expected: tuple[str, ...]) -> None:
    assert expand_range(first, last) == expected


def test_numbers_never_carry_a_trailing_dot() -> None:
    text = "See rule 903.8. Then rule 903. Then 903.9a."
    assert [r.numbers for r in find_references(text)] == [("903.8",), ("903",), ("903.9a",)]


def test_reference_is_frozen() -> None:
    reference = Reference(start=0, end=3, numbers=("903",))
    with pytest.raises(AttributeError):
        reference.start = 1  # type: ignore[misc]


RULEISH = st.text(
    alphabet=st.sampled_from(list("rule section CR ルール 0123456789.–-abclo ,and〔〕")), max_size=80
)


def _check(text: str) -> None:
    found = find_references(text)
    previous_end = 0
    for reference in found:
        assert 0 <= reference.start < reference.end <= len(text)
        assert reference.start >= previous_end
        previous_end = reference.end
        assert reference.numbers
        assert all(n and not n.endswith(".") for n in reference.numbers)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=200), RULEISH))
def test_random_text_gives_ordered_non_overlapping_spans(text: str) -> None:
    _check(text)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=60), RULEISH))
def test_normalize_rule_query_never_raises(query: str) -> None:
    result = normalize_rule_query(query)
    assert result is None or (result and not result.endswith("."))
    if result is not None:
        # A recognised number is a fixed point.
        assert normalize_rule_query(result) in (result, None)


@pytest.mark.corpus
def test_real_rule_references_resolve(real_corpus: Path) -> None:
    """Every reference found in the real rules points at a rule of the same file.

    The one exception is the real glossary entry "Map" (2025 and 2026 files), which
    cites rule 110.10 that those files do not have.
    """
    totals = {}
    for path in sorted((real_corpus / "en").glob("MagicCompRules *.txt")):
        document = parse_comprehensive_rules(read_text(path), source=path.name)
        known = {r.number for r in document.rules}
        count = 0
        for record in document.rules:
            for text in (record.text, *record.examples):
                for reference in find_references(text):
                    count += len(reference.numbers)
                    span = text[reference.start : reference.end]
                    assert set(reference.numbers) <= known, (record.number, span)
        dangling = set()
        for entry in document.glossary:
            for reference in find_references(entry.definition):
                count += len(reference.numbers)
                dangling |= {(entry.term, n) for n in reference.numbers if n not in known}
        totals[document.version] = count
        assert dangling <= {("Map", "110.10")}
    known = {"20200601": 1593, "20231117": 1956, "20251114": 2114, "20260116": 2116}
    assert {version: totals[version] for version in known} == known


@pytest.mark.corpus
def test_real_japanese_references(real_corpus: Path) -> None:
    """The Japanese corpus cites rules as 「rule 810〔…〕参照」 and 「総合ルール109.3」."""
    found: set[str] = set()
    for path in sorted((real_corpus / "ja").glob("*.txt")):
        text = read_text(path)
        _check(text)
        for reference in find_references(text):
            found.update(reference.numbers)
    assert {"810", "103.1", "711.4a", "109.3", "800.4a", "701.24"} <= found
    assert not any(n.startswith("2023") for n in found)
