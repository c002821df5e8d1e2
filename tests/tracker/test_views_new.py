"""Starting a game: the new-game form in both languages, its problems, JSON, the per-client rate limit and
the expiry of old games."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from judge.tracker.models import Game
from judge.tracker.selectors import game_state
from tests.helpers import error_texts
from tests.tracker.helpers import new_game, seats

pytestmark = pytest.mark.django_db


def test_new_game_form_renders_in_both_languages(client: Client) -> None:
    for lang in ("en", "ja"):
        response = client.get(f"/{lang}/tracker/")
        assert response.status_code == 200
        html = response.content.decode()
        assert (
            'name="seat-0-name"' in html
            and 'name="seat-0-commander"' in html
            and 'name="seat-0-partner"' in html
        )
        assert "csrfmiddlewaretoken" in html
    assert (
        len(re.findall(r'name="seat-\d+-name"', client.get("/en/tracker/?seats=10").content.decode())) == 10
    )


def test_new_game_post_redirects_to_the_game(client: Client) -> None:
    response = client.post(
        "/en/tracker/",
        {
            "variant": "commander",
            **seats(
                name=["Aki", "Ben", "", "Chie"],
                commander=["Oona", "Kraum", "", "Edgar"],
                partner=["", "Tymna", "", ""],
                team=["", "", "", ""],
            ),
        },
    )
    assert response.status_code == 302
    game = Game.objects.get()
    assert response["Location"] == f"/en/tracker/{game.slug}/"
    _, state = game_state(slug=game.slug)
    assert state.setup.players == ("Aki", "Ben", "Chie")
    assert [c.name for c in state.player("Ben").commanders] == ["Kraum", "Tymna"]


def test_new_game_errors_rerender_the_form_with_every_problem(client: Client) -> None:
    response = client.post(
        "/en/tracker/",
        {
            "variant": "commander",
            **seats(
                name=["Aki", "x" * 61, "", "aki"],
                commander=["Oona", "", "Lost", ""],
                partner=["", "", "", ""],
                team=["", "", "", ""],
            ),
        },
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "at most 60 characters" in html
    assert "Seat 3" in html  # a commander without a player
    assert "appears twice" in html
    assert 'value="Aki"' in html  # what was typed is kept
    assert not Game.objects.exists()


def test_new_game_json(client: Client) -> None:
    response = client.post(
        "/en/tracker/",
        json.dumps(
            {
                "variant": "two-headed-giant",
                "players": ["A", "B", "C", "D"],
                "planechase": True,
            }
        ),
        content_type="application/json",
    )
    assert response.status_code == 201
    data = response.json()
    assert data["state"]["sides"][0]["life"] == 30 and data["url"].endswith(f"/tracker/{data['slug']}/")
    bad = client.post(
        "/en/tracker/",
        json.dumps({"variant": "commander", "players": [f"P{i}" for i in range(21)]}),
        content_type="application/json",
    )
    assert bad.status_code == 400
    assert any("at most 20 players" in e for e in error_texts(bad))
    assert client.post("/en/tracker/", "[1", content_type="application/json").status_code == 400


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "Two-Headed Giant is tracked without commanders"),
        ("ja", "双頭巨人戦 は統率者なしで記録します"),
    ],
)
def test_commanders_typed_for_a_variant_without_commanders(client: Client, lang: str, message: str) -> None:
    response = client.post(
        f"/{lang}/tracker/",
        {
            "variant": "two-headed-giant",
            **seats(
                name=["A", "B", "C", "D"],
                commander=["Rafiq", "<b>K</b>", "", ""],
                partner=["", "", "", ""],
                team=["1", "1", "2", "2"],
            ),
        },
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert html.count(message) == 1 and "commanders[A]" not in html  # one message, not one per player
    assert 'value="Rafiq"' in html and 'value="&lt;b&gt;K&lt;/b&gt;"' in html  # the input is kept, escaped
    assert not Game.objects.exists()
    ok = client.post(
        f"/{lang}/tracker/",
        {
            "variant": "two-headed-giant",
            **seats(
                name=["A", "B", "C", "D"],
                commander=["", "", "", ""],
                partner=["", "", "", ""],
                team=["1", "1", "2", "2"],
            ),
        },
    )
    assert ok.status_code == 302


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_lone_surrogate_name_is_refused_and_nothing_is_saved(client: Client, lang: str) -> None:
    """Issue 14: a player or commander named "\\ud800" answered 500 but saved an unreadable game."""
    body = json.dumps(
        {
            "variant": "commander",
            "players": ["\ud800", "Ben"],
            "commanders": {"\ud800": ["X"], "Ben": ["\ud800"]},
        }
    )
    response = client.post(f"/{lang}/tracker/", body, content_type="application/json")
    assert response.status_code == 400 and not Game.objects.exists()
    # Refused at the JSON door, before the tracker reads the names.
    broken = {
        "en": "Request: contains half of a surrogate pair",
        "ja": "リクエスト：対になっていないサロゲート",
    }[lang]
    assert any(e.startswith(broken) for e in error_texts(response))


def test_new_games_are_rate_limited_per_client(client: Client, settings) -> None:  # type: ignore[no-untyped-def]
    settings.JUDGE_TRACKER_NEW_GAME_RATE = "2/h"
    body = json.dumps({"variant": "planechase", "players": ["A", "B"]})
    bad = json.dumps({"variant": "planechase", "players": ["A"]})
    assert client.post("/en/tracker/", bad, content_type="application/json").status_code == 400  # not counted
    for _ in range(2):
        assert client.post("/en/tracker/", body, content_type="application/json").status_code == 201
    limited = client.post("/ja/tracker/", body, content_type="application/json")
    assert limited.status_code == 429 and limited.json()["errors"][0]["code"] == "web.too-many-games"
    form = client.post(
        "/en/tracker/",
        {
            "variant": "planechase",
            **seats(name=["A", "B"], commander=["", ""], partner=["", ""], team=["", ""]),
        },
    )
    assert form.status_code == 429 and b"Too many new games" in form.content
    other = Client(REMOTE_ADDR="192.0.2.7")
    assert other.post("/en/tracker/", body, content_type="application/json").status_code == 201
    assert Game.objects.count() == 3


def test_expire_games_command(settings, capsys) -> None:  # type: ignore[no-untyped-def]
    import datetime

    from django.core.management import call_command
    from django.utils import timezone

    settings.JUDGE_TRACKER_RETENTION_DAYS = 7
    old, new = new_game(), new_game()
    Game.objects.filter(pk=old.pk).update(updated=timezone.now() - datetime.timedelta(days=8))
    call_command("expire_games")
    assert "expired 1 game(s) idle for more than 7 days" in capsys.readouterr().out
    assert list(Game.objects.values_list("pk", flat=True)) == [new.pk]
