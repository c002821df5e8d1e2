"""Parse time and memory of the Comprehensive Rules parser on real archive files.

    .venv/bin/python bench/parse_archive.py [DIR ...] [--repeat N]

DIR defaults to ../shared/cr_archive_sample and ../shared/rules_data/en beside this
checkout (or JUDGE_ARCHIVE_DIR / JUDGE_CORPUS_DIR). For every "MagicCompRules *.txt"
file it prints:

- read+decode: reading the bytes and decoding them (judge.parsing.corpus.read_text);
- parse: parse_comprehensive_rules on the decoded text;
  both the best of N runs (the machine is shared, so the best run is the parser's cost);
- peak MB: the largest Python allocation during one read+parse (tracemalloc), i.e. what
  one more release costs in memory while it is parsed;

then the total; parse_corpus_dir on each directory (every file, as the ingest reads it):
its time, and the memory its records keep and its peak (tracemalloc, a second run); and
the process's peak resident memory (ru_maxrss) after all of it.
No assertions: this prints the numbers for the report.
"""

from __future__ import annotations

import argparse
import gc
import os
import resource
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judge.parsing.comprehensive_rules import parse_comprehensive_rules  # noqa: E402
from judge.parsing.corpus import parse_corpus_dir, read_text  # noqa: E402
from judge.parsing.encoding import decode_text  # noqa: E402

T = TypeVar("T")


def default_dirs() -> list[Path]:
    shared = ROOT.parent / "shared"
    archive = Path(os.environ.get("JUDGE_ARCHIVE_DIR", shared / "cr_archive_sample"))
    corpus = Path(os.environ.get("JUDGE_CORPUS_DIR", shared / "rules_data"))
    return [path for path in (archive, corpus / "en") if path.is_dir()]


def best_of(repeat: int, run: Callable[[], T]) -> tuple[float, T]:
    times: list[float] = []
    result: T | None = None
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    assert result is not None
    return min(times), result


def peak_mb(path: Path) -> float:
    gc.collect()
    tracemalloc.start()
    parse_comprehensive_rules(read_text(path), source=path.name)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("dirs", nargs="*", type=Path, help="directories of MagicCompRules *.txt files")
    parser.add_argument("--repeat", type=int, default=5, help="runs per file; the best is shown (default 5)")
    args = parser.parse_args()
    dirs = args.dirs or default_dirs()
    if not dirs:
        raise SystemExit("no archive directory: pass one, or set JUDGE_ARCHIVE_DIR")

    header = f"{'file':<30} {'KB':>6} {'encoding':<12} {'version':<8} {'rules':>5} {'warn':>4} "
    print(header + f"{'read+decode ms':>14} {'parse ms':>9} {'peak MB':>8}")
    decode_total = parse_total = 0.0
    peaks: list[float] = []
    for directory in dirs:
        for path in sorted(directory.glob("MagicCompRules*.txt")):
            encoding = decode_text(path.read_bytes(), source=path.name).encoding
            decode_s, text = best_of(args.repeat, lambda path=path: read_text(path))
            parse_s, document = best_of(
                args.repeat, lambda text=text, path=path: parse_comprehensive_rules(text, source=path.name)
            )
            peak = peak_mb(path)
            decode_total += decode_s
            parse_total += parse_s
            peaks.append(peak)
            print(
                f"{path.name:<30} {path.stat().st_size // 1024:>6} {encoding:<12} {document.version:<8} "
                f"{len(document.rules):>5} {len(document.warnings):>4} "
                f"{decode_s * 1000:>14.1f} {parse_s * 1000:>9.1f} {peak:>8.1f}"
            )
    print(
        f"total ({len(peaks)} files): read+decode {decode_total * 1000:.0f} ms, parse "
        f"{parse_total * 1000:.0f} ms; "
        f"per file mean {(decode_total + parse_total) / len(peaks) * 1000:.1f} ms; "
        f"peak MB per file: median {statistics.median(peaks):.1f}, max {max(peaks):.1f}"
    )
    for directory in dirs:
        root = directory.parent if directory.name == "en" else directory
        gc.collect()
        start = time.perf_counter()
        corpus = parse_corpus_dir(root)
        elapsed = time.perf_counter() - start
        del corpus
        gc.collect()
        tracemalloc.start()
        corpus = parse_corpus_dir(root)
        gc.collect()
        kept, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(
            f"parse_corpus_dir({root}): {elapsed * 1000:.0f} ms, {len(corpus.rules_documents)} CR versions, "
            f"{len(corpus.ja_documents)} Japanese documents, {len(corpus.skipped)} skipped, "
            f"{len(corpus.warnings)} warnings; records kept {kept / 1e6:.1f} MB, peak {peak / 1e6:.1f} MB"
        )
        del corpus
    print(f"process peak resident memory: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
