"""The shipped reverse proxy (deploy/nginx/) on 127.0.0.1 in front of a gunicorn, for the benches
(bench/hardening.py) and the tests marked ``proxy`` (tests/web/test_proxy.py): Debian's ``nginx`` binary
run as an ordinary process with its own config, pid, logs and temp dirs in a work dir, stopped and cleaned
up with it. Self-contained (the tests load it by path)."""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy" / "nginx"


def nginx_binary() -> str | None:
    """Debian's nginx (package ``nginx``; .ci/run installs it), or None."""
    return shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if Path(p).exists()), None
    )


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def nginx_config(
    work: Path, *, port: int, upstream: str, site: Path = DEPLOY / "judge-site.conf", ipv6: bool = False
) -> str:
    """An nginx.conf serving the shipped config (deploy/nginx/judge-main.conf, judge-events.conf,
    judge-zones.conf and ``site``, judge-site.conf by default, included as they are) on 127.0.0.1:``port``
    (and [::1]:``port`` with ``ipv6``) in front of ``upstream`` ("127.0.0.1:8001" or "unix:/path")."""
    temp = {kind: work / f"nginx-{kind}" for kind in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
    for path in temp.values():
        path.mkdir(exist_ok=True)
    # As root, nginx's workers would switch to "nobody", who cannot write the temp dirs here.
    user = f"user {pwd.getpwuid(os.geteuid()).pw_name};" if os.geteuid() == 0 else ""
    return f"""
{user}
include {DEPLOY / "judge-main.conf"};
daemon off;
pid {work / "nginx.pid"};
error_log {work / "nginx-error.log"} warn;
events {{ include {DEPLOY / "judge-events.conf"}; }}
http {{
    access_log {work / "nginx-access.log"};
    client_body_temp_path {temp["body"]};
    proxy_temp_path {temp["proxy"]};
    fastcgi_temp_path {temp["fastcgi"]};
    uwsgi_temp_path {temp["uwsgi"]};
    scgi_temp_path {temp["scgi"]};
    include {DEPLOY / "judge-zones.conf"};
    upstream judge_gunicorn {{
        server {upstream} fail_timeout=0;
    }}
    server {{
        listen 127.0.0.1:{port};
        {f"listen [::1]:{port};" if ipv6 else ""}
        server_name 127.0.0.1;
        include {site};
    }}
}}
"""


@contextlib.contextmanager
def running_nginx(
    work: Path, *, upstream: str, site: Path = DEPLOY / "judge-site.conf", ipv6: bool = False
) -> Iterator[str]:
    """nginx with the shipped config on a free loopback port in front of ``upstream``: its base URL (the
    master's pid is in ``work / "nginx.pid"``)."""
    binary = nginx_binary()
    if binary is None:
        raise RuntimeError("nginx is not installed (Debian package nginx)")
    port = _free_port()
    conf = work / "nginx.conf"
    conf.write_text(nginx_config(work, port=port, upstream=upstream, site=site, ipv6=ipv6), encoding="utf-8")
    base = [binary, "-p", str(work), "-c", str(conf), "-e", str(work / "nginx-error.log")]
    check = subprocess.run([*base, "-t", "-q"], capture_output=True, text=True)
    if check.returncode != 0:
        raise RuntimeError(f"nginx refused the config:\n{check.stderr}")
    process = subprocess.Popen(base, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
                break
            if process.poll() is not None or time.monotonic() > deadline:
                log = (work / "nginx-error.log").read_text(encoding="utf-8", errors="replace")
                raise RuntimeError(f"nginx did not start:\n{log}")
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGQUIT)  # graceful: finish what is in flight
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
