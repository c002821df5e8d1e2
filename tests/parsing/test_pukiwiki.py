"""Tests for judge.parsing.pukiwiki: small page sources written here, then the two fixtures that mirror the
Duel Masters Wiki's list of the cards that start the game in the battle zone and 《滅亡の起源 零無》's
layout, checked against ``rules_data/dm_battle_zone_start.tsv`` with the deck check's own matcher."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.engine.dm_cards import starts_in_battle_zone
from judge.engine.rules_data import default_battle_zone_start
from judge.parsing import pukiwiki
from judge.parsing.pukiwiki import LineKind, WikiLink
from judge.parsing.records import ParseError

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "dmwiki"
AUTHOR = '#author("2024-01-01T00:00:00+09:00","","")\n'


def page_of(body: str) -> pukiwiki.WikiPage:
    return pukiwiki.parse(AUTHOR + "*題 [#t]\n" + body, source="page.txt")


def fixture(name: str) -> pukiwiki.WikiPage:
    return pukiwiki.parse((FIXTURES / name).read_text(encoding="utf-8"), source=name)


# --- The format -------------------------------------------------------------------------------------------


def test_lines_are_read_by_their_markers() -> None:
    page = page_of(
        "前書き。\n**節 [#s]\n-一\n--一の下\n+番号\n----\n|表|c\n|[[《甲》]]|乙|\n"
        "// 注記\n#contents\n\n本文。\n"
    )
    assert [(line.kind, line.level, line.text) for line in page.lines] == [
        (LineKind.HEADING, 1, "題"),
        (LineKind.TEXT, 0, "前書き。"),
        (LineKind.HEADING, 2, "節"),
        (LineKind.ITEM, 1, "一"),
        (LineKind.ITEM, 2, "一の下"),
        (LineKind.ITEM, 1, "番号"),
        (LineKind.TABLE, 0, "表"),  # the row's format letter (c) is not a cell
        (LineKind.TABLE, 0, "《甲》|乙"),
        (LineKind.TEXT, 0, "本文。"),
    ]  # the rule (----), the comment and the plugin say nothing


def test_links_name_their_page_and_label() -> None:
    [line] = page_of("-[[《甲》]]、[[乙だ>《乙》#a1]]、[[用語]]、[[#top]]、[[こちら>用語#b]]\n").lines[1:]
    assert line.links == (
        WikiLink(page="《甲》", label="《甲》"),
        WikiLink(page="《乙》", label="乙だ"),
        WikiLink(page="用語", label="用語"),
        WikiLink(page="用語", label="こちら"),
    )  # a link within the page (#top) is no page
    assert line.cards == ("甲", "乙")
    assert line.text == "《甲》、乙だ、用語、#top、こちら"


def test_ruby_is_read_and_shown() -> None:
    assert pukiwiki.plain("&ruby(ゼロム){零無};の''名''&br;") == ("零無の名", "ゼロムの名")
    page = pukiwiki.parse(AUTHOR + "*《&ruby(めつぼう){滅亡};の&ruby(きげん){起源};》 [#x]\n", source="p.txt")
    assert (page.title, page.title_reading) == ("滅亡の起源", "めつぼうのきげん")


def test_the_first_list_stops_at_the_first_line_that_is_not_an_item() -> None:
    page = page_of("-[[《甲》]]\n--[[《下》]]\n-[[《乙》]]\n本文\n-[[《丙》]]\n")
    assert [item.cards for item in pukiwiki.first_list(page)] == [("甲",), ("乙",)]
    assert pukiwiki.cards_linked(page.lines) == ("甲", "下", "乙", "丙")
    assert pukiwiki.first_list(page_of("本文だけ\n")) == ()


def test_the_revision_is_the_author_date() -> None:
    page = page_of("")
    assert (page.revision, page.revision_date) == ("2024-01-01T00:00:00+09:00", "2024-01-01")


# --- Malformed input: a clear error naming the file and line, nothing read --------------------------------


@pytest.mark.parametrize(
    ("text", "line", "problem"),
    [
        ("*題\n-[[《甲》]]\n", None, "no #author line: not a PukiWiki page source"),
        (AUTHOR + AUTHOR + "*題\n", 2, "more than one #author line: a diff of two revisions"),
        ('#author("yesterday")\n*題\n', 1, "the #author date 'yesterday' is not ISO 8601"),
        (AUTHOR + "本文だけ\n", None, "no heading (*title): not a wiki page"),
        (AUTHOR + "*題\n-[[《甲》\n", 3, "a link is not closed on its line ([[ without ]])"),
        (AUTHOR + "*題\n-《甲》]]\n", 3, "a link is not closed on its line"),
        (AUTHOR + "*題\n-[[甲[[乙]]\n", 3, "a link inside a link"),
        (AUTHOR + "*題\n-[[ ]]\n", 3, "a link names no page"),
        (AUTHOR + "*題\n-[[《 》]]\n", 3, "a card link names no card (《》)"),
        (AUTHOR + "*題\n-[[" + "長" * 301 + "]]\n", 3, "a link longer than 300 characters"),
    ],
)
def test_malformed_pages_are_refused_with_the_line(text: str, line: int | None, problem: str) -> None:
    with pytest.raises(ParseError) as err:
        pukiwiki.parse(text, source="bad.txt")
    assert (err.value.source, err.value.line) == ("bad.txt", line)
    assert err.value.problem.startswith(problem)


def test_input_is_bounded() -> None:
    with pytest.raises(ParseError, match="more than 2000000 bytes"):
        pukiwiki.parse(AUTHOR + "*題\n" + "あ" * 700_000, source="big.txt")
    with pytest.raises(ParseError, match="more than 50000 lines"):
        pukiwiki.parse(AUTHOR + "*題\n" + "\n" * 50_000, source="long.txt")


# --- The fixtures against rules_data/dm_battle_zone_start.tsv ----------------------------------------------


def test_the_list_page_fixture_reads_four_sets_and_the_sides_they_flip_to() -> None:
    page = fixture("start_of_game_list.txt")
    assert (page.title, page.revision) == (
        "ゲーム開始時にバトルゾーンに存在出来るカード",
        "2022-07-03T00:35:18+09:00",
    )
    assert [item.cards[0] for item in pukiwiki.first_list(page)] == [
        "禁断〜封印されしX〜",
        "FORBIDDEN STAR〜世界最後の日〜",
        "滅亡の起源 零無",
        "Forbidden New Year",
    ]
    assert pukiwiki.cards_linked(page.lines)[4:] == (
        "伝説の禁断 ドキンダムX",
        "終焉の禁断 ドルマゲドンX",
        "零龍",
    )


@pytest.mark.parametrize("name", ["start_of_game_list.txt", "zeromu_layout.txt"])
def test_every_card_the_wiki_lists_is_on_the_list_the_deck_check_uses(name: str) -> None:
    page = fixture(name)
    cards = pukiwiki.cards_linked(page.lines)
    assert len(cards) >= 5
    unmatched = [card for card in (page.title, *cards) if starts_in_battle_zone(card) is None]
    if name == "start_of_game_list.txt":
        unmatched.remove(page.title)  # the list page's title is no card
    assert unmatched == []


def test_the_four_zeron_nebulae_are_exact_names_from_the_zeromu_page() -> None:
    page = fixture("zeromu_layout.txt")
    nebulae = [card for card in pukiwiki.cards_linked(page.lines) if card.endswith("の儀")]
    assert set(nebulae) == {"手札の儀", "墓地の儀", "破壊の儀", "復活の儀"} and len(nebulae) == 4
    for card in nebulae:
        row = starts_in_battle_zone(card)
        assert row is not None and (row.name, row.contains, row.source) == (card, False, "zeromu")
    assert "2022-07-27T18:47:14+09:00" in default_battle_zone_start().sources["zeromu"]


def test_zeromu_is_found_by_the_reading_its_page_gives() -> None:
    page = fixture("zeromu_layout.txt")
    assert page.title_reading == "めつぼうのきげん ゼロム"
    row = starts_in_battle_zone(page.title_reading)
    assert row is not None and row.name == page.title == "滅亡の起源 零無"


def test_the_lists_header_names_the_page_and_the_revision_it_follows() -> None:
    page = fixture("start_of_game_list.txt")
    listed = default_battle_zone_start()
    assert listed.as_of == page.revision_date
    for text in (page.title, page.revision, "https://dmwiki.net/"):
        assert text in listed.sources["list"]
    assert listed.checked == "2026-11-27"  # the day the wiki's pages were read
    # Every card row is traced to the wiki's list or a card page it links.
    assert {c.source for c in listed.cards} == {"list", "zeromu"}
