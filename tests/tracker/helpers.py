"""Shared by the tracker view tests: a three-player Commander game and the new-game form's seats."""

from __future__ import annotations

from judge.tracker.models import Game
from judge.tracker.services import start_game

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
