"""Card records, Scryfall conversion and the card pool (lookup, suggestions, deck limits)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge.engine.cards import Card, CardPool, Face, normalise_name, strip_reminder_text
from judge.engine.cards_payload import MAX_FACES, card_from_scryfall, card_label
from judge.engine.errors import InvalidInputError

FIXTURE = Path(__file__).parent.parent / "fixtures" / "cards" / "scryfall_cards.json"
POOL = CardPool.of(card_from_scryfall(c) for c in json.loads(FIXTURE.read_text(encoding="utf-8")))


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("Kraum, Ludevic's Opus", "Kraum, Ludevic's Opus"),
        ("kraum, ludevic\u2019s opus", "Kraum, Ludevic's Opus"),
        ("  FIRE  //  ICE ", "Fire // Ice"),
        ("Fire/Ice", "Fire // Ice"),
        ("Fire", "Fire // Ice"),  # front face name
        ("Ice", "Fire // Ice"),  # any face name
        ("Valki, God of Lies", "Valki, God of Lies // Tibalt, Cosmic Impostor"),
        ("Stomp", "Bonecrusher Giant // Stomp"),
    ],
)
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


@pytest.mark.parametrize(
    ("name", "limit"),
    [
        ("Sol Ring", 1),
        ("Forest", None),
        ("Snow-Covered Forest", None),
        ("Wastes", None),
        ("Relentless Rats", None),
        ("Seven Dwarves", 7),
        ("Breeding Pool", 1),
        ("Dryad Arbor", 1),
    ],
)
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
        card_from_scryfall(
            {"name": "", "mana_cost": 5, "colors": ["W", "X"], "card_faces": [{"name": "A"}, 3]},
            where="cards[6]",
            label=card_label(7),
        )
    assert err.value.problems == (
        "Card 7: name: required.",
        "Card 7: colors: X is not a colour; use W U B R G.",
        "Card 7, face 2: must be an object.",
    )
    # The JSON path stays for programs; the reader sees the card's place and the field's name.
    assert [m.field for m in err.value.messages] == [
        "cards[6].name",
        "cards[6].colors",
        "cards[6].card_faces[1]",
    ]
    assert err.value.render("ja") == [
        "7枚目のカードのカード名：入力してください。",
        "7枚目のカードの色：X は色ではありません。W U B R G を使ってください。",
        "7枚目のカードの2番目の面：オブジェクトで指定してください。",
    ]


@pytest.mark.parametrize("name", sorted(POOL.cards))
def test_payload_round_trip(name: str) -> None:
    card = POOL.cards[name]
    payload = json.loads(json.dumps(card.to_payload()))  # what the database stores
    assert card_from_scryfall(payload) == card


def test_from_json_lists_problems() -> None:
    with pytest.raises(InvalidInputError) as err:
        card_from_scryfall({"name": "", "mana_cost": 3})
    assert err.value.problems == ("Card: name: required.", "Card: mana cost: must be text.")


def test_a_typed_mana_cost_is_read_and_a_bad_one_named() -> None:
    card = card_from_scryfall({"name": "Wort, the Raidfather", "mana_cost": "4R/GR/G"})
    assert card.front.mana_cost == "{4}{R/G}{R/G}"
    with pytest.raises(InvalidInputError) as err:
        card_from_scryfall({"name": "Nonsense", "mana_cost": "3QQ"})
    assert err.value.problems == ("Nonsense: mana cost: {Q} is not a mana symbol.",)
    assert err.value.render("ja") == ["《Nonsense》のマナ・コスト：{Q} はマナ・シンボルではありません。"]


def test_printed_costs_are_kept_as_published() -> None:
    # Card data has symbols no calculator needs; a data file never fails on them.
    assert card_from_scryfall({"name": "Odd", "mana_cost": "{1}{Q}"}).front.mana_cost == "{1}{Q}"


def test_five_faces_are_a_real_card() -> None:
    halves = ["Who", "What", "When", "Where", "Why"]
    who = card_from_scryfall(
        {
            "name": " // ".join(halves),
            "layout": "split",
            "card_faces": [{"name": name, "mana_cost": "{1}{W}", "type_line": "Instant"} for name in halves],
        }
    )
    assert [f.name for f in who.faces] == halves
    with pytest.raises(InvalidInputError):
        card_from_scryfall(
            {"name": "Too Many", "card_faces": [{"name": str(i)} for i in range(MAX_FACES + 1)]}
        )


def test_japanese_names_find_the_card() -> None:
    pool = CardPool.of(
        [
            Card(
                name="Breeding Pool",
                japanese_names=("繁殖池",),
                faces=(Face(name="Breeding Pool", type_line="Land — Forest Island"),),
            ),
            Card(
                name="Bolas's Citadel",
                japanese_names=("ボーラスの城塞",),
                faces=(
                    Face(name="Bolas's Citadel", mana_cost="{3}{B}{B}{B}", type_line="Legendary Artifact"),
                ),
            ),
        ]
    )
    for typed in ("繁殖池", "《繁殖池》", " 繁殖池 ", "「繁殖池」"):
        assert pool.get(typed) is not None and pool.get(typed).name == "Breeding Pool"  # type: ignore[union-attr]
    # The voiced mark is part of a Japanese name: ホーラス is not ボーラス.
    assert pool.get("ボーラスの城塞").name == "Bolas's Citadel"  # type: ignore[union-attr]
    assert pool.get("ホーラスの城塞") is None
    assert normalise_name("ボーラス") != normalise_name("ホーラス")
    # The names survive the database round trip.
    card = pool.cards[normalise_name("Breeding Pool")]
    assert card_from_scryfall(json.loads(json.dumps(card.to_payload()))).japanese_names == ("繁殖池",)


def test_characteristics_in_a_deck() -> None:
    fire = POOL.get("Fire // Ice")
    assert (
        fire is not None and fire.mana_value == 4 and fire.card_types == {"Instant"}
    )  # 709.4: halves combined
    scholar = POOL.get("Civilized Scholar")
    assert scholar is not None and scholar.mana_value == 3 and scholar.is_permanent_card
    assert POOL.get("Forest").is_land  # type: ignore[union-attr]
