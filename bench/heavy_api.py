"""Heavy but legal board requests against gunicorn, while another client measures ``/healthz`` (issue 31,
item 14).

    .venv/bin/python bench/heavy_api.py [--clients 8] [--duration 15]

The production site (bench/server.py: judge.settings.prod, SQLite, the corpus ingested) behind gunicorn with
2 sync workers (``--preload``). Per row, ``--clients`` threads each post one body in a loop (a new
connection each, as separate browsers would) while one more client asks ``/healthz`` every 50 ms:

- none: no heavy client (the baseline);
- audit: the audit's board, 64 players and 2,000 objects (222 KB), P0 leaves;
- limits-leave / limits-end-turn: the largest board of this checkout's own limits (judge.engine.board:
  players, objects, and as many control effects, delayed triggers and timed effects as the limits allow,
  with attacks), P1 leaves / 20 turns end (judge.engine.turn_end.MAX_TURNS).

Printed per row: the heavy answers (status × count), their mean wall time, and /healthz p50 / p95 / p99 /
max. First, each body alone: its size, answer, the workers' CPU seconds (/proc, 10 ms ticks) and wall
time. The board is built here, not in bench/boards.py, so the script runs unchanged over an older checkout
(``git archive``) for a "before".
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from server import (  # noqa: E402
    ROOT,
    corpus_arguments,
    corpus_missing,
    free_port,
    prepare_site,
    prod_env,
    start_gunicorn,
    stop,
    worker_pids,
)


def largest_board(players: int, objects: int, effects: int, *, text: int = 300) -> dict[str, Any]:
    """A board the engine accepts with ``players`` players, ``objects`` cards (the first half P0's stolen
    by P1), ``effects`` control effects, delayed triggers and timed effects, and an attack per card of the
    second half (up to ``effects``) blocked by up to 20 cards."""
    names = [f"P{i}" for i in range(players)]
    half = objects // 2
    cards = [
        {
            "id": f"o{i}",
            "name": f"Card {i}",
            "kind": "card",
            "owner": "P0",
            "controller": "P1" if i < half else "P0",
            "zone": "battlefield",
        }
        for i in range(objects)
    ]
    source = [f"o{half + i % (objects - half)}" for i in range(effects)]
    return {
        "variant": "free-for-all",
        "turn_order": names,
        "active_player": "P0",
        "objects": cards,
        "control_effects": [
            {"id": f"e{i}", "object": f"o{i % half}", "controller": "P1", "source": source[i]}
            | {"ends": "source-leaves"}
            for i in range(effects)
        ],
        "delayed_triggers": [
            {"id": f"t{i}", "controller": names[i % players], "source": source[i], "text": "y" * text}
            for i in range(effects)
        ],
        "timed_effects": [
            {"id": f"m{i}", "controller": names[i % players], "until": "next-turn", "text": "y" * text}
            for i in range(effects)
        ],
        "combat": [
            {
                "attacker": f"o{half + i}",
                "attacking": "P1",
                "blockers": [f"o{j}" for j in range(min(half, 20))],
            }
            for i in range(min(objects - half, effects))
        ],
    }


def bodies() -> list[tuple[str, str, bytes]]:
    sys.path.insert(0, str(ROOT))
    from judge.engine.board import MAX_EFFECTS, MAX_OBJECTS, MAX_PLAYERS
    from judge.engine.turn_end import MAX_TURNS

    audit = largest_board(64, 2000, 0)
    audit.pop("combat")
    # As many effects as the body cap (1,000,000 bytes) and the 50,000 values leave room for.
    limits = largest_board(MAX_PLAYERS, MAX_OBJECTS, min(MAX_EFFECTS, 400))
    return [
        ("audit", "/api/calc/leave-game", json.dumps({**audit, "leaving": "P0"}).encode()),
        ("limits-leave", "/api/calc/leave-game", json.dumps({**limits, "leaving": "P1"}).encode()),
        ("limits-end-turn", "/api/calc/end-turn", json.dumps({**limits, "turns": MAX_TURNS}).encode()),
    ]


def workers_cpu(master: int) -> float:
    """CPU seconds the workers have used so far (user + system, from /proc)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in worker_pids(master):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / ticks


def post(port: int, path: str, body: bytes) -> tuple[int, float]:
    started = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        conn.request("POST", path, body, {"Content-Type": "application/json"})
        response = conn.getresponse()
        response.read()
        return response.status, time.perf_counter() - started
    finally:
        conn.close()


def healthz_times(port: int, stop_at: float) -> list[float]:
    times = []
    while time.monotonic() < stop_at:
        started = time.perf_counter()
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        conn.request("GET", "/healthz")
        conn.getresponse().read()
        conn.close()
        times.append((time.perf_counter() - started) * 1000)
        time.sleep(0.05)
    return times


def percentiles(times: list[float]) -> str:
    ordered = sorted(times)

    def rank(p: float) -> float:
        return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]

    return f"{rank(50):.0f} / {rank(95):.0f} / {rank(99):.0f} / {ordered[-1]:.0f}"


def run_row(port: int, clients: int, duration: float, item: tuple[str, str, bytes] | None) -> str:
    answers: dict[int, int] = {}
    walls: list[float] = []
    lock = threading.Lock()
    stop_at = time.monotonic() + duration

    def heavy() -> None:
        assert item is not None
        while time.monotonic() < stop_at:
            status, wall = post(port, item[1], item[2])
            with lock:
                answers[status] = answers.get(status, 0) + 1
                walls.append(wall)

    threads = [threading.Thread(target=heavy) for _ in range(clients if item else 0)]
    for thread in threads:
        thread.start()
    times = healthz_times(port, stop_at)
    for thread in threads:
        thread.join()
    statuses = ", ".join(f"{s} ×{n}" for s, n in sorted(answers.items())) or "–"
    mean = f"{sum(walls) / len(walls) * 1000:.0f} ms" if walls else "–"
    name = item[0] if item else "none"
    size = f"{len(item[2]) / 1000:.0f} KB" if item else "–"
    return f"| {name} | {size} | {statuses} | {mean} | {len(times)}: {percentiles(times)} |"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=8, help="heavy clients at once (default 8)")
    parser.add_argument("--duration", type=float, default=15.0, help="seconds per row (default 15)")
    corpus_arguments(parser)
    args = parser.parse_args()
    if corpus_missing(args.corpus_dir):
        return 2
    items = bodies()
    work = Path(tempfile.mkdtemp(prefix="judge-heavy-"))
    env = prod_env(work, args.corpus_dir)
    server = None
    try:
        prepare_site(env, work)
        port = free_port()
        server, master = start_gunicorn(
            env, work, port, 2, max_requests=2000, jitter=200, preload=True, control_socket=False
        )
        print("one request alone, after a warm-up (the workers' CPU from /proc, best of 5):")
        for name, path, body in items:
            for _ in range(2):  # each worker's first of the kind
                post(port, path, body)
            best = (0, float("inf"), float("inf"))
            for _ in range(5):
                before = workers_cpu(master)
                status, wall = post(port, path, body)
                best = min(best, (status, workers_cpu(master) - before, wall), key=lambda b: b[1])
            print(
                f"  {name}: {len(body)} bytes -> {best[0]}, {best[1]:.2f} s CPU, {best[2] * 1000:.0f} ms wall"
            )
        print(
            f"\n{args.clients} heavy clients, {args.duration:.0f} s a row, 2 sync workers; load average "
            + " ".join(f"{x:.2f}" for x in os.getloadavg())
        )
        print("| heavy request | body | answers | mean wall | /healthz n: p50 / p95 / p99 / max ms |")
        print("|---|---:|---|---:|---|")
        for item in [None, *items]:
            print(run_row(port, args.clients, args.duration, item), flush=True)
        log = (work / "gunicorn.log").read_text(encoding="utf-8", errors="replace")
        print(f"\nWORKER TIMEOUT: {log.count('WORKER TIMEOUT')}")
        return 0
    finally:
        stop(server, work, keep=args.keep)


if __name__ == "__main__":
    sys.exit(main())
