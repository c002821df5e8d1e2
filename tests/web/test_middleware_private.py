"""No shared cache keeps one visitor's state (issue 31, item 13): every page with a form that posts carries
a CSRF token (and sets its cookie), so it answers ``Cache-Control: private`` with ``no-store`` (or the
tracker's ``no-cache``, which a phone revalidates with its ETag); the public pages stay public."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils.cache import patch_cache_control

from judge.web.middleware import is_personal, keep_private
from tests.tracker.helpers import new_game
from tests.web.routes import site_routes
from tests.web.test_http import examples

pytestmark = pytest.mark.django_db

#: Every page a GET answers with a form that posts (both languages are walked).
POSTING = {"tracker:new", "tracker:game", "calc:deck", "calc:identity", "calc:table", "rulings:leave-game"}


def _private(response: Any) -> bool:
    control = {part.strip() for part in response.get("Cache-Control", "").split(",")}
    return "private" in control and bool({"no-store", "no-cache"} & control) and "public" not in control


@pytest.mark.corpus
def test_every_page_with_a_posting_form_is_private_and_no_other_is_public(ingested: Any) -> None:
    client = Client(raise_request_exception=False)
    with_token: set[str] = set()
    for route in site_routes(examples()):
        response = client.get(route.url)
        body = response.content.decode(errors="replace") if response.status_code == 200 else ""
        if "csrfmiddlewaretoken" in body:
            with_token.add(route.name)
            assert _private(response), (route, response.get("Cache-Control"))
            assert response.cookies  # the CSRF cookie: why it is personal
        if response.cookies:
            assert _private(response), (route, response.get("Cache-Control"))
    assert with_token == POSTING


@pytest.mark.parametrize(
    "url",
    ["/en/tracker/", "/ja/calc/deck-check/", "/en/calc/color-identity/", "/ja/leave-game/"],
)
def test_a_page_with_a_form_that_posts_answers_private_no_store(url: str) -> None:
    for client in (Client(), Client()):  # a first visit, and one with the CSRF cookie already
        response = client.get(url)
        assert response.status_code == 200, url
        assert "csrfmiddlewaretoken" in response.content.decode()
        assert response["Cache-Control"] == "private, no-store", url
        client.get(url)


def test_the_tracker_pages_are_private() -> None:
    """The game (which a phone revalidates: ``no-cache`` stays) and its history."""
    game = new_game()
    for url in (f"/en/tracker/{game.slug}/", f"/ja/tracker/{game.slug}/history/"):
        response = Client().get(url)
        assert _private(response), (url, response.get("Cache-Control"))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_pages_a_posted_form_answers_are_private(lang: str) -> None:
    """What a form posted without JavaScript gets back carries the token of the next form: the tracker's new
    game sent back with a problem, a change and an undo refused, a deck and a colour identity checked, a
    player leaving."""
    game = new_game()
    answers = {
        "new game": Client().post(f"/{lang}/tracker/", {"variant": "commander"}),
        "change": Client().post(f"/{lang}/tracker/{game.slug}/event/", {"kind": "life", "player": "Zed"}),
        "undo": Client().post(f"/{lang}/tracker/{game.slug}/undo/", {"by": "Chie"}),
        "deck": Client().post(f"/{lang}/calc/deck-check/", {"variant": "commander", "decklist": "1 Forest"}),
        "identity": Client().post(f"/{lang}/calc/color-identity/", {"cards_json": "{}"}),
        "leave": Client().post(f"/{lang}/leave-game/", {"action": "load-json", "board_json": "{}"}),
    }
    for what, response in answers.items():
        assert response.status_code < 500, what
        if response.status_code in (301, 302, 303):
            continue  # a redirect to the game: its page is private (above)
        assert "csrfmiddlewaretoken" in response.content.decode(), what
        assert _private(response), (what, response.status_code, response.get("Cache-Control"))


def test_keep_private_turns_a_public_answer_private() -> None:
    from django.http import HttpResponse

    response = HttpResponse()
    response.set_cookie("tracker-seat-x", "Aki")
    patch_cache_control(response, public=True, max_age=300)
    assert is_personal(response)
    keep_private(response)
    control = {part.strip() for part in response["Cache-Control"].split(",")}
    assert {"private", "no-store"} <= control and "public" not in control
    plain = HttpResponse()
    plain["Vary"] = "Accept-Language, Cookie"
    assert is_personal(plain) and not is_personal(HttpResponse())
