"""Card records, Scryfall conversion and the card pool (lookup, suggestions, deck limits)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge.engine.cards import Card, CardPool, Face, card_from_scryfall, normalise_name, strip_reminder_text
from judge.engine.errors import InvalidInputError

FIXTURE = Path(__file__).parent.parent / "fixtures" / "cards" / "scryfall_cards.json"
POOL = CardPool.of(card_from_scryfall(c) for c in json.loads(FIXTURE.read_text(encoding="utf-8")))


@pytest.mark.parametrize(("typed", "expected"), [
    ("Kraum, Ludevic's Opus", "Kraum, Ludevic's Opus"),
    ("kraum, ludevic\u2019s opus", "Kraum, Ludevic's Opus"),
    ("  FIRE  //  ICE ", "Fire // Ice"),
    ("Fire/Ice", "Fire // Ice"),
    ("Fire", "Fire // Ice"),                      # front face name
    ("Ice", "Fire // Ice"),                       # any face name
    ("Valki, God of Lies", "Valki, God of Lies // Tibalt, Cosmic Impostor"),
    ("Stomp", "Bonecrusher Giant // Stomp"),
])
def test_pool_lookup_forgives_spelling(typed: str, expected: str) -> None:
    card = POOL.get(typed)
    assert card is not None and card.name == expected


def test_pool_unknown_name_and_suggestions() -> None:
    assert POOL.get("Sol Rings") is None
    assert POOL.suggest("Sol Rings") == ("Sol Ring",)
    assert POOL.suggest("Kenrith") == ("Kenrith, the Returned King",)
    assert POOL.suggest("Phelddagriff")[0] == "Phelddagrif"
    assert POOL.suggest("zzzzqqq") == ()


def test_pool_keeps_the_first_printing() -> None:
    a = Card(name="Sol Ring", faces=(Face(name="Sol Ring", mana_cost="{1}"),))
    b = Card(name="Sol Ring", faces=(Face(name="Sol Ring", mana_cost="{2}"),))
    pool = CardPool.of([a, b])
    assert len(pool) == 1 and pool.get("sol ring") is a


def test_normalise_name_strips_accents() -> None:
    assert normalise_name("Jötun Grunt") == "jotun grunt"
    assert normalise_name("Lim-Dûl the Necromancer") == normalise_name("lim-dul the necromancer")


@pytest.mark.parametrize(("name", "limit"), [
    ("Sol Ring", 1), ("Forest", None), ("Snow-Covered Forest", None), ("Wastes", None),
    ("Relentless Rats", None), ("Seven Dwarves", 7), ("Breeding Pool", 1), ("Dryad Arbor", 1),
])
def test_deck_limit(name: str, limit: int | None) -> None:
    card = POOL.get(name)
    assert card is not None and card.deck_limit == limit


def test_type_line_parts() -> None:
    pool = POOL.get("Breeding Pool")
    assert pool is not None
    assert pool.front.supertypes_and_types == ("Land",)
    assert pool.front.subtypes == ("Forest", "Island")
    assert pool.front.basic_land_types == ("Island", "Forest")
    kraum = POOL.get("Kraum, Ludevic's Opus")
    assert kraum is not None and kraum.is_legendary and not kraum.is_basic_land
    assert POOL.get("Forest").is_basic_land  # type: ignore[union-attr]


def test_reminder_text_removed_even_when_nested() -> None:
    assert strip_reminder_text("Ward {2} (A (nested) note {G}.) Flying") == "Ward {2}  Flying"


def test_scryfall_faces_and_colors() -> None:
    scholar = POOL.get("Civilized Scholar")
    assert scholar is not None and scholar.layout == "transform"
    assert [f.color_indicator for f in scholar.faces] == [(), ("R",)]
    fire = POOL.get("Fire // Ice")
    # Split cards publish colours for the whole card only, so faces carry none.
    assert fire is not None and [f.colors for f in fire.faces] == [None, None]


def test_scryfall_problems_are_all_listed() -> None:
    with pytest.raises(InvalidInputError) as err:
        card_from_scryfall({"name": "", "mana_cost": 5, "colors": ["W", "X"], "card_faces": [{"name": "A"}, 3]},
                           where="card 7")
    assert err.value.problems == (
        "card 7: name: must not be empty",
        "card 7: colors: 'X' not a colour; use W U B R G",
        "card 7: card_faces[1]: must be an object",
    )


@pytest.mark.parametrize("name", sorted(POOL.cards))
def test_payload_round_trip(name: str) -> None:
    card = POOL.cards[name]
    payload = json.loads(json.dumps(card.to_payload()))  # what the database stores
    assert Card.from_payload(payload) == card


def test_from_payload_lists_problems() -> None:
    with pytest.raises(InvalidInputError) as err:
        Card.from_payload({"name": "", "mana_cost": 3})
    assert err.value.problems == ("card: name: must not be empty", "card: mana_cost: must be a string")
