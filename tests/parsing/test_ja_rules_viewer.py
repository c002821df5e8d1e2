"""Tests for judge.parsing.ja_rules_viewer: an invented one-word-per-line dump, then the real file."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.parsing import ja_rules_viewer
from judge.parsing.records import DocKind, JaDocument, ParseError
from tests.parsing.test_ja_common import by_cr, fixture_text, real_file

NAME = "002_rules_viewer_sample.txt"


@pytest.fixture(scope="module")
def sample() -> JaDocument:
    return ja_rules_viewer.parse(fixture_text(NAME), source=NAME)


def test_document_fields(sample: JaDocument) -> None:
    assert sample.slug == "cr-805-ja" == ja_rules_viewer.SLUG
    assert sample.kind is DocKind.CR_TRANSLATION
    # Named by the section it shows; the English from the project's table of section titles.
    assert (sample.title_ja, sample.title_en) == (
        "総合ルール 805 共有チーム・ターン（日本語）",
        "Comprehensive Rules 805 Shared Team Turns Option (Japanese)",
    )
    assert sample.translated_from == "20240101"
    assert sample.meta == (("version", "MJMJ訳 20240101.0"),)
    assert (sample.date, sample.date_label) == ("2024-02-03", "synced")  # 最終同期
    assert sample.credit == "MJMJ訳 · Example Guild"  # the translator and the site after the footer's ©


def test_navigation_and_contents_are_dropped(sample: JaDocument) -> None:
    # The table of contents lists "805. ..." and "9. ..." on one line each: no sections from it.
    assert [(s.cr_number, s.parent, s.line) for s in sample.sections] == [
        ("8", None, 21),
        ("805", "r8", 24),
        ("805.1", "r805", 28),
        ("805.2", "r805", 42),
        ("805.10", "r805", 50),
        ("805.10a", "r805-10", 57),
    ]


def test_reflow(sample: JaDocument) -> None:
    rules = by_cr(sample)
    assert rules["8"].text == rules["8"].heading == "多人数戦ルール"
    assert rules["805"].text == "「共有チーム・ターン」選択ルール"
    assert rules["805.1"].text == "チームで遊ぶときに使う選択ルールである。双頭巨人戦(rule 810参照)でも使う。"
    assert rules["805.2"].text == "各チームはひとつのターンを共有する。"
    # ASCII words keep their spaces; the footer after them is gone.
    assert rules["805.10a"].text.endswith("全員攻撃プレイヤーとなる。This rule applies to each team.")
    assert rules["805.10a"].heading == "「共有チーム・ターン」選択ルール"


def test_rule_number_after_rule_is_a_cross_reference() -> None:
    document = ja_rules_viewer.parse("805.1\n見よ\nrule\n101.4\n参照。\n805.2\n次。\n", source="x.txt")
    texts = [(s.cr_number, s.text) for s in document.sections]
    assert texts == [("805.1", "見よrule 101.4参照。"), ("805.2", "次。")]


def test_errors() -> None:
    with pytest.raises(ParseError, match="no rule number"):
        ja_rules_viewer.parse("カード\nWiki\n8. 多人数戦ルール\n", source="x.txt")
    with pytest.raises(ParseError, match="805.1 has no text") as err:
        ja_rules_viewer.parse("805.1\n805.2\n文。\n", source="x.txt")
    assert err.value.line == 1
    with pytest.raises(ParseError, match="805.1 appears twice"):
        ja_rules_viewer.parse("805.1\n文。\n805.1\n文。\n", source="x.txt")


@pytest.mark.corpus
def test_real_file(real_corpus: Path) -> None:
    name, text = real_file(real_corpus, "002_")
    document = ja_rules_viewer.parse(text, source=name)
    rules = by_cr(document)
    assert len(document.sections) == 28
    assert list(rules)[:3] == ["8", "805", "805.1"]
    assert {"805.1", "805.3a", "805.4d", "805.8", "805.10", "805.10a", "805.10g"} <= set(rules)
    assert document.translated_from == "20231117"
    assert dict(document.meta) == {"version": "MJMJ訳 20231117.0"}
    assert (document.date, document.date_label) == ("2025-01-17", "synced")
    assert document.title_ja == "総合ルール 805 共有チーム・ターン（日本語）"
    assert document.credit == "MJMJ訳 · Wisdom Guild"
    assert rules["8"].text == "多人数戦ルール"
    assert rules["805.1"].text.startswith("チーム同士で戦う多人数戦において")
    assert "(rule 810参照)" in rules["805.1"].text and "(rule 904参照)" in rules["805.1"].text
    assert rules["805.3"].text.startswith("rule 103.1に記されている方法")
    assert rules["805.10a"].text.startswith("各チームのクリーチャーは、グループで")  # "グ" + "ループ"
    assert rules["805.10a"].parent == "r805-10" and rules["805.10a"].line == 514
    assert "「各プレイヤー/each player」" in rules["805.4d"].text
    assert rules["805.10g"].text.endswith("rule 510.1参照。")  # the footer after it is gone
    for section in document.sections:
        assert " " not in section.text.replace("rule ", "").replace("each ", ""), section.cr_number
        for chrome in ("Wisdom Guild", "カードデータ", "シングル価格", "管理者連絡先", "ミリ秒", "MJMJ"):
            assert chrome not in section.text
