"""Games survive the move to the tracker app: a database in the old single-app layout migrates with its games.

The old layout is built as the old app's migration made it (tables judge_game and judge_gameevent), a
game is stored in it, and the tracker's migrations run; the game is then read back through the app.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.apps.registry import Apps
from django.db import connection, models
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.recorder import MigrationRecorder

from judge.engine import tracker
from judge.tracker.models import Game
from judge.tracker.selectors import game_state
from judge.tracker.services import record_event

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


def _migrate(target: str | None) -> None:
    executor = MigrationExecutor(connection)
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
            MigrationRecorder(connection).record_unapplied("tracker", "0001_initial")
            _migrate("0001_initial")


def test_a_game_stored_by_the_old_app_is_read_back_after_migrating(old_layout: None) -> None:
    setup = tracker.table_setup(variant="commander", players=["Aki", "Ben"],
                                commanders={"Aki": ["Oona"], "Ben": ["Edgar"]})
    old = OldGame.objects.create(slug="oldgame-1234567", variant="commander", revision=1, setup=setup.to_json())
    # The payload exactly as the old app stored it: the event's fields without its kind (a column of its own).
    OldGameEvent.objects.create(game=old, seq=1, kind="life", payload={"player": "Ben", "amount": -7})

    _migrate("0001_initial")

    tables = set(connection.introspection.table_names())
    assert {"tracker_game", "tracker_gameevent"} <= tables and "judge_game" not in tables
    assert not MigrationRecorder(connection).migration_qs.filter(app="judge").exists()
    game, state, history = game_state(slug="oldgame-1234567")
    assert game.revision == 1 and state.setup.players == ("Aki", "Ben")
    assert state.side_of("Ben").life == 33 and [h.kind for h in history] == ["life"]
    # The game goes on in the new tables, and new games are numbered after the old ones.
    record_event(game=game, kind="next-turn", payload={})
    assert [h.seq for h in game_state(slug=game.slug)[2]] == [2, 1]
    assert Game.objects.create(variant="commander", setup=game.setup).pk > game.pk


def test_a_fresh_database_gets_empty_tracker_tables() -> None:
    _migrate(None)
    assert "tracker_game" not in connection.introspection.table_names()
    _migrate("0001_initial")
    assert {"tracker_game", "tracker_gameevent"} <= set(connection.introspection.table_names())
    assert not Game.objects.exists()
