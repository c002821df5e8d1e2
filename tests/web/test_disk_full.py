"""A full disk (issue 43): the tracker's JSON clients get JSON, pages a page in the reader's language, and the
log says what ran out; never Django's bare HTML 500."""

from __future__ import annotations

import errno
import json
import logging

import pytest
from django.db import OperationalError
from django.test import Client

from judge.tracker import services
from tests.tracker.test_views_limits import new_game

pytestmark = pytest.mark.django_db

FULL = {
    "sqlite": OperationalError("database or disk is full"),
    "postgresql": OperationalError('could not extend file "base/16384/16385": No space left on device'),
    "file": OSError(errno.ENOSPC, "No space left on device", "/srv/judge/index/.gen-9.building-77/_MAIN.toc"),
}


@pytest.fixture(params=sorted(FULL))
def full_disk(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    def full(**_kwargs: object) -> None:
        raise FULL[request.param]

    monkeypatch.setattr(services, "record_event", full)
    return str(request.param)


def test_a_json_press_gets_json_and_the_log_says_what_ran_out(
    client: Client, full_disk: str, caplog: pytest.LogCaptureFixture
) -> None:
    game = new_game()
    body = json.dumps({"kind": "next-turn"})
    with caplog.at_level(logging.ERROR, logger="judge.web.middleware"):
        response = client.post(f"/ja/tracker/{game.slug}/event/", body, content_type="application/json")
    assert response.status_code == 503
    assert response["Content-Type"] == "application/json"
    (error,) = response.json()["errors"]
    assert error["code"] == "web.disk-full"
    assert "保存領域がいっぱいです" in error["text"] and "何も保存されていません" in error["text"]
    english = client.post(f"/en/tracker/{game.slug}/event/", body, content_type="application/json")
    assert "its storage is full" in english.json()["errors"][0]["text"]
    record = next(r for r in caplog.records if "storage full answering POST /ja/" in r.getMessage())
    what = "a file (/srv/judge/index/" if full_disk == "file" else "the database ("
    assert f"storage full answering POST /ja/tracker/{game.slug}/event/: {what}" in record.getMessage()


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_pressed_button_gets_a_page_in_the_readers_language(
    client: Client, full_disk: str, lang: str
) -> None:
    game = new_game()
    response = client.post(f"/{lang}/tracker/{game.slug}/event/", {"kind": "next-turn"})
    assert response.status_code == 503 and response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    assert ("保存領域がいっぱいです" if lang == "ja" else "its storage is full") in html
    assert f'<html lang="{lang}"' in html
