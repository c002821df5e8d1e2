"""One abusive client per item of issue 22 against gunicorn + judge.settings.prod, while another measures.

    .venv/bin/python bench/abuse.py [--duration 15] [--interval 0.05] [--only 1a,3] [--refused-rate 30/m]

Setup by bench/server.py, as bench/load.py's: a throwaway SQLite database, index and static dir in a temp dir,
``migrate``, ``collectstatic``, ``ingest`` of the corpus (JUDGE_CORPUS_DIR); then, through the tracker's
services, a Commander game of 4 players (A, B, C, D) played to ``--changes`` (5,000, the bound) life changes
by nobody's seat, and two fresh games (one measured, one for item 8). gunicorn as docs/deploy.md runs
it (``--preload --max-requests 2000 --max-requests-jitter 200 --no-control-socket``) with 2 sync workers
(``--workers``; as issue 22's audit ran it: fewer than deploy.md's 2 x cores, so one abuser holds half of
them), with ``DJANGO_RATELIMIT_IP_META_KEY=HTTP_X_REAL_IP`` as behind the proxy.

Then, for ``--duration`` seconds per item, one client sends the item's worst request in a loop, one at a
time, as fast as it is answered (a fresh connection each, as gunicorn's sync workers close them), while a
second client, at a steady pace (every ``--interval`` seconds, alternately), asks ``GET /healthz`` and
posts a life change with ``expected_revision`` to the second game (JSON, with the CSRF cookie and header).
Item 0 is the same measurement with no abuser. The items:

- 1a ``POST /en/leave-game/`` with ``…-TOTAL_FORMS=2000`` for all seven tables (~160 bytes + the token);
- 1b the same page, ``action=load-json`` with a board at the page's limits (bench/boards.py, 198 KB);
- 1c the same board with the longest names, ids and texts the engine takes (boards.longest), posted as the
  page's form pressing "P0 leaves the game" (654 KB; its page falls back to the board as JSON);
- 2a ``POST /api/calc/color-identity``: one JSON object of unknown keys just under the 8 MB cap;
- 2b the same, 9 MB (over the cap: 413 before reading);
- 2c ``POST /api/calc/commander-damage``: an object of 100,000 unknown keys (1.3 MB);
- 3 ``POST /en/tracker/<game of 5,000 changes>/undo/`` ``{"by": "C"}`` (C has nothing to undo);
- 6/7 ``POST /en/tracker/`` JSON new game with ``X-Real-IP: not-an-ip`` (the new-game rate limit);
- 8 ``POST /en/tracker/<game>/event/`` with a 3 MB JSON body (the 64 KB cap; 413).

Printed, per item, a Markdown row for bench/load.md: the abuser's requests, its answers by status (or by
exception: a reset connection), its mean time; the measured /healthz and tracker write p50/p95/p99/max in
ms (nearest rank) and their answers other than 200; the load average after the item. No assertions.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

from boards import board, form_fields, longest
from measuring import csrf_token, measured_run, percentiles, send, workers_line
from server import (
    corpus_arguments,
    corpus_missing,
    free_port,
    manage,
    prepare_site,
    prod_env,
    start_gunicorn,
    stop,
)

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["A", "B", "C", "D"]
MB = 1024 * 1024

# Run by `manage.py shell` against the throwaway database before gunicorn starts; prints the two slugs.
BUILD_GAMES = """
import json
from judge.tracker.services import record_event, start_game
players = {players!r}
def new():
    commanders = {{p: [p + "'s commander"] for p in players}}
    return start_game(variant="commander", players=players, commanders=commanders)
long, measured, other = new(), new(), new()
for n in range({changes}):
    record_event(game=long, kind="life", payload={{"player": "AB"[n % 2], "amount": -1 if n % 4 < 2 else 1}})
print(json.dumps({{"long": long.slug, "measured": measured.slug, "other": other.slug}}))
"""


@dataclass(frozen=True)
class Abuse:
    key: str
    name: str
    path: str
    body: bytes = b""
    content_type: str = "application/json"
    headers: dict[str, str] = field(default_factory=dict)


def unknown_keys(size: int) -> bytes:
    """A JSON object of unknown keys ``"k0000000":0``, as many as fit in ``size`` bytes."""
    count = (size - 2) // 13
    return ("{" + ",".join(f'"k{i:07d}":0' for i in range(count)) + "}").encode()


def abuses(token: str, long_game: str, other_game: str) -> list[Abuse]:
    forms = {"Cookie": f"csrftoken={token}"}
    tracker = {"Cookie": f"csrftoken={token}", "X-CSRFToken": token}
    totalforms = "&".join(
        f"{p}-TOTAL_FORMS=2000" for p in ("obj", "eff", "trg", "tmd", "atk", "player", "pc")
    )
    pasted = {"action": "load-json", "board_json": json.dumps(board(16, 200, big=True))}
    setup = {
        "variant": "commander",
        "players": PLAYERS,
        "commanders": {p: [f"{p}'s commander"] for p in PLAYERS},
    }
    form = "application/x-www-form-urlencoded"
    return [
        Abuse(
            "1a",
            "leave-game page, `…-TOTAL_FORMS=2000` ×7",
            "/en/leave-game/",
            f"{totalforms}&csrfmiddlewaretoken={token}".encode(),
            form,
            forms,
        ),
        Abuse(
            "1b",
            "leave-game page, pasted board at the page's limits (198 KB)",
            "/en/leave-game/",
            urlencode({**pasted, "csrfmiddlewaretoken": token}).encode(),
            form,
            forms,
        ),
        Abuse(
            "1c",
            "leave-game page, that board with the longest names the engine takes, P0 leaves (654 KB)",
            "/en/leave-game/",
            urlencode(
                {
                    **form_fields(longest(board(16, 200, big=True), fill="_", text="y"), "resolve-0"),
                    "csrfmiddlewaretoken": token,
                },
                doseq=True,
            ).encode(),
            form,
            forms,
        ),
        Abuse(
            "2a",
            "colour identity API, unknown keys, just under 8 MB",
            "/api/calc/color-identity",
            unknown_keys(8 * MB - 1024),
        ),
        Abuse(
            "2b",
            "colour identity API, unknown keys, 9 MB (over the cap)",
            "/api/calc/color-identity",
            unknown_keys(9 * MB),
        ),
        Abuse(
            "2c",
            "commander damage API, 100,000 unknown keys",
            "/api/calc/commander-damage",
            unknown_keys(13 * 100_000 + 2),
        ),
        Abuse(
            "3",
            'tracker undo `{"by": "C"}`, nothing to undo, 5,000 changes',
            f"/en/tracker/{long_game}/undo/",
            json.dumps({"by": "C"}).encode(),
            headers=tracker,
        ),
        Abuse(
            "6/7",
            "tracker new game, `X-Real-IP: not-an-ip`",
            "/en/tracker/",
            json.dumps(setup).encode(),
            headers={**tracker, "X-Real-IP": "not-an-ip"},
        ),
        Abuse(
            "8",
            "tracker change, 3 MB JSON body",
            f"/en/tracker/{other_game}/event/",
            json.dumps({"kind": "life", "player": "A", "amount": -1, "pad": "x" * (3 * MB)}).encode(),
            headers=tracker,
        ),
    ]


def run_item(port: int, slug: str, token: str, abuse: Abuse | None, args: argparse.Namespace) -> str:
    headers = {"Content-Type": abuse.content_type, **abuse.headers} if abuse else {}

    def one() -> tuple[str, float]:
        assert abuse is not None
        status, ms, _body = send(port, "POST", abuse.path, abuse.body, headers)
        return status, ms

    # The abuser's first request is under way before measuring starts.
    run = measured_run(
        port, slug, token, interval=args.interval, duration=args.duration, one=one if abuse else None,
        head_start=0.5,
    )  # fmt: skip
    if abuse is None:
        abused = "| 0 | none | – | – | – "
    else:
        statuses = ", ".join(f"{status} ×{n}" for status, n in sorted(run.answers.items()))
        mean = sum(run.times) / len(run.times) if run.times else 0.0
        abused = f"| {abuse.key} | {abuse.name} | {sum(run.answers.values())} | {statuses} | {mean:.0f} ms "
    seen = run.measurer.times
    failures = ", ".join(f"{k} ×{n}" for k, n in sorted(run.measurer.failures.items())) or "0"
    return (
        f"{abused}| {len(seen['healthz'])}: {percentiles(seen['healthz'])} "
        f"| {len(seen['write'])}: {percentiles(seen['write'])} | {failures} | {run.load} |"
    )


HEADER = (
    "| item | abusive request | abuser requests | abuser answers | abuser mean "
    "| /healthz n: p50 / p95 / p99 / max ms | tracker write n: p50 / p95 / p99 / max ms "
    "| measured not 200 | load average after |\n"
    "|---|---|---:|---|---:|---|---|---|---|"
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=15.0, help="seconds per item (default 15)")
    parser.add_argument(
        "--interval", type=float, default=0.05, help="seconds between measured requests (default 0.05)"
    )
    parser.add_argument("--only", default="", help="items to run, e.g. 1a,3 (default all; 0 always runs)")
    parser.add_argument("--changes", type=int, default=5000, help="changes in the undo game (default 5000)")
    parser.add_argument(
        "--refused-rate",
        default="",
        help="JUDGE_TRACKER_REFUSED_RATE for the run (default: the settings' 30/m); e.g. 100000/m to "
        "measure the refused undo itself rather than the 429 that follows",
    )
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (default 2)")
    corpus_arguments(parser)
    args = parser.parse_args()
    if corpus_missing(args.corpus_dir):
        return 2

    work = Path(tempfile.mkdtemp(prefix="judge-abuse-"))
    env = {**prod_env(work, args.corpus_dir), "DJANGO_RATELIMIT_IP_META_KEY": "HTTP_X_REAL_IP"}
    if args.refused_rate:
        env["JUDGE_TRACKER_REFUSED_RATE"] = args.refused_rate
    server: subprocess.Popen[str] | None = None
    try:
        prepare_site(env, work)
        started = time.monotonic()
        games = json.loads(
            manage(
                env, "shell", "-c", BUILD_GAMES.format(players=PLAYERS, changes=args.changes)
            ).splitlines()[-1]
        )
        print(
            f"games: {games['long']} with {args.changes} changes ({time.monotonic() - started:.1f} s), "
            f"{games['measured']} measured"
        )
        port = free_port()
        server, master = start_gunicorn(
            env, work, port, args.workers, max_requests=2000, jitter=200, preload=True, control_socket=False
        )
        token = csrf_token(port)
        items = [
            a
            for a in abuses(token, games["long"], games["other"])
            if not args.only or a.key in args.only.split(",")
        ]
        for abuse in items:  # warm-up, not counted: each worker's first request of each kind
            for _ in range(2):
                send(
                    port,
                    "POST",
                    abuse.path,
                    abuse.body,
                    {"Content-Type": abuse.content_type, **abuse.headers},
                )
        print(
            f"gunicorn master {master}, {args.workers} sync workers on 127.0.0.1:{port} (--preload "
            f"--max-requests 2000 --max-requests-jitter 200 --no-control-socket); {os.cpu_count()} cores; "
            f"{args.duration:.0f} s per item, a measured request every {args.interval * 1000:.0f} ms; "
            f"JUDGE_TRACKER_REFUSED_RATE {args.refused_rate or 'default'}; load average "
            + " ".join(f"{x:.2f}" for x in os.getloadavg())
        )
        print("\n" + HEADER)
        print(run_item(port, games["measured"], token, None, args), flush=True)
        for abuse in items:
            print(run_item(port, games["measured"], token, abuse, args), flush=True)
        print("\n" + workers_line(work))
        return 0
    finally:
        stop(server, work, keep=args.keep)


if __name__ == "__main__":
    sys.exit(main())
