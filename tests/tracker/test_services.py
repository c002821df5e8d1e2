"""Tracker writes and reads: events, undo, history, optimistic concurrency and real parallel writers."""

from __future__ import annotations

import threading

import pytest
from django.db import close_old_connections, connection

from judge.engine.errors import IllegalStateError, InvalidInputError
from judge.tracker.models import Game, GameEvent
from judge.tracker.selectors import game_revision, game_state
from judge.tracker.services import StaleRevision, record_event, start_game, undo_last


def _commander_game() -> Game:
    return start_game(variant="commander", players=["Aki", "Ben", "Chie"],
                      commanders={"Aki": ["Oona"], "Ben": ["Kraum", "Tymna"], "Chie": ["Edgar"]})


@pytest.mark.django_db
def test_start_game_saves_setup_and_unguessable_slug() -> None:
    game = _commander_game()
    other = _commander_game()
    assert len(game.slug) >= 11 and game.slug != other.slug
    assert game.variant == "commander" and game.revision == 0
    _, state, history = game_state(slug=game.slug)
    assert state.life_of("Aki") == 40 and history == []


@pytest.mark.django_db
def test_start_game_lists_every_problem() -> None:
    with pytest.raises(InvalidInputError) as info:
        start_game(variant="commander", players=["A" * 61] + [f"P{i}" for i in range(20)], commanders={})
    problems = info.value.problems
    assert any("at most 20 players" in p for p in problems)
    assert any("longer than 60" in p for p in problems)
    assert Game.objects.count() == 0


@pytest.mark.django_db
def test_events_history_and_undo() -> None:
    game = _commander_game()
    record_event(game=game, kind="cast-commander", payload={"player": "Ben", "commander": 1})
    record_event(game=game, kind="commander-damage",
                 payload={"player": "Aki", "owner": "Ben", "commander": 1, "amount": 6})
    game, state, steps = record_event(game=game, kind="life", payload={"player": "Aki", "amount": -2})
    assert game.revision == 3
    assert state.life_of("Aki") == 32
    assert steps[0].rule == "119.3"

    game, undone = undo_last(game=game)
    assert undone.seq == 3 and undone.undone and undone.undone_at is not None
    _, state, history = game_state(slug=game.slug)
    assert state.life_of("Aki") == 34
    assert [h.seq for h in history] == [3, 2, 1]
    assert history[0].undone and not history[0].steps
    assert history[1].steps[0].rule == "903.10a"
    assert state.commander("Ben", 1).tax == 2

    # A new event after an undo gets the next seq; the undone one stays in the history.
    game, state, _ = record_event(game=game, kind="next-turn", payload={})
    assert list(GameEvent.objects.filter(game=game).values_list("seq", "undone")) == [
        (1, False), (2, False), (3, True), (4, False)]
    assert game_revision(slug=game.slug) == 5


@pytest.mark.django_db
def test_undo_with_nothing_to_undo() -> None:
    game = _commander_game()
    with pytest.raises(IllegalStateError, match="nothing to undo"):
        undo_last(game=game)
    record_event(game=game, kind="life", payload={"player": "Aki", "amount": 1})
    undo_last(game=game)
    with pytest.raises(IllegalStateError):
        undo_last(game=game)


@pytest.mark.django_db
def test_invalid_events_store_nothing() -> None:
    game = _commander_game()
    with pytest.raises(InvalidInputError) as info:
        record_event(game=game, kind="commander-damage", payload={"player": "Zed", "owner": "Ben", "amount": 99999})
    assert len(info.value.problems) == 1  # the amount is checked before the table
    with pytest.raises(InvalidInputError, match="'Zed' is not a player"):
        record_event(game=game, kind="life", payload={"player": "Zed", "amount": 1})
    with pytest.raises(IllegalStateError):
        record_event(game=game, kind="poison", payload={"player": "Aki", "amount": -1})
    game.refresh_from_db()
    assert game.revision == 0 and not game.events.exists()


@pytest.mark.django_db
def test_stale_copies_of_the_game_lose_nothing() -> None:
    """Two phones loaded the same game row; each write re-reads it under the lock."""
    game = _commander_game()
    phone_a = Game.objects.get(pk=game.pk)
    phone_b = Game.objects.get(pk=game.pk)
    record_event(game=phone_a, kind="life", payload={"player": "Chie", "amount": -3})
    record_event(game=phone_b, kind="life", payload={"player": "Chie", "amount": -4})
    game, state, _ = game_state(slug=game.slug)
    assert state.life_of("Chie") == 33
    assert game.revision == 2


@pytest.mark.django_db
def test_expected_revision_is_optimistic_concurrency() -> None:
    game = _commander_game()
    record_event(game=game, kind="life", payload={"player": "Aki", "amount": -1}, expected_revision=0)
    with pytest.raises(StaleRevision) as info:
        record_event(game=game, kind="life", payload={"player": "Aki", "amount": -1}, expected_revision=0)
    assert info.value.current == 1
    with pytest.raises(StaleRevision):
        undo_last(game=game, expected_revision=0)
    undo_last(game=game, expected_revision=1)
    _, state, _ = game_state(slug=game.slug)
    assert state.life_of("Aki") == 40


@pytest.mark.django_db
def test_planar_roll_is_rolled_by_the_server() -> None:
    game = start_game(variant="planechase", players=["Aki", "Ben"])
    _, state, steps = record_event(game=game, kind="planar-roll", payload={"player": "Aki"})
    stored = GameEvent.objects.get(game=game)
    assert stored.payload["face"] in {"blank", "chaos", "planeswalker"}
    assert state.player("Aki").planar_cost == 1
    assert [s.rule for s in steps][0] == "901.9"


@pytest.mark.django_db(transaction=True)
def test_parallel_writers_lose_no_update() -> None:
    """Several threads, each with its own database connection, append at once."""
    game = start_game(variant="commander", players=["Aki", "Ben"], commanders={"Aki": ["Oona"], "Ben": ["Edgar"]})
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
    game, state, history = game_state(slug=game.slug)
    assert len(history) == threads_count * per_thread
    assert sorted(h.seq for h in history) == list(range(1, threads_count * per_thread + 1))
    assert state.life_of("Ben") == 40 + per_thread * sum(amounts)
    assert game.revision == threads_count * per_thread


@pytest.mark.django_db
def test_names_are_stored_as_spelled_at_setup() -> None:
    game = _commander_game()
    record_event(game=game, kind="commander-damage", payload={"player": "aki", "owner": "BEN", "amount": 2})
    assert GameEvent.objects.get(game=game).payload["player"] == "Aki"
    assert GameEvent.objects.get(game=game).payload["owner"] == "Ben"
