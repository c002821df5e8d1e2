"""Tests for judge.parsing.ja_cr_excerpt: an invented blog excerpt in the same layout, then the real file."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.parsing import ja_cr_excerpt
from judge.parsing.records import DocKind, JaDocument, ParseError
from tests.parsing.test_ja_common import by_cr, fixture_text, real_file

NAME = "001_cr_excerpt_sample.txt"


@pytest.fixture(scope="module")
def sample() -> JaDocument:
    return ja_cr_excerpt.parse(fixture_text(NAME), source=NAME)


def test_document_fields(sample: JaDocument) -> None:
    assert sample.slug == "cr-excerpt-ja" == ja_cr_excerpt.SLUG
    assert sample.kind is DocKind.CR_TRANSLATION
    assert (sample.title_ja, sample.title_en) == (
        "総合ルール（抜粋・日本語）",
        "Comprehensive Rules (excerpt, Japanese)",
    )
    assert sample.translated_from is None  # the post does not say which CR it quotes


def test_numbers_anchors_parents(sample: JaDocument) -> None:
    assert [(s.cr_number, s.anchor, s.parent, s.line) for s in sample.sections] == [
        (None, "intro", None, 1),  # the post's own words before the excerpt
        ("103", "r103", None, 8),
        ("103.2", "r103-2", "r103", 10),
        ("103.2c", "r103-2c", "r103-2", 12),
        ("8", "r8", None, 15),
        ("800", "r800", "r8", 17),
        ("800.1", "r800-1", "r800", 19),
        ("800.4a", "r800-4a", "r800", 21),  # 800.4 is not quoted: the nearest quoted rule above
        ("903", "r903", None, 27),  # chapter 9 is not quoted
        ("903.8", "r903-8", "r903", 28),
        ("903.9", "r903-9", "r903", 31),
    ]


def test_headings_are_section_titles(sample: JaDocument) -> None:
    rules = by_cr(sample)
    assert rules["800"].heading == rules["800"].text == "総則"
    assert rules["800.4a"].heading == "総則"
    assert rules["903.8"].heading == "統率者戦"


def test_examples_and_notes_attach_to_their_rule(sample: JaDocument) -> None:
    rules = by_cr(sample)
    assert rules["800.4a"].examples == (
        "アンナの呪文でボブのクリーチャーを奪っていた。アンナが抜けたら、それはボブに戻る。",
        "ボブが抜けたら、そのクリーチャーも取り除かれる。",
    )
    assert rules["103.2c"].notes == ("ブロールの二人戦では25点",)
    assert rules["903.8"].notes == ("見本の注記",)
    assert all(not s.examples for s in sample.sections if s.cr_number != "800.4a")


def test_text_is_cleaned(sample: JaDocument) -> None:
    rules = by_cr(sample)
    assert rules["903.8"].text.startswith("統率領域にいる統率者は")  # link gap closed
    assert rules["800.4a"].text.endswith("(rule 109 参照)。")  # space next to ASCII kept
    everything = "".join(s.text + "".join(s.examples) for s in sample.sections)
    for chrome in ("――", "コメント", "日記"):
        assert chrome not in everything


def test_the_introduction_says_what_the_excerpt_leaves_out(sample: JaDocument) -> None:
    intro = sample.sections[0]
    assert (intro.anchor, intro.heading, intro.cr_number) == ("intro", "", None)
    assert intro.text.split("\n") == [
        "前回の続きです。",
        "今日はいくつかの項目を抜き出してみます。",
        "例:おまけの話はしません",
    ]


def test_without_separator_the_excerpt_starts_at_the_first_rule() -> None:
    document = ja_cr_excerpt.parse("800.1. 一。\n800.2. 二。\n⇒注\n", source="x.txt")
    assert [(s.cr_number, s.notes) for s in document.sections] == [("800.1", ()), ("800.2", ("注",))]


def test_errors() -> None:
    with pytest.raises(ParseError, match="no Comprehensive Rules paragraphs"):
        ja_cr_excerpt.parse("前置き\n――――――――\n800. 総則\n", source="x.txt")
    with pytest.raises(ParseError, match="800.1 appears twice") as err:
        ja_cr_excerpt.parse("800.1. 一。\n800.1. 二。\n", source="x.txt")
    assert err.value.line == 2
    with pytest.raises(ParseError, match="before the first rule"):
        ja_cr_excerpt.parse("――――――――\n前置きの続き\n800.1. 一。\n", source="x.txt")


@pytest.mark.corpus
def test_real_file(real_corpus: Path) -> None:
    name, text = real_file(real_corpus, "001_")
    document = ja_cr_excerpt.parse(text, source=name)
    rules = by_cr(document)
    assert len(document.sections) == 52
    assert {"103", "103.3", "103.3c", "8", "800", "800.4", "800.4a", "800.4k", "802", "802.6", "903", "903.8",
            "903.9", "903.9a"} <= set(rules)  # fmt: skip
    assert "800.7" not in rules and "801" not in rules
    # The excerpt prints four examples under 800.4a (the English CR has four too).
    assert len(rules["800.4a"].examples) == 4
    assert all(e.startswith("アレックス") for e in rules["800.4a"].examples)
    assert len(rules["800.4d"].examples) == 1
    assert (rules["800.4a"].parent, rules["800.4"].parent, rules["800"].parent) == ("r800-4", "r800", "r8")
    assert rules["903.9"].text.startswith("統率者がどこかから") and rules["903.9"].line == 132
    assert "統率領域" in rules["903.8"].text and "統率 領域" not in rules["903.8"].text
    assert "(rule 109 参照)" in rules["800.4a"].text
    assert rules["103.3c"].notes and rules["103.3c"].notes[0].startswith("Brawl")
    assert rules["903.5a"].notes == ("Brawlは60枚です。",)
    assert [s.cr_number for s in document.sections if s.notes] == ["103.3c", "903.5a", "903.7"]
    assert rules["802"].heading == "「複数への攻撃」選択ルール" == rules["802.4b"].heading
    assert document.sections[1].cr_number == "103" and document.sections[1].line == 11
    intro = document.sections[0]
    assert intro.anchor == "intro" and intro.line == 1 and len(intro.text.split("\n")) == 5
    assert "割愛" in intro.text  # the post says it leaves rules out: a reader needs that
