"""The production site on 127.0.0.1 for the benches (bench/load.py, bench/abuse.py): a throwaway SQLite
database, index and static dir in a temp dir with judge.settings.prod, set up by ``manage.py`` (``migrate``,
``collectstatic``, ``ingest``), served by gunicorn as docs/deploy.md runs it, and stopped and cleaned up."""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def http(
    url: str, *, data: bytes | None = None, headers: dict[str, str] | None = None, timeout: float = 10
) -> tuple[int, bytes, dict[str, str]]:
    request = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.read(), dict(response.headers)
    except urllib.error.HTTPError as err:
        return err.code, err.read(), dict(err.headers)


def worker_boots(work: Path) -> int:
    """How many workers gunicorn has booted so far (its log): --max-requests restarts show here."""
    return (work / "gunicorn.log").read_text(encoding="utf-8", errors="replace").count("Booting worker")


def load_average() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def healthz(base: str) -> int | None:
    """The live corpus id, or None when /healthz does not answer 200."""
    try:
        status, body, _headers = http(base + "/healthz")
    except OSError:
        return None
    return int(json.loads(body)["corpus"]) if status == 200 else None


def worker_pids(master: int) -> list[int]:
    pids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == master:
            pids.append(int(stat.parent.name))
    return sorted(pids)


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [PYTHON, str(ROOT / "manage.py"), *args], env=env, cwd=ROOT, capture_output=True, text=True
    )
    if done.returncode != 0:
        raise SystemExit(f"manage.py {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout


def live_corpus_id(ingest_output: str) -> int:
    match = re.search(r"corpus (\d+) is live", ingest_output)
    if match is None:
        raise SystemExit(f"ingest did not say which corpus went live:\n{ingest_output}")
    return int(match.group(1))


def prod_env(work: Path, corpus_dir: Path) -> dict[str, str]:
    """The environment of judge.settings.prod on a throwaway database, index and static dir in ``work``."""
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "judge.settings.prod",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "0",  # plain http on loopback; TLS is the proxy's job in production
        "DJANGO_STATIC_ROOT": str(work / "static"),
        "DATABASE_URL": f"sqlite:///{work / 'db.sqlite3'}",
        "JUDGE_INDEX_DIR": str(work / "index"),
        "JUDGE_CORPUS_DIR": str(corpus_dir),
        "DJANGO_LOG_LEVEL": "ERROR",
    }


def prepare_site(env: dict[str, str], work: Path) -> tuple[int, float]:
    """``migrate``, ``collectstatic``, ``ingest`` into ``env``'s database: live corpus id, ingest seconds."""
    print(f"== setup in {work} (SQLite, judge.settings.prod)")
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "collectstatic", "--noinput", "-v", "0")
    started = time.monotonic()
    corpus = live_corpus_id(manage(env, "ingest"))
    seconds = time.monotonic() - started
    print(f"ingest: corpus {corpus} live after {seconds:.1f} s")
    return corpus, seconds


def start_gunicorn(
    env: dict[str, str],
    work: Path,
    port: int,
    workers: int,
    *,
    max_requests: int,
    jitter: int,
    preload: bool,
    control_socket: bool,
    extra: tuple[str, ...] = (),
) -> tuple[subprocess.Popen[str], int]:
    """gunicorn as docs/deploy.md runs it on 127.0.0.1:``port`` (``extra``: more of its options, such as an
    access log), up when /healthz answers 200 and every worker is there."""
    gunicorn = Path(PYTHON).with_name("gunicorn")
    pidfile = work / "gunicorn.pid"
    log = (work / "gunicorn.log").open("w")
    server = subprocess.Popen(
        [
            str(gunicorn),
            "judge.wsgi",
            "--workers",
            str(workers),
            "--bind",
            f"127.0.0.1:{port}",
            "--pid",
            str(pidfile),
            "--timeout",
            "30",
            "--graceful-timeout",
            "5",
            "--max-requests",
            str(max_requests),
            "--max-requests-jitter",
            str(jitter),
            "--error-logfile",
            "-",
            *(["--preload"] if preload else []),
            *([] if control_socket else ["--no-control-socket"]),
            *extra,
        ],
        env=env,
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(150):
        if server.poll() is not None:
            raise SystemExit(f"gunicorn exited:\n{(work / 'gunicorn.log').read_text()}")
        if healthz(base) is not None and pidfile.exists() and len(worker_pids(server.pid)) == workers:
            return server, server.pid
        time.sleep(0.2)
    server.terminate()
    raise SystemExit(f"gunicorn did not come up:\n{(work / 'gunicorn.log').read_text()}")


def corpus_arguments(parser: argparse.ArgumentParser) -> None:
    """``--corpus-dir`` (JUDGE_CORPUS_DIR by default) and ``--keep``, as both benches of the site take
    them."""
    parser.add_argument(
        "--corpus-dir",
        type=Path,
        default=Path(os.environ.get("JUDGE_CORPUS_DIR", ROOT.parent / "shared" / "rules_data")),
    )
    parser.add_argument("--keep", action="store_true", help="keep the temp dir (database, index, logs)")


def corpus_missing(corpus_dir: Path) -> bool:
    """Whether the corpus is not there (then it says how to give it)."""
    if (corpus_dir / "en").is_dir():
        return False
    print(f"corpus not found at {corpus_dir}: set JUDGE_CORPUS_DIR or pass --corpus-dir", file=sys.stderr)
    return True


def stop(server: subprocess.Popen[str] | None, work: Path, *, keep: bool) -> None:
    """Stop gunicorn (SIGTERM, then SIGKILL after 15 s) and remove the temp dir unless ``keep``."""
    if server is not None and server.poll() is None:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
    if keep:
        print(f"\nkept {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)
