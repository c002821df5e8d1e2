"""Where a search's time goes, per stage: the API and the search page, profiled in-process.

    .venv/bin/python bench/search_profile.py [corpus_dir] [--index DIR] [--rounds N]

Builds the whoosh index of the corpus (or reads the one under --index), warms it as a worker does
(judge.search.warm), then sends every query of the relevance sets through Django's WSGI handler under
cProfile: ``GET /api/search`` (reader's language English and Japanese) and ``/ja/search/``, once with an
empty answer cache (each query's first ask in the generation) and --rounds more times (repeats). Prints the
inclusive time of each stage per request (middleware and handler, view, card lookup, search(), parsing and
analysis, whoosh matching, ranking, snippets, linking, JSON, template), in ms, for misses and repeats.
No assertions: the numbers go to bench/search.md. cProfile slows Python code several times over; read the
shares, not the absolute times (bench/search.py measures those).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judge.settings.dev")

# (label, file suffix, function name): the stages, outermost first.
STAGES = (
    ("handler (middleware, URL, view)", "django/core/handlers/base.py", "get_response"),
    ("repeat answered from memory", "judge/web/repeats.py", "__call__"),
    ("view: API", "judge/rules/search_views.py", "search_api"),
    ("view: page", "judge/rules/search_views.py", "search_page"),
    ("card data stamp (database)", "judge/web/card_finder.py", "card_data_stamp"),
    ("cards named (kept per stamp)", "judge/web/card_finder.py", "find_cards"),
    ("answer card", "judge/rules/search_views.py", "answer_card"),
    ("search() incl. cache", "judge/search/service.py", "search"),
    ("search() miss", "judge/search/service.py", "_search"),
    ("parse query", "judge/search/query.py", "parse_query"),
    ("named kinds", "judge/search/ranking.py", "named_kinds"),
    ("build query (analysis)", "judge/search/query_builder.py", "build_query"),
    ("whoosh matching", "judge/search/matching.py", "find_matches"),
    ("spelling", "judge/search/service.py", "_respelling"),
    ("ranking and merging", "judge/search/ranking.py", "ranked_hits"),
    ("snippets (highlighting)", "judge/search/highlight.py", "snippet"),
    ("links (hit URLs)", "judge/web/citations.py", "linked_hits"),
    ("JSON payload", "judge/web/citations.py", "search_answer"),
    ("JSON encoding", "judge/web/json_api.py", "json_response"),
    ("template render", "django/template/base.py", "render"),
)


def stage_times(stats: pstats.Stats, requests: int) -> dict[str, float]:
    """Inclusive ms per request of each stage (the outermost call of a recursive function counts)."""
    out: dict[str, float] = {}
    raw = stats.stats  # type: ignore[attr-defined]
    for label, suffix, name in STAGES:
        total = 0.0
        for (file, _line, func), (_cc, _nc, _tt, ct, _callers) in raw.items():
            if func == name and file.replace(os.sep, "/").endswith(suffix):
                total = max(total, ct)  # a template's nested render() calls: the outermost one
        out[label] = total * 1000 / requests
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    default = Path(os.environ.get("JUDGE_CORPUS_DIR", ROOT.parent / "shared" / "rules_data"))
    parser.add_argument("corpus", nargs="?", type=Path, default=default)
    parser.add_argument("--index", type=Path, help="an index root already built (skips the build)")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    tmp = tempfile.TemporaryDirectory()
    root = args.index or Path(tmp.name)
    os.environ["JUDGE_INDEX_DIR"] = str(root)
    os.environ["DATABASE_URL"] = f"sqlite:///{Path(tmp.name) / 'bench.sqlite3'}"
    import django

    django.setup()
    from django.core.handlers.wsgi import WSGIHandler
    from django.core.management import call_command
    from django.test import RequestFactory

    from judge.search import cache
    from judge.search.index import open_live
    from judge.search.warm import warm
    from tests.search import test_relevance as relevance

    call_command("migrate", verbosity=0)
    if args.index is None:
        from bench.search import build_corpus_index

        build_corpus_index(args.corpus, root)
    warm(root)
    handler, factory = WSGIHandler(), RequestFactory()
    queries = [q for q, _, _ in relevance.rows()] + [q for q, _, _ in relevance.rows(relevance.RELEVANCE_JA)]

    def request(path: str, params: dict[str, str]) -> None:
        environ = factory.get(path, params).environ
        b"".join(handler(environ, lambda status, headers, *_: None))

    kinds = (
        ("API, ui=en", "/api/search", {"ui": "en"}),
        ("API, ui=ja", "/api/search", {"ui": "ja"}),
        ("page /ja/search/", "/ja/search/", {}),
    )
    request("/api/search", {"q": "warm-up"})
    print(f"{len(queries)} queries; ms per request, inclusive, under cProfile")
    for name, path, extra in kinds:
        for phase, rounds in (("first ask", 1), ("repeat", args.rounds)):
            if phase == "first ask":
                open_live(root).extras.pop("answers", None)  # an empty answer cache: every query a miss
            profile = cProfile.Profile()
            profile.enable()
            for _ in range(rounds):
                for q in queries:
                    request(path, {"q": q, **extra})
            profile.disable()
            times = stage_times(pstats.Stats(profile), rounds * len(queries))
            shown = ", ".join(f"{label} {ms:.2f}" for label, ms in times.items() if ms >= 0.005)
            print(f"\n{name}, {phase}: {shown}")
    answers = cache.answers(open_live(root))
    print(f"\nanswer cache: {len(answers)} answers, {answers.bytes / 1024:.0f} KiB")
    tmp.cleanup()


if __name__ == "__main__":
    main()
