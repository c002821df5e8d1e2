"""Commander and Brawl deck checks (903.3, 903.5, 903.12, 702.124, 702.139) with real cards."""

from __future__ import annotations

import pytest

from judge.engine.cards import Card, CardPool, Face
from judge.engine.deck import (
    UNKNOWN_CARD,
    Variant,
    check_commander_deck,
    check_decklist,
    partner_abilities,
    partner_pair_problem,
)
from judge.engine.decklist import parse_decklist
from judge.engine.interchangeable import InterchangeableNames
from judge.engine.legality import LegalitySource
from tests.engine.deck_helpers import (
    COMPANION_POOL,
    EXTRA,
    POOL,
    REAL,
    legend,
    rules,
)


def test_legal_100_card_deck() -> None:
    check = check_commander_deck(
        pool=POOL,
        commanders=["Kenrith, the Returned King"],
        cards=[
            (1, "Sol Ring"),
            (1, "Command Tower"),
            (1, "Breeding Pool"),
            (1, "Fire // Ice"),
            (20, "Forest"),
            (20, "Island"),
            (20, "Swamp"),
            (20, "Mountain"),
            (15, "Plains"),
        ],
    )
    assert check.legal, check.problems
    assert check.identity == ("W", "U", "B", "R", "G")
    assert check.to_answer()["legal"] is True and check.to_answer()["problems"] == []
    # Without the card data's sources, the note says legality was not checked (judge.engine.legality).
    # Without printings data, neither are interchangeable names (judge.engine.interchangeable).
    assert [(n.rule, n.code) for n in check.notes] == [
        ("data:none", "legality.not-checked"),
        ("201.3b", "deck.interchangeable-unchecked"),
    ]


def test_99_cards() -> None:
    check = check_commander_deck(pool=POOL, commanders=["Wort, the Raidfather"], cards=[(98, "Forest")])
    assert check.to_answer()["problems"] == [
        {
            "card": "",
            "rule": "903.5a",
            "code": "deck.size-one",
            "text": "The deck has 99 cards including its commander; it must have exactly 100",
        }
    ]
    assert (
        check.to_answer("ja")["problems"][0]["text"]
        == "デッキは統率者を含めて 99 枚です。ちょうど 100 枚にしてください"
    )


def test_duplicate_and_commander_listed_twice() -> None:
    check = check_commander_deck(
        pool=POOL,
        commanders=["Wort, the Raidfather"],
        cards=[(2, "Sol Ring"), (1, "Wort, the Raidfather"), (96, "Mountain")],
    )
    assert rules(check) == ["903.5b", "903.5b"]
    assert {p.card for p in check.problems} == {"Sol Ring", "Wort, the Raidfather"}


def test_any_number_and_up_to_seven() -> None:
    rats = check_commander_deck(
        pool=POOL, commanders=["Tymna the Weaver"], cards=[(50, "Relentless Rats"), (49, "Swamp")]
    )
    assert rats.legal
    dwarves = check_commander_deck(
        pool=POOL, commanders=["Wort, the Raidfather"], cards=[(8, "Seven Dwarves"), (91, "Mountain")]
    )
    assert dwarves.problems[0].rule == "903.5b"
    assert dwarves.problems[0].text("en") == (
        "8 copies of Seven Dwarves; a Commander deck may have at most 7 copies (its own text)"
    )


def test_off_identity_cards() -> None:
    check = check_commander_deck(
        pool=POOL,
        commanders=["Wort, the Raidfather"],
        cards=[
            "Phelddagrif",
            "Breeding Pool",
            "Bosh, Iron Golem",
            "Syndic of Tithes",
            "Ghostfire",
            (94, "Mountain"),
        ],
    )
    assert [(p.card, p.rule) for p in check.problems] == [
        ("Phelddagrif", "903.5c"),
        ("Breeding Pool", "903.5d"),
        ("Syndic of Tithes", "903.5c"),
    ]
    assert check.problems[1].text("en") == (
        "Breeding Pool has a basic land type that makes U mana, outside the commander's color identity (RG)"
    )
    assert check.problems[1].text("ja") == (
        "《Breeding Pool》は 青 のマナを出す基本土地タイプを持ち、統率者の固有色（赤緑）の外です"
    )


def test_colorless_commander_cannot_use_basic_forest_in_commander() -> None:
    check = check_commander_deck(pool=POOL, commanders=["Bosh, Iron Golem"], cards=[(99, "Wastes")])
    assert check.legal and check.identity == ("R",)
    transguild = legend("Colorless Golem", "{5}", "Legendary Artifact Creature — Golem")
    pool = CardPool.of(REAL + [transguild])
    check = check_commander_deck(
        pool=pool, commanders=["Colorless Golem"], cards=[(98, "Wastes"), (1, "Forest")]
    )
    assert rules(check) == ["903.5d"]


def test_unknown_cards_are_reported_with_suggestions() -> None:
    check = check_commander_deck(
        pool=POOL,
        commanders=["Wort, the Raidfather"],
        cards=[(1, "Sol Rign"), (1, "Totally Made Up Card"), (97, "Forest")],
    )
    assert [(p.card, p.rule) for p in check.problems] == [
        ("Sol Rign", UNKNOWN_CARD),
        ("Totally Made Up Card", UNKNOWN_CARD),
    ]
    assert check.problems[0].text("en") == "Unknown card 'Sol Rign'; did you mean Sol Ring?"
    assert (
        check.problems[0].text("ja") == "「Sol Rign」というカードは見つかりません。《Sol Ring》のことですか？"
    )


def test_commander_must_be_a_legendary_creature() -> None:
    assert rules(
        check_commander_deck(pool=POOL, commanders=["Syndic of Tithes"], cards=[(99, "Plains")])
    ) == ["903.3"]
    karn = check_commander_deck(pool=POOL, commanders=["Karn, the Great Creator"], cards=[(99, "Wastes")])
    assert rules(karn) == ["903.3"]
    craft = legend("Powered Craft", "{3}", "Legendary Artifact — Spacecraft", "Station")
    craft = Card(
        name=craft.name,
        faces=(
            Face(
                name=craft.name,
                mana_cost="{3}",
                power="5",
                toughness="5",
                type_line="Legendary Artifact — Spacecraft",
            ),
        ),
    )
    pool = CardPool.of(REAL + EXTRA + [craft])
    assert check_commander_deck(pool=pool, commanders=["Powered Craft"], cards=[(99, "Wastes")]).legal
    assert rules(check_commander_deck(pool=pool, commanders=["Shuttle Craft"], cards=[(99, "Wastes")])) == [
        "903.3"
    ]


@pytest.mark.parametrize(
    ("pair", "identity"),
    [
        (("Kraum, Ludevic's Opus", "Tymna the Weaver"), ("W", "U", "B", "R")),
        (("Pir, Imaginative Rascal", "Toothy, Imaginary Friend"), ("U", "G")),
        (("Bear Captain", "Library Upbringing"), ("U", "G")),
        (("Loyal Companion", "The Test Doctor"), ("W", "R")),
        (("Friend One", "Friend Two"), ("U", "R")),
    ],
)
def test_valid_partner_pairs(pair: tuple[str, str], identity: tuple[str, ...]) -> None:
    check = check_commander_deck(pool=POOL, commanders=list(pair), cards=[(98, "Wastes")])
    assert check.legal, check.problems
    assert check.identity == identity


@pytest.mark.parametrize(
    ("pair", "rule"),
    [
        (("Pir, Imaginative Rascal", "Kraum, Ludevic's Opus"), "702.124j"),
        (("Kraum, Ludevic's Opus", "Bosh, Iron Golem"), "702.124h"),
        (("Bear Captain", "Kraum, Ludevic's Opus"), "702.124k"),
        (("Bear Captain", "Plain Upbringing"), "702.124k"),  # a Background must be legendary
        (("Loyal Companion", "The Test Rogue"), "702.124m"),  # Time Lord but not (only) Doctor
        (("Friend One", "Survivor One"), "702.124i"),
        (("Wort, the Raidfather", "Bosh, Iron Golem"), "903.3"),
    ],
)
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
    assert "702.124k" in rules(
        check_commander_deck(pool=POOL, commanders=["Library Upbringing"], cards=[(99, "Island")])
    )
    three = check_commander_deck(
        pool=POOL,
        commanders=["Kraum, Ludevic's Opus", "Tymna the Weaver", "Friend One"],
        cards=[(97, "Island")],
    )
    assert rules(three) == ["702.124g"]


def test_companion() -> None:
    # Obosh ({3}{B/R}{B/R}): every nonland card odd (Kraum 5, Tymna 3): met, and inside W U B R.
    base = dict(
        pool=COMPANION_POOL, commanders=["Kraum, Ludevic's Opus", "Tymna the Weaver"], cards=[(98, "Island")]
    )
    legal = check_commander_deck(**base, companion="Obosh, the Preypiercer")  # type: ignore[arg-type]
    assert legal.legal and legal.notes[-1].rule == "702.139a"
    assert legal.notes[-1].render("en").startswith("Obosh, the Preypiercer: the companion condition is met")
    off = check_commander_deck(
        pool=POOL,
        commanders=["Wort, the Raidfather"],
        cards=[(99, "Mountain")],
        companion="Lurrus of the Dream-Den",
    )
    # The companion comes from outside the game (702.139d): 903.11a, not 903.5c/903.5b, limits it.
    # And its condition counts the commander (702.139b): Wort's mana value is 6.
    assert [(p.card, p.rule) for p in off.problems] == [
        ("Lurrus of the Dream-Den", "903.11a"),
        ("Lurrus of the Dream-Den", "702.139a"),
    ]
    assert off.problems[1].text("en") == (
        "Lurrus of the Dream-Den: the companion condition is not met (each "
        "permanent card has mana value 2 or less): Wort, the Raidfather"
    )
    twice = check_commander_deck(
        pool=COMPANION_POOL,
        commanders=["Tymna the Weaver", "Kraum, Ludevic's Opus"],
        cards=[(1, "Obosh, the Preypiercer"), (97, "Swamp")],
        companion="Obosh, the Preypiercer",
    )
    assert rules(twice) == ["903.11a"]
    not_one = check_commander_deck(**base, companion="Sol Ring")  # type: ignore[arg-type]
    assert rules(not_one) == ["702.139a"]


def test_brawl() -> None:
    karn = check_commander_deck(
        pool=POOL, commanders=["Karn, the Great Creator"], cards=[(59, "Forest")], variant=Variant.BRAWL
    )
    assert karn.legal, karn.problems
    two_types = check_commander_deck(
        pool=POOL,
        commanders=["Karn, the Great Creator"],
        cards=[(30, "Forest"), (28, "Snow-Covered Forest"), (1, "Island")],
        variant=Variant.BRAWL,
    )
    assert rules(two_types) == ["903.12e"]
    assert rules(
        check_commander_deck(
            pool=POOL, commanders=["Wort, the Raidfather"], cards=[(99, "Forest")], variant=Variant.BRAWL
        )
    ) == ["903.12d"]
    assert rules(
        check_commander_deck(
            pool=POOL, commanders=["Sol Ring"], cards=[(59, "Wastes")], variant=Variant.BRAWL
        )
    ) == ["903.3"]
    assert rules(
        check_commander_deck(
            pool=POOL, commanders=["Command Tower"], cards=[(59, "Wastes")], variant=Variant.BRAWL
        )
    ) == ["903.3"]


def test_check_decklist_from_pasted_text() -> None:
    text = (
        "Commander\n1 Kraum, Ludevic's Opus (C16) 28\n1 Tymna the Weaver\n\nDeck\n1 Command Tower\n97 "
        "Island\n\n"
        "Sideboard\n1 Ghostfire\n\nCompanion\n1 Obosh, the Preypiercer\n"
    )
    check = check_decklist(pool=COMPANION_POOL, decklist=parse_decklist(text=text))
    assert [(p.card, p.rule) for p in check.problems] == [("Ghostfire", "903.5e")]
    two_companions = text.replace("1 Obosh, the Preypiercer", "2 Obosh, the Preypiercer")
    assert "702.139a" in rules(
        check_decklist(pool=COMPANION_POOL, decklist=parse_decklist(text=two_companions))
    )


def test_no_commander() -> None:
    check = check_decklist(pool=POOL, decklist=parse_decklist(text="100 Forest"))
    assert rules(check) == ["903.3"]


# --- Interchangeable names (201.3b); legality is tested in test_legality.py
# ----------------------------------


SCRYFALL_PRINTINGS = InterchangeableNames.of(
    [("Rick, Steadfast Leader", "Greymond, Avacyn's Stalwart")],
    source=LegalitySource(name="Scryfall", date="2026-11-20"),
)


def test_interchangeable_names_count_as_one_name() -> None:
    # Greymond, Avacyn's Stalwart is printed as Rick, Steadfast Leader (201.3): one name (201.3b).
    check = check_commander_deck(
        pool=COMPANION_POOL,
        commanders=["Kenrith, the Returned King"],
        cards=[(1, "rick, steadfast leader"), (1, "Greymond, Avacyn's Stalwart"), (97, "Plains")],
        interchangeable=SCRYFALL_PRINTINGS,
    )
    assert [(p.card, p.rule) for p in check.problems] == [("Rick, Steadfast Leader", "201.3b")]
    assert check.problems[0].text("en") == (
        "Rick, Steadfast Leader and Greymond, Avacyn's Stalwart have interchangeable names "
        "(Scryfall, 2026-11-20), so they count as one name: 2 copies"
    )
    assert "（Scryfall, 2026-11-20）" in check.problems[0].text("ja")
    assert "deck.interchangeable-unchecked" not in [n.code for n in check.notes]
    # Either name as the commander counts too, and the companion may not share it (903.11a).
    as_commander = check_commander_deck(
        pool=COMPANION_POOL,
        commanders=["Rick, Steadfast Leader"],
        cards=[(1, "Greymond, Avacyn's Stalwart"), (98, "Plains")],
        interchangeable=SCRYFALL_PRINTINGS,
    )
    assert [(p.card, p.rule) for p in as_commander.problems] == [("Rick, Steadfast Leader", "201.3b")]
    # The same name twice is 903.5b, as always.
    twice = check_commander_deck(
        pool=COMPANION_POOL,
        commanders=["Kenrith, the Returned King"],
        cards=[(2, "Rick, Steadfast Leader"), (97, "Plains")],
        interchangeable=SCRYFALL_PRINTINGS,
    )
    assert [(p.card, p.rule) for p in twice.problems] == [("Rick, Steadfast Leader", "903.5b")]


def test_without_printings_data_interchangeable_names_are_not_checked() -> None:
    check = check_commander_deck(
        pool=COMPANION_POOL,
        commanders=["Kenrith, the Returned King"],
        cards=[(1, "Rick, Steadfast Leader"), (1, "Greymond, Avacyn's Stalwart"), (97, "Plains")],
    )
    # The other name is not known, so it is not a card: no guess at what it names.
    assert [(p.card, p.rule) for p in check.problems] == [("Rick, Steadfast Leader", "lookup:unknown-card")]
    [note] = [n for n in check.notes if n.code == "deck.interchangeable-unchecked"]
    assert note.rule == "201.3b"
    assert note.render("en").startswith("Interchangeable names (rule 201.3) were not checked")
    assert note.render("ja").startswith("名前を交換可能なカード（201.3）は確認していません")
    for lang in ("en", "ja"):
        assert ".json" not in note.render(lang) and "import" not in note.render(lang)
    # With printings data that names none of the deck's cards, no note.
    plain = check_commander_deck(
        pool=COMPANION_POOL,
        commanders=["Kenrith, the Returned King"],
        cards=[(99, "Plains")],
        interchangeable=SCRYFALL_PRINTINGS,
    )
    assert "deck.interchangeable-unchecked" not in [n.code for n in plain.notes]


def test_same_name_different_printings_count_together() -> None:
    # Reprints share a name (201.2): "Sol Ring" and "sol ring (CMM) 400" are two copies of one card.
    text = "Commander\n1 Kenrith, the Returned King\nDeck\n1 Sol Ring (C21) 263\n1 sol ring [CMM]\n97 Plains"
    check = check_decklist(pool=POOL, decklist=parse_decklist(text=text))
    assert [(p.card, p.rule) for p in check.problems] == [("Sol Ring", "903.5b")]


def test_japanese_names_in_a_decklist() -> None:
    pool = CardPool.of(
        [
            *REAL,
            Card(
                name="Sol Ring",
                japanese_names=("太陽の指輪",),
                faces=(Face(name="Sol Ring", mana_cost="{1}", type_line="Artifact"),),
            ),
        ]
    )
    text = "統率者\n1 Kenrith, the Returned King\nデッキ\n1 《太陽の指輪》\n98 Plains"
    check = check_decklist(pool=pool, decklist=parse_decklist(text=text))
    assert check.legal, check.problems
