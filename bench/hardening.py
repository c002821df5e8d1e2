"""Issue 31's fourteen worst requests, each sent while another client measures, through the shipped nginx.

    .venv/bin/python bench/hardening.py [--duration 10] [--interval 0.05] [--only 1,8,14] [--changes 4930]

One command, bounded in time (about 9 minutes on a loaded 2-core machine: set-up, then --duration seconds a
row and the two ingests of rows 10 and 11), loopback only. Set-up by bench/server.py (a throwaway SQLite
database, index and static dir, judge.settings.prod, ``ingest`` of JUDGE_CORPUS_DIR, the test card files),
gunicorn as docs/deploy.md runs it with 2 sync workers (as the audit ran it), and nginx with deploy/nginx/
in front of it (bench/proxy.py; ``DJANGO_RATELIMIT_IP_META_KEY=HTTP_X_REAL_IP``, which nginx sets). Every
request, the abusers' and the measuring client's, goes through nginx.

Per row, one abuser (or several at once, ``×n``) sends the item's worst request in a loop for --duration
seconds while bench/measuring.py's client (bench/abuse.py's) asks ``GET /healthz`` and posts a life
change, alternately, every --interval seconds. Rows 10 and 11 run ``manage.py ingest`` once on a changed
copy of the corpus instead (the current file replaced in place by one missing 150 uncited leaf subrules,
under ``--strict``; ``ja/`` empty), and show its exit status. Printed: a Markdown table for bench/load.md
with, per row, the abuser's answers, the measured /healthz and write percentiles, the 5xx answers, the
gunicorn WORKER TIMEOUTs, and whether /healthz p99 ≤ 100 ms (the goal on an idle machine). No assertions.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

from boards import board
from measuring import Sender, csrf_token, measured_run, percentiles, send, workers_line
from proxy import running_nginx
from server import (
    PYTHON,
    ROOT,
    corpus_arguments,
    corpus_missing,
    free_port,
    manage,
    prepare_site,
    prod_env,
    start_gunicorn,
    stop,
)

FORM = "application/x-www-form-urlencoded"
P99_GOAL_MS = 100.0
SEATS4 = ["A", "B", "C", "D"]
SEATS20 = [f"P{n:02d}" for n in range(20)]

# Run by `manage.py shell` before gunicorn starts: the measured game, a 4-player game, and a 20-player game of
# --changes changes in which every 64th change and then the last 64 were undone (item 5's history).
BUILD_GAMES = """
import json
from judge.tracker.services import record_event, start_game, undo_last
def new(players):
    return start_game(variant="commander", players=players, commanders={{p: [p + " cmdr"] for p in players}})
measured, four, twenty = new({seats4!r}), new({seats4!r}), new({seats20!r})
players = {seats20!r}
made = 0
for n in range({changes}):
    try:
        change = {{"player": players[n // 2 % 20], "amount": -1 if n % 2 == 0 else 1}}
        twenty, _, _ = record_event(game=twenty, kind="life", payload=change)
        if n % 64 == 63:
            twenty, _, _ = undo_last(game=twenty)
    except Exception as err:  # the table refused the change: the game is as long as it got
        print("stopped at change", n, err)
        break
    made = n + 1
for _ in range(64):
    try:
        twenty, _, _ = undo_last(game=twenty)
    except Exception:  # the undo window (the last 64 changes) holds nothing more to undo
        break
print(json.dumps({{"measured": measured.slug, "four": four.slug, "twenty": twenty.slug, "changes": made}}))
"""


@dataclass(frozen=True)
class Row:
    key: str
    name: str
    path: str = ""
    body: bytes = b""
    method: str = "POST"
    headers: dict[str, str] = field(default_factory=dict)
    at_once: int = 1  # abusers sending at the same time
    unique_press: bool = False  # each request a press with its own id
    slow: bool = False  # a byte every 2 s (the proxy buffers it)
    ingest: tuple[str, ...] = ()  # rows 10/11: manage.py ingest with these arguments, once


def rows(token: str, games: dict[str, str], corpus: dict[str, Path]) -> list[Row]:
    json_headers = {"Content-Type": "application/json"}
    tracker = {"Cookie": f"csrftoken={token}", "X-CSRFToken": token}
    forms = {"Cookie": f"csrftoken={token}", "Content-Type": FORM}
    quadratic = ("[" * 40 + '"\\' * 16000).encode()  # 32 KB
    press = urlencode(
        {"kind": "life", "player": "A", "amount": "-1", "by": "A", "csrfmiddlewaretoken": token}
    )
    same = urlencode({"kind": "life", "player": "B", "amount": "-1", "expected_revision": "0"})
    new_game = json.dumps(
        {"variant": "commander", "players": SEATS4, "commanders": {p: [p + " cmdr"] for p in SEATS4}}
    ).encode()
    deck = "\n".join(f"1 Made Up Card Number {n:03d}" for n in range(200))
    four, twenty = games["four"], games["twenty"]
    return [
        Row("1", "JSON body `[`×40 + `\"\\`×16,000 (32 KB) to /api/calc/commander-damage",
            "/api/calc/commander-damage", quadratic, headers=json_headers),
        Row("2", "tracker presses, each with its own press id (the cache fills)",
            f"/en/tracker/{four}/event/", press.encode(), headers=forms, unique_press=True),
        Row("3", "new games from `::ffff:` addresses (X-Real-IP sent by the client)", "/en/tracker/",
            new_game, headers={**json_headers, **tracker, "X-Real-IP": "::ffff:10.1.2.3"}),
        Row("4", "one press (same id and revision) from two phones at once", f"/en/tracker/{four}/event/",
            f"{same}&press=same-press&csrfmiddlewaretoken={token}".encode(), headers=forms, at_once=2),
        Row("5", "JSON read of a 20-player game whose undos left no snapshot",
            f"/en/tracker/{twenty}/?format=json", method="GET"),
        Row("6", "20-player tracker page without a cookie", f"/en/tracker/{twenty}/", method="GET"),
        Row("7", "the game page at a non-canonical path (`%2F`)", f"/en/tracker%2F{twenty}/", method="GET"),
        Row("8", "two bodies at a byte every 2 s", "/api/calc/tax",
            b'{"variant": "commander", "previous_casts": 1}', headers=json_headers, at_once=2, slow=True),
        Row("9", "deck check of 200 made-up names", "/api/calc/deck-check",
            json.dumps({"variant": "commander", "decklist": deck, "commanders": []}).encode(),
            headers=json_headers),
        Row("10", "`ingest --strict`, the current CR file replaced by one missing 150 leaf subrules",
            ingest=("ingest", "--strict", "--corpus-dir", str(corpus["cut"]))),
        Row("11", "`ingest` with `ja/` empty", ingest=("ingest", "--corpus-dir", str(corpus["no-ja"]))),
        Row("12", "new games with the client's own `X-Forwarded-For: 203.0.113.9`", "/en/tracker/",
            new_game, headers={**json_headers, **tracker, "X-Forwarded-For": "203.0.113.9"}),
        Row("13", "pages with a CSRF token (new game)", "/en/tracker/", method="GET"),
        Row("14", "8 × leave-game API at its limits (20 players, 300 objects: judge/engine/board.py) at once",
            "/api/calc/leave-game", json.dumps({**board(20, 300), "leaving": "P0"}).encode(),
            headers=json_headers, at_once=8),
    ]  # fmt: skip


def _slow_post(port: int, row: Row, stop_at: float) -> tuple[str, float]:
    """The row's body at a byte every 2 s (the rest at once when the row's time is up), on a raw socket."""
    import socket

    start = time.perf_counter()
    head = (
        f"POST {row.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(row.body)}\r\nConnection: close\r\n\r\n"
    ).encode()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=60) as sock:
            sock.sendall(head)
            sent = 0
            while time.monotonic() < stop_at and sent < len(row.body) - 1:
                sock.sendall(row.body[sent : sent + 1])
                sent += 1
                time.sleep(2)
            sock.sendall(row.body[sent:])
            answer = sock.recv(64)
        status = answer.split(b" ", 2)[1].decode() if answer.startswith(b"HTTP/") else "closed"
    except OSError as err:
        status = type(err).__name__
    return status, (time.perf_counter() - start) * 1000


def sender(port: int, row: Row, stop_at: float) -> Sender:
    """The row's request (a press with a press id of its own each time; a slow body ends at ``stop_at``)."""

    def one() -> tuple[str, float]:
        if row.slow:
            return _slow_post(port, row, stop_at)
        body = row.body + (f"&press={uuid.uuid4().hex}".encode() if row.unique_press else b"")
        status, ms, _data = send(port, row.method, row.path, body, row.headers)
        return status, ms

    return one


def run_ingest(env: dict[str, str], row: Row) -> tuple[dict[str, int], list[float]]:
    start = time.perf_counter()
    done = subprocess.run(
        [PYTHON, str(ROOT / "manage.py"), *row.ingest], env=env, cwd=ROOT, capture_output=True, text=True,
        timeout=600,
    )  # fmt: skip
    said = (done.stderr.strip().splitlines() or done.stdout.strip().splitlines() or [""])[-1]
    said = said.split("nothing goes live: ", 1)[-1]  # a refusal: its reason; else the last line
    return {f"exit {done.returncode}: {said[:100]}…": 1}, [(time.perf_counter() - start) * 1000]


def run_row(port: int, env: dict[str, str], work: Path, token: str, slug: str, row: Row | None,
            args: argparse.Namespace) -> str:  # fmt: skip
    log = work / "gunicorn.log"
    timeouts_before = log.read_text(encoding="utf-8", errors="replace").count("WORKER TIMEOUT")
    stop_at = time.monotonic() + args.duration
    run = measured_run(
        port, slug, token, interval=args.interval, duration=args.duration,
        one=sender(port, row, stop_at) if row is not None and not row.ingest else None,
        at_once=row.at_once if row is not None else 1,
        during=(lambda: run_ingest(env, row)) if row is not None and row.ingest else None,
    )  # fmt: skip
    answers, times, measurer = run.answers, run.times, run.measurer
    timeouts = log.read_text(encoding="utf-8", errors="replace").count("WORKER TIMEOUT") - timeouts_before
    server_errors = sum(n for s, n in answers.items() if s.startswith("5")) + sum(
        n for k, n in measurer.failures.items() if k.split()[-1].startswith("5")
    )
    healthz = measurer.times["healthz"]
    p99 = sorted(healthz)[min(len(healthz) - 1, round(0.99 * len(healthz) + 0.5) - 1)] if healthz else 0.0
    key, name = (row.key, row.name) if row else ("0", "none (the baseline)")
    name += f" ×{row.at_once}" if row and row.at_once > 1 else ""
    shown = ", ".join(f"{s} ×{n}" for s, n in sorted(answers.items())) or "–"
    mean = f"{sum(times) / len(times):.0f} ms" if times else "–"
    return (
        f"| {key} | {name} | {sum(answers.values())} | {shown} | {mean} "
        f"| {len(healthz)}: {percentiles(healthz)} | {len(measurer.times['write'])}: "
        f"{percentiles(measurer.times['write'])} | {server_errors} | {timeouts} "
        f"| {'yes' if p99 <= P99_GOAL_MS else 'NO'} | {run.load} |"
    )


HEADER = (
    "| item | worst request | abuser requests | abuser answers | abuser mean "
    "| /healthz n: p50 / p95 / p99 / max ms | tracker write n: p50 / p95 / p99 / max ms "
    "| 5xx | WORKER TIMEOUT | /healthz p99 ≤ 100 ms | load average after |\n"
    "|---|---|---:|---|---:|---|---|---:|---:|---|---|"
)


def corpus_copies(corpus_dir: Path, work: Path) -> dict[str, Path]:
    """Two changed copies of the corpus: ``cut`` (the newest CR file, same name, without 150 leaf subrules
    that no rule cites) and ``no-ja`` (an empty ja/)."""
    cut, no_ja = work / "corpus-cut", work / "corpus-no-ja"
    shutil.copytree(corpus_dir, cut)
    shutil.copytree(corpus_dir, no_ja)
    for path in (no_ja / "ja").iterdir():
        path.unlink()
    newest = max((cut / "en").glob("MagicCompRules *.txt"))
    raw = newest.read_bytes()
    text = raw.decode("utf-8-sig")
    lines = re.split(r"(\r\n|\r|\n)", text)
    subrule = re.compile(r"^(\d{3}\.\d+[a-z]) ")
    numbers = [m.group(1) for line in lines if (m := subrule.match(line))]
    cited = set(
        re.findall(r"\b\d{3}\.\d+[a-z]\b", " ".join(line for line in lines if not subrule.match(line)))
    )
    leaves = [n for n in numbers if n not in cited and not any(o.startswith(n) and o != n for o in numbers)]
    gone = set(leaves[-150:])
    kept = [line for line in lines if not ((m := subrule.match(line)) and m.group(1) in gone)]
    newest.write_bytes(
        ("\ufeff" if raw.startswith(b"\xef\xbb\xbf") else "").encode() + "".join(kept).encode()
    )
    print(f"corpus copies: {newest.name} without {len(gone)} leaf subrules; ja/ empty")
    return {"cut": cut, "no-ja": no_ja}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=10.0, help="seconds per row (default 10)")
    parser.add_argument("--interval", type=float, default=0.05, help="seconds between measured requests")
    parser.add_argument("--only", default="", help="rows to run, e.g. 1,8,14 (default all; 0 always runs)")
    parser.add_argument("--changes", type=int, default=4930, help="changes in the 20-player game")
    corpus_arguments(parser)
    args = parser.parse_args()
    if corpus_missing(args.corpus_dir):
        return 2
    work = Path(tempfile.mkdtemp(prefix="judge-hardening-"))
    env = {**prod_env(work, args.corpus_dir), "DJANGO_RATELIMIT_IP_META_KEY": "HTTP_X_REAL_IP"}
    gunicorn: subprocess.Popen[str] | None = None
    try:
        prepare_site(env, work)
        manage(env, "import_cards", str(ROOT / "tests" / "fixtures" / "cards"))
        started = time.monotonic()
        script = BUILD_GAMES.format(seats4=SEATS4, seats20=SEATS20, changes=args.changes)
        games = json.loads(manage(env, "shell", "-c", script).splitlines()[-1])
        print(f"games {games} ({time.monotonic() - started:.1f} s)")
        corpus = corpus_copies(args.corpus_dir, work)
        upstream = free_port()
        gunicorn, master = start_gunicorn(
            env, work, upstream, 2, max_requests=2000, jitter=200, preload=True, control_socket=False
        )
        with running_nginx(work, upstream=f"127.0.0.1:{upstream}") as base:
            port = int(base.rsplit(":", 1)[1])
            token = csrf_token(port)
            chosen = [r for r in rows(token, games, corpus) if not args.only or r.key in args.only.split(",")]
            print(
                f"nginx (deploy/nginx/) on {base} before gunicorn master {master}, 2 sync workers on "
                f"127.0.0.1:{upstream}; {os.cpu_count()} cores; {args.duration:.0f} s a row, a measured "
                f"request every {args.interval * 1000:.0f} ms; load average "
                + " ".join(f"{x:.2f}" for x in os.getloadavg())
            )
            print("\n" + HEADER)
            print(run_row(port, env, work, token, games["measured"], None, args), flush=True)
            for row in chosen:
                print(run_row(port, env, work, token, games["measured"], row, args), flush=True)
        print("\n" + workers_line(work))
        return 0
    finally:
        stop(gunicorn, work, keep=args.keep)


if __name__ == "__main__":
    sys.exit(main())
