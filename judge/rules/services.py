"""Writes. The ingest is the only writer of the corpus tables.

``ingest_corpus`` reads one way down: parse (judge.parsing), link (references,
renumbering and translation alignment: judge.parsing.linking), both pure and
without a database; then write the linked records as a new
:class:`~judge.rules.models.Corpus` generation beside the live one inside a
transaction, and build the search index beside the live index. Only then are
both flipped to the new generation: any failure before the flip leaves the
previous data and index serving.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from django.db import transaction

from judge.parsing.corpus import ParsedCorpus, parse_corpus_dir
from judge.parsing.linking import LinkedCorpus, LinkedDocument, LinkedRules, link_corpus
from judge.rules import models

KEEP_GENERATIONS = 2  # the live one and the one before it, for requests still reading it


@dataclass
class IngestReport:
    corpus_id: int
    versions: list[str]
    counts: dict[str, int] = field(default_factory=dict)
    # CR version or Japanese document slug -> ["from -> to", ...]: references that name no rule
    unresolved: dict[str, list[str]] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)  # "file:line: problem" read past (official typos)
    translations: dict[str, str] = field(default_factory=dict)  # document slug -> the release it was compared with
    skipped: list[str] = field(default_factory=list)  # "file:line: problem" of files left out

    @property
    def unresolved_total(self) -> int:
        return sum(len(v) for v in self.unresolved.values())


def _write_rules(corpus: models.Corpus, linked: LinkedRules) -> None:
    document = linked.document
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
    models.Rule.objects.bulk_create(
        [
            models.Rule(
                corpus=corpus,
                source=source,
                version=document.version,
                number=rule.record.number,
                kind=rule.record.kind.value,
                title=rule.record.title,
                text=rule.record.text,
                examples=list(rule.record.examples),
                parent=rule.record.parent or "",
                position=position,
                line=rule.record.line,
                links_to=list(rule.links_to),
            )
            for position, rule in enumerate(linked.rules)
        ],
        batch_size=1000,
    )
    models.Citation.objects.bulk_create(
        [
            models.Citation(corpus=corpus, version=document.version, from_number=rule.record.number, to_number=n)
            for rule in linked.rules
            for n in rule.links_to
        ],
        batch_size=2000,
    )
    models.GlossaryTerm.objects.bulk_create(
        [
            models.GlossaryTerm(
                corpus=corpus, version=document.version, term=e.term, definition=e.definition, position=i
            )
            for i, e in enumerate(document.glossary)
        ],
        batch_size=1000,
    )


def document_meta(linked: LinkedDocument) -> dict[str, object]:
    """What a Japanese document says about itself and the release it was compared with, kept in
    ``Source.meta`` (read by ``selectors.DocumentInfo``)."""
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
    }


def _dating_line(linked: LinkedDocument) -> str:
    dating = linked.dating
    if dating.how == "declared":
        return f"compared with {dating.version}, the release it names"
    if dating.how == "content":
        return f"compared with {dating.version}: its content matches {', '.join(dating.matches)}"
    unplaced = f" except {', '.join(dating.differences)}" if dating.differences else ""
    return f"no ingested release matches: every rule unchecked, placed by the closest ({dating.placed_by}){unplaced}"


def _write_document(corpus: models.Corpus, linked: LinkedDocument) -> None:
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


def _report(corpus: models.Corpus, parsed: ParsedCorpus, linked: LinkedCorpus) -> IngestReport:
    report = IngestReport(corpus_id=corpus.pk, versions=linked.versions)
    report.warnings.extend(str(w) for w in parsed.warnings)
    report.skipped.extend(str(s) for s in parsed.skipped)
    for rules in linked.rules:
        version = rules.document.version
        report.counts[f"rules {version}"] = len(rules.rules)
        report.counts[f"glossary {version}"] = len(rules.document.glossary)
        report.unresolved[version] = list(rules.unresolved)
    for document in linked.documents:
        report.counts[f"sections {document.document.slug}"] = len(document.sections)
        report.unresolved[document.document.slug] = list(document.unresolved)
        if document.dating.how:
            report.translations[document.document.slug] = _dating_line(document)
    report.counts["renumbered"] = sum(len(m) for m in linked.renumbered.values())
    return report


def _write_generation(parsed: ParsedCorpus, linked: LinkedCorpus) -> tuple[models.Corpus, IngestReport]:
    """Write the linked corpus as a new generation, not live yet."""
    with transaction.atomic():
        corpus = models.Corpus.objects.create(
            is_live=False, current_version=linked.current.version, versions=linked.versions
        )
        for rules in linked.rules:
            _write_rules(corpus, rules)
        models.Renumbering.objects.bulk_create(
            [
                models.Renumbering(corpus=corpus, from_version=version, old_number=old, new_number=new)
                for version, mapping in linked.renumbered.items()
                for old, new in sorted(mapping.items())
            ]
        )
        for document in linked.documents:
            _write_document(corpus, document)
        report = _report(corpus, parsed, linked)
        corpus.summary = {
            "counts": report.counts,
            "unresolved": report.unresolved,
            "files": [r.document.source for r in linked.rules] + [d.document.source for d in linked.documents],
            "skipped": [s.to_json() for s in parsed.skipped],
            "warnings": [w.to_json() for w in parsed.warnings],
        }
        corpus.save(update_fields=["summary"])
    return corpus, report


def _build_index(parsed: ParsedCorpus, index_root: Path, name: str) -> None:
    from judge.search.documents import documents_from_records
    from judge.search.index import build_index

    build_index(index_root, documents_from_records(parsed.rules_documents, parsed.ja_documents), name=name)


def _index_name(corpus: models.Corpus, index_root: Path) -> str:
    """``gen-<corpus id>``, or beside it when an index of that name is live: the corpus ids started over
    (a fresh database, or the corpus tables rebuilt by a migration) and that index keeps serving until the flip."""
    from judge.search.index import live_name

    name = f"gen-{corpus.pk}"
    return name if live_name(index_root) != name else f"{name}-{corpus.created:%Y%m%d%H%M%S%f}"


def _activate_index(index_root: Path, name: str) -> None:
    from judge.search.index import activate

    activate(index_root, name)


def ingest_corpus(
    *,
    corpus_dir: Path,
    index_root: Path,
    progress: Callable[[str], None] = lambda message: None,
    strict: bool = False,
) -> IngestReport:
    """Parse, link, write and index a corpus directory, then make it live.

    A file that does not parse is left out and listed in ``report.skipped``. Raises ParseError when the
    newest CR file does not parse (nothing goes live), or, with ``strict``, on any skipped file or warning.
    """
    progress(f"parsing {corpus_dir}")
    parsed = parse_corpus_dir(corpus_dir, strict=strict)
    progress("linking references, renumbering and translations")
    linked = link_corpus(parsed)
    progress(f"writing {len(parsed.rules_documents)} CR versions and {len(parsed.ja_documents)} documents")
    corpus, report = _write_generation(parsed, linked)
    name = _index_name(corpus, index_root)
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
