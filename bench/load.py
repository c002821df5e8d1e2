"""Load and fault test of the production setup: gunicorn + judge.settings.prod, driven by wrk.

    .venv/bin/python bench/load.py [--duration 10] [--connections 16] [--workers N] [--skip-faults]
                                   [--max-requests 2000] [--max-requests-jitter 200] [--no-preload]
    make load

Needs wrk (https://github.com/wg/wrk); on Debian/Ubuntu: ``apt-get install -y wrk``.

Everything happens in a temp dir and on 127.0.0.1 only:

1. a throwaway SQLite database and search index: ``migrate`` + ``ingest`` of the corpus
   (JUDGE_CORPUS_DIR), ``collectstatic`` (prod serves fingerprinted static files);
2. gunicorn as docs/deploy.md runs it (N sync workers, default 2 x cores; ``--preload --max-requests 2000
   --max-requests-jitter 200``) on a free port;
3. wrk for ``--duration`` seconds per page, after ``--warmup`` seconds that are not counted:
   requests/s, p50/p99 latency, answers other than 2xx (or the 304 a revalidation expects) and
   socket errors (a small Lua script counts them, POSTs the tax calculator's JSON and sends the
   rule page's ETag back); the load average is printed beside each page (the machine may be shared);
4. fault 1: ``manage.py ingest`` again, against the same database and index, while wrk drives a
   rule page and the search API; then every worker must serve the new corpus id (/healthz);
5. fault 2: SIGKILL one gunicorn worker in the middle of a wrk run; gunicorn starts a new one.

No assertions, except that the steps ran: it prints numbers for bench/load.md.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

from server import (
    corpus_arguments,
    corpus_missing,
    free_port,
    healthz,
    http,
    live_corpus_id,
    load_average,
    manage,
    prepare_site,
    prod_env,
    start_gunicorn,
    stop,
    worker_boots,
    worker_pids,
)

WRK_HELP = (
    "wrk is not installed: on Debian/Ubuntu run `apt-get install -y wrk` (or build https://github.com/wg/wrk)"
)

TAX_BODY = json.dumps({"variant": "commander", "mana_cost": "{3}{G}{G}", "previous_casts": 2, "reduction": 1})
SEARCH_Q = urllib.parse.quote("commander tax")
SEARCH_JA = urllib.parse.quote("統率者ダメージ")


@dataclass(frozen=True)
class Page:
    name: str
    path: str
    method: str = "GET"
    body: str = ""
    revalidate: bool = False  # send the page's ETag back (If-None-Match): a 304 is the expected answer


PAGES = [
    Page("rule page /en/rules/903.8/", "/en/rules/903.8/"),
    Page("Japanese rule page /ja/rules/903.8/", "/ja/rules/903.8/"),
    Page("search API /api/search?q=commander tax", f"/api/search?q={SEARCH_Q}"),
    Page("search API, Japanese query", f"/api/search?q={SEARCH_JA}"),
    Page("search page /en/search/?q=commander tax", f"/en/search/?q={SEARCH_Q}"),
    Page("tax calculator POST /api/calc/tax", "/api/calc/tax", "POST", TAX_BODY),
    Page("rule page revalidated (If-None-Match: 304)", "/en/rules/903.8/", revalidate=True),
]

# Counts answers other than 2xx (and 304, what a revalidation expects) in every wrk thread and prints
# one JSON line with the totals.
LUA = r"""
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) non2xx = 0; s5xx = 0 end
function response(status, headers, body)
  if (status < 200 or status > 299) and status ~= 304 then non2xx = non2xx + 1 end
  if status >= 500 then s5xx = s5xx + 1 end
end
function done(summary, latency, requests)
  local bad, five = 0, 0
  for _, t in ipairs(threads) do bad = bad + t:get("non2xx"); five = five + t:get("s5xx") end
  local e = summary.errors
  io.write(string.format(
    'WRKJSON {"requests":%d,"duration_us":%d,"non2xx":%d,"s5xx":%d,"connect":%d,"read":%d,"write":%d,' ..
    '"timeout":%d,"p50_us":%d,"p99_us":%d,"max_us":%d}\n',
    summary.requests, summary.duration, bad, five, e.connect, e.read, e.write, e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
"""


@dataclass
class WrkResult:
    name: str
    requests: int = 0
    seconds: float = 0.0
    non2xx: int = 0
    s5xx: int = 0
    socket_errors: dict[str, int] = field(default_factory=dict)
    p50_ms: float = 0.0
    p99_ms: float = 0.0
    max_ms: float = 0.0

    @property
    def rps(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    @property
    def errors(self) -> int:
        return self.non2xx + sum(self.socket_errors.values())

    def line(self) -> str:
        sockets = ", ".join(f"{k} {v}" for k, v in self.socket_errors.items() if v) or "0"
        return (
            f"{self.name:<44} {self.rps:8.1f} req/s  p50 {self.p50_ms:7.1f} ms  p99 {self.p99_ms:7.1f} ms  "
            f"requests {self.requests:6d}  non-2xx {self.non2xx} (5xx {self.s5xx})  socket errors {sockets}"
        )


def lua_script(work: Path, page: Page, etag: str = "") -> Path:
    script = work / f"wrk-{abs(hash((page.path, page.revalidate)))}.lua"
    head = ""
    if page.method == "POST":
        head = (
            f'wrk.method = "POST"\nwrk.body = {json.dumps(page.body)}\n'
            'wrk.headers["Content-Type"] = "application/json"\n'
        )
    if page.revalidate:
        head += f'wrk.headers["If-None-Match"] = {json.dumps(etag)}\n'
    script.write_text(head + LUA, encoding="utf-8")
    return script


def start_wrk(
    base: str, page: Page, *, work: Path, duration: float, connections: int, threads: int, log: Path
) -> subprocess.Popen[str]:
    etag = http(base + page.path, timeout=60)[2].get("ETag", "") if page.revalidate else ""
    command = [
        "wrk",
        "--latency",
        "-t",
        str(threads),
        "-c",
        str(max(connections, threads)),
        "-d",
        f"{int(duration)}s",
        "--timeout",
        "10s",
        "-s",
        str(lua_script(work, page, etag)),
        base + page.path,
    ]
    return subprocess.Popen(command, stdout=log.open("w"), stderr=subprocess.STDOUT, text=True)


def wrk_result(name: str, log: Path) -> WrkResult:
    text = log.read_text(encoding="utf-8", errors="replace")
    match = re.search(r"^WRKJSON (\{.*\})$", text, re.MULTILINE)
    if match is None:
        raise SystemExit(f"wrk gave no result for {name}:\n{text}")
    data = json.loads(match.group(1))
    return WrkResult(
        name=name,
        requests=data["requests"],
        seconds=data["duration_us"] / 1e6,
        non2xx=data["non2xx"],
        s5xx=data["s5xx"],
        socket_errors={k: data[k] for k in ("connect", "read", "write", "timeout")},
        p50_ms=data["p50_us"] / 1000,
        p99_ms=data["p99_us"] / 1000,
        max_ms=data["max_us"] / 1000,
    )


def run_wrk(
    base: str, page: Page, *, work: Path, duration: float, connections: int, threads: int
) -> WrkResult:
    log = work / "wrk.log"
    start_wrk(
        base, page, work=work, duration=duration, connections=connections, threads=threads, log=log
    ).wait()
    return wrk_result(page.name, log)


class Poller(threading.Thread):
    """Asks /healthz every 0.1 s on a fresh connection: which corpus id is served, and any failure."""

    def __init__(self, base: str) -> None:
        super().__init__(daemon=True)
        self.base = base
        self.seen: list[tuple[float, int | None]] = []
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            self.seen.append((time.monotonic(), healthz(self.base)))
            time.sleep(0.1)

    @property
    def failures(self) -> int:
        return sum(1 for _, corpus in self.seen if corpus is None)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=10.0, help="seconds of wrk per page (default 10)")
    parser.add_argument(
        "--warmup",
        type=float,
        default=2.0,
        help="seconds of wrk per page before measuring, not counted (default 2): each worker's "
        "first requests load templates, translations and index caches",
    )
    parser.add_argument("--connections", type=int, default=16, help="wrk connections (default 16)")
    parser.add_argument("--threads", type=int, default=2, help="wrk threads (default 2)")
    parser.add_argument(
        "--workers", type=int, default=2 * (os.cpu_count() or 1), help="gunicorn workers (default 2 x cores)"
    )
    corpus_arguments(parser)
    parser.add_argument(
        "--max-requests",
        type=int,
        default=2000,
        help="gunicorn --max-requests (default 2000, as in docs/deploy.md)",
    )
    parser.add_argument(
        "--max-requests-jitter",
        type=int,
        default=200,
        help="gunicorn --max-requests-jitter (default 200, as in docs/deploy.md; 0 to compare)",
    )
    parser.add_argument(
        "--preload",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="gunicorn --preload (default, as in docs/deploy.md): load and warm the app once in the "
        "master and fork warm workers; --no-preload to compare",
    )
    parser.add_argument(
        "--control-socket",
        action=argparse.BooleanOptionalAction,
        default=False,
        help="gunicorn's control socket (off by default, as in docs/deploy.md: gunicorn 27 stops and "
        "restarts its thread around every worker fork)",
    )
    parser.add_argument("--skip-faults", action="store_true", help="only the per-page numbers")
    args = parser.parse_args()

    if shutil.which("wrk") is None:
        print(WRK_HELP, file=sys.stderr)
        return 2
    if corpus_missing(args.corpus_dir):
        return 2

    work = Path(tempfile.mkdtemp(prefix="judge-load-"))
    env = prod_env(work, args.corpus_dir)
    server: subprocess.Popen[str] | None = None
    try:
        first_corpus, ingest_seconds = prepare_site(env, work)

        port = free_port()
        server, master = start_gunicorn(
            env,
            work,
            port,
            args.workers,
            max_requests=args.max_requests,
            jitter=args.max_requests_jitter,
            preload=args.preload,
            control_socket=args.control_socket,
        )
        base = f"http://127.0.0.1:{port}"
        print(
            f"gunicorn master {master}, {args.workers} sync workers on {base} (--max-requests "
            f"{args.max_requests} "
            f"--max-requests-jitter {args.max_requests_jitter}{' --preload' if args.preload else ''}"
            f"{'' if args.control_socket else ' --no-control-socket'}); wrk -t{args.threads} "
            f"-c{args.connections}, "
            f"{args.duration:.0f} s per page; {os.cpu_count()} cores; {load_average()}"
        )

        # -- per page
        print("\n== pages")
        calc_status, _body, _headers = http(
            base + "/api/calc/tax", data=TAX_BODY.encode(), headers={"Content-Type": "application/json"}
        )
        results = []
        for page in PAGES:
            if page.path == "/api/calc/tax" and calc_status == 404:
                print(f"{page.name:<44} skipped: POST /api/calc/tax answers 404 (not written yet)")
                continue
            if args.warmup >= 1:
                run_wrk(
                    base,
                    page,
                    work=work,
                    duration=args.warmup,
                    connections=args.connections,
                    threads=args.threads,
                )
            boots = worker_boots(work)
            result = run_wrk(
                base,
                page,
                work=work,
                duration=args.duration,
                connections=args.connections,
                threads=args.threads,
            )
            results.append(result)
            print(
                f"{result.line()}  ({load_average()}; workers restarted {worker_boots(work) - boots})",
                flush=True,
            )

        # -- limits, through gunicorn
        print("\n== limits")
        long_q = urllib.parse.quote("commander tax " * 715)  # ~10 000 characters
        status, _body, _headers = http(f"{base}/en/search/?q={long_q}")
        print(f"search page, 10 000-character query in the URL: HTTP {status}")
        status, _body, _headers = http(f"{base}/api/search?q={urllib.parse.quote('commander tax ' * 250)}")
        print(f"search API, 3 500-character query: HTTP {status}")
        big = json.dumps({"variant": "commander", "pad": "x" * (3 * 1024 * 1024)}).encode()
        status, _body, _headers = http(
            base + "/api/calc/tax", data=big, headers={"Content-Type": "application/json"}
        )
        print(f"tax calculator, 3 MB JSON body: HTTP {status}")

        if args.skip_faults:
            return 0

        # -- fault 1: re-ingest under load
        print("\n== fault 1: manage.py ingest while wrk drives a rule page and the search API")
        bound = max(30.0, 4 * ingest_seconds + 20)
        poller = Poller(base)
        poller.start()
        pages = [PAGES[0], PAGES[2]]
        logs = [work / f"fault1-{i}.log" for i in range(len(pages))]
        runs = [
            start_wrk(
                base,
                p,
                work=work,
                duration=bound,
                connections=max(args.connections // 2, args.threads),
                threads=args.threads,
                log=log,
            )
            for p, log in zip(pages, logs, strict=True)
        ]
        time.sleep(2)
        started = time.monotonic()
        second_corpus = live_corpus_id(manage(env, "ingest"))
        ingest_seconds = time.monotonic() - started
        time.sleep(3)  # wrk keeps going a few seconds on the new generation
        for run in runs:
            run.send_signal(signal.SIGINT)  # wrk stops and prints its totals
        for run in runs:
            run.wait(timeout=30)
        poller.stop.set()
        poller.join()
        fault1 = [wrk_result(p.name, log) for p, log in zip(pages, logs, strict=True)]
        for result in fault1:
            print(result.line())
        switched = [t for t, corpus in poller.seen if corpus == second_corpus]
        print(
            f"ingest under load: corpus {first_corpus} -> {second_corpus} in {ingest_seconds:.1f} s; "
            f"/healthz polled {len(poller.seen)} times, {poller.failures} failed; "
            f"first answer with the new corpus {switched[0] - started:.1f} s after the ingest started"
            if switched
            else "the new corpus was never served"
        )
        after = [healthz(base) for _ in range(4 * args.workers)]
        print(
            f"after the swap, {len(after)} fresh /healthz requests: corpus ids {sorted(set(map(str, after)))}"
        )
        index_live = (work / "index" / "LIVE").read_text().strip()
        status, body, _headers = http(f"{base}/api/search?q={SEARCH_Q}")
        hits = len(json.loads(body).get("hits", [])) if status == 200 else 0
        print(f"index pointer LIVE -> {index_live}; search API after the swap: HTTP {status}, {hits} hits")

        # -- fault 2: kill a worker mid-load
        print("\n== fault 2: SIGKILL one gunicorn worker in the middle of a wrk run")
        duration = max(args.duration, 10.0)
        poller = Poller(base)
        poller.start()
        before = worker_pids(master)
        log = work / "fault2.log"
        run = start_wrk(
            base,
            PAGES[0],
            work=work,
            duration=duration,
            connections=args.connections,
            threads=args.threads,
            log=log,
        )
        time.sleep(duration / 3)
        victim = worker_pids(master)[0]
        os.kill(victim, signal.SIGKILL)
        killed_at = time.monotonic()
        run.wait(timeout=duration + 30)
        poller.stop.set()
        poller.join()
        result = wrk_result(PAGES[0].name, log)
        print(result.line())
        served_after = sum(1 for t, corpus in poller.seen if t > killed_at and corpus is not None)
        failed_after = sum(1 for t, corpus in poller.seen if t > killed_at and corpus is None)
        now = worker_pids(master)
        print(
            f"killed worker {victim} at {duration / 3:.0f} s; workers before {before}, after {now} "
            f"(gunicorn started {sorted(set(now) - set(before))}); /healthz after the kill: "
            f"{served_after} answered, {failed_after} failed"
        )
        return 0
    finally:
        stop(server, work, keep=args.keep)


if __name__ == "__main__":
    sys.exit(main())
