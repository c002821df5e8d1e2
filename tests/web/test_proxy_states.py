"""The shipped proxy's limits hold for connections in every state (issue 43, items 2 and 4), on loopback in
front of gunicorn (2 sync workers, prod settings):

- one address holding 3,000 half-sent requests (headers never finished) does not fill the proxy: /healthz
  answers every time from another address (Debian's 768 connections a worker let it answer 4-9 of 105);
- a proxy worker killed (``kill -9``) with requests in flight leaks no count: the same address is served at
  once by the next worker (nginx's limit_conn never subtracted them: 429 on everything until a restart).

Bounded in count and time; every connection is to loopback."""

from __future__ import annotations

import contextlib
import http.client
import os
import shutil
import signal
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.test_proxy import FIXTURES, HEALTHZ_BOUND_SECONDS, _load

pytestmark = pytest.mark.proxy

proxy = _load("proxy")

HALF_SENT = 3_000  # held at once from one address: Debian's 2 x 768 (the harness's former 512) reset /healthz
IN_FLIGHT = 16  # the former per-address limit_conn: leaked whole, it refused that address everything


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """nginx with the shipped config in front of gunicorn: the base URL and nginx's work folder."""
    if proxy.nginx_binary() is None:
        pytest.skip("nginx is not installed (Debian package nginx; .ci/run installs it)")
    server = _load("server")
    work = tmp_path_factory.mktemp("proxy-states")
    corpus = work / "corpus"
    (corpus / "en").mkdir(parents=True)
    shutil.copy(FIXTURES / "cr" / "renumber_new.txt", corpus / "en" / "MagicCompRules 20310303.txt")
    shutil.copytree(FIXTURES / "ja", corpus / "ja")
    env = {**server.prod_env(work, corpus), "DJANGO_RATELIMIT_IP_META_KEY": "HTTP_X_FORWARDED_FOR"}
    server.prepare_site(env, work)
    port = server.free_port()
    gunicorn, _ = server.start_gunicorn(
        env, work, port, 2, max_requests=0, jitter=0, preload=True, control_socket=False
    )
    try:
        with proxy.running_nginx(work, upstream=f"127.0.0.1:{port}") as url:
            yield url, work
    finally:
        server.stop(gunicorn, work, keep=False)


def _request(base: str, method: str, path: str, *, source: str, body: bytes | None = None) -> int:
    host, port = base.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30, source_address=(source, 0))
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def _healthz(base: str, source: str = "127.0.0.1") -> tuple[int, float]:
    started = time.monotonic()
    status = _request(base, "GET", "/healthz", source=source)
    return status, time.monotonic() - started


@contextlib.contextmanager
def _opened(base: str, count: int, source: str, data: bytes) -> Iterator[list[socket.socket]]:
    """``count`` connections from ``source``, each having sent ``data`` and nothing more, until the block
    ends (those the proxy refused or reset are left out)."""
    host, port = base.removeprefix("http://").split(":")
    sockets: list[socket.socket] = []
    try:
        for _ in range(count):
            with contextlib.suppress(OSError):
                sock = socket.create_connection((host, int(port)), timeout=10, source_address=(source, 0))
                sockets.append(sock)
                sock.sendall(data)
        yield sockets
    finally:
        for sock in sockets:
            sock.close()


def test_half_sent_requests_from_one_address_do_not_fill_the_proxy(site: tuple[str, Path]) -> None:
    base, _ = site
    half = b"GET /en/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: "
    with _opened(base, HALF_SENT, "127.0.0.2", half) as held:
        assert len(held) == HALF_SENT  # all held open at once
        answers = []
        for _ in range(20):
            try:
                answers.append(_healthz(base))
            except OSError as error:  # reset or timed out: the proxy is full
                answers.append((0, float(type(error).__name__ == "TimeoutError") * 30))
    assert [status for status, _ in answers] == [200] * 20, answers
    assert max(seconds for _, seconds in answers) < HEALTHZ_BOUND_SECONDS, answers


def _workers(master: int) -> list[int]:
    """The pids of the nginx master's children (its workers)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            stat = (entry / "stat").read_text()
            if int(stat.rsplit(")", 1)[1].split()[1]) == master:
                found.append(int(entry.name))
    return found


def test_a_killed_proxy_worker_leaks_no_count(site: tuple[str, Path]) -> None:
    base, work = site
    master = int((work / "nginx.pid").read_text().strip())
    body = b'{"variant": "commander", "mana_cost": "{3}{G}{G}", "previous_casts": 2}'
    # Requests in flight: headers whole, half the body sent (nginx counted each in limit_conn).
    head = (
        "POST /api/calc/tax HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode()
    with _opened(base, IN_FLIGHT, "127.0.0.3", head + body[: len(body) // 2]):
        before = _workers(master)
        assert before
        for pid in before:
            os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 30
        while (not _workers(master) or set(_workers(master)) & set(before)) and time.monotonic() < deadline:
            time.sleep(0.1)  # the master starts new workers
    assert _workers(master) and not set(_workers(master)) & set(before)
    assert [_healthz(base, "127.0.0.3")[0] for _ in range(IN_FLIGHT + 4)] == [200] * (IN_FLIGHT + 4)
    assert _request(base, "POST", "/api/calc/tax", source="127.0.0.3", body=body) == 200
