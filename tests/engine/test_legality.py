"""Legality from the card data (judge.engine.legality): each status, its source and date, the cross-check."""

from __future__ import annotations

import pytest

from judge.engine.cards import Card, CardPool, Face
from judge.engine.deck import check_commander_deck
from judge.engine.legality import (
    CompanionBans,
    LegalityData,
    LegalitySource,
    check_legality,
    legalities_from,
)
from judge.engine.rules_data import DataFileError, default_companion_bans, parse_companion_bans
from judge.engine.variants import Variant

SCRYFALL = LegalitySource(name="Scryfall", date="2026-11-20")
DATA = LegalityData(source=SCRYFALL, companion_bans=default_companion_bans())
ALL_LEGAL = (("commander", "legal"), ("standardbrawl", "legal"), ("brawl", "legal"))


def card(name: str, type_line: str = "Artifact", text: str = "", cost: str = "", **status: str) -> Card:
    legal = dict(ALL_LEGAL)
    legal.update(status)
    return Card(
        name=name,
        faces=(
            Face(
                name=name,
                mana_cost=cost,
                type_line=type_line,
                oracle_text=text,
                power="2" if "Creature" in type_line else None,
            ),
        ),
        legalities=tuple(legal.items()),
    )


KENRITH = card("Kenrith, the Returned King", "Legendary Creature — Human Noble", cost="{W}{U}{B}{R}{G}")
FOREST = card("Forest", "Basic Land — Forest")
LUTRI = card(
    "Lutri, the Spellchaser",
    "Legendary Creature — Otter",
    "Companion — Each nonland card in your starting deck has a different name.",
)


def deck_with(
    extra: Card, *, data: LegalityData | None = DATA, variant: Variant = Variant.COMMANDER
) -> list[str]:
    pool = CardPool.of([KENRITH, FOREST, extra])
    size = 59 if variant is Variant.BRAWL else 99
    check = check_commander_deck(
        pool=pool,
        commanders=["Kenrith, the Returned King"],
        cards=[(1, extra.name), (size - 1, "Forest")],
        variant=variant,
        legality=data,
    )
    return [p.message.code for p in check.problems]


def test_biorhythm_is_flagged_only_when_the_data_says_it_is_banned() -> None:
    banned = card("Biorhythm", "Sorcery", commander="banned")
    unbanned = card("Biorhythm", "Sorcery", commander="legal")
    assert deck_with(banned) == ["legality.banned"]
    assert deck_with(unbanned) == []
    [finding] = check_legality(data=DATA, variant=Variant.COMMANDER, cards=[banned]).problems
    assert finding.message.text("en") == "Biorhythm is banned in Commander (Scryfall, 2026-11-20)"
    assert finding.message.text("ja") == "《Biorhythm》は統率者戦で禁止されています（Scryfall, 2026-11-20）"
    assert finding.rule == "data:scryfall-2026-11-20"  # the data that decided it, not a ban list (issue 32)


def test_the_answer_names_the_source_and_its_date() -> None:
    check = check_legality(data=DATA, variant=Variant.COMMANDER, cards=[KENRITH])
    assert [n.render("en") for n in check.notes] == [
        "Legality in Commander checked against the card data (Scryfall, 2026-11-20)"
    ]
    assert "Scryfall, 2026-11-20" in check.notes[0].render("ja")


def test_brawl_is_903_12s_60_card_brawl_scryfalls_standardbrawl() -> None:
    # Banned in the 100-card online game ("brawl") only: legal in CR 903.12's Brawl.
    online_only = card("Online Ban", brawl="banned")
    assert deck_with(online_only, variant=Variant.BRAWL) == []
    standard_ban = card("Standard Brawl Ban", standardbrawl="banned")
    assert deck_with(standard_ban, variant=Variant.BRAWL) == ["legality.banned"]
    rotated = card("Rotated Card", standardbrawl="not_legal")
    check = check_legality(data=DATA, variant=Variant.BRAWL, cards=[rotated])
    assert [(p.rule, p.message.code) for p in check.problems] == [("903.12b", "legality.not-legal")]


def test_ante_and_conspiracy_cards_follow_the_data() -> None:
    ante = card(
        "Contract from Below",
        "Sorcery",
        "Remove this card from your deck if not playing for ante.",
        commander="banned",
    )
    assert deck_with(ante) == ["legality.banned"]


def test_lutri_is_banned_only_as_a_companion() -> None:
    pool = CardPool.of([KENRITH, FOREST, LUTRI])
    as_companion = check_commander_deck(
        pool=pool,
        commanders=["Kenrith, the Returned King"],
        cards=[(99, "Forest")],
        companion=LUTRI.name,
        legality=DATA,
    )
    [problem] = [p for p in as_companion.problems if p.message.code.startswith("legality.")]
    assert problem.text("en") == (
        "Lutri, the Spellchaser is banned as a companion in Commander (Wizards of the Coast, 2026-02-09)"
    )
    in_deck = check_commander_deck(
        pool=pool,
        commanders=["Kenrith, the Returned King"],
        cards=[(1, LUTRI.name), (98, "Forest")],
        legality=DATA,
    )
    assert in_deck.legal, in_deck.problems
    # Data that bans it outright reports that once, not twice.
    banned = card(LUTRI.name, "Legendary Creature — Otter", LUTRI.rules_text, commander="banned")
    check = check_legality(data=DATA, variant=Variant.COMMANDER, cards=[], companion=banned)
    assert [p.message.code for p in check.problems] == ["legality.banned"]


def test_without_data_legality_is_not_checked() -> None:
    banned = card("Biorhythm", "Sorcery", commander="banned")
    assert deck_with(banned, data=None) == []
    check = check_legality(data=None, variant=Variant.COMMANDER, cards=[banned])
    assert [n.code for n in check.notes] == ["legality.not-checked"]
    assert "確認していません" in check.notes[0].render("ja")


def test_a_card_the_data_has_no_status_for_is_listed_as_unchecked() -> None:
    bare = Card(name="Homemade", faces=(Face(name="Homemade"),))
    check = check_legality(data=DATA, variant=Variant.COMMANDER, cards=[bare, KENRITH])
    assert check.problems == ()
    assert [n.code for n in check.notes] == ["legality.checked", "legality.unknown"]
    assert "Homemade" in check.notes[1].render("en")


def test_mtgjson_cross_check_names_both_sources_and_reports_disagreement() -> None:
    data = LegalityData(source=SCRYFALL, cross_check=LegalitySource(name="MTGJSON", date="2026-11-19"))
    agree = Card(name="A", faces=(Face(name="A"),), legalities=ALL_LEGAL, cross_legalities=ALL_LEGAL)
    differ = Card(
        name="B",
        faces=(Face(name="B"),),
        legalities=(("commander", "legal"),),
        cross_legalities=(("commander", "banned"),),
    )
    check = check_legality(data=data, variant=Variant.COMMANDER, cards=[agree, differ])
    assert check.problems == ()  # Scryfall's status decides
    assert [n.render("en") for n in check.notes] == [
        "Legality in Commander checked against the card data (Scryfall, 2026-11-20; cross-checked with "
        "MTGJSON, 2026-11-19)",
        "Scryfall and MTGJSON disagree about: B; the answer follows Scryfall",
    ]


def test_legalities_read_both_spellings() -> None:
    assert legalities_from({"commander": "Not Legal", "standardbrawl": "banned"}) == (
        ("commander", "not_legal"),
        ("standardbrawl", "banned"),
    )
    assert legalities_from({"commander": "maybe"}) == ()


def test_companion_bans_name_their_source_and_date() -> None:
    bans = default_companion_bans()
    assert isinstance(bans, CompanionBans)
    assert bans.source == LegalitySource(name="Wizards of the Coast", date="2026-02-09")
    with pytest.raises(DataFileError):
        parse_companion_bans("name\tformat\nLutri, the Spellchaser\tcommander\n")
