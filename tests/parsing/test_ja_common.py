"""Tests for judge.parsing.ja_common and for what all five Japanese parsers share:
mutually exclusive sniffers, position-free anchors, and "random text gives a
document or a ParseError"."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.engine import rule_numbers
from judge.parsing import (
    ja_commander_rules,
    ja_common,
    ja_cr_excerpt,
    ja_dtc,
    ja_rules_viewer,
    ja_wiki_planechase,
)
from judge.parsing.corpus import read_text
from judge.parsing.records import DocSection, JaDocument, ParseError

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "ja"
MODULES: tuple[ModuleType, ...] = (
    ja_commander_rules, ja_cr_excerpt, ja_rules_viewer, ja_wiki_planechase, ja_dtc,
)  # fmt: skip
# Fixture file and real-corpus prefix of each module, in MODULES order.
FIXTURE_NAMES = (
    "000_commander_sample.txt",
    "001_cr_excerpt_sample.txt",
    "002_rules_viewer_sample.txt",
    "003_wiki_sample.txt",
    "004_dtc_sample.txt",
)
REAL_PREFIXES = ("000_", "001_", "002_", "003_", "004_")
CHROME = (
    "コメント",
    "←戻る",
    "広告",
    "Copyright",
    "©",
    "提供:MTG Wiki",
    "All rights reserved",
    "日記内を検索",
)


# Helpers used by the per-module test files (not tests themselves).


def fixture_text(name: str) -> str:
    return read_text(FIXTURES / name)


def real_file(real_corpus: Path, prefix: str) -> tuple[str, str]:
    """(file name, text) of the real Japanese corpus file starting with ``prefix``."""
    matches = sorted((real_corpus / "ja").glob(f"{prefix}*.txt"))
    assert len(matches) == 1, f"expected one ja/{prefix}*.txt in {real_corpus}, found {matches}"
    return matches[0].name, read_text(matches[0])


def section_strings(section: DocSection) -> list[str]:
    return [section.heading, section.text, *section.details, *section.examples, *section.notes]


def assert_clean(document: JaDocument) -> None:
    """No chrome in any section, no repeated section or line, anchors unique and parents known."""
    for section in document.sections:
        for value in section_strings(section):
            for token in CHROME:
                assert token not in value, (section.anchor, token, value[:80])
        lines = [line for line in section.text.split("\n") if line]
        assert len(lines) == len(set(lines)), section.anchor
    # Identical text under two different headings is genuine (DTC: the start- and end-of-turn steps
    # both say that such abilities trigger for the whole team); the same heading and text twice is not.
    texts = [(s.heading, s.text) for s in document.sections if s.text]
    assert len(texts) == len(set(texts))
    long_texts = [s.text for s in document.sections if len(s.text) > 40]
    assert len(long_texts) == len(set(long_texts))
    anchors = [s.anchor for s in document.sections]
    assert len(anchors) == len(set(anchors))
    assert all(s.parent in anchors for s in document.sections if s.parent is not None)
    assert all(len(a) <= ja_common.MAX_ANCHOR and a and not any(c.isspace() for c in a) for a in anchors)


def by_anchor(document: JaDocument) -> dict[str, DocSection]:
    return {s.anchor: s for s in document.sections}


def by_cr(document: JaDocument) -> dict[str, DocSection]:
    return {s.cr_number: s for s in document.sections if s.cr_number}


# ja_common itself.


@pytest.mark.parametrize(
    ("left", "right", "joined"),
    [
        ("rule", "810", "rule 810"),
        ("(", "rule 810", "(rule 810"),
        ("rule 810", "参照)", "rule 810参照)"),
        ("プレイヤー", "/each player」", "プレイヤー/each player」"),
        ("グ", "ループ", "グループ"),
        ("networks,", "Inc", "networks, Inc"),
        ("", "チーム", "チーム"),
    ],
)
def test_join_tokens(left: str, right: str, joined: str) -> None:
    assert ja_common.join_tokens(left, right) == joined


def test_close_cjk_gaps_keeps_spaces_next_to_ascii() -> None:
    assert ja_common.close_cjk_gaps("統率 領域 と 追放 領域") == "統率領域と追放領域"
    assert ja_common.close_cjk_gaps("rule 109 参照、rule 614.5 の例外") == "rule 109 参照、rule 614.5 の例外"
    assert ja_common.close_cjk_gaps("大乱闘戦　プレインチェイス戦") == "大乱闘戦プレインチェイス戦"


def test_heading_slug_is_nfkc_stable() -> None:
    assert ja_common.heading_slug("ＤＴＣ：ソース") == ja_common.heading_slug("DTC:ソース") == "dtc-ソース"
    assert ja_common.heading_slug("ｶｰﾄﾞ") == ja_common.heading_slug("カード") == "カード"
    assert ja_common.heading_slug("!!!") == ja_common.hash_anchor("!!!")
    long = "あ" * 100
    assert len(ja_common.heading_slug(long)) <= ja_common.MAX_ANCHOR
    assert ja_common.heading_slug(long) == ja_common.heading_slug(long)


def test_unique_anchor_salts_by_context_not_position() -> None:
    used: set[str] = set()
    first = ja_common.unique_anchor("misc", used, "")
    second = ja_common.unique_anchor("misc", used, "faq")
    assert first == "misc" and second != "misc"
    assert second == ja_common.unique_anchor("misc", {"misc"}, "faq")


def test_cr_anchor_and_parent() -> None:
    assert ja_common.cr_anchor("805.10a") == "r805-10a"
    assert rule_numbers.parent("805.10a") == "805.10"
    assert rule_numbers.parent("805.10") == "805"


def test_chrome_lines() -> None:
    for line in ("←戻る", "0 件のコメント :", "© 1999-2025", "Copyright 2020 x", "コメントを投稿", "広告"):
        assert ja_common.is_chrome_line(line), line
    for line in ("統率者のコメントについて", "広く使われる", "ゲームルール"):
        assert not ja_common.is_chrome_line(line), line
    assert ja_common.cut_trailing_chrome(["a", "b", "コメント", "c"]) == ["a", "b"]


# The five sniffers and parsers together.


@pytest.mark.parametrize(("index", "name"), list(enumerate(FIXTURE_NAMES)))
def test_exactly_one_sniffer_claims_each_fixture(index: int, name: str) -> None:
    text = fixture_text(name)
    assert [m.sniff(text) for m in MODULES] == [i == index for i in range(len(MODULES))]


@pytest.mark.parametrize(("module", "name"), list(zip(MODULES, FIXTURE_NAMES, strict=True)))
def test_fixture_documents_are_clean(module: ModuleType, name: str) -> None:
    document = module.parse(fixture_text(name), source=name)
    assert document.slug == module.SLUG and document.source == name
    assert_clean(document)


@pytest.mark.parametrize(("module", "name"), list(zip(MODULES, FIXTURE_NAMES, strict=True)))
def test_parse_is_deterministic_and_accepts_crlf_and_bom(module: ModuleType, name: str) -> None:
    text = fixture_text(name)
    plain = module.parse(text, source=name)
    windows = module.parse("\ufeff" + text.replace("\n", "\r\n"), source=name)
    assert plain == windows


def test_unknown_text_is_claimed_by_no_sniffer() -> None:
    for text in (
        "",
        "hello\n1. a\n2. b\n3. c\n詳細:\n",
        "今日はいい天気です。\n明日も晴れ。",
        "903.8. English only\n" * 5,
    ):
        assert not any(m.sniff(text) for m in MODULES), text


@pytest.mark.corpus
def test_exactly_one_sniffer_claims_each_real_file(real_corpus: Path) -> None:
    for index, prefix in enumerate(REAL_PREFIXES):
        _, text = real_file(real_corpus, prefix)
        assert [m.sniff(text) for m in MODULES] == [i == index for i in range(len(MODULES))], prefix
    for path in sorted((real_corpus / "en").glob("*.txt")):
        text = read_text(path)
        assert not any(m.sniff(text) for m in MODULES), path.name


@pytest.mark.corpus
@pytest.mark.parametrize(("module", "prefix"), list(zip(MODULES, REAL_PREFIXES, strict=True)))
def test_real_documents_are_clean(real_corpus: Path, module: ModuleType, prefix: str) -> None:
    name, text = real_file(real_corpus, prefix)
    document = module.parse(text, source=name)
    assert document.slug == module.SLUG and document.lang == "ja"
    assert_clean(document)
    assert all(section.line >= 1 for section in document.sections)


# Random text: a JaDocument or a ParseError, never anything else.

FRAGMENTS = (
    "", "  1. 統率者を選ぶ。", "  2. 二つ目", "11. 禁止リスト", "    詳細:", "    例:", "    • 点",
    "    デッキ構築ルール", "最終更新:2021年9月13日", "原文:x", "903.8. 本文。", "800.4a 本文", "800. 総則",
    "8. 章", "例:見本", "⇒注", "――――――――――", "805.1", "805.", "8.", "rule", "101.4", "チーム",
    "MJMJ訳 20231117.0", "最終同期:", "2025/01/17", "総合ルールビューア", "© 1999", "- 901.1 本文",
    "- 901.1a 本文", "- 9 章", "- 901 章", "- 箇条", "引用:総合ルール 20231117.0", "目次 |", "提供:MTG Wiki",
    "参考", "選択ルール", "関連カード", "2020/06/16 第5版", "2019/09/19 初版", "・項目", "《カード》",
    "はじめに", "統率者", "統率者税", "その他", "詳細Q&A", "■カード文", "本文です - 次",
    "本文です。基本ルール", "例)見本", "コメント", "←戻る", "DTC", "デュエマ",
)  # fmt: skip
LINES = st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=30))
TEXTS = st.one_of(st.lists(LINES, max_size=40).map("\n".join), st.text(max_size=200))


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=TEXTS)
def test_random_text_gives_a_document_or_a_parse_error(module: ModuleType, text: str) -> None:
    try:
        document = module.parse(text, source="random.txt")
    except ParseError as err:
        assert err.source == "random.txt"
        return
    assert isinstance(document, JaDocument)
    assert document.sections
    anchors = [s.anchor for s in document.sections]
    assert len(anchors) == len(set(anchors))
