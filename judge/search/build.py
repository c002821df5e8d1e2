"""Build a new whoosh index beside the live one: its schema, each document's fields and its meta.json.

``build_index`` writes ``root/name`` (never touching the live index) through a hidden
directory renamed into place once complete; :func:`judge.search.index.activate` then
makes it live. ``meta.json`` carries what a search reads besides the postings: the CR
versions, the spelling vocabulary, which rules cite which, and each text field's
document count (the BM25 statistics of :class:`judge.search.index.FieldBM25F`).

>>> from judge.search.documents import SearchDoc
>>> doc = SearchDoc(key="cr-20260116-903.8", rule="903.8", lang="en", source="cr.txt", doc="cr",
...                 version="20260116", title="", body="Tax. More.")
>>> group_key(doc), sorted(_text_fields(doc))
('rule:903.8', ['en_20260116', 'lead_20260116'])
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from whoosh import index as whoosh_index
from whoosh.fields import ID, STORED, TEXT, Schema

from judge.parsing.references import find_references
from judge.search.analysis import (
    bigram_analyzer,
    english_analyzer,
    has_japanese,
    ja_morphemes,
    japanese_analyzer,
    latin_analyzer,
    normalize_ja,
)
from judge.search.documents import SearchDoc
from judge.search.index import INDEX_FORMAT, META, check_name, live_name

_VOCAB_WORD = re.compile(r"[A-Za-z][A-Za-z'-]{2,}")


def schema() -> Schema:
    fields = Schema(
        key=ID(stored=True, unique=True),
        group=ID(sortable=True),  # the merge key: "rule:903.8" (both languages) or the key
        # The current rule a document is or stands beside (SearchDoc.current_rule: a renumbered translation's
        # new number, "" for a deleted one): what a rule number opens and a hit links to.
        rule=ID(stored=True, sortable=True),
        rule_ja=ID,  # the CR number of a Japanese section as its text numbers it, searchable as a word
        cr_number=STORED,  # ... and as SearchDoc.rule gives it back
        # A translated rule's alignment: status (current, changed, renumbered, deleted, unchecked; "") and
        # today's number.
        status=ID(stored=True, sortable=True),
        aligned=STORED,
        lang=ID(stored=True, sortable=True),
        doc=ID(stored=True, sortable=True),
        version=ID(stored=True, sortable=True),
        kind=ID(stored=True, sortable=True),
        source=STORED,
        title=STORED,
        doc_title=STORED,
        body=STORED,
        examples=STORED,
        anchor=STORED,
        ja=TEXT(analyzer=japanese_analyzer(), phrase=True),
        jagram=TEXT(analyzer=bigram_analyzer(), phrase=True),
        ja_lead=TEXT(analyzer=japanese_analyzer(), phrase=True),
        # Latin words inside Japanese text (card names, {CHAOS}, 2vs2) as English stems.
        ja_en=TEXT(analyzer=latin_analyzer(), phrase=True),
    )
    # English text: one field per CR version ("en_20260116"), so searching one version never
    # reads the postings of the others.
    fields.add("en_*", TEXT(analyzer=english_analyzer(), phrase=True), glob=True)
    # The first sentence: a rule states its subject first, so a match there ranks higher.
    fields.add("lead_*", TEXT(analyzer=english_analyzer(), phrase=True), glob=True)
    return fields


def group_key(doc: SearchDoc) -> str:
    """A rule and its translations are one hit: grouped by the current rule they stand for (a renumbered
    translation by today's number); anything else is its own group."""
    rule = doc.current_rule
    return f"rule:{rule}" if rule else doc.key


def _fields(doc: SearchDoc) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "key": doc.key,
        "group": group_key(doc),
        "rule": doc.current_rule or "",
        "cr_number": doc.rule or "",
        "status": doc.status,
        "aligned": doc.aligned,
        "lang": doc.lang,
        "doc": doc.doc,
        "version": doc.version,
        "kind": doc.kind.value,
        "source": doc.source,
        "title": doc.title,
        "doc_title": doc.doc_title,
        "body": doc.body,
        "examples": tuple(doc.examples),
        "anchor": doc.anchor,
        **_text_fields(doc),
    }
    if doc.lang == "ja" and doc.rule:
        fields["rule_ja"] = doc.rule
    return fields


def _text_fields(doc: SearchDoc) -> dict[str, str]:
    """The scored text fields of a document: the Japanese ones, or its CR version's English ones."""
    text = "\n".join((doc.title, doc.body, *doc.examples))
    lead = first_sentence(doc.body or doc.title)
    if doc.lang == "ja":
        return {"ja": text, "jagram": text, "ja_lead": lead, "ja_en": text}
    english = {f"en_{doc.version or 'none'}": text, f"lead_{doc.version or 'none'}": lead}
    if doc.ja_text:  # a judge's document's section: its Japanese title is searched too
        return {**english, "ja": doc.ja_text, "jagram": doc.ja_text, "ja_lead": doc.ja_text}
    return english


_SENTENCE_END = re.compile(r"(?<=[.!?])\s|(?<=[。!?])")


def first_sentence(text: str) -> str:
    """The first sentence (at most 300 characters).

    >>> first_sentence("When a player leaves the game, it ends. Then more.")
    'When a player leaves the game, it ends.'
    """
    return _SENTENCE_END.split(text.strip(), maxsplit=1)[0][:300]


def _meta(docs: Sequence[SearchDoc]) -> dict[str, Any]:
    """Versions, documents, the spelling vocabulary (word -> number of documents using it: English
    words of the current CR, words of the Japanese documents) and how often each rule is cited."""
    versions = sorted({d.version for d in docs if d.lang == "en" and d.version})
    current = versions[-1] if versions else ""
    english: dict[str, int] = {}
    japanese: dict[str, int] = {}
    cited: dict[str, int] = {}
    cites: dict[str, list[str]] = {}
    field_docs: dict[str, int] = {}
    for d in docs:
        text = "\n".join((d.title, d.body, *d.examples))
        for name in _text_fields(d):
            field_docs[name] = field_docs.get(name, 0) + 1
        if d.lang == "en" and d.version == current:
            for word in {w.lower() for w in _VOCAB_WORD.findall(text)}:
                english[word] = english.get(word, 0) + 1
            numbers = sorted({n for ref in find_references(text) for n in ref.numbers if n != d.rule})
            for number in numbers:
                cited[number] = cited.get(number, 0) + 1
            if numbers:
                cites[group_key(d)] = numbers
        elif d.lang == "ja":
            for word in {
                m.text for m in ja_morphemes(normalize_ja(text)) if len(m.text) > 1 and has_japanese(m.text)
            }:
                japanese[word] = japanese.get(word, 0) + 1
    return {
        "format": INDEX_FORMAT,
        "count": len(docs),
        "versions": versions,
        "current": current,
        "docs": sorted({d.doc for d in docs}),
        "vocabulary": dict(sorted(english.items())),
        "ja_vocabulary": dict(sorted(japanese.items())),
        "cited": dict(sorted(cited.items())),  # rule -> how many other rules and glossary entries cite it
        "cites": dict(sorted(cites.items())),  # group (rule:903.9a, a glossary entry) -> the rules it cites
        "field_docs": dict(
            sorted(field_docs.items())
        ),  # text field -> documents that have it (BM25 statistics)
    }


def build_index(root: Path, docs: Iterable[SearchDoc], *, name: str) -> Path:
    """Build a complete index in ``root/name`` (replacing a stale, non-live one of that name)."""
    check_name(name)
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
