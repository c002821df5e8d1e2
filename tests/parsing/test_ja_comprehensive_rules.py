"""Tests for judge.parsing.ja_comprehensive_rules: files in the layout of the whole Japanese translation,
written
here with invented Japanese (tests/rules/ja_cr_files.py), in both encodings and both line endings."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.parsing import ja_common, ja_comprehensive_rules
from judge.parsing.corpus import parse_corpus_dir, parse_file
from judge.parsing.records import DocKind, JaDocument, ParseError
from tests.rules.cr_files import write_release
from tests.rules.ja_cr_files import ja_cr_text, write_ja_cr

RULES = (
    ("1", "ゲームの考え方"),
    ("100", "総則"),
    ("100.1", "このルールは架空のゲームのためのものである。"),
    ("101", "ゲームの準備"),
    ("101.1", "各プレイヤーはデッキを切り直す。rule 101.3参照。"),
    ("101.3", "各プレイヤーはライフ総量を持つ。"),
    ("101.3a", "通常のゲームでは、各プレイヤーのライフは20点で始まる。"),
    ("101.3b", "統率者戦では、各プレイヤーのライフは40点で始まる。"),
)
EXAMPLES = {"101.3b": ["4人で遊ぶ場合、全員が40点で始める。"]}


def by_cr(document: JaDocument) -> dict[str, object]:
    return {s.cr_number: s for s in document.sections if s.cr_number}


@pytest.fixture(
    params=[("cp932", "\r\n"), ("utf-8-sig", "\n"), ("utf-8", "\n"), ("utf-8", "\r\n")],
    ids=["cp932-crlf", "utf8-bom-lf", "utf8-lf", "utf8-crlf"],
)
def parsed(request: pytest.FixtureRequest, tmp_path: Path) -> JaDocument:
    encoding, newline = request.param
    path = write_ja_cr(tmp_path, "20240101", RULES, examples=EXAMPLES, encoding=encoding, newline=newline)
    document = parse_file(path)
    assert isinstance(document, JaDocument)
    return document


def test_document_fields(parsed: JaDocument) -> None:
    assert parsed.slug == "cr-ja-20240101"
    assert parsed.kind is DocKind.CR_TRANSLATION
    assert parsed.translated_from == "20240101"
    assert ja_comprehensive_rules.reissue_of(parsed) == 0
    assert (parsed.title_ja, parsed.title_en) == (
        "総合ルール 日本語訳（20240101.0）",
        "Comprehensive Rules, Japanese translation (20240101.0)",
    )
    assert parsed.warnings == ()


def test_rules_sections_and_examples_in_every_encoding(parsed: JaDocument) -> None:
    rules = by_cr(parsed)
    assert list(rules) == [number for number, _ in RULES]
    assert [(s.cr_number, s.parent) for s in parsed.sections if s.cr_number][:5] == [
        ("1", None),
        ("100", "r1"),
        ("100.1", "r100"),
        ("101", "r1"),
        ("101.1", "r101"),
    ]
    assert rules["101.3b"].parent == "r101-3"  # type: ignore[attr-defined]
    assert rules["101.1"].text == "各プレイヤーはデッキを切り直す。rule 101.3参照。"  # type: ignore[attr-defined]
    assert rules["101.3b"].examples == ("4人で遊ぶ場合、全員が40点で始める。",)  # type: ignore[attr-defined]
    assert rules["101.3a"].heading == "ゲームの準備"  # type: ignore[attr-defined]  # its section's title
    assert rules["101"].text == rules["101"].heading == "ゲームの準備"  # type: ignore[attr-defined]


def test_contents_preface_glossary_and_credits(parsed: JaDocument) -> None:
    assert parsed.contents == (
        ("0", "はじめに"),
        ("1", "ゲームの考え方"),
        ("100", "総則"),
        ("101", "ゲームの準備"),
        ("10", "用語集"),
    )
    anchors = {s.anchor: s for s in parsed.sections}
    assert anchors["preface"].text == "この文書の英語版が正文です。これはテスト用の見本です。"
    assert anchors["intro"].text == "テスト用の前書き。"
    entry = anchors["g-commander"]
    assert entry.parent == "glossary" and entry.heading == "統率者/Commander"
    assert ja_comprehensive_rules.split_headword(entry.heading) == ("統率者", "Commander")
    assert entry.text == "統率者戦で、デッキを率いる伝説のクリーチャー。rule 903.3 参照。"
    assert anchors["credits"].text == "翻訳: テスト訳者"
    # Sections in file order: the glossary after the rules, the credits last.
    assert [s.anchor for s in parsed.sections][-3:] == ["glossary", "g-commander", "credits"]


def test_recognised_by_its_title_not_its_name(tmp_path: Path) -> None:
    text = ja_cr_text("20240101", RULES)
    assert ja_common.detect_format(text) == "cr-ja"
    assert ja_comprehensive_rules.sniff(text)
    renamed = tmp_path / "ja" / "download.txt"
    renamed.parent.mkdir()
    renamed.write_text(text, encoding="utf-8")
    assert parse_file(renamed).slug == "cr-ja-20240101"


def test_lines_that_cannot_be_placed_are_reported_and_the_rest_kept() -> None:
    text = ja_cr_text("20240101", RULES).replace(
        "101.3. 各プレイヤー", "101.1. 重複した番号。\n905.5a 章のない細則。\n101.3. 各プレイヤー"
    )
    document = ja_comprehensive_rules.parse(text, source="JPN_CR_20240101_0.txt")
    problems = [(w.line, w.problem) for w in document.warnings]
    line = text.split("\n").index("101.1. 重複した番号。") + 1
    first = text.split("\n").index("101.1. 各プレイヤーはデッキを切り直す。rule 101.3参照。") + 1
    assert problems == [
        (
            line,
            f"rule 101.1 appears twice (first at line {first}): the text that matches the English is kept",
        ),
        (line + 1, "rule 905.5a stands under no section: left out"),
    ]
    # The first text stays among the sections; the second is kept aside for the linking to choose from.
    assert by_cr(document)["101.1"].text == "各プレイヤーはデッキを切り直す。rule 101.3参照。"  # type: ignore[attr-defined]
    assert [(d.cr_number, d.line, d.text, d.anchor, d.parent) for d in document.duplicates] == [
        ("101.1", line, "重複した番号。", "r101-1", "r101")
    ]
    assert "101.3b" in by_cr(document)


# Glossary headwords whose English holds a slash (the official translation writes 「…／You/Your」 where the
# English glossary has "You, Your"); the definitions are invented.
SLASHED = (
    ("あなた、あなたの", "You/Your", "テスト用の定義その一。"),
    ("コントロール、コントローラー", "Control/Controller", "テスト用の定義その二。"),
    ("バンド、他の～とのバンド", 'Banding/"Bands with Other"', "テスト用の定義その三。"),
    ("統率者", "Commander", "テスト用の定義その四。rule 903.3 参照。"),
)


def test_every_glossary_headword_is_an_entry_slashes_in_its_english_too() -> None:
    text = ja_cr_text("20240101", RULES, glossary=SLASHED).replace(
        "コントローラー/Control", "コントローラー／Control"
    )
    document = ja_comprehensive_rules.parse(text, source="JPN_CR_20240101_0.txt")
    entries = [s for s in document.sections if s.parent == "glossary"]
    assert [ja_comprehensive_rules.split_headword(e.heading) for e in entries] == [
        ("あなた、あなたの", "You/Your"),
        ("コントロール、コントローラー", "Control/Controller"),
        ("バンド、他の～とのバンド", 'Banding/"Bands with Other"'),
        ("統率者", "Commander"),
    ]
    assert [e.text for e in entries] == [definition for _, _, definition in SLASHED]  # none folded in
    assert [e.anchor for e in entries] == [
        "g-you-your", "g-control-controller", "g-banding-bands-with-other", "g-commander"
    ]  # fmt: skip
    assert not document.warnings
    # Each is found under the English glossary's own spelling of the headword.
    key = ja_comprehensive_rules.headword_key
    english = [ja_comprehensive_rules.split_headword(e.heading)[1] for e in entries]
    assert [key(word) for word in english] == [
        key("You, Your"), key("Control, Controller"), key("Banding, “Bands with Other”"), key("Commander")
    ]  # fmt: skip


def test_a_glossary_it_cannot_read_is_skipped_and_the_rules_go_in() -> None:
    text = ja_cr_text("20240101", RULES).replace("統率者/Commander", "統率者 (Commander)")
    document = ja_comprehensive_rules.parse(text, source="x.txt")
    assert not [s for s in document.sections if s.parent == "glossary"]
    assert [w.problem for w in document.warnings] == [
        "glossary skipped: no headword written '日本語/English' was found"
    ]
    assert len(by_cr(document)) == len(RULES)


def test_no_title_or_no_rule_is_refused() -> None:
    with pytest.raises(ParseError, match="no title line"):
        ja_comprehensive_rules.parse("総合ルール\n100.1. 本文。\n", source="x.txt")
    with pytest.raises(ParseError, match="no rule found"):
        ja_comprehensive_rules.parse("マジック総合ルール(和訳 20240101.0 版)\n本文だけ。\n", source="x.txt")


def test_a_reissue_replaces_the_earlier_issue_and_releases_stand_apart(tmp_path: Path) -> None:
    write_release(tmp_path, "20240101")
    write_ja_cr(tmp_path, "20240101", RULES)
    write_ja_cr(
        tmp_path, "20240101", [*RULES[:-1], ("101.3b", "統率者戦では40点で始まる（訂正）。")], reissue=1
    )
    write_ja_cr(tmp_path, "20230101", RULES, encoding="cp932", newline="\r\n")
    corpus = parse_corpus_dir(tmp_path)
    slugs = {d.slug: d for d in corpus.ja_documents}
    assert set(slugs) == {"cr-ja-20240101", "cr-ja-20230101"}
    assert slugs["cr-ja-20240101"].source == "JPN_CR_20240101_1.txt"
    assert by_cr(slugs["cr-ja-20240101"])["101.3b"].text == "統率者戦では40点で始まる（訂正）。"  # type: ignore[attr-defined]
    assert [str(s) for s in corpus.skipped] == [
        "JPN_CR_20240101_0.txt: replaced by the re-issue JPN_CR_20240101_1.txt"
    ]
