"""The first requests after a restart, for bench/search.py: a fresh Python process per restart loads
judge.wsgi as gunicorn does (its warm-up: the templates, both languages, the search's index, dictionary and
answer path), then sends its first requests in-process through the WSGI application: ``GET /api/search``
(the very first request, then more queries, each its first ask), then one ``/ja/search/`` page.

    .venv/bin/python bench/search_restart.py INDEX_ROOT DATABASE_URL QUERY...   (the child; prints JSON)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def child(root: str, database_url: str, queries: list[str]) -> None:
    os.environ.update(JUDGE_INDEX_DIR=root, DATABASE_URL=database_url, DJANGO_DEBUG="0")
    os.environ["DJANGO_SETTINGS_MODULE"] = "judge.settings.dev"
    sys.path.insert(0, str(ROOT))
    start = time.perf_counter()
    import judge.wsgi

    loaded = time.perf_counter() - start
    from django.test import RequestFactory

    factory = RequestFactory()

    def request(path: str, params: dict[str, str]) -> tuple[float, float]:
        environ = factory.get(path, params).environ
        statuses: list[str] = []
        began, began_cpu = time.perf_counter(), time.process_time()
        b"".join(judge.wsgi.application(environ, lambda status, headers, *_: statuses.append(status)))
        took = ((time.perf_counter() - began) * 1000, (time.process_time() - began_cpu) * 1000)
        assert statuses == ["200 OK"], (path, params, statuses)
        return took

    api = [request("/api/search", {"q": q, "limit": "10"}) for q in queries[:-1]]
    page = request("/ja/search/", {"q": queries[-1]})
    print(json.dumps({"load_s": loaded, "api_ms": [a[0] for a in api], "api_cpu": [a[1] for a in api],
                      "page_ms": page[0], "page_cpu": page[1]}))  # fmt: skip


def first_requests(
    root: Path, database_url: str, queries: list[str], *, restarts: int, per: int
) -> dict[str, list[float]]:
    """``restarts`` fresh processes, each asked ``per`` API queries and one page (a different slice of
    ``queries`` each time): the very first request's time, every API request's, the page's, the load."""
    out: dict[str, list[float]] = {
        key: [] for key in ("first_ms", "first_cpu", "api_ms", "api_cpu", "page_ms", "page_cpu", "load_s")
    }
    for n in range(restarts):
        asked = [queries[(n * (per + 1) + i) % len(queries)] for i in range(per + 1)]
        done = subprocess.run(
            [sys.executable, __file__, str(root), database_url, *asked],
            capture_output=True, text=True, check=True, cwd=ROOT,
        )  # fmt: skip
        found = json.loads(done.stdout.strip().splitlines()[-1])
        out["first_ms"].append(found["api_ms"][0])
        out["first_cpu"].append(found["api_cpu"][0])
        out["api_ms"].extend(found["api_ms"])
        out["api_cpu"].extend(found["api_cpu"])
        out["page_ms"].append(found["page_ms"])
        out["page_cpu"].append(found["page_cpu"])
        out["load_s"].append(found["load_s"])
    return out


if __name__ == "__main__":
    child(sys.argv[1], sys.argv[2], sys.argv[3:])
