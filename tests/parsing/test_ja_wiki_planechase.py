"""Tests for judge.parsing.ja_wiki_planechase: an invented wiki page, then the real file."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.parsing import ja_wiki_planechase
from judge.parsing.records import DocKind, JaDocument, ParseError
from tests.parsing.test_ja_common import by_anchor, by_cr, fixture_text, real_file

NAME = "003_wiki_sample.txt"


@pytest.fixture(scope="module")
def sample() -> JaDocument:
    return ja_wiki_planechase.parse(fixture_text(NAME), source=NAME)


def test_document_fields(sample: JaDocument) -> None:
    assert sample.slug == "planechase-wiki" == ja_wiki_planechase.SLUG
    assert sample.kind is DocKind.PROSE
    assert (sample.title_ja, sample.title_en) == ("アーチエネミー戦（wiki）", "Archenemy (MTG Wiki)")
    assert sample.credit == "MTG Wiki"  # 提供
    assert sample.translated_from == "20240101"
    assert sample.meta == (("cr_quote", "総合ルール 20240101.0"),)


def test_prose_sections(sample: JaDocument) -> None:
    prose = [(s.anchor, s.heading, s.parent) for s in sample.sections if s.cr_number is None]
    assert prose == [
        ("intro", "アーチエネミー戦", None),
        ("構築ルール", "構築ルール", None),
        ("ゲームルール", "ゲームルール", None),
        ("選択ルール", "選択ルール", None),
        ("協力魔王戦", "協力魔王戦", "選択ルール"),  # under the heading that has no text of its own
        ("大乱闘魔王戦", "大乱闘魔王戦", "選択ルール"),
        ("関連カード", "関連カード", None),  # a usual top-level heading closes the group
        ("参考", "参考", None),  # the wiki's see-also list
        ("cr-quote", "引用:総合ルール 20240101.0", None),
    ]
    sections = by_anchor(sample)
    assert sections["intro"].text == (
        "アーチエネミー戦/Archenemyは見本のための変種ルール。ここに書いた説明は創作である。"
        "\n昔は別の名前で呼ばれていた。"
    )
    assert sections["構築ルール"].text.split("\n") == [
        "魔王役のプレイヤーは計略デッキを用意する。", "- 計略デッキは20枚以上。", "- 同じカードは2枚まで。",
    ]  # fmt: skip
    assert sections["選択ルール"].text == ""
    assert sections["関連カード"].text == "- 見本のカード/Sample Card"
    assert sections["参考"].text == "- 多人数戦\n- フォーマット"


def test_quoted_rules(sample: JaDocument) -> None:
    quoted = [(s.cr_number, s.anchor, s.parent, s.heading) for s in sample.sections if s.cr_number]
    assert quoted == [
        ("9", "r9", "cr-quote", "カジュアル変種ルール"),
        ("904", "r904", "r9", "アーチエネミー戦"),
        ("904.1", "r904-1", "r904", "アーチエネミー戦"),
        ("904.2", "r904-2", "r904", "アーチエネミー戦"),
        ("904.2a", "r904-2a", "r904-2", "アーチエネミー戦"),
        ("904.3", "r904-3", "r904", "アーチエネミー戦"),
    ]  # the repeated "- 904 ..." at the end is dropped
    assert by_cr(sample)["904.2a"].text == "計略デッキは統率領域に置く。"  # link gap closed


def test_wiki_chrome_is_dropped(sample: JaDocument) -> None:
    everything = "\n".join(s.heading + "\n" + s.text for s in sample.sections)
    for chrome in ("提供", "目次", "編集", "カテゴリ", "案内", "ログイン"):
        assert chrome not in everything


def test_anchors_do_not_depend_on_position() -> None:
    text = fixture_text(NAME)
    full = ja_wiki_planechase.parse(text, source=NAME)
    shorter = ja_wiki_planechase.parse(
        text.replace("ゲームルール\n魔王は最初のターンに計略を1枚実行する。\n", ""), source=NAME
    )
    assert [s.anchor for s in full.sections if s.anchor != "ゲームルール"] == [
        s.anchor for s in shorter.sections
    ]


def test_errors() -> None:
    with pytest.raises(ParseError, match="different text") as err:
        ja_wiki_planechase.parse(
            "題\n引用:総合ルール 20200101.0\n- 901.1 一。\n- 901.1 二。\n", source="x.txt"
        )
    assert err.value.line == 4
    with pytest.raises(ParseError, match="not a rule"):
        ja_wiki_planechase.parse("題\n引用:総合ルール 20200101.0\n- 901.1 一。\n- 箇条\n", source="x.txt")
    with pytest.raises(ParseError, match="no headings or quoted rules"):
        ja_wiki_planechase.parse("題だけ\n提供:MTG Wiki\n", source="x.txt")


@pytest.mark.corpus
def test_real_file(real_corpus: Path) -> None:
    name, text = real_file(real_corpus, "003_")
    document = ja_wiki_planechase.parse(text, source=name)
    sections = by_anchor(document)
    rules = by_cr(document)
    assert len(document.sections) == 44
    assert (document.title_ja, document.title_en, document.credit) == (
        "プレインチェイス戦（wiki）", "Planechase (MTG Wiki)", "MTG Wiki",
    )  # fmt: skip
    assert document.translated_from == "20231117"
    assert [(s.heading, s.parent) for s in document.sections if s.cr_number is None] == [
        ("プレインチェイス戦", None),
        ("構築ルール", None),
        ("ゲームルール", None),
        ("選択ルール", None),
        ("単一次元デッキ", "選択ルール"),
        ("双頭巨人戦プレインチェイス戦", "選択ルール"),
        ("大乱闘戦プレインチェイス戦", "選択ルール"),
        ("関連カード", None),
        ("参考", None),
        ("引用:総合ルール 20231117.0", None),
    ]
    assert len(rules) == 34 and list(rules)[:3] == ["9", "901", "901.1"]
    assert {"901.9", "901.9a", "901.9d", "901.11c", "901.15c"} <= set(rules)
    assert rules["901.9a"].parent == "r901-9" and rules["901.9"].parent == "r901"
    assert rules["9"].parent == "cr-quote" and rules["901"].parent == "r9"
    assert rules["901.9a"].text.startswith("次元ダイスの目が無地の場合")
    assert rules["901.9"].line == 72 and rules["901.9a"].line == 73
    assert "次元コントローラー" in rules["901.6"].text and "次元 コントローラー" not in rules["901.6"].text
    assert "(rule 103.7 参照)" in rules["901.5"].text
    assert sections["構築ルール"].text.count("\n- ") == 4
    assert sections["関連カード"].text.count("\n- ") == 7
    assert sections["選択ルール"].text == ""
    everything = "\n".join(s.heading + "\n" + s.text for s in document.sections)
    for chrome in ("提供:MTG Wiki", "目次", "カテゴリ"):
        assert chrome not in everything
    assert sections["参考"].text.count("- ") == 6 and "- ルーリング" in sections["参考"].text
