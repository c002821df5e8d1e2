"""Server time of the rules pages: rule pages, the rule index, the glossary and the changes page, in both
languages.

    .venv/bin/python bench/pages.py [corpus_dir] [--repeat N] [--use-database]

Migrates a throwaway SQLite database and ingests the corpus into it in another
process (or, with --use-database, reads the database the settings name, already
ingested), then requests each page in-process through Django's WSGI handler (what gunicorn
calls: every middleware, the view, the template), with DEBUG off:

- rule pages: the RULES below (~50 rules, subrules, sections and chapters of
  every chapter, the ones the site links to most), under /ja/ and /en/, whole
  page and htmx fragment;
- the rule index and the glossary under /ja/ and /en/;
- the largest section pages (702 Keyword Abilities, 701 Keyword Actions),
  reported apart: a section page lists every rule under it;
- the changes page between the two newest versions and between the oldest and the
  newest (its comparison is computed once per generation and pair, then cached).

"first" is each page's first request in the process (what the first reader
after an ingest pays: the page's data read and its body rendered); "warm" pools
every later request (--repeat per page), wall clock, and "cpu" is the thread's
CPU time of the same requests (on a shared machine the wall clock also counts
the time other processes held the CPU). No assertions: the numbers go to
docs/pages.md.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judge.settings.dev")

RULES = (
    "1",
    "100.1",
    "103.4",
    "104.3a",
    "107.4",
    "110.2",
    "116.2",
    "117.3a",
    "119.3",
    "205.3m",
    "302.6",
    "305.2",
    "400.7",
    "405.1",
    "506.4",
    "508.1",
    "509.1",
    "510.2",
    "601.2f",
    "603.3b",
    "604.3",
    "613.1",
    "614.5",
    "701.10",
    "702.9",
    "702.124a",
    "704.5a",
    "800.4",
    "800.4a",
    "802.2",
    "805.10f",
    "806.1",
    "810.9",
    "901.4",
    "901.9",
    "901.10",
    "903",
    "903.3",
    "903.4",
    "903.5a",
    "903.8",
    "903.9",
    "903.9a",
    "903.10",
    "903.10a",
    "903.11",
    "903.12",
    "904.4",
    "905",
    "9",
)
LARGEST = ("702", "701")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def main() -> None:
    parser = argparse.ArgumentParser()
    default = Path(os.environ.get("JUDGE_CORPUS_DIR", ROOT.parent / "shared" / "rules_data"))
    parser.add_argument("corpus", nargs="?", type=Path, default=default)
    parser.add_argument("--repeat", type=int, default=20, help="warm requests per page")
    parser.add_argument(
        "--use-database", action="store_true", help="the settings' database, already ingested"
    )
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        if not args.use_database:
            os.environ["DATABASE_URL"] = f"sqlite:///{Path(tmp) / 'db.sqlite3'}"
            os.environ["JUDGE_INDEX_DIR"] = str(Path(tmp) / "index")
            # In another process, as in production: the ingest's garbage would slow this one's collections.
            start = time.perf_counter()
            manage = [sys.executable, str(ROOT / "manage.py")]
            subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], check=True, cwd=ROOT)
            subprocess.run(
                [*manage, "ingest", "--corpus-dir", str(args.corpus)],
                check=True,
                cwd=ROOT,
                stdout=subprocess.DEVNULL,
            )
            print(f"migrated and ingested {args.corpus} in {time.perf_counter() - start:.0f} s")
        import django
        from django.conf import settings

        django.setup()
        settings.DEBUG = False  # before the first template: the engine reads it once; no query log either
        from django.core.handlers.wsgi import WSGIHandler
        from django.db import connection
        from django.test import RequestFactory
        from django.test.utils import CaptureQueriesContext

        handler = WSGIHandler()
        factory = RequestFactory()
        from judge.rules.selectors import live_corpus

        versions = live_corpus().versions

        def get(path: str, query: dict[str, str] | None = None, **headers: str) -> Callable[[], None]:
            def request() -> None:
                statuses: list[str] = []
                environ = factory.get(path, query, **headers).environ
                b"".join(handler(environ, lambda status, headers, *_: statuses.append(status)))
                assert statuses == ["200 OK"], (path, statuses)

            return request

        def timed(request: Callable[[], None]) -> tuple[float, float]:
            wall, cpu = time.perf_counter(), time.thread_time()
            request()
            return (time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000

        groups: list[tuple[str, list[Callable[[], None]]]] = []
        for lang in ("ja", "en"):
            groups.append((f"rule pages /{lang}/", [get(f"/{lang}/rules/{n}/") for n in RULES]))
            groups.append(
                (
                    f"rule pages /{lang}/, htmx fragment",
                    [get(f"/{lang}/rules/{n}/", HTTP_HX_REQUEST="true") for n in RULES],
                )
            )
        for lang in ("ja", "en"):
            groups.append((f"rule index /{lang}/rules/", [get(f"/{lang}/rules/")]))
        for lang in ("ja", "en"):
            groups.append((f"glossary /{lang}/glossary/", [get(f"/{lang}/glossary/")]))
        groups.append(("glossary /ja/glossary/?q=とうそつ", [get("/ja/glossary/", {"q": "とうそつ"})]))
        for lang in ("ja", "en"):
            groups.append(
                (
                    f"largest sections /{lang}/ ({', '.join(LARGEST)})",
                    [get(f"/{lang}/rules/{n}/") for n in LARGEST],
                )
            )
        for lang in ("ja", "en"):
            groups.append(
                (
                    f"changes /{lang}/ (newest two, widest)",
                    [
                        get(f"/{lang}/rules/changes/"),
                        get(f"/{lang}/rules/changes/", {"from": versions[0], "to": versions[-1]}),
                    ],
                )
            )

        get("/en/")()  # Django's own first request (URL patterns, middleware, translations)
        # What the first reader of a new generation pays once per process and language: the glossary with
        # its readings, the glosses and the index of the Japanese passages (then each page its own body).
        print(
            f"first /en/ rule page: {timed(get('/en/rules/100.1/'))[0]:.0f} ms; "
            f"first /ja/ rule page: {timed(get('/ja/rules/100.1/'))[0]:.0f} ms"
        )
        first = [[timed(request)[0] for request in requests] for _, requests in groups]
        # Warm requests round-robin over every group, so that a slower moment of the machine is shared out.
        warm: list[list[tuple[float, float]]] = [[] for _ in groups]
        for _ in range(args.repeat):
            for times, (_, requests) in zip(warm, groups, strict=True):
                times.extend(timed(request) for request in requests)
        print(f"\n{'':36} {'pages':>5} {'first':>7} {'p95':>7} {'warm':>7} {'p95':>7} {'cpu':>7} {'p95':>7}")
        for (name, requests), cold, times in zip(groups, first, warm, strict=True):
            wall, cpu = [w for w, _ in times], [c for _, c in times]
            print(
                f"{name:36} {len(requests):5} {percentile(cold, 50):7.2f} {percentile(cold, 95):7.2f}"
                f" {percentile(wall, 50):7.2f} {percentile(wall, 95):7.2f}"
                f" {percentile(cpu, 50):7.2f} {percentile(cpu, 95):7.2f}"
            )
        print(
            "(milliseconds; first: each page's first request; warm: the later ones, wall clock; cpu: the"
            " thread's CPU time of the same requests, which other processes on the machine inflate less)"
        )
        print(f"load average during the run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")

        with CaptureQueriesContext(connection) as queries:
            get("/ja/rules/903.10a/")()
        print(f"\ndatabase queries of a warm rule page: {len(queries)}")


if __name__ == "__main__":
    main()
