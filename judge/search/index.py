"""Activate and open the whoosh index (:mod:`judge.search.build` builds one).

Layout under the index root::

    LIVE              the name of the live index (replaced atomically)
    gen-12/           a complete index + meta.json
    gen-11/           the previous one, kept for requests still reading it

``judge.search.build.build_index`` writes a new directory beside the live one (never
touching it), ``activate`` flips the pointer with ``os.replace``, and ``open_live`` notices a
flip with one ``stat`` per query and reopens.

Everything a search reads is loaded once per process and index generation and kept on
the :class:`LiveIndex`: one whoosh searcher (opening one costs about 12 ms, so it is
never made per request or per thread), the decoded postings, the documents' stored
fields and columns, and the spelling vocabulary. ``warm`` loads all of it up front, so
that the first search a worker answers is as fast as any other.
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from whoosh import index as whoosh_index
from whoosh import scoring
from whoosh.searching import Searcher

from judge.search.documents import SearchDoc, SourceKind
from judge.search.evaluate import PostingCache

POINTER = "LIVE"
META = "meta.json"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$")
INDEX_FORMAT = (
    4  # 3: meta.json has field_docs (BM25 statistics per field) and cites; 4: status, aligned, cr_number
)


BM25_B = float(os.environ.get("JUDGE_BM25_B", "0.75"))
BM25_K1 = float(os.environ.get("JUDGE_BM25_K1", "1.2"))
LEAD_B = float(os.environ.get("JUDGE_LEAD_B", "0.0"))  # opening with the words counts, not its length


class FieldBM25F(scoring.BM25F):  # type: ignore[misc]
    """BM25F whose statistics are those of the documents that have the field.

    whoosh divides by every document of the index: the average length of the Japanese fields
    came out ~80 times too small (186 Japanese sections among 15 000 documents), so a Japanese
    section looked ~80 times longer than average and a word in it scored a fraction of the same
    word in an English rule; a Japanese query lost to its own English expansion. Here a field's
    document count (``field_docs``: the Japanese sections for ``ja``, one CR version's rules for
    ``en_20260116``) gives its IDF and its average length, so the two languages score alike.
    """

    def __init__(self, field_docs: dict[str, int], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.field_docs = field_docs

    def documents(self, searcher: Searcher, fieldname: str) -> int:
        return self.field_docs.get(fieldname) or searcher.doc_count_all() or 1

    def idf(self, searcher: Searcher, fieldname: str, text: str) -> float:
        return (
            math.log(self.documents(searcher, fieldname) / (searcher.doc_frequency(fieldname, text) + 1)) + 1
        )

    def scorer(self, searcher: Searcher, fieldname: str, text: str, qf: int = 1) -> Any:
        found = super().scorer(searcher, fieldname, text, qf=qf)
        if isinstance(found, scoring.BM25FScorer):
            found.avgfl = (
                searcher.get_parent().field_length(fieldname) / self.documents(searcher, fieldname) or 1
            )
            found.setup(searcher, fieldname, text)  # its best score, with that average
        return found


def weighting(versions: Iterable[str] = (), field_docs: dict[str, int] | None = None) -> FieldBM25F:
    """BM25F over each field's own documents; the first-sentence fields may get their own B.
    See docs/search-analyzer.md."""
    per_field = {f"lead_{v}_B": LEAD_B for v in versions}
    return FieldBM25F(field_docs or {}, B=BM25_B, K1=BM25_K1, ja_lead_B=LEAD_B, **per_field)


class IndexNotReady(RuntimeError):
    """No live index under the root yet: run the ingest (python manage.py ingest)."""


def check_name(name: str) -> None:
    """Refuse a name an index directory may not have (only the pointer's own is reserved)."""
    if not _NAME.match(name) or name == POINTER:
        raise ValueError(f"bad index name {name!r}: letters, digits, '.', '_' and '-' only")


def live_name(root: Path) -> str | None:
    try:
        return (root / POINTER).read_text(encoding="utf-8").strip() or None
    except FileNotFoundError:
        return None


def activate(root: Path, name: str) -> None:
    """Make ``root/name`` the live index; keep the one it replaces, remove older complete indexes."""
    check_name(name)
    if not (root / name / META).is_file():
        raise ValueError(f"no complete index named {name!r} under {root}")
    previous = live_name(root)
    temp = root / f".{POINTER}.{os.getpid()}.{threading.get_ident()}"
    temp.write_text(name, encoding="utf-8")
    os.replace(temp, root / POINTER)
    keep = {name, previous}
    for path in root.iterdir():
        if (
            path.is_dir()
            and path.name not in keep
            and not path.name.startswith(".")
            and (path / META).is_file()
        ):
            shutil.rmtree(path, ignore_errors=True)


@dataclass
class LiveIndex:
    """The live index of one root and everything read from it, kept for the life of the generation.

    The whoosh searcher is shared: reading it from several threads is serialised by
    ``postings.lock`` (searches read the caches below; the searcher only on a miss).
    """

    root: Path
    name: str
    stamp: tuple[int, int, int]
    meta: dict[str, Any]
    index: Any
    _searcher: Searcher | None = field(default=None, repr=False)
    _columns: dict[str, list[str]] = field(default_factory=dict, repr=False)
    _docs: dict[int, SearchDoc] = field(default_factory=dict, repr=False)
    _docsets: dict[tuple[str, ...], set[int]] = field(default_factory=dict, repr=False)
    _rules: dict[str, list[str]] = field(default_factory=dict, repr=False)
    # Decoded postings (judge.search.evaluate), kept for the life of this index generation.
    postings: PostingCache = field(default_factory=PostingCache, repr=False)
    # Built from this generation by other modules (the spelling vocabulary): name -> object.
    extras: dict[object, Any] = field(default_factory=dict, repr=False)

    @property
    def current_version(self) -> str:
        return str(self.meta.get("current", ""))

    @property
    def versions(self) -> list[str]:
        return list(self.meta.get("versions", []))

    @property
    def lock(self) -> threading.RLock:
        return self.postings.lock

    def searcher(self) -> Searcher:
        """The generation's one searcher (hold ``lock`` while reading it from a request)."""
        if self._searcher is None:
            with self.lock:
                if self._searcher is None:
                    self._searcher = self.index.searcher(
                        weighting=weighting(self.versions, self.meta.get("field_docs"))
                    )
        return self._searcher

    def docset(self, fieldname: str, value: str) -> set[int]:
        """Document numbers with ``value`` in an ID field (cached: never mutate the set)."""
        key = (fieldname, value)
        cached = self._docsets.get(key)
        if cached is None:
            with self.lock:
                reader = self.searcher().reader()
                cached = (
                    set(reader.postings(fieldname, value).all_ids())
                    if (fieldname, value) in reader
                    else set()
                )
            if len(self._docsets) < 256:  # doc: and version: values come from users
                self._docsets[key] = cached
        return cached

    def allowed(self, *, lang: str, version: str, docs: tuple[str, ...] = ()) -> set[int]:
        """The documents a search sees: Japanese ones and the English ones of one CR version, maybe
        only some documents. A set of document numbers (cached: never mutate)."""
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

    def column(self, name: str) -> list[str]:
        """A sortable field's value for every document number (group, lang, kind, rule, version, status,
        doc)."""
        found = self._columns.get(name)
        if found is None:
            with self.lock:
                reader = self.searcher().reader()
                column = reader.column_reader(name)
                found = self._columns[name] = [column[n] for n in range(reader.doc_count_all())]
        return found

    def groups(self) -> list[str]:
        """Merge key of every document number (for exact totals after merging languages)."""
        return self.column("group")

    def langs(self) -> list[str]:
        """Language of every document number (merging without reading stored fields)."""
        return self.column("lang")

    def doc(self, docnum: int) -> SearchDoc:
        """The stored document (read once per generation)."""
        found = self._docs.get(docnum)
        if found is None:
            with self.lock:
                found = self._docs[docnum] = _doc(self.searcher().stored_fields(docnum))
        return found

    def rules(self, version: str) -> list[str]:
        """Every CR rule number of an English version, in the rules' order."""
        found = self._rules.get(version)
        if found is None:
            from judge.engine.rule_numbers import sort_key

            numbers = {
                rule
                for rule, lang, v in zip(
                    self.column("rule"), self.langs(), self.column("version"), strict=True
                )
                if rule and lang == "en" and v == version
            }
            found = self._rules[version] = sorted(numbers, key=sort_key)
        return found

    def warm(self) -> None:
        """Load everything a search of the current version reads (about a second, once per generation)."""
        for name in ("group", "lang", "kind", "rule", "version", "status", "doc"):
            self.column(name)
        self.rules(self.current_version)
        current = self.allowed(lang="all", version=self.current_version)
        for docnum in sorted(current):
            self.doc(docnum)
        self.postings.warm(self.searcher(), search_fields(self.current_version))


def search_fields(version: str) -> list[str]:
    """The text fields a search of one CR version reads."""
    return [f"en_{version}", f"lead_{version}", "ja", "jagram", "ja_lead", "ja_en", "rule_ja"]


def _doc(fields: dict[str, Any]) -> SearchDoc:
    return SearchDoc(
        key=fields["key"],
        rule=fields.get("cr_number", fields.get("rule")) or None,
        lang=fields["lang"],
        source=fields.get("source", ""),
        doc=fields.get("doc", ""),
        version=fields.get("version", ""),
        title=fields.get("title", ""),
        body=fields.get("body", ""),
        examples=tuple(fields.get("examples", ())),
        anchor=fields.get("anchor", ""),
        kind=SourceKind(fields.get("kind") or SourceKind.CR.value),
        doc_title=fields.get("doc_title", ""),
        status=fields.get("status", ""),
        aligned=fields.get("aligned", ""),
    )


_live: dict[Path, LiveIndex] = {}
_lock = threading.Lock()
_warmers: dict[Path, Callable[[LiveIndex], None]] = {}


def keep_warm(root: Path, warm: Callable[[LiveIndex], None]) -> None:
    """Run ``warm`` on every later generation under ``root``, in a background thread, as soon as
    a search opens it (the search that notices a re-ingest is not held up; the ones after it find
    the caches filling)."""
    _warmers[root] = warm


def _stamp(pointer: Path) -> tuple[int, int, int]:
    st = pointer.stat()
    return (st.st_ino, st.st_mtime_ns, st.st_size)


def is_current(root: Path, name: str) -> bool:
    """Was index ``name`` under ``root`` built in the format this code reads (INDEX_FORMAT)?"""
    try:
        meta = json.loads((root / name / META).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(meta, dict) and meta.get("format") == INDEX_FORMAT


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
        if meta.get("format") != INDEX_FORMAT:
            raise IndexNotReady(
                f"the search index {name!r} under {root} was built by an older version: run `python "
                "manage.py ingest`"
            )
        live = LiveIndex(
            root=root, name=name, stamp=stamp, meta=meta, index=whoosh_index.open_dir(str(root / name))
        )
        _live[root] = live
        warm = _warmers.get(root)
        if warm is not None:
            threading.Thread(target=warm, args=(live,), name=f"warm-{name}", daemon=True).start()
        return live
