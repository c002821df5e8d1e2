"""Ingest and search with a translation of the whole Comprehensive Rules added to the real corpus.

    .venv/bin/python bench/translation.py [--corpus DIR] [--repeat N]

Builds, in a temp dir, a corpus directory of links to the real corpus (``--corpus``, default JUDGE_CORPUS_DIR
or ../shared/rules_data: every ``en/`` release and ``ja/`` text) plus a generated
``ja/JPN_CR_<current>_0.txt``:
a translation of the whole current release in the layout of the community's file, with placeholder Japanese
for every rule (tests/rules/ja_cr_files.py ``placeholder_rules``: 「規則903.8の日本語訳。rule 903.9参照。」,
chapter and section titles from rules_data/sections.tsv; no text of a real translation). Then, each in its
own process (fresh SQLite database, migrated; fresh index directory; DATABASE_URL and JUDGE_INDEX_DIR set as
bench/ingest.py does):

- ingest without the translation (the real corpus alone: for comparison) and with it, first ingest, timed:
  total seconds, the ingest's own stages, peak resident memory, documents in the search index;
- search on the index with the translation, through ``judge.search.service.search`` (as bench/search.py's
  ``search()`` rows), over QUERIES (Japanese questions with ``ui_lang="ja"``, English ones with "en"):
  the first search of a fresh process without the warm-up (the dictionary, the index and its caches loaded
  by that one query); the warm-up (``judge.search.warm.warm``, what judge/wsgi.py does when a worker
  starts); the first request of each query after the warm-up (cold for that query: its postings, analysis
  and snippets met for the first time); warm: the fastest of N runs of each. p50/p95/max in wall-clock and CPU
  time
  (``time.process_time``: on a shared machine wall time also counts waiting for a core).

It also prints what the index holds per Japanese document and status, and the first hits of a few queries
(the whole translation of the current release, status current, for a Japanese reader). No assertions: it
prints the numbers for bench/translation.md.
"""

from __future__ import annotations

import argparse
import collections
import gc
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ingest import peak_mb  # noqa: E402  (the sibling benches: bench/ingest.py, bench/search.py)
from ingest import run_phase as run_script_phase  # noqa: E402
from search import fresh_process_state, percentile  # noqa: E402
from search import timed_with_cpu as timed  # noqa: E402


def run_phase(phase: str, work: Path, args: list[str]) -> dict[str, object]:
    """One phase of this bench in a fresh process (bench/ingest.py's run_phase)."""
    return run_script_phase(phase, work, args, script=Path(__file__))


JAPANESE = [
    "統率者税",
    "統率者ダメージ",
    "統率者が墓地に置かれたら",
    "共有チーム・ターン",
    "固有色",
    "次元ダイス",
    "多人数戦",
    "ゲームから除外",
    "双頭巨人戦 ライフ",
    "初期ライフ総量 統率者戦",
    "影響範囲限定",
    "防御プレイヤー 複数への攻撃",
    "マリガン",
    "統率領域 唱える",
    "文明",
    # words of every placeholder rule: the largest Japanese posting lists the index has
    "日本語訳",
    "規則 参照",
]
ENGLISH = [
    "commander tax",
    "commander damage",
    "player leaves the game",
    "shared team turns",
    "color identity",
    "planar die",
    "two-headed giant combat damage",
    '"command zone"',
    "exile OR graveyard",
    "limited range of influence",
    "monarch",
    "initiative",
    "mulligan",
    "attack multiple players",
    "commander -tax",
]
QUERIES = [(q, "ja") for q in JAPANESE] + [(q, "en") for q in ENGLISH]
SHOWN = ("統率者が墓地に置かれたら", "日本語訳", "commander tax")


def corpus_with_translation(root: Path, corpus: Path, *, translation: bool) -> Path:
    """A corpus directory of links to ``corpus``'s files, plus (``translation``) a generated whole translation
    of its current release."""
    from judge.parsing.corpus import parse_file
    from judge.parsing.records import RuleKind, RulesDocument
    from judge.parsing.terms_table import load_section_titles, section_title_index, section_title_ja
    from tests.rules.ja_cr_files import placeholder_rules, write_ja_cr

    for sub in ("en", "ja"):
        (root / sub).mkdir(parents=True, exist_ok=True)
        for path in sorted((corpus / sub).glob("*.txt")):
            (root / sub / path.name).symlink_to(path.resolve())
    newest = sorted((corpus / "en").glob("MagicCompRules *.txt"), key=lambda p: p.stem.split()[-1])[-1]
    if translation:
        current = parse_file(newest)
        assert isinstance(current, RulesDocument)
        index = section_title_index(load_section_titles())
        titles = {
            r.number: title
            for r in current.rules
            if r.kind in (RuleKind.CHAPTER, RuleKind.SECTION)
            and (title := section_title_ja(index, r.number, r.title))
        }
        rules, examples = placeholder_rules(current, titles)
        write_ja_cr(root, current.version, rules, examples=examples)
    return root


def phase_main(phase: str, work: Path, directory: Path | None, repeat: int) -> None:
    import django

    django.setup()
    if phase == "migrate":
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        print(json.dumps({"peak_mb": peak_mb()}))
    elif phase == "ingest":
        from judge.rules.ingest import ingest_corpus

        assert directory is not None
        start = time.perf_counter()
        report = ingest_corpus(corpus_dir=directory, index_root=work / "index")
        seconds = time.perf_counter() - start
        from judge.search.index import open_live

        meta = open_live(work / "index").meta
        print(
            json.dumps(
                {
                    "seconds": seconds,
                    "stages": report.seconds,
                    "peak_mb": peak_mb(),
                    "versions": len(report.versions),
                    "documents": meta["count"],
                    "japanese": meta.get("field_docs", {}).get("ja", 0),
                    "translations": report.translations,
                }
            )
        )
    elif phase == "search":
        print(json.dumps(search_times(work / "index", repeat)))


def search_times(root: Path, repeat: int) -> dict[str, object]:
    from judge.search import service
    from judge.search.index import open_live
    from judge.search.warm import warm as warm_up_index

    start, start_cpu = time.perf_counter(), time.process_time()
    service.search("統率者税", root=root, ui_lang="ja")
    no_warm_up = ((time.perf_counter() - start) * 1000, (time.process_time() - start_cpu) * 1000)
    # A fresh process state again: forget the Japanese dictionary, the open index and its caches, so that the
    # warm-up loads them all.
    fresh_process_state(root)
    start = time.perf_counter()
    warm_up_index(root)
    warm_up = time.perf_counter() - start
    gc.freeze()  # as judge/wsgi.py does after the warm-up
    first = [timed(lambda q=q, ui=ui: service.search(q, root=root, ui_lang=ui), 1) for q, ui in QUERIES]
    warm = [timed(lambda q=q, ui=ui: service.search(q, root=root, ui_lang=ui), repeat) for q, ui in QUERIES]
    live = open_live(root)
    statuses = collections.Counter(
        f"{doc} {status or '-'}"
        for doc, status, lang in zip(live.column("doc"), live.column("status"), live.langs(), strict=True)
        if lang == "ja"
    )
    shown = {
        f"{q} (ui={ui})": [
            f"{h.rule} {h.lang} {h.doc} {h.status or '-'}"
            for h in service.search(q, root=root, ui_lang=ui, limit=5).hits
        ]
        for q in SHOWN
        for ui in ("ja", "en")
    }
    return {
        "no_warm_up_ms": no_warm_up,
        "warm_up_s": warm_up,
        "first_ms": [t for t, _ in first],
        "first_cpu_ms": [c for _, c in first],
        "warm_ms": [t for t, _ in warm],
        "warm_cpu_ms": [c for _, c in warm],
        "statuses": dict(sorted(statuses.items())),
        "shown": shown,
        "queries": [q for q, _ in QUERIES],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--corpus",
        type=Path,
        default=Path(os.environ.get("JUDGE_CORPUS_DIR", ROOT.parent / "shared" / "rules_data")),
    )
    parser.add_argument(
        "--repeat", type=int, default=5, help="runs per query for the warm rows; the fastest counts"
    )
    parser.add_argument("--phase", help=argparse.SUPPRESS)
    parser.add_argument("--work", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--dir", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.phase:
        phase_main(args.phase, args.work, args.dir, args.repeat)
        return

    corpus = args.corpus.resolve()
    print(f"corpus: {corpus}; load average before: {os.getloadavg()[0]:.2f}, cores: {os.cpu_count()}")
    temp = Path(tempfile.mkdtemp(prefix="bench-translation-"))
    try:
        results: dict[str, dict[str, object]] = {}
        for name, translation in (("without the translation", False), ("with the translation", True)):
            work = temp / ("with" if translation else "without")
            work.mkdir()
            directory = corpus_with_translation(work / "corpus", corpus, translation=translation)
            run_phase("migrate", work, [])
            results[name] = run_phase("ingest", work, ["--dir", str(directory)])
        generated = sorted((temp / "with" / "corpus" / "ja").glob("JPN_CR_*.txt"))[0]
        print(f"generated {generated.name}: {generated.stat().st_size / 1e6:.1f} MB")
        for name, result in results.items():
            stages = ", ".join(f"{k} {v:.1f}" for k, v in dict(result["stages"]).items())  # type: ignore[call-overload]
            print(
                f"ingest {name:24} {result['seconds']:6.1f} s  peak {result['peak_mb']:4.0f} MB  "
                f"{result['versions']} releases, index {result['documents']} documents "
                f"({result['japanese']} Japanese)  [{stages} s]"
            )
        print(
            "translations: "
            + "; ".join(f"{k}: {v}" for k, v in dict(results["with the translation"]["translations"]).items())
        )  # type: ignore[call-overload]

        print(
            f"\nsearch, {len(QUERIES)} queries ({len(JAPANESE)} Japanese, ui=ja; {len(ENGLISH)} English, "
            "ui=en), "
            "judge.search.service.search; the index without the translation for comparison:"
        )
        measured: dict[str, dict[str, object]] = {}
        for name, work in (
            ("with the translation", temp / "with"),
            ("without the translation", temp / "without"),
        ):
            times = measured[name] = run_phase("search", work, ["--repeat", str(args.repeat)])
            no_warm_wall, no_warm_cpu = times["no_warm_up_ms"]  # type: ignore[misc]
            print(
                f"\n{name}: first search of a fresh process, no warm-up: {no_warm_wall:.0f} ms "
                f"(CPU {no_warm_cpu:.0f} ms); warm-up: {times['warm_up_s']:.1f} s"
            )
            print(f"{'':34} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
            for label, key in (
                ("first request after the warm-up", "first_ms"),
                ("  CPU time", "first_cpu_ms"),
                (f"warm (fastest of {args.repeat})", "warm_ms"),
                ("  CPU time", "warm_cpu_ms"),
            ):
                values: list[float] = list(times[key])  # type: ignore[call-overload]
                print(
                    f"{label:34} {percentile(values, 50):8.2f} {percentile(values, 95):8.2f} "
                    f"{max(values):8.2f}"
                )
            queries: list[str] = list(times["queries"])  # type: ignore[call-overload]
            slow = sorted(zip(times["first_ms"], queries, strict=True), reverse=True)[:3]  # type: ignore[call-overload]
            print("slowest first requests: " + ", ".join(f"{q!r} {ms:.1f} ms" for ms, q in slow))
            slow = sorted(zip(times["warm_ms"], queries, strict=True), reverse=True)[:3]  # type: ignore[call-overload]
            print("slowest warm: " + ", ".join(f"{q!r} {ms:.1f} ms" for ms, q in slow))
        times = measured["with the translation"]
        print(
            "\nwith the translation: Japanese documents in the index, by document and status: "
            + ", ".join(f"{k} {v}" for k, v in dict(times["statuses"]).items())
        )  # type: ignore[call-overload]
        for q, hits in dict(times["shown"]).items():  # type: ignore[call-overload]
            print(f"  {q}: " + " | ".join(hits))
        print(f"load average (1, 5, 15 min) at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    finally:
        shutil.rmtree(temp, ignore_errors=True)


if __name__ == "__main__":
    main()
