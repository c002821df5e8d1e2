"""Snapshots, replay, undo by seat and the revision rule (judge.engine.tracker.log).

The ``Table`` below is the storage a service keeps: each event with the
snapshot (JSON) of the table after it, kept current when an earlier change is
undone. Every write reads one snapshot back and applies one event; replay of
the whole log is only the check.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.engine.errors import IllegalStateError, InvalidInputError, RulesError
from judge.engine.tracker import (
    MAX_EVENTS,
    AlreadyDoneError,
    DieFace,
    EntryHow,
    Event,
    EventKind,
    LossReason,
    TableSetup,
    TableState,
    Undo,
    apply_event,
    check_revision,
    check_room,
    event_from_json,
    initial_state,
    replay,
    state_from_json,
    table_setup,
    undo_change,
    undo_target,
)

CASES = json.loads((Path(__file__).parents[1] / "cases" / "tracker.json").read_text(encoding="utf-8"))[
    "cases"
]


def _through_json(state: TableState) -> TableState:
    """A snapshot stored and read back: JSON text, UTF-8 bytes, then the reader."""
    text = json.dumps(state.to_payload(), ensure_ascii=False).encode("utf-8").decode("utf-8")
    return state_from_json(json.loads(text))


@dataclass
class Table:
    """A game as a service stores it: the setup, the log, one snapshot per event, the revision."""

    setup: TableSetup
    events: list[Event] = field(default_factory=list)
    snapshots: list[dict[str, Any]] = field(default_factory=list)  # the table after each event
    revision: int = 0

    def _before(self, index: int) -> TableState:
        """The table before event ``index``: the snapshot after the last change before it still in force."""
        for earlier in range(index - 1, -1, -1):
            if not self.events[earlier].undone:
                return state_from_json(self.snapshots[earlier])
        return initial_state(self.setup)

    @property
    def state(self) -> TableState:
        return self._before(len(self.events))

    def record(self, event: Event) -> TableState:
        check_room(recorded=len(self.events))
        check_revision(change=event, revision=self.revision)
        state, _ = apply_event(state=self.state, event=event)
        self.events.append(event)
        self.snapshots.append(state.to_payload())
        self.revision += 1
        return state

    def undo(self, press: Undo) -> int:
        check_revision(change=press, revision=self.revision)
        target = undo_target(events=self.events, by=press.by)
        _, applied = undo_change(before=self._before(target), later=self.events[target + 1 :])
        self.events[target] = replace(self.events[target], undone=True)
        for offset, item in enumerate(applied, start=target + 1):
            self.snapshots[offset] = item.state.to_payload()
        self.revision += 1
        return target


def _commander_planechase() -> TableSetup:
    return table_setup(
        variant="commander",
        players=["Aki", "Ben", "Chie"],
        planechase=True,
        commanders={"Aki": ["Oona"], "Ben": ["Kraum", "Tymna"], "Chie": ["Edgar"]},
    )


EVERY_KIND: list[tuple[TableSetup, list[Event]]] = [
    (
        _commander_planechase(),
        [
            Event(kind=EventKind.LIFE, player="Aki", amount=-3, by="Ben", expected_revision=0),
            Event(kind=EventKind.POISON, player="Ben", amount=4),
            Event(kind=EventKind.COMMANDER_DAMAGE, player="Chie", owner="Ben", commander=1, amount=9),
            Event(kind=EventKind.CAST_COMMANDER, player="Ben", commander=1),
            Event(kind=EventKind.COMMANDER_WITHOUT_CAST, player="Aki", how=EntryHow.OTHER_ZONE),
            Event(kind=EventKind.COMMANDER_WITHOUT_CAST, player="Aki", how=EntryHow.BATTLEFIELD),
            Event(kind=EventKind.SET_COMMANDER_CASTS, player="Chie", amount=3),
            Event(kind=EventKind.PLANAR_ROLL, player="Aki", face=DieFace.CHAOS),
            Event(kind=EventKind.PLANAR_ROLL, player="Ben", face=DieFace.BLANK, free=True),
            Event(kind=EventKind.NEXT_TURN, by="Aki"),
            Event(kind=EventKind.LOSE, player="Chie", reason=LossReason.CONCEDE),
            Event(kind=EventKind.COMMANDER_DAMAGE, player="Aki", owner="Ben", commander=0, amount=21),
        ],
    ),
    (
        table_setup(
            variant="dtc",
            players=["Aki", "Ben", "Chie", "Dan"],
            commanders={"Aki": ["Brand"], "Ben": ["Wilhelm"], "Chie": ["Gilamesia"], "Dan": ["Savark"]},
        ),
        [
            Event(kind=EventKind.SHIELDS, player="Chie", amount=-7),
            Event(kind=EventKind.CAST_COMMANDER, player="Aki"),
            Event(kind=EventKind.SHIELDS, player="Dan", amount=-7),
            Event(kind=EventKind.LOSE, player="Dan", reason=LossReason.DIRECT_ATTACK),
        ],
    ),
    (
        table_setup(
            variant="two-headed-giant", players=["A1", "A2", "A3", "B1", "B2", "B3"], planechase=True
        ),
        [
            Event(kind=EventKind.LIFE, player="A2", amount=-44),
            Event(kind=EventKind.PLANAR_ROLL, player="A3"),
            Event(kind=EventKind.POISON, player="B1", amount=19),
            Event(kind=EventKind.LIFE, player="B2", amount=5),
            Event(kind=EventKind.NEXT_TURN),
            Event(kind=EventKind.LOSE, player="B3", reason=LossReason.EFFECT),
        ],
    ),
    (
        table_setup(variant="brawl", players=["Aki", "Ben"], commanders={"Aki": ["Oona"]}),
        [
            Event(kind=EventKind.NAME_COMMANDER, player="Ben", name="Edgar"),
            Event(kind=EventKind.COMMANDER_DAMAGE, player="Aki", owner="Ben", amount=24),
            Event(kind=EventKind.LOSE, player="Aki", reason=LossReason.EMPTY_LIBRARY),
        ],
    ),
]


def test_the_worked_games_cover_every_kind_of_event_and_loss() -> None:
    kinds = {e.kind for _, events in EVERY_KIND for e in events}
    assert kinds == set(EventKind)
    reasons = set()
    for setup, events in EVERY_KIND:
        reasons |= {s.loss.reason for s in replay(setup=setup, events=events).sides if s.loss}
    assert reasons == {
        LossReason.CONCEDE,
        LossReason.COMMANDER_DAMAGE,
        LossReason.DIRECT_ATTACK,
        LossReason.EFFECT,
        LossReason.EMPTY_LIBRARY,
    }


@pytest.mark.parametrize(("setup", "events"), EVERY_KIND, ids=[s.variant.value for s, _ in EVERY_KIND])
def test_a_snapshot_round_trips_after_every_event(setup: TableSetup, events: list[Event]) -> None:
    state = initial_state(setup)
    assert _through_json(state) == state
    for event in events:
        assert event_from_json(json.loads(json.dumps(event.to_payload()))) == event
        state, _ = apply_event(state=_through_json(state), event=event)
        assert _through_json(state) == state
        assert _through_json(state).to_payload() == state.to_payload()
    assert state == replay(setup=setup, events=events)


def test_a_snapshot_holds_losses_damage_and_the_turn() -> None:
    setup, events = EVERY_KIND[0]
    data = replay(setup=setup, events=events).to_payload()
    assert data["turn"] == 2 and data["active"] == 1 and data["events"] == len(events)
    assert data["sides"][2]["lost"] == {"reason": "concede", "rule": "104.3a", "turn": 2, "player": "Chie"}
    assert data["sides"][0]["lost"]["reason"] == "commander-damage"
    assert data["winners"] == ["Ben"] and data["game_over"] is True
    assert data["players"][2]["commander_damage"] == [
        {"owner": "Ben", "commander": 1, "name": "Tymna", "amount": 9}
    ]


@pytest.mark.parametrize("case", [c for c in CASES if "error" not in c], ids=lambda c: c["name"])
def test_snapshot_then_apply_equals_replay_for_the_worked_cases(case: dict[str, Any]) -> None:
    setup = table_setup(**case["setup"])
    events = [event_from_json(item) for item in case["events"]]
    table = Table(setup=setup)
    for event in events:
        if event.undone:  # recorded, then undone by the seat that made it
            table.record(replace(event, undone=False, by="Aki"))
            table.undo(Undo(by="Aki"))
        else:
            table.record(event)
    assert table.state == replay(setup=setup, events=table.events) == replay(setup=setup, events=events)


def test_undo_takes_back_your_own_last_change_not_someone_elses() -> None:
    table = Table(setup=_commander_planechase())
    table.record(Event(kind=EventKind.LIFE, player="Chie", amount=-5, by="Aki"))
    table.record(Event(kind=EventKind.LIFE, player="Chie", amount=-1, by="Ben"))
    table.record(Event(kind=EventKind.CAST_COMMANDER, player="Aki", by="Aki"))
    table.record(Event(kind=EventKind.LIFE, player="Aki", amount=-7, by="Ben"))
    table.record(Event(kind=EventKind.POISON, player="Chie", amount=2, by="Chie"))

    assert table.undo(Undo(by="Aki")) == 2  # Aki's cast, though Ben and Chie changed the table since
    state = table.state
    assert state.commander("Aki", 0).casts == 0
    assert state.life_of("Aki") == 33 and state.life_of("Chie") == 34 and state.poison_of("Chie") == 2

    assert table.undo(Undo(by="aki")) == 0  # seats match like names; Aki's earlier change next
    assert table.undo(Undo(by="Ben")) == 3
    assert table.state.life_of("Chie") == 39 and table.state.life_of("Aki") == 40
    with pytest.raises(IllegalStateError) as info:
        table.undo(Undo(by="Aki"))
    assert info.value.render("ja") == ["Aki が取り消せる変更はもうありません。"]
    assert table.undo(Undo()) == 4  # no seat: the last change still in force, whoever made it
    assert table.state == replay(setup=table.setup, events=table.events)
    assert [e.undone for e in table.events] == [True, False, True, True, True]


def test_an_undo_that_later_changes_depend_on_is_refused() -> None:
    table = Table(setup=_commander_planechase())
    table.record(Event(kind=EventKind.NEXT_TURN, by="Aki"))
    table.record(Event(kind=EventKind.PLANAR_ROLL, player="Ben", face=DieFace.BLANK, by="Ben"))
    with pytest.raises(IllegalStateError) as info:
        table.undo(Undo(by="Aki"))  # Ben rolled on the turn Aki's "next turn" began
    assert info.value.render("en") == [
        "This change can't be undone alone: a later change (Ben rolled the planar die: blank) depends on it. "
        "Undo that one first."
    ]
    assert "Ben が次元ダイスを振った：無地" in info.value.render("ja")[0]
    assert not any(e.undone for e in table.events) and table.revision == 2  # nothing changed
    table.undo(Undo(by="Ben"))
    table.undo(Undo(by="Aki"))
    assert table.state == initial_state(table.setup)


def test_a_commander_named_later_is_kept_by_the_snapshot_and_taken_back_by_undo() -> None:
    table = Table(setup=table_setup(variant="commander", players=["Aki", "Ben"]))
    table.record(Event(kind=EventKind.LIFE, player="Aki", amount=-1, by="Aki"))
    state = table.record(Event(kind=EventKind.NAME_COMMANDER, player="Ben", name="Kraum", by="Ben"))
    assert state.setup.commanders == ((), ("Kraum",)) and _through_json(state) == state
    table.record(Event(kind=EventKind.CAST_COMMANDER, player="Ben", by="Aki"))
    with pytest.raises(IllegalStateError):
        table.undo(Undo(by="Ben"))  # Aki cast Kraum since: that cast depends on the naming
    table.undo(Undo(by="Aki"))
    table.undo(Undo(by="Ben"))
    assert table.state.player("Ben").commanders == () and table.state.setup.commanders == ((), ())
    assert table.state == replay(setup=table.setup, events=table.events)


def test_two_phones_pressing_next_turn_on_the_same_revision_pass_one_turn() -> None:
    table = Table(setup=_commander_planechase())
    table.record(Event(kind=EventKind.LIFE, player="Ben", amount=-2, by="Ben"))
    seen = table.revision
    table.record(Event(kind=EventKind.NEXT_TURN, by="Aki", expected_revision=seen))
    with pytest.raises(AlreadyDoneError) as info:
        table.record(Event(kind=EventKind.NEXT_TURN, by="Chie", expected_revision=seen))
    assert isinstance(info.value, IllegalStateError)
    assert info.value.render("ja")[0].startswith(
        "ほかの端末で先に更新されました（「次のターン」を押した後の変更 1 件）"
    )
    assert table.state.active_players == ("Ben",) and table.state.turn == 2  # Ben's turn is not skipped
    # A relative change pressed on the old revision still means the same: it is applied.
    table.record(Event(kind=EventKind.LIFE, player="Chie", amount=-1, by="Chie", expected_revision=seen))
    assert table.state.life_of("Chie") == 39


def test_two_undo_presses_on_the_same_revision_undo_one_change() -> None:
    table = Table(setup=_commander_planechase())
    table.record(Event(kind=EventKind.LIFE, player="Ben", amount=-2, by="Ben"))
    table.record(Event(kind=EventKind.LIFE, player="Ben", amount=-3, by="Ben"))
    seen = table.revision
    table.undo(Undo(by="Ben", expected_revision=seen))
    with pytest.raises(AlreadyDoneError) as info:
        table.undo(Undo(by="Ben", expected_revision=seen))
    assert "two presses never undo two changes" in info.value.render("en")[0]
    assert table.state.life_of("Ben") == 38 and [e.undone for e in table.events] == [False, True]


def test_the_revision_rule() -> None:
    life = Event(kind=EventKind.LIFE, player="A", amount=1)
    turn = Event(kind=EventKind.NEXT_TURN)
    for change in (life, turn, Undo()):
        check_revision(change=change, revision=9)  # no revision given: no claim to check
        check_revision(change=replace(change, expected_revision=9), revision=9)
    check_revision(change=replace(life, expected_revision=2), revision=9)
    for change in (turn, Undo()):
        with pytest.raises(AlreadyDoneError):
            check_revision(change=replace(change, expected_revision=8), revision=9)
    with pytest.raises(InvalidInputError) as info:
        check_revision(change=replace(life, expected_revision=10), revision=9)
    assert info.value.messages[0].field == "expected_revision"  # type: ignore[union-attr]
    assert info.value.render("ja") == [
        "テーブルの更新番号：更新番号 10 はまだありません（今のテーブルは 9）。"
    ]


def test_a_game_holds_a_bounded_number_of_changes() -> None:
    check_room(recorded=MAX_EVENTS - 1)
    with pytest.raises(IllegalStateError) as info:
        check_room(recorded=MAX_EVENTS)
    assert info.value.render("ja") == [
        "このゲームの変更はすでに 5000 件あります。新しいゲームを始めてください。"
    ]


def _random_action(rng: random.Random, setup: TableSetup) -> Event | Undo:
    player = rng.choice(setup.players)
    seat = rng.choice(setup.players + ("",))
    roll = rng.random()
    if roll < 0.12:
        return Undo(by=seat)
    kind = rng.choice(
        [
            EventKind.LIFE,
            EventKind.LIFE,
            EventKind.POISON,
            EventKind.COMMANDER_DAMAGE,
            EventKind.CAST_COMMANDER,
            EventKind.COMMANDER_WITHOUT_CAST,
            EventKind.SET_COMMANDER_CASTS,
            EventKind.PLANAR_ROLL,
            EventKind.NEXT_TURN,
            EventKind.NEXT_TURN,
            EventKind.LOSE,
        ]
    )
    amount = rng.choice([-5, -3, -1, 1, 2, 4, 7])
    if kind is EventKind.SET_COMMANDER_CASTS:
        amount = rng.randint(0, 4)
    if kind is EventKind.LOSE and rng.random() < 0.8:
        kind = EventKind.LIFE  # keep games going for a while
    return Event(
        kind=kind,
        player=player,
        amount=amount,
        owner=rng.choice(setup.players),
        commander=rng.randint(0, 1),
        how=rng.choice(list(EntryHow)),
        reason=LossReason.CONCEDE,
        face=rng.choice([None, *DieFace]),
        free=rng.random() < 0.2,
        by=seat,
    )


def _play(seed: int, steps: int) -> Table:
    rng = random.Random(seed)
    table = Table(setup=_commander_planechase())
    for step in range(steps):
        action = _random_action(rng, table.setup)
        try:
            if isinstance(action, Undo):
                table.undo(action)
            else:
                table.record(action)
        except RulesError:
            continue  # refused: nothing stored, as a service answers 400
        if step % 20 == 0:  # the storage's invariant: the latest snapshot is the replay of the log
            assert table.state == replay(setup=table.setup, events=table.events)
    return table


@settings(max_examples=25)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_snapshot_applied_equals_replay(seed: int) -> None:
    table = _play(seed, 80)
    for index, event in enumerate(table.events):
        if not event.undone:
            assert state_from_json(table.snapshots[index]) == replay(
                setup=table.setup, events=table.events[: index + 1]
            )


def test_a_long_random_game_snapshot_applied_equals_replay() -> None:
    table = _play(2024, 1500)
    assert len(table.events) > 500 and sum(e.undone for e in table.events) > 100 and table.state.turn > 100
    assert table.state == replay(setup=table.setup, events=table.events)
