"""Tracker pages: the new-game form, the game page and its htmx fragment, buttons with and without htmx, JSON."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from judge.tracker.models import Game, GameEvent
from judge.tracker.selectors import game_state
from judge.tracker.services import record_event, start_game

from tests.helpers import error_texts

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


def _game() -> Game:
    return start_game(variant="commander", players=["Aki", "Ben", "Chie"],
                      commanders={"Aki": ["Oona"], "Ben": ["Kraum", "Tymna"], "Chie": ["Edgar"]})


def seats(**columns: list[str]) -> dict[str, object]:
    """The new-game form's seats as posted: one formset row per seat ("seat-0-name"), in turn order."""
    count = len(next(iter(columns.values())))
    data: dict[str, object] = {"seat-TOTAL_FORMS": str(count), "seat-INITIAL_FORMS": str(count)}
    for field, values in columns.items():
        data.update({f"seat-{i}-{field}": value for i, value in enumerate(values)})
    return data


def test_new_game_form_renders_in_both_languages(client: Client) -> None:
    for lang in ("en", "ja"):
        response = client.get(f"/{lang}/tracker/")
        assert response.status_code == 200
        html = response.content.decode()
        assert 'name="seat-0-name"' in html and 'name="seat-0-commander"' in html and 'name="seat-0-partner"' in html
        assert "csrfmiddlewaretoken" in html
    assert len(re.findall(r'name="seat-\d+-name"', client.get("/en/tracker/?seats=10").content.decode())) == 10


def test_new_game_post_redirects_to_the_game(client: Client) -> None:
    response = client.post("/en/tracker/", {
        "variant": "commander", **seats(name=["Aki", "Ben", "", "Chie"], commander=["Oona", "Kraum", "", "Edgar"],
                                        partner=["", "Tymna", "", ""], team=["", "", "", ""]),
    })
    assert response.status_code == 302
    game = Game.objects.get()
    assert response["Location"] == f"/en/tracker/{game.slug}/"
    _, state, _ = game_state(slug=game.slug)
    assert state.setup.players == ("Aki", "Ben", "Chie")
    assert [c.name for c in state.player("Ben").commanders] == ["Kraum", "Tymna"]


def test_new_game_errors_rerender_the_form_with_every_problem(client: Client) -> None:
    response = client.post("/en/tracker/", {
        "variant": "commander", **seats(name=["Aki", "x" * 61, "", "aki"], commander=["Oona", "", "Lost", ""],
                                        partner=["", "", "", ""], team=["", "", "", ""]),
    })
    assert response.status_code == 400
    html = response.content.decode()
    assert "longer than 60 characters" in html
    assert "Seat 3" in html  # a commander without a player
    assert "appears twice" in html
    assert 'value="Aki"' in html  # what was typed is kept
    assert not Game.objects.exists()


def test_new_game_json(client: Client) -> None:
    response = client.post("/en/tracker/", json.dumps({
        "variant": "two-headed-giant", "players": ["A", "B", "C", "D"], "planechase": True,
    }), content_type="application/json")
    assert response.status_code == 201
    data = response.json()
    assert data["state"]["sides"][0]["life"] == 30 and data["url"].endswith(f"/tracker/{data['slug']}/")
    bad = client.post("/en/tracker/", json.dumps({"variant": "commander", "players": [f"P{i}" for i in range(21)]}),
                      content_type="application/json")
    assert bad.status_code == 400
    assert any("at most 20 players" in e for e in error_texts(bad))
    assert client.post("/en/tracker/", "[1", content_type="application/json").status_code == 400


def test_game_page_and_fragment(client: Client) -> None:
    game = _game()
    full = client.get(f"/en/tracker/{game.slug}/")
    assert full.status_code == 200
    html = full.content.decode()
    assert "<html" in html and 'id="board"' in html
    assert 'hx-trigger="every 5s"' in html
    # Every button is a real form with a CSRF token, and also posts with htmx.
    forms = re.findall(r"<form [^>]*>", html)
    posting = [f for f in forms if 'method="post"' in f]
    assert posting and all("hx-post=" in f and "action=" in f for f in posting)
    assert html.count("csrfmiddlewaretoken") >= len(posting)
    assert "Oona" in html and "Tymna" in html and "{0}" in html

    fragment = client.get(f"/en/tracker/{game.slug}/", **HX)
    assert fragment.status_code == 200
    assert b"<html" not in fragment.content and b'id="board"' in fragment.content
    assert client.get(f"/ja/tracker/{game.slug}/").status_code == 200


def test_polling_answers_204_until_the_table_changes(client: Client) -> None:
    game = _game()
    url = f"/en/tracker/{game.slug}/?revision=0"
    assert client.get(url, **HX).status_code == 204
    record_event(game=game, kind="life", payload={"player": "Aki", "amount": -1})
    changed = client.get(url, **HX)
    assert changed.status_code == 200 and b'data-revision="1"' in changed.content


def test_unknown_game_is_404(client: Client) -> None:
    assert client.get("/en/tracker/AAAAAAAAAAAAAAAA/").status_code == 404
    assert client.get("/en/tracker/AAAAAAAAAAAAAAAA/", {"revision": "0"}, **HX).status_code == 404
    assert client.post("/en/tracker/AAAAAAAAAAAAAAAA/event/", {"kind": "next-turn"}).status_code == 404
    assert client.get("/en/tracker/short/").status_code == 404


def test_button_without_javascript_posts_then_redirects(client: Client) -> None:
    game = _game()
    response = client.post(f"/en/tracker/{game.slug}/event/", {"kind": "life", "player": "Aki", "amount": "-5"})
    assert response.status_code == 302 and response["Location"] == f"/en/tracker/{game.slug}/"
    html = client.get(response["Location"]).content.decode()
    assert "Aki: -5 life" in html
    _, state, _ = game_state(slug=game.slug)
    assert state.life_of("Aki") == 35


def test_button_with_htmx_returns_the_board(client: Client) -> None:
    game = _game()
    response = client.post(f"/en/tracker/{game.slug}/event/",
                           {"kind": "cast-commander", "player": "Ben", "commander": "1"}, **HX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and 'id="board"' in html
    assert "{2}" in html  # Tymna's tax is now {2}
    assert "903.8" in html and 'href="/en/rules/903.8/"' in html


def test_command_beacon_correction_adds_no_tax(client: Client) -> None:
    game = _game()
    client.post(f"/en/tracker/{game.slug}/event/",
                {"kind": "commander-without-cast", "player": "Aki", "commander": "0", "how": "other-zone"}, **HX)
    client.post(f"/en/tracker/{game.slug}/event/",
                {"kind": "commander-without-cast", "player": "Aki", "commander": "0", "how": "battlefield"}, **HX)
    _, state, history = game_state(slug=game.slug)
    assert state.commander("Aki", 0).tax == 0 and len(history) == 2


def test_bad_event_is_400_listing_problems(client: Client) -> None:
    game = _game()
    url = f"/en/tracker/{game.slug}/event/"
    plain = client.post(url, {"kind": "life", "player": "Zed", "amount": "99999"})
    assert plain.status_code == 400
    assert b"Amount: a whole number from -1000 to 1000." in plain.content and b"<html" in plain.content
    htmx = client.post(url, {"kind": "commander-damage", "player": "Zed", "owner": "Chie", "commander": "1",
                             "amount": "2"}, **HX)
    # htmx swaps no 4xx answer: the fragment with the problems comes back as 200, scrolled into view.
    assert htmx.status_code == 200 and htmx["HX-Reswap"] == "outerHTML show:#board-errors:top"
    assert b'id="board-errors"' in htmx.content
    assert b"<html" not in htmx.content and b"is not a player" in htmx.content
    assert b"Chie has no commander number 2" in htmx.content
    as_json = client.post(url, json.dumps({"kind": "poison", "player": "Nobody", "amount": 0}),
                          content_type="application/json")
    assert as_json.status_code == 400
    assert any("must not be 0" in e for e in error_texts(as_json))
    assert not GameEvent.objects.exists()


def test_json_event_and_expected_revision(client: Client) -> None:
    game = _game()
    url = f"/en/tracker/{game.slug}/event/"
    ok = client.post(url, json.dumps({"kind": "commander-damage", "player": "Aki", "owner": "Ben", "commander": 0,
                                      "amount": 7, "expected_revision": 0}), content_type="application/json")
    assert ok.status_code == 200
    data = ok.json()
    assert data["revision"] == 1 and data["state"]["sides"][0]["life"] == 33
    assert [s["rule"] for s in data["steps"]][:1] == ["903.10a"]
    stale = client.post(url, json.dumps({"kind": "life", "player": "Aki", "amount": 1, "expected_revision": 0}),
                        content_type="application/json")
    assert stale.status_code == 409 and stale.json()["revision"] == 1
    assert error_texts(stale) == ["The table changed: you saw revision 0, it is now at revision 1."]
    state = client.get(f"/en/tracker/{game.slug}/?format=json").json()
    assert state["revision"] == 1 and state["history"][0]["kind"] == "commander-damage"


def test_undo_with_and_without_htmx(client: Client) -> None:
    game = _game()
    record_event(game=game, kind="life", payload={"player": "Chie", "amount": -4})
    record_event(game=game, kind="life", payload={"player": "Chie", "amount": -6})
    response = client.post(f"/en/tracker/{game.slug}/undo/", **HX)
    assert response.status_code == 200 and b"undone" in response.content
    response = client.post(f"/en/tracker/{game.slug}/undo/")
    assert response.status_code == 302
    _, state, history = game_state(slug=game.slug)
    assert state.life_of("Chie") == 40 and all(h.undone for h in history)
    nothing = client.post(f"/en/tracker/{game.slug}/undo/", **HX)
    assert nothing.status_code == 200 and b"nothing to undo" in nothing.content
    assert client.post(f"/en/tracker/{game.slug}/undo/").status_code == 400


def test_get_is_not_allowed_on_writes(client: Client) -> None:
    game = _game()
    assert client.get(f"/en/tracker/{game.slug}/event/").status_code == 405
    assert client.get(f"/en/tracker/{game.slug}/undo/").status_code == 405


def test_csrf_is_enforced() -> None:
    game = _game()
    strict = Client(enforce_csrf_checks=True)
    assert strict.post(f"/en/tracker/{game.slug}/event/", {"kind": "next-turn"}).status_code == 403
    assert strict.post("/en/tracker/", {"variant": "commander"}).status_code == 403


def test_player_names_are_escaped(client: Client) -> None:
    evil = "<script>alert(1)</script>"
    game = start_game(variant="commander", players=[evil, "Ben"],
                      commanders={evil: ['<img src=x onerror="alert(2)">'], "Ben": ["Edgar"]})
    record_event(game=game, kind="life", payload={"player": evil, "amount": -1})
    for response in (client.get(f"/en/tracker/{game.slug}/"), client.get(f"/en/tracker/{game.slug}/", **HX)):
        html = response.content.decode()
        assert "<script>alert" not in html and "<img src=x" not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    form = client.post("/en/tracker/", {"variant": "commander", **seats(name=[evil, evil], commander=["", ""],
                                                                         partner=["", ""], team=["", ""])})
    assert form.status_code == 400 and "<script>alert" not in form.content.decode()


def test_planechase_and_dtc_pages(client: Client) -> None:
    pc = start_game(variant="planechase", players=["Aki", "Ben"])
    html = client.get(f"/en/tracker/{pc.slug}/").content.decode()
    assert "Roll the planar die (cost {0})" in html
    response = client.post(f"/en/tracker/{pc.slug}/event/", {"kind": "planar-roll", "player": "Aki"}, **HX)
    assert "Roll the planar die (cost {1})" in response.content.decode()
    client.post(f"/en/tracker/{pc.slug}/event/", {"kind": "next-turn"}, **HX)
    html = client.get(f"/en/tracker/{pc.slug}/").content.decode()
    assert "Roll the planar die (cost {0})" in html

    dtc = start_game(variant="dtc", players=["Aki", "Ben", "Chie", "Dan"],
                     commanders={"Aki": ["Brand"], "Ben": ["Wilhelm"], "Chie": ["Gilamesia"], "Dan": ["Savark"]})
    html = client.get(f"/ja/tracker/{dtc.slug}/").content.decode()
    assert 'value="shields"' in html and 'value="life"' not in html
    assert "/ja/docs/dtc/" in html


def test_htmx_press_on_a_stale_board_swaps_the_board_with_the_problem(client: Client) -> None:
    """A second phone still showing a player who already conceded: its press must show why nothing happened."""
    game = _game()
    record_event(game=game, kind="lose", payload={"player": "Chie", "reason": "concede"})
    for lang, problem in (("en", "Player: Chie has left the game."), ("ja", "プレイヤー：Chie はゲームから離れています。")):
        response = client.post(f"/{lang}/tracker/{game.slug}/event/",
                               {"kind": "lose", "player": "Chie", "reason": "concede"}, **HX)
        assert response.status_code == 200
        html = response.content.decode()
        assert 'id="board-errors"' in html and problem in html and "<html" not in html
    plain = client.post(f"/en/tracker/{game.slug}/event/", {"kind": "lose", "player": "Chie", "reason": "concede"})
    assert plain.status_code == 400 and "HX-Reswap" not in plain
    stale = client.post(f"/en/tracker/{game.slug}/event/",
                        {"kind": "life", "player": "Aki", "amount": "1", "expected_revision": "0"}, **HX)
    assert stale.status_code == 200 and b"Someone else changed the table first" in stale.content


@pytest.mark.parametrize(("lang", "message"), [
    ("en", "Two-Headed Giant is tracked without commanders"),
    ("ja", "双頭巨人戦 は統率者なしで記録します"),
])
def test_commanders_typed_for_a_variant_without_commanders(client: Client, lang: str, message: str) -> None:
    response = client.post(f"/{lang}/tracker/", {
        "variant": "two-headed-giant", **seats(name=["A", "B", "C", "D"], commander=["Rafiq", "<b>K</b>", "", ""],
                                                partner=["", "", "", ""], team=["1", "1", "2", "2"]),
    })
    assert response.status_code == 400
    html = response.content.decode()
    assert html.count(message) == 1 and "commanders[A]" not in html  # one message, not one per player
    assert 'value="Rafiq"' in html and 'value="&lt;b&gt;K&lt;/b&gt;"' in html  # the input is kept, escaped
    assert not Game.objects.exists()
    ok = client.post(f"/{lang}/tracker/", {
        "variant": "two-headed-giant", **seats(name=["A", "B", "C", "D"], commander=["", "", "", ""],
                                                partner=["", "", "", ""], team=["1", "1", "2", "2"]),
    })
    assert ok.status_code == 302


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_lone_surrogate_name_is_refused_and_nothing_is_saved(client: Client, lang: str) -> None:
    """Issue 14: a player or commander named "\\ud800" answered 500 but saved an unreadable game."""
    body = json.dumps({"variant": "commander", "players": ["\ud800", "Ben"],
                       "commanders": {"\ud800": ["X"], "Ben": ["\ud800"]}})
    response = client.post(f"/{lang}/tracker/", body, content_type="application/json")
    assert response.status_code == 400 and not Game.objects.exists()
    # Refused at the JSON door, before the tracker reads the names.
    broken = {"en": "Request: contains half of a surrogate pair", "ja": "リクエスト：対になっていないサロゲート"}[lang]
    assert any(e.startswith(broken) for e in error_texts(response))
