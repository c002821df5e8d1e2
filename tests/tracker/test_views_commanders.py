"""A Commander game started with the players' names alone; each commander named later, from the board
(issue 42 item 7): the tax and the commander damage cells appear once it is named."""

from __future__ import annotations

import pytest
from django.test import Client

from judge.tracker.models import Game
from judge.tracker.selectors import game_state
from tests.helpers import error_texts
from tests.tracker.helpers import HX, assert_snapshots_match_replay, seats

pytestmark = pytest.mark.django_db


def _started(client: Client, lang: str = "en") -> Game:
    response = client.post(
        f"/{lang}/tracker/",
        {"variant": "commander", **seats(name=["Aki", "Ben"], commander=["", ""], partner=["", ""])},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    return Game.objects.get()


@pytest.mark.parametrize(("lang", "add"), [("en", "Add the commander"), ("ja", "統率者を追加")])
def test_a_commander_game_starts_with_names_and_gets_its_commanders_later(
    client: Client, lang: str, add: str
) -> None:
    tax = 'class="tax-label"'
    game = _started(client, lang)
    page = client.get(f"/{lang}/tracker/{game.slug}/").content.decode()
    assert page.count(add) == 2 and tax not in page and 'class="cmd"' not in page
    url = f"/{lang}/tracker/{game.slug}/event/"
    named = {"kind": "name-commander", "player": "Ben", "name": "Kraum", "expected_revision": "0"}
    assert client.post(url, named).status_code == 302  # without script: the form posts, then the game
    board = client.post(url, {**named, "name": "Tymna", "expected_revision": "1"}, **HX).content.decode()
    assert tax in board and board.count('class="cmd"') == 2  # Ben's two columns of commander damage
    assert board.count(add) == 1  # Aki's; Ben has two commanders, no room for more
    _, state = game_state(slug=game.slug)
    assert [c.name for c in state.player("Ben").commanders] == ["Kraum", "Tymna"]
    client.post(url, {"kind": "cast-commander", "player": "Ben", "commander": "1"})
    damage = {"kind": "commander-damage", "player": "Aki", "source": "1.1", "digits": "4", "sign": "+"}
    client.post(url, damage)
    _, state = game_state(slug=game.slug)
    assert state.commander("Ben", 1).tax == 2 and state.player("Aki").damage_from("Ben", 1) == 4
    history = client.get(f"/{lang}/tracker/{game.slug}/history/").content.decode()
    assert "Tymna" in history and "?" not in history.split("<main", 1)[-1].split("</main>", 1)[0]
    assert_snapshots_match_replay(Game.objects.get())


def test_a_third_commander_and_a_duplicate_are_refused_in_the_readers_language(client: Client) -> None:
    game = _started(client, "ja")
    url = f"/ja/tracker/{game.slug}/event/"
    client.post(url, {"kind": "name-commander", "player": "Aki", "name": "Oona"})
    response = client.post(url, {"kind": "name-commander", "player": "Aki", "name": "oona"}, **HX)
    assert "《oona》はすでに Aki の統率者です" in response.content.decode()
    response = client.post(
        f"/en/tracker/{game.slug}/event/",
        {"kind": "name-commander", "player": "Aki", "name": ""},
        content_type="application/json",
    )
    assert response.status_code == 400 and error_texts(response) == ["Commander named: required."]


def test_json_names_a_commander(client: Client) -> None:
    response = client.post(
        "/en/tracker/", {"variant": "brawl", "players": ["Aki", "Ben"]}, content_type="application/json"
    )
    assert response.status_code == 201
    slug = response.json()["slug"]
    answer = client.post(
        f"/en/tracker/{slug}/event/",
        {"kind": "name-commander", "player": "Ben", "name": "Edgar", "expected_revision": 0},
        content_type="application/json",
    ).json()
    assert answer["table"]["columns"] == [{"owner": "Ben", "commander": 0, "name": "Edgar"}]
    assert answer["steps"][0]["rule"] == "903.3"
