"""The ingest, stage by stage: read the new releases, parse the directory, link, write the generation.

Each stage fills the :class:`Plan` of one ingest (judge.rules.ingest runs them in order, then builds the
search index and makes the generation live). Only what changed is read: a release row an earlier ingest
wrote with the same code is reused, and the steps between adjacent releases are computed for new pairs only.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

from django.db import transaction

from judge.parsing.corpus import (
    KnownRelease,
    ParsedCorpus,
    corpus_files,
    file_digest,
    is_rules_file,
    parse_corpus_dir,
    parse_file,
    read_bytes,
)
from judge.parsing.dating import TermMatcher, date_translation
from judge.parsing.lineage import Lineage, Step, step_between
from judge.parsing.linking import LinkedDocument, is_translation, link_document, link_rules
from judge.parsing.records import JaDocument, Numbering, ParseError, ParseWarning, RulesDocument
from judge.parsing.terms_table import load_terms_table
from judge.rules import models, selectors
from judge.rules.ingest import writing
from judge.rules.progress import Progress

KEEP_LOADED = 3  # releases' records kept in memory at once: a step needs two


@dataclass
class Plan:
    """What one ingest works with, filled stage by stage."""

    parsed: ParsedCorpus
    known: dict[str, models.Release]  # file name -> the release row of every CR file kept
    fresh: list[str] = field(default_factory=list)  # CR files read by this ingest
    steps: list[tuple[Step, models.ReleaseStep | None]] = field(default_factory=list)  # adjacent pairs
    documents: list[LinkedDocument] = field(default_factory=list)  # Japanese documents, aligned
    loaded: dict[str, RulesDocument] = field(default_factory=dict)  # a few releases' records, by version
    checked: list[dict[str, object]] = field(default_factory=list)  # warnings of judge.rules.ingest.checks

    def document(self, version: str) -> RulesDocument:
        """A release's records: kept from its parse, or read back from its rows."""
        if version not in self.loaded:
            self.keep(selectors.release_document(self.known_by_version[version]))
        return self.loaded[version]

    def keep(self, document: RulesDocument) -> None:
        """Keep a release's records for the next steps; only the last few, so that memory does not grow
        with the archive (a step needs two adjacent releases, taken in order)."""
        self.loaded[document.version] = document
        while len(self.loaded) > KEEP_LOADED:
            del self.loaded[next(iter(self.loaded))]

    @functools.cached_property
    def known_by_version(self) -> dict[str, models.Release]:
        return {release.version: release for release in self.known.values()}

    @property
    def lineage_versions(self) -> list[str]:
        """The releases numbered like the current one, oldest first: the ones a lineage links."""
        numbering = self.parsed.current.numbering
        return [r.version for r in self.parsed.releases if r.numbering is numbering]


def _known_releases() -> dict[tuple[str, str], models.Release]:
    """(file name, digest) -> release row, of the rows the running code wrote."""
    return {
        (release.file_name, release.digest): release
        for release in models.Release.objects.filter(fingerprint=writing.parser_fingerprint()).order_by("pk")
    }


def _as_known(release: models.Release) -> KnownRelease:
    warnings = tuple(ParseWarning.from_json(w) for w in release.warnings)
    return KnownRelease(release.file_name, release.version, Numbering(release.numbering), warnings)


def read_new_releases(
    corpus_dir: Path, progress: Progress
) -> tuple[dict[tuple[str, str], models.Release], set[str], dict[str, RulesDocument]]:
    """Parse, link and write each CR file no release row has, one at a time, so that a cold ingest of
    the whole archive holds one release in memory, not all of them. A release row is immutable and
    no reader sees it until a generation lists it: each is written in its own short transaction, and
    one left without a generation (this ingest failed later) is reused by the next ingest or pruned.
    A file that does not parse is left for ``parse_corpus_dir``, which names it (or refuses the newest).
    Returns every release row by (file name, digest), the files read now, and the records of the last few."""
    rows = _known_releases()
    new = []
    for path in corpus_files(corpus_dir):
        if is_rules_file(path):
            try:
                data = read_bytes(path)
            except ParseError:
                continue
            if (path.name, file_digest(data)) not in rows:
                new.append((path, data))
    progress.stage("reading new Comprehensive Rules files", len(new))
    recent: dict[str, RulesDocument] = {}
    read: set[str] = set()
    for path, data in new:
        try:
            document = parse_file(path, data)
        except ParseError:
            progress.advance(path.name)
            continue
        assert isinstance(document, RulesDocument)  # a rules file name: the CR parser read it
        with transaction.atomic():
            rows[(path.name, file_digest(data))] = writing.write_release(
                document, link_rules(document), file_digest(data)
            )
        read.add(path.name)
        recent[document.version] = document
        while len(recent) > KEEP_LOADED:
            del recent[next(iter(recent))]
        progress.advance(path.name)
    return rows, read, recent


def parse(
    corpus_dir: Path,
    files: int,
    strict: bool,
    progress: Progress,
    new: tuple[dict[tuple[str, str], models.Release], set[str], dict[str, RulesDocument]],
) -> Plan:
    """Every file of the directory: the CR files as known releases (``new``: what read_new_releases
    wrote), the Japanese ones parsed; the files left out named."""
    rows, read, recent = new
    progress.stage("reading the corpus files", files)
    parsed = parse_corpus_dir(
        corpus_dir,
        strict=strict,
        known={key: _as_known(release) for key, release in rows.items()},
        on_file=lambda path: progress.advance(path.name),
    )
    digests = dict(parsed.digests)
    known = {r.source: rows[(r.source, digests[r.source])] for r in parsed.releases}
    plan = Plan(parsed=parsed, known=known, fresh=[r.source for r in parsed.releases if r.source in read])
    for document in recent.values():
        if document.source in known:  # not a file left out as a second file of its date
            plan.keep(document)
    return plan


def link(plan: Plan, progress: Progress) -> None:
    """Steps for new pairs of adjacent releases, the Japanese alignment."""
    versions = plan.lineage_versions
    pairs = list(pairwise(versions))
    ids = {version: release.pk for version, release in plan.known_by_version.items()}
    stored = {
        (row.older_id, row.newer_id): row
        for row in models.ReleaseStep.objects.filter(older__in=ids.values(), newer__in=ids.values())
    }
    progress.stage(
        "following each rule to the next release",
        sum((ids[older], ids[newer]) not in stored for older, newer in pairs),
    )
    for older, newer in pairs:
        row = stored.get((ids[older], ids[newer]))
        if row is not None:
            plan.steps.append((Step(older, newer, row.forward, row.backward), row))
            continue
        plan.steps.append((step_between(plan.document(older), plan.document(newer)), None))
        progress.advance(f"{older} -> {newer}")

    lineage = Lineage(versions, [step for step, _ in plan.steps])
    renumbered = lineage.renumbered()
    terms = TermMatcher.from_terms(load_terms_table())
    progress.stage("aligning the Japanese documents", len(plan.parsed.ja_documents))
    for document in plan.parsed.ja_documents:
        plan.documents.append(_align(plan, document, renumbered, terms))
        progress.advance(document.source)


def _align(
    plan: Plan, document: JaDocument, renumbered: dict[str, dict[str, str]], terms: TermMatcher
) -> LinkedDocument:
    """A Japanese document aligned with the current rules (judge.parsing.linking, judge.parsing.dating).

    A translation that names no ingested release is dated by its content against every release: on
    excerpts of them (the rules it translates and their siblings, ``selectors.release_excerpts``), so that
    no ingest holds the whole archive in memory. It is then aligned with the whole release it follows
    and the current one.
    """
    versions = plan.lineage_versions
    wanted = {document.translated_from, versions[-1]}
    dating = None
    excerpts = None
    if is_translation(document) and document.translated_from not in versions:
        numbers = {section.cr_number for section in document.sections if section.cr_number}
        excerpts = selectors.release_excerpts([plan.known_by_version[v] for v in versions], numbers)
        dating = date_translation(document, excerpts, terms)
        wanted = {dating.basis, versions[-1]}
    compared = [plan.document(version) for version in versions if version in wanted]
    # An undated text is checked against each release it could follow: the excerpts hold its rules.
    return link_document(document, compared, renumbered, terms, dating=dating, releases=excerpts)


def write(plan: Plan, progress: Progress) -> tuple[models.Corpus, Lineage]:
    """The new steps and the generation (the releases it lists are written), in one transaction; not live
    yet."""
    parsed = plan.parsed
    progress.stage("writing", len(plan.documents) + 1)
    with transaction.atomic():
        written = plan.known_by_version
        models.ReleaseStep.objects.bulk_create(
            [
                models.ReleaseStep(
                    older=written[step.older],
                    newer=written[step.newer],
                    forward=dict(step.forward),
                    backward=dict(step.backward),
                )
                for step, row in plan.steps
                if row is None
            ]
        )
        releases = [written[r.version] for r in parsed.releases]
        corpus = models.Corpus.objects.create(
            is_live=False,
            current_version=parsed.current.version,
            versions=[r.version for r in parsed.releases],
        )
        corpus.releases.set(releases)
        writing.write_sources(corpus, releases)
        for document in plan.documents:
            writing.write_document(corpus, document)
            progress.advance(document.document.source)
        lineage = Lineage(plan.lineage_versions, [step for step, _ in plan.steps])
        corpus.summary = _summary(plan, releases, lineage)
        corpus.save(update_fields=["summary"])
        progress.advance("generation")
    return corpus, lineage


def _summary(plan: Plan, releases: Sequence[models.Release], lineage: Lineage) -> dict[str, object]:
    counts: dict[str, int] = {}
    unresolved: dict[str, list[str]] = {}
    for release in releases:
        counts[f"rules {release.version}"] = release.rule_count
        counts[f"glossary {release.version}"] = release.glossary_count
        unresolved[release.version] = list(release.unresolved)
    translations: dict[str, str] = {}
    for document in plan.documents:
        counts[f"sections {document.document.slug}"] = len(document.sections)
        unresolved[document.document.slug] = list(document.unresolved)
        if document.dating.how:
            translations[document.document.slug] = writing.dating_line(document)
    counts["renumbered"] = sum(len(moved) for moved in lineage.renumbered().values())
    return {
        "counts": counts,
        "unresolved": unresolved,
        "translations": translations,
        "files": [r.file_name for r in releases] + [d.document.source for d in plan.documents],
        "skipped": [s.to_payload() for s in plan.parsed.skipped],
        # The Japanese documents' warnings as linked: a number written twice is named with the text left out.
        "warnings": [w.to_payload() for r in plan.parsed.releases for w in r.warnings]
        + [w.to_payload() for d in plan.documents for w in d.document.warnings]
        + plan.checked,
        "parsed": plan.fresh,
        "reused": sorted(set(plan.known) - set(plan.fresh)),
        "fingerprint": writing.parser_fingerprint(),
    }
