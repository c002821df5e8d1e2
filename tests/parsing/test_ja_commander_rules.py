"""Tests for judge.parsing.ja_commander_rules: an invented page in the same layout, then the real file."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.parsing import ja_commander_rules
from judge.parsing.records import DocKind, JaDocument, ParseError
from tests.parsing.test_ja_common import by_anchor, fixture_text, real_file

NAME = "000_commander_sample.txt"


@pytest.fixture(scope="module")
def sample() -> JaDocument:
    return ja_commander_rules.parse(fixture_text(NAME), source=NAME)


def test_document_fields(sample: JaDocument) -> None:
    assert sample.slug == "commander-rules" == ja_commander_rules.SLUG
    assert sample.kind is DocKind.FORMAT_RULES
    # Named by its title, whatever the page's own heading says (kept in meta).
    assert (sample.title_ja, sample.title_en) == (
        "統率者戦 公式ルール",
        "Commander format rules (Japanese translation)",
    )
    assert dict(sample.meta) == {
        "heading": "統率者戦 公式ルール(見本)",
        "original": "https://example.org/commander/rules/",
    }
    assert (sample.date, sample.date_label, sample.credit) == ("2022-03-04", "updated", "")
    assert sample.translated_from is None


def test_sections_in_order(sample: JaDocument) -> None:
    assert [(s.anchor, s.number, s.parent) for s in sample.sections] == [
        ("intro", None, None),
        ("philosophy", None, None),
        ("deck-construction", None, None),
        ("rule-1", "1", "deck-construction"),
        ("rule-2", "2", "deck-construction"),
        ("rule-3", "3", "deck-construction"),
        ("game-rules", None, None),
        ("rule-4", "4", "game-rules"),
        ("rule-5", "5", "game-rules"),
        ("rule-6", "6", "game-rules"),
    ]
    assert [s.line for s in sample.sections] == [7, 9, 13, 15, 24, 36, 38, 40, 42, 48]


def test_rule_sentence_details_and_examples(sample: JaDocument) -> None:
    sections = by_anchor(sample)
    first = sections["rule-1"]
    assert first.heading == first.text == "各プレイヤーは統率者を1枚決めておきます。"
    # A plain 詳細 paragraph and two "•" bullets (list items), in order.
    assert first.details == (
        "統率者には伝説のクリーチャーを選びます。",
        "- 同じ統率者を何人が使っても構いません。",
        "- 統率者はデッキの顔役です。",
    )
    assert first.examples == ()
    second = sections["rule-2"]
    assert second.details == ("- 混成シンボルは両方の色として数えます。",)
    assert second.examples == (
        "緑単色の統率者なら、青のカードは入りません。",
        "白黒の統率者なら、白黒の混成カードは入ります。",
    )
    assert sections["rule-5"].details[1] == "- 回復しても受けたダメージの記録は減りません。"


def test_title_like_item_is_a_heading_with_its_paragraphs(sample: JaDocument) -> None:
    banned = by_anchor(sample)["rule-6"]
    assert banned.heading == "禁止リスト"
    assert banned.text == "新しいセットは発売日から使えます。"


def test_back_link_is_dropped(sample: JaDocument) -> None:
    assert all("戻る" not in s.text for s in sample.sections)


def test_text_without_numbered_rules_is_a_parse_error() -> None:
    with pytest.raises(ParseError, match="no numbered rules") as err:
        ja_commander_rules.parse("題\n\n    見出し\n\n    本文。\n", source="x.txt")
    assert err.value.source == "x.txt"


def test_repeated_number_is_a_parse_error() -> None:
    with pytest.raises(ParseError, match="rule 1 appears twice") as err:
        ja_commander_rules.parse("題\n  1. 一。\n  1. また一。\n", source="x.txt")
    assert err.value.line == 3


@pytest.mark.corpus
def test_real_file(real_corpus: Path) -> None:
    name, text = real_file(real_corpus, "000_")
    document = ja_commander_rules.parse(text, source=name)
    sections = by_anchor(document)
    assert len(document.sections) == 15
    assert [s.number for s in document.sections if s.number] == [str(n) for n in range(1, 12)]
    assert [s.anchor for s in document.sections if s.number] == [f"rule-{n}" for n in range(1, 12)]
    assert [s.anchor for s in document.sections if not s.number] == [
        "intro", "philosophy", "deck-construction", "game-rules",
    ]  # fmt: skip
    assert document.title_ja == "統率者戦 公式ルール" and dict(document.meta)["heading"].startswith(
        "統率者戦"
    )
    assert (document.date, document.date_label) == ("2021-09-13", "updated")
    assert dict(document.meta)["original"].startswith("https://mtgcommander.net/")
    assert {sections[f"rule-{n}"].parent for n in range(1, 5)} == {"deck-construction"}
    assert {sections[f"rule-{n}"].parent for n in range(5, 12)} == {"game-rules"}
    assert sections["rule-5"].text.endswith("40点です。")
    assert len(sections["rule-1"].details) == 3
    assert (len(sections["rule-2"].details), len(sections["rule-2"].examples)) == (6, 5)
    assert sections["rule-2"].examples[0].startswith("Phelddagrif》")
    assert len(sections["rule-9"].details) == 7 and sections["rule-9"].examples == ()
    assert sections["rule-9"].details[0] == "- これは追加の状況起因処理です。"  # a "•" bullet: a list item
    assert sections["rule-11"].heading == "禁止リスト"
    assert sections["rule-11"].text.count("\n") == 1
    assert sections["rule-10"].details == () and sections["rule-10"].text.startswith("自分がオーナーである")
