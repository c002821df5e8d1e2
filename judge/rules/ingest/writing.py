"""The rows an ingest writes: a release (its rules, citations and glossary), a Japanese document's sections,
the generation's sources; and the fingerprint every release row carries of the code that wrote it.

A release row is reused by every later ingest of the same file with the same code (judge.rules.ingest), so
the fingerprint covers all the code whose output a row stores: the parsing package and this ingest package.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Iterable, Sequence
from pathlib import Path

from django.db import connection
from django.db import models as dj_models

from judge.parsing.linking import LinkedDocument, LinkedRules
from judge.parsing.records import RulesDocument
from judge.rules import models

# The code whose output a Release row stores: when any of it changes, every file is read again.
FINGERPRINTED = (Path(__file__).resolve().parent.parent.parent / "parsing", Path(__file__).resolve().parent)


@functools.cache
def parser_fingerprint() -> str:
    """SHA-256 over the source of the parsing package and the ingest package: a Release row is reused only
    by the code that wrote it, so a parser fix re-reads every file on the next ingest."""
    digest = hashlib.sha256()
    for root in FINGERPRINTED:
        for path in sorted(root.rglob("*.py")) if root.is_dir() else [root]:
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _insert(model: type[dj_models.Model], fields: Sequence[str], rows: Iterable[tuple[object, ...]]) -> None:
    """Insert many rows with one prepared statement: a release is ~3000 rules and ~2000 citations, and
    building a model instance per row (bulk_create) was most of the time a new release took to write.
    JSON values are adapted by their field, as the ORM would (text on SQLite, jsonb on PostgreSQL)."""
    meta = model._meta
    columns = [meta.get_field(name) for name in fields]
    json_at = [i for i, column in enumerate(columns) if isinstance(column, dj_models.JSONField)]
    quote = connection.ops.quote_name
    sql = (
        f"INSERT INTO {quote(meta.db_table)} ({', '.join(quote(c.column) for c in columns)}) "
        f"VALUES ({', '.join(['%s'] * len(columns))})"
    )

    def prepared(row: tuple[object, ...]) -> list[object]:
        values = list(row)
        for i in json_at:
            values[i] = columns[i].get_db_prep_save(values[i], connection)
        return values

    with connection.cursor() as cursor:
        cursor.executemany(sql, [prepared(row) for row in rows])


def write_release(document: RulesDocument, linked: LinkedRules, digest: str) -> models.Release:
    release = models.Release.objects.create(
        file_name=document.source,
        digest=digest,
        fingerprint=parser_fingerprint(),
        version=document.version,
        numbering=document.numbering.value,
        intro=document.intro,
        credits=document.credits,
        warnings=[w.to_payload() for w in document.warnings],
        unresolved=list(linked.unresolved),
        rule_count=len(document.rules),
        glossary_count=len(document.glossary),
    )
    _insert(
        models.Rule,
        (
            "release",
            "version",
            "number",
            "kind",
            "title",
            "text",
            "examples",
            "parent",
            "position",
            "line",
            "links_to",
        ),
        (
            (
                release.pk,
                document.version,
                rule.record.number,
                rule.record.kind.value,
                rule.record.title,
                rule.record.text,
                list(rule.record.examples),
                rule.record.parent or "",
                position,
                rule.record.line,
                list(rule.links_to),
            )
            for position, rule in enumerate(linked.rules)
        ),
    )
    _insert(
        models.Citation,
        ("release", "from_number", "to_number"),
        ((release.pk, rule.record.number, n) for rule in linked.rules for n in rule.links_to),
    )
    _insert(
        models.GlossaryTerm,
        ("release", "version", "term", "definition", "position", "line"),
        (
            (release.pk, document.version, e.term, e.definition, i, e.line)
            for i, e in enumerate(document.glossary)
        ),
    )
    return release


def document_meta(linked: LinkedDocument) -> dict[str, object]:
    """What a Japanese document says about itself and the release it was compared with, kept in
    ``Source.meta`` (read by ``judge.rules.documents.DocumentInfo``)."""
    document, dating = linked.document, linked.dating
    return {
        "title_en": document.title_en,
        "game": document.game.value,
        "credit": document.credit,
        "date": document.date,
        "date_label": document.date_label,
        "dating": dating.how,
        "compared_version": dating.version,
        "matching_versions": list(dating.matches),
        "placed_by": dating.placed_by,
        "differences": list(dating.differences),
        "moved": [list(pair) for pair in dating.moved],
    }


def dating_line(linked: LinkedDocument) -> str:
    dating = linked.dating
    if dating.how == "declared":
        return f"compared with {dating.version}, the release it names"
    if dating.how == "content":
        return f"compared with {dating.version}: its content matches {', '.join(dating.matches)}"
    moved = dict(dating.moved)
    placed = [f"{old} as {new}" for old, new in dating.moved]
    left = [number for number in dating.differences if number not in moved]
    unplaced = f" except {', '.join(left)}" if left else ""
    unplaced += f"; placed by content: {', '.join(placed)}" if placed else ""
    return (
        f"no ingested release matches: every rule unchecked, placed by the closest ({dating.placed_by})"
        f"{unplaced}"
    )


def write_document(corpus: models.Corpus, linked: LinkedDocument) -> None:
    document = linked.document
    source = models.Source.objects.create(
        corpus=corpus,
        file_name=document.source,
        slug=document.slug,
        lang=document.lang,
        kind=document.kind.value,
        title=document.title_ja,
        translated_from=document.translated_from or "",
        meta={**dict(document.meta), **document_meta(linked)},
    )
    models.DocSection.objects.bulk_create(
        [
            models.DocSection(
                corpus=corpus,
                source=source,
                anchor=aligned.section.anchor,
                heading=aligned.section.heading,
                text=aligned.section.text,
                cr_number=aligned.section.cr_number or "",
                number=aligned.section.number or "",
                parent=aligned.section.parent or "",
                details=list(aligned.section.details),
                examples=list(aligned.section.examples),
                notes=list(aligned.section.notes),
                position=position,
                line=aligned.section.line,
                aligned_number=aligned.aligned_number,
                compared_version=aligned.compared_version,
                differs_from_current=aligned.differs_from_current,
                status=aligned.status.value if aligned.status else "",
            )
            for position, aligned in enumerate(linked.sections)
        ],
        batch_size=1000,
    )


def write_sources(corpus: models.Corpus, releases: Iterable[models.Release]) -> None:
    """The CR files of the generation, for the documents list (their rules are on the releases)."""
    models.Source.objects.bulk_create(
        [
            models.Source(
                corpus=corpus,
                file_name=release.file_name,
                slug=f"cr-{release.version}",
                lang="en",
                kind=models.Source.Kind.CR,
                title=f"Comprehensive Rules {release.version}",
                version=release.version,
            )
            for release in releases
        ]
    )
