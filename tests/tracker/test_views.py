"""Tracker pages: the game page and its htmx fragment, polling, buttons with and without htmx, JSON events,
undo, two phones at one table, the history."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from judge.tracker.models import Game, GameEvent
from judge.tracker.selectors import game_state
from judge.tracker.services import record_event, start_game
from tests.helpers import error_texts
from tests.tracker.helpers import HX, new_game, seats

pytestmark = pytest.mark.django_db


ZERO = (
    '<span class="mana-symbol pip-N" role="img" aria-label="0 generic mana" title="0 generic mana">0</span>'
)


def test_game_page_and_fragment(client: Client) -> None:
    game = new_game()
    full = client.get(f"/en/tracker/{game.slug}/")
    assert full.status_code == 200
    html = full.content.decode()
    assert "<html" in html and 'id="board"' in html
    assert 'hx-trigger="every 1s"' in html
    # Every button is a real form with a CSRF token and the revision it was pressed on, and also posts with
    # htmx.
    forms = re.findall(r"<form [^>]*>", html)
    posting = [f for f in forms if 'method="post"' in f]
    assert posting and all("hx-post=" in f and "action=" in f for f in posting)
    assert html.count("csrfmiddlewaretoken") >= len(posting)
    assert html.count('name="expected_revision" value="0"') == len(posting)
    assert 'name="by"' not in html  # no seat picked yet: undo takes back anyone's last change
    assert "Undo last change" in html and "Which seat is yours?" in html
    # A tax of zero is a drawn symbol with its spoken label, never raw braces (issue 24).
    assert "Oona" in html and "Tymna" in html and ZERO in html and "{0}" not in html
    # The whole table in one table: a row per seat, a column per commander; the share link as a QR code.
    assert html.count('<tr id="seat-') == 3 and html.count('class="cmd"') == 4
    assert "<svg" in html and 'class="qr"' in html and f"/en/tracker/{game.slug}/" in html

    fragment = client.get(f"/en/tracker/{game.slug}/", **HX)
    assert fragment.status_code == 200
    assert b"<html" not in fragment.content and b'id="board"' in fragment.content
    assert b"<svg" not in fragment.content  # the share block is not polled
    assert client.get(f"/ja/tracker/{game.slug}/").status_code == 200


def test_polling_answers_304_while_the_revision_is_unchanged(
    client: Client, django_assert_num_queries
) -> None:  # type: ignore[no-untyped-def]
    game = new_game()
    url = f"/en/tracker/{game.slug}/"
    board = client.get(url, **HX)
    etag = board["ETag"]
    assert (
        etag == 'W/"0-board-x"'
        and "no-cache" in board["Cache-Control"]
        and "private" in board["Cache-Control"]
    )
    assert "HX-Request" in board["Vary"] and "Cookie" in board["Vary"]
    assert "{&quot;If-None-Match&quot;: &quot;W/\\&quot;0-board-x\\&quot;&quot;}" in board.content.decode()
    with django_assert_num_queries(1):  # the revision alone: nothing read, nothing rendered
        unchanged = client.get(url, HTTP_IF_NONE_MATCH=etag, **HX)
    assert unchanged.status_code == 304 and unchanged.content == b"" and unchanged["ETag"] == etag
    # The page and the JSON have tags of their own: a board's tag never answers for them.
    page = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert page.status_code == 200 and page["ETag"] == 'W/"0-page-x"'
    assert client.get(url, HTTP_IF_NONE_MATCH=page["ETag"]).status_code == 304
    as_json = client.get(url + "?format=json", HTTP_IF_NONE_MATCH=etag)
    assert as_json.status_code == 200 and as_json["ETag"] == 'W/"0-json-x"'
    assert client.get(url + "?format=json", HTTP_IF_NONE_MATCH=as_json["ETag"]).status_code == 304

    record_event(game=game, kind="life", payload={"player": "Aki", "amount": -1})
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag, **HX)
    assert (
        changed.status_code == 200
        and b'data-revision="1"' in changed.content
        and changed["ETag"] == 'W/"1-board-x"'
    )
    client.get(url + "?seat=2")
    assert client.get(url, HTTP_IF_NONE_MATCH='W/"1-board-x"', **HX)["ETag"] == 'W/"1-board-2"'  # per seat


def test_unknown_game_is_404(client: Client) -> None:
    assert client.get("/en/tracker/AAAAAAAAAAAAAAAA/").status_code == 404
    assert (
        client.get("/en/tracker/AAAAAAAAAAAAAAAA/", HTTP_IF_NONE_MATCH='W/"0-board-x"', **HX).status_code
        == 404
    )
    assert client.post("/en/tracker/AAAAAAAAAAAAAAAA/event/", {"kind": "next-turn"}).status_code == 404
    assert client.get("/en/tracker/AAAAAAAAAAAAAAAA/?seat=1").status_code == 404
    assert client.get("/en/tracker/AAAAAAAAAAAAAAAA/history/").status_code == 404
    assert client.get("/en/tracker/short/").status_code == 404
    as_json = client.get("/ja/tracker/AAAAAAAAAAAAAAAA/?format=json")
    assert as_json.status_code == 404 and error_texts(as_json) == ["そのゲームはありません。"]


def test_button_without_javascript_posts_then_redirects(client: Client) -> None:
    game = new_game()
    response = client.post(
        f"/en/tracker/{game.slug}/event/", {"kind": "life", "player": "Aki", "amount": "-5"}
    )
    assert response.status_code == 302 and response["Location"] == f"/en/tracker/{game.slug}/"
    html = client.get(response["Location"]).content.decode()
    assert "Aki: -5 life" in html
    _, state = game_state(slug=game.slug)
    assert state.life_of("Aki") == 35


def test_button_with_htmx_returns_the_board(client: Client) -> None:
    game = new_game()
    response = client.post(
        f"/en/tracker/{game.slug}/event/", {"kind": "cast-commander", "player": "Ben", "commander": "1"}, **HX
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and 'id="board"' in html
    assert ZERO.replace("0", "2") in html  # Tymna's tax is now {2}
    assert "903.8" in html and 'href="/en/rules/903.8/"' in html


def test_command_beacon_correction_adds_no_tax(client: Client) -> None:
    game = new_game()
    client.post(
        f"/en/tracker/{game.slug}/event/",
        {"kind": "commander-without-cast", "player": "Aki", "commander": "0", "how": "other-zone"},
        **HX,
    )
    client.post(
        f"/en/tracker/{game.slug}/event/",
        {"kind": "commander-without-cast", "player": "Aki", "commander": "0", "how": "battlefield"},
        **HX,
    )
    _, state = game_state(slug=game.slug)
    assert state.commander("Aki", 0).tax == 0 and game.events.count() == 2


def test_bad_event_is_400_listing_problems(client: Client) -> None:
    game = new_game()
    url = f"/en/tracker/{game.slug}/event/"
    plain = client.post(url, {"kind": "life", "player": "Zed", "amount": "99999"})
    assert plain.status_code == 400
    assert b"Amount: a whole number from -1000 to 1000." in plain.content and b"<html" in plain.content
    htmx = client.post(
        url,
        {"kind": "commander-damage", "player": "Zed", "owner": "Chie", "commander": "1", "amount": "2"},
        **HX,
    )
    # htmx swaps no 4xx answer: the fragment with the problems comes back as 200, scrolled into view.
    assert htmx.status_code == 200 and htmx["HX-Reswap"] == "outerHTML show:#board-errors:top"
    assert b'id="board-errors"' in htmx.content
    assert b"<html" not in htmx.content and b"is not a player" in htmx.content
    assert b"Chie has no commander number 2" in htmx.content
    as_json = client.post(
        url, json.dumps({"kind": "poison", "player": "Nobody", "amount": 0}), content_type="application/json"
    )
    assert as_json.status_code == 400
    assert any("must not be 0" in e for e in error_texts(as_json))
    assert not GameEvent.objects.exists()


def test_json_event_and_expected_revision(client: Client) -> None:
    game = new_game()
    url = f"/en/tracker/{game.slug}/event/"
    ok = client.post(
        url,
        json.dumps(
            {
                "kind": "commander-damage",
                "player": "Aki",
                "owner": "Ben",
                "commander": 0,
                "amount": 7,
                "expected_revision": 0,
                "by": "Ben",
            }
        ),
        content_type="application/json",
    )
    assert ok.status_code == 200
    data = ok.json()
    assert data["revision"] == 1 and data["state"]["sides"][0]["life"] == 33
    assert (
        data["table"]["seats"][0]["damage"] == [0, 7, 0, 0]
        and data["table"]["seats"][0]["to_lethal"][1] == 14
    )
    assert [s["rule"] for s in data["steps"]][:1] == ["903.10a"]
    # A relative change pressed on an older revision still applies; "next turn" on one is already done.
    late = client.post(
        url,
        json.dumps({"kind": "life", "player": "Aki", "amount": 1, "expected_revision": 0}),
        content_type="application/json",
    )
    assert late.status_code == 200 and late.json()["revision"] == 2
    client.post(
        url, json.dumps({"kind": "next-turn", "expected_revision": 2}), content_type="application/json"
    )
    again = client.post(
        url + "?lang=ja",
        json.dumps({"kind": "next-turn", "expected_revision": 2}),
        content_type="application/json",
    )
    assert again.status_code == 409 and again.json()["revision"] == 3
    assert again.json()["errors"][0]["code"] == "tracker.already-done.next-turn"
    assert error_texts(again)[0].startswith(
        "ほかの端末で先に更新されました（「次のターン」を押した後の変更 1 件）"
    )
    state = client.get(f"/en/tracker/{game.slug}/?format=json").json()
    assert state["revision"] == 3 and state["state"]["active_players"] == ["Ben"]
    assert [h["kind"] for h in state["history"]] == ["next-turn", "life", "commander-damage"]
    assert state["history"][2]["payload"]["by"] == "Ben" and state["history_before"] is None


NOT_READ_BY_THE_DOOR = {"Infinity", "-Infinity", "NaN", "1e400", "99999999999999999999999"}


@pytest.mark.parametrize(
    "revision",
    ["Infinity", "-Infinity", "NaN", "1e400", '"abc"', "1.5", "[0]", "-1", "99999999999999999999999"],
)
def test_a_revision_that_is_no_whole_number_is_400(client: Client, revision: str) -> None:
    """Issue 14: Infinity or 1e400 as expected_revision answered 500 (OverflowError)."""
    game = new_game()
    for path, body in (
        ("event", f'{{"kind": "next-turn", "expected_revision": {revision}}}'),
        ("undo", f'{{"expected_revision": {revision}}}'),
    ):
        response = client.post(f"/en/tracker/{game.slug}/{path}/", body, content_type="application/json")
        assert response.status_code == 400, (path, revision)
        if revision in NOT_READ_BY_THE_DOOR:  # refused by the one JSON reader before the tracker sees it
            assert error_texts(response) == [
                f"Request: {revision} is not a number the site reads (a finite number "
                "from -9007199254740992 to 9007199254740992)."
            ]
            continue
        assert error_texts(response) == ["Table revision: a whole number from 0 to 2147483647."]
        assert response.json()["errors"][0]["field"] == "expected_revision"
    form = client.post(f"/en/tracker/{game.slug}/event/", {"kind": "next-turn", "expected_revision": "abc"})
    assert form.status_code == 400 and b"Table revision: a whole number" in form.content
    assert not game.events.exists()


def test_undo_with_and_without_htmx(client: Client) -> None:
    game = new_game()
    record_event(game=game, kind="life", payload={"player": "Chie", "amount": -4})
    record_event(game=game, kind="life", payload={"player": "Chie", "amount": -6})
    response = client.post(f"/en/tracker/{game.slug}/undo/", {"expected_revision": "2"}, **HX)
    assert response.status_code == 200 and b"undone" in response.content
    assert response["HX-Trigger"] == "tracker-saved"
    response = client.post(f"/en/tracker/{game.slug}/undo/")
    assert response.status_code == 302
    _, state = game_state(slug=game.slug)
    assert state.life_of("Chie") == 40 and not game.events.filter(undone=False).exists()
    nothing = client.post(f"/en/tracker/{game.slug}/undo/", **HX)
    assert nothing.status_code == 200 and b"Nothing to undo" in nothing.content
    assert client.post(f"/en/tracker/{game.slug}/undo/").status_code == 400


def test_get_is_not_allowed_on_writes(client: Client) -> None:
    game = new_game()
    assert client.get(f"/en/tracker/{game.slug}/event/").status_code == 405
    assert client.get(f"/en/tracker/{game.slug}/undo/").status_code == 405


def test_csrf_is_enforced() -> None:
    game = new_game()
    strict = Client(enforce_csrf_checks=True)
    assert strict.post(f"/en/tracker/{game.slug}/event/", {"kind": "next-turn"}).status_code == 403
    assert strict.post("/en/tracker/", {"variant": "commander"}).status_code == 403


def test_player_names_are_escaped(client: Client) -> None:
    evil = "<script>alert(1)</script>"
    game = start_game(
        variant="commander",
        players=[evil, "Ben"],
        commanders={evil: ['<img src=x onerror="alert(2)">'], "Ben": ["Edgar"]},
    )
    record_event(game=game, kind="life", payload={"player": evil, "amount": -1})
    for response in (client.get(f"/en/tracker/{game.slug}/"), client.get(f"/en/tracker/{game.slug}/", **HX)):
        html = response.content.decode()
        assert "<script>alert" not in html and "<img src=x" not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    form = client.post(
        "/en/tracker/",
        {
            "variant": "commander",
            **seats(name=[evil, evil], commander=["", ""], partner=["", ""], team=["", ""]),
        },
    )
    assert form.status_code == 400 and "<script>alert" not in form.content.decode()


def test_planechase_and_dtc_pages(client: Client) -> None:
    pc = start_game(variant="planechase", players=["Aki", "Ben"])
    html = client.get(f"/en/tracker/{pc.slug}/").content.decode()
    assert f"Roll the planar die (cost {ZERO})" in html
    response = client.post(f"/en/tracker/{pc.slug}/event/", {"kind": "planar-roll", "player": "Aki"}, **HX)
    assert f"Roll the planar die (cost {ZERO.replace('0', '1')})" in response.content.decode()
    client.post(f"/en/tracker/{pc.slug}/event/", {"kind": "next-turn", "expected_revision": "1"}, **HX)
    html = client.get(f"/en/tracker/{pc.slug}/").content.decode()
    assert f"Roll the planar die (cost {ZERO})" in html

    dtc = start_game(
        variant="dtc",
        players=["Aki", "Ben", "Chie", "Dan"],
        commanders={"Aki": ["Brand"], "Ben": ["Wilhelm"], "Chie": ["Gilamesia"], "Dan": ["Savark"]},
    )
    html = client.get(f"/ja/tracker/{dtc.slug}/").content.decode()
    assert 'name="shields"' in html and 'name="life"' not in html
    assert "/ja/docs/dtc/" in html
    assert '<th scope="col">シールド</th>' in html or '<th scope="col">Shields</th>' in html


def test_htmx_press_on_a_stale_board_swaps_the_board_with_the_problem(client: Client) -> None:
    """A second phone still showing a player who already conceded: its press must show why nothing
    happened."""
    game = new_game()
    record_event(game=game, kind="lose", payload={"player": "Chie", "reason": "concede"})
    for lang, problem in (
        ("en", "Player: Chie has left the game."),
        ("ja", "プレイヤー：Chie はゲームから離れています。"),
    ):
        response = client.post(
            f"/{lang}/tracker/{game.slug}/event/",
            {"kind": "lose", "player": "Chie", "reason": "concede"},
            **HX,
        )
        assert response.status_code == 200
        html = response.content.decode()
        assert 'id="board-errors"' in html and problem in html and "<html" not in html
    plain = client.post(
        f"/en/tracker/{game.slug}/event/", {"kind": "lose", "player": "Chie", "reason": "concede"}
    )
    assert plain.status_code == 400 and "HX-Reswap" not in plain


@pytest.mark.parametrize(
    ("lang", "text"),
    [("en", "Another phone updated the table first"), ("ja", "ほかの端末で先に更新されました")],
)
def test_two_phones_press_next_turn_on_the_same_table(client: Client, lang: str, text: str) -> None:
    """Both phones show Aki's turn at revision 0: the second press is "already done", so Ben is not
    skipped."""
    game = new_game()
    url = f"/{lang}/tracker/{game.slug}/event/"
    first = client.post(url, {"kind": "next-turn", "expected_revision": "0"}, **HX)
    assert first.status_code == 200 and 'id="board-errors"' not in first.content.decode()
    second = client.post(url, {"kind": "next-turn", "expected_revision": "0"}, **HX)
    html = second.content.decode()
    assert second.status_code == 200 and 'id="board-errors"' in html and text in html
    assert {"en": "Latest change: ", "ja": "最新の変更："}[lang] in html  # what the other phone did
    assert "更新番号" not in html and "revision 0" not in html
    assert second["HX-Reswap"] == "outerHTML show:#board-errors:top"
    assert 'name="expected_revision" value="1"' in html  # the fresh board: the next press counts
    without_js = client.post(url, {"kind": "next-turn", "expected_revision": "0"})
    assert without_js.status_code == 409 and text in without_js.content.decode()
    _, state = game_state(slug=game.slug)
    assert state.active_players == ("Ben",) and game.events.count() == 1
    # Two undo presses on revision 1 undo one change.
    assert client.post(f"/{lang}/tracker/{game.slug}/undo/", {"expected_revision": "1"}).status_code == 302
    assert client.post(f"/{lang}/tracker/{game.slug}/undo/", {"expected_revision": "1"}).status_code == 409
    assert game.events.filter(undone=True).count() == 1


def test_each_phone_picks_its_seat_and_undoes_its_own_change(client: Client) -> None:
    game = new_game()
    url = f"/en/tracker/{game.slug}/"
    picked = client.get(url + "?seat=1")
    assert picked.status_code == 302 and picked["Location"] == url
    cookie = picked.cookies[f"tracker-seat-{game.slug}"]
    assert (
        cookie.value == "1" and cookie["httponly"] and cookie["samesite"] == "Lax" and cookie["path"] == "/"
    )
    html = client.get(url).content.decode()
    assert html.count('name="by" value="Ben"') == html.count('name="expected_revision"')
    assert "Undo my last change" in html and 'aria-current="true" translate="no">Ben</a>' in html
    assert 'id="kp-1" hx-preserve="true" checked' in html  # the keypad starts on your own seat
    # Ben records a change, another phone (no seat) records a later one; Ben's undo takes back Ben's.
    client.post(url + "event/", {"kind": "life", "player": "Aki", "amount": "-3", "by": "Ben"})
    Client().post(url + "event/", {"kind": "life", "player": "Chie", "amount": "-2"})
    client.post(url + "undo/", {"by": "Ben", "expected_revision": "2"})
    _, state = game_state(slug=game.slug)
    assert state.life_of("Aki") == 40 and state.life_of("Chie") == 38
    assert "(Ben)" in client.get(url).content.decode()  # the history says who made each change
    forgot = client.get(url + "?seat=")
    assert forgot.cookies[f"tracker-seat-{game.slug}"].value == ""
    assert client.get(url + "?seat=7", **HX).status_code == 302


def test_the_life_keypad_has_a_minus_key(client: Client) -> None:
    """A phone's number pad has no minus: the digits come from it, the sign from the key pressed."""
    game = new_game()
    url = f"/en/tracker/{game.slug}/event/"
    client.post(url, {"kind": "life", "player": "Ben", "digits": "７", "sign": "-", "expected_revision": "0"})
    client.post(
        url, {"kind": "life", "player": "Ben", "digits": "12", "sign": "+", "expected_revision": "1"}, **HX
    )
    _, state = game_state(slug=game.slug)
    assert state.life_of("Ben") == 45
    empty = client.post(url, {"kind": "life", "player": "Ben", "digits": "", "sign": "-"}, **HX)
    assert b"from -1000 to 1000" not in empty.content  # nothing typed: "−" alone is −1
    _, state = game_state(slug=game.slug)
    assert state.life_of("Ben") == 44
    wrong = client.post(url, {"kind": "life", "player": "Ben", "digits": "-5", "sign": "-"})
    assert wrong.status_code == 400 and game.events.count() == 3


def test_history_is_read_a_page_at_a_time(client: Client) -> None:
    game = new_game()
    for n in range(25):
        record_event(game=game, kind="life", payload={"player": "Aki", "amount": 1 if n % 2 else -1})
    html = client.get(f"/en/tracker/{game.slug}/").content.decode()
    assert (
        html.count('<li class="" id="change-') == 10
        and 'id="change-25"' in html
        and 'id="change-15"' not in html
    )
    assert f"/en/tracker/{game.slug}/history/?before=16" in html
    page = client.get(f"/en/tracker/{game.slug}/history/?before=16")
    text = page.content.decode()
    assert page.status_code == 200 and 'id="change-15"' in text and 'id="change-16"' not in text
    assert text.count('id="change-') == 15 and 'class="older"' not in text  # back to the first change
    more = client.get(f"/en/tracker/{game.slug}/history/?before=6", **HX)
    assert b"<html" not in more.content and more.content.count(b'id="change-') == 5
    as_json = client.get(f"/en/tracker/{game.slug}/history/?format=json&before=21").json()
    assert [h["seq"] for h in as_json["history"]] == list(range(20, 0, -1)) and as_json[
        "history_before"
    ] is None
    first = client.get(f"/en/tracker/{game.slug}/?format=json").json()
    assert len(first["history"]) == 20 and first["history_before"] == 6


def test_a_stored_game_the_readers_refuse_answers_410_never_500(client: Client) -> None:
    """Issue 14: a game saved with a name the readers now refuse ("\\ud800", here a control character) made
    every
    later read fail with 500."""
    game = Game.objects.create(
        variant="commander",
        setup={
            "variant": "commander",
            "players": ["Bell\u0007", "Ben"],
            "commanders": {},
            "teams": None,
            "planechase": False,
        },
    )
    url = f"/ja/tracker/{game.slug}/"
    page = client.get(url)
    assert page.status_code == 410 and "もう読み込めません" in page.content.decode()
    assert client.get(url, **HX).status_code == 410
    assert client.get(url + "history/").status_code == 410
    as_json = client.get(url + "?format=json")
    assert as_json.status_code == 410 and as_json.json()["errors"][0]["code"] == "web.game-unreadable"
    for path, body in (("event/", {"kind": "life", "player": "Ben", "amount": "-1"}), ("undo/", {})):
        assert client.post(url + path, body).status_code == 410
    write = client.post(url + "event/", json.dumps({"kind": "next-turn"}), content_type="application/json")
    assert write.status_code == 410 and not game.events.exists()
