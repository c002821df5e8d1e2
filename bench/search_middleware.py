"""What each middleware costs a repeated search: the application with one middleware taken out at a time.

    .venv/bin/python bench/search_middleware.py INDEX_DIR [--blocks N]

Reads an index already built (bench/search.py --index DIR builds one), sends a few common queries through
``/api/search``, ``/ja/search/`` and ``/healthz`` once (their answers kept), then, in interleaved blocks, the
same repeats through the whole stack and through the stack without each middleware in turn (htmx's kept:
the views read it). Prints the minimum CPU time per request over the blocks (the least disturbed by other
processes on a shared machine) and what leaving each middleware out saves. No assertions: bench/search.md.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judge.settings.dev")
os.environ.setdefault("DJANGO_DEBUG", "0")

QUERIES = (
    "commander tax",
    "統率者税",
    "903.8",
    "commander damage",
    "player leaves the game",
    "統率者ダメージ",
)
PATHS = (("/api/search", {"limit": "10"}), ("/ja/search/", {}), ("/healthz", {}))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("index", type=Path)
    parser.add_argument("--blocks", type=int, default=7)
    args = parser.parse_args()
    tmp = tempfile.TemporaryDirectory()
    os.environ.update(JUDGE_INDEX_DIR=str(args.index), DATABASE_URL=f"sqlite:///{tmp.name}/bench.sqlite3")
    import django

    django.setup()
    from django.conf import settings
    from django.core.handlers.wsgi import WSGIHandler
    from django.core.management import call_command
    from django.test import RequestFactory

    from judge.rules.models import Corpus
    from judge.search.index import open_live
    from judge.search.warm import warm

    call_command("migrate", verbosity=0)
    live = open_live(args.index)
    Corpus.objects.create(
        is_live=True, current_version=live.current_version, versions=live.versions, index_name=live.name
    )
    warm(args.index)
    factory = RequestFactory()

    def per_request(handler: WSGIHandler, path: str, extra: dict[str, str], rounds: int = 8) -> float:
        environs = [factory.get(path, {"q": q, **extra}).environ for q in QUERIES]
        for environ in environs:  # the answers kept
            b"".join(handler(dict(environ), lambda *_: None))
        start = time.process_time()
        for _ in range(rounds):
            for environ in environs:
                b"".join(handler(dict(environ), lambda *_: None))
        return (time.process_time() - start) * 1000 / (rounds * len(environs))

    full = list(settings.MIDDLEWARE)
    stacks = {"the whole stack": full}
    for name in full:
        if not name.endswith(".HtmxMiddleware"):
            stacks[f"without {name.rsplit('.', 1)[-1]}"] = [m for m in full if m != name]
    stacks["htmx's alone"] = ["django_htmx.middleware.HtmxMiddleware"]
    handlers = {}
    for label, stack in stacks.items():
        settings.MIDDLEWARE = stack
        handlers[label] = WSGIHandler()
    settings.MIDDLEWARE = full
    print(f"load average at the start: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    for path, extra in PATHS:
        times: dict[str, list[float]] = {label: [] for label in stacks}
        for _ in range(args.blocks):
            for label, handler in handlers.items():
                times[label].append(per_request(handler, path, extra))
        whole = min(times["the whole stack"])
        print(
            f"\n{path}: the whole stack {whole:.3f} ms CPU per repeated request "
            f"(minimum of {args.blocks} blocks)"
        )
        for label in stacks:
            if label != "the whole stack":
                print(f"  {label:44} {min(times[label]):.3f}  saves {whole - min(times[label]):+.3f}")
    print(f"\nload average at the end: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    tmp.cleanup()


if __name__ == "__main__":
    main()
