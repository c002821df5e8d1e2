"""Tests for judge.engine.damage: the worked cases in cases/damage.json, direct calls, and properties."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judge.engine import errors
from judge.engine.damage import (
    MAX_EVENTS,
    Commander,
    DamageEvent,
    LifeGain,
    calculate_commander_damage,
    commander_damage,
)
from judge.engine.errors import IllegalStateError, InvalidInputError, RulesError
from judge.engine.variants import Variant

CASES: list[dict[str, Any]] = json.loads((Path(__file__).parent / "cases" / "damage.json").read_text("utf-8"))

RAFIQ = Commander(id="rafiq", owner="Alex", name="Rafiq of the Many")
PLAYERS = ("Alex", "Bianca", "Carol")


def test_case_file_is_well_formed() -> None:
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids))
    # The corpus examples the Commander rules document gives must be covered.
    for required in (
        "beacon-of-immortality",
        "fog",
        "stolen-commander-hits-its-owner",
        "partners-counted-separately",
        "brawl-no-loss",
    ):
        assert required in ids
    for case in CASES:
        assert ("expect" in case) != ("error" in case), case["id"]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_worked_case(case: dict[str, Any]) -> None:
    if "error" in case:
        expected_type = getattr(errors, case["error"]["type"])
        with pytest.raises(RulesError) as err:
            calculate_commander_damage(case["payload"])
        assert type(err.value) is expected_type
        assert [[m.field, m.code] for m in err.value.messages] == case["error"]["problems"]  # type: ignore[union-attr]
        return
    data = calculate_commander_damage(case["payload"]).to_answer()
    assert set(data) == {"totals", "lost", "lost_teams", "steps"}
    assert data["totals"] == case["expect"]["totals"]
    assert data["lost"] == case["expect"]["lost"]
    assert data["lost_teams"] == case["expect"].get("lost_teams", [])
    if "rules" in case["expect"]:
        assert [s["rule"] for s in data["steps"]] == case["expect"]["rules"]
    json.dumps(data)


# ---------------------------------------------------------------------------
# Direct calls


def test_beacon_fog_and_stolen_commander_in_one_game() -> None:
    events = [
        DamageEvent(source="rafiq", target="Bianca", amount=10, combat=True),
        LifeGain(target="Bianca", amount=20),
        DamageEvent(source="rafiq", target="Bianca", amount=6, combat=True, prevented=6),
        DamageEvent(source="rafiq", target="Bianca", amount=11, combat=True, controller="Carol"),
    ]
    result = commander_damage(variant=Variant.COMMANDER, players=PLAYERS, commanders=[RAFIQ], events=events)
    assert result.damage("Bianca", "rafiq") == 21
    assert [(loss.player, loss.damage, loss.rule) for loss in result.lost] == [("Bianca", 21, "704.6c")]
    texts = {s.rule: s.render("en") for s in result.steps}
    assert "still Rafiq of the Many 10" in texts["commander:9"]
    assert "never dealt" in texts["615.6"]
    assert "controlled by Carol but is still Alex's commander" in texts["903.3"]
    assert "since event 4" in texts["704.6c"]


def test_losing_is_checked_over_the_whole_game_not_per_event() -> None:
    # Three hits of 7: none is 21 alone, the total is.
    events = [DamageEvent(source="rafiq", target="Carol", amount=7, combat=True)] * 3
    result = commander_damage(variant=Variant.COMMANDER, players=PLAYERS, commanders=[RAFIQ], events=events)
    assert [loss.player for loss in result.lost] == ["Carol"]


def test_noncombat_damage_is_listed_as_not_counting() -> None:
    events = [DamageEvent(source="rafiq", target="Bianca", amount=40, combat=False)]
    result = commander_damage(variant=Variant.COMMANDER, players=PLAYERS, commanders=[RAFIQ], events=events)
    assert result.totals == () and result.lost == ()
    assert result.steps[0].render("en").endswith("only combat damage counts as commander damage.")
    assert result.steps[0].objects == ("rafiq",)


def test_partners_step_shows_both_totals() -> None:
    tymna = Commander(id="tymna", owner="Alex", name="Tymna")
    thrasios = Commander(id="thrasios", owner="Alex", name="Thrasios")
    events = [
        DamageEvent(source="thrasios", target="Bianca", amount=20, combat=True),
        DamageEvent(source="tymna", target="Bianca", amount=20, combat=True),
    ]
    result = commander_damage(
        variant=Variant.COMMANDER, players=["Alex", "Bianca"], commanders=[tymna, thrasios], events=events
    )
    assert result.lost == ()
    partner = [s for s in result.steps if s.rule == "702.124d"]
    assert len(partner) == 1
    assert "Tymna 20, Thrasios 20" in partner[0].render("en")
    assert partner[0].render("ja") == (
        "Bianca：Alexの2体の統率者からのダメージは別々に数え（《Tymna》 20 点、《Thrasios》 20 点）、"
        "合計しません。"
    )


def test_brawl_reports_totals_but_nobody_loses() -> None:
    events = [DamageEvent(source="rafiq", target="Bianca", amount=50, combat=True)]
    result = commander_damage(variant=Variant.BRAWL, players=PLAYERS, commanders=[RAFIQ], events=events)
    assert result.damage("Bianca", "rafiq") == 50
    assert result.lost == ()
    assert [s.rule for s in result.steps] == ["903.12h", "903.10a", "903.12h"]


@pytest.mark.parametrize("variant", [Variant.DTC, Variant.PLANECHASE, "commander"])
def test_other_variants_are_refused(variant: Any) -> None:
    with pytest.raises(InvalidInputError) as err:
        commander_damage(variant=variant, players=PLAYERS, commanders=[RAFIQ], events=[])
    assert err.value.problems == ("Format: commander damage is counted in commander, brawl.",)


def test_owner_outside_the_game_is_an_illegal_state() -> None:
    with pytest.raises(IllegalStateError) as err:
        commander_damage(variant=Variant.COMMANDER, players=["Bianca"], commanders=[RAFIQ], events=[])
    assert "“Alex” is not a player in this game" in err.value.problems[0]
    assert err.value.render("ja")[0].startswith(
        "統率者1のオーナー：「Alex」はこのゲームのプレイヤーではありません。"
    )


def test_bad_input_is_reported_before_illegal_state() -> None:
    # Both problems exist; the input ones come first, since the state can't be judged from bad input.
    with pytest.raises(InvalidInputError):
        commander_damage(
            variant=Variant.COMMANDER,
            players=["Bianca"],
            commanders=[RAFIQ],
            events=[DamageEvent(source="rafiq", target="Bianca", amount=-1, combat=True)],
        )


def test_too_many_events() -> None:
    payload = {
        "variant": "commander",
        "players": list(PLAYERS),
        "commanders": [{"id": "rafiq", "owner": "Alex"}],
        "events": [{"source": "rafiq", "target": "Bianca", "amount": 1, "combat": True}] * (MAX_EVENTS + 1),
    }
    with pytest.raises(InvalidInputError) as err:
        calculate_commander_damage(payload)
    assert err.value.problems == (
        f"Damage and life gain: {MAX_EVENTS + 1} is over the limit of {MAX_EVENTS}.",
    )
    payload["events"] = payload["events"][:MAX_EVENTS]
    assert calculate_commander_damage(payload).lost[0].damage == MAX_EVENTS


@pytest.mark.parametrize(
    ("payload", "problems"),
    [
        (None, ("The request must be a JSON object.",)),
        (
            {},
            (
                "Format: required, one of commander, brawl.",
                "Players: must be a list.",
                "Commanders: must be a list.",
                "Damage and life gain: must be a list.",
                "Players: at least one player is needed.",
            ),
        ),
        (
            {
                "variant": "commander",
                "players": [3, ["x"], ""],
                "commanders": ["rafiq", {"id": 1, "owner": {}}],
                "events": [7, {"kind": "heal"}],
            },
            (
                "Commander 1: must be an object.",
                "Event 1: must be an object.",
                "Event 2: kind: “heal” is not one of damage, life-gain.",
                "Player 1: must be text.",
                "Player 2: must be text.",
                "Player 3: required.",
                "Commander 1's id: must be text.",
                "Commander 1's owner: must be text.",
            ),
        ),
    ],
)
def test_malformed_payloads_list_every_problem(payload: Any, problems: tuple[str, ...]) -> None:
    with pytest.raises(InvalidInputError) as err:
        calculate_commander_damage(payload)
    assert err.value.problems == problems


def test_life_gain_event_is_validated() -> None:
    payload = {
        "variant": "commander",
        "players": ["Alex"],
        "commanders": [],
        "events": [{"kind": "life-gain", "target": "Zed", "amount": -5, "source": "x"}],
    }
    with pytest.raises(InvalidInputError) as err:
        calculate_commander_damage(payload)
    assert err.value.problems == (
        "Event 1: unknown field “source” (expected: kind, target, amount).",
        "Event 1: player dealt damage: “Zed” is not a player in this game.",
        "Event 1: amount: a whole number from 0 to 1000000.",
    )
    assert [m.field for m in err.value.messages] == [  # type: ignore[union-attr]
        "events[0].source",
        "events[0].target",
        "events[0].amount",
    ]


# ---------------------------------------------------------------------------
# Properties

HITS = st.lists(
    st.tuples(
        st.sampled_from(["tymna", "thrasios", "rafiq"]),
        st.sampled_from(PLAYERS),
        st.integers(0, 15),
        st.booleans(),
        st.integers(0, 15),
    ),
    max_size=25,
)


@given(HITS, st.sampled_from([Variant.COMMANDER, Variant.BRAWL]))
def test_totals_are_the_unprevented_combat_damage_per_pair(
    hits: list[tuple[str, str, int, bool, int]], variant: Variant
) -> None:
    commanders = [
        Commander(id="tymna", owner="Alex"),
        Commander(id="thrasios", owner="Alex"),
        Commander(id="rafiq", owner="Bianca"),
    ]
    events = [
        DamageEvent(source=s, target=t, amount=a, combat=c, prevented=min(p, a)) for s, t, a, c, p in hits
    ]
    result = commander_damage(variant=variant, players=PLAYERS, commanders=commanders, events=events)
    expected: dict[tuple[str, str], int] = {}
    for e in events:
        if e.combat and e.dealt:
            expected[(e.target, e.source)] = expected.get((e.target, e.source), 0) + e.dealt
    assert {(t.player, t.commander): t.damage for t in result.totals} == expected
    losers = {(loss.player, loss.commander) for loss in result.lost}
    if variant is Variant.BRAWL:
        assert losers == set()
    else:
        assert losers == {pair for pair, damage in expected.items() if damage >= 21}


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 30)
    | st.floats(allow_nan=False)
    | st.sampled_from(["Alex", "Bianca", "rafiq", "life-gain", "damage", "commander", "brawl", ""]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(
                [
                    "source",
                    "target",
                    "amount",
                    "combat",
                    "prevented",
                    "controller",
                    "kind",
                    "id",
                    "owner",
                    "name",
                    "x",
                ]
            ),
            inner,
            max_size=5,
        )
    ),
    max_leaves=12,
)


@given(
    st.dictionaries(
        st.sampled_from(["variant", "players", "commanders", "events", "other"]), JSON_VALUES, max_size=5
    )
)
def test_random_payloads_give_a_result_or_a_clear_error(payload: dict[str, Any]) -> None:
    try:
        result = calculate_commander_damage(payload)
    except RulesError as err:
        assert err.problems
    else:
        json.dumps(result.to_answer("ja"))


@given(
    st.lists(
        st.fixed_dictionaries(
            {
                "source": st.sampled_from(["rafiq", "nope", 3]),
                "target": st.sampled_from([*PLAYERS, "Zed", None]),
                "amount": st.integers(-2, 30) | st.booleans(),
                "combat": st.booleans() | st.none(),
                "prevented": st.integers(-1, 30),
            }
        ),
        max_size=6,
    )
)
def test_random_events_give_a_result_or_a_clear_error(events: list[dict[str, Any]]) -> None:
    payload = {
        "variant": "commander",
        "players": list(PLAYERS),
        "commanders": [{"id": "rafiq", "owner": "Alex", "name": "Rafiq"}],
        "events": events,
    }
    try:
        result = calculate_commander_damage(payload)
    except InvalidInputError as err:
        assert all(m.field.startswith("events[") for m in err.messages)  # type: ignore[union-attr]
    else:
        assert all(t.damage > 0 for t in result.totals)


def test_two_headed_giant_team_loses_with_its_player() -> None:
    # 810.8a: players win and lose only as a team; 903.10a counts per player, never per team.
    events = [DamageEvent(source="rafiq", target="Carol", amount=21, combat=True)]
    result = commander_damage(
        variant=Variant.COMMANDER,
        players=["Alex", "Bianca", "Carol", "Dana"],
        commanders=[RAFIQ],
        events=events,
        teams=[["Alex", "Bianca"], ["Carol", "Dana"]],
    )
    assert [(t.team, t.players, t.player) for t in result.lost_teams] == [(2, ("Carol", "Dana"), "Carol")]
    [step] = [s for s in result.steps if s.rule == "810.8a"]
    assert step.render("en") == (
        "Players win and lose only as a team: Carol lost, so their team (Carol, Dana) loses the game."
    )
    assert step.render("ja").startswith("プレイヤーはチーム単位でのみ勝敗が決まります。Carolが敗北したので")


def test_every_step_reads_in_japanese() -> None:
    events = [
        DamageEvent(source="rafiq", target="Bianca", amount=10, combat=True),
        LifeGain(target="Bianca", amount=20),
        DamageEvent(source="rafiq", target="Bianca", amount=6, combat=True, prevented=6),
        DamageEvent(source="rafiq", target="Bianca", amount=11, combat=True, controller="Carol"),
    ]
    result = commander_damage(variant=Variant.COMMANDER, players=PLAYERS, commanders=[RAFIQ], events=events)
    ja = [s.render("ja") for s in result.steps]
    assert ja[-1] == (
        "Biancaは《Rafiq of the Many》から 21 点の戦闘ダメージを受けています（4番目の出来事から）。"
        "同じ統率者から 21 点以上なので、Biancaはゲームに敗北します。"
    )
    assert all(not any(word in text for word in ("damage", "Event")) for text in ja)


def test_a_commanders_japanese_name_is_what_the_japanese_steps_show() -> None:
    rafiq = {"id": "rafiq", "owner": "Alex", "name": "Rafiq of the Many", "name_ja": "数多のラフィーク"}
    result = calculate_commander_damage(
        {
            "variant": "commander",
            "players": ["Alex", "Bianca"],
            "commanders": [rafiq],
            "events": [{"source": "rafiq", "target": "Bianca", "amount": 21, "combat": True}],
        }
    )
    assert result.steps[-1].render("ja").startswith("Biancaは《数多のラフィーク》から 21 点")
    assert (
        result.steps[-1]
        .render("en")
        .startswith("Bianca has been dealt 21 combat damage by Rafiq of the Many")
    )
