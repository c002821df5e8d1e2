"""Build, activate and open the whoosh index.

Layout under the index root::

    LIVE              the name of the live index (replaced atomically)
    gen-12/           a complete index + meta.json
    gen-11/           the previous one, kept for requests still reading it

``build_index`` writes a new directory beside the live one (never touching it),
``activate`` flips the pointer with ``os.replace``, and ``open_live`` notices a
flip with one ``stat`` per query and reopens.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from whoosh import index as whoosh_index
from whoosh import scoring
from whoosh.fields import ID, STORED, TEXT, Schema
from whoosh.searching import Searcher

from judge.search.analysis import bigram_analyzer, english_analyzer, japanese_analyzer
from judge.search.documents import SearchDoc
from judge.search.evaluate import PostingCache

POINTER = "LIVE"
META = "meta.json"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$")
_VOCAB_WORD = re.compile(r"[A-Za-z][A-Za-z'-]{2,}")


BM25_B = float(os.environ.get("JUDGE_BM25_B", "0.75"))
BM25_K1 = float(os.environ.get("JUDGE_BM25_K1", "1.2"))
LEAD_B = float(os.environ.get("JUDGE_LEAD_B", "0.0"))  # opening with the words counts, not its length


def weighting(versions: Iterable[str] = ()) -> scoring.BM25F:
    """BM25F; the first-sentence fields may get their own B. See docs/search-analyzer.md."""
    per_field = {f"lead_{v}_B": LEAD_B for v in versions}
    return scoring.BM25F(B=BM25_B, K1=BM25_K1, ja_lead_B=LEAD_B, **per_field)


class IndexNotReady(RuntimeError):
    """No live index under the root yet: run the ingest (python manage.py ingest)."""


def schema() -> Schema:
    fields = Schema(
        key=ID(stored=True, unique=True),
        group=ID(sortable=True),  # the merge key: "rule:903.8" (both languages) or the key
        rule=ID(stored=True),
        rule_ja=ID,  # the CR number of a Japanese section, searchable as a word
        lang=ID(stored=True, sortable=True),
        doc=ID(stored=True),
        version=ID(stored=True),
        source=STORED,
        title=STORED,
        body=STORED,
        examples=STORED,
        anchor=STORED,
        ja=TEXT(analyzer=japanese_analyzer(), phrase=True),
        jagram=TEXT(analyzer=bigram_analyzer(), phrase=True),
        ja_lead=TEXT(analyzer=japanese_analyzer(), phrase=True),
    )
    # English text: one field per CR version ("en_20260116"), so searching one version never
    # reads the postings of the others.
    fields.add("en_*", TEXT(analyzer=english_analyzer(), phrase=True), glob=True)
    # The first sentence: a rule states its subject first, so a match there ranks higher.
    fields.add("lead_*", TEXT(analyzer=english_analyzer(), phrase=True), glob=True)
    return fields


def group_key(doc: SearchDoc) -> str:
    return f"rule:{doc.rule}" if doc.rule else doc.key


def _fields(doc: SearchDoc) -> dict[str, Any]:
    text = "\n".join((doc.title, doc.body, *doc.examples))
    fields: dict[str, Any] = {
        "key": doc.key,
        "group": group_key(doc),
        "rule": doc.rule or "",
        "lang": doc.lang,
        "doc": doc.doc,
        "version": doc.version,
        "source": doc.source,
        "title": doc.title,
        "body": doc.body,
        "examples": tuple(doc.examples),
        "anchor": doc.anchor,
    }
    lead = first_sentence(doc.body or doc.title)
    if doc.lang == "ja":
        fields["ja"] = text
        fields["jagram"] = text
        fields["ja_lead"] = lead
        if doc.rule:
            fields["rule_ja"] = doc.rule
    else:
        fields[f"en_{doc.version or 'none'}"] = text
        fields[f"lead_{doc.version or 'none'}"] = lead
    return fields


_SENTENCE_END = re.compile(r"(?<=[.!?])\s|(?<=[。!?])")


def first_sentence(text: str) -> str:
    """The first sentence (at most 300 characters).

    >>> first_sentence("When a player leaves the game, it ends. Then more.")
    'When a player leaves the game, it ends.'
    """
    return _SENTENCE_END.split(text.strip(), maxsplit=1)[0][:300]


def _check_name(name: str) -> None:
    if not _NAME.match(name) or name == POINTER:
        raise ValueError(f"bad index name {name!r}: letters, digits, '.', '_' and '-' only")


def _meta(docs: Sequence[SearchDoc]) -> dict[str, Any]:
    versions = sorted({d.version for d in docs if d.lang == "en" and d.version})
    current = versions[-1] if versions else ""
    vocabulary: set[str] = set()
    for d in docs:
        if d.lang == "en" and d.version == current:
            vocabulary.update(w.lower() for w in _VOCAB_WORD.findall(d.body))
    return {
        "format": 1,
        "count": len(docs),
        "versions": versions,
        "current": current,
        "docs": sorted({d.doc for d in docs}),
        "vocabulary": sorted(vocabulary),
    }


def live_name(root: Path) -> str | None:
    try:
        return (root / POINTER).read_text(encoding="utf-8").strip() or None
    except FileNotFoundError:
        return None


def build_index(root: Path, docs: Iterable[SearchDoc], *, name: str) -> Path:
    """Build a complete index in ``root/name`` (replacing a stale, non-live one of that name)."""
    _check_name(name)
    if live_name(root) == name:
        raise ValueError(f"index {name!r} is live: build a new name and activate it")
    root.mkdir(parents=True, exist_ok=True)
    docs = list(docs)
    building = root / f".{name}.building-{os.getpid()}"
    shutil.rmtree(building, ignore_errors=True)
    building.mkdir()
    try:
        ix = whoosh_index.create_in(str(building), schema())
        writer = ix.writer(limitmb=128)
        for doc in docs:
            writer.add_document(**_fields(doc))
        writer.commit()
        ix.close()
        (building / META).write_text(json.dumps(_meta(docs), ensure_ascii=False), encoding="utf-8")
        target = root / name
        if target.exists():
            shutil.rmtree(target)
        os.rename(building, target)
    except BaseException:
        shutil.rmtree(building, ignore_errors=True)
        raise
    return target


def activate(root: Path, name: str) -> None:
    """Make ``root/name`` the live index; keep the one it replaces, remove older complete indexes."""
    _check_name(name)
    if not (root / name / META).is_file():
        raise ValueError(f"no complete index named {name!r} under {root}")
    previous = live_name(root)
    temp = root / f".{POINTER}.{os.getpid()}.{threading.get_ident()}"
    temp.write_text(name, encoding="utf-8")
    os.replace(temp, root / POINTER)
    keep = {name, previous}
    for path in root.iterdir():
        if path.is_dir() and path.name not in keep and not path.name.startswith(".") and (path / META).is_file():
            shutil.rmtree(path, ignore_errors=True)


@dataclass
class LiveIndex:
    """The live index of one root; ``searcher()`` gives each thread its own whoosh searcher."""

    root: Path
    name: str
    stamp: tuple[int, int, int]
    meta: dict[str, Any]
    index: Any
    _local: threading.local = field(default_factory=threading.local, repr=False)
    _groups: list[str] | None = field(default=None, repr=False)
    _langs: list[str] | None = field(default=None, repr=False)
    _docsets: dict[tuple[str, ...], set[int]] = field(default_factory=dict, repr=False)
    # Decoded postings (judge.search.evaluate), kept for the life of this index generation.
    postings: PostingCache = field(default_factory=PostingCache, repr=False)

    @property
    def current_version(self) -> str:
        return str(self.meta.get("current", ""))

    @property
    def versions(self) -> list[str]:
        return list(self.meta.get("versions", []))

    def searcher(self) -> Searcher:
        searcher = getattr(self._local, "searcher", None)
        if searcher is None:
            searcher = self._local.searcher = self.index.searcher(weighting=weighting(self.versions))
        return searcher

    def docset(self, fieldname: str, value: str) -> set[int]:
        """Document numbers with ``value`` in an ID field (cached: never mutate the set)."""
        key = (fieldname, value)
        cached = self._docsets.get(key)
        if cached is None:
            reader = self.searcher().reader()
            cached = set(reader.postings(fieldname, value).all_ids()) if (fieldname, value) in reader else set()
            if len(self._docsets) < 256:  # doc: and version: values come from users
                self._docsets[key] = cached
        return cached

    def allowed(self, *, lang: str, version: str, docs: tuple[str, ...] = ()) -> set[int]:
        """The documents a search sees: Japanese ones and the English ones of one CR version, maybe
        only some documents. A set of document numbers, for whoosh's ``filter=`` (cached: never mutate)."""
        key = ("allowed", lang, version, *docs)
        cached = self._docsets.get(key)
        if cached is not None:
            return cached
        english = self.docset("lang", "en") & self.docset("version", version)
        japanese = self.docset("lang", "ja")
        allowed = japanese if lang == "ja" else english if lang == "en" else japanese | english
        if docs:
            allowed = allowed & set().union(*(self.docset("doc", d) for d in docs))
        if len(self._docsets) < 256:
            self._docsets[key] = allowed
        return allowed

    def groups(self) -> list[str]:
        """Merge key of every document number (for exact totals after merging languages)."""
        if self._groups is None:
            reader = self.searcher().reader()
            column = reader.column_reader("group")
            self._groups = [column[n] for n in range(reader.doc_count_all())]
        return self._groups

    def langs(self) -> list[str]:
        """Language of every document number (merging without reading stored fields)."""
        if self._langs is None:
            reader = self.searcher().reader()
            column = reader.column_reader("lang")
            self._langs = [column[n] for n in range(reader.doc_count_all())]
        return self._langs


_live: dict[Path, LiveIndex] = {}
_lock = threading.Lock()


def _stamp(pointer: Path) -> tuple[int, int, int]:
    st = pointer.stat()
    return (st.st_ino, st.st_mtime_ns, st.st_size)


def open_live(root: Path) -> LiveIndex:
    """The live index under ``root``, reopened when the pointer changed since the last call."""
    pointer = root / POINTER
    try:
        stamp = _stamp(pointer)
    except FileNotFoundError:
        raise IndexNotReady(f"no search index under {root}: run `python manage.py ingest`") from None
    cached = _live.get(root)
    if cached is not None and cached.stamp == stamp:
        return cached
    with _lock:
        cached = _live.get(root)
        if cached is not None and cached.stamp == stamp:
            return cached
        name = live_name(root)
        if name is None or not (root / name / META).is_file():
            raise IndexNotReady(f"the live index {name!r} under {root} is missing")
        meta = json.loads((root / name / META).read_text(encoding="utf-8"))
        live = LiveIndex(
            root=root, name=name, stamp=stamp, meta=meta, index=whoosh_index.open_dir(str(root / name))
        )
        _live[root] = live
        return live
