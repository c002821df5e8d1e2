"""Each seat's declared bracket and pasted list for the pre-game talk (judge.tracker.models.GameSeat): one row
per seat of a Commander game that brought either, written with the game."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tracker", "0004_applied_presses"),
    ]

    operations = [
        migrations.CreateModel(
            name="GameSeat",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("index", models.PositiveSmallIntegerField()),
                ("player", models.CharField(max_length=200)),
                ("declared_bracket", models.PositiveSmallIntegerField(blank=True, null=True)),
                ("decklist", models.TextField(blank=True, default="")),
                (
                    "game",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="seats", to="tracker.game"
                    ),
                ),
            ],
            options={
                "ordering": ["index"],
                "constraints": [
                    models.UniqueConstraint(fields=("game", "index"), name="gameseat_unique_index")
                ],
            },
        ),
    ]
