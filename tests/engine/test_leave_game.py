"""Leave-game resolution (800.4): board cases as data files, the CR examples from both sides, properties."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from judge.engine.board_payload import board_from_payload
from judge.engine.errors import InvalidInputError, RulesError
from judge.engine.leave_game import leave_game_from_payload, resolve_leave_game
from judge.engine.messages import Message
from judge.engine.scenario_replay import expectation_mismatches, replay
from judge.engine.scenarios import load_scenarios
from tests.engine.board_helpers import griffin, stolen_by_aura

CASES_DIR = Path(__file__).parent / "cases" / "leave_game"
SCENARIOS_DIR = Path(__file__).resolve().parents[2] / "rules_data" / "scenarios"
CASES = sorted(CASES_DIR.glob("*.json"))

# Every rule the resolver can cite; each must be exercised by a case file or a scenario.
RESOLVER_RULES = {
    "800.4a",
    "800.4b",
    "800.4c",
    "800.4d",
    "800.4e",
    "800.4j",
    "800.4k",
    "800.4m",
    "800.4n",
    "800.4p",
    "611.3b",
    "613.7",
    "110.2",
    "603.7c",
    "704.5m",
    "704.5n",
    "704.5p",
    "704.6f",
    "506.4",
    "509.1h",
    "725.4",
    "726.4",
    "723.1",
    "901.10",
    "901.10a",
    "901.10b",
    "901.11b",
    "901.12b",
    "901.14b",
    "807.4e",
    "810.8b",
    "104.2a",
    "104.2c",
    "104.1",
    "610.3",
    "610.3c",
    "603.6c",
    "903.9a",
    "903.9b",
    "725.2",
    "726.2",
    "dtc:basic-rules",
    "dtc:win-loss",
}

# The five examples printed under 800.4a / 800.4d, each replayed from both sides.
CR_EXAMPLES = {
    "mind-control": ("Alex", "Bianca"),
    "act-of-treason": ("Alex", "Bianca"),
    "bribery": ("Alex", "Bianca"),
    "genesis-chamber": ("Alex", "Bianca"),
    "astral-slide": ("Alex", "Bianca"),
}


def load_case(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def run(payload: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    result: dict[str, Any] = leave_game_from_payload(payload).to_answer(lang)
    return result


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case(path: Path) -> None:
    case = load_case(path)
    if "error" in case:
        with pytest.raises(RulesError) as info:
            run(case["payload"])
        assert type(info.value).__name__ == case["error"]["type"]
        found = [
            {k: v for k, v in p.to_answer("en").items() if k in ("code", "rule", "field") and v}
            for p in info.value.messages
            if isinstance(p, Message)
        ]
        assert found == case["error"]["problems"]
        for lang in ("en", "ja"):
            assert all(
                p and "objects[" not in p and "control_effects[" not in p for p in info.value.render(lang)
            )
    else:
        assert expectation_mismatches(case["expect"], run(case["payload"])) == ()


def test_there_are_enough_cases() -> None:
    assert len(CASES) >= 15


def _all_cited_rules() -> set[str]:
    rules: set[str] = set()
    for path in CASES:
        case = load_case(path)
        if "expect" in case:
            rules.update(s["rule"] for s in run(case["payload"])["steps"])
    for scenario in load_scenarios(SCENARIOS_DIR):
        for step in replay(scenario):
            if step.step.kind in ("leave-game", "dtc-loss", "end-turn"):
                rules.update(s.rule for s in step.engine_steps)
    return rules


def test_every_resolver_rule_is_exercised_by_a_real_board() -> None:
    assert RESOLVER_RULES - _all_cited_rules() == set()


@pytest.mark.parametrize("example", sorted(CR_EXAMPLES))
def test_cr_example_from_both_sides(example: str) -> None:
    scenarios = {s.slug: s for s in load_scenarios(SCENARIOS_DIR)}
    for player in CR_EXAMPLES[example]:
        scenario = scenarios[f"{example}-{player.lower()}-leaves"]
        leave_steps = [s for s in replay(scenario) if s.step.kind == "leave-game"]
        assert leave_steps, scenario.slug
        assert leave_steps[0].before is not None and leave_steps[0].before["leaving"] == player
        for step in leave_steps:
            assert step.matched, (scenario.slug, step.mismatches)


# --- a few behaviours spelled out ----------------------------------------------------------------

MIND_CONTROL: dict[str, Any] = {
    "variant": "free-for-all",
    "turn_order": ["Alex", "Bianca", "Carol"],
    "active_player": "Carol",
    **stolen_by_aura(griffin(), aura="mind-control"),
}


def test_result_shape() -> None:
    result = run({**MIND_CONTROL, "leaving": "Alex"})
    assert set(result) == {
        "steps",
        "objects",
        "control_effects",
        "delayed_triggers",
        "planar_controller",
        "planeswalks",
        "left",
        "turn_order",
        "active_player",
        "priority",
        "winners",
        "losers",
        "monarch",
        "initiative",
        "player_control",
        "game_over",
        "changes",
        "summary",
        "board",
    }
    assert result["objects"] == [
        {"id": "griffin", "zone": "battlefield", "controller": "Bianca"},
        {"id": "mind-control", "zone": "left-game", "controller": None},
    ]
    assert result["control_effects"] == [{"id": "steal", "status": "ended"}]
    assert result["left"] == ["Alex"]
    assert result["turn_order"] == ["Bianca", "Carol"]
    assert result["active_player"] == "Carol"
    assert result["planar_controller"] is None
    assert all(set(s) == {"code", "rule", "text", "objects"} for s in result["steps"])
    assert all(s["code"].startswith("leave.") for s in result["steps"])
    assert result["summary"] == (
        "Alex left the game; Assault Griffin: controller Alex → Bianca; "
        "Mind Control: battlefield → left the game"
    )


def test_the_answer_speaks_japanese() -> None:
    result = run({**MIND_CONTROL, "leaving": "Alex"}, lang="ja")
    assert result["steps"][0]["text"] == (
        "Alexがゲームから離れ、Alexがオーナーであるオブジェクトもすべてゲームから離れる：《精神の制御》。"
    )
    assert result["summary"].startswith(
        "Alexがゲームから離れた ／ 《突撃するグリフィン》：コントローラー Alex → Bianca"
    )
    assert all("退場" not in s["text"] and "除外" not in s["text"] for s in result["steps"])


def test_resolution_is_pure_and_repeatable() -> None:
    board = board_from_payload(MIND_CONTROL)
    snapshot = copy.deepcopy(board)
    first = resolve_leave_game(board=board, leaving="Bianca")
    second = resolve_leave_game(board=board, leaving="Bianca")
    assert board == snapshot
    assert first == second


def test_board_after_can_be_resolved_again() -> None:
    after = resolve_leave_game(board=board_from_payload(MIND_CONTROL), leaving="Alex").board
    assert after.left == ("Alex",)
    assert board_from_payload(after.to_payload()) == after
    final = resolve_leave_game(board=after, leaving="Bianca")
    assert final.winners == ("Carol",)
    assert final.to_answer()["objects"] == [{"id": "griffin", "zone": "left-game", "controller": None}]


def test_leaving_player_must_be_in_the_game() -> None:
    board = board_from_payload(MIND_CONTROL)
    with pytest.raises(InvalidInputError) as info:
        resolve_leave_game(board=board, leaving="Dana")
    assert info.value.problems == ("Player who leaves: “Dana” is not a player in this game.",)
    assert info.value.render("ja") == [
        "ゲームから離れるプレイヤー：「Dana」はこのゲームのプレイヤーではありません。"
    ]


def test_missing_leaving_is_listed_with_the_other_problems() -> None:
    with pytest.raises(InvalidInputError) as info:
        leave_game_from_payload({**MIND_CONTROL, "active_player": "Zed"})
    assert info.value.problems == (
        "Active player: “Zed” is not a player in this game.",
        "Player who leaves: required.",
    )


def test_missing_leaving_alone() -> None:
    with pytest.raises(InvalidInputError) as info:
        leave_game_from_payload(MIND_CONTROL)
    assert info.value.to_answer("en") == [
        {"code": "input.required", "rule": "", "text": "Player who leaves: required.", "field": "leaving"}
    ]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "ja",
            "ゲームから離れたBがオーナーである現象《Tunnel》からの能力（Tunnel trigger）は、スタックに残り、"
            "新しい次元コントローラーであるCがコントロールする。",
        ),
        (
            "en",
            "Tunnel trigger, an ability from the phenomenon Tunnel owned by B, who left the game, remains "
            "on the "
            "stack, controlled by the new planar controller C.",
        ),
    ],
)
def test_a_phenomenon_ability_stays_in_the_words_of_901_10b(lang: str, expected: str) -> None:
    """901.10b: "Abilities from phenomena owned by a player who left the game remain on the stack controlled
    by
    the new planar controller" — the phenomenon named, the ability's own name apart from the sentence."""
    payload = {
        "variant": "planechase",
        "turn_order": ["A", "B", "C"],
        "active_player": "B",
        "planar_controller": "B",
        "leaving": "B",
        "objects": [
            {
                "id": "t",
                "name": "Tunnel",
                "kind": "phenomenon",
                "owner": "B",
                "controller": "B",
                "zone": "command",
            },
            {
                "id": "a",
                "name": "Tunnel trigger",
                "kind": "ability",
                "controller": "B",
                "zone": "stack",
                "source": "t",
            },
        ],
    }
    (step,) = [s for s in run(payload, lang)["steps"] if s["rule"] == "901.10b"]
    assert step["text"] == expected


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_with_no_active_player_the_answer_says_how_it_reads_next_in_turn_order(lang: str) -> None:
    """725.4 / 726.4 leave open from whom "next in turn order" counts: the answer names its reading
    (800.4j)."""
    payload = {
        "variant": "free-for-all",
        "turn_order": [
            "C",
            "D",
            "A",
        ],  # no active player: the order starts with the next turn's player (800.4j)
        "active_player": None,
        "monarch": "D",
        "initiative": "D",
        "leaving": "D",
    }
    result = run(payload, lang)
    monarch, initiative = [s for s in result["steps"] if s["rule"] in ("725.4", "726.4")]
    assert result["board"]["monarch"] == result["board"]["initiative"] == "C"
    for step in (monarch, initiative):
        if lang == "en":
            assert (
                "does not say from whom" in step["text"]
                and "the player who takes the next turn" in step["text"]
            )
        else:
            assert (
                "誰から数えるかを定めていない" in step["text"]
                and "次のターンを行うプレイヤー" in step["text"]
            )
        assert "800.4j" in step["text"]


def test_dtc_has_no_leaving_the_team_loses_and_no_object_moves() -> None:
    payload = {
        "variant": "dtc",
        "turn_order": ["A", "B", "C", "D"],
        "active_player": "A",
        "teams": [["A", "C"], ["B", "D"]],
        "leaving": "C",
        "objects": [
            {"id": "x", "name": "X", "kind": "card", "owner": "C", "controller": "C", "zone": "battlefield"}
        ],
    }
    result = run(payload)
    assert result["left"] == []
    assert result["losers"] == ["A", "C"]
    assert result["winners"] == ["B", "D"]
    assert result["game_over"] is True
    assert result["objects"] == []
    assert [s["rule"] for s in result["steps"]] == ["dtc:turn-structure", "dtc:basic-rules", "dtc:win-loss"]
