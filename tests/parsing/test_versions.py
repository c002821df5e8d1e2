"""Tests for judge.parsing.versions: word diffs, version comparison and renumbering."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.parsing.comprehensive_rules import parse_comprehensive_rules
from judge.parsing.corpus import read_text
from judge.parsing.records import RulesDocument
from judge.parsing.versions import VersionDiff, compare_versions, track_renumbering, word_diff

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "cr"


def fixture(name: str) -> RulesDocument:
    return parse_comprehensive_rules((FIXTURES / name).read_bytes().decode("utf-8"), source=name)


@pytest.fixture(scope="module")
def old() -> RulesDocument:
    return fixture("renumber_old.txt")


@pytest.fixture(scope="module")
def new() -> RulesDocument:
    return fixture("renumber_new.txt")


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("same words here", "same words here", [("equal", "same words here")]),
        ("", "brand new", [("insert", "brand new")]),
        ("all gone", "", [("delete", "all gone")]),
        ("", "", []),
        (
            "the owner may put it into the command zone",
            "its owner may put it into the command zone instead",
            [
                ("delete", "the"),
                ("insert", "its"),
                ("equal", "owner may put it into the command zone"),
                ("insert", "instead"),
            ],
        ),
        ("a  b\nc", "a b c", [("equal", "a b c")]),  # whitespace is not a word
    ],
)
def test_word_diff(a: str, b: str, expected: list[tuple[str, str]]) -> None:
    assert word_diff(a, b) == expected


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80), st.text(max_size=80))
def test_word_diff_rebuilds_both_sides(a: str, b: str) -> None:
    diff = word_diff(a, b)
    assert all(op in ("equal", "insert", "delete") and words for op, words in diff)
    assert " ".join(w for op, w in diff if op != "insert").split() == a.split()
    assert " ".join(w for op, w in diff if op != "delete").split() == b.split()


def test_compare_versions(old: RulesDocument, new: RulesDocument) -> None:
    assert compare_versions(old, new) == VersionDiff(
        old_version="20300202",
        new_version="20310303",
        added=("101.4a", "101.4b", "101.4c", "101.6", "103", "103.1"),
        removed=("101.3b", "101.3c", "102.2"),
        changed=("101.2", "101.3", "101.3a", "101.4", "101.5", "102", "102.1"),
    )


def test_compare_a_version_with_itself(new: RulesDocument) -> None:
    diff = compare_versions(new, new)
    assert (diff.added, diff.removed, diff.changed) == ((), (), ())


def test_track_renumbering(old: RulesDocument, new: RulesDocument) -> None:
    assert track_renumbering(old, new) == {
        "102": "103",  # section moved down by the inserted "Stickers" section
        "101.3": "101.4",
        "101.3a": "101.4a",
        "101.3b": "101.4b",
        "101.3c": "101.4c",  # the Commander life total, as 103.3c -> 103.4c in the real rules
        "101.4": "101.5",
        "101.5": "101.6",  # moved and lightly edited
        "102.1": "103.1",
    }
    # 101.2 was edited in place and 102.2 was deleted: neither is a renumbering.


def test_no_renumbering_against_itself(new: RulesDocument) -> None:
    assert track_renumbering(new, new) == {}


# --- the real Comprehensive Rules files ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def real(real_corpus: Path) -> dict[str, RulesDocument]:
    out = {}
    for path in sorted((real_corpus / "en").glob("MagicCompRules *.txt")):
        document = parse_comprehensive_rules(read_text(path), source=path.name)
        out[document.version] = document
    return out


@pytest.mark.corpus
def test_real_commander_life_total_moved_from_103_3c_to_103_4c(real: dict[str, RulesDocument]) -> None:
    old = {r.number: r for r in real["20200601"].rules}
    new = {r.number: r for r in real["20260116"].rules}
    assert "40" in old["103.3c"].text and "Commander" in old["103.3c"].text
    assert old["103.3c"].text == new["103.4c"].text
    mapping = track_renumbering(real["20200601"], real["20260116"])
    assert mapping["103.3c"] == "103.4c"
    assert mapping["706"] == "707"  # "Copying Objects" moved when "Rolling a Die" was inserted
    assert mapping["903.9"] == "903.9b"  # the command-zone replacement effect moved under a new 903.9
    assert "903.8" not in mapping  # still the same rule
    assert mapping["717.2a"] == "723.2a"  # a subrule reading like its neighbour's moves with its parent rule
    assert len(mapping) == 987


@pytest.mark.corpus
def test_real_partner_renumbering_between_the_two_newest(real: dict[str, RulesDocument]) -> None:
    mapping = track_renumbering(real["20251114"], real["20260116"])
    # "Friends forever" (702.124k) was folded into the partner abilities; the rest moved up one letter.
    assert mapping.pop("702.124k").startswith("702.124")
    assert mapping == {"702.124m": "702.124k", "702.124n": "702.124m", "702.124p": "702.124n"}


@pytest.mark.corpus
def test_real_compare_versions(real: dict[str, RulesDocument]) -> None:
    diff = compare_versions(real["20251114"], real["20260116"])
    assert diff.added == ("610.5", "701.68", "701.68a", "701.68b", "701.68c", "701.68d")
    assert diff.removed == ("702.124p",)
    assert diff.changed == (
        "115.7e", "205.3m", "207.2c", "601.2a", "702.124a", "702.124i", "702.124k", "702.124m", "702.124n",
    )  # fmt: skip
    wide = compare_versions(real["20200601"], real["20260116"])
    assert (len(wide.added), len(wide.removed), len(wide.changed)) == (958, 266, 1097)
