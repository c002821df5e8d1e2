"""Companions in Commander (702.139): each companion's condition read against a real deck, with the commander
in the starting deck (702.139b), Yorion never a Commander companion, Lutri banned as a companion only."""

from __future__ import annotations

import pytest

from judge.engine.deck import (
    check_commander_deck,
)
from judge.engine.legality import LegalityData, LegalitySource
from tests.engine.deck_helpers import (
    COMPANION_POOL,
)

# --- The companions' conditions (702.139a), with the commander in the starting deck (702.139b)
# ----------------


def companion_check(
    companion: str, commander: str, *cards: str, lands: str = "Forest"
) -> list[tuple[str, str]]:
    deck = [(1, c) for c in cards] + [(99 - len(cards), lands)]
    check = check_commander_deck(pool=COMPANION_POOL, commanders=[commander], cards=deck, companion=companion)
    return [(p.card, p.message.code) for p in check.problems if p.rule == "702.139a"]


@pytest.mark.parametrize(
    ("companion", "commander", "cards", "fails"),
    [
        # Keruga: only mana value 3+ and lands. Regal Force (7) and Cultivate (3) pass; Rampant Growth (2)
        # fails.
        ("Keruga, the Macrosage", "Kenrith, the Returned King", ("Regal Force", "Cultivate"), ()),
        (
            "Keruga, the Macrosage",
            "Kenrith, the Returned King",
            ("Regal Force", "Rampant Growth"),
            ("Rampant Growth",),
        ),
        # Lurrus: permanents of mana value 2 or less; instants and sorceries of any value are fine.
        (
            "Lurrus of the Dream-Den",
            "Kenrith, the Returned King",
            ("Cultivate",),
            ("Kenrith, the Returned King",),
        ),
        # Gyruda: even; Kenrith's 5 is odd. Obosh: odd; Grizzly Bears' 2 is even.
        (
            "Gyruda, Doom of Depths",
            "Kenrith, the Returned King",
            ("Grizzly Bears",),
            ("Kenrith, the Returned King",),
        ),
        (
            "Obosh, the Preypiercer",
            "Kenrith, the Returned King",
            ("Cultivate", "Grizzly Bears"),
            ("Grizzly Bears",),
        ),
        # Jegantha: Counterspell has {U} twice.
        (
            "Jegantha, the Wellspring",
            "Kenrith, the Returned King",
            ("Cultivate", "Counterspell"),
            ("Counterspell",),
        ),
        # Kaheera: creature cards must be Cats, Elementals, Nightmares, Dinosaurs or Beasts; Regal Force is an
        # Elemental.
        (
            "Kaheera, the Orphanguard",
            "Kenrith, the Returned King",
            ("Regal Force", "Grizzly Bears"),
            ("Kenrith, the Returned King", "Grizzly Bears"),
        ),
        # Umori: one card type shared by every nonland card.
        ("Umori, the Collector", "Kenrith, the Returned King", ("Llanowar Elves", "Grizzly Bears"), ()),
        (
            "Umori, the Collector",
            "Kenrith, the Returned King",
            ("Llanowar Elves", "Cultivate"),
            ("Cultivate",),
        ),
        # Zirda: permanents with an activated ability ({T}: Add, Sacrifice ...: , basic lands' mana
        # abilities).
        (
            "Zirda, the Dawnwaker",
            "Kenrith, the Returned King",
            ("Llanowar Elves", "Sakura-Tribe Elder", "Arcane Signet"),
            (),
        ),
        (
            "Zirda, the Dawnwaker",
            "Kenrith, the Returned King",
            ("Llanowar Elves", "Grizzly Bears"),
            ("Grizzly Bears",),
        ),
    ],
)
def test_companion_conditions(
    companion: str, commander: str, cards: tuple[str, ...], fails: tuple[str, ...]
) -> None:
    problems = companion_check(companion, commander, *cards)
    found = [code for _, code in problems if code in ("deck.companion-not-met", "deck.companion-impossible")]
    assert bool(found) == bool(fails), problems
    if fails:
        check = check_commander_deck(
            pool=COMPANION_POOL,
            commanders=[commander],
            companion=companion,
            cards=[(1, c) for c in cards] + [(99 - len(cards), "Forest")],
        )
        [problem] = [p for p in check.problems if p.message.code == "deck.companion-not-met"]
        for name in fails:
            assert name in problem.text("en") and f"《{name}》" in problem.text("ja")


def test_yorion_can_never_be_a_commander_companion() -> None:
    # Commander decks have exactly 100 cards, so never 20 over the minimum of 100.
    problems = companion_check("Yorion, Sky Nomad", "Kenrith, the Returned King")
    assert ("Yorion, Sky Nomad", "deck.companion-impossible") in problems


def test_lutri_is_banned_as_a_companion_only() -> None:
    from judge.engine.rules_data import default_companion_bans

    data = LegalityData(
        source=LegalitySource(name="Scryfall", date="2026-11-20"), companion_bans=default_companion_bans()
    )
    as_companion = check_commander_deck(
        pool=COMPANION_POOL,
        commanders=["Kenrith, the Returned King"],
        cards=[(99, "Forest")],
        companion="Lutri, the Spellchaser",
        legality=data,
    )
    assert (
        "Lutri, the Spellchaser",
        "data:wizards-of-the-coast-2026-02-09",
        "legality.banned-as-companion",
    ) in [(p.card, p.rule, p.message.code) for p in as_companion.problems]
    in_the_deck = check_commander_deck(
        pool=COMPANION_POOL,
        commanders=["Kenrith, the Returned King"],
        cards=[(1, "Lutri, the Spellchaser"), (98, "Forest")],
        legality=data,
    )
    assert "legality.banned-as-companion" not in [p.message.code for p in in_the_deck.problems]


def test_zirda_says_it_read_the_rules_text() -> None:
    check = check_commander_deck(
        pool=COMPANION_POOL,
        commanders=["Kenrith, the Returned King"],
        cards=[(1, "Llanowar Elves"), (98, "Forest")],
        companion="Zirda, the Dawnwaker",
    )
    assert [n.message.code for n in check.notes if n.message] == [  # type: ignore[union-attr]
        "legality.not-checked",
        "deck.interchangeable-unchecked",
        "deck.companion-met",
        "deck.companion-read-from-text",
    ]
