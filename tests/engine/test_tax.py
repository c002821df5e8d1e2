"""Tests for judge.engine.tax: the worked cases in cases/tax.txt, direct calls, and properties."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judge.engine.errors import InvalidInputError
from judge.engine.mana import parse_mana_cost
from judge.engine.messages import Message
from judge.engine.tax import (
    MAX_CASTS,
    MAX_MANA,
    CastZone,
    TaxResult,
    Variant,
    calculate_tax,
    commander_tax,
    dtc_tax,
    planar_die_cost,
)

CASES_FILE = Path(__file__).parent / "cases" / "tax.txt"


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def load_cases(path: Path = CASES_FILE) -> list[dict[str, Any]]:
    """Read the perft-style case file: blocks of "key value" lines separated by blank lines."""
    cases: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.startswith("#"):
            continue
        if not line.strip():
            current = None
            continue
        key, _, raw = line.partition(" ")
        if current is None:
            assert key == "id", f"{path.name}:{number}: a case starts with its id"
            current = {"id": raw, "line": number, "payload": {}, "expect": {}, "errors": []}
            cases.append(current)
        elif key.startswith("expect."):
            name = key.removeprefix("expect.")
            current["expect"][name] = raw.split() if name == "rules" else _value(raw)
        elif key == "error":
            field, _, code = raw.partition(" ")
            current["errors"].append((field, code))
        else:
            assert key not in current["payload"], f"{path.name}:{number}: {key} twice"
            current["payload"][key] = _value(raw)
    return cases


CASES = load_cases()


def test_case_file_is_well_formed() -> None:
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids)), "duplicate case ids"
    assert len(CASES) >= 30
    for case in CASES:
        assert bool(case["expect"]) != bool(case["errors"]), f"{case['id']}: expect.* or error, not both"


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_worked_case(case: dict[str, Any]) -> None:
    if case["errors"]:
        with pytest.raises(InvalidInputError) as err:
            calculate_tax(case["payload"])
        found = [(m.field, m.code) for m in err.value.messages if isinstance(m, Message)]
        assert found == case["errors"]
        # Every problem reads in both languages and names its field by a label, never the JSON path.
        for lang in ("en", "ja"):
            for text in err.value.render(lang):
                assert not any(f"{field}:" in text for field, _ in case["errors"] if "_" in field), text
        return
    result = calculate_tax(case["payload"])
    expect = case["expect"]
    data = result.to_answer()
    if "tax_generic" in expect:
        assert data["tax_generic"] == expect["tax_generic"]
    if "total_cost" in expect:
        assert data["total_cost"] == expect["total_cost"]
        # Mana costs are text, DTC and planar die costs are numbers.
        assert isinstance(data["total_cost"], type(expect["total_cost"]))
    if "rules" in expect:
        assert [s["rule"] for s in data["steps"]] == expect["rules"]


# ---------------------------------------------------------------------------
# Direct calls


def test_issue_example_explains_every_step() -> None:
    result = commander_tax(mana_cost="{3}{G}{G}", previous_casts=2, reduction=1)
    assert result == TaxResult(tax_generic=4, total_cost="{6}{G}{G}", steps=result.steps)
    texts = [s.render("en") for s in result.steps]
    assert texts[0] == "Start from the mana cost {3}{G}{G}."
    assert "{4}" in texts[1] and "{7}{G}{G} so far" in texts[1]
    assert "from {7} to {6}" in texts[2]
    assert texts[-1] == "Total cost: {6}{G}{G}."


def test_to_answer_has_exactly_the_api_keys() -> None:
    data = commander_tax(mana_cost="{1}{U}", previous_casts=1).to_answer()
    assert set(data) == {"tax_generic", "total_cost", "steps"}
    assert data["tax_generic"] == 2 and data["total_cost"] == "{3}{U}"
    assert all(set(step) == {"code", "rule", "text", "objects"} for step in data["steps"])
    json.dumps(data)  # JSON-ready
    ja = commander_tax(mana_cost="{1}{U}", previous_casts=1).to_answer("ja")
    assert ja["steps"][1]["text"].startswith("統率者税：統率領域から以前に唱えた1回につき {2}、計 {2}。")


def test_partners_count_separately() -> None:
    # 702.124d: Thrasios cast twice does not make Tymna's first cast cost more.
    thrasios = commander_tax(mana_cost="{G}{U}", previous_casts=2, partner=True)
    tymna = commander_tax(mana_cost="{1}{W}{B}", previous_casts=0, partner=True)
    assert (thrasios.tax_generic, thrasios.total_cost) == (4, "{4}{G}{U}")
    assert (tymna.tax_generic, tymna.total_cost) == (0, "{1}{W}{B}")
    assert any(s.rule == "702.124d" and "partner" in s.render("en") for s in tymna.steps)
    assert any(s.rule == "702.124d" and "共闘" in s.render("ja") for s in tymna.steps)


@pytest.mark.parametrize("cast_from", [CastZone.COMMAND_ZONE, CastZone.HAND])
def test_a_commander_without_partner_says_nothing_of_partners(cast_from: CastZone) -> None:
    """Rafiq of the Many has no partner: 702.124d is no part of its tax (issue 24)."""
    rafiq = commander_tax(mana_cost="{1}{G}{W}{U}", previous_casts=1, cast_from=cast_from)
    assert "702.124d" not in [s.rule for s in rafiq.steps]
    assert not any("共闘" in s.render("ja") or "partner" in s.render("en") for s in rafiq.steps)


def test_brawl_variant_adds_its_step() -> None:
    result = commander_tax(mana_cost="{2}{R}", previous_casts=1, variant=Variant.BRAWL)
    assert result.total_cost == "{4}{R}"
    assert result.steps[1].rule == "903.12a"


def test_unused_reduction_with_x_says_x_can_take_it() -> None:
    result = commander_tax(mana_cost="{X}{R}", previous_casts=1, reduction=5)
    assert result.total_cost == "{X}{R}"
    left_over = [s for s in result.steps if s.rule == "118.7a"]
    assert len(left_over) == 1 and "{3}" in left_over[0].render("en") and "X" in left_over[0].render("en")


def test_commander_tax_rejects_other_variants_and_lists_all_problems() -> None:
    with pytest.raises(InvalidInputError) as err:
        commander_tax(mana_cost="{Q}", previous_casts=True, reduction=-1, variant=Variant.PLANECHASE)
    assert err.value.problems == (
        "Format: commander tax is for commander, brawl.",
        "Mana cost: {Q} is not a mana symbol.",
        "Previous casts from the command zone: a whole number from 0 to 1000.",
        "Cost reduction: a whole number from 0 to 1000000.",
    )
    assert err.value.render("ja") == [
        "フォーマット：統率者税を計算できるのは commander, brawl です。",
        "マナ・コスト：{Q} はマナ・シンボルではありません。",
        "これまでに統率領域から唱えた回数：0〜1000 の整数を入力してください。",
        "コストの軽減：0〜1000000 の整数を入力してください。",
    ]
    assert [m.field for m in err.value.messages] == [  # type: ignore[union-attr]
        "variant",
        "mana_cost",
        "previous_casts",
        "reduction",
    ]


def test_dtc_document_example() -> None:
    result = dtc_tax(cost=6, reduction=5, play_number=3)
    assert (result.tax_generic, result.total_cost) == (4, 5)
    assert {s.rule for s in result.steps} == {"dtc:commander-tax"}
    assert result.steps[-1].render("en") == "Cost to pay: 1 + 4 = 5."
    assert result.steps[-1].render("ja") == "支払うコスト：1 + 4 = 5。"
    # Duel Masters words in Japanese: 統率領域, プレイ, 無色のコスト, 軽減.
    tax_step = result.steps[2].render("ja")
    assert "統率領域からの 3 回目のプレイ" in tax_step and "無色のコスト" in tax_step and "軽減" in tax_step


def test_dtc_reduction_stops_at_one() -> None:
    result = dtc_tax(cost=6, reduction=9, play_number=2)
    assert result.total_cost == 3
    assert "can't take the cost below 1" in result.steps[1].render("en")


def test_dtc_counts_plays_per_player() -> None:
    steps = dtc_tax(cost=3, reduction=0, play_number=2).steps
    assert any("each player, not for the team" in s.render("en") for s in steps)


def test_dtc_rejects_bad_numbers_together() -> None:
    with pytest.raises(InvalidInputError) as err:
        dtc_tax(cost=-1, reduction=MAX_MANA + 1, play_number=0)
    assert len(err.value.problems) == 3
    assert [m.field for m in err.value.messages] == ["cost", "reduction", "play_number"]  # type: ignore[union-attr]


def test_planar_die_cost_values() -> None:
    assert [planar_die_cost(rolls_this_turn=n).total_cost for n in range(4)] == [0, 1, 2, 3]
    assert planar_die_cost(rolls_this_turn=0).steps[0].render("en").endswith("costs nothing ({0}).")


def test_planar_die_cost_rejects_negative_rolls() -> None:
    with pytest.raises(InvalidInputError) as err:
        planar_die_cost(rolls_this_turn=-1)
    assert err.value.problems == ("Planar die rolls already this turn: a whole number from 0 to 1000.",)


@pytest.mark.parametrize("payload", [None, [], "commander", 3])
def test_payload_must_be_an_object(payload: Any) -> None:
    with pytest.raises(InvalidInputError) as err:
        calculate_tax(payload)
    assert err.value.problems == ("The request must be a JSON object.",)


# ---------------------------------------------------------------------------
# Properties

COSTS = st.sampled_from(
    ["{3}{G}{G}", "{G}{U}", "{1}{W}{B}", "{0}", "{7}", "{X}{2}{R}", "{2}{W/U}{C}", "{S}{1}"]
)


@given(
    COSTS,
    st.integers(0, MAX_CASTS),
    st.integers(0, MAX_MANA),
    st.sampled_from([Variant.COMMANDER, Variant.BRAWL]),
)
def test_commander_tax_arithmetic(mana_cost: str, casts: int, reduction: int, variant: Variant) -> None:
    result = commander_tax(mana_cost=mana_cost, previous_casts=casts, reduction=reduction, variant=variant)
    printed = parse_mana_cost(mana_cost)
    assert isinstance(result.total_cost, str)
    total = parse_mana_cost(result.total_cost)
    assert result.tax_generic == 2 * casts
    assert total.generic == max(printed.generic + 2 * casts - reduction, 0)
    # The coloured part is never reduced.
    assert sorted(s.text for s in total.colored_part) == sorted(s.text for s in printed.colored_part)


@given(st.integers(0, 50), st.integers(0, 50), st.integers(1, 50))
def test_dtc_tax_arithmetic(cost: int, reduction: int, play: int) -> None:
    result = dtc_tax(cost=cost, reduction=reduction, play_number=play)
    reduced = cost if cost == 0 else max(cost - reduction, 1)
    assert result.tax_generic == 2 * (play - 1)
    assert result.total_cost == reduced + 2 * (play - 1)
    # The tax never shrinks: a bigger reduction changes only the reduced cost.
    assert dtc_tax(cost=cost, reduction=reduction + 1, play_number=play).tax_generic == result.tax_generic


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-10, 2_000_000)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)
FIELDS = st.sampled_from(
    [
        "variant",
        "mana_cost",
        "previous_casts",
        "reduction",
        "cost",
        "play_number",
        "rolls_this_turn",
        "two_headed_giant",
        "cast_from",
        "other",
    ]
)
VARIANTS = st.sampled_from(["commander", "brawl", "dtc", "planechase", "x"])


@given(st.dictionaries(FIELDS, JSON_VALUES | VARIANTS | COSTS | st.integers(0, 5), max_size=6))
def test_random_payloads_give_a_result_or_a_clear_error(payload: dict[str, Any]) -> None:
    try:
        result = calculate_tax(payload)
    except InvalidInputError as err:
        assert err.problems
        assert all(isinstance(m, Message) and m.field for m in err.messages)
    else:
        data = result.to_answer()
        assert data["tax_generic"] >= 0
        json.dumps(data)
