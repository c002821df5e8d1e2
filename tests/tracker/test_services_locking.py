"""Tracker writes under the row lock: parallel writers lose no update, and the check made before the lock is
reused under it unless another write came in between."""

from __future__ import annotations

import threading

import pytest
from django.db import close_old_connections, connection

from judge.engine import tracker
from judge.tracker.models import Game, GameEvent
from judge.tracker.selectors import game_state
from judge.tracker.services import (
    record_event,
    start_game,
)
from tests.tracker.helpers import assert_snapshots_match_replay, new_game

pytestmark = pytest.mark.django_db


@pytest.mark.django_db(transaction=True)
def test_parallel_writers_lose_no_update() -> None:
    """Several threads, each with its own database connection, append at once."""
    game = start_game(
        variant="commander", players=["Aki", "Ben"], commanders={"Aki": ["Oona"], "Ben": ["Edgar"]}
    )
    threads_count, per_thread = 6, 5
    errors: list[BaseException] = []
    start = threading.Barrier(threads_count)

    def tap(amount: int) -> None:
        try:
            start.wait()
            for _ in range(per_thread):
                record_event(game=game, kind="life", payload={"player": "Ben", "amount": amount})
        except BaseException as err:  # noqa: BLE001 - reported below
            errors.append(err)
        finally:
            close_old_connections()
            connection.close()

    amounts = [1, -2, 3, -1, 2, -3]
    threads = [threading.Thread(target=tap, args=(a,)) for a in amounts]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    game, state = game_state(slug=game.slug)
    assert game.events.count() == threads_count * per_thread
    assert sorted(game.events.values_list("seq", flat=True)) == list(range(1, threads_count * per_thread + 1))
    assert state.life_of("Ben") == 40 + per_thread * sum(amounts)
    assert game.revision == threads_count * per_thread
    assert_snapshots_match_replay(game)


@pytest.mark.django_db
def test_names_are_stored_as_spelled_at_setup() -> None:
    game = new_game()
    record_event(
        game=game,
        kind="commander-damage",
        payload={"player": "aki", "owner": "BEN", "amount": 2, "by": "chie"},
    )
    stored = GameEvent.objects.get(game=game).payload
    assert (stored["player"], stored["owner"], stored["by"]) == ("Aki", "Ben", "Chie")


@pytest.mark.django_db
def test_a_write_stores_what_it_checked_before_the_lock_unless_another_write_came_between(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The check made without the lock is reused under it while the revision is the same; a write that
    landed in between (the revision moved) makes the locked write check again on the table as it is."""
    from django.test.utils import CaptureQueriesContext

    from judge.tracker import services

    game = new_game()
    record_event(game=game, kind="life", payload={"player": "Aki", "amount": -1})
    with CaptureQueriesContext(connection) as queries:
        record_event(game=game, kind="life", payload={"player": "Aki", "amount": -2})
    sql = [q["sql"] for q in queries.captured_queries]
    locked = sql[next(i for i, s in enumerate(sql) if s.startswith(("BEGIN", "SAVEPOINT"))) :]
    assert not any("tracker_gameevent" in s and s.startswith("SELECT") for s in locked)  # nothing read again
    real = services._precheck_event
    between: list[bool] = []

    def precheck_then_another_phone(game: Game, event: tracker.Event) -> object:
        checked = real(game, event)
        if not between:  # once: the other phone's own write runs this too
            between.append(True)
            record_event(game=game, kind="life", payload={"player": "Aki", "amount": -5})
        return checked

    monkeypatch.setattr(services, "_precheck_event", precheck_then_another_phone)
    written, state, _ = record_event(game=game, kind="life", payload={"player": "Aki", "amount": -3})
    assert written.revision == 4 and state.life_of("Aki") == 40 - 1 - 2 - 5 - 3
    assert list(game.events.values_list("seq", flat=True)) == [1, 2, 3, 4]
    assert_snapshots_match_replay(game)
