"""Cards exiled "until" an event (610.3, 603.6c, 800.4d, 903.9) and who begins the next turn (103.1, 800.4j,
800.4k): the end-turn cases as data files (tests/engine/cases/end_turn), like the leave-game ones; the board
JSON's ``until_effects`` written back as read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from judge.engine.board_payload import board_from_payload
from judge.engine.errors import InvalidInputError
from judge.engine.leave_game import leave_game_from_payload
from judge.engine.scenario_replay import expectation_mismatches
from judge.engine.turn_end import end_turn_from_payload

CASES = sorted((Path(__file__).parent / "cases" / "end_turn").glob("*.json"))
LEAVE_CASES = Path(__file__).parent / "cases" / "leave_game"


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_end_turn_case(path: Path) -> None:
    case = _load(path)
    assert (
        expectation_mismatches(case["expect"], end_turn_from_payload(case["payload"]).to_answer("en")) == ()
    )


def test_until_effects_round_trip_through_the_board_json() -> None:
    payload = _load(LEAVE_CASES / "until-from-hand-commander.json")["payload"]
    board = board_from_payload({k: v for k, v in payload.items() if k != "leaving"})
    written = board.to_payload()
    assert written["until_effects"] == [
        {
            "id": "maggot-exile",
            "source": "maggot",
            "objects": ["b-commander"],
            "ends": "source-leaves",
            "how": "until",
            "from": "hand",
        }
    ]
    assert [o.get("commander") for o in written["objects"]] == [None, True]
    assert board_from_payload(written) == board


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_ended_exile_leaves_the_board_and_names_its_rules(lang: str) -> None:
    payload = _load(LEAVE_CASES / "until-source-owner-leaves.json")["payload"]
    answer = leave_game_from_payload(payload).to_answer(lang)
    assert "until_effects" not in answer["board"]
    texts = {s["rule"]: s["text"] for s in answer["steps"]}
    if lang == "ja":
        assert (
            "誘発型能力ではない" in texts["610.3"]
            and "オーナーのコントロール下で戦場に戻る" in texts["610.3c"]
        )
        assert "統率者" in texts["903.9a"] and "統治者" not in texts["903.9a"]
    else:
        assert "not a triggered ability" in texts["610.3"] and "under its owner's control" in texts["610.3c"]


def test_the_how_defaults_to_until_and_a_bad_value_is_named() -> None:
    payload = _load(LEAVE_CASES / "until-source-owner-leaves.json")["payload"]
    effect = {k: v for k, v in payload["until_effects"][0].items() if k != "how"}
    board = board_from_payload(
        {**{k: v for k, v in payload.items() if k != "leaving"}, "until_effects": [effect]}
    )
    assert board.until_effects[0].how.value == "until"
    with pytest.raises(InvalidInputError) as info:
        leave_game_from_payload({**payload, "until_effects": [{**effect, "how": "later", "objects": []}]})
    fields = [m.field for m in info.value.messages]
    assert "until_effects[0].how" in fields and "until_effects[0].objects" in fields
    assert all("until_effects[" not in text for text in info.value.render("ja"))
