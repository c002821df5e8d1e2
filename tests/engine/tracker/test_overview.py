"""The whole table at a glance (judge.engine.tracker.overview): seats and the commander damage matrix."""

from __future__ import annotations

import json

from judge.engine.tracker import Event, EventKind, LossReason, apply_event, new_table, table_view

SIX = ["Aki", "Ben", "Chie", "Dan", "Emi", "Fumi"]


def test_six_seats_and_a_matrix_of_every_commander() -> None:
    commanders = {name: [f"{name}-cmd"] for name in SIX} | {"Ben": ["Kraum", "Tymna"]}
    table = new_table(variant="commander", players=SIX, commanders=commanders)
    for event in (
        Event(kind=EventKind.COMMANDER_DAMAGE, player="Aki", owner="Ben", commander=1, amount=21),
        Event(kind=EventKind.COMMANDER_DAMAGE, player="Chie", owner="Ben", commander=0, amount=6),
        Event(kind=EventKind.POISON, player="Dan", amount=3),
        Event(kind=EventKind.NEXT_TURN),
    ):
        table, _ = apply_event(state=table, event=event)
    view = table_view(table)
    assert [c.name for c in view.columns] == [
        "Aki-cmd",
        "Kraum",
        "Tymna",
        "Chie-cmd",
        "Dan-cmd",
        "Emi-cmd",
        "Fumi-cmd",
    ]
    assert [s.name for s in view.seats] == SIX and all(len(s.damage) == 7 for s in view.seats)
    aki, ben, chie, dan = view.seats[:4]
    assert aki.lost_rule == "704.6c" and aki.damage[2].lethal and aki.damage[2].amount == 21
    assert chie.damage[1].amount == 6 and chie.damage[1].to_lethal == 15 and not chie.damage[1].lethal
    assert [c.own for c in ben.damage] == [False, True, True, False, False, False, False]
    assert ben.active and not aki.active and view.turn == 2
    assert (dan.life, dan.poison, view.poison_limit, dan.shields, dan.planar_cost) == (40, 3, 10, None, None)
    data = json.loads(json.dumps(view.to_payload(), ensure_ascii=False))
    assert data["seats"][2]["damage"] == [0, 6, 0, 0, 0, 0, 0]
    assert data["seats"][0]["to_lethal"][2] == 0 and data["seats"][0]["lost_rule"] == "704.6c"
    assert data["columns"][2] == {"owner": "Ben", "commander": 1, "name": "Tymna"}


def test_brawl_shows_damage_that_never_makes_a_player_lose() -> None:
    table = new_table(
        variant="brawl",
        players=["Aki", "Ben", "Chie"],
        commanders={"Aki": ["Oona"], "Ben": ["Edgar"], "Chie": ["Kraum"]},
    )
    table, _ = apply_event(
        state=table, event=Event(kind=EventKind.COMMANDER_DAMAGE, player="Aki", owner="Ben", amount=22)
    )
    cell = table_view(table).seats[0].damage[1]
    assert cell.amount == 22 and cell.to_lethal is None and not cell.lethal  # 903.12h


def test_teams_share_life_and_dtc_has_shields_only() -> None:
    giant = new_table(variant="two-headed-giant", players=["A", "B", "C", "D"], planechase=True)
    giant, _ = apply_event(state=giant, event=Event(kind=EventKind.LIFE, player="A", amount=-4))
    view = table_view(giant)
    assert [(s.life, s.teammates, s.active, s.planar_cost) for s in view.seats] == [
        (26, ("B",), True, 0),
        (26, ("A",), True, 0),
        (30, ("D",), False, 0),
        (30, ("C",), False, 0),
    ]
    assert view.columns == () and view.poison_limit == 15

    dtc = new_table(variant="dtc", players=["A", "B", "C", "D"], commanders={p: [p.lower()] for p in "ABCD"})
    dtc, _ = apply_event(state=dtc, event=Event(kind=EventKind.LOSE, player="C", reason=LossReason.CONCEDE))
    view = table_view(dtc)
    assert view.columns == () and view.winners == ("A", "B")
    assert [(s.life, s.poison, s.shields, s.lost_rule) for s in view.seats][2:] == [
        (None, None, 7, "104.3a"),
        (None, None, 7, "104.3a"),
    ]
