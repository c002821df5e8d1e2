"""The presses recorded with their own id, one row per game and press (judge.tracker.models.AppliedPress):
the same press sent twice is recorded once, checked and written in the change's own transaction."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tracker", "0003_cache_table"),
    ]

    operations = [
        migrations.CreateModel(
            name="AppliedPress",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("press", models.CharField(max_length=40)),
                ("revision", models.PositiveIntegerField()),
                ("created", models.DateTimeField(auto_now_add=True, db_index=True)),
                (
                    "game",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="presses", to="tracker.game"
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(fields=("game", "press"), name="appliedpress_unique_press")
                ],
            },
        ),
    ]
