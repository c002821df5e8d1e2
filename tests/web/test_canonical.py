"""One URL per page (issue 31 item 7): a needlessly escaped path answers 301 to its canonical spelling, so the
service worker and every other cache keep a page under one name (a live game is never kept as a saved page
under ``/en/tracker%2F<slug>/``)."""

from __future__ import annotations

import pytest
from django.test import Client

from judge.web.canonical import canonical, needless_escapes, raw_path
from tests.tracker.helpers import new_game

pytestmark = pytest.mark.django_db


def get(client: Client, raw: str):  # type: ignore[no-untyped-def]
    """GET as gunicorn serves it: the decoded path, and the spelling the client sent in RAW_URI."""
    path, _, query = raw.partition("?")
    return client.get(path, QUERY_STRING=query, RAW_URI=raw)


@pytest.mark.parametrize(
    "spelling",
    ["/en/tracker%2F{slug}/", "/en/tracker%2f{slug}/", "/en/%74racker/{slug}/", "/ja/tracker/{slug}%2F"],
)
def test_an_escaped_game_path_redirects_to_the_game(client: Client, spelling: str) -> None:
    game = new_game()
    response = get(client, spelling.format(slug=game.slug))
    assert response.status_code == 301
    lang = spelling[1:3]
    assert response["Location"] == f"/{lang}/tracker/{game.slug}/"
    assert "Aki" not in response.content.decode()  # the game is never answered under the other name
    assert get(client, f"/{lang}/tracker/{game.slug}/").status_code == 200


def test_the_query_is_kept_and_needed_escapes_stay(client: Client) -> None:
    response = get(client, "/en/%72ules/?q=%E7%B5%B1")
    assert response.status_code == 301 and response["Location"] == "/en/rules/?q=%E7%B5%B1"
    # Escapes of what must be escaped (Japanese, a space) are how those are spelled: no redirect.
    assert get(client, "/ja/glossary/%E7%B5%B1%E7%8E%87%E8%80%85/").status_code != 301
    assert get(client, "/ja/search/?q=a%20b").status_code != 301


def test_the_spelling_checks() -> None:
    assert needless_escapes("/en/%7Eme/") and needless_escapes("/a%2db/") and needless_escapes("/a%5F")
    assert (
        not needless_escapes("/ja/%E7%B5%B1/")
        and not needless_escapes("/a%20b/")
        and not needless_escapes("/a%3Fb")
    )
    assert canonical("/en/tracker%2Fabc/") == "/en/tracker/abc/"
    assert canonical("/ja/%E7%B5%B1%2Fx/") == "/ja/%E7%B5%B1/x/"


def test_the_raw_path_from_the_server() -> None:
    class R:
        META: dict[str, str]

    r = R()
    r.META = {"RAW_URI": "http://example.org/en/%74racker/?x=1"}
    assert raw_path(r) == "/en/%74racker/"  # type: ignore[arg-type]
    r.META = {"REQUEST_URI": "/a%2Fb?x"}
    assert raw_path(r) == "/a%2Fb"  # type: ignore[arg-type]
    r.META = {}
    assert raw_path(r) is None  # type: ignore[arg-type]
