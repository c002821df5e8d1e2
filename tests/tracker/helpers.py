"""Shared by the tracker tests: a three-player Commander game, the new-game form's seats, and the check that
every kept snapshot is the replay of the changes before it."""

from __future__ import annotations

from judge.engine import tracker
from judge.tracker.models import Game
from judge.tracker.services import start_game, stored_event, table_before

HX = {"HTTP_HX_REQUEST": "true"}


def new_game() -> Game:
    return start_game(
        variant="commander",
        players=["Aki", "Ben", "Chie"],
        commanders={"Aki": ["Oona"], "Ben": ["Kraum", "Tymna"], "Chie": ["Edgar"]},
    )


def seats(**columns: list[str]) -> dict[str, object]:
    """The new-game form's seats as posted: one formset row per seat ("seat-0-name"), in turn order."""
    count = len(next(iter(columns.values())))
    data: dict[str, object] = {"seat-TOTAL_FORMS": str(count), "seat-INITIAL_FORMS": str(count)}
    for field, values in columns.items():
        data.update({f"seat-{i}-{field}": value for i, value in enumerate(values)})
    return data


def replayed(game: Game, upto: int | None = None) -> tracker.TableState:
    """The table by the engine's check: every stored change (up to ``upto``) replayed from the start."""
    rows = game.events.order_by("seq") if upto is None else game.events.filter(seq__lte=upto).order_by("seq")
    return tracker.replay(setup=tracker.setup_from_json(game.setup), events=[stored_event(r) for r in rows])


def assert_snapshots_match_replay(game: Game) -> None:
    kept = 0
    for row in game.events.order_by("seq"):
        if row.state is not None:
            kept += 1  # undone or not: the table after it, skipping whatever was undone
            assert tracker.state_from_json(row.state) == replayed(game, upto=row.seq), row.seq
    assert table_before(game) == replayed(game)
    assert kept or not game.events.filter(undone=False).exists()
