"""Issue 43's attacks through the shipped nginx, each measured as /healthz p95 against its baseline in the
same run (goal: at most 3x).

    .venv/bin/python bench/attacks.py [--duration 10] [--interval 0.05] [--vary]

One command, bounded in time (set-up, then --duration seconds a row), loopback only. Set-up by
bench/server.py (a throwaway SQLite database, judge.settings.prod, ``ingest`` of JUDGE_CORPUS_DIR, the test
card files) and a 20-seat Commander game whose every seat has a list of about 64,000 characters; gunicorn
with 2 sync workers behind nginx with deploy/nginx/ (bench/proxy.py). Rows, each from one attacking address
while the measuring client (127.0.0.1) asks ``GET /healthz`` every --interval seconds:

0. nothing (the baseline);
1. two clients of one address loading the game's brackets table page (``GET /ja/calc/brackets/?game=``) in a
   loop (item 1);
2. two clients of one address posting the 20 lists to the brackets table page in a loop (item 1); with
   ``--vary``, every post's lists unlike any posted before, so none is read from the cache of checked lists;
3. 3,000 half-sent requests from one address (headers never finished), held for the row (item 2);
4. 16 requests of one address in flight (bodies half sent) when every nginx worker is killed (``kill -9``),
   then that address's /healthz measured (item 4).

Item 3 (eight addresses of one IPv6 /64) needs eight IPv6 addresses on the loopback, which the machine has
not (only ::1): tests/web/test_proxy_client.py checks the proxy's and the site's client instead. Printed: a
Markdown table (the attackers' answers, the measured percentiles, p95 over the baseline's). No assertions.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import socket
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlencode

from measuring import csrf_token, percentiles, send, workers_line
from proxy import running_nginx
from server import (
    ROOT,
    corpus_arguments,
    corpus_missing,
    free_port,
    manage,
    prepare_site,
    prod_env,
    start_gunicorn,
    stop,
    worker_pids,
)

GOAL = 3.0  # p95 under attack over the baseline's
SEATS = [f"P{n:02d}" for n in range(20)]
BUILD_GAME = """
import json
from judge.tracker.services import start_game
from tests.cards.test_brackets import decklist
seats = {seats!r}
pad = "\\n".join(f"1 Unknown Card {{n:05d}}" for n in range(2800))
lists = {{name: (decklist() + "\\n" + pad)[:63990] for name in seats}}
game = start_game(variant="commander", players=seats, commanders={{n: ["Atraxa"] for n in seats}},
                  decklists=lists)
print(json.dumps({{"slug": game.slug, "lists": lists}}))
"""
HEADER = (
    "| row | attack | attacker's answers | /healthz p50 / p95 / p99 / max (ms) | statuses "
    "| p95 / baseline |\n|---|---|---|---|---|---|"
)


def _from(
    port: int, source: str, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None
) -> str:
    """One request from the loopback address ``source``: its status (or the exception's name)."""
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(source, 0))
    try:
        conn.request(method, path, body=body or None, headers=headers or {})
        response = conn.getresponse()
        response.read()
        return str(response.status)
    except (OSError, http.client.HTTPException) as err:
        return type(err).__name__
    finally:
        conn.close()


def _measure(
    port: int, seconds: float, interval: float, source: str = "127.0.0.1"
) -> tuple[list[float], Counter[str]]:
    times: list[float] = []
    statuses: Counter[str] = Counter()
    stop_at = time.monotonic() + seconds
    while time.monotonic() < stop_at:
        if source == "127.0.0.1":
            status, ms, _ = send(port, "GET", "/healthz")
        else:
            started = time.perf_counter()
            status = _from(port, source, "GET", "/healthz")
            ms = (time.perf_counter() - started) * 1000
        times.append(ms)
        statuses[status] += 1
        time.sleep(interval)
    return times, statuses


@contextlib.contextmanager
def _looping(one: Callable[[], str], clients: int) -> Iterator[Counter[str]]:
    """``clients`` threads each sending ``one`` in a loop until the block ends: their answers."""
    answers: Counter[str] = Counter()
    done = threading.Event()

    def loop() -> None:
        while not done.is_set():
            answers[one()] += 1

    threads = [threading.Thread(target=loop, daemon=True) for _ in range(clients)]
    for thread in threads:
        thread.start()
    try:
        yield answers
    finally:
        done.set()
        for thread in threads:
            thread.join(timeout=120)


@contextlib.contextmanager
def _held(port: int, count: int, source: str, data: bytes) -> Iterator[Counter[str]]:
    sockets: list[socket.socket] = []
    opened: Counter[str] = Counter()
    try:
        for _ in range(count):
            try:
                sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
                sockets.append(sock)
                sock.sendall(data)
                opened["held"] += 1
            except OSError as err:
                opened[type(err).__name__] += 1
        yield opened
    finally:
        for sock in sockets:
            sock.close()


def _row(
    key: str,
    attack: str,
    answers: Counter[str],
    times: list[float],
    statuses: Counter[str],
    baseline: float | None,
) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered) + 0.5) - 1))] if ordered else 0.0
    ratio = "–" if baseline is None else f"{p95 / baseline:.1f}x {'✓' if p95 <= GOAL * baseline else '✗'}"
    shown = ", ".join(f"{k} ×{v}" for k, v in sorted(answers.items())) or "–"
    got = ", ".join(f"{k} ×{v}" for k, v in sorted(statuses.items()))
    return f"| {key} | {attack} | {shown} | {percentiles(times)} | {got} | {ratio} |"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=10.0, help="seconds per row (default 10)")
    parser.add_argument("--interval", type=float, default=0.05, help="seconds between measured requests")
    parser.add_argument(
        "--vary",
        action="store_true",
        help="row 2: every post's 20 lists unlike any posted before (never cached)",
    )
    corpus_arguments(parser)
    args = parser.parse_args()
    if corpus_missing(args.corpus_dir):
        return 2
    work = Path(tempfile.mkdtemp(prefix="judge-attacks-"))
    env = {**prod_env(work, args.corpus_dir), "DJANGO_RATELIMIT_IP_META_KEY": "HTTP_X_REAL_IP"}
    gunicorn = None
    try:
        prepare_site(env, work)
        manage(env, "import_cards", str(ROOT / "tests" / "fixtures" / "cards"))
        game = json.loads(manage(env, "shell", "-c", BUILD_GAME.format(seats=SEATS)).splitlines()[-1])
        upstream = free_port()
        gunicorn, master = start_gunicorn(
            env, work, upstream, 2, max_requests=2000, jitter=200, preload=True, control_socket=False
        )
        with running_nginx(work, upstream=f"127.0.0.1:{upstream}") as base:
            port = int(base.rsplit(":", 1)[1])
            token = csrf_token(port)
            form = {"csrfmiddlewaretoken": token}
            for number, name in enumerate(SEATS, start=1):
                form |= {f"player{number}": name, f"deck{number}": game["lists"][name]}
            posted = urlencode(form).encode()
            post_headers = {
                "Content-Type": "application/x-www-form-urlencoded",
                "Cookie": f"csrftoken={token}",
                "Referer": f"{base}/ja/calc/brackets/",
            }
            print(
                f"nginx (deploy/nginx/) on {base}, gunicorn master {master} with 2 sync workers; "
                f"{os.cpu_count()} cores; {args.duration:.0f} s a row, /healthz every "
                f"{args.interval * 1000:.0f} ms; load average "
                + " ".join(f"{x:.2f}" for x in os.getloadavg())
            )
            print("\n" + HEADER)
            times, statuses = _measure(port, args.duration, args.interval)
            baseline = sorted(times)[min(len(times) - 1, round(0.95 * len(times)))]
            print(_row("0", "none (baseline)", Counter(), times, statuses, None), flush=True)

            page = f"/ja/calc/brackets/?game={game['slug']}"
            with _looping(lambda: _from(port, "127.0.0.2", "GET", page), 2) as answers:
                times, statuses = _measure(port, args.duration, args.interval)
            print(_row("1", "GET brackets table ×2", answers, times, statuses, baseline), flush=True)

            counter = iter(range(1_000_000_000))

            def post() -> str:
                if not args.vary:
                    return _from(port, "127.0.0.3", "POST", "/ja/calc/brackets/", posted, post_headers)
                # Each list unlike any posted before (its first line numbered), still under 64,000 characters.
                n = next(counter)
                varied = form | {
                    f"deck{number}": f"1 Varied Card {n} {number}\n" + game["lists"][name][:63900]
                    for number, name in enumerate(SEATS, start=1)
                }
                body = urlencode(varied).encode()
                return _from(port, "127.0.0.3", "POST", "/ja/calc/brackets/", body, post_headers)

            with _looping(post, 2) as answers:
                times, statuses = _measure(port, args.duration, args.interval)
            attack = "POST 20 lists ×2" + (", each post's lists new" if args.vary else "")
            print(_row("2", attack, answers, times, statuses, baseline), flush=True)

            half = b"GET /en/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: "
            with _held(port, 3000, "127.0.0.4", half) as opened:
                times, statuses = _measure(port, min(args.duration, 8.0), args.interval)
            print(_row("3", "3,000 half-sent requests", opened, times, statuses, baseline), flush=True)

            body = b'{"variant": "commander", "mana_cost": "{3}{G}{G}", "previous_casts": 2}'
            head = (
                "POST /api/calc/tax HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\n\r\n"
            ).encode()
            nginx_master = int((work / "nginx.pid").read_text().strip())
            with _held(port, 16, "127.0.0.5", head + body[:20]) as opened:
                for pid in worker_pids(nginx_master):
                    os.kill(pid, signal.SIGKILL)
                time.sleep(1)  # the master starts new workers
            times, statuses = _measure(port, args.duration, args.interval, source="127.0.0.5")
            print(
                _row(
                    "4",
                    "nginx workers killed, 16 in flight (their address measured)",
                    opened,
                    times,
                    statuses,
                    baseline,
                ),
                flush=True,
            )
        print("\n" + workers_line(work))
        return 0
    finally:
        stop(gunicorn, work, keep=args.keep)


if __name__ == "__main__":
    sys.exit(main())
