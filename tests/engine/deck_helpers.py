"""Shared by the deck tests: the real fixture cards, invented partner variants, the ten companions and cards
of real decks around them, and the rules of a check."""

from __future__ import annotations

import json
from pathlib import Path

from judge.engine.cards import Card, CardPool, Face
from judge.engine.cards_payload import card_from_scryfall

FIXTURE = Path(__file__).parent.parent / "fixtures" / "cards" / "scryfall_cards.json"
REAL = [card_from_scryfall(c) for c in json.loads(FIXTURE.read_text(encoding="utf-8"))]


def legend(name: str, cost: str, type_line: str, text: str = "") -> Card:
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
    )


# Invented cards for partner variants the real fixture lacks (the rules, not the cards, are under test).
EXTRA = [
    legend(
        "Bear Captain",
        "{1}{G}",
        "Legendary Creature — Bear Warrior",
        "Reach\nChoose a Background (You can have a Background as a second commander.)",
    ),
    legend(
        "Library Upbringing",
        "{2}{U}",
        "Legendary Enchantment — Background",
        'Commander creatures you own have "Whenever this creature attacks, draw a card."',
    ),
    legend(
        "Plain Upbringing", "{W}", "Enchantment — Background", "Commander creatures you own have vigilance."
    ),
    legend("The Test Doctor", "{2}{R}", "Legendary Creature — Time Lord Doctor", "Haste"),
    legend("The Test Rogue", "{2}{B}", "Legendary Creature — Time Lord Rogue", "Menace"),
    legend(
        "Loyal Companion",
        "{1}{W}",
        "Legendary Creature — Human",
        "Doctor's companion (You can have two commanders if the other is the Doctor.)",
    ),
    legend(
        "Friend One",
        "{U}",
        "Legendary Creature — Human",
        "Partner\u2014Friends forever (You can have two commanders if both have this ability.)",
    ),
    legend("Friend Two", "{R}", "Legendary Creature — Human", "Friends forever"),
    legend("Survivor One", "{G}", "Legendary Creature — Human", "Partner\u2014Survivors"),
    legend("Shuttle Craft", "{3}", "Legendary Artifact — Spacecraft", "Station"),
]
POOL = CardPool.of(REAL + EXTRA)


def card(name: str, cost: str, type_line: str, text: str = "") -> Card:
    return Card(name=name, faces=(Face(name=name, mana_cost=cost, type_line=type_line, oracle_text=text),))


# The ten companions as printed (costs, types, the companion line), and cards of real decks around them.
COMPANIONS = [
    card(
        "Gyruda, Doom of Depths",
        "{4}{U/B}{U/B}",
        "Legendary Creature — Demon Kraken",
        "Companion — Each nonland card in your starting deck has an even mana value.",
    ),
    card(
        "Jegantha, the Wellspring",
        "{4}{R/G}",
        "Legendary Creature — Elemental Elk",
        "Companion — No card in your starting deck has more than one of the same mana symbol in its mana "
        "cost.",
    ),
    card(
        "Kaheera, the Orphanguard",
        "{1}{G/W}{G/W}",
        "Legendary Creature — Cat Beast",
        "Companion — Each creature card in your starting deck is a Cat, Elemental, Nightmare, Dinosaur, or "
        "Beast card.",
    ),
    card(
        "Keruga, the Macrosage",
        "{3}{G/U}{G/U}",
        "Legendary Creature — Dinosaur Hippo",
        "Companion — Your starting deck contains only cards with mana value 3 or greater and land cards.",
    ),
    card(
        "Lurrus of the Dream-Den",
        "{1}{W/B}{W/B}",
        "Legendary Creature — Cat Nightmare",
        "Companion — Each permanent card in your starting deck has mana value 2 or less.",
    ),
    card(
        "Lutri, the Spellchaser",
        "{1}{U/R}{U/R}",
        "Legendary Creature — Otter",
        "Companion — Each nonland card in your starting deck has a different name.",
    ),
    card(
        "Obosh, the Preypiercer",
        "{3}{B/R}{B/R}",
        "Legendary Creature — Hellion Horror",
        "Companion — Each nonland card in your starting deck has an odd mana value.",
    ),
    card(
        "Umori, the Collector",
        "{2}{B/G}{B/G}",
        "Legendary Creature — Ooze",
        "Companion — Each nonland card in your starting deck shares a card type.",
    ),
    card(
        "Yorion, Sky Nomad",
        "{3}{W/U}{W/U}",
        "Legendary Creature — Bird Serpent",
        "Companion — Your starting deck contains at least twenty cards more than the minimum deck size.",
    ),
    card(
        "Zirda, the Dawnwaker",
        "{1}{R/W}{R/W}",
        "Legendary Creature — Elemental Fox",
        "Companion — Each permanent card in your starting deck has an activated ability.",
    ),
]
DECK_CARDS = [
    card(
        "Arcane Signet",
        "{2}",
        "Artifact",
        "{T}: Add one mana of any color in your commander's color identity.",
    ),
    card(
        "Swords to Plowshares",
        "{W}",
        "Instant",
        "Exile target creature. Its controller gains life equal to its power.",
    ),
    card("Counterspell", "{U}{U}", "Instant", "Counter target spell."),
    card(
        "Cultivate",
        "{2}{G}",
        "Sorcery",
        "Search your library for up to two basic land cards, reveal those "
        "cards, put one onto the battlefield tapped and the other into your hand, "
        "then shuffle.",
    ),
    card("Llanowar Elves", "{G}", "Creature — Elf Druid", "{T}: Add {G}."),
    card("Grizzly Bears", "{1}{G}", "Creature — Bear"),
    card(
        "Sakura-Tribe Elder",
        "{1}{G}",
        "Creature — Snake Shaman",
        "Sacrifice Sakura-Tribe Elder: Search your library for a basic land card, put that card onto the "
        "battlefield tapped, then shuffle.",
    ),
    card(
        "Rampant Growth",
        "{1}{G}",
        "Sorcery",
        "Search your library for a basic land card, put that card onto the battlefield tapped, then shuffle.",
    ),
    card(
        "Kodama's Reach",
        "{2}{G}",
        "Sorcery — Arcane",
        "Search your library for up to two basic land cards...",
    ),
    card(
        "Regal Force",
        "{4}{G}{G}{G}",
        "Creature — Elemental",
        "When this creature enters, draw a card for each green creature you control.",
    ),
    card("Mana Crypt", "{0}", "Artifact", "{T}: Add {C}{C}."),
    card(
        "Mana Drain",
        "{U}{U}",
        "Instant",
        "Counter target spell. At the beginning of your next main phase, add "
        "an amount of {C} equal to that spell's mana value.",
    ),
    card(
        "Contract from Below",
        "{B}",
        "Sorcery",
        "Remove Contract from Below from your deck before playing if "
        "you're not playing for ante.\nDiscard your hand, ante the top "
        "card of your library, then draw seven cards.",
    ),
    # Scryfall's one Oracle card for a Universes Within pair; "Rick, Steadfast Leader" is a printing's
    # flavor name of it (judge.engine.interchangeable), not a card of its own.
    card(
        "Greymond, Avacyn's Stalwart",
        "{2}{W}{W}",
        "Legendary Creature — Human Soldier",
        "Each creature you control that's a Human or a Warrior gets +2/+2.",
    ),
]
COMPANION_POOL = CardPool.of(REAL + EXTRA + COMPANIONS + DECK_CARDS)


def rules(check: object) -> list[str]:
    return [p.rule for p in check.problems]  # type: ignore[attr-defined]
