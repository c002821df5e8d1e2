"""Tracker cost by game length through Django: a write, a page, the board, the JSON and a poll (304).

    .venv/bin/python bench/tracker_web.py [--lengths 1,1000,4930] [--repeat 20]

A throwaway SQLite database in a temp dir (migrated here; the test settings: DEBUG off); for each length, a
six-player Commander game is played to that many changes through the service
(judge.tracker.services.record_event), then timed in-process with Django's
test client (the whole request: middleware, view, SQL, template), median of
--repeat runs in milliseconds:

- write: POST a JSON life change (each adds one change: the longest game ends
  at 4930 + 3 x repeat + 1, within the 5,000-change bound); "write CPU": the same, in CPU time of this
  process (what the write costs, less what the machine's other load adds), and "queries" its SQL
  statements;
- page: GET the game page (the whole table, the keypad, the last 10 changes);
- board: the same with HX-Request (what a phone swaps in after a change);
- json: GET ?format=json (the table and the last 20 changes);
- poll: the board's poll while nothing changed (If-None-Match answered 304);
- undo: POST an undo of the seat's own change just made (a change, then its undo; the undo timed);
- refused: POST an undo by a seat with nothing to undo (answered 400 before any lock is taken; the
  refused-write limit is raised for the run);
- page KB: size of the page.

``--undone``: instead, issue 31's worst history for undo: a 20-player game of 4,999 changes where every
64th change was undone at once and then the last 64 (all through the service), so no checkpoint change is
left standing; timed as above (write, undo, page, board, JSON), with the changes each applies again
(counted: judge.engine.tracker's apply_event), and the page and board sizes.

No assertions: the numbers go to bench/tracker.md.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
WORK = tempfile.mkdtemp(prefix="bench-tracker-")
os.environ.update(
    DJANGO_SETTINGS_MODULE="judge.settings.test",
    DATABASE_URL=f"sqlite:///{WORK}/db.sqlite3",
    JUDGE_INDEX_DIR=f"{WORK}/index",
    JUDGE_TRACKER_NEW_GAME_RATE="1000/h",
    JUDGE_TRACKER_REFUSED_RATE="100000/m",
)

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.core.signals import request_finished, request_started  # noqa: E402
from django.db import close_old_connections, connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from judge.engine import tracker  # noqa: E402
from judge.engine.errors import IllegalStateError  # noqa: E402
from judge.engine.tracker import log as tracker_log  # noqa: E402
from judge.tracker.models import CHECKPOINT, Game  # noqa: E402
from judge.tracker.services import record_event, start_game, undo_last  # noqa: E402

PLAYERS = ["Aki", "Ben", "Chie", "Dan", "Emi", "Fumi"]
CHANGES = [
    ("life", {"player": "Ben", "amount": -3}),
    ("life", {"player": "Ben", "amount": 3}),
    ("commander-damage", {"player": "Chie", "owner": "Dan", "amount": 1}),
    ("commander-damage", {"player": "Chie", "owner": "Dan", "amount": -1}),
    ("set-commander-casts", {"player": "Emi", "amount": 2}),
    ("next-turn", {}),
]


def _median_ms(
    run: Callable[[], object], repeat: int, clock: Callable[[], float] = time.perf_counter
) -> float:
    times = []
    for _ in range(repeat):
        start = clock()
        run()
        times.append((clock() - start) * 1000)
    return statistics.median(times)


def _undone_game(total: int) -> tuple[Game, list[str]]:
    """A 20-player game of ``total`` changes, every 64th undone as soon as made, then the last 64 undone."""
    players = [f"Player {i:02}" for i in range(20)]
    game = start_game(variant="commander", players=players, commanders={p: [f"{p}'s"] for p in players})
    for n in range(total):
        player = players[n % len(players)]
        payload = {"player": player, "amount": -1 if (n // len(players)) % 2 == 0 else 1, "by": player}
        game, _, _ = record_event(game=game, kind="life", payload=payload)
        if (n + 1) % CHECKPOINT == 0:
            game, _, _ = undo_last(game=game, payload={"by": player})
    while True:
        try:
            game, _, _ = undo_last(game=game)
        except IllegalStateError:
            return game, players


def _undone_row(client: Client, repeat: int) -> None:
    game, players = _undone_game(4999)
    url = f"/en/tracker/{game.slug}/"
    applied = [0]
    for module in (tracker, tracker_log):
        real = module.apply_event

        def counted(*, _real=real, **kwargs):  # type: ignore[no-untyped-def]
            applied[0] += 1
            return _real(**kwargs)

        module.apply_event = counted  # type: ignore[assignment]
    print(f"{'request':>8} {'ms':>8} {'replayed':>9} {'KB':>8}")

    def row(name: str, run: Callable[[], object], times: int) -> None:
        applied[0] = 0
        response = run()
        replays = applied[0]
        size = len(getattr(response, "content", b"")) / 1024
        print(f"{name:>8} {_median_ms(run, times):>8.1f} {replays:>9} {size:>8.1f}")

    row("page", lambda: client.get(url), repeat)
    row("board", lambda: client.get(url, HTTP_HX_REQUEST="true"), repeat)
    row("json", lambda: client.get(url + "?format=json"), repeat)
    life = json.dumps({"kind": "life", "player": players[0], "amount": -1, "by": players[0]})
    applied[0] = 0
    start = time.perf_counter()
    assert client.post(url + "event/", life, content_type="application/json").status_code == 200
    print(f"{'write':>8} {(time.perf_counter() - start) * 1000:>8.1f} {applied[0]:>9}")
    applied[0] = 0
    start = time.perf_counter()
    response = client.post(url + "undo/", json.dumps({"by": players[0]}), content_type="application/json")
    assert response.status_code == 200, response.content
    print(f"{'undo':>8} {(time.perf_counter() - start) * 1000:>8.1f} {applied[0]:>9}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", default="1,1000,4930")
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--undone", action="store_true", help="issue 31's worst history for undo instead")
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    for signal in (request_started, request_finished):  # one connection throughout, as the test runner does
        signal.disconnect(close_old_connections)
    client = Client()
    if args.undone:
        _undone_row(client, args.repeat)
        return
    print(
        f"{'changes':>7} {'write ms':>9} {'write CPU':>9} {'queries':>7} {'page ms':>8} {'board ms':>9} "
        f"{'json ms':>8} {'poll ms':>8} "
        f"{'undo ms':>8} {'refused ms':>11} {'page KB':>8}"
    )
    for length in (int(n) for n in args.lengths.split(",")):
        game = start_game(
            variant="commander", players=PLAYERS, commanders={p: [f"{p}'s commander"] for p in PLAYERS}
        )
        for n in range(length):
            kind, payload = CHANGES[n % len(CHANGES)]
            if kind == "next-turn":  # a turn change carries the revision it was pressed on
                payload = {"expected_revision": Game.objects.get(pk=game.pk).revision}
            record_event(game=game, kind=kind, payload=payload)
        url = f"/en/tracker/{game.slug}/"
        # Ben loses a life and gains it back, alternately: any number of writes leaves him in the game.
        bodies = [json.dumps({"kind": "life", "player": "Ben", "amount": a}) for a in (-1, 1)]
        writes = [0]

        # Each timing runs inside this iteration; the defaults bind this game's URL and board.
        def write(url: str = url, bodies: list[str] = bodies, writes: list[int] = writes) -> object:
            writes[0] += 1
            response = client.post(url + "event/", bodies[writes[0] % 2], content_type="application/json")
            assert response.status_code == 200, response.content
            return response

        write_ms = _median_ms(write, args.repeat)
        write_cpu_ms = _median_ms(write, args.repeat, time.process_time)
        with CaptureQueriesContext(connection) as queries:
            write()
        write_queries = len(queries.captured_queries)  # now: the next request clears the log (reset_queries)
        page = client.get(url)
        board = client.get(url, HTTP_HX_REQUEST="true")
        page_ms = _median_ms(lambda url=url: client.get(url), args.repeat)
        board_ms = _median_ms(lambda url=url: client.get(url, HTTP_HX_REQUEST="true"), args.repeat)
        json_ms = _median_ms(lambda url=url: client.get(url + "?format=json"), args.repeat)
        poll_ms = _median_ms(
            lambda url=url, board=board: client.get(
                url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=board["ETag"]
            ),
            args.repeat,
        )
        assert client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=board["ETag"]).status_code == 304
        own = json.dumps({"kind": "life", "player": "Aki", "amount": -1, "by": "Aki"})
        undo_times = []
        for _ in range(args.repeat):
            assert client.post(url + "event/", own, content_type="application/json").status_code == 200
            start = time.perf_counter()
            response = client.post(url + "undo/", json.dumps({"by": "Aki"}), content_type="application/json")
            undo_times.append((time.perf_counter() - start) * 1000)
            assert response.status_code == 200, response.content
        nothing = json.dumps({"by": "Fumi"})  # Fumi made no change

        def refused(url: str = url, nothing: str = nothing) -> object:
            response = client.post(url + "undo/", nothing, content_type="application/json")
            assert response.status_code == 400, response.content
            return response

        refused_ms = _median_ms(refused, args.repeat)
        print(
            f"{length:>7} {write_ms:>9.1f} {write_cpu_ms:>9.1f} {write_queries:>7} "
            f"{page_ms:>8.1f} {board_ms:>9.1f} {json_ms:>8.1f} {poll_ms:>8.2f} "
            f"{statistics.median(undo_times):>8.1f} {refused_ms:>11.1f} {len(page.content) / 1024:>8.1f}"
        )


if __name__ == "__main__":
    main()
