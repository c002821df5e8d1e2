"""Writes. The ingest is the only writer of the corpus tables.

``ingest_corpus`` parses everything first (pure, no database), then writes a
new :class:`~judge.models.Corpus` generation beside the live one inside a
transaction, builds the search index beside the live index, and only then
flips both to the new generation. Any failure before the flip leaves the
previous data and index serving.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from django.db import transaction

from judge.rules import models
from judge.parsing.corpus import ParsedCorpus, parse_corpus_dir
from judge.parsing.records import DocKind, JaDocument, RulesDocument
from judge.parsing.references import find_references
from judge.parsing.versions import track_renumbering

log = logging.getLogger(__name__)
KEEP_GENERATIONS = 2  # the live one and the one before it, for requests still reading it
_WS = re.compile(r"\s+")


@dataclass
class IngestReport:
    corpus_id: int
    versions: list[str]
    counts: dict[str, int] = field(default_factory=dict)
    # CR version or Japanese document slug -> ["from -> to", ...]: references that name no rule
    unresolved: dict[str, list[str]] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)  # "file:line: problem" read past (official typos)

    @property
    def unresolved_total(self) -> int:
        return sum(len(v) for v in self.unresolved.values())


def _normalise(text: str) -> str:
    return _WS.sub(" ", text).strip()


def _nearest_version(versions: list[str], wanted: str | None) -> str:
    """The ingested CR version a translation is compared with.

    Exactly the version it was translated from when we have it; otherwise the
    one nearest in date (an unknown date compares with the oldest version, as
    the undated blog excerpt predates every other translation).
    """
    if not wanted:
        return versions[0]
    if wanted in versions:
        return wanted
    return min(versions, key=lambda v: abs(int(v) - int(wanted)))


def _rule_rows(
    corpus: models.Corpus, source: models.Source, document: RulesDocument, report: IngestReport
) -> tuple[list[models.Rule], list[models.Citation]]:
    known = {record.number for record in document.rules}
    rules: list[models.Rule] = []
    citations: list[models.Citation] = []
    unresolved: list[str] = []
    for position, record in enumerate(document.rules):
        cited: list[str] = []
        for text in (record.text, *record.examples):
            for reference in find_references(text):
                for number in reference.numbers:
                    if number == record.number or number in cited:
                        continue
                    if number in known:
                        cited.append(number)
                    else:
                        unresolved.append(f"{record.number} -> {number}")
        rules.append(
            models.Rule(
                corpus=corpus,
                source=source,
                version=document.version,
                number=record.number,
                kind=record.kind.value,
                title=record.title,
                text=record.text,
                examples=list(record.examples),
                parent=record.parent or "",
                position=position,
                line=record.line,
                links_to=cited,
            )
        )
        citations.extend(
            models.Citation(corpus=corpus, version=document.version, from_number=record.number, to_number=n)
            for n in cited
        )
    report.unresolved[document.version] = unresolved
    return rules, citations


def _unresolved_glossary(document: RulesDocument, known: set[str]) -> list[str]:
    """Glossary definitions cite rules too ("See rule 903.8"); the glossary page links them."""
    return [
        f"glossary {entry.term!r} -> {number}"
        for entry in document.glossary
        for reference in find_references(entry.definition)
        for number in reference.numbers
        if number not in known
    ]


def _unresolved_ja(
    document: JaDocument, compared: set[str], current: set[str], renumbered: dict[str, str]
) -> list[str]:
    """References in a Japanese document that point at no rule.

    A translation cites the rules of the version it was translated from (``compared``), and
    its links follow that version's renumbering to the current rule; other documents cite
    the current rules.
    """
    out: list[str] = []
    for section in document.sections:
        for text in (section.heading, section.text, *section.details, *section.examples, *section.notes):
            for reference in find_references(text):
                for number in reference.numbers:
                    if number not in compared and renumbered.get(number, number) not in current:
                        out.append(f"{section.anchor} -> {number}")
    return out


def _write_rules_document(corpus: models.Corpus, document: RulesDocument, report: IngestReport) -> None:
    source = models.Source.objects.create(
        corpus=corpus,
        file_name=document.source,
        slug=f"cr-{document.version}",
        lang="en",
        kind=models.Source.Kind.CR,
        title=f"Comprehensive Rules {document.version}",
        version=document.version,
        intro=document.intro,
        meta={"credits": document.credits},
    )
    rules, citations = _rule_rows(corpus, source, document, report)
    models.Rule.objects.bulk_create(rules, batch_size=1000)
    models.Citation.objects.bulk_create(citations, batch_size=2000)
    models.GlossaryTerm.objects.bulk_create(
        [
            models.GlossaryTerm(
                corpus=corpus, version=document.version, term=e.term, definition=e.definition, position=i
            )
            for i, e in enumerate(document.glossary)
        ],
        batch_size=1000,
    )
    report.unresolved[document.version].extend(_unresolved_glossary(document, {r.number for r in document.rules}))
    report.counts[f"rules {document.version}"] = len(rules)
    report.counts[f"glossary {document.version}"] = len(document.glossary)


def _write_ja_document(
    corpus: models.Corpus,
    document: JaDocument,
    parsed: ParsedCorpus,
    renumbered: dict[str, dict[str, str]],
    report: IngestReport,
) -> int:
    by_version = {doc.version: {r.number: r for r in doc.rules} for doc in parsed.rules_documents}
    versions = sorted(by_version)
    current = parsed.current.version
    translation = document.kind is DocKind.CR_TRANSLATION or any(s.cr_number for s in document.sections)
    compared = _nearest_version(versions, document.translated_from) if translation else ""
    report.unresolved[document.slug] = _unresolved_ja(
        document,
        set(by_version[compared or current]),
        set(by_version[current]),
        renumbered.get(compared, {}),
    )
    source = models.Source.objects.create(
        corpus=corpus,
        file_name=document.source,
        slug=document.slug,
        lang=document.lang,
        kind=document.kind.value,
        title=document.title,
        translated_from=document.translated_from or "",
        meta=dict(document.meta),
    )
    rows: list[models.DocSection] = []
    for position, section in enumerate(document.sections):
        aligned = ""
        differs = False
        if section.cr_number:
            old = by_version[compared].get(section.cr_number)
            aligned = renumbered.get(compared, {}).get(section.cr_number, section.cr_number)
            now = by_version[current].get(aligned)
            if now is None:
                aligned, differs = "", True
            elif old is None or aligned != section.cr_number:
                differs = True
            else:
                differs = _normalise(old.text) != _normalise(now.text) or [
                    _normalise(e) for e in old.examples
                ] != [_normalise(e) for e in now.examples]
        rows.append(
            models.DocSection(
                corpus=corpus,
                source=source,
                anchor=section.anchor,
                heading=section.heading,
                text=section.text,
                cr_number=section.cr_number or "",
                number=section.number or "",
                parent=section.parent or "",
                details=list(section.details),
                examples=list(section.examples),
                notes=list(section.notes),
                position=position,
                line=section.line,
                aligned_number=aligned,
                compared_version=compared if section.cr_number else "",
                differs_from_current=differs,
            )
        )
    models.DocSection.objects.bulk_create(rows, batch_size=1000)
    return len(rows)


def _renumberings(parsed: ParsedCorpus) -> dict[str, dict[str, str]]:
    """For each older version, old number -> current number, for rules whose number changed."""
    current = parsed.current
    return {
        doc.version: track_renumbering(doc, current)
        for doc in parsed.rules_documents
        if doc.version != current.version
    }


def _write_generation(parsed: ParsedCorpus) -> tuple[models.Corpus, IngestReport]:
    versions = [doc.version for doc in parsed.rules_documents]
    renumbered = _renumberings(parsed)
    with transaction.atomic():
        corpus = models.Corpus.objects.create(
            is_live=False, current_version=parsed.current.version, versions=versions
        )
        report = IngestReport(corpus_id=corpus.pk, versions=versions)
        report.warnings.extend(str(w) for document in parsed.rules_documents for w in document.warnings)
        for document in parsed.rules_documents:
            _write_rules_document(corpus, document, report)
        models.Renumbering.objects.bulk_create(
            [
                models.Renumbering(corpus=corpus, from_version=version, old_number=old, new_number=new)
                for version, mapping in renumbered.items()
                for old, new in sorted(mapping.items())
            ]
        )
        for ja_document in parsed.ja_documents:
            report.counts[f"sections {ja_document.slug}"] = _write_ja_document(
                corpus, ja_document, parsed, renumbered, report
            )
        report.counts["renumbered"] = sum(len(m) for m in renumbered.values())
        corpus.summary = {
            "counts": report.counts,
            "unresolved": report.unresolved,
            "files": [d.source for d in parsed.rules_documents] + [d.source for d in parsed.ja_documents],
        }
        corpus.save(update_fields=["summary"])
    return corpus, report


def _build_index(parsed: ParsedCorpus, index_root: Path, name: str) -> None:
    from judge.search.documents import documents_from_records
    from judge.search.index import build_index

    build_index(index_root, documents_from_records(parsed.rules_documents, parsed.ja_documents), name=name)


def _activate_index(index_root: Path, name: str) -> None:
    from judge.search.index import activate

    activate(index_root, name)


def ingest_corpus(
    *, corpus_dir: Path, index_root: Path, progress: Callable[[str], None] = lambda message: None
) -> IngestReport:
    """Parse, write and index a corpus directory, then make it live. Raises ParseError on a bad file."""
    progress(f"parsing {corpus_dir}")
    parsed = parse_corpus_dir(corpus_dir)
    progress(f"writing {len(parsed.rules_documents)} CR versions and {len(parsed.ja_documents)} documents")
    corpus, report = _write_generation(parsed)
    name = f"gen-{corpus.pk}"
    try:
        progress("building the search index")
        _build_index(parsed, index_root, name)
    except BaseException:
        corpus.delete()  # never served: it was not live
        raise
    try:
        # The index pointer flips inside the transaction that flips the data: if it fails, the
        # data flip rolls back too, so the data and the index never disagree about what is live.
        with transaction.atomic():
            models.Corpus.objects.filter(is_live=True).update(is_live=False)
            models.Corpus.objects.filter(pk=corpus.pk).update(is_live=True)
            _activate_index(index_root, name)
    except BaseException:
        corpus.delete()
        raise
    _prune_generations()
    return report


def _prune_generations() -> None:
    keep = list(models.Corpus.objects.order_by("-pk").values_list("pk", flat=True)[:KEEP_GENERATIONS])
    live = list(models.Corpus.objects.filter(is_live=True).values_list("pk", flat=True))
    models.Corpus.objects.exclude(pk__in=keep + live).delete()
