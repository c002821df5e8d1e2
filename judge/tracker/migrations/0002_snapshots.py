"""Each change keeps the table after it (a snapshot), so a write and a read cost the same at any length.

The snapshots of the games already stored are filled by replaying each game
once through the engine (judge.engine.tracker.replay_with_steps), keeping the
ones judge.tracker.models.keeps_snapshot says to keep. A game whose stored
setup or changes the engine's stricter readers now refuse (a name with a lone
surrogate saved before they existed) is left without snapshots and named in
the migration's output; its page says it can no longer be read instead of
failing.
"""

from django.db import migrations, models

from judge.engine import tracker
from judge.engine.errors import RulesError
from judge.tracker.models import keeps_snapshot


def _event(row):
    payload = row.payload if isinstance(row.payload, dict) else {}
    return tracker.event_from_json({**payload, "kind": row.kind, "undone": row.undone})


def fill_snapshots(apps, schema_editor):
    Game = apps.get_model("tracker", "Game")
    GameEvent = apps.get_model("tracker", "GameEvent")
    refused = []
    for game in Game.objects.order_by("pk").iterator():
        rows = list(GameEvent.objects.filter(game=game).order_by("seq"))
        if not rows:
            continue
        try:
            setup = tracker.setup_from_json(game.setup)
            _state, applied = tracker.replay_with_steps(setup=setup, events=[_event(r) for r in rows])
        except RulesError as err:
            refused.append(f"{game.slug}: {err}"[:300])
            continue
        last = rows[-1].seq
        kept = []
        for row, step in zip(rows, applied, strict=True):
            if not row.undone and keeps_snapshot(seq=row.seq, last_seq=last):
                row.state = step.state.to_payload()
                kept.append(row)
        GameEvent.objects.bulk_update(kept, ["state"], batch_size=200)
    if refused:
        print(f"\n  tracker: {len(refused)} stored game(s) no longer read (their pages say so):")
        for line in refused:
            print(f"    {line}")


class Migration(migrations.Migration):
    dependencies = [
        ("tracker", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="gameevent",
            name="state",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name="game",
            name="updated",
            field=models.DateTimeField(auto_now=True, db_index=True),
        ),
        migrations.RunPython(fill_snapshots, migrations.RunPython.noop),
    ]
