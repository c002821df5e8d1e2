"""The game page and its board fragment at the game's limits (issue 31, item 6): 20 players, the longest
names, two commanders each (partners), in both languages, with and without HX-Request, stay small."""

from __future__ import annotations

import pytest
from django.test import Client

from judge.engine import tracker
from judge.tracker.models import Game
from judge.tracker.selectors import game_state
from judge.tracker.services import record_event, start_game

pytestmark = pytest.mark.django_db

PAGE_LIMIT = 200 * 1024  # bytes of the page or the board at the game's limits


def _widest_game() -> Game:
    """20 players with names of the longest length, each with two commanders of the longest names, and some
    commander damage dealt, so the board shows every kind of number."""
    players = [f"{n:02}" + "あ" * (tracker.MAX_NAME - 2) for n in range(tracker.MAX_PLAYERS)]
    commanders = {
        p: [f"{p[:2]}a" + "x" * (tracker.MAX_NAME - 3), f"{p[:2]}b" + "y" * (tracker.MAX_NAME - 3)]
        for p in players
    }
    game = start_game(variant="commander", players=players, commanders=commanders)
    record_event(
        game=game,
        kind="commander-damage",
        payload={"player": players[1], "owner": players[0], "commander": 1, "amount": 7},
    )
    record_event(game=game, kind="cast-commander", payload={"player": players[2], "commander": 0})
    return Game.objects.get(pk=game.pk)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("htmx", [False, True])
def test_the_page_and_the_board_at_the_games_limits_stay_small(client: Client, lang: str, htmx: bool) -> None:
    game = _widest_game()
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = client.get(f"/{lang}/tracker/{game.slug}/", **headers)
    assert response.status_code == 200
    html = response.content.decode()
    assert len(response.content) <= PAGE_LIMIT, len(response.content)  # 2,052,086 bytes before (964 forms)
    # One form per seat, not per cell: the seats', the turn bar's two, the keypad and the commander damage.
    assert html.count("<form") <= tracker.MAX_PLAYERS + 5, html.count("<form")
    assert html.count('class="seat-form"') == tracker.MAX_PLAYERS
    assert html.count('<option value="') == tracker.MAX_PLAYERS + 2 * tracker.MAX_PLAYERS  # one list each


def test_every_button_of_a_seats_one_form_makes_its_change_without_script(client: Client) -> None:
    """The panel's buttons are named after their change (a plain form post, no script): life, poison, a
    cast, a correction, the casts set by hand, losing; commander damage from the board's one form."""
    game = start_game(
        variant="commander",
        players=["Aki", "Ben", "Chie"],
        commanders={"Aki": ["Oona"], "Ben": ["Kraum", "Tymna"], "Chie": ["Edgar"]},
    )
    url = f"/en/tracker/{game.slug}/event/"
    for fields in (
        {"player": "Aki", "life": "-5"},
        {"player": "Aki", "poison": "1"},
        {"player": "Ben", "cast-commander": "1"},
        {"player": "Ben", "commander-without-cast": "0:battlefield"},
        {"player": "Chie", "set-commander-casts": "0", "casts-0": "3"},
        {"kind": "commander-damage", "player": "Aki", "source": "1.1", "digits": "6", "sign": "+"},
        {"player": "Chie", "lose": "concede"},
    ):
        response = client.post(
            url, {**fields, "expected_revision": str(Game.objects.get(pk=game.pk).revision)}
        )
        assert response.status_code == 302, (fields, response.content.decode()[:300])
    _, state = game_state(slug=game.slug)
    assert state.life_of("Aki") == 40 - 5 - 6 and state.side_of("Aki").poison == 1
    assert state.player("Aki").damage_from("Ben", 1) == 6
    assert state.commander("Ben", 1).tax == 2 and state.commander("Ben", 0).tax == 0
    assert state.commander("Chie", 0).casts == 3 and state.has_lost("Chie")
