"""Heavy work is limited wherever it is reached (issue 43, item 1): the brackets table page's deck checks run
under the client's heavy slot, as the calculators' API does, and a saved game's estimates are computed once
per revision, not on every GET; a slot held by a killed worker expires (item 4); the slot is the client's
/64 (item 3)."""

from __future__ import annotations

import json
import os
import re
import threading
import time

import pytest
from django.test import Client

from judge.calc import table_views
from judge.cards.services import import_files
from judge.limits import heavy
from judge.limits.models import RateCount
from judge.tracker import seat_services
from judge.tracker.models import Game
from judge.tracker.services import start_game
from tests.cards.test_brackets import ATOMIC, ORACLE, VARIANTS, decklist

pytestmark = pytest.mark.django_db

HERE = "127.0.0.1"  # the test client's address


@pytest.fixture()
def all_sources() -> None:
    import_files(paths=[ORACLE, ATOMIC, VARIANTS])


@pytest.fixture()
def checks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each deck check the table page runs, by the list's first line."""
    ran: list[str] = []
    real = table_views.check_deck

    def counted(payload: dict[str, str]) -> object:
        ran.append(payload["decklist"].splitlines()[0])
        return real(payload)

    monkeypatch.setattr(table_views, "check_deck", counted)
    return ran


def _game() -> Game:
    return start_game(
        variant="commander",
        players=["Alice", "Bob"],
        commanders={"Alice": ["Atraxa"], "Bob": ["Atraxa"]},
        declared_brackets={"Alice": 2},
        decklists={"Alice": decklist(), "Bob": decklist("Thassa's Oracle", "Demonic Consultation")},
    )


def test_a_saved_tables_estimates_are_computed_once_per_revision(
    client: Client, all_sources: None, checks: list[str]
) -> None:
    game = _game()
    first = client.get(f"/ja/calc/brackets/?game={game.slug}")
    assert first.status_code == 200 and len(checks) == 2
    for _ in range(5):  # an <img> on another site, reloaded
        again = client.get(f"/ja/calc/brackets/?game={game.slug}")
        assert again.status_code == 200
        assert again.content.count(b'class="table-minimum"') == 2
    assert len(checks) == 2
    assert "Aliceさん：申告 2 / 推定の下限 1。" in again.content.decode()

    # A new revision of the game: computed again, once.
    seat_services.save_seat_decks(
        game=game,
        declared_brackets={"Alice": 3},
        decklists={"Alice": decklist(), "Bob": decklist()},
        expected_revision=game.revision,
    )
    for _ in range(3):
        html = client.get(f"/ja/calc/brackets/?game={game.slug}").content.decode()
    assert len(checks) == 4
    assert "Aliceさん：申告 3 / 推定の下限 1。" in html


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_page_waits_its_turn_behind_the_clients_heavy_request(
    client: Client, all_sources: None, checks: list[str], lang: str
) -> None:
    """Another heavy request of the same client in flight: the page answers 429 before any deck check, with
    what was pasted kept (a game's lists stay in the game)."""
    game = _game()
    held = heavy.take(who=HERE)
    assert held is not None
    response = client.get(f"/{lang}/calc/brackets/?game={game.slug}")
    assert response.status_code == 429 and response["Retry-After"] == "5"
    html = response.content.decode()
    busy = (
        "この接続からの重い処理がまだ実行中です" if lang == "ja" else "already has a heavy check in progress"
    )
    assert busy in html
    # The game's lists stay saved in it: its code is kept, the lists are not read (a cheap answer).
    assert f'name="game" value="{game.slug}"' in html and "Thassa" not in html
    pasted = {"player1": "Erin", "deck1": "1 Sol Ring\n" + decklist(), "declared1": "3"}
    posted = client.post(f"/{lang}/calc/brackets/", pasted)
    assert posted.status_code == 429 and busy in posted.content.decode()
    assert "1 Sol Ring" in posted.content.decode().split('id="deck1"')[1].split("</textarea>")[0]
    assert checks == []

    heavy.give_back(held)
    assert client.get(f"/{lang}/calc/brackets/?game={game.slug}").status_code == 200
    assert client.post(f"/{lang}/calc/brackets/", pasted).status_code == 200
    assert len(checks) == 3


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_calculators_api_is_one_heavy_request_at_a_time_at_the_site(client: Client, lang: str) -> None:
    body = json.dumps({"variant": "commander", "commanders": ["Atraxa"], "casts": 2})
    held = heavy.take(who=HERE)
    assert held is not None
    response = client.post(f"/api/calc/tax?lang={lang}", body, content_type="application/json")
    assert response.status_code == 429 and response["Retry-After"] == "5"
    (error,) = response.json()["errors"]
    assert error["code"] == "web.heavy-busy"
    assert ("重い処理" if lang == "ja" else "heavy check") in error["text"]
    heavy.give_back(held)
    assert client.post(f"/api/calc/tax?lang={lang}", body, content_type="application/json").status_code != 429
    assert not RateCount.objects.filter(window=0).exists()  # given back after each request


def test_a_slot_held_by_a_killed_worker_expires(client: Client, settings: pytest.FixtureRequest) -> None:
    """``kill -9`` mid-request: the slot is never given back, and its lease ends on its own."""
    settings.JUDGE_HEAVY_LEASE_SECONDS = 1  # type: ignore[attr-defined]
    assert heavy.take(who=HERE) is not None  # never given back
    assert heavy.take(who=HERE) is None
    time.sleep(1.1)  # the lease, not a wait for a state: the lease is a time
    assert heavy.take(who=HERE) is not None


def test_one_client_is_its_ipv6_64(client: Client) -> None:
    """Eight addresses of one /64 are one client: one heavy request in flight among them."""
    body = json.dumps({"variant": "commander", "commanders": ["Atraxa"], "casts": 2})
    held = heavy.take(who="2001:db8:1:2::")
    assert held is not None
    for n in range(1, 9):
        response = client.post(
            "/api/calc/tax", body, content_type="application/json", REMOTE_ADDR=f"2001:db8:1:2::{n:x}"
        )
        assert response.status_code == 429
    other = client.post("/api/calc/tax", body, content_type="application/json", REMOTE_ADDR="2001:db8:1:3::1")
    assert other.status_code != 429


def test_a_locked_or_full_database_while_taking_or_giving_back_the_slot(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Taking the slot is a write: a locked database answers 503 as any write does (not a 500); giving it
    back is left to the lease's end when the database cannot take the write, and the answer stands."""
    from django.db import OperationalError

    body = json.dumps({"variant": "commander", "mana_cost": "{3}{G}{G}", "previous_casts": 2})
    real_take = heavy.take

    def locked(**_kwargs: object) -> None:
        raise OperationalError("database is locked")

    monkeypatch.setattr(heavy, "take", locked)
    response = client.post("/api/calc/tax?lang=ja", body, content_type="application/json")
    assert response.status_code == 503 and response.json()["errors"][0]["code"] == "web.database-busy"
    monkeypatch.setattr(heavy, "take", real_take)

    def full(*_args: object, **_kwargs: object) -> None:
        raise OperationalError("database or disk is full")

    monkeypatch.setattr(RateCount.objects, "filter", full)
    response = client.post("/api/calc/tax", body, content_type="application/json")
    assert response.status_code == 200 and response.json()["total_cost"] == "{7}{G}{G}"


def test_pasted_lists_are_checked_once_by_their_content(
    client: Client, all_sources: None, checks: list[str]
) -> None:
    """Issue 43, item 1: the same 20 lists posted again and again were each checked every time (1-3 s a post).
    A list pasted at several seats is checked once, and a list checked before is read from the cache (by its
    content, the language and the card data); the answer is the same."""
    pad = "\n".join(f"1 Unknown Card {n:04d}" for n in range(300))
    table = {f"deck{n}": "Table\n" + decklist() + "\n" + pad for n in range(1, 21)}
    table |= {f"player{n}": f"P{n:02d}" for n in range(1, 21)} | {"declared1": "2"}
    first = client.post("/en/calc/brackets/", table)
    assert first.status_code == 200 and checks == ["Table"]
    again = client.post("/en/calc/brackets/", table)
    assert checks == ["Table"]
    rows = re.findall(r'<td class="table-minimum">([^<]*)</td>', again.content.decode())
    assert rows == re.findall(r'<td class="table-minimum">([^<]*)</td>', first.content.decode()) == ["1"] * 20
    page = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", again.content.decode()))
    assert "P01: declared 2 / lowest estimate 1." in page
    assert page.count("301 name(s) of the list are not cards this site knows") == 20  # "Table" and the 300
    # Another language, another list: checked (once each).
    client.post("/ja/calc/brackets/", table)
    client.post("/en/calc/brackets/", table | {"deck7": "Other\n" + decklist()})
    assert checks == ["Table", "Table", "Other"]


def test_the_deck_checks_run_at_a_lower_cpu_priority(
    client: Client, all_sources: None, monkeypatch: pytest.MonkeyPatch, settings: pytest.FixtureRequest
) -> None:
    """Issue 43, item 1: a table's checks (1-3 s of pure Python) ran at the worker's priority and took a core
    from light requests on a loaded machine. They run in a thread of their own, its niceness raised by 10
    (Linux keeps one per thread); the worker's thread keeps its own, the language and the test's
    transaction (the game below) are the request's."""
    seen: list[tuple[int, int]] = []
    real = table_views.check_deck

    def recorded(payload: dict[str, str]) -> object:
        thread = threading.get_native_id()
        seen.append((thread, os.getpriority(os.PRIO_PROCESS, thread)))
        return real(payload)

    monkeypatch.setattr(table_views, "check_deck", recorded)
    worker = threading.get_native_id()
    before = os.getpriority(os.PRIO_PROCESS, worker)
    posted = client.post("/ja/calc/brackets/", {"player1": "Ann", "deck1": decklist(), "declared1": "2"})
    assert "Annさん：申告 2 / 推定の下限 1。" in posted.content.decode()
    game = _game()
    shown = client.get(f"/en/calc/brackets/?game={game.slug}").content.decode()
    assert shown.count('class="table-minimum"') == 2
    assert len(seen) == 3 and all(t != worker and n == min(19, before + 10) for t, n in seen)
    assert os.getpriority(os.PRIO_PROCESS, worker) == before

    settings.JUDGE_HEAVY_NICENESS = 0  # type: ignore[attr-defined]  # off: the worker's own thread
    client.post("/en/calc/brackets/", {"player1": "Ann", "deck1": "Other\n" + decklist()})
    assert seen[-1] == (worker, before)


def test_heavy_work_raises_its_error_in_the_caller() -> None:
    def broken() -> None:
        raise ValueError("from the heavy thread")

    with pytest.raises(ValueError, match="from the heavy thread"):
        heavy.niced(broken)
    assert heavy.niced(lambda: threading.get_native_id()) != threading.get_native_id()
