"""Pasted decklists: counts, printing details, sections, comments and clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.engine.decklist import MAX_LINES, Section, parse_decklist
from judge.engine.errors import InvalidInputError

MOXFIELD = """Commander
1 Tymna the Weaver (C16) 48 *F*
1 Kraum, Ludevic's Opus (C16) 28

Deck
1 Sol Ring (CMM) 400
1x Command Tower [CMM]
Fire // Ice
10 Island (SLD) 1234a
2 x Plains

Sideboard
1 Ghostfire

Companion
1 Lurrus of the Dream-Den (IKO) 226
"""


def test_sections_counts_and_printings() -> None:
    deck = parse_decklist(text=MOXFIELD)
    assert [(e.count, e.name, e.section) for e in deck.entries] == [
        (1, "Tymna the Weaver", Section.COMMANDER),
        (1, "Kraum, Ludevic's Opus", Section.COMMANDER),
        (1, "Sol Ring", Section.DECK),
        (1, "Command Tower", Section.DECK),
        (1, "Fire // Ice", Section.DECK),
        (10, "Island", Section.DECK),
        (2, "Plains", Section.DECK),
        (1, "Ghostfire", Section.SIDEBOARD),
        (1, "Lurrus of the Dream-Den", Section.COMPANION),
    ]
    assert deck.total(Section.DECK) == 15
    assert [e.line for e in deck.section(Section.COMMANDER)] == [2, 3]


def test_cmdr_markers_comments_and_headers_as_comments() -> None:
    text = (
        "// Commander\n1 Wort, the Raidfather *CMDR*\n# a comment\n// Mainboard\n1 Sol Ring *CMDR*\n"
        "Maybeboard:\n1 Forest\nSideboard (2)\n2 Mountain [Lands] ^Have,#37d67a^\n"
    )
    deck = parse_decklist(text=text)
    assert [(e.name, e.section.value) for e in deck.entries] == [
        ("Wort, the Raidfather", "commander"),
        ("Sol Ring", "commander"),
        ("Forest", "maybeboard"),
        ("Mountain", "sideboard"),
    ]


def test_arena_about_block_is_skipped() -> None:
    deck = parse_decklist(
        text="About\nName My Brawl Deck\n\nCommander\n1 Karn, the Great Creator\n\nDeck\n59 Wastes"
    )
    assert [(e.count, e.name, e.section.value) for e in deck.entries] == [
        (1, "Karn, the Great Creator", "commander"),
        (59, "Wastes", "deck"),
    ]


def test_names_with_parentheses_that_are_not_set_codes_survive() -> None:
    deck = parse_decklist(text="1 Erase (Not the Urza's Legacy One)")
    assert deck.entries[0].name == "Erase (Not the Urza's Legacy One)"


def test_malformed_lines_are_all_listed_with_numbers() -> None:
    with pytest.raises(InvalidInputError) as err:
        parse_decklist(text="1 Sol Ring\n0 Forest\n3x\n1000 Island\n4 ***\n" + "1 " + "a" * 201)
    assert err.value.problems == (
        "Line 2: a count must be 1 or more.",
        "Line 3: “3x” has no card name.",
        "Line 4: a count of 1000 is over 999.",
        "Line 5: “***” is not a card name.",
        "Line 6: a card name longer than 200 characters.",
    )
    assert err.value.render("ja")[:2] == [
        "2行目：枚数は1以上にしてください。",
        "3行目：「3x」にカード名がありません。",
    ]
    assert {m.field for m in err.value.messages} == {"decklist"}  # type: ignore[union-attr]


def test_size_limits() -> None:
    with pytest.raises(InvalidInputError, match="over the limit of 10000"):
        parse_decklist(text="1 Forest\n" * (MAX_LINES + 1))
    with pytest.raises(InvalidInputError, match="longer than 1 MB"):
        parse_decklist(text="1 " + "Forest " * 200_000)


def test_empty_text_is_an_empty_decklist() -> None:
    assert parse_decklist(text="\n\n").entries == ()


def test_japanese_headers_and_names() -> None:
    deck = parse_decklist(text="統率者\n1 《統率者の塔》\nデッキ\n1 《繁殖池》\nサイドボード\n1 Ghostfire")
    assert [(e.name, e.section) for e in deck.entries] == [
        ("《統率者の塔》", Section.COMMANDER),
        ("《繁殖池》", Section.DECK),
        ("Ghostfire", Section.SIDEBOARD),
    ]


def test_to_payload() -> None:
    assert parse_decklist(text="2 Forest").to_payload() == {
        "entries": [{"count": 2, "name": "Forest", "section": "deck", "line": 1}]
    }


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_random_text_parses_or_fails_clearly(text: str) -> None:
    try:
        deck = parse_decklist(text=text)
    except InvalidInputError as err:
        assert all(p.startswith(("Line ", "Decklist:")) for p in err.problems)
    else:
        assert all(e.count >= 1 and e.name for e in deck.entries)


LINES_FILE = Path(__file__).parent / "cases" / "decklist_lines.txt"
LINES = [
    tuple(line.split("\t"))
    for line in LINES_FILE.read_text(encoding="utf-8").splitlines()
    if line and not line.startswith("#")
]


@pytest.mark.parametrize(("typed", "count", "name"), LINES, ids=[t for t, _, _ in LINES])
def test_a_line_as_players_paste_it(typed: str, count: str, name: str) -> None:
    [entry] = parse_decklist(text=typed).entries
    assert (entry.count, entry.name) == (int(count), name)


@pytest.mark.parametrize("typed", ["×2", "２", "2x", "1枚"])
def test_a_count_alone_is_a_line_without_a_name(typed: str) -> None:
    with pytest.raises(InvalidInputError) as info:
        parse_decklist(text=typed)
    assert info.value.messages[0].code in ("deck.line-no-name", "deck.line-empty-name")
