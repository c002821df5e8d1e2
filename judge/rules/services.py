"""Writes. The ingest is the only writer of the corpus tables.

``ingest_corpus`` reads one way down: parse (judge.parsing), link (references, the lineage of each
rule from one release to the next, translation alignment: judge.parsing.linking and
judge.parsing.lineage), both pure and without a database; then write the linked records as a new
:class:`~judge.rules.models.Corpus` generation beside the live one inside a transaction, and build
the search index beside the live index. Only then are both flipped to the new generation: any
failure before the flip leaves the previous data and index serving.

It does only what changed:

1. A Comprehensive Rules file is a :class:`~judge.rules.models.Release`, known by its name, the
   digest of its bytes and the fingerprint of the code that reads it (``parser_fingerprint``). A file
   an earlier ingest read is not parsed, linked or written again: the new generation lists the
   release rows the earlier one wrote. Release rows no generation lists any more are deleted.
2. The steps between adjacent releases (which rule became which) are computed for new pairs only:
   one new release on top costs one step.
3. The Japanese documents are parsed and aligned on every ingest that changes anything (five small
   files): their alignment depends on the current release. A translation that names no ingested
   release is dated by its content against every release (judge.parsing.dating), on excerpts read from
   the database (the rules it translates and their siblings), not on whole releases.
4. The search index holds what search needs: the current release (rules and glossary) and the
   Japanese texts. Older releases are read and compared from the database.
5. When every file is as the live generation read it, with the same code, and its index is live,
   there is nothing to do (``IngestReport.unchanged``).
"""

from __future__ import annotations

import functools
import hashlib
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from django.db import connection, transaction
from django.db import models as dj_models

from judge.parsing.corpus import (
    KnownRelease,
    ParsedCorpus,
    corpus_digests,
    corpus_files,
    file_digest,
    is_rules_file,
    parse_corpus_dir,
    parse_file,
    read_bytes,
)
from judge.parsing.lineage import Lineage, Step, step_between
from judge.parsing.dating import TermMatcher, date_translation
from judge.parsing.linking import LinkedDocument, LinkedRules, is_translation, link_document, link_rules
from judge.parsing.records import JaDocument, Numbering, ParseError, ParseWarning, RulesDocument
from judge.parsing.terms_table import load_terms_table
from judge.rules import models, selectors
from judge.rules.progress import Progress, Silent

KEEP_GENERATIONS = 2  # the live one and the one before it, for requests still reading it
KEEP_LOADED = 3  # releases' records kept in memory at once: a step needs two
# The code whose output a Release row stores: when any of it changes, every file is read again.
FINGERPRINTED = (Path(__file__).resolve().parent.parent / "parsing", Path(__file__).resolve())


@functools.cache
def parser_fingerprint() -> str:
    """SHA-256 over the source of the parsing package and this module: a Release row is reused only
    by the code that wrote it, so a parser fix re-reads every file on the next ingest."""
    digest = hashlib.sha256()
    for root in FINGERPRINTED:
        for path in sorted(root.rglob("*.py")) if root.is_dir() else [root]:
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


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
    parsed: list[str] = field(default_factory=list)  # CR files read now
    reused: list[str] = field(default_factory=list)  # CR files an earlier ingest read, not read again
    unchanged: bool = False  # nothing to do: the live generation read these very files
    previous_version: str = ""  # the current version before this ingest ("" on the first)
    seconds: dict[str, float] = field(default_factory=dict)  # time per stage

    @property
    def unresolved_total(self) -> int:
        return sum(len(v) for v in self.unresolved.values())

    @property
    def current_version(self) -> str:
        return self.versions[-1] if self.versions else ""


# --------------------------------------------------------------------------- writing


def _insert(model: type[dj_models.Model], fields: Sequence[str], rows: Iterable[tuple[object, ...]]) -> None:
    """Insert many rows with one prepared statement: a release is ~3000 rules and ~2000 citations, and
    building a model instance per row (bulk_create) was most of the time a new release took to write.
    JSON values are adapted by their field, as the ORM would (text on SQLite, jsonb on PostgreSQL)."""
    meta = model._meta
    columns = [meta.get_field(name) for name in fields]
    json_at = [i for i, column in enumerate(columns) if isinstance(column, dj_models.JSONField)]
    quote = connection.ops.quote_name
    sql = (f"INSERT INTO {quote(meta.db_table)} ({', '.join(quote(c.column) for c in columns)}) "
           f"VALUES ({', '.join(['%s'] * len(columns))})")

    def prepared(row: tuple[object, ...]) -> list[object]:
        values = list(row)
        for i in json_at:
            values[i] = columns[i].get_db_prep_save(values[i], connection)
        return values

    with connection.cursor() as cursor:
        cursor.executemany(sql, [prepared(row) for row in rows])


def _write_release(document: RulesDocument, linked: LinkedRules, digest: str) -> models.Release:
    release = models.Release.objects.create(
        file_name=document.source,
        digest=digest,
        fingerprint=parser_fingerprint(),
        version=document.version,
        numbering=document.numbering.value,
        intro=document.intro,
        credits=document.credits,
        warnings=[w.to_json() for w in document.warnings],
        unresolved=list(linked.unresolved),
        rule_count=len(document.rules),
        glossary_count=len(document.glossary),
    )
    _insert(
        models.Rule,
        ("release", "version", "number", "kind", "title", "text", "examples", "parent", "position", "line", "links_to"),
        (
            (release.pk, document.version, rule.record.number, rule.record.kind.value, rule.record.title,
             rule.record.text, list(rule.record.examples), rule.record.parent or "", position, rule.record.line,
             list(rule.links_to))
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
        ((release.pk, document.version, e.term, e.definition, i, e.line) for i, e in enumerate(document.glossary)),
    )
    return release


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
        "moved": [list(pair) for pair in dating.moved],
    }


def _dating_line(linked: LinkedDocument) -> str:
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


def _write_sources(corpus: models.Corpus, releases: Iterable[models.Release]) -> None:
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


# --------------------------------------------------------------------------- the ingest, stage by stage


@dataclass
class _Plan:
    """What one ingest works with, filled stage by stage."""

    parsed: ParsedCorpus
    known: dict[str, models.Release]  # file name -> the release row of every CR file kept
    fresh: list[str] = field(default_factory=list)  # CR files read by this ingest
    steps: list[tuple[Step, models.ReleaseStep | None]] = field(default_factory=list)  # adjacent pairs
    documents: list[LinkedDocument] = field(default_factory=list)  # Japanese documents, aligned
    loaded: dict[str, RulesDocument] = field(default_factory=dict)  # a few releases' records, by version

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
        for release in models.Release.objects.filter(fingerprint=parser_fingerprint()).order_by("pk")
    }


def _as_known(release: models.Release) -> KnownRelease:
    warnings = tuple(ParseWarning(w["file"], w["line"], w["problem"]) for w in release.warnings)
    return KnownRelease(release.file_name, release.version, Numbering(release.numbering), warnings)


def _read_new_releases(
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
            rows[(path.name, file_digest(data))] = _write_release(document, link_rules(document), file_digest(data))
        read.add(path.name)
        recent[document.version] = document
        while len(recent) > KEEP_LOADED:
            del recent[next(iter(recent))]
        progress.advance(path.name)
    return rows, read, recent


def _parse(
    corpus_dir: Path,
    files: int,
    strict: bool,
    progress: Progress,
    new: tuple[dict[tuple[str, str], models.Release], set[str], dict[str, RulesDocument]],
) -> _Plan:
    """Every file of the directory: the CR files as known releases (``new``: what _read_new_releases
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
    plan = _Plan(parsed=parsed, known=known, fresh=[r.source for r in parsed.releases if r.source in read])
    for document in recent.values():
        if document.source in known:  # not a file left out as a second file of its date
            plan.keep(document)
    return plan


def _link(plan: _Plan, progress: Progress) -> None:
    """Steps for new pairs of adjacent releases, the Japanese alignment."""
    versions = plan.lineage_versions
    pairs = list(zip(versions, versions[1:]))
    ids = {version: release.pk for version, release in plan.known_by_version.items()}
    stored = {
        (row.older_id, row.newer_id): row
        for row in models.ReleaseStep.objects.filter(older__in=ids.values(), newer__in=ids.values())
    }
    progress.stage("following each rule to the next release", sum(
        (ids[older], ids[newer]) not in stored for older, newer in pairs
    ))
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


def _align(plan: _Plan, document: JaDocument, renumbered: dict[str, dict[str, str]],
           terms: TermMatcher) -> LinkedDocument:
    """A Japanese document aligned with the current rules (judge.parsing.linking, judge.parsing.dating).

    A translation that names no ingested release is dated by its content against every release: on
    excerpts of them (the rules it translates and their siblings, ``selectors.release_excerpts``), so that
    no ingest holds the whole archive in memory. It is then aligned with the whole release it follows
    and the current one.
    """
    versions = plan.lineage_versions
    wanted = {document.translated_from, versions[-1]}
    dating = None
    if is_translation(document) and document.translated_from not in versions:
        numbers = {section.cr_number for section in document.sections if section.cr_number}
        excerpts = selectors.release_excerpts([plan.known_by_version[v] for v in versions], numbers)
        dating = date_translation(document, excerpts, terms)
        wanted = {dating.basis, versions[-1]}
    compared = [plan.document(version) for version in versions if version in wanted]
    return link_document(document, compared, renumbered, terms, dating=dating)


def _write(plan: _Plan, progress: Progress) -> tuple[models.Corpus, Lineage]:
    """The new steps and the generation (the releases it lists are written), in one transaction; not live yet."""
    parsed = plan.parsed
    progress.stage("writing", len(plan.documents) + 1)
    with transaction.atomic():
        written = plan.known_by_version
        models.ReleaseStep.objects.bulk_create(
            [
                models.ReleaseStep(older=written[step.older], newer=written[step.newer],
                                   forward=dict(step.forward), backward=dict(step.backward))
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
        _write_sources(corpus, releases)
        for document in plan.documents:
            _write_document(corpus, document)
            progress.advance(document.document.source)
        lineage = Lineage(plan.lineage_versions, [step for step, _ in plan.steps])
        corpus.summary = _summary(plan, releases, lineage)
        corpus.save(update_fields=["summary"])
        progress.advance("generation")
    return corpus, lineage


def _summary(plan: _Plan, releases: Sequence[models.Release], lineage: Lineage) -> dict[str, object]:
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
            translations[document.document.slug] = _dating_line(document)
    counts["renumbered"] = sum(len(moved) for moved in lineage.renumbered().values())
    return {
        "counts": counts,
        "unresolved": unresolved,
        "translations": translations,
        "files": [r.file_name for r in releases] + [d.document.source for d in plan.documents],
        "skipped": [s.to_json() for s in plan.parsed.skipped],
        "warnings": [w.to_json() for w in plan.parsed.warnings],
        "parsed": plan.fresh,
        "reused": sorted(set(plan.known) - set(plan.fresh)),
        "fingerprint": parser_fingerprint(),
    }


def _report(corpus: models.Corpus, *, previous_version: str, unchanged: bool = False) -> IngestReport:
    summary = corpus.summary
    return IngestReport(
        corpus_id=corpus.pk,
        versions=list(corpus.versions),
        counts=dict(summary["counts"]),
        unresolved={k: list(v) for k, v in summary["unresolved"].items()},
        warnings=[_where(w) for w in summary["warnings"]],
        translations=dict(summary.get("translations", {})),
        skipped=[_where(s) for s in summary["skipped"]],
        parsed=[] if unchanged else list(summary["parsed"]),
        reused=sorted(r.file_name for r in corpus.releases.all()) if unchanged else list(summary["reused"]),
        unchanged=unchanged,
        previous_version=previous_version,
    )


def _where(problem: dict[str, object]) -> str:
    """``{"file", "line", "problem"}`` as the command prints it: "file:line: problem"."""
    where = problem["file"] if problem.get("line") is None else f"{problem['file']}:{problem['line']}"
    return f"{where}: {problem['problem']}"


# --------------------------------------------------------------------------- the index


def _build_index(current: RulesDocument, documents: Sequence[LinkedDocument], index_root: Path, name: str) -> None:
    """Only what search needs: the current release (rules and glossary) and the Japanese texts, as aligned
    (each translated rule's status and today's number: judge.search.documents)."""
    from judge.search.documents import documents_from_records
    from judge.search.index import build_index

    build_index(index_root, documents_from_records([current], documents), name=name)


def _index_name(corpus: models.Corpus, index_root: Path) -> str:
    """``gen-<corpus id>``, or beside it when an index of that name is live: the corpus ids started over
    (a fresh database, or the corpus tables rebuilt by a migration) and that index keeps serving until the flip."""
    from judge.search.index import live_name

    name = f"gen-{corpus.pk}"
    return name if live_name(index_root) != name else f"{name}-{corpus.created:%Y%m%d%H%M%S%f}"


def _activate_index(index_root: Path, name: str) -> None:
    from judge.search.index import activate

    activate(index_root, name)


def _live_index(index_root: Path) -> str | None:
    """The live index's name, when this code can read it: an index of an older format is built again."""
    from judge.search.index import is_current, live_name

    name = live_name(index_root)
    return name if name and is_current(index_root, name) else None


# --------------------------------------------------------------------------- the ingest


def ingest_corpus(
    *,
    corpus_dir: Path,
    index_root: Path,
    progress: Progress | None = None,
    strict: bool = False,
) -> IngestReport:
    """Parse, link, write and index what changed in a corpus directory, then make it live.

    A file that does not parse is left out and listed in ``report.skipped``. Raises ParseError when the
    newest CR file does not parse (nothing goes live), or, with ``strict``, on any skipped file or warning.
    """
    progress = progress or Silent()
    seconds: dict[str, float] = {}
    clock = time.perf_counter()

    def lap(stage: str) -> None:
        nonlocal clock
        now = time.perf_counter()
        seconds[stage] = round(now - clock, 3)
        clock = now

    live = models.Corpus.objects.filter(is_live=True).order_by("-pk").first()
    previous = live.current_version if live else ""
    digests = corpus_digests(corpus_dir)
    if (
        live is not None
        and not strict  # a strict ingest re-checks the skipped files and warnings
        and live.summary.get("fingerprint") == parser_fingerprint()
        and live.digests == digests
        and live.index_name
        and _live_index(index_root) == live.index_name
    ):
        progress.close()
        return _report(live, previous_version=previous, unchanged=True)

    new = _read_new_releases(corpus_dir, progress)
    lap("releases")  # parse, link and write the CR files not read before
    plan = _parse(corpus_dir, len(digests), strict, progress, new)
    lap("documents")  # the Japanese texts
    _link(plan, progress)
    lap("lineage")  # steps between new pairs of releases, the Japanese alignment
    corpus, _ = _write(plan, progress)
    lap("generation")
    name = _index_name(corpus, index_root)
    try:
        progress.stage("building the search index", 1)
        _build_index(plan.document(plan.parsed.current.version), plan.documents, index_root, name)
        progress.advance(name)
        lap("index")
    except BaseException:
        corpus.delete()  # never served: it was not live
        raise
    try:
        # The index pointer flips inside the transaction that flips the data: if it fails, the
        # data flip rolls back too, so the data and the index never disagree about what is live.
        with transaction.atomic():
            models.Corpus.objects.filter(is_live=True).update(is_live=False)
            models.Corpus.objects.filter(pk=corpus.pk).update(is_live=True, index_name=name, digests=digests)
            _activate_index(index_root, name)
    except BaseException:
        corpus.delete()
        raise
    _prune_generations()
    lap("switch")
    progress.close()
    corpus.refresh_from_db()
    report = _report(corpus, previous_version=previous)
    report.seconds = seconds
    return report


def _prune_generations() -> None:
    """Keep the live generation and the one before it; then the releases no generation lists any more."""
    keep = list(models.Corpus.objects.order_by("-pk").values_list("pk", flat=True)[:KEEP_GENERATIONS])
    live = list(models.Corpus.objects.filter(is_live=True).values_list("pk", flat=True))
    models.Corpus.objects.exclude(pk__in=keep + live).delete()
    models.Release.objects.filter(generations__isnull=True).delete()
