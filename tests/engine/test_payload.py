"""The one set of input readers (judge.engine.payload): one ``input.*`` code per mistake, in every domain."""

from __future__ import annotations

import enum
from functools import partial
from typing import Any

import pytest

from judge.engine.board_payload import board_from_payload
from judge.engine.errors import MAX_PROBLEMS, InvalidInputError, RulesError
from judge.engine.messages import LANGUAGES, Message, msg
from judge.engine.payload import (
    read_choice,
    read_flag,
    read_int,
    read_list,
    read_name,
    read_object,
    read_text,
    shown,
    unknown_fields,
)
from judge.engine.texts import CATALOG
from judge.engine.tracker import table_setup

LABEL = msg("input.label.request")


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


def problems_of(read: Any, value: Any, **kwargs: Any) -> tuple[Any, list[tuple[str, str]]]:
    problems: list[Message] = []
    result = read(value, field="f", label=LABEL, problems=problems, **kwargs)
    return result, [(p.code, p.field) for p in problems]


@pytest.mark.parametrize(
    ("value", "kwargs", "expected", "codes"),
    [
        ("Alex", {}, "Alex", []),
        (None, {"optional": True}, None, []),
        (None, {}, None, ["input.required"]),
        ("   ", {}, None, ["input.required"]),
        (3, {}, None, ["input.not-text"]),
        (["x"], {}, None, ["input.not-text"]),
        ("x" * 11, {"high": 10}, None, ["input.too-long"]),
    ],
)
def test_read_text(value: Any, kwargs: dict[str, Any], expected: Any, codes: list[str]) -> None:
    result, found = problems_of(read_text, value, **kwargs)
    assert result == expected and [code for code, _ in found] == codes


@pytest.mark.parametrize(
    ("value", "expected", "codes"),
    [
        ("  Aki   Tanaka ", "Aki Tanaka", []),
        ("", None, ["input.required"]),
        (7, None, ["input.not-text"]),
        ("\ud800", None, ["input.broken-text"]),
        ("A\u202eB", None, ["input.control-characters"]),
        ("x" * 61, None, ["input.too-long"]),
        ("x" * 1000, None, ["input.too-long"]),
    ],
)
def test_read_name(value: Any, expected: Any, codes: list[str]) -> None:
    result, found = problems_of(read_name, value, high=60)
    assert result == expected and [code for code, _ in found] == codes


def test_read_int_flag_list_object() -> None:
    assert problems_of(read_int, " 12 ", low=0, high=20) == (12, [])
    assert problems_of(read_int, 3.0, low=0, high=20) == (None, [("input.whole-number", "f")])
    assert problems_of(read_int, "9" * 13, low=0, high=10**14) == (None, [("input.whole-number", "f")])
    assert problems_of(read_flag, None) == (False, [])
    assert problems_of(read_flag, "on") == (False, [("input.true-false", "f")])
    assert problems_of(read_flag, "on", words=True) == (True, [])
    assert problems_of(read_list, None, high=2, optional=True) == ([], [])
    assert problems_of(read_list, None, high=2) == ([], [("input.list", "f")])
    assert problems_of(read_list, [1, 2, 3], high=2) == ([], [("input.too-many", "f")])
    assert problems_of(read_object, {"a": 1}) == ({"a": 1}, [])
    assert problems_of(read_object, [1]) == (None, [("input.object", "f")])


def test_read_choice_lists_the_choices_in_the_readers_language() -> None:
    def name(colour: Colour) -> Message:
        return msg("board.kind.card") if colour is Colour.RED else msg("board.kind.token")

    assert problems_of(partial(read_choice, Colour), " blue ", name=name) == (Colour.BLUE, [])
    assert problems_of(partial(read_choice, Colour), None, name=name, default=Colour.RED) == (Colour.RED, [])
    problems: list[Message] = []
    assert read_choice(Colour, "green", field="f", label=LABEL, problems=problems, name=name) is None
    assert read_choice(Colour, None, field="f", label=LABEL, problems=problems, name=name) is None
    assert [p.code for p in problems] == ["input.one-of", "input.choose"]
    assert problems[0].text("en") == "Request: “green” is not one of card, token."
    assert problems[1].text("ja") == "リクエスト：カード、トークン のいずれかを指定してください。"


def test_shown_never_echoes_a_huge_or_deep_value() -> None:
    deep: list[Any] = []
    for _ in range(100_000):
        deep = [deep]
    assert shown(deep) == "…" and shown({"a": 1}) == "…" and shown(10**400) == "…"
    assert shown("x" * 100) == "x" * 60 and shown("\x00") == "?" and shown(None) == "None"


def test_unknown_fields_are_one_problem_each_then_how_many_more() -> None:
    found = unknown_fields({f"k{i}": 1 for i in range(MAX_PROBLEMS + 5)}, ["a"], field="x", label=LABEL)
    assert [p.code for p in found[:2]] == ["input.unknown-field"] * 2 and found[0].field == "x.k0"
    assert found[-1].code == "input.more-problems" and len(found) == MAX_PROBLEMS + 1


def codes(err: RulesError) -> set[str]:
    return {p["code"] for p in err.to_answer()}


def test_the_board_and_the_tracker_give_one_code_for_one_mistake() -> None:
    """A name that is not text, an unknown field, a bad choice, a player given twice: the same code each."""
    board = {"variant": "free-for-all", "turn_order": ["Alex", 3, "Alex", "Bianca"], "colour": 1}
    with pytest.raises(InvalidInputError) as on_board:
        board_from_payload(board)
    with pytest.raises(InvalidInputError) as in_tracker:
        table_setup(variant="vintage", players=["Alex", 3, "alex", "Bianca"])
    assert {"input.not-text", "input.duplicate", "input.unknown-field"} <= codes(on_board.value)
    assert {"input.not-text", "input.duplicate", "input.one-of"} <= codes(in_tracker.value)


def test_every_input_code_has_both_languages() -> None:
    input_codes = [code for code in CATALOG if code.startswith("input.")]
    assert len(input_codes) > 15
    assert all(CATALOG[code].get(lang) for code in input_codes for lang in LANGUAGES)
