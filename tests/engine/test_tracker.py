"""The table tracker engine: worked cases from cases/tracker.json, then setup checks and properties."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.engine import errors
from judge.engine.tracker import (
    PLANAR_DIE,
    DieFace,
    Event,
    EventKind,
    LossReason,
    TableState,
    Variant,
    apply_event,
    event_from_json,
    new_table,
    replay,
    replay_with_steps,
    setup_from_json,
    start_steps,
    table_setup,
)

CASES = json.loads((Path(__file__).parent / "cases" / "tracker.json").read_text(encoding="utf-8"))["cases"]


def _events(raw: list[dict[str, Any]]) -> list[Event]:
    return [event_from_json(item) for item in raw]


def _check_expect(state: TableState, expect: dict[str, Any]) -> None:
    for name, life in expect.get("life", {}).items():
        assert state.life_of(name) == life, f"life of {name}"
    for name, poison in expect.get("poison", {}).items():
        assert state.poison_of(name) == poison, f"poison of {name}"
    for key, tax in expect.get("tax", {}).items():
        owner, index = key.split("/")
        assert state.commander(owner, int(index)).tax == tax, f"tax of {key}"
    for key, casts in expect.get("casts", {}).items():
        owner, index = key.split("/")
        assert state.commander(owner, int(index)).casts == casts, f"casts of {key}"
    for key, amount in expect.get("damage", {}).items():
        player, source = key.split("<-")
        owner, index = source.split("/")
        assert state.player(player).damage_from(owner, int(index)) == amount, f"damage {key}"
    for name, shields in expect.get("shields", {}).items():
        assert state.player(name).shields == shields
    for name, cost in expect.get("planar_cost", {}).items():
        assert state.player(name).planar_cost == cost, f"planar cost of {name}"
    if "lost" in expect:
        lost = {p: state.side_of(p).loss.rule for p in state.setup.players if state.side_of(p).loss}  # type: ignore[union-attr]
        assert lost == expect["lost"]
    if "in_game" in expect:
        assert [p for p in state.setup.players if not state.has_lost(p)] == expect["in_game"]
    if "winners" in expect:
        assert list(state.winners) == expect["winners"]
    if "game_over" in expect:
        assert state.game_over is expect["game_over"]
    if "turn" in expect:
        assert state.turn == expect["turn"]
    if "active" in expect:
        assert list(state.active_players) == expect["active"]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_worked_case(case: dict[str, Any]) -> None:
    setup = table_setup(**case["setup"])
    if "error" in case:
        error_class = getattr(errors, case["error"])
        with pytest.raises(errors.RulesError) as info:
            replay(setup=setup, events=_events(case["events"]))
        assert type(info.value) is error_class, info.value.problems
        for wanted in case["problems"]:
            assert any(wanted in problem for problem in info.value.problems), (wanted, info.value.problems)
        return
    state, applied = replay_with_steps(setup=setup, events=_events(case["events"]))
    _check_expect(state, case["expect"])
    cited = {step.rule for item in applied for step in item.steps}
    for rule in case.get("rules", []):
        assert rule in cited, (rule, sorted(cited))
    # Every applied event explains itself; undone ones are kept without steps.
    for item in applied:
        assert bool(item.steps) is not item.event.undone


def test_starting_life_by_variant() -> None:
    commanders = {"A": ["X"], "B": ["Y"], "C": ["Z"]}
    two = {"A": ["X"], "B": ["Y"]}
    assert new_table(variant="commander", players=["A", "B"], commanders=two).life_of("A") == 40
    assert new_table(variant="brawl", players=["A", "B"], commanders=two).life_of("A") == 25
    assert new_table(variant="brawl", players=["A", "B", "C"], commanders=commanders).life_of("A") == 30
    assert new_table(variant="planechase", players=["A", "B"]).life_of("B") == 20
    assert new_table(variant=Variant.TWO_HEADED_GIANT, players=["A", "B", "C", "D"]).life_of("D") == 30
    dtc = new_table(variant="dtc", players=["A", "B"], commanders={"A": ["X"], "B": ["Y"]})
    assert dtc.player("A").shields == 7
    assert [s.rule for s in start_steps(dtc.setup)][0] == "dtc:setup"


def test_setup_reports_every_problem() -> None:
    with pytest.raises(errors.InvalidInputError) as info:
        table_setup(
            variant="commander",
            players=["Aki", "x" * 61, "", "aki"],
            commanders={"Aki": ["A", "B", "C"], "Nobody": ["Z"]},
        )
    problems = info.value.problems
    assert any("at most 60 characters" in p for p in problems)
    assert any("Player 3's name: required." in p for p in problems)
    assert any("appears twice" in p for p in problems)
    assert any("“Nobody” is not a player" in p for p in problems)
    assert any("at most two commanders" in p for p in problems)


def test_setup_limits() -> None:
    with pytest.raises(errors.InvalidInputError, match="at most 20 players"):
        table_setup(variant="planechase", players=[f"P{i}" for i in range(21)])
    with pytest.raises(errors.InvalidInputError, match="at least 2 players"):
        table_setup(variant="planechase", players=["Solo"])
    with pytest.raises(errors.InvalidInputError, match="Format: “vintage” is not one of Commander, Brawl"):
        table_setup(variant="vintage", players=["A", "B"])
    with pytest.raises(errors.InvalidInputError, match="same size"):
        table_setup(variant="two-headed-giant", players=["A", "B", "C"])
    with pytest.raises(errors.InvalidInputError, match="one commander card"):
        table_setup(variant="dtc", players=["A", "B"], commanders={"A": ["X", "Y"], "B": ["Z"]})
    with pytest.raises(errors.InvalidInputError, match="no commanders"):
        table_setup(variant="planechase", players=["A", "B"], commanders={"A": ["X"]})
    with pytest.raises(errors.InvalidInputError, match="control characters"):
        table_setup(variant="planechase", players=["A\x00", "B"])


def test_explicit_teams_follow_turn_order() -> None:
    setup = table_setup(
        variant="dtc",
        players=["A", "B", "C", "D"],
        commanders={p: [p.lower()] for p in "ABCD"},
        teams=[["B", "D"], ["A", "C"]],
    )
    assert setup.teams == (("A", "C"), ("B", "D"))
    with pytest.raises(errors.InvalidInputError, match="not on any team"):
        table_setup(
            variant="dtc", players=["A", "B", "C"], commanders={p: [p] for p in "ABC"}, teams=[["A"], ["B"]]
        )


def test_names_are_matched_case_insensitively_and_normalised() -> None:
    table = new_table(variant="planechase", players=["  Aki   Tanaka ", "Ben"])
    assert table.setup.players[0] == "Aki Tanaka"
    table, _ = apply_event(state=table, event=Event(kind=EventKind.LIFE, player="aki tanaka", amount=-2))
    assert table.life_of("Aki Tanaka") == 18


def test_setup_and_events_round_trip() -> None:
    setup = table_setup(variant="two-headed-giant", players=["A", "B", "C", "D"], planechase=True)
    assert setup_from_json(json.loads(json.dumps(setup.to_payload()))) == setup
    event = Event(kind=EventKind.PLANAR_ROLL, player="A", face=DieFace.CHAOS)
    assert event_from_json(event.to_payload()) == event


def test_state_payload_is_json() -> None:
    table = new_table(variant="commander", players=["A", "B"], commanders={"A": ["X"], "B": ["Y", "Z"]})
    table, _ = apply_event(
        state=table,
        event=Event(kind=EventKind.COMMANDER_DAMAGE, player="A", owner="B", commander=1, amount=4),
    )
    data = json.loads(json.dumps(table.to_payload()))
    assert data["sides"][0]["life"] == 36
    assert data["players"][0]["commander_damage"] == [
        {"owner": "B", "commander": 1, "name": "Z", "amount": 4}
    ]


def test_planar_die_has_six_faces() -> None:
    assert len(PLANAR_DIE) == 6
    assert PLANAR_DIE.count(DieFace.BLANK) == 4


def test_undo_is_replay_without_the_event() -> None:
    setup = table_setup(variant="commander", players=["A", "B"], commanders={"A": ["X"], "B": ["Y"]})
    events = [
        Event(kind=EventKind.LIFE, player="A", amount=-3),
        Event(kind=EventKind.CAST_COMMANDER, player="B"),
    ]
    assert replay(setup=setup, events=[events[0], replace(events[1], undone=True)]) == replay(
        setup=setup, events=[events[0]]
    )


# Random payloads: every input gives an event or a clear RulesError, never another exception.
_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**7), 10**7),
    st.text(max_size=80),
    st.lists(st.integers(), max_size=3),
)


@settings(max_examples=200, deadline=None)
@given(
    kind=st.one_of(st.sampled_from([k.value for k in EventKind]), st.text(max_size=20)),
    payload=st.dictionaries(
        st.sampled_from(["player", "owner", "amount", "commander", "reason", "face", "free", "how"]),
        _values,
        max_size=8,
    ),
)
def test_random_events_fail_cleanly(kind: str, payload: dict[str, Any]) -> None:
    table = new_table(
        variant="commander", players=["A", "B"], commanders={"A": ["X"], "B": ["Y", "Z"]}, planechase=True
    )
    try:
        event = event_from_json({**payload, "kind": kind})
        apply_event(state=table, event=event)
    except errors.RulesError as err:
        assert err.problems


@settings(max_examples=200, deadline=None)
@given(
    payload=st.dictionaries(
        st.sampled_from(["variant", "players", "commanders", "teams", "planechase"]),
        st.one_of(
            _values,
            st.sampled_from([v.value for v in Variant]),
            st.lists(st.one_of(st.text(max_size=8), st.lists(st.text(max_size=4), max_size=3)), max_size=6),
            st.dictionaries(st.text(max_size=4), st.lists(st.text(max_size=8), max_size=3), max_size=4),
        ),
        max_size=5,
    )
)
def test_random_setups_fail_cleanly(payload: dict[str, Any]) -> None:
    try:
        setup = setup_from_json(payload)
    except errors.RulesError as err:
        assert err.problems
        return
    assert setup_from_json(setup.to_payload()) == setup


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["A", "B", "C"]), st.integers(-20, 20).filter(bool)), max_size=30))
def test_life_is_start_plus_sum_of_changes(changes: list[tuple[str, int]]) -> None:
    table = new_table(variant="planechase", players=["A", "B", "C"])
    expected = {"A": 20, "B": 20, "C": 20}
    for player, amount in changes:
        try:
            table, _ = apply_event(
                state=table, event=Event(kind=EventKind.LIFE, player=player, amount=amount)
            )
        except errors.IllegalStateError:
            assert table.has_lost(player) or table.game_over
            continue
        expected[player] += amount
    for player, life in expected.items():
        assert table.life_of(player) == life
        assert table.has_lost(player) is (life <= 0)


@pytest.mark.corpus
def test_every_cited_rule_exists_in_the_current_rules(real_corpus: Path) -> None:
    """The tracker's rule numbers (and the numbers it uses: 40, 25/30, 21, 15, ...) match the current CR."""
    import re

    from judge.engine import tracker

    source = "".join(p.read_text(encoding="utf-8") for p in Path(tracker.__file__).parent.glob("*.py"))
    cited = set(re.findall(r'"(\d{3}\.\d+[a-z]?)"', source))  # every quoted rule number
    cited |= {r.rule for r in tracker.LossReason if not r.rule.startswith("dtc:")}
    cr_file = sorted((real_corpus / "en").glob("MagicCompRules 2026*.txt"))[-1]
    text = re.sub(r"\r\n?", "\n", cr_file.read_text(encoding="utf-8-sig"))
    rules = {m.group(1): m.group(2) for m in re.finditer(r"^(\d{3}\.\d+[a-z]?)\.? (.*)$", text, re.M)}
    missing = sorted(c for c in cited if c not in rules)
    assert not missing, missing
    assert "40" in rules["903.7"]
    assert "25" in rules["903.12f"] and "30" in rules["903.12f"]
    assert "704.6c" in rules["903.12h"]
    assert "21" in rules["903.10a"] and "21" in rules["704.6c"]
    assert "30" in rules["810.4"] and "fifteen" in rules["704.6b"]
    assert "ten" in rules["704.5c"]
    assert "{2}" in rules["903.8"]
    assert "previously taken this action on that turn" in rules["901.9"]


def test_every_rule_the_tracker_cites_is_a_citation() -> None:
    """Steps and problems cite rules in the one vocabulary of judge.engine.rule_numbers."""
    from judge.engine.rule_numbers import is_citation
    from tests.engine.test_messages import _tracker_problems

    cited = {reason.rule for reason in LossReason}
    for case in CASES:
        if "error" not in case:
            setup = table_setup(**case["setup"])
            cited |= {s.rule for s in start_steps(setup)}
            _, applied = replay_with_steps(setup=setup, events=_events(case["events"]))
            cited |= {step.rule for item in applied for step in item.steps}
    cited |= {m.rule for m in _tracker_problems() if m.rule}
    assert {"903.8", "704.6c", "dtc:win-loss", "810.11", "702.124g"} <= cited
    assert sorted(rule for rule in cited if not is_citation(rule)) == []
