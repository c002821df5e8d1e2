"""Property tests for every corpus parser: any text gives a result or a ParseError, never another exception.

Two kinds of input: random text drawn from the characters the corpus files are
made of (rule numbers, Japanese, full-width forms, markers such as "詳細:",
every line ending), and the small fixtures of tests/fixtures/ damaged at random
(lines dropped, duplicated, swapped, garbled; the file cut short). Each
property is bounded (``max_examples``) so the suite stays fast.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.engine import rule_numbers
from judge.parsing import (
    card_data,
    comprehensive_rules,
    ja_commander_rules,
    ja_common,
    ja_cr_excerpt,
    ja_dtc,
    ja_rules_viewer,
    ja_wiki_planechase,
    references,
    versions,
)
from judge.parsing.records import JaDocument, ParseError, RulesDocument

FIXTURES = Path(__file__).parent.parent / "fixtures"
BOUNDED = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

JA_PARSERS: dict[str, tuple[ModuleType, str]] = {
    "commander-rules": (ja_commander_rules, "000_commander_sample.txt"),
    "cr-excerpt-ja": (ja_cr_excerpt, "001_cr_excerpt_sample.txt"),
    "cr-805-ja": (ja_rules_viewer, "002_rules_viewer_sample.txt"),
    "planechase-wiki": (ja_wiki_planechase, "003_wiki_sample.txt"),
    "dtc": (ja_dtc, "004_dtc_sample.txt"),
}

# Pieces that the parsers look for, so random text reaches past their first checks.
MARKERS = [
    "Introduction", "Contents", "Glossary", "Credits", "Example:", "1. Game Concepts", "9. Casual Variants",
    "903. Commander", "903.8.", "903.8a", "903.8", "805.10f", "100.1.", "- 901.9a", "- 903.4b", "1.", "2.",
    "10.", "詳細:", "詳細：", "2020/01/02 初版", "2021/3/4 第2版", "DTC", "デュエマ", "統率者", "ルール",
    "総合ルール", "←戻る", "コメント", "広告", "©", "All rights reserved", "「", "」", "：", "・", "■", "●",
    "【", "】", "９０３．８", "ＤＴＣ", "rule 903.8", "rules 903.4b–c", "CR 702.19b-d", "sections 903–905",
    "and", ", or", "Effective as of January 16, 2026", "\ufeff", "\t", "\u3000", " ",
]  # fmt: skip
LINE_ENDINGS = ["\n", "\r\n", "\r"]

line_text = st.one_of(
    st.sampled_from(MARKERS),
    st.text(max_size=20),
    st.text(alphabet="0123456789.-– abcz統率者領域のルールがあるＤＴＣ：「」\u3000", max_size=20),
)
corpus_like_text = st.builds(
    lambda lines, ending: ending.join(lines),
    st.lists(st.lists(line_text, min_size=1, max_size=3).map("".join), max_size=40),
    st.sampled_from(LINE_ENDINGS),
)
any_text = st.one_of(st.text(max_size=300), corpus_like_text)


def fixture_text(relative: str) -> str:
    return (FIXTURES / relative).read_text(encoding="utf-8")


@st.composite
def damaged(draw: st.DrawFn, text: str) -> str:
    """``text`` with 1 to 5 random line-level or character-level injuries."""
    lines = ja_common.normalize_newlines(text).split("\n")
    for _ in range(draw(st.integers(1, 5))):
        if not lines:
            lines = [""]
        index = draw(st.integers(0, len(lines) - 1))
        action = draw(st.sampled_from(["drop", "duplicate", "swap", "garble", "insert", "splice", "cut"]))
        if action == "drop":
            del lines[index]
        elif action == "duplicate":
            lines.insert(index, lines[index])
        elif action == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[index], lines[other] = lines[other], lines[index]
        elif action == "garble":
            lines[index] = draw(line_text)
        elif action == "insert":
            lines.insert(index, draw(line_text))
        elif action == "splice":  # characters inside a line: a rule number may lose its dot
            line = lines[index]
            at = draw(st.integers(0, len(line)))
            lose = draw(st.integers(0, 3))
            lines[index] = line[:at] + draw(st.text(max_size=4)) + line[at + lose :]
        else:
            lines = lines[: index + 1]
    return draw(st.sampled_from(LINE_ENDINGS)).join(lines)


# --------------------------------------------------------------------------- the Comprehensive Rules


def _parse_cr(text: str) -> RulesDocument | None:
    try:
        document = comprehensive_rules.parse_comprehensive_rules(text, source="random.txt")
    except ParseError as err:
        assert str(err).startswith("random.txt")
        return None
    numbers = [r.number for r in document.rules]
    assert len(numbers) == len(set(numbers))
    assert all("\r" not in r.text for r in document.rules)
    return document


@BOUNDED
@given(any_text)
def test_comprehensive_rules_random_text(text: str) -> None:
    _parse_cr(text)


@BOUNDED
@given(
    st.sampled_from(["cr/mini_rules.txt", "cr/renumber_old.txt", "cr/renumber_new.txt"]).flatmap(
        lambda name: damaged(fixture_text(name))
    )
)
def test_comprehensive_rules_damaged_fixtures(text: str) -> None:
    _parse_cr(text)


@BOUNDED
@given(st.text(max_size=60))
def test_effective_date_is_a_date_or_none(line: str) -> None:
    date = comprehensive_rules.parse_effective_date(line)
    assert date is None or re.fullmatch(r"\d{8}", date)


# --------------------------------------------------------------------------- the Japanese documents


def _parse_ja(module: ModuleType, text: str) -> JaDocument | None:
    try:
        document = module.parse(text, source="random.txt")
    except ParseError as err:
        assert str(err).startswith("random.txt")
        return None
    assert isinstance(document, JaDocument)
    anchors = [s.anchor for s in document.sections]
    assert len(anchors) == len(set(anchors))
    assert all(0 < len(a) <= ja_common.MAX_ANCHOR for a in anchors)
    return document


@pytest.mark.parametrize("slug", sorted(JA_PARSERS))
@BOUNDED
@given(text=any_text)
def test_japanese_parsers_random_text(slug: str, text: str) -> None:
    module, _ = JA_PARSERS[slug]
    assert isinstance(module.sniff(text), bool)
    _parse_ja(module, text)


@pytest.mark.parametrize("slug", sorted(JA_PARSERS))
@BOUNDED
@given(data=st.data())
def test_japanese_parsers_damaged_fixtures(slug: str, data: st.DataObject) -> None:
    module, name = JA_PARSERS[slug]
    text = data.draw(damaged(fixture_text(f"ja/{name}")))
    _parse_ja(module, text)


@BOUNDED
@given(
    st.one_of(
        any_text,
        st.sampled_from([name for _, name in JA_PARSERS.values()]).flatmap(
            lambda name: damaged(fixture_text(f"ja/{name}"))
        ),
    )
)
def test_at_most_one_japanese_parser_claims_a_text(text: str) -> None:
    claims = [slug for slug, (module, _) in JA_PARSERS.items() if module.sniff(text)]
    assert len(claims) <= 1
    assert claims == ([ja_common.detect_format(text)] if claims else [])


@BOUNDED
@given(st.text(max_size=120), st.text(max_size=40))
def test_ja_common_helpers_never_fail(text: str, salt: str) -> None:
    assert "\r" not in ja_common.normalize_newlines(text)
    ja_common.close_cjk_gaps(text)
    ja_common.join_tokens(text, salt)
    ja_common.is_chrome_line(text)
    ja_common.is_chrome_end(text)
    slug = ja_common.heading_slug(text)
    assert slug and not re.search(r"\s", slug)
    used: set[str] = set()
    first = ja_common.unique_anchor(slug, used, salt)
    second = ja_common.unique_anchor(slug, used, salt)
    assert first != second and len(first) <= ja_common.MAX_ANCHOR and len(second) <= ja_common.MAX_ANCHOR
    parent = rule_numbers.parent(text)
    assert parent is None or text.startswith(parent)


# --------------------------------------------------------------------------- rule references


@BOUNDED
@given(any_text)
def test_find_references_are_ordered_spans_of_the_text(text: str) -> None:
    found = references.find_references(text)
    ends = 0
    for reference in found:
        assert ends <= reference.start < reference.end <= len(text)
        assert reference.numbers and len(reference.numbers) <= references.MAX_RANGE + 1
        ends = reference.end


@BOUNDED
@given(st.one_of(st.text(max_size=80), st.sampled_from(MARKERS)))
def test_normalize_rule_query_is_a_rule_number_or_none(query: str) -> None:
    number = references.normalize_rule_query(query)
    assert number is None or re.fullmatch(r"\d{3}(?:\.\d{1,3}[a-z]?)?|\d", number)


@BOUNDED
@given(st.text(alphabet="0123456789.abcxyz", max_size=10), st.text(alphabet="0123456789.abcxyz", max_size=10))
def test_expand_range_never_fails(first: str, last: str) -> None:
    numbers = references.expand_range(first, last)
    assert numbers[0] == first and len(numbers) <= references.MAX_RANGE + 1


# --------------------------------------------------------------------------- versions of the rules


@BOUNDED
@given(st.text(max_size=80), st.text(max_size=80))
def test_word_diff_rebuilds_both_texts(old: str, new: str) -> None:
    runs = versions.word_diff(old, new)
    assert " ".join(t for op, t in runs if op != "insert").split() == old.split()
    assert " ".join(t for op, t in runs if op != "delete").split() == new.split()


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged(fixture_text("cr/renumber_old.txt")), damaged(fixture_text("cr/renumber_new.txt")))
def test_versions_of_damaged_documents(old_text: str, new_text: str) -> None:
    old, new = _parse_cr(old_text), _parse_cr(new_text)
    if old is None or new is None:
        return
    diff = versions.compare_versions(old, new)
    new_numbers = {r.number for r in new.rules}
    assert set(diff.added) <= new_numbers and set(diff.changed) <= new_numbers
    moves = versions.track_renumbering(old, new)
    assert set(moves.values()) <= new_numbers


# --------------------------------------------------------------------------- card data (Scryfall, MTGJSON)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.text(max_size=10)
    | st.sampled_from(["normal", "token", "transform", "{2}{W}", "Legendary Creature", "W", "name"]),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "name",
                    "layout",
                    "card_faces",
                    "color_identity",
                    "colorIdentity",
                    "mana_cost",
                    "manaCost",
                    "type_line",
                    "type",
                    "oracle_text",
                    "text",
                    "data",
                    "meta",
                    "object",
                    "legalities",
                    "side",
                ]
            ),
            children,
            max_size=5,
        )
    ),
    max_leaves=20,
)


def _read_cards(text: str) -> None:
    try:
        cards = list(card_data.iter_cards(io.StringIO(text), source="random.json"))
    except ParseError as err:
        assert str(err).startswith("random.json")
        return
    assert all(card.name for card in cards)


@BOUNDED
@given(
    st.one_of(
        json_values.map(json.dumps),
        json_values.map(lambda v: json.dumps([v])),
        json_values.map(lambda v: json.dumps({"data": v})),
        st.text(max_size=60),
    )
)
def test_card_data_random_json(text: str) -> None:
    _read_cards(text)


@BOUNDED
@given(
    st.sampled_from(["cards/scryfall_cards.json", "cards/mtgjson_atomic.json"]).flatmap(
        lambda name: st.tuples(
            st.just(fixture_text(name)),
            st.integers(0, 20000),
            st.integers(0, 40),
            st.text(alphabet='[]{}",: 0123abc\\', max_size=6),
        )
    )
)
def test_card_data_damaged_fixtures(case: tuple[str, int, int, str]) -> None:
    text, at, lose, insert = case
    at = min(at, len(text))
    _read_cards(text[:at] + insert + text[at + lose :])
