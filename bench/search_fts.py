"""SQLite FTS5 over the same search documents, for bench/search.py: English rules with the ``porter``
tokenizer (over ``unicode61``), Japanese sections with ``trigram``; a query's words ANDed, its phrases
kept, its ``version:`` read; bm25 order, top 10. No cross-language terms, merging, snippets, closest matches
or spelling: the plain engine the search is measured against."""

from __future__ import annotations

import re
import sqlite3
import unicodedata
from collections.abc import Sequence

from judge.search.analysis import has_japanese, normalize_ja
from judge.search.documents import SearchDoc


def build_fts(docs: Sequence[SearchDoc]) -> sqlite3.Connection:
    db = sqlite3.connect(":memory:")
    db.execute(
        "CREATE VIRTUAL TABLE en USING fts5(key UNINDEXED, version UNINDEXED, text, tokenize='porter "
        "unicode61')"
    )
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


def fts_search(
    db: sqlite3.Connection, q: str, current: str, *, snippets: bool = False
) -> list[tuple[str, float]]:
    """Top 10 keys by bm25; with ``snippets``, FTS5 also cuts a highlighted snippet of each hit
    (snippet()), which is part of what search() does for every hit."""
    en, ja, version = fts_match(q)
    rows: list[tuple[str, float]] = []
    marks = ", snippet({t}, {column}, '<mark>', '</mark>', '…', 24)" if snippets else ""
    if en:
        rows += [
            r[:2]
            for r in db.execute(
                f"SELECT key, bm25(en){marks.format(t='en', column=2)} FROM en WHERE en MATCH ? AND version "
                "= ? "
                "ORDER BY bm25(en) LIMIT 10",
                (en, version or current),
            ).fetchall()
        ]
    if ja and all(len(p.strip('"')) >= 3 for p in ja.split()):  # trigram needs 3 characters
        rows += [
            r[:2]
            for r in db.execute(
                f"SELECT key, bm25(ja){marks.format(t='ja', column=1)} FROM ja WHERE ja MATCH ? ORDER BY "
                "bm25(ja) LIMIT 10",
                (ja,),
            ).fetchall()
        ]
    elif ja:
        like = [f"%{normalize_ja(p.strip(chr(34)))}%" for p in ja.split() if not p.startswith("NOT")]
        where = " AND ".join("text LIKE ?" for _ in like) or "0"
        rows += db.execute(f"SELECT key, 0.0 FROM ja WHERE {where} LIMIT 10", like).fetchall()
    return sorted(rows, key=lambda r: r[1])[:10]
