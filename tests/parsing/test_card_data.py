"""Scryfall bulk and MTGJSON AtomicCards files -> engine cards, streamed."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.engine.cards import CardPool
from judge.engine.identity import color_identity
from judge.parsing import card_data
from judge.parsing.card_data import card_from_mtgjson, iter_cards, read_card_pool
from judge.parsing.records import ParseError

CARDS = Path(__file__).parent.parent / "fixtures" / "cards"
SCRYFALL = CARDS / "scryfall_cards.json"
MTGJSON = CARDS / "mtgjson_atomic.json"


def published() -> dict[str, list[str]]:
    return {c["name"]: c["color_identity"] for c in json.loads(SCRYFALL.read_text(encoding="utf-8"))}


@pytest.mark.parametrize("path", [SCRYFALL, MTGJSON], ids=["scryfall", "mtgjson"])
def test_identities_match_the_published_ones(path: Path) -> None:
    pool = read_card_pool(path)
    expected = published()
    assert len(pool) == len(expected) == 34
    for name, colors in expected.items():
        card = pool.get(name)
        assert card is not None, name
        assert sorted(color_identity(card=card).identity) == sorted(colors), name


def test_both_formats_give_the_same_cards() -> None:
    scryfall = read_card_pool(SCRYFALL)
    mtgjson = read_card_pool(MTGJSON)
    for key, card in scryfall.cards.items():
        other = mtgjson.cards[key]
        assert [f.name for f in other.faces] == [f.name for f in card.faces]
        assert [f.mana_cost for f in other.faces] == [f.mana_cost for f in card.faces]
        assert other.layout == card.layout


def test_mtgjson_faces_ordered_by_side() -> None:
    pool = read_card_pool(MTGJSON)
    scholar = pool.get("Civilized Scholar // Homicidal Brute")
    assert scholar is not None
    assert [f.name for f in scholar.faces] == ["Civilized Scholar", "Homicidal Brute"]
    assert scholar.faces[1].color_indicator == ("R",)


@pytest.mark.parametrize("chunk", [1, 7, 64])
def test_streaming_across_tiny_chunks(monkeypatch: pytest.MonkeyPatch, chunk: int) -> None:
    monkeypatch.setattr(card_data, "CHUNK", chunk)
    for path in (SCRYFALL, MTGJSON):
        with path.open(encoding="utf-8") as stream:
            names = [c.name for c in iter_cards(stream, source=path.name)]
        assert len(names) == 34 and names.count("Fire // Ice") == 1


def test_scryfall_list_page_and_skipped_layouts() -> None:
    page = {
        "object": "list",
        "has_more": False,
        "data": [
            {"name": "Soldier", "layout": "token", "type_line": "Token Creature — Soldier"},
            {"name": "Forest", "layout": "normal", "type_line": "Basic Land — Forest"},
            {"name": "Phyrexian Emblem", "layout": "emblem"},
        ],
        "total_cards": 3,
    }
    cards = list(iter_cards(io.StringIO(json.dumps(page)), source="page.json"))
    assert [c.name for c in cards] == ["Forest"]
    assert list(iter_cards(io.StringIO(" [ ] "), source="empty.json")) == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[{"name": "Forest"}, {"name": ', "bad.json: invalid JSON"),
        ('[{"name": "Forest"} {"name": "X"}]', "bad.json: expected one of ',]'"),
        ('[{"name": "Forest"}, {"mana_cost": "{G}"}]', "bad.json: card 1 of the file: name: required."),
        ('"just a string"', "bad.json: not a JSON card file"),
        ('{"data": {"Forest": {"name": "Forest"}}}', "bad.json: Forest: expected a list of card faces"),
    ],
)
def test_malformed_files(text: str, message: str) -> None:
    with pytest.raises(ParseError) as err:
        list(iter_cards(io.StringIO(text), source="bad.json"))
    assert str(err.value).startswith(message)


def test_card_from_mtgjson_single_face() -> None:
    card = card_from_mtgjson(
        "Sol Ring",
        [
            {
                "name": "Sol Ring",
                "manaCost": "{1}",
                "type": "Artifact",
                "text": "{T}: Add {C}{C}.",
                "layout": "normal",
            }
        ],
    )
    assert card is not None and card.front.mana_cost == "{1}" and card.front.oracle_text == "{T}: Add {C}{C}."


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet='[]{}",: nameFrst0123lyou', max_size=80))
def test_random_text_gives_cards_or_a_parse_error(text: str) -> None:
    try:
        list(iter_cards(io.StringIO(text), source="random.json"))
    except ParseError as err:
        assert str(err).startswith("random.json")


# --- Japanese card names (MTGJSON foreignData, Scryfall Japanese prints) -----------------------------


def test_mtgjson_japanese_names_find_the_card() -> None:
    pool = read_card_pool(MTGJSON)
    for typed, name in [
        ("繁殖池", "Breeding Pool"),
        ("《繁殖池》", "Breeding Pool"),
        ("太陽の指輪", "Sol Ring"),
        ("統率の塔", "Command Tower"),
        ("砕骨の巨人", "Bonecrusher Giant // Stomp"),
        ("《踏みつけ》", "Bonecrusher Giant // Stomp"),
    ]:
        card = pool.get(typed)
        assert card is not None and card.name == name, typed
    breeding_pool = pool.get("Breeding Pool")
    assert breeding_pool is not None and breeding_pool.japanese_names == ("繁殖池",)  # German is not kept
    assert pool.get("Brutteich") is None


def test_scryfall_japanese_print_gives_its_printed_name() -> None:
    page = [
        {"name": "Breeding Pool", "lang": "en", "type_line": "Land — Forest Island"},
        {
            "name": "Breeding Pool",
            "lang": "ja",
            "printed_name": "繁殖池",
            "type_line": "Land — Forest Island",
        },
        {
            "name": "Bonecrusher Giant // Stomp",
            "lang": "ja",
            "layout": "adventure",
            "card_faces": [
                {"name": "Bonecrusher Giant", "printed_name": "砕骨の巨人", "mana_cost": "{2}{R}"},
                {"name": "Stomp", "printed_name": "踏みつけ", "mana_cost": "{1}{R}"},
            ],
        },
    ]
    cards = list(iter_cards(io.StringIO(json.dumps(page, ensure_ascii=False)), source="ja.json"))
    assert [c.japanese_names for c in cards] == [(), ("繁殖池",), ("砕骨の巨人", "踏みつけ")]
    # The English print comes first and is kept; the Japanese print still adds its name.
    pool = CardPool.of(cards)
    assert pool.get("《繁殖池》") is cards[0]
    assert pool.get("踏みつけ") is cards[2]


def test_japanese_names_in_foreign_data() -> None:
    assert (
        card_data.japanese_names(
            [{"foreignData": "nonsense"}, {"foreignData": [3, {"language": "Japanese"}]}]
        )
        == []
    )


def test_file_kind_tells_printings_from_oracle_cards_by_content() -> None:
    default_cards = CARDS.parent / "card_printings" / "scryfall_default_cards.json"
    with default_cards.open(encoding="utf-8") as stream:
        assert card_data.file_kind(stream, source="any name.json") is card_data.FileKind.SCRYFALL_PRINTINGS
    with SCRYFALL.open(encoding="utf-8") as stream:
        assert card_data.file_kind(stream, source="default-cards.json") is card_data.FileKind.SCRYFALL_CARDS
    # Printings with no Oracle card seen twice look like Oracle Cards: Scryfall's file name is the hint.
    one = (
        '[{"object": "card", "oracle_id": "o1", "name": "Sol Ring", "set": "c21", "collector_number": "263"}]'
    )
    for name, kind in (
        ("default-cards-20261120093012.json", card_data.FileKind.SCRYFALL_PRINTINGS),
        ("oracle-cards-20261120093012.json", card_data.FileKind.SCRYFALL_CARDS),
        ("cards.json", card_data.FileKind.SCRYFALL_CARDS),
    ):
        assert card_data.file_kind(io.StringIO(one), source=name) is kind, name
    # A repeat past the sample is not looked for: recognising a 500 MB file reads only its start.
    repeat = [
        {"oracle_id": f"o{n}", "name": f"C{n}", "set": "s", "collector_number": str(n)} for n in range(2100)
    ]
    repeat.append(repeat[0])
    assert (
        card_data.file_kind(io.StringIO(json.dumps(repeat)), source="x") is card_data.FileKind.SCRYFALL_CARDS
    )
