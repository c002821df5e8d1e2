"""Search latency: whoosh (the app's search) against SQLite FTS5 on the same documents.

    .venv/bin/python bench/search.py [corpus_dir] [--repeat N]

Parses the corpus with the real parsers, builds the whoosh index (judge.search) and,
in the same run, an SQLite FTS5 index of the same SearchDocs (English: porter
unicode61; Japanese: trigram). Then runs every query of tests/search/relevance.tsv
plus the extra queries below (both languages), and prints p50/p95 latency of:

- whoosh query: building the whoosh query and running it (top hits + exact total);
- whoosh full: judge.search.service.search() (that, plus merging, snippets, URLs);
- whoosh full, cold: the same, once, right after emptying the per-process caches (decoded
  postings, analysed snippet texts): the first time a process meets a query's words;
- FTS5: the same queries as plain FTS5 MATCH (AND of words, phrases, bm25 order,
  LIMIT 10, current CR version only); no cross-language terms, merging or snippets.

It also reports how many relevance queries find their expected answer in the top 5
with each engine. No assertions: this prints numbers for docs/search-analyzer.md.
"""

from __future__ import annotations

import argparse
import os
import re
import sqlite3
import sys
import tempfile
import time
import unicodedata
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judge.settings.dev")

from judge.parsing.corpus import parse_corpus_dir  # noqa: E402
from judge.search.analysis import has_japanese, normalize_ja  # noqa: E402
from judge.search.documents import SearchDoc, documents_from_records  # noqa: E402
from judge.search.index import activate, build_index, open_live  # noqa: E402
from judge.search.query import build_query, parse_query  # noqa: E402
from judge.search import highlight  # noqa: E402
from judge.search.service import _run, search  # noqa: E402
from judge.search.terms import load_terms  # noqa: E402
from tests.search import test_relevance as relevance  # noqa: E402

EXTRA_QUERIES = [
    "commander", "統率者", "exile OR graveyard", "commander -tax", '"command zone"', "「統率領域」",
    "blocking creature multiple attackers", "ブロック・クリーチャー", "teammate priority", "チームメイト 優先権",
    "lang:ja 統率者", "doc:dtc 統率者", "version:20251114 commander tax", "monarch", "initiative",
    "sideboard wishes", "poison counters two-headed giant", "デッキ構築", "マリガン", "unknownword",
]


def relevance_rows() -> list[tuple[str, tuple[str, ...]]]:
    """The relevance set the tests use (tests/search/relevance.tsv), read by the tests' own reader."""
    return [(query, expected) for query, expected, _note in relevance.rows()]


# --- SQLite FTS5 --------------------------------------------------------------------------------------

def build_fts(docs: Sequence[SearchDoc]) -> sqlite3.Connection:
    db = sqlite3.connect(":memory:")
    db.execute("CREATE VIRTUAL TABLE en USING fts5(key UNINDEXED, version UNINDEXED, text, tokenize='porter unicode61')")
    db.execute("CREATE VIRTUAL TABLE ja USING fts5(key UNINDEXED, text, tokenize='trigram')")
    for d in docs:
        text = "\n".join((d.title, d.body, *d.examples))
        if d.lang == "ja":
            db.execute("INSERT INTO ja VALUES (?, ?)", (d.key, normalize_ja(text)))
        else:
            db.execute("INSERT INTO en VALUES (?, ?, ?)", (d.key, d.version, text))
    db.commit()
    return db


_FTS_WORD = re.compile(r'"[^"]*"|\S+')


def fts_match(q: str) -> tuple[str, str, str | None]:
    """(English MATCH, Japanese MATCH, version) for a query: words ANDed, phrases kept, filters read."""
    q = unicodedata.normalize("NFKC", q).translate(str.maketrans("「」", '""'))
    en: list[str] = []
    ja: list[str] = []
    version = None
    for token in _FTS_WORD.findall(q):
        if token.startswith(("lang:", "doc:")):
            continue
        if token.startswith("version:"):
            version = token.split(":", 1)[1]
            continue
        negated = token.startswith("-") and len(token) > 1
        body = token.lstrip("-").strip('"')
        if token.strip('"') == "OR" or not body:
            continue
        words = re.findall(r"\w+", body)
        if not words:
            continue
        phrase = '"' + " ".join(words).replace('"', "") + '"'
        target = ja if has_japanese(body) else en
        target.append(("NOT " if negated else "") + phrase)

    def join(parts: list[str]) -> str:
        positive = [p for p in parts if not p.startswith("NOT ")]
        negative = [p for p in parts if p.startswith("NOT ")]
        return " ".join(positive) + ("".join(" " + n for n in negative) if positive else "")
    return join(en), join(ja), version


def fts_search(db: sqlite3.Connection, q: str, current: str) -> list[tuple[str, float]]:
    en, ja, version = fts_match(q)
    rows: list[tuple[str, float]] = []
    if en:
        rows += db.execute(
            "SELECT key, bm25(en) FROM en WHERE en MATCH ? AND version = ? ORDER BY bm25(en) LIMIT 10",
            (en, version or current),
        ).fetchall()
    if ja and all(len(p.strip('"')) >= 3 for p in ja.split()):  # trigram needs 3 characters
        rows += db.execute(
            "SELECT key, bm25(ja) FROM ja WHERE ja MATCH ? ORDER BY bm25(ja) LIMIT 10", (ja,)
        ).fetchall()
    elif ja:
        like = [f"%{normalize_ja(p.strip(chr(34)))}%" for p in ja.split() if not p.startswith("NOT")]
        where = " AND ".join("text LIKE ?" for _ in like) or "0"
        rows += db.execute(f"SELECT key, 0.0 FROM ja WHERE {where} LIMIT 10", like).fetchall()
    return sorted(rows, key=lambda r: r[1])[:10]


# --- timing -------------------------------------------------------------------------------------------

def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def timed(fn: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    default = Path(os.environ.get("JUDGE_CORPUS_DIR", ROOT.parent / "shared" / "rules_data"))
    parser.add_argument("corpus", nargs="?", type=Path, default=default)
    parser.add_argument("--repeat", type=int, default=3, help="runs per query; the fastest counts")
    args = parser.parse_args()

    start = time.perf_counter()
    parsed = parse_corpus_dir(args.corpus)
    docs = documents_from_records(parsed.rules_documents, parsed.ja_documents)
    print(f"parsed {len(docs)} documents in {time.perf_counter() - start:.1f} s")

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        start = time.perf_counter()
        build_index(root, docs, name="bench")
        activate(root, "bench")
        print(f"whoosh index built in {time.perf_counter() - start:.1f} s")
        start = time.perf_counter()
        db = build_fts(docs)
        print(f"FTS5 index built in {time.perf_counter() - start:.1f} s")

        live = open_live(root)
        current = live.current_version
        terms = load_terms()
        rows = relevance_rows()
        queries = [q for q, _ in rows] + EXTRA_QUERIES
        print(f"{len(queries)} queries ({sum(has_japanese(q) for q in queries)} with Japanese)")

        def whoosh_query(q: str) -> None:
            parsed_q = parse_query(q)
            built, _ = build_query(parsed_q, terms=terms, version=parsed_q.version or current)
            if built is not None:
                _run(live, built, limit=50, allow=None)

        search("warm-up 準備", root=root)  # loads the Japanese dictionary, columns and document sets

        def cold(q: str) -> float:
            live.postings.clear()
            highlight._ja_words.cache_clear()
            highlight._en_words.cache_clear()
            return timed(lambda: search(q, root=root), 1)

        w_cold = [cold(q) for q in queries]
        for q in queries:  # warm caches (decoded postings, snippet texts)
            search(q, root=root)
            fts_search(db, q, current)
        w_query = [timed(lambda q=q: whoosh_query(q), args.repeat) for q in queries]
        w_full = [timed(lambda q=q: search(q, root=root), args.repeat) for q in queries]
        fts = [timed(lambda q=q: fts_search(db, q, current), args.repeat) for q in queries]

        print(f"\n{'':24} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
        rows_out = (
            ("whoosh query", w_query), ("whoosh full search()", w_full),
            ("whoosh full, cold", w_cold), ("SQLite FTS5", fts),
        )
        for name, values in rows_out:
            print(f"{name:24} {percentile(values, 50):8.2f} {percentile(values, 95):8.2f} {max(values):8.2f}")
        for name, values in (("whoosh query", w_query), ("whoosh full", w_full)):
            print(
                f"ratio {name} / FTS5: p50 {percentile(values, 50) / percentile(fts, 50):.1f}x, "
                f"p95 {percentile(values, 95) / percentile(fts, 95):.1f}x"
            )
        slow = sorted(zip(w_full, queries), reverse=True)[:5]
        print("slowest full searches: " + ", ".join(f"{q!r} {ms:.1f} ms" for ms, q in slow))

        by_key = {d.key: d for d in docs}
        w_ok = f_ok = 0
        for q, expected in rows:
            result = search(q, root=root, limit=5)
            w_ok += any(
                relevance.is_expected(h.rule, h.doc, h.url.rsplit("#", 1)[-1] if "#" in h.url else "", e)
                for h in result.hits for e in expected
            ) or (result.jump is not None and any(relevance.is_expected(result.jump, "cr", "", e) for e in expected))
            keys = [k for k, _ in fts_search(db, q, current)][:5]
            f_ok += any(
                relevance.is_expected(by_key[k].rule, by_key[k].doc, by_key[k].anchor, e) for k in keys for e in expected
            )
        print(f"\nrelevance (expected answer in the top 5): whoosh {w_ok}/{len(rows)}, FTS5 {f_ok}/{len(rows)}")


if __name__ == "__main__":
    main()
