"""What bench/abuse.py and bench/hardening.py share: one client sends a bad request in a loop (or several at
once, each in a process of its own) while another, at a steady pace, asks ``GET /healthz`` and posts a life
change to a measured game; the percentiles of what the second one saw.

:func:`measured_run` runs one row: the abusers until the row's time is up (each finishes the request it is
in), the measuring client from their start (after ``head_start``) until the last of them has answered.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import multiprocessing
import os
import re
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.queues import Queue
from pathlib import Path

#: One request of an abuser: its status (or the exception's name) and milliseconds.
Sender = Callable[[], tuple[str, float]]
Results = Queue  # of (statuses, times) per abuser


def send(
    port: int, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None
) -> tuple[str, float, bytes]:
    """One request on a fresh connection: the status (or the exception's name), milliseconds, the body."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    start = time.perf_counter()
    try:
        # A reset while sending: the server answered before reading the whole body (a 413), read its answer.
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            conn.request(method, path, body=body or None, headers=headers or {})
        response = conn.getresponse()
        data = response.read()
        status = str(response.status)
    except (OSError, http.client.HTTPException) as err:
        status, data = type(err).__name__, b""
    finally:
        conn.close()
    return status, (time.perf_counter() - start) * 1000, data


def csrf_token(port: int) -> str:
    """The CSRF cookie a page with a form sets (sent back as cookie, header and form field)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", "/en/leave-game/")
        response = conn.getresponse()
        response.read()
        cookies = " ".join(response.headers.get_all("Set-Cookie") or [])
    finally:
        conn.close()
    match = re.search(r"csrftoken=([A-Za-z0-9]+)", cookies)
    if match is None:
        raise SystemExit(f"no CSRF cookie from /en/leave-game/: {cookies!r}")
    return match.group(1)


class Measurer(threading.Thread):
    """Every ``interval`` seconds, alternately: GET /healthz, and a life change on the measured game."""

    def __init__(self, port: int, slug: str, token: str, interval: float) -> None:
        super().__init__(daemon=True)
        self.port, self.slug, self.interval = port, slug, interval
        self.headers = {
            "Content-Type": "application/json",
            "Cookie": f"csrftoken={token}",
            "X-CSRFToken": token,
        }
        self.stop = threading.Event()
        self.times: dict[str, list[float]] = {"healthz": [], "write": []}
        self.failures: Counter[str] = Counter()
        self.revision = self.current_revision()
        self.writes = 0

    def current_revision(self) -> int:
        status, _ms, body = send(self.port, "GET", f"/en/tracker/{self.slug}/?format=json")
        if status != "200":
            raise SystemExit(f"the measured game answered {status}")
        return int(json.loads(body)["revision"])

    def write(self) -> None:
        amount = -1 if self.writes % 2 == 0 else 1
        self.writes += 1
        body = json.dumps(
            {"kind": "life", "player": "D", "amount": amount, "expected_revision": self.revision}
        )
        status, ms, data = send(
            self.port, "POST", f"/en/tracker/{self.slug}/event/", body.encode(), self.headers
        )
        self.times["write"].append(ms)
        if status == "200":
            self.revision = int(json.loads(data)["revision"])
        else:
            self.failures[f"write {status}"] += 1
            self.revision = self.current_revision()

    def run(self) -> None:
        start, n = time.monotonic(), 0
        while not self.stop.is_set():
            if n % 2 == 0:
                status, ms, _body = send(self.port, "GET", "/healthz")
                self.times["healthz"].append(ms)
                if status != "200":
                    self.failures[f"healthz {status}"] += 1
            else:
                self.write()
            n += 1
            time.sleep(max(0.0, start + n * self.interval - time.monotonic()))  # a steady pace, never a burst


def percentiles(times: list[float]) -> str:
    """p50 / p95 / p99 / max in ms, nearest rank."""
    if not times:
        return "–"
    ordered = sorted(times)

    def rank(p: float) -> float:
        return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]

    return f"{rank(50):.1f} / {rank(95):.1f} / {rank(99):.1f} / {ordered[-1]:.1f}"


def workers_line(work: Path) -> str:
    """How many gunicorn workers booted and timed out in the run (its log in ``work``)."""
    boots = (work / "gunicorn.log").read_text(encoding="utf-8", errors="replace")
    return f"workers booted {boots.count('Booting worker')}, timeouts {boots.count('WORKER TIMEOUT')}"


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def abuse_loop(one: Sender, stop_at: float, results: Results) -> None:  # type: ignore[type-arg]
    """Send one request in a loop, the next as soon as the last is answered, until ``stop_at``; put the
    answers' statuses and times. Run in a process of its own: a thread would take the measuring thread's
    GIL while it builds, sends or reads megabytes."""
    statuses: Counter[str] = Counter()
    times: list[float] = []
    while time.monotonic() < stop_at:
        status, ms = one()
        statuses[status] += 1
        times.append(ms)
    results.put((dict(statuses), times))


@dataclass
class Run:
    """One row: the abusers' answers (status: count) and times, the measuring client, the load after."""

    answers: Counter[str]
    times: list[float]
    measurer: Measurer
    load: str


def measured_run(
    port: int,
    slug: str,
    token: str,
    *,
    interval: float,
    duration: float,
    one: Sender | None = None,
    at_once: int = 1,
    head_start: float = 0.0,
    during: Callable[[], tuple[dict[str, int], list[float]]] | None = None,
) -> Run:
    """Measure for ``duration`` seconds while ``at_once`` processes send ``one()`` in a loop (forked: the
    children inherit the megabyte bodies, nothing is pickled), or while ``during()`` runs once (an ingest),
    or with nothing else (the baseline)."""
    context = multiprocessing.get_context("fork")
    results: Results = context.Queue()  # type: ignore[type-arg]
    stop_at = time.monotonic() + head_start + duration
    abusers = [
        context.Process(target=abuse_loop, args=(one, stop_at, results), daemon=True)
        for _ in range(at_once if one is not None else 0)
    ]
    for abuser in abusers:
        abuser.start()
    if abusers and head_start:
        time.sleep(head_start)  # the abusers' first requests are under way before measuring starts
    measurer = Measurer(port, slug, token, interval)
    measurer.start()
    answers: Counter[str] = Counter()
    times: list[float] = []
    try:
        if during is not None:
            got, times = during()
            answers.update(got)
        elif abusers:
            for _ in abusers:
                got, took = results.get(timeout=head_start + duration + 120)
                answers.update(got)
                times += took
        else:
            time.sleep(duration)  # the baseline: the measuring client alone, for the row's time
    finally:
        measurer.stop.set()
        measurer.join()
    for abuser in abusers:
        abuser.join(timeout=30)
    return Run(answers=answers, times=times, measurer=measurer, load=load_average())


__all__ = [
    "Measurer",
    "Run",
    "csrf_token",
    "load_average",
    "measured_run",
    "percentiles",
    "send",
    "workers_line",
]
