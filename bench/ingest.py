"""Ingest time and memory over the archive: cold, one new release on top, nothing changed; page times.

    .venv/bin/python bench/ingest.py [--archive DIR] [--corpus DIR] [--small N] [--pages N]

Every Comprehensive Rules release since July 2009 that is available (the post-2009 files of the archive
sample, ../shared/cr_archive_sample or JUDGE_ARCHIVE_DIR, and those of ../shared/rules_data/en or
JUDGE_CORPUS_DIR) plus the Japanese texts of the corpus are linked into throwaway corpus directories; each
run gets a fresh SQLite database (migrated) and index directory in a temp dir, and runs in its own process
so that its peak resident memory (ru_maxrss, which includes Django, the Japanese dictionary and whoosh) is
its own:

- cold: every release, first ingest;
- small cold: the oldest N releases (default 6), first ingest: with "cold" it gives the cost of one more
  release (the slope) and the fixed cost (the Japanese texts and the index), from which the whole archive
  (~85 releases) is *estimated*;
- on top: every release but the newest, first ingest (not timed), then the newest added and ingested
  (timed): what a new release costs on top of an ingested archive;
- unchanged: the same directory ingested again (nothing to do);
- steps: the time of each step between adjacent releases (judge.parsing.lineage.step_between, outside the
  ingest), by the months between them: the whole archive's releases are two to four months apart, most of
  the sample's pairs years apart;
- pages: in the "on top" database, the server time of the rule page (/en/rules/903.8/, its cache warm as a
  worker's is), the history page, the changes page between the newest two releases and between the oldest
  and the newest (first request and cached), GET /api/versions: median of N requests through the Django test
  client (middleware, view and template; no network).

The estimate for the whole archive (~85 releases) adds what was measured: the fixed cost of the cold run (the
Japanese texts, the generation, the index), 85 times the cost of reading one new release (parse, references,
write: the cold run's "releases" stage over its release count), and 84 steps, at the median of the steps
between releases at most seven months apart (and, as an upper bound, at the mean of every pair measured).

No assertions: it prints the numbers for bench/ingest.md.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
MODERN_SINCE = "20090711"


def releases(archive: Path, corpus: Path) -> list[Path]:
    """Post-2009 CR files, oldest first (one per effective date in the name)."""
    found: dict[str, Path] = {}
    for directory in (archive, corpus / "en"):
        for path in sorted(directory.glob("MagicCompRules *.txt")):
            date = path.stem.split()[-1]
            if date >= MODERN_SINCE:
                found[date] = path
    return [found[date] for date in sorted(found)]


def corpus_dir(root: Path, files: list[Path], japanese: Path) -> Path:
    """A corpus directory of symlinks: en/ the given releases, ja/ the Japanese texts."""
    (root / "en").mkdir(parents=True, exist_ok=True)
    for path in files:
        target = root / "en" / path.name
        if not target.exists():
            target.symlink_to(path)
    (root / "ja").mkdir(
        exist_ok=True
    )  # a directory of links: the ingest does not walk into a linked directory
    for path in sorted(japanese.glob("*.txt")):
        if not (root / "ja" / path.name).exists():
            (root / "ja" / path.name).symlink_to(path)
    return root


def run_phase(phase: str, work: Path, args: list[str], script: Path = Path(__file__)) -> dict[str, object]:
    """Run one phase of ``script`` (this bench or another, bench/translation.py) in a fresh process (its own
    database, index and ru_maxrss); return what it printed as JSON."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "judge.settings.dev",
        "DATABASE_URL": f"sqlite:///{work / 'db.sqlite3'}",
        "JUDGE_INDEX_DIR": str(work / "index"),
        "DJANGO_LOG_LEVEL": "ERROR",
    }
    out = subprocess.run(
        [sys.executable, str(script), "--phase", phase, "--work", str(work), *args],
        env=env,
        capture_output=True,
        text=True,
    )
    if out.returncode:
        sys.exit(f"phase {phase} failed:\n{out.stderr}")
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def phase_main(phase: str, work: Path, corpus: Path, pages: int) -> None:
    import django

    django.setup()
    from django.core.management import call_command

    from judge.rules.ingest import ingest_corpus

    if phase == "migrate":
        call_command("migrate", verbosity=0)
        print(json.dumps({"peak_mb": peak_mb()}))
        return
    if phase == "ingest":
        start = time.perf_counter()
        # The official 20130201 file, published cut inside its glossary, is read as a documented cut
        # (judge.rules.ingest.checks.DOCUMENTED_CUTS); a bench accepts any other odd archive file too.
        report = ingest_corpus(corpus_dir=corpus, index_root=work / "index", accept_shrink=True)
        seconds = time.perf_counter() - start
        print(
            json.dumps(
                {
                    "seconds": seconds,
                    "stages": report.seconds,
                    "peak_mb": peak_mb(),
                    "parsed": len(report.parsed),
                    "reused": len(report.reused),
                    "unchanged": report.unchanged,
                    "versions": len(report.versions),
                }
            )
        )
        return
    if phase == "pages":
        print(json.dumps(page_times(pages)))
    if phase == "steps":
        print(json.dumps({"steps": step_times(corpus)}))


def step_times(directory: Path) -> list[tuple[str, str, int, float]]:
    """(older, newer, months apart, seconds) of each step between the adjacent releases of ``directory``."""
    from judge.parsing.corpus import parse_file
    from judge.parsing.lineage import step_between

    documents = [parse_file(path) for path in sorted((directory / "en").glob("MagicCompRules *.txt"))]
    documents.sort(key=lambda d: d.version)
    out = []
    for older, newer in pairwise(documents):
        start = time.perf_counter()
        step_between(older, newer)  # type: ignore[arg-type]
        seconds = time.perf_counter() - start
        months = (
            (int(newer.version[:4]) - int(older.version[:4])) * 12
            + int(newer.version[4:6])
            - int(older.version[4:6])
        )
        out.append((older.version, newer.version, months, round(seconds, 3)))
    return out


def page_times(repeat: int) -> dict[str, object]:
    from django.core.cache import cache
    from django.test import Client

    from judge.rules import history, selectors

    corpus = selectors.live_corpus()
    versions = history.comparable_versions(corpus)
    client = Client()

    def median_ms(url: str) -> float:
        client.get(url)  # the worker's caches, as after its first request
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            response = client.get(url)
            times.append((time.perf_counter() - start) * 1000)
            assert response.status_code == 200, (url, response.status_code)
        return round(statistics.median(times), 2)

    def first_ms(url: str) -> float:
        cache.clear()
        start = time.perf_counter()
        assert client.get(url).status_code == 200
        return round((time.perf_counter() - start) * 1000, 1)

    near = f"/en/rules/changes/?from={versions[-2]}&to={versions[-1]}"
    far = f"/en/rules/changes/?from={versions[0]}&to={versions[-1]}"
    return {
        "rule page /en/rules/903.8/": median_ms("/en/rules/903.8/"),
        "rule page /ja/rules/903.8/": median_ms("/ja/rules/903.8/"),
        f"old version /en/rules/100.1/?version={versions[0]}": median_ms(
            f"/en/rules/100.1/?version={versions[0]}"
        ),
        "history page /en/rules/903.9b/history/": median_ms("/en/rules/903.9b/history/"),
        "history API /api/rules/805.10f/history": median_ms("/api/rules/805.10f/history"),
        "versions API /api/versions": median_ms("/api/versions"),
        f"changes {versions[-2]}->{versions[-1]}, first request": first_ms(near),
        f"changes {versions[-2]}->{versions[-1]}, cached": median_ms(near),
        f"changes {versions[0]}->{versions[-1]}, first request": first_ms(far),
        f"changes {versions[0]}->{versions[-1]}, cached": median_ms(far),
    }


def main() -> None:
    shared = ROOT.parent / "shared"
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--archive",
        type=Path,
        default=Path(os.environ.get("JUDGE_ARCHIVE_DIR", shared / "cr_archive_sample")),
    )
    parser.add_argument(
        "--corpus", type=Path, default=Path(os.environ.get("JUDGE_CORPUS_DIR", shared / "rules_data"))
    )
    parser.add_argument("--small", type=int, default=6, help="releases of the small cold run (the slope)")
    parser.add_argument("--pages", type=int, default=200, help="requests per page time")
    parser.add_argument("--phase", help=argparse.SUPPRESS)
    parser.add_argument("--work", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--dir", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.phase:
        phase_main(args.phase, args.work, args.dir, args.pages)
        return

    files = releases(args.archive, args.corpus)
    japanese = (args.corpus / "ja").resolve()
    print(f"{len(files)} releases since July 2009: {', '.join(p.stem.split()[-1] for p in files)}")
    print(f"Japanese texts: {len(list(japanese.glob('*.txt')))} files in {japanese}")
    print(f"load average before: {os.getloadavg()[0]:.2f}, cores: {os.cpu_count()}")
    temp = Path(tempfile.mkdtemp(prefix="bench-ingest-"))
    try:
        results: dict[str, dict[str, object]] = {}
        for name, chosen in (("cold", files), ("small cold", files[: args.small])):
            work = temp / name.replace(" ", "-")
            work.mkdir()
            directory = corpus_dir(work / "corpus", chosen, japanese)
            run_phase("migrate", work, [])
            results[name] = run_phase("ingest", work, ["--dir", str(directory)])

        work = temp / "on-top"
        work.mkdir()
        directory = corpus_dir(work / "corpus", files[:-1], japanese)
        run_phase("migrate", work, [])
        results["archive without the newest"] = run_phase("ingest", work, ["--dir", str(directory)])
        corpus_dir(directory, files, japanese)
        results["on top"] = run_phase("ingest", work, ["--dir", str(directory)])
        results["unchanged"] = run_phase("ingest", work, ["--dir", str(directory)])
        pages = run_phase("pages", work, ["--dir", str(directory), "--pages", str(args.pages)])

        for name, result in results.items():
            stages = ", ".join(f"{k} {v:.1f}" for k, v in dict(result.get("stages") or {}).items())  # type: ignore[call-overload]
            print(
                f"{name:28} {result['versions']:>3} releases  {result['seconds']:6.1f} s  peak "
                f"{result['peak_mb']:5.0f} MB"
                f"  parsed {result['parsed']}, reused {result['reused']}"
                f"{'  (nothing to do)' if result['unchanged'] else ''}"
                f"{'  [' + stages + ' s]' if stages else ''}"
            )
        steps = run_phase("steps", temp / "cold", ["--dir", str(temp / "cold" / "corpus")])["steps"]
        print("steps between adjacent releases (months apart: seconds):")
        print("  " + ", ".join(f"{a}->{b} ({m}): {t:.2f}" for a, b, m, t in steps))  # type: ignore[union-attr]
        cold = results["cold"]
        n = int(cold["versions"])  # type: ignore[call-overload]
        stages = dict(cold["stages"])  # type: ignore[call-overload]
        per_release = stages["releases"] / n
        fixed = sum(stages[k] for k in ("documents", "generation", "index", "switch"))
        close = [t for _, _, m, t in steps if m <= 7]  # type: ignore[misc]
        every = [t for *_, t in steps]  # type: ignore[misc]
        step_close = statistics.median(close) if close else statistics.mean(every)
        print(
            f"per release: read, link and write {per_release:.2f} s; step to the next release: median "
            f"{step_close:.2f} s (at most 7 months apart), mean {statistics.mean(every):.2f} s (every pair); "
            f"fixed (Japanese texts, generation, index): {fixed:.1f} s"
        )
        low, high = (
            fixed + 85 * per_release + 84 * step_close,
            fixed + 85 * per_release + 84 * statistics.mean(every),
        )
        print(
            f"ESTIMATE, not measured: cold ingest of 85 releases ~ {low:.0f} s "
            f"(~ {high:.0f} s if every step cost as much as the sample's mean); "
            f"peak memory: {results['small cold']['peak_mb']:.0f} MB for {results['small cold']['versions']} "
            f"releases, {cold['peak_mb']:.0f} MB for {n} (the records of at most 3 releases are held at once)"
        )
        print("page server time (median, ms):")
        for page, ms in pages.items():
            print(f"  {page}: {ms}")
        print(f"load average after: {os.getloadavg()[0]:.2f}")
    finally:
        shutil.rmtree(temp, ignore_errors=True)


if __name__ == "__main__":
    main()
