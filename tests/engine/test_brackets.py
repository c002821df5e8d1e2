"""The Commander Brackets estimate (judge.engine.brackets) on engine cards: each criterion, the overrides,
the combos' timing, and the criteria file's checks."""

from __future__ import annotations

import pytest

from judge.engine.brackets import BracketSources, ComboFacts, estimate_bracket
from judge.engine.brackets_data import default_criteria, parse_criteria, parse_overrides
from judge.engine.cards import Card, Face
from judge.engine.rules_data import DataFileError

SOURCES = BracketSources(
    game_changers="Scryfall, 2026-11-20", combos="Commander Spellbook, 2026-11-30", oracle_text=True
)


def card(name: str, text: str = "", *, changer: bool = False, ja: str = "") -> Card:
    return Card(
        name=name,
        faces=(Face(name=name, type_line="Sorcery", oracle_text=text),),
        game_changer=changer,
        japanese_names=(ja,) if ja else (),
    )


def combo(
    *cards: str, features: tuple[str, ...] = ("Infinite mana",), mana: int | None = 3, pieces: int = 2
) -> ComboFacts:
    return ComboFacts(
        spellbook_id="-".join(cards), cards=cards, features=features, pieces=pieces, mana_value_needed=mana
    )


A, B = card("Alpha"), card("Beta")


@pytest.mark.parametrize(
    ("mana", "code", "minimum"),
    [
        (4, "brackets.combo-early", 4),
        (5, "brackets.combo-arguably-early", 3),
        (6, "brackets.combo-late", 3),
        (None, "brackets.combo-no-timing", 3),
    ],
)
def test_two_card_combo_timing(mana: int | None, code: str, minimum: int) -> None:
    estimate = estimate_bracket(cards=[A, B], sources=SOURCES, combos=[combo("Alpha", "Beta", mana=mana)])
    assert estimate.minimum == minimum and estimate.reasons[0].step.code == code


def test_three_piece_or_finite_combos_are_no_two_card_combo() -> None:
    combos = [combo("Alpha", "Beta", pieces=3), combo("Alpha", "Beta", features=("Draw cards",))]
    assert estimate_bracket(cards=[A, B], sources=SOURCES, combos=combos).minimum == 1


def test_combo_features_chain_extra_turns_and_deny_lands() -> None:
    turns = estimate_bracket(
        cards=[A, B], sources=SOURCES, combos=[combo("Alpha", "Beta", features=("Infinite turns",), pieces=3)]
    )
    assert turns.minimum == 4 and turns.reasons[0].criterion == "extra-turns"
    lands = estimate_bracket(
        cards=[A, B],
        sources=SOURCES,
        combos=[combo("Alpha", "Beta", features=("Mass land destruction",), pieces=3)],
    )
    assert lands.minimum == 4 and lands.reasons[0].criterion == "mass-land-denial"


@pytest.mark.parametrize(
    ("text", "land_denial"),
    [
        ("Destroy all lands.", True),
        ("Destroy all artifacts, creatures, and lands.", True),
        ("Each player sacrifices all lands they control.", True),
        ("Return all lands to their owners' hands.", True),
        ("Lands don't untap during their controllers' untap steps.", True),
        ("Players can't untap more than one land during their untap steps.", True),
        ("Destroy all nonland permanents.", False),
        ("Exile all nonland permanents.", False),
        ("Destroy target land.", False),
    ],
)
def test_mass_land_denial_from_the_oracle_text(text: str, land_denial: bool) -> None:
    estimate = estimate_bracket(cards=[card("X", text)], sources=SOURCES, combos=[])
    assert (estimate.minimum == 4) is land_denial


def test_extra_turns_two_cards_are_bracket_2_and_the_count_is_the_table_s_question() -> None:
    cards = [
        card("Time Warp", "Target player takes an extra turn after this one."),
        card("Temporal Manipulation", "Take an extra turn after this one."),
    ]
    estimate = estimate_bracket(cards=cards, sources=SOURCES, combos=[])
    assert estimate.minimum == 2
    assert "brackets.extra-turns-how-many" in [s.code for s in estimate.unchecked]
    ugin = card("Ugin's Nexus", "If a player would begin an extra turn, that player skips that turn instead.")
    assert estimate_bracket(cards=[ugin], sources=SOURCES, combos=[]).minimum == 1


def test_overrides_correct_the_reading_with_their_reason() -> None:
    emrakul = card(
        "Emrakul, the Promised End",
        "Gain control of target opponent during that player's next turn. "
        "After that turn, that player takes an extra turn.",
    )
    assert estimate_bracket(cards=[emrakul], sources=SOURCES, combos=[]).minimum == 1
    global_ruin = card(
        "Global Ruin",
        "Each player chooses from the lands they control a land of each basic land type, "
        "then sacrifices the rest.",
    )
    estimate = estimate_bracket(cards=[global_ruin], sources=SOURCES, combos=[])
    assert estimate.minimum == 4 and "basic land type" in estimate.reasons[0].step.render("en")


def test_without_sources_it_says_what_it_could_not_check() -> None:
    changer = card("Rhystic Study", changer=True, ja="リスティックの研究")
    partial = estimate_bracket(cards=[changer], sources=BracketSources(oracle_text=True), combos=None)
    assert partial.minimum == 1  # the mark could not be read: not counted, and said
    assert [s.code for s in partial.unchecked][:2] == [
        "brackets.unchecked-game-changers",
        "brackets.unchecked-combos",
    ]
    counted = estimate_bracket(cards=[changer], sources=SOURCES, combos=[])
    assert counted.minimum == 3 and "《リスティックの研究》" in counted.reasons[0].step.render("ja")
    nothing = estimate_bracket(cards=[], sources=BracketSources(), combos=None)
    assert nothing.minimum is None and nothing.to_answer("en")["minimum"] is None


def test_the_answer_never_says_a_deck_is_a_bracket() -> None:
    answer = estimate_bracket(cards=[A], sources=SOURCES, combos=[]).to_answer("en")
    assert "Rule 0" in answer["conversation"] and "not the bracket the deck is" in answer["conversation"]
    assert answer["criteria_source"]["url"].endswith("commander-brackets-beta-update-october-21-2025")
    # Japanese readers get the official Japanese page of the same announcement.
    ja = estimate_bracket(cards=[A], sources=SOURCES, combos=[]).to_answer("ja")["criteria_source"]
    assert ja == {
        "date": "2025-10-21",
        "title": "2025年10月21日 統率者戦ブラケット（ベータ版）更新",
        "url": "https://magic.wizards.com/ja/news/announcements/commander-brackets-beta-update-october-21-2025",
    }


def test_criteria_file_rows_must_cite_an_announcement() -> None:
    assert default_criteria().level(3).game_changers == 3
    header = "# source: x\n# as-of: 2025-10-21\n# checked: 2026-12-01\n"
    header += "# announcement oct: 2025-10-21 T https://example.org/a\n"
    columns = "\t".join(
        ("bracket", "name", "name_ja", "game_changers", "extra_turns", "mass_land_denial", "two_card_combos")
    )
    columns += "\tturns\tsource\n"
    row = "1\tExhibition\tx\t0\tnone\tno\tnone\t9\t{source}\n"
    with pytest.raises(DataFileError, match="announcement the header names"):
        parse_criteria(header + columns + row.format(source="feb"))
    with pytest.raises(DataFileError, match="brackets 1 to 5"):
        parse_criteria(header + columns + row.format(source="oct"))
    with pytest.raises(DataFileError, match="announcement-ja apr: no announcement apr"):
        parse_criteria(header + "# announcement-ja apr: T https://example.org/ja\n" + columns + row)
    # Every announcement of the shipped file has its official Japanese page.
    assert all(a.url_ja.startswith("https://") for a in default_criteria().announcements.values())
    with pytest.raises(DataFileError, match="no reason"):
        parse_overrides("name\tcategory\tverdict\treason\treason_ja\nX\textra-turn\tno\tWhy.\n")
