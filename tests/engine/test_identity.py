"""Color identity (903.4, Commander rules 2): worked cases, published identities, bulk input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.engine.cards import Card, CardPool, Face
from judge.engine.cards_payload import card_from_scryfall
from judge.engine.errors import InvalidInputError
from judge.engine.identity import MAX_CARDS, color_identity, identify_cards

HERE = Path(__file__).parent
FIXTURE = HERE.parent / "fixtures" / "cards" / "scryfall_cards.json"
RAW: list[dict[str, Any]] = json.loads(FIXTURE.read_text(encoding="utf-8"))
POOL = CardPool.of(card_from_scryfall(c) for c in RAW)
CASES = json.loads((HERE / "cases" / "identity.json").read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_worked_case(case: dict[str, Any]) -> None:
    card = POOL.get(case["name"])
    assert card is not None
    result = color_identity(card=card)
    assert list(result.identity) == case["identity"]
    rules = {step.rule for step in result.explanation}
    assert set(case["rules"]) <= rules
    texts = [step.render("en") for step in result.explanation]
    for text in case["explains"]:
        assert text in texts
    texts_ja = [step.render("ja") for step in result.explanation]
    for text in case.get("explains_ja", []):
        assert text in texts_ja


@pytest.mark.parametrize("raw", RAW, ids=[c["name"] for c in RAW])
def test_matches_scryfall_published_identity(raw: dict[str, Any]) -> None:
    result = color_identity(card=card_from_scryfall(raw))
    assert sorted(result.identity) == sorted(raw["color_identity"])


def test_last_step_summarises_in_wubrg_order() -> None:
    result = color_identity(card=POOL.get("Kenrith, the Returned King"))  # type: ignore[arg-type]
    assert result.explanation[-1].rule == "903.4"
    assert result.explanation[-1].render("en") == "Color identity of Kenrith, the Returned King: W U B R G"
    assert result.explanation[-1].render("ja") == "《Kenrith, the Returned King》の固有色：白青黒赤緑"


def test_meld_back_face_does_not_count() -> None:
    card = Card(
        name="Front",
        layout="meld",
        faces=(
            Face(name="Front", mana_cost="{2}{W}", type_line="Legendary Creature — Angel"),
            Face(
                name="Melded", type_line="Legendary Creature — Eldrazi Angel", oracle_text="{B}: Draw a card."
            ),
        ),
    )
    assert color_identity(card=card).identity == ("W",)


def test_cda_must_name_the_card_itself() -> None:
    effect = Card(
        name="Paint",
        faces=(
            Face(
                name="Paint",
                mana_cost="{U}",
                type_line="Instant",
                oracle_text="Target creature is red until end of turn.",
            ),
        ),
    )
    assert color_identity(card=effect).identity == ("U",)
    modern = Card(
        name="Prism Golem",
        faces=(
            Face(
                name="Prism Golem",
                mana_cost="{4}",
                type_line="Artifact Creature — Golem",
                oracle_text="This creature is all colors.",
            ),
        ),
    )
    assert color_identity(card=modern).identity == ("W", "U", "B", "R", "G")


def test_published_colors_reveal_an_unparsed_cda() -> None:
    card = Card(
        name="Odd",
        faces=(
            Face(
                name="Odd",
                mana_cost="{3}",
                type_line="Artifact Creature",
                oracle_text="Odd's color is whatever it says.",
                colors=("B",),
            ),
        ),
    )
    result = color_identity(card=card)
    assert result.identity == ("B",)
    assert any(step.rule == "604.3" for step in result.explanation)


def test_basic_land_type_words_in_rules_text_give_nothing() -> None:
    card = Card(
        name="Walker",
        faces=(
            Face(
                name="Walker",
                mana_cost="{1}",
                type_line="Artifact Creature",
                oracle_text="Walker has forestwalk as long as you control a Forest.",
            ),
        ),
    )
    assert color_identity(card=card).identity == ()


def test_to_answer_shape() -> None:
    result = identify_cards({"cards": [RAW[0]]}).results[0]
    data = result.to_answer()
    assert data["name"] == "Wort, the Raidfather"
    assert data["identity"] == ["R", "G"]
    assert data["explanation"][0] == {
        "code": "identity.cost-symbol",
        "rule": "903.4",
        "text": "{R/G} in the mana cost of Wort, the Raidfather gives R, G",
        "objects": [],
    }


def test_identify_cards_keeps_order_for_the_whole_fixture() -> None:
    results = identify_cards({"cards": RAW}).results
    assert [r.name for r in results] == [c["name"] for c in RAW]


def test_identify_cards_up_to_the_limit() -> None:
    cards = [RAW[i % len(RAW)] for i in range(MAX_CARDS)]
    results = identify_cards({"cards": cards}).results
    assert len(results) == MAX_CARDS
    assert results[-1].identity == tuple(
        c for c in "WUBRG" if c in RAW[(MAX_CARDS - 1) % len(RAW)]["color_identity"]
    )


def test_identify_cards_over_the_limit() -> None:
    with pytest.raises(InvalidInputError) as err:
        identify_cards({"cards": [{"name": "Forest"}] * (MAX_CARDS + 1)})
    assert "over the limit of 1000" in err.value.problems[0]


@pytest.mark.parametrize("payload", [None, [], {"cards": "x"}, {"decks": []}])
def test_identify_cards_rejects_non_payloads(payload: Any) -> None:
    with pytest.raises(InvalidInputError):
        identify_cards(payload)


def test_one_bad_card_does_not_sink_the_batch() -> None:
    batch = identify_cards(
        {
            "cards": [
                RAW[0],
                {"mana_cost": "{G}"},
                "Forest",
                {"name": "X", "mana_cost": "3QQ"},
                {"name": "Y", "card_faces": []},
                RAW[1],
            ]
        }
    )
    # The good cards are answered, in order ...
    assert [r.name for r in batch.results] == [RAW[0]["name"], RAW[1]["name"]]
    # ... and each bad one is listed beside them with its place and every problem.
    assert [(p.number, p.name) for p in batch.problems] == [(2, ""), (3, ""), (4, "X"), (5, "Y")]
    assert batch.render_problems("en") == [
        "Card 2: name: required.",
        "Card 3: must be an object.",
        "Card 4: mana cost: {Q} is not a mana symbol.",
        "Card 5: faces: a list of 1 to 8 faces.",
    ]
    assert batch.render_problems("ja")[0] == "2枚目のカードのカード名：入力してください。"
    data = batch.to_answer()
    assert set(data) == {"results", "problems"}
    assert data["problems"][2] == {
        "card": 4,
        "name": "X",
        "errors": [
            {
                "code": "mana.not-a-symbol",
                "rule": "107.4",
                "text": "Card 4: mana cost: {Q} is not a mana symbol.",
                "field": "cards[3].mana_cost",
            }
        ],
    }


def test_a_batch_of_bad_cards_lists_each() -> None:
    batch = identify_cards({"cards": [{}] * 200})
    assert batch.results == () and len(batch.problems) == 200


def test_who_what_when_where_why_has_five_halves() -> None:
    # A real card (Unhinged): five split halves, white, blue, black, red and green.
    halves = [
        ("Who", "{X}{W}"),
        ("What", "{2}{R}"),
        ("When", "{2}{U}"),
        ("Where", "{3}{B}"),
        ("Why", "{1}{G}"),
    ]
    batch = identify_cards(
        {
            "cards": [
                {
                    "name": " // ".join(name for name, _ in halves),
                    "layout": "split",
                    "card_faces": [
                        {"name": name, "mana_cost": cost, "type_line": "Instant"} for name, cost in halves
                    ],
                }
            ]
        }
    )
    assert batch.problems == ()
    assert batch.results[0].identity == ("W", "U", "B", "R", "G")


_text = st.text(alphabet="{}/WUBRGPCX0123456789 ()abc—.\n", max_size=40)


@settings(max_examples=150, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(
            ["name", "mana_cost", "oracle_text", "type_line", "colors", "color_indicator", "layout"]
        ),
        st.one_of(
            _text, st.lists(st.sampled_from(["W", "U", "B", "R", "G", "Q"]), max_size=3), st.integers()
        ),
    )
)
def test_random_cards_give_a_result_or_a_clear_error(card: dict[str, Any]) -> None:
    batch = identify_cards({"cards": [card]})
    if batch.problems:
        assert batch.results == ()
        assert all(m.field.startswith("cards[0]") for m in batch.problems[0].problems)
    else:
        assert set(batch.results[0].identity) <= set("WUBRG")


def test_a_card_given_by_name_alone_is_never_read_as_colorless() -> None:
    # Issue 41 item 3: with nothing to look it up in, it is a problem saying what is missing.
    batch = identify_cards({"cards": [{"name": "Breeding Pool"}]})
    assert batch.results == ()
    [problem] = batch.problems[0].problems
    assert problem.code == "identity.name-only-no-data"
    assert "mana cost" in problem.text("en") and "マナ・コスト" in problem.text("ja")


def test_a_card_given_by_name_alone_is_looked_up_and_says_so() -> None:
    from judge.engine.cards_payload import card_from_scryfall
    from judge.engine.legality import LegalitySource

    pool = card_from_scryfall(
        {
            "name": "Breeding Pool",
            "type_line": "Land — Forest Island",
            "oracle_text": "({T}: Add {G} or {U}.)",
        }
    )
    batch = identify_cards(
        {"cards": [{"name": "Breeding Pool"}]},
        lookup=lambda name: pool,
        source=LegalitySource(name="Scryfall", date="2026-11-20"),
    )
    [result] = batch.results
    assert result.identity == ("U", "G")
    assert result.explanation[0].rule == "data:scryfall-2026-11-20"
    assert "Scryfall, 2026-11-20" in result.explanation[0].render("ja")
