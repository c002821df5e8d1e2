"""Games survive the tracker's migrations: the move from the old single app, and the snapshots per change.

The old layout is built as the old app's migration made it (tables judge_game and judge_gameevent), a
game is stored in it, and the tracker's migrations run; the game is then read back through the app.
A game stored before snapshots (0001) gets the table after each kept change filled by 0002, equal to
the engine's replay; a game the stricter readers now refuse is named and left, and its page says so.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.apps.registry import Apps
from django.db import connection, models
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.recorder import MigrationRecorder

from judge.engine import tracker
from judge.tracker.models import CHECKPOINT, KEEP_SNAPSHOTS, Game
from judge.tracker.selectors import game_state
from judge.tracker.services import UnreadableGame, record_event, stored_event, undo_last

pytestmark = pytest.mark.django_db(transaction=True)

OLD = Apps(installed_apps=[])


class OldGame(models.Model):
    slug = models.CharField(max_length=32, unique=True)
    variant = models.CharField(max_length=20)
    setup = models.JSONField()
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    revision = models.PositiveIntegerField(default=0)

    class Meta:
        apps = OLD
        app_label = "judge"
        db_table = "judge_game"

    def __str__(self) -> str:
        return self.slug


class OldGameEvent(models.Model):
    game = models.ForeignKey(OldGame, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=32)
    payload = models.JSONField(default=dict)
    created = models.DateTimeField(auto_now_add=True)
    undone = models.BooleanField(default=False)
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        apps = OLD
        app_label = "judge"
        db_table = "judge_gameevent"
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="gameevent_unique_seq")]

    def __str__(self) -> str:
        return f"{self.game_id}:{self.seq}"


LATEST = "0005_seats"  # the newest of judge/tracker/migrations


def _migrate(target: str | None) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()  # the recorder may have changed under it
    executor.migrate([("tracker", target)])


@pytest.fixture()
def old_layout() -> Iterator[None]:
    """The tracker's tables replaced by the old app's, with the old app's migration recorded as applied."""
    _migrate(None)
    with connection.schema_editor() as editor:
        editor.create_model(OldGame)
        editor.create_model(OldGameEvent)
    MigrationRecorder(connection).record_applied("judge", "0001_initial")
    try:
        yield
    finally:  # whatever happened, leave the tracker's tables for the tests that follow
        tables = set(connection.introspection.table_names())
        with connection.schema_editor() as editor:
            for model in (OldGameEvent, OldGame):
                if model._meta.db_table in tables:
                    editor.delete_model(model)
        if "tracker_game" not in tables:
            for name in (
                "0001_initial",
                "0002_snapshots",
                "0003_cache_table",
                "0004_applied_presses",
                LATEST,
            ):
                MigrationRecorder(connection).record_unapplied("tracker", name)
        _migrate(LATEST)


def test_a_game_stored_by_the_old_app_is_read_back_after_migrating(old_layout: None) -> None:
    setup = tracker.table_setup(
        variant="commander", players=["Aki", "Ben"], commanders={"Aki": ["Oona"], "Ben": ["Edgar"]}
    )
    old = OldGame.objects.create(
        slug="oldgame-1234567", variant="commander", revision=1, setup=setup.to_payload()
    )
    # The payload exactly as the old app stored it: the event's fields without its kind (a column of its own).
    OldGameEvent.objects.create(game=old, seq=1, kind="life", payload={"player": "Ben", "amount": -7})

    _migrate(LATEST)

    tables = set(connection.introspection.table_names())
    assert {"tracker_game", "tracker_gameevent"} <= tables and "judge_game" not in tables
    assert not MigrationRecorder(connection).migration_qs.filter(app="judge").exists()
    game, state = game_state(slug="oldgame-1234567")
    assert game.revision == 1 and state.setup.players == ("Aki", "Ben")
    assert state.side_of("Ben").life == 33 and game.events.get().state == state.to_payload()
    # The game goes on in the new tables, and new games are numbered after the old ones.
    record_event(game=game, kind="next-turn", payload={"expected_revision": game.revision})
    assert list(game.events.values_list("seq", flat=True)) == [1, 2]
    assert Game.objects.create(variant="commander", setup=game.setup).pk > game.pk


def test_a_fresh_database_gets_empty_tracker_tables() -> None:
    _migrate(None)
    assert "tracker_game" not in connection.introspection.table_names()
    _migrate(LATEST)
    assert {"tracker_game", "tracker_gameevent", "tracker_gameseat"} <= set(
        connection.introspection.table_names()
    )
    assert not Game.objects.exists()


@pytest.fixture()
def back_to_latest() -> Iterator[None]:
    try:
        yield
    finally:  # whatever happened, leave the tracker's tables as the tests that follow expect them
        _migrate(LATEST)


def test_snapshots_are_filled_for_games_stored_before_them(
    capsys: pytest.CaptureFixture[str], back_to_latest: None
) -> None:
    """A long game with undone changes and an unreadable game, stored as 0001 stored them, migrate to 0002."""
    _migrate("0001_initial")
    old_apps = MigrationExecutor(connection).loader.project_state(("tracker", "0001_initial")).apps
    OldGame, OldEvent = old_apps.get_model("tracker", "Game"), old_apps.get_model("tracker", "GameEvent")
    setup = tracker.table_setup(
        variant="commander",
        players=["Aki", "Ben", "Chie"],
        commanders={"Aki": ["Oona"], "Ben": ["Kraum", "Tymna"], "Chie": ["Edgar"]},
    )
    long_game = OldGame.objects.create(slug="long-game-12345", variant="commander", setup=setup.to_payload())
    total = KEEP_SNAPSHOTS + CHECKPOINT + 10
    for seq in range(1, total + 1):
        payload = (
            {"player": "Ben", "amount": -1 if seq % 3 else 2, "by": "Aki"}
            if seq % 10
            else {"player": "Ben", "owner": "Chie", "commander": 0, "amount": 1}
        )
        OldEvent.objects.create(
            game=long_game,
            seq=seq,
            kind="life" if seq % 10 else "commander-damage",
            payload=payload,
            undone=seq % 7 == 0,
        )
    OldGame.objects.filter(pk=long_game.pk).update(revision=total)
    broken = OldGame.objects.create(
        slug="broken-game-1234",
        variant="commander",
        setup={**setup.to_payload(), "players": ["Bell\u0007", "Ben", "Chie"]},
    )
    OldEvent.objects.create(game=broken, seq=1, kind="next-turn", payload={})

    _migrate(LATEST)

    out = capsys.readouterr().out
    assert "broken-game-1234" in out and "long-game" not in out, out  # named, not a failed migration
    game = Game.objects.get(slug="long-game-12345")
    rows = list(game.events.order_by("seq"))
    kept = {r.seq for r in rows if r.state is not None}
    assert kept == {
        r.seq for r in rows if not r.undone and (r.seq % CHECKPOINT == 0 or r.seq > total - KEEP_SNAPSHOTS)
    }
    for row in rows:
        if row.state is not None:
            replayed = tracker.replay(setup=setup, events=[stored_event(r) for r in rows if r.seq <= row.seq])
            assert tracker.state_from_json(row.state) == replayed
    # The game reads and goes on at the same cost as a new one; the unreadable one says so.
    _, state = game_state(slug=game.slug)
    assert state == tracker.replay(setup=setup, events=[stored_event(r) for r in rows])
    _, _after, undone = undo_last(game=game, payload={"by": "Aki"})
    assert undone.seq == max(r.seq for r in rows if not r.undone and r.payload.get("by") == "Aki")
    with pytest.raises(UnreadableGame):
        game_state(slug="broken-game-1234")
