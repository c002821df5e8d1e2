"""The site's refusals as pages in the reader's language (the audit): a wrong method (405: Django's has an
empty body), a request Django cannot read (400: Django's is "Bad Request (400)" in English), a form posted
without its CSRF token (403: Django's is a page for developers), and a seat number ``int`` refuses (500)."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from judge.tracker.services import start_game
from tests.helpers import error_texts

pytestmark = pytest.mark.django_db


def new_game():  # type: ignore[no-untyped-def]
    return start_game(
        variant="commander", players=["Aki", "Ben"], commanders={"Aki": ["Oona"], "Ben": ["Edgar"]}
    )


def page_text(response: object) -> str:
    return response.content.decode()  # type: ignore[attr-defined, no-any-return]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("ja", "このアドレスは POST を受け付けません（使えるのは GET）。"),
        ("en", "This address does not take POST; it takes GET."),
    ],
)
def test_a_wrong_method_on_a_page_is_a_page_saying_so(lang: str, expected: str) -> None:
    answer = Client().post(f"/{lang}/search/")
    assert answer.status_code == 405 and answer["Allow"] == "GET"
    html = page_text(answer)
    assert f'<html lang="{lang}"' in html and expected in html
    head = Client().put(f"/{lang}/rules/")
    assert head.status_code == 405 and f'<html lang="{lang}"' in page_text(head)


def test_a_link_to_an_address_that_takes_only_post_is_a_japanese_page() -> None:
    game = new_game()
    answer = Client().get(f"/ja/tracker/{game.slug}/event/")
    assert answer.status_code == 405 and answer["Allow"] == "POST"
    assert "この方法では開けません" in page_text(answer)
    assert "このアドレスは GET を受け付けません（使えるのは POST）。" in page_text(answer)


def test_the_api_keeps_its_json_405() -> None:
    answer = Client().get("/api/calc/tax?lang=ja")
    assert answer.status_code == 405 and answer["Content-Type"] == "application/json"
    assert error_texts(answer) == ["このアドレスは GET を受け付けません（使えるのは POST）。"]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("ja", "リクエストを読み取れませんでした。"), ("en", "The request could not be read.")],
)
def test_a_request_django_cannot_read_is_a_page_in_the_readers_language(lang: str, expected: str) -> None:
    client = Client(raise_request_exception=False)
    too_many = client.get(f"/{lang}/search/?" + "&".join(["q=a"] * 6000))  # DATA_UPLOAD_MAX_NUMBER_FIELDS
    broken = client.generic("POST", f"/{lang}/tracker/", b"x", content_type="multipart/form-data")
    for answer in (too_many, broken):
        html = page_text(answer)
        assert answer.status_code == 400 and f'<html lang="{lang}"' in html and expected in html
        assert "Bad Request (400)" not in html


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("ja", "ページを再読み込みして、もう一度送ってください。"),
        ("en", "Reload the page and send it again."),
    ],
)
def test_a_form_posted_without_its_token_is_a_page_in_the_readers_language(lang: str, expected: str) -> None:
    strict = Client(enforce_csrf_checks=True)
    answer = strict.post(f"/{lang}/tracker/", {"variant": "commander"})
    html = page_text(answer)
    assert answer.status_code == 403 and f'<html lang="{lang}"' in html and expected in html
    assert "CSRF verification failed" not in html
    game = new_game()
    sent = strict.post(
        f"/{lang}/tracker/{game.slug}/event/?lang={lang}",
        json.dumps({"kind": "next-turn"}),
        content_type="application/json",
    )
    assert sent.status_code == 403 and sent.json()["errors"][0]["code"] == "web.csrf-failed"
    assert expected in error_texts(sent)[0]


@pytest.mark.parametrize("seat", ["²", "1" * 5000, "٣", "-1", "99"])
def test_a_seat_that_is_no_seat_number_forgets_the_seat_instead_of_a_500(seat: str) -> None:
    """``str.isdigit`` is true of ² and ٣, and ``int`` refuses ² and 5,000 digits (ValueError: a 500)."""
    game = new_game()
    client = Client(raise_request_exception=False)
    answer = client.get(f"/ja/tracker/{game.slug}/", {"seat": seat})
    assert answer.status_code == 302
    assert (
        not answer.cookies.get(f"tracker-seat-{game.slug}", None)
        or not answer.cookies[f"tracker-seat-{game.slug}"].value
    )
    client.cookies[f"tracker-seat-{game.slug}"] = seat.encode().decode("latin-1")  # as WSGI hands it on
    assert client.get(f"/ja/tracker/{game.slug}/").status_code == 200


def test_too_many_fields_on_the_api_is_a_json_400_in_the_language_asked() -> None:
    """The 400's handler read ``?lang=`` through ``request.GET`` again, which refused again: a 500."""
    client = Client(raise_request_exception=False)
    answer = client.get("/api/rules/903.8?lang=ja&" + "&".join(["q=a"] * 6000))
    assert answer.status_code == 400 and error_texts(answer) == ["リクエストを読み取れませんでした。"]


# --------------------------------------------------------------------------- digits int() refuses

#: ``str.isdigit`` is true of both; ``int`` refuses them (ValueError): each was a 500 where a view read a
#: number with ``isdigit()`` and ``int()``.
REFUSED_DIGITS = ["²", "1" * 5000]


@pytest.mark.parametrize("digits", REFUSED_DIGITS)
def test_digits_int_refuses_in_the_trackers_links_and_forms_are_never_a_500(digits: str) -> None:
    game = new_game()
    client = Client(raise_request_exception=False)
    assert client.get(f"/ja/tracker/{game.slug}/history/", {"before": digits}).status_code == 200
    pressed = client.post(
        f"/ja/tracker/{game.slug}/event/",
        {"kind": "commander-damage", "source": f"{digits}.0", "player": "Ben", "amount": "1"},
    )
    assert pressed.status_code == 400 and 'lang="ja"' in page_text(pressed)


@pytest.mark.parametrize("digits", REFUSED_DIGITS)
def test_digits_int_refuses_in_a_board_posted_on_the_leave_game_page_are_never_a_500(digits: str) -> None:
    client = Client(raise_request_exception=False)
    board = {
        "variant": "free-for-all",
        "player-TOTAL_FORMS": "2",
        "player-INITIAL_FORMS": "0",
        "player-0-name": "Alex",
        "player-0-shields": digits,
        "player-1-name": "Bianca",
        "obj-TOTAL_FORMS": digits,
        "obj-INITIAL_FORMS": "0",
        "action": "resolve-0",
    }
    answer = client.post("/ja/leave-game/", board)
    assert answer.status_code in (200, 400) and 'lang="ja"' in page_text(answer)
    if digits.isascii():  # the row count claimed past the limit is refused by name
        assert "このページで扱えるのは、プレイヤー最大16人" in page_text(answer)


def test_a_copy_limit_written_with_digits_int_refuses_is_one_copy() -> None:
    from judge.engine.cards import Card, Face

    text = "A deck can have up to ² cards named Odd."
    assert Card(name="Odd", faces=(Face(name="Odd", oracle_text=text),)).deck_limit == 1


@pytest.mark.parametrize(
    ("path", "lang"),
    [
        ("/api/rules/%00", "ja"),
        ("/api/cards/a%00b", "en"),
        ("/en/rules/%00/", "en"),
        ("/ja/docs/a%00/", "ja"),
    ],
)
def test_a_nul_in_the_path_is_refused_before_any_database_query(
    path: str,
    lang: str,
    django_assert_num_queries,  # type: ignore[no-untyped-def]
) -> None:
    """PostgreSQL refuses NUL in a query's text: /api/rules/%00 was a 500 there (the hostile-route test)."""
    with django_assert_num_queries(0):
        answer = Client().get(path, {"lang": lang} if path.startswith("/api/") else {})
    assert answer.status_code == 400
    expected = "The request could not be read" if lang == "en" else "リクエストを読み取れませんでした"
    if path.startswith("/api/"):
        [error] = answer.json()["errors"]
        assert error["code"] == "web.bad-request" and error["text"].startswith(expected)
    else:
        html = page_text(answer)
        assert f'<html lang="{lang}"' in html and expected in html
