"""The deck check's payload reader: every problem at once, in both languages, naming fields by their label."""

from __future__ import annotations

from typing import Any

import pytest

from judge.engine.deck_payload import DeckRequest, read_deck_payload
from judge.engine.errors import InvalidInputError
from judge.engine.variants import Variant


def problems(payload: Any, lang: str = "en") -> list[str]:
    with pytest.raises(InvalidInputError) as err:
        read_deck_payload(payload)
    return err.value.render(lang)


@pytest.mark.parametrize(
    ("payload", "request_"),
    [
        (
            {"variant": "commander", "decklist": "1 Sol Ring"},
            DeckRequest(variant=Variant.COMMANDER, decklist="1 Sol Ring"),
        ),
        (
            {"variant": "brawl", "decklist": "", "commanders": [" Kenrith, the Returned King "]},
            DeckRequest(variant=Variant.BRAWL, decklist="", commanders=("Kenrith, the Returned King",)),
        ),
        (
            {"variant": "dtcs", "decklist": "x", "decks": ["y"]},
            DeckRequest(variant=Variant.DTCS, decklist="x", decks=("y",)),
        ),
        # An empty Duel Masters deck is the Duel Masters parser's to answer (it says what to paste).
        ({"variant": "dtc"}, DeckRequest(variant=Variant.DTC, decklist="")),
    ],
)
def test_reads_each_format(payload: dict[str, Any], request_: DeckRequest) -> None:
    assert read_deck_payload(payload) == request_


def test_every_problem_at_once_in_both_languages() -> None:
    payload = {"variant": "modern", "decklist": 5, "commanders": ["a", "b", "c"], "decks": "x"}
    assert problems(payload) == [
        "Format: “modern” is not one of commander, brawl, dtc, dtcs, dtb.",
        "Decklist: must be text.",
        "Commanders named outside the list: a list of at most 2 card names.",
        "Teammates' decks: a list of at most 8 decklists (text).",
    ]
    assert problems(payload, "ja") == [
        "フォーマット：「modern」は選べません（commander、brawl、dtc、dtcs、dtb のいずれか）。",
        "デッキリスト：文字列で指定してください。",
        "リストの外で指定した統率者：カード名 2 個までのリストで指定してください。",
        "チームメイトのデッキ：デッキリスト（文字列）8 個までのリストで指定してください。",
    ]
    with pytest.raises(InvalidInputError) as err:
        read_deck_payload(payload)
    assert [p["field"] for p in err.value.to_answer("en")] == ["variant", "decklist", "commanders", "decks"]


def test_a_field_of_the_other_game_is_unknown() -> None:
    assert problems({"variant": "dtc", "decklist": "x", "commanders": []}) == [
        "Request: unknown field “commanders” (expected: variant, decklist, decks)."
    ]
    assert problems({"variant": "commander", "decklist": "1 Sol Ring", "decks": []}) == [
        "Request: unknown field “decks” (expected: variant, decklist, commanders)."
    ]
    assert problems({}) == ["Format: required, one of commander, brawl, dtc, dtcs, dtb."]
    assert problems([]) == ["The request must be a JSON object."]


def test_an_empty_magic_decklist_says_what_to_paste() -> None:
    [en] = problems({"variant": "commander", "decklist": " \n "})
    [ja] = problems({"variant": "commander", "decklist": ""}, "ja")
    assert en.startswith("Decklist: empty. Paste the deck one card per line, as “1 Sol Ring”")
    assert ja.startswith("デッキリスト：空です。") and "「統率者」の行" in ja
