"""Tests for judge.parsing.ja_cr_web: the official Japanese Comprehensive Rules page, in the shape public
readers of it describe (tests/rules/ja_cr_files.py writes one with invented Japanese), read into the same
records as the community's JPN_CR text files; and, marked ``corpus``, a page made from the official
20260116.0 text."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.parsing import ja_comprehensive_rules, ja_cr_web
from judge.parsing.records import JaDocument, ParseError
from tests.rules.ja_cr_files import ja_cr_page, ja_cr_text, page_from_layout

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
EXAMPLES = {"101.3b": ["4人で遊ぶ場合、全員が40点で始める。", "2人で遊ぶ場合も40点で始める。"]}
GLOSSARY = (
    ("統率者", "Commander", "統率者戦で、デッキを率いる伝説のクリーチャー。rule 903.3 参照。"),
    ("次元コントローラー", "Planar Controller", "プレインチェイス戦で、次元をコントロールするプレイヤー。"),
)
OFFICIAL = Path(__file__).resolve().parents[3] / "shared" / "ja_cr_official" / "JPN_CR_20260116_0.txt"


def sections(document: JaDocument) -> list[tuple[str, str | None, str, tuple[str, ...]]]:
    return [(s.anchor, s.cr_number, s.text, s.examples) for s in document.sections]


def test_the_page_reads_as_the_text_file_of_the_same_translation() -> None:
    text = ja_cr_text("20260417", RULES, reissue=2, examples=EXAMPLES, glossary=GLOSSARY)
    page = page_from_layout(text)
    from_page = ja_comprehensive_rules.parse(ja_cr_web.to_layout(page, source="0006836"), source="0006836")
    from_file = ja_comprehensive_rules.parse(text, source="JPN_CR_20260417_2.txt")
    assert from_page.translated_from == "20260417"
    assert ja_comprehensive_rules.reissue_of(from_page) == 2
    assert sections(from_page) == sections(from_file)
    assert from_page.contents == from_file.contents
    rules = {s.cr_number: s for s in from_page.sections if s.cr_number}
    # The two examples came in one paragraph, after <br>.
    assert rules["101.3b"].examples == tuple(EXAMPLES["101.3b"])
    # The aside's "100.1." is not the rule: only the reading column is read.
    assert rules["100.1"].text == "このルールは架空のゲームのためのものである。"
    glossary = [(s.heading, s.text) for s in from_page.sections if s.parent == "glossary"]
    assert glossary == [
        ("統率者／Commander", "統率者戦で、デッキを率いる伝説のクリーチャー。rule 903.3 参照。"),
        ("次元コントローラー／Planar Controller", "プレインチェイス戦で、次元をコントロールするプレイヤー。"),
    ]
    assert not from_page.warnings


def test_rules_as_list_items_and_the_glossary_as_a_definition_list() -> None:
    page = (
        "<html><head><title>マジック総合ルール（和訳 20260619.0 版）</title></head><body><main>"
        "<p>前書き。</p><ol><li>1. ゲームの考え方</li><li>100. 総則</li>"
        "<li><b>100.1.</b> 最初のルール。<br>例：その例。</li><li>100.1a 細則。</li></ol>"
        "<h2>用語集</h2><dl><dt>次元コントローラー／Planar Controller</dt>"
        "<dd>プレインチェイス戦で、<em>次元</em>をコントロールするプレイヤー。<br>rule 901.6 参照。</dd></dl>"
        "<h2>クレジット</h2><p>翻訳チーム</p></main></body></html>"
    )
    document = ja_comprehensive_rules.parse(ja_cr_web.to_layout(page, source="p"), source="p")
    rules = {s.cr_number: s for s in document.sections if s.cr_number}
    assert (rules["100.1"].text, rules["100.1"].examples) == ("最初のルール。", ("その例。",))
    assert rules["100.1a"].parent == "r100-1"
    (entry,) = [s for s in document.sections if s.parent == "glossary"]
    assert entry.heading == "次元コントローラー／Planar Controller"
    assert entry.text == "プレインチェイス戦で、次元をコントロールするプレイヤー。\nrule 901.6 参照。"
    assert [s.text for s in document.sections if s.anchor == "credits"] == ["翻訳チーム"]


@pytest.mark.parametrize(
    ("page", "problem"),
    [
        ("<html><body><p>100.1. 本文。</p></body></html>", "no title"),
        (
            "<html><head><title>マジック総合ルール（和訳 20260619.0 版）</title></head><body></body></html>",
            "no text",
        ),
        ("<html><head><title>お知らせ</title></head><body><h1>メンテナンス中</h1></body></html>", "no title"),
    ],
)
def test_a_page_that_is_not_the_translation_is_refused(page: str, problem: str) -> None:
    with pytest.raises(ParseError, match=problem):
        ja_cr_web.to_layout(page, source="p")


def test_a_page_with_a_title_but_no_rules_is_refused_by_the_reader() -> None:
    page = ja_cr_page("20260619", RULES[:2])
    with pytest.raises(ParseError, match="no rule found"):
        ja_comprehensive_rules.parse(ja_cr_web.to_layout(page, source="p"), source="p")


@pytest.mark.corpus
def test_a_page_made_from_the_official_translation_reads_as_the_file_does() -> None:
    """The official 20260116.0 translation (its text read at run time, never committed), laid out as the
    publisher's page: every rule, example and glossary entry reads as from the text file."""
    if not OFFICIAL.is_file():
        pytest.fail(f"official translation not found at {OFFICIAL}")
    text = OFFICIAL.read_bytes().decode("utf-8-sig").replace("\r\n", "\n")
    from_file = ja_comprehensive_rules.parse(text, source=OFFICIAL.name)
    page = page_from_layout(text)
    from_page = ja_comprehensive_rules.parse(ja_cr_web.to_layout(page, source="0006836"), source="0006836")
    assert from_page.translated_from == "20260116"
    file_rules = {s.cr_number: (s.text, s.examples) for s in from_file.sections if s.cr_number}
    page_rules = {s.cr_number: (s.text, s.examples) for s in from_page.sections if s.cr_number}
    assert len(page_rules) > 3000
    assert page_rules == file_rules
    file_glossary = [s.text for s in from_file.sections if s.parent == "glossary"]
    page_glossary = [s.text for s in from_page.sections if s.parent == "glossary"]
    assert len(page_glossary) >= len(file_glossary) > 700
