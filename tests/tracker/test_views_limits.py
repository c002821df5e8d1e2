"""The tracker at its limits (issue 22): refused writes hold no lock and are slowed down, a busy database
answers 503, bodies over the cap answer the JSON 413, names that read the same are one name."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from judge.tracker.models import Game
from judge.tracker.services import record_event
from tests.tracker.helpers import new_game, seats

pytestmark = pytest.mark.django_db


# ------------------------------------------------------------ refused writes (issue 22, items 3 and 4)


def _played(changes: int) -> Game:
    """A game of ``changes`` life changes, all by Aki and Ben (Chie never makes one)."""
    game = new_game()
    for n in range(changes):
        seat = "Aki" if n % 2 else "Ben"
        record_event(
            game=game, kind="life", payload={"player": seat, "amount": -1 if n % 4 < 2 else 1, "by": seat}
        )
    return Game.objects.get(pk=game.pk)


def _undo_queries(client: Client, game: Game) -> list[str]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        response = client.post(
            f"/en/tracker/{game.slug}/undo/", json.dumps({"by": "Chie"}), content_type="application/json"
        )
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "tracker.undo-too-old"
    # The rate limit's count (judge.limits' table) is a write of its own, not the game's.
    return [q["sql"] for q in queries.captured_queries if "limits_ratecount" not in q["sql"]]


def test_a_refused_undo_takes_no_lock_and_costs_the_same_at_any_length(client: Client) -> None:
    """An undo by a seat with nothing to undo once scanned a 5,000-change game inside the write lock (~320 ms
    each, every other game's writes waiting): now it is refused before the lock, reading a bounded window."""
    short, long = _undo_queries(client, _played(70)), _undo_queries(client, _played(200))
    assert len(short) == len(long)
    assert not any("SAVEPOINT" in sql or "UPDATE" in sql for sql in short + long)  # no transaction, no write
    assert sum(sql.count("LIMIT 64") for sql in long) == 1  # the undo window, one read


def test_a_turn_change_without_a_revision_is_refused_and_the_pages_always_send_one(client: Client) -> None:
    game = new_game()
    url = f"/en/tracker/{game.slug}/event/"
    as_json = client.post(url, json.dumps({"kind": "next-turn"}), content_type="application/json")
    assert as_json.status_code == 409
    assert as_json.json()["errors"][0]["code"] == "tracker.revision-required.next-turn"
    form = client.post("/ja/tracker/" + game.slug + "/event/", {"kind": "next-turn"})
    assert (
        form.status_code == 409
        and "「次のターン」には押したときの更新番号が必要です" in form.content.decode()
    )
    assert not game.events.exists()
    html = client.get(f"/en/tracker/{game.slug}/").content.decode()
    forms = re.findall(r"<form [^>]*method=\"post\"[^>]*>.*?</form>", html, flags=re.S)
    posting = [f for f in forms if "/tracker/new/" not in f]
    assert posting and all('name="expected_revision" value="0"' in f for f in posting)


def test_a_client_looping_on_refused_writes_is_slowed_down(client: Client, settings) -> None:  # type: ignore[no-untyped-def]
    settings.JUDGE_TRACKER_REFUSED_RATE = "5/h"  # an hour: no window boundary falls inside the test
    game = new_game()
    url = f"/en/tracker/{game.slug}/undo/"
    body = json.dumps({"by": "Chie"})
    codes = [client.post(url, body, content_type="application/json").status_code for _ in range(7)]
    assert codes == [400] * 5 + [429] * 2  # counted after each refusal: at 5, the next is answered 429
    limited = client.post(url, body, content_type="application/json")
    assert limited["Retry-After"] == "60" and limited.json()["errors"][0]["code"] == "web.too-many-refused"
    page = client.post(f"/ja/tracker/{game.slug}/undo/", {"by": "Chie"})
    assert page.status_code == 429 and "短時間に何度も受け付けられませんでした" in page.content.decode()
    # Another phone at the table is not slowed down by this one.
    other = Client(REMOTE_ADDR="10.0.0.8")
    ok = other.post(
        f"/en/tracker/{game.slug}/event/",
        json.dumps({"kind": "life", "player": "Aki", "amount": -1}),
        content_type="application/json",
    )
    assert ok.status_code == 200


def test_the_page_says_plainly_that_seats_are_not_locked(client: Client) -> None:
    game = new_game()
    assert (
        "Seats are not locked: any phone with this link can pick any seat"
        in client.get(f"/en/tracker/{game.slug}/").content.decode()
    )
    assert "席はロックされていません" in client.get(f"/ja/tracker/{game.slug}/").content.decode()


def test_a_busy_database_answers_503_with_retry_after_and_uses_no_new_game_count(
    client: Client, settings, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """Another connection holding SQLite's write lock past the busy timeout once answered 500 after 20 s, and
    the client's new-game count was used up anyway."""
    from django.db import OperationalError

    from judge.tracker import services

    settings.JUDGE_TRACKER_NEW_GAME_RATE = "1/h"
    real = services.start_game

    def locked(**_kwargs: object) -> Game:
        raise OperationalError("database is locked")

    monkeypatch.setattr(services, "start_game", locked)
    body = json.dumps({"variant": "planechase", "players": ["A", "B"]})
    busy = client.post("/en/tracker/", body, content_type="application/json")
    assert busy.status_code == 503 and busy["Retry-After"] == "5"
    assert busy.json()["errors"][0]["code"] == "web.database-busy"
    page = client.post(
        "/ja/tracker/",
        {
            "variant": "planechase",
            **seats(name=["A", "B"], commander=["", ""], partner=["", ""], team=["", ""]),
        },
    )
    assert page.status_code == 503 and page["Retry-After"] == "5"
    assert "何も保存されていません" in page.content.decode()
    monkeypatch.setattr(services, "start_game", real)
    created = client.post("/en/tracker/", body, content_type="application/json")
    assert created.status_code == 201  # the busy attempt did not use up the count
    assert client.post("/en/tracker/", body, content_type="application/json").status_code == 429


def test_the_busy_timeout_is_shorter_than_the_worker_timeout_and_not_retried(settings) -> None:  # type: ignore[no-untyped-def]
    from django.db import OperationalError

    from judge.tracker import services

    if settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # PostgreSQL waits on rows
        assert settings.DATABASES["default"]["OPTIONS"]["timeout"] < 30  # gunicorn's default worker timeout
    calls = []

    def write() -> None:
        calls.append(1)
        raise OperationalError("database is locked")

    with pytest.raises(OperationalError):
        services._retry_if_locked(write)
    assert calls == [1]  # the busy timeout already waited: retrying would only hold the worker longer


def test_tracker_json_bodies_over_the_limit_answer_the_json_413(client: Client) -> None:
    from judge.tracker.answers import MAX_BODY

    game = new_game()
    padding = "x" * (MAX_BODY + 1)
    for url, body in (
        ("/en/tracker/", {"variant": "planechase", "players": ["A", "B"], "pad": padding}),
        (f"/en/tracker/{game.slug}/event/", {"kind": "life", "player": "Aki", "amount": -1, "pad": padding}),
        (f"/en/tracker/{game.slug}/undo/", {"by": "Aki", "pad": padding}),
    ):
        response = client.post(url, json.dumps(body), content_type="application/json")
        assert response.status_code == 413, url
        assert response.json()["errors"][0]["code"] == "web.body-too-large"
    huge = client.post(
        f"/en/tracker/{game.slug}/event/",
        json.dumps({"pad": "x" * 3_000_000}),
        content_type="application/json",
    )
    assert huge.status_code == 413 and huge.json()["errors"][0]["code"] == "web.body-too-large"
    assert not game.events.exists()


@pytest.mark.parametrize(
    "lookalike",
    ["Alex\u200b", "\ufeffAlex", "Al\u00adex", "Alex\u2060", "A\u200blex"],
)
def test_names_that_read_the_same_are_one_name(client: Client, lookalike: str) -> None:
    body = json.dumps({"variant": "planechase", "players": ["Alex", lookalike]})
    response = client.post("/en/tracker/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "input.duplicate"
    ja = client.post("/ja/tracker/", body, content_type="application/json")
    assert "「Alex」が2回出てきます" in ja.json()["errors"][0]["text"]


def test_an_accent_typed_apart_is_the_precomposed_name_and_an_invisible_name_is_none(client: Client) -> None:
    twice = json.dumps({"variant": "planechase", "players": ["Jos\u00e9", "Jose\u0301"]})
    assert client.post("/en/tracker/", twice, content_type="application/json").json()["errors"][0][
        "code"
    ] == ("input.duplicate")
    blank = json.dumps({"variant": "planechase", "players": ["Alex", "\u200b"]})
    assert client.post("/en/tracker/", blank, content_type="application/json").json()["errors"][0][
        "code"
    ] == ("input.required")
    ok = client.post(
        "/en/tracker/",
        json.dumps({"variant": "planechase", "players": ["\ufeffAlex\u200b", "Bea"]}),
        content_type="application/json",
    )
    assert ok.status_code == 201 and [s["name"] for s in ok.json()["table"]["seats"]] == ["Alex", "Bea"]


def test_a_japanese_reader_hears_the_tax_as_mana_not_braces(client: Client) -> None:
    """「統率領域から唱える(不特定マナ0)」: the button draws {0} as a symbol labelled 不特定マナ0 (issue
    24)."""
    game = new_game()
    html = client.get(f"/ja/tracker/{game.slug}/").content.decode()
    symbol = (
        '<span class="mana-symbol pip-N" role="img" aria-label="不特定マナ0" title="不特定マナ0">0</span>'
    )
    assert f"統率領域から唱える({symbol})" in html and "({0})" not in html


def test_the_rate_limits_count_in_the_database_every_worker_shares() -> None:
    """A worker restarted by --max-requests once started counting from zero (issue 22): with no shared cache
    configured, the counts live in the database cache table that ``migrate`` creates."""
    from django.conf import settings as django_settings
    from django.core.cache import cache
    from django.db import connection

    assert django_settings.CACHES["default"]["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"
    assert django_settings.CACHE_TABLE in connection.introspection.table_names()
    cache.set("rate:probe", 3)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COUNT(*) FROM {django_settings.CACHE_TABLE}")
        assert cursor.fetchone()[0] >= 1
