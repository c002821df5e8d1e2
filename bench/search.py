"""Search beside SQLite FTS5, in one run: the API, the service function and FTS5 over the same documents and
queries, interleaved, for a query's first ask in a generation and for its repeats; relevance; the search
page beside /healthz; the first requests after a restart.

    .venv/bin/python bench/search.py [corpus_dir] [--index DIR] [--repeat N] [--first-rounds N] [--restarts N]

Parses the corpus with the real parsers, builds the whoosh index (judge.search; or reads the one built under
--index) and, in the same process, SQLite FTS5 over the same SearchDocs (bench/search_fts.py: English with
``porter``, Japanese with ``trigram``). The queries: every query of the project's query sets
(tests/search/relevance.tsv and the Japanese questions of relevance_ja.tsv) plus EXTRA_QUERIES. After the
worker's warm-up (judge.search.warm, gc.freeze() as judge/wsgi.py does), each query in turn through:

- API: ``GET /api/search?q=…&limit=10`` in-process through Django's WSGI handler (what gunicorn calls:
  middleware, view, card look-up, JSON), DEBUG off;
- service: judge.search.service.search() (reader's language English, limit 10);
- FTS5: plain MATCH, bm25, top 10 (no snippets).

"first ask": the answer cache emptied before each API and service call (what a query costs the first time it
is asked in a generation; the index itself is warm), --first-rounds rounds, and the first round alone
("round 1": the later rounds find the phrases, positions and analysis the first one kept); "repeat":
--repeat rounds with the answers kept. Wall clock and CPU time (time.process_time: without the time spent
waiting for a core on a shared machine; the load average is printed). Then relevance (the expected rule in
the top 5, for both engines), ``/ja/search/`` (Japanese questions) interleaved with ``/healthz``, and
--restarts fresh processes loading judge.wsgi and timing their first requests (bench/search_restart.py). No
assertions: the numbers and the ratios against the goals of issue 35 go to bench/search.md.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judge.settings.dev")
os.environ.setdefault("DJANGO_DEBUG", "0")

from bench.search_fts import build_fts, fts_search  # noqa: E402
from bench.search_restart import first_requests  # noqa: E402
from judge.parsing.corpus import parse_corpus_dir  # noqa: E402
from judge.parsing.linking import link_corpus  # noqa: E402
from judge.search.analysis import has_japanese  # noqa: E402
from judge.search.build import build_index  # noqa: E402
from judge.search.documents import SearchDoc, documents_from_records  # noqa: E402
from judge.search.index import activate, live_name, open_live  # noqa: E402
from judge.search.service import search  # noqa: E402
from judge.search.warm import warm  # noqa: E402
from tests.search import test_relevance as relevance  # noqa: E402

EXTRA_QUERIES = [
    "commander",
    "統率者",
    "exile OR graveyard",
    "commander -tax",
    '"command zone"',
    "「統率領域」",
    "blocking creature multiple attackers",
    "ブロック・クリーチャー",
    "teammate priority",
    "チームメイト 優先権",
    "lang:ja 統率者",
    "doc:dtc 統率者",
    "version:20251114 commander tax",
    "monarch",
    "initiative",
    "sideboard wishes",
    "poison counters two-headed giant",
    "デッキ構築",
    "マリガン",
    "unknownword",
]


def relevance_rows() -> list[tuple[str, tuple[str, ...], str]]:
    """The relevance sets the tests use, read by the tests' own reader: tests/search/relevance.tsv (for a
    reader of either language, measured as English) and the Japanese questions of relevance_ja.tsv (for a
    Japanese reader). (query, expected, the reader's language)."""
    return [(query, expected, "en") for query, expected, _note in relevance.rows()] + [
        (query, expected, "ja") for query, expected, _note in relevance.rows(relevance.RELEVANCE_JA)
    ]


def corpus_docs(corpus: Path) -> list[SearchDoc]:
    """The search documents of a corpus, aligned with the current rules as the ingest aligns them (a
    renumbered translation under today's number: the relevance sets expect today's numbers)."""
    parsed = parse_corpus_dir(corpus)
    return documents_from_records(parsed.rules_documents, link_corpus(parsed).documents)


def build_corpus_index(corpus: Path, root: Path) -> list[SearchDoc]:
    docs = corpus_docs(corpus)
    build_index(root, docs, name="bench")
    activate(root, "bench")
    return docs


def percentile(values: Sequence[float], p: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def clock(fn: Callable[[], object]) -> tuple[float, float]:
    """One call's wall-clock and CPU time, in ms."""
    start, start_cpu = time.perf_counter(), time.process_time()
    fn()
    return (time.perf_counter() - start) * 1000, (time.process_time() - start_cpu) * 1000


class Samples(dict[str, list[float]]):
    def add(self, name: str, timing: tuple[float, float]) -> None:
        self.setdefault(name, []).append(timing[0])
        self.setdefault(f"{name}, CPU", []).append(timing[1])

    def p(self, name: str, q: float) -> float:
        return percentile(self[name], q)


def first_asks(
    s: Samples,
    queries: Sequence[str],
    round_: int,
    *,
    empty: Callable[[], None],
    api: Callable[[str], None],
    service: Callable[[str], None],
    fts: Callable[[str], object],
) -> None:
    """One round of first asks (the answer cache emptied, untimed, before each API and service call). Round 1
    alone too: later rounds read what a generation keeps beyond the answers (phrases found, positions
    decoded, a query's analysis)."""
    for q in queries:
        empty()
        timings = {"API": clock(lambda q=q: api(q))}
        empty()
        timings["service"] = clock(lambda q=q: service(q))
        timings["FTS5"] = clock(lambda q=q: fts(q))
        for engine, timing in timings.items():
            s.add(f"{engine}, first ask", timing)
            if round_ == 0:
                s.add(f"{engine}, first ask, round 1", timing)


def main() -> None:
    parser = argparse.ArgumentParser()
    default = Path(os.environ.get("JUDGE_CORPUS_DIR", ROOT.parent / "shared" / "rules_data"))
    parser.add_argument("corpus", nargs="?", type=Path, default=default)
    parser.add_argument("--index", type=Path, help="an index root to build once and reuse across runs")
    parser.add_argument("--repeat", type=int, default=10, help="rounds of repeats (answers kept)")
    parser.add_argument("--first-rounds", type=int, default=3, help="rounds of first asks (cache emptied)")
    parser.add_argument("--restarts", type=int, default=5, help="fresh processes timing their first requests")
    args = parser.parse_args()
    load_at_start = os.getloadavg()
    tmp = tempfile.TemporaryDirectory()
    root = args.index or Path(tmp.name) / "index"
    root.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    if live_name(root) is None:
        docs = build_corpus_index(args.corpus, root)
        print(f"parsed, aligned and indexed {len(docs)} documents in {time.perf_counter() - start:.1f} s")
    else:
        docs = corpus_docs(args.corpus)
        print(f"parsed and aligned {len(docs)} documents; the index under {root} reused")
    database_url = f"sqlite:///{Path(tmp.name) / 'bench.sqlite3'}"
    os.environ.update(JUDGE_INDEX_DIR=str(root), DATABASE_URL=database_url)
    import django
    from django.core.handlers.wsgi import WSGIHandler
    from django.core.management import call_command
    from django.test import RequestFactory

    django.setup()
    from django.conf import settings

    from judge.rules.models import Corpus
    from judge.search.cache import answers

    call_command("migrate", verbosity=0)
    live = open_live(root)
    current = live.current_version
    # A live generation, so /healthz answers 200 as on a site (the pages read no rules from it here).
    Corpus.objects.create(is_live=True, current_version=current, versions=live.versions, index_name=live.name)
    db = build_fts(docs)
    rows = relevance_rows()
    queries = [q for q, _, _ in rows] + EXTRA_QUERIES
    print(f"{len(queries)} queries ({sum(has_japanese(q) for q in queries)} with Japanese)")

    warm_s = clock(lambda: warm(root))[0] / 1000
    gc.freeze()  # as judge/wsgi.py does after the warm-up
    handler, factory = WSGIHandler(), RequestFactory()
    # The same application without the repeat middleware (judge.web.repeats): what the views' own caches
    # leave of a repeat (an answer it does not keep: HEAD, a conditional request, another header).
    full_stack = list(settings.MIDDLEWARE)
    settings.MIDDLEWARE = [m for m in full_stack if not m.endswith(".RepeatAnswerMiddleware")]
    views_only = WSGIHandler()
    settings.MIDDLEWARE = full_stack

    def get(path: str, params: dict[str, str] | None = None, app: WSGIHandler = handler) -> None:
        environ = factory.get(path, params or {}).environ
        statuses: list[str] = []
        b"".join(app(environ, lambda status, headers, *_: statuses.append(status)))
        assert statuses == ["200 OK"], (path, params, statuses)

    def api(q: str, app: WSGIHandler = handler) -> None:
        get("/api/search", {"q": q, "limit": "10"}, app)

    def service(q: str) -> None:
        search(q, root=root, limit=10)

    def empty() -> None:
        answers(open_live(root)).__init__()  # type: ignore[misc]  # every answer forgotten

    django_first = clock(lambda: api("warm-up"))[0]
    s = Samples()
    for round_ in range(args.first_rounds):
        first_asks(
            s,
            queries,
            round_,
            empty=empty,
            api=api,
            service=service,
            fts=lambda q: fts_search(db, q, current),
        )
    for q in queries:
        api(q)
    for _ in range(args.repeat):
        for q in queries:
            s.add("API, repeat", clock(lambda q=q: api(q)))
            s.add("API, repeat, views only", clock(lambda q=q: api(q, views_only)))
            s.add("service, repeat", clock(lambda q=q: service(q)))
            s.add("FTS5, repeat", clock(lambda q=q: fts_search(db, q, current)))
    ja_questions = [q for q, _, ui in rows if ui == "ja"]
    for _ in range(max(1, args.repeat // 2)):
        for q in ja_questions:
            s.add("/ja/search/ page", clock(lambda q=q: get("/ja/search/", {"q": q})))
            s.add("/ja/search/, views only", clock(lambda q=q: get("/ja/search/", {"q": q}, views_only)))
            s.add("/healthz", clock(lambda: get("/healthz")))

    w_ok = f_ok = 0
    by_key = {d.key: d for d in docs}
    for q, expected, ui in rows:
        result = search(q, root=root, limit=5, ui_lang=ui)
        w_ok += any(
            relevance.is_expected(h.rule, h.doc, h.anchor, e) for h in result.hits for e in expected
        ) or (
            result.jump is not None and any(relevance.is_expected(result.jump, "cr", "", e) for e in expected)
        )
        keys = [k for k, _ in fts_search(db, q, current)][:5]
        f_ok += any(
            relevance.is_expected(by_key[k].rule, by_key[k].doc, by_key[k].anchor, e)
            for k in keys
            for e in expected
        )
    restart = first_requests(root, database_url, queries, restarts=args.restarts, per=9)
    report(s, args, len(queries), warm_s, django_first, (w_ok, f_ok, len(rows)), restart, load_at_start)
    tmp.cleanup()


def report(
    s: Samples,
    args: argparse.Namespace,
    n_queries: int,
    warm_s: float,
    django_first: float,
    relevant: tuple[int, int, int],
    restart: dict[str, list[float]],
    load_at_start: tuple[float, float, float],
) -> None:
    print(
        f"\nworker warm-up {warm_s:.1f} s; Django's first request after it {django_first:.1f} ms; "
        f"{n_queries} queries x {args.first_rounds} first-ask rounds, x {args.repeat} repeat rounds, "
        "interleaved"
    )
    print(f"\n{'':34} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'n':>6}")

    def row(name: str, values: Sequence[float]) -> None:
        p50, p95 = percentile(values, 50), percentile(values, 95)
        print(f"{name:34} {p50:8.3f} {p95:8.3f} {max(values):8.3f} {len(values):6}")

    for name in s:
        row(name, s[name])
    for name, key in (
        ("restart: first request", "first"),
        ("restart: first API asks", "api"),
        ("restart: first page", "page"),
    ):
        row(name, restart[f"{key}_ms"])
        row(f"{name}, CPU", restart[f"{key}_cpu"])
    print(f"(restarts: judge.wsgi loaded and warmed in {percentile(restart['load_s'], 50):.1f} s at p50)")

    print("\nratios against the goals of issue 35 (wall clock; CPU time in brackets):")
    goals = []
    for phase, p50_goal, p95_goal in (
        ("repeat", 2.0, 1.0),
        ("first ask", 6.0, 1.5),
        ("first ask, round 1", 6.0, 1.5),
    ):
        for engine in ("API", "service"):
            for q, goal in ((50, p50_goal), (95, p95_goal)):
                ratio = s.p(f"{engine}, {phase}", q) / s.p(f"FTS5, {phase}", q)
                cpu = s.p(f"{engine}, {phase}, CPU", q) / max(s.p(f"FTS5, {phase}, CPU", q), 1e-6)
                goals.append((f"{engine} / FTS5, {phase}, p{q}", ratio, cpu, goal, "x"))
    w_ok, f_ok, n = relevant
    goals.append(("relevance whoosh / FTS5", w_ok / max(f_ok, 1), None, 1.8, "x, at least"))
    for name, label in (("/ja/search/ page", "/ja/search/"), ("/ja/search/, views only", "(views only)")):
        page = s.p(name, 50) / s.p("/healthz", 50)
        page_cpu = s.p(f"{name}, CPU", 50) / s.p("/healthz, CPU", 50)
        goals.append((f"{label} / /healthz, p50", page, page_cpu, 2.5, "x"))
    views = s.p("API, repeat, views only", 50) / s.p("FTS5, repeat", 50)
    views_cpu = s.p("API, repeat, views only, CPU", 50) / s.p("FTS5, repeat, CPU", 50)
    goals.append(("API (views only) / FTS5, repeat, p50", views, views_cpu, 2.0, "x"))
    first, first_cpu = (percentile(restart[key], 95) for key in ("first_ms", "first_cpu"))
    goals.append(("restart: first request p95", first, first_cpu, 10.0, " ms"))
    for name, value, cpu, goal, unit in goals:
        met = value >= goal if "at least" in unit else value <= goal
        extra = f" [{cpu:.2f}]" if cpu is not None else ""
        print(f"  {name:42} {value:7.2f}{extra:9} goal {goal:g}{unit}: {'met' if met else 'NOT met'}")
    print(f"\nrelevance (expected answer in the top 5): whoosh {w_ok}/{n}, FTS5 {f_ok}/{n}")
    start, end = (" ".join(f"{v:.2f}" for v in load) for load in (load_at_start, os.getloadavg()))
    print(f"load average (1, 5, 15 min) at the start: {start}; at the end: {end}")


if __name__ == "__main__":
    main()
