"""Commander and Brawl deck checks (903.3, 903.5, 903.12, 702.124, 702.139) with real cards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge.engine.cards import Card, CardPool, Face, card_from_scryfall
from judge.engine.deck import (
    UNKNOWN_CARD,
    Variant,
    check_commander_deck,
    check_decklist,
    partner_abilities,
    partner_pair_problem,
)
from judge.engine.decklist import parse_decklist

FIXTURE = Path(__file__).parent.parent / "fixtures" / "cards" / "scryfall_cards.json"
REAL = [card_from_scryfall(c) for c in json.loads(FIXTURE.read_text(encoding="utf-8"))]


def legend(name: str, cost: str, type_line: str, text: str = "") -> Card:
    return Card(name=name, faces=(Face(name=name, mana_cost=cost, type_line=type_line, oracle_text=text,
                                       power="2" if "Creature" in type_line else None),))


# Invented cards for partner variants the real fixture lacks (the rules, not the cards, are under test).
EXTRA = [
    legend("Bear Captain", "{1}{G}", "Legendary Creature — Bear Warrior",
           "Reach\nChoose a Background (You can have a Background as a second commander.)"),
    legend("Library Upbringing", "{2}{U}", "Legendary Enchantment — Background",
           "Commander creatures you own have \"Whenever this creature attacks, draw a card.\""),
    legend("Plain Upbringing", "{W}", "Enchantment — Background", "Commander creatures you own have vigilance."),
    legend("The Test Doctor", "{2}{R}", "Legendary Creature — Time Lord Doctor", "Haste"),
    legend("The Test Rogue", "{2}{B}", "Legendary Creature — Time Lord Rogue", "Menace"),
    legend("Loyal Companion", "{1}{W}", "Legendary Creature — Human",
           "Doctor's companion (You can have two commanders if the other is the Doctor.)"),
    legend("Friend One", "{U}", "Legendary Creature — Human",
           "Partner\u2014Friends forever (You can have two commanders if both have this ability.)"),
    legend("Friend Two", "{R}", "Legendary Creature — Human", "Friends forever"),
    legend("Survivor One", "{G}", "Legendary Creature — Human", "Partner\u2014Survivors"),
    legend("Shuttle Craft", "{3}", "Legendary Artifact — Spacecraft", "Station"),
]
POOL = CardPool.of(REAL + EXTRA)


def rules(check: object) -> list[str]:
    return [p.rule for p in check.problems]  # type: ignore[attr-defined]


def test_legal_100_card_deck() -> None:
    check = check_commander_deck(pool=POOL, commanders=["Kenrith, the Returned King"],
                                 cards=[(1, "Sol Ring"), (1, "Command Tower"), (1, "Breeding Pool"), (1, "Fire // Ice"),
                                        (20, "Forest"), (20, "Island"), (20, "Swamp"), (20, "Mountain"), (15, "Plains")])
    assert check.legal, check.problems
    assert check.identity == ("W", "U", "B", "R", "G")
    assert check.as_dict() == {"legal": True, "problems": []}


def test_99_cards() -> None:
    check = check_commander_deck(pool=POOL, commanders=["Wort, the Raidfather"], cards=[(98, "Forest")])
    assert check.as_dict() == {"legal": False, "problems": [{
        "card": "", "rule": "903.5a",
        "message": "The deck has 99 cards including its commander; it must have exactly 100"}]}


def test_duplicate_and_commander_listed_twice() -> None:
    check = check_commander_deck(pool=POOL, commanders=["Wort, the Raidfather"],
                                 cards=[(2, "Sol Ring"), (1, "Wort, the Raidfather"), (96, "Mountain")])
    assert rules(check) == ["903.5b", "903.5b"]
    assert {p.card for p in check.problems} == {"Sol Ring", "Wort, the Raidfather"}


def test_any_number_and_up_to_seven() -> None:
    rats = check_commander_deck(pool=POOL, commanders=["Tymna the Weaver"], cards=[(50, "Relentless Rats"),
                                                                                   (49, "Swamp")])
    assert rats.legal
    dwarves = check_commander_deck(pool=POOL, commanders=["Wort, the Raidfather"],
                                   cards=[(8, "Seven Dwarves"), (91, "Mountain")])
    assert dwarves.problems[0].rule == "903.5b"
    assert dwarves.problems[0].message == ("8 copies of Seven Dwarves; a Commander deck may have at most 7 copies "
                                           "(its own text)")


def test_off_identity_cards() -> None:
    check = check_commander_deck(pool=POOL, commanders=["Wort, the Raidfather"],
                                 cards=["Phelddagrif", "Breeding Pool", "Bosh, Iron Golem", "Syndic of Tithes",
                                        "Ghostfire", (94, "Mountain")])
    assert [(p.card, p.rule) for p in check.problems] == [
        ("Phelddagrif", "903.5c"), ("Breeding Pool", "903.5d"), ("Syndic of Tithes", "903.5c")]
    assert check.problems[1].message == ("Breeding Pool has a basic land type that makes U mana, outside the "
                                         "commander's color identity (RG)")


def test_colorless_commander_cannot_use_basic_forest_in_commander() -> None:
    check = check_commander_deck(pool=POOL, commanders=["Bosh, Iron Golem"], cards=[(99, "Wastes")])
    assert check.legal and check.identity == ("R",)
    transguild = legend("Colorless Golem", "{5}", "Legendary Artifact Creature — Golem")
    pool = CardPool.of(REAL + [transguild])
    check = check_commander_deck(pool=pool, commanders=["Colorless Golem"], cards=[(98, "Wastes"), (1, "Forest")])
    assert rules(check) == ["903.5d"]


def test_unknown_cards_are_reported_with_suggestions() -> None:
    check = check_commander_deck(pool=POOL, commanders=["Wort, the Raidfather"],
                                 cards=[(1, "Sol Rign"), (1, "Totally Made Up Card"), (97, "Forest")])
    assert [(p.card, p.rule) for p in check.problems] == [("Sol Rign", UNKNOWN_CARD),
                                                          ("Totally Made Up Card", UNKNOWN_CARD)]
    assert check.problems[0].message == "Unknown card 'Sol Rign'; did you mean Sol Ring?"


def test_commander_must_be_a_legendary_creature() -> None:
    assert rules(check_commander_deck(pool=POOL, commanders=["Syndic of Tithes"], cards=[(99, "Plains")])) == ["903.3"]
    karn = check_commander_deck(pool=POOL, commanders=["Karn, the Great Creator"], cards=[(99, "Wastes")])
    assert rules(karn) == ["903.3"]
    craft = legend("Powered Craft", "{3}", "Legendary Artifact — Spacecraft", "Station")
    craft = Card(name=craft.name, faces=(Face(name=craft.name, mana_cost="{3}", power="5", toughness="5",
                                              type_line="Legendary Artifact — Spacecraft"),))
    pool = CardPool.of(REAL + EXTRA + [craft])
    assert check_commander_deck(pool=pool, commanders=["Powered Craft"], cards=[(99, "Wastes")]).legal
    assert rules(check_commander_deck(pool=pool, commanders=["Shuttle Craft"], cards=[(99, "Wastes")])) == ["903.3"]


@pytest.mark.parametrize(("pair", "identity"), [
    (("Kraum, Ludevic's Opus", "Tymna the Weaver"), ("W", "U", "B", "R")),
    (("Pir, Imaginative Rascal", "Toothy, Imaginary Friend"), ("U", "G")),
    (("Bear Captain", "Library Upbringing"), ("U", "G")),
    (("Loyal Companion", "The Test Doctor"), ("W", "R")),
    (("Friend One", "Friend Two"), ("U", "R")),
])
def test_valid_partner_pairs(pair: tuple[str, str], identity: tuple[str, ...]) -> None:
    check = check_commander_deck(pool=POOL, commanders=list(pair), cards=[(98, "Wastes")])
    assert check.legal, check.problems
    assert check.identity == identity


@pytest.mark.parametrize(("pair", "rule"), [
    (("Pir, Imaginative Rascal", "Kraum, Ludevic's Opus"), "702.124j"),
    (("Kraum, Ludevic's Opus", "Bosh, Iron Golem"), "702.124h"),
    (("Bear Captain", "Kraum, Ludevic's Opus"), "702.124k"),
    (("Bear Captain", "Plain Upbringing"), "702.124k"),        # a Background must be legendary
    (("Loyal Companion", "The Test Rogue"), "702.124m"),       # Time Lord but not (only) Doctor
    (("Friend One", "Survivor One"), "702.124i"),
    (("Wort, the Raidfather", "Bosh, Iron Golem"), "903.3"),
])
def test_invalid_partner_pairs(pair: tuple[str, str], rule: str) -> None:
    check = check_commander_deck(pool=POOL, commanders=list(pair), cards=[(98, "Wastes")])
    assert rule in rules(check)


def test_partner_rules_function() -> None:
    kraum, tymna = POOL.get("Kraum"), POOL.get("Tymna the Weaver")
    assert kraum is None  # short names are not aliases, only face names are
    kraum = POOL.get("Kraum, Ludevic's Opus")
    assert kraum is not None and tymna is not None
    assert partner_abilities(kraum).partner
    assert partner_pair_problem(kraum, tymna) is None
    assert partner_abilities(POOL.get("Friend Two")).partner_texts == ("friends forever",)  # type: ignore[arg-type]


def test_background_alone_and_three_commanders() -> None:
    assert "702.124k" in rules(check_commander_deck(pool=POOL, commanders=["Library Upbringing"],
                                                    cards=[(99, "Island")]))
    three = check_commander_deck(pool=POOL, commanders=["Kraum, Ludevic's Opus", "Tymna the Weaver", "Friend One"],
                                 cards=[(97, "Island")])
    assert rules(three) == ["702.124g"]


def test_companion() -> None:
    base = dict(pool=POOL, commanders=["Kraum, Ludevic's Opus", "Tymna the Weaver"], cards=[(98, "Island")])
    legal = check_commander_deck(**base, companion="Lurrus of the Dream-Den")  # type: ignore[arg-type]
    assert legal.legal and legal.notes[-1].rule == "702.139a"
    off = check_commander_deck(pool=POOL, commanders=["Wort, the Raidfather"], cards=[(99, "Mountain")],
                               companion="Lurrus of the Dream-Den")
    # The companion comes from outside the game (702.139d): 903.11a, not 903.5c/903.5b, limits it.
    assert [(p.card, p.rule) for p in off.problems] == [("Lurrus of the Dream-Den", "903.11a")]
    twice = check_commander_deck(pool=POOL, commanders=["Tymna the Weaver", "Kraum, Ludevic's Opus"],
                                 cards=[(1, "Lurrus of the Dream-Den"), (97, "Swamp")],
                                 companion="Lurrus of the Dream-Den")
    assert rules(twice) == ["903.11a"]
    not_one = check_commander_deck(**base, companion="Sol Ring")  # type: ignore[arg-type]
    assert rules(not_one) == ["702.139a"]


def test_brawl() -> None:
    karn = check_commander_deck(pool=POOL, commanders=["Karn, the Great Creator"], cards=[(59, "Forest")],
                                variant=Variant.BRAWL)
    assert karn.legal, karn.problems
    two_types = check_commander_deck(pool=POOL, commanders=["Karn, the Great Creator"],
                                     cards=[(30, "Forest"), (28, "Snow-Covered Forest"), (1, "Island")],
                                     variant=Variant.BRAWL)
    assert rules(two_types) == ["903.12e"]
    assert rules(check_commander_deck(pool=POOL, commanders=["Wort, the Raidfather"], cards=[(99, "Forest")],
                                      variant=Variant.BRAWL)) == ["903.12d"]
    assert rules(check_commander_deck(pool=POOL, commanders=["Sol Ring"], cards=[(59, "Wastes")],
                                      variant=Variant.BRAWL)) == ["903.3"]
    assert rules(check_commander_deck(pool=POOL, commanders=["Command Tower"], cards=[(59, "Wastes")],
                                      variant=Variant.BRAWL)) == ["903.3"]


def test_check_decklist_from_pasted_text() -> None:
    text = ("Commander\n1 Kraum, Ludevic's Opus (C16) 28\n1 Tymna the Weaver\n\nDeck\n1 Sol Ring\n97 Island\n\n"
            "Sideboard\n1 Ghostfire\n\nCompanion\n1 Lurrus of the Dream-Den\n")
    check = check_decklist(pool=POOL, decklist=parse_decklist(text=text))
    assert [(p.card, p.rule) for p in check.problems] == [("Ghostfire", "903.5e")]
    two_companions = text.replace("1 Lurrus of the Dream-Den", "2 Lurrus of the Dream-Den")
    assert "702.139a" in rules(check_decklist(pool=POOL, decklist=parse_decklist(text=two_companions)))


def test_no_commander() -> None:
    check = check_decklist(pool=POOL, decklist=parse_decklist(text="100 Forest"))
    assert rules(check) == ["903.3"]
