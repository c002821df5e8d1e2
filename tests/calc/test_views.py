"""The calculators together: the index page, the JSON door every calculator shares, the site's form limits."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.calc.helpers import HX, drawn, post
from tests.helpers import error_texts

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_index_page(client: Client, lang: str) -> None:
    for headers in ({}, HX):
        response = client.get(f"/{lang}/calc/", **headers)
        assert response.status_code == 200
        html = response.content.decode()
        for name in ("tax", "commander-damage", "color-identity", "deck-check"):
            assert f'href="/{lang}/calc/{name}/"' in html


@pytest.mark.parametrize(
    "url", ["/api/calc/tax", "/api/calc/commander-damage", "/api/calc/color-identity", "/api/calc/deck-check"]
)
@pytest.mark.parametrize(
    "body",
    [
        "",
        "[1",
        "\xff",
        "[]",
        '"text"',
        "1",
        "null",
        {"variant": []},
        {"variant": {}},
        {"variant": "commander", "players": "x", "commanders": {}, "events": 1},
        {"cards": "x"},
        {"cards": [1, "a", None, {"card_faces": "x"}]},
        {"variant": "commander", "decklist": [], "commanders": "x"},
        {"variant": "dtc", "decks": [1]},
        {"variant": "commander", "mana_cost": ["{G}"], "previous_casts": True, "reduction": 1.5},
        {"variant": "dtc", "cost": "6", "play_number": None},
    ],
)
def test_api_wrong_bodies_are_400(client: Client, url: str, body: Any) -> None:
    response = post(client, url, body.encode("latin-1") if isinstance(body, str) else body)
    if url.endswith("color-identity") and isinstance(body, dict) and isinstance(body.get("cards"), list):
        # A list of cards is answered card by card: each bad card is listed with its problems (issue 13).
        assert response.status_code == 200 and len(response.json()["problems"]) == len(body["cards"])
        return
    assert response.status_code == 400, response.content
    assert error_texts(response)


def test_api_needs_post(client: Client) -> None:
    assert client.get("/api/calc/tax").status_code == 405


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_tax_page_answers_the_tax_from_the_number_of_casts_alone(client: Client, lang: str) -> None:
    """A search's answer card links the page with the casts only (「統率者税 2回」): the tax is the answer."""
    html = client.get(f"/{lang}/calc/tax/?variant=commander&previous_casts=2").content.decode()
    four = drawn("{4}", lang).removeprefix('<span class="mana">')
    assert f'<span class="mana">+{four}' in html
    assert f'href="/{lang}/rules/903.8/"' in html
    assert f'href="/{lang}/rules/601.2f/"' not in html  # no cost to start from: only the tax's steps
    assert ("統率者のマナ・コストを入れると" if lang == "ja" else "Enter the commander's mana cost") in html
    full = client.get(f"/{lang}/calc/tax/?variant=commander&mana_cost=3GG&previous_casts=2").content.decode()
    assert drawn("{7}{G}{G}", lang) in full and "Enter the commander" not in full


def test_forms_over_the_site_limit_get_their_page_with_its_message_even_with_csrf_checks() -> None:
    """With the CSRF check on (as in production) the form is read before the view: an over-size deck or
    identity form once answered a bare "Bad Request (400)"."""
    client = Client(enforce_csrf_checks=True)
    client.get("/en/calc/deck-check/")  # the CSRF cookie, as a browser has it
    token = client.cookies["csrftoken"].value
    big = "1 Sol Ring\n" * 200_000
    deck = client.post(
        "/en/calc/deck-check/", {"variant": "commander", "decklist": big, "csrfmiddlewaretoken": token}
    )
    assert deck.status_code == 413 and "decklists over 1 MB are refused" in deck.content.decode()
    identity = client.post("/ja/calc/color-identity/", {"names": big, "csrfmiddlewaretoken": token})
    assert identity.status_code == 413
    assert "<form" in identity.content.decode() and "Too large" not in identity.content.decode()
    other = client.post("/en/leave-game/", {"board_json": big, "csrfmiddlewaretoken": token})
    assert other.status_code == 413 and "The request is larger than 2 MB" in other.content.decode()
