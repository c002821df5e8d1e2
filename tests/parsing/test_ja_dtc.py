"""Tests for judge.parsing.ja_dtc: an invented house-rules page in the same layout, then the real file."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.parsing import ja_common, ja_dtc
from judge.parsing.records import DocKind, Game, JaDocument, ParseError
from tests.parsing.test_ja_common import by_anchor, fixture_text, real_file

NAME = "004_dtc_sample.txt"

# Section anchors the engine cites as "dtc:<anchor>" (judge/engine: board, tracker, leave_game, dm).
ENGINE_ANCHORS = ("basic-rules", "win-loss", "setup", "commander-tax", "commander", "main-deck", "banned")


@pytest.fixture(scope="module")
def sample() -> JaDocument:
    return ja_dtc.parse(fixture_text(NAME), source=NAME)


def test_document_fields(sample: JaDocument) -> None:
    assert sample.slug == "dtc" == ja_dtc.SLUG
    assert sample.kind is DocKind.HOUSE_RULES and sample.game is Game.DUEL_MASTERS
    # Named as Duel Masters material whatever the page calls itself (its heading stays in meta).
    assert (sample.title_ja, sample.title_en) == (
        "デュエマ・タッグ・コマンダー ハウスルール", "Duel Masters Tag Commander (DTC) house rules",
    )  # fmt: skip
    assert sample.meta == (
        ("heading", "ペア・コマンダーとは"),
        ("edition", "第3版"),
        ("revised", "2021/03/15"),
    )
    assert (sample.date, sample.date_label) == ("2021-03-15", "edition")


def test_sections(sample: JaDocument) -> None:
    shield = ja_common.hash_anchor("シールドゾーン")  # not under 初期配置 here: an unknown heading
    assert [(s.anchor, s.heading, s.parent) for s in sample.sections] == [
        ("intro", "はじめに", None),
        ("history", "改訂履歴", None),
        ("overview", "概要", None),
        ("deck-rules", "デッキルール", None),
        ("commander", "統率者", "deck-rules"),
        ("main-deck", "メインデッキ", "deck-rules"),
        ("basic-rules", "基本ルール", None),
        (shield, "シールドゾーン", None),
        ("win-loss", "勝利/敗北条件", None),  # glued to the end of the paragraph above
        ("commanders", "統率者", None),  # the same heading at top level: another anchor
        ("commander-tax", "統率者税", "commanders"),
        ("revolution-change-invasion", "革命チェンジと侵略", "commander-tax"),
        ("effect-scope", "効果の対象と範囲", None),
        ("effects-each-player", "対象を選ばない効果または各プレイヤーへの効果", "effect-scope"),
        ("misc", "その他", None),
    ]
    assert shield.startswith("sec-") and len(shield) == 12


def test_history_is_one_section_without_repeats(sample: JaDocument) -> None:
    history = by_anchor(sample)["history"]
    assert history.line == 5
    assert history.text.split("\n") == [
        "2021/01/10 初版",
        "2021/02/01 第2版",
        "- 「山札は50枚」を追記",  # "・" items are list items
        "2021/03/15 第3版",
        "- 禁止カードを追加 《見本ドラゴン》",
    ]


def test_glued_lines_are_split(sample: JaDocument) -> None:
    sections = by_anchor(sample)
    # The text glued before the next bullet is a note on the item above it (indented), not an item.
    assert sections["overview"].text.split("\n") == [
        "- 2人対2人のチーム戦", "  (3人チームでも遊べます)", "- チームごとに盤面は分かれます",
    ]  # fmt: skip
    assert sections[ja_common.hash_anchor("シールドゾーン")].text == "シールドは6枚置きます。"


def test_repeats_stay_in_the_deepest_section(sample: JaDocument) -> None:
    sections = by_anchor(sample)
    assert sections["commander-tax"].text == "例えとして3回目なら4多く払います。"
    assert sections["revolution-change-invasion"].text.split("\n") == [
        "踏み倒しでも2回目からは税がかかります。", "統率領域から出すたびに2ずつ重くなります。",
    ]  # fmt: skip
    assert sections["misc"].text == "- 見本の補足です"


def test_a_remark_after_an_item_is_a_note_on_it(sample: JaDocument) -> None:
    assert by_anchor(sample)["commander"].text.split("\n") == [
        "- 統率者はクリーチャー1枚", "- 文明が全部そろったカードは選べません", "  レア以上なら何でもよいね",
    ]  # fmt: skip


def test_card_text_is_split_from_its_commentary_and_explanations_follow_their_card(
    sample: JaDocument,
) -> None:
    assert by_anchor(sample)["effects-each-player"].text.split("\n") == [
        "全員に効く効果の見本です。",
        "■クリーチャーを1体破壊する。",
        "(※見本の注記)",
        # The page pasted this explanation before the card text too: the copy after its card is kept.
        "■このクリーチャーのコストを1少なくする。",
        "《見本ボルト》の説明です。",
        "この《見本ボルト》の場合は自分だけを数えます。",
        "■相手は攻撃できない。",
        "余談ですが見本の余談です。",
    ]


def test_examples(sample: JaDocument) -> None:
    main = by_anchor(sample)["main-deck"]
    assert main.examples == ("火の統率者なら、火のカードだけで組みます。",)
    assert main.text == "- 山札は50枚で組みます"


def test_comment_box_and_copyright_are_dropped(sample: JaDocument) -> None:
    assert sample.sections[-1].anchor == "misc"
    assert all("コメント" not in s.text and "Copyright" not in s.text for s in sample.sections)


def test_anchors_do_not_depend_on_position() -> None:
    text = fixture_text(NAME)
    full = ja_dtc.parse(text, source=NAME)
    without_intro = text.replace(
        "はじめに\nうちのサークルで遊んでいるデュエマの変則ルールです。\n二人一組で戦うのが特徴です。\n",
        "概要前\n",
    )
    shorter = ja_dtc.parse(without_intro, source=NAME)
    assert [s.anchor for s in full.sections[1:]] == [s.anchor for s in shorter.sections[1:]]


def test_errors() -> None:
    with pytest.raises(ParseError, match="before the first heading") as err:
        ja_dtc.parse("題\nこれは文です。\n", source="x.txt")
    assert err.value.line == 2
    with pytest.raises(ParseError, match="no headings"):
        ja_dtc.parse("題\n2020/01/01 初版\n・項目\n", source="x.txt")


@pytest.mark.corpus
def test_real_file(real_corpus: Path) -> None:
    name, text = real_file(real_corpus, "004_")
    document = ja_dtc.parse(text, source=name)
    sections = by_anchor(document)
    assert len(document.sections) == 49
    assert dict(document.meta) == {
        "heading": "タッグ・コマンダーとは",
        "edition": "第5版",
        "revised": "2020/06/16",
    }
    assert document.title_ja == "デュエマ・タッグ・コマンダー ハウスルール" and document.date == "2020-06-16"
    assert set(ENGINE_ANCHORS) <= set(sections)
    assert not any(anchor.startswith("sec-") for anchor in sections)  # every heading is a known one
    assert [s.anchor for s in document.sections if s.parent == "commander-tax"] == [
        "revolution-change-invasion", "revolution-0-trigger", "saavark", "ninja-strike",
    ]  # fmt: skip
    assert sections["commander"].parent == "deck-rules" and sections["commanders"].parent is None
    assert sections["misc"].heading == sections["variants"].heading == "その他"
    assert [s.anchor for s in document.sections if s.parent == "variants"] == ["dtb", "dtcs"]

    history = sections["history"].text.split("\n")
    assert [line for line in history if not line.startswith("- ")] == [
        "2019/09/19 初版", "2019/09/20 第2版", "2019/10/23 第3版", "2020/06/05 第4版", "2020/06/16 第5版",
    ]  # fmt: skip
    assert len(history) == 11 and len(set(history)) == 11
    assert history[-1] == "- 禁止カードを追加 《レアリティ・レジスタンス》"
    assert not any("初版" in s.text for s in document.sections if s.anchor != "history")

    # 統率者税 repeats its sub-sections' text on the page: here each line is kept once, in the sub-section.
    tax = sections["commander-tax"].text.split("\n")
    assert len(tax) == 12 and tax[-1].startswith("どれだけコストを軽減しても")
    below = {line for s in document.sections if s.parent == "commander-tax" for line in s.text.split("\n")}
    assert not below & set(tax)
    assert len(sections["revolution-0-trigger"].text.split("\n")) == 8

    assert sections["shield-zone"].text.endswith("7枚にします。")  # "基本ルール" split off its end
    assert sections["basic-rules"].text.startswith("- 多対多で行うタッグ・チーム戦です")
    assert len(sections["win-loss"].text.split("\n")) == 4
    assert len(sections["main-deck"].examples) == 2
    basics = sections["deck-basics"].text.split("\n")
    assert [line[:7] for line in basics] == [
        "- シングルト",
        "  デッキに同",
        "- メインデッ",
        "  GR、超次",
    ]  # notes on items
    # Card text boxes stand apart from the commentary glued after them; the 《ボントボルト》 explanation
    # follows the card text it explains (the page pasted it before the card too).
    each = sections["effects-each-player"].text.split("\n")
    box = next(i for i, line in enumerate(each) if line.startswith("■このクリーチャーの召喚コストを"))
    assert each[box].endswith("ならない。") and each[box + 1].startswith("《ボントボルト》の軽減効果")
    assert (
        each[box + 4].startswith("ですのでこの《ボントボルト》")
        and sum("ボントボルト》の場合" in x for x in each) == 1
    )
    assert all(
        line.startswith("■") or "■" not in line for s in document.sections for line in s.text.split("\n")
    )
    assert sections["effect-scope"].text == "" and sections["commanders"].text == ""
    assert sections["closing"].text.endswith("♪")
