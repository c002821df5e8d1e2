"""The ingest: the only writer of the corpus tables (``python manage.py ingest``, ``fetch_rules``).

``ingest_corpus`` reads one way down: parse (judge.parsing), link (references, the lineage of each
rule from one release to the next, translation alignment: judge.parsing.linking and
judge.parsing.lineage), both pure and without a database; then write the linked records as a new
:class:`~judge.rules.models.Corpus` generation beside the live one inside a transaction, and build
the search index beside the live index. Only then are both flipped to the new generation: any
failure before the flip leaves the previous data and index serving.

It does only what changed:

1. A Comprehensive Rules file is a :class:`~judge.rules.models.Release`, known by its name, the
   digest of its bytes and the fingerprint of the code that reads it (``writing.parser_fingerprint``). A file
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

Before anything is written it checks (judge.rules.ingest.checks) that no rules disappear: a new current
release that lost rules, or whose references name no rule, and a release read again that lost rules of its
live version are refused (``accept_shrink`` lets them through); a Japanese document lost is refused
(``accept_missing_documents`` lets it through), one shortened is a warning (fatal when ``strict``). What an
ingest killed mid-way left (a generation never live, a half-built index folder) is removed first.

``ingest_corpus`` runs the stages (judge.rules.ingest.stages), which write their rows through
judge.rules.ingest.writing; here are the report, the search index and the switch to the new generation.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.db import transaction

from judge.parsing.corpus import corpus_digests
from judge.parsing.linking import LinkedDocument
from judge.parsing.records import RulesDocument
from judge.rules import models
from judge.rules.ingest import checks, stages, writing
from judge.rules.judgedocs.selectors import serving_digests
from judge.rules.progress import Progress, Silent

logger = logging.getLogger(__name__)

KEEP_GENERATIONS = 2  # the live one and the one before it, for requests still reading it


@dataclass
class IngestReport:
    corpus_id: int
    versions: list[str]
    counts: dict[str, int] = field(default_factory=dict)
    # CR version or Japanese document slug -> ["from -> to", ...]: references that name no rule
    unresolved: dict[str, list[str]] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)  # "file:line: problem" read past, documents lost
    notes: list[str] = field(default_factory=list)  # "file:line: problem": documented official typos
    cleaned: list[str] = field(default_factory=list)  # what a killed ingest had left, removed now
    translations: dict[str, str] = field(
        default_factory=dict
    )  # document slug -> the release it was compared with
    skipped: list[str] = field(default_factory=list)  # "file:line: problem" of files left out
    parsed: list[str] = field(default_factory=list)  # CR files read now
    reused: list[str] = field(default_factory=list)  # CR files an earlier ingest read, not read again
    unchanged: bool = False  # nothing to do: the live generation read these very files
    previous_version: str = ""  # the current version before this ingest ("" on the first)
    seconds: dict[str, float] = field(default_factory=dict)  # time per stage
    # language -> bytes of the whole-release download, measured now; empty: not measured (see the log)
    offline_bytes: dict[str, int] = field(default_factory=dict)

    @property
    def unresolved_total(self) -> int:
        return sum(len(v) for v in self.unresolved.values())

    @property
    def current_version(self) -> str:
        return self.versions[-1] if self.versions else ""


# --------------------------------------------------------------------------- the report


def _report(corpus: models.Corpus, *, previous_version: str, unchanged: bool = False) -> IngestReport:
    summary = corpus.summary
    return IngestReport(
        corpus_id=corpus.pk,
        versions=list(corpus.versions),
        counts=dict(summary["counts"]),
        unresolved={k: list(v) for k, v in summary["unresolved"].items()},
        warnings=[_where(w) for w in summary["warnings"] if not w.get("note")],
        notes=[_where(w) for w in summary["warnings"] if w.get("note")],
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


def _build_index(
    current: RulesDocument, documents: Sequence[LinkedDocument], index_root: Path, name: str
) -> None:
    """Only what search needs: the current release (rules and glossary) and the Japanese texts, as aligned
    (each translated rule's status and today's number: judge.search.documents)."""
    from judge.rules.judgedocs.selectors import search_sections
    from judge.search.build import build_index
    from judge.search.documents import documents_from_records, judge_documents

    docs = documents_from_records([current], documents)
    # The judge's documents installed (judge.rules.judgedocs), beside the rules.
    docs += judge_documents(search_sections(), version=current.version)
    build_index(index_root, docs, name=name)


def _index_name(corpus: models.Corpus, index_root: Path) -> str:
    """``gen-<corpus id>``, or beside it when an index of that name is live: the corpus ids started over
    (a fresh database, or the corpus tables rebuilt by a migration) and that index keeps serving until the
    flip."""
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
    accept_shrink: bool = False,
    accept_missing_documents: bool = False,
) -> IngestReport:
    """Parse, link, write and index what changed in a corpus directory, then make it live.

    A file that does not parse is left out and listed in ``report.skipped``. Raises ParseError when the
    newest CR file does not parse (nothing goes live), ``checks.IngestRefused`` when a new current release
    lost rules, or a release read again lost rules of its live version (unless ``accept_shrink``), when a
    Japanese document of the live generation is missing (unless ``accept_missing_documents``), or, with
    ``strict``, on any skipped file, warning or shortened document.
    """
    progress = progress or Silent()
    seconds: dict[str, float] = {}
    clock = time.perf_counter()

    def lap(stage: str) -> None:
        nonlocal clock
        now = time.perf_counter()
        seconds[stage] = round(now - clock, 3)
        clock = now

    cleaned = checks.clean_killed_ingest(index_root)
    live = models.Corpus.objects.filter(is_live=True).order_by("-pk").first()
    previous = live.current_version if live else ""
    files = corpus_digests(corpus_dir)
    # A judge's document installed or replaced since is indexed again (judge.rules.judgedocs).
    digests = {**files, **serving_digests()}
    if (
        live is not None
        and not strict  # a strict ingest re-checks the skipped files and warnings
        and live.summary.get("fingerprint") == writing.parser_fingerprint()
        and live.digests == digests
        and live.index_name
        and _live_index(index_root) == live.index_name
    ):
        progress.close()
        report = _report(live, previous_version=previous, unchanged=True)
        report.cleaned = cleaned
        if not live.offline_bytes and settings.JUDGE_OFFLINE_SIZE_AT_INGEST:  # live before it was measured
            report.offline_bytes = measure_offline_save(live)
        return report

    new = stages.read_new_releases(corpus_dir, progress)
    lap("releases")  # parse, link and write the CR files not read before
    plan = stages.parse(corpus_dir, len(files), strict, progress, new)
    lap("documents")  # the Japanese texts
    stages.link(plan, progress)
    lap("lineage")  # steps between new pairs of releases, the Japanese alignment
    accepted = checks.check_current_release(plan, live, accept_shrink=accept_shrink)
    lost = checks.check_documents(plan, live, strict=strict, accept_missing=accept_missing_documents)
    checked: list[dict[str, object]] = [
        {"file": file_name, "line": None, "problem": problem} for file_name, problem in accepted + lost
    ]
    plan.checked = checked + [
        {"file": file_name, "line": None, "problem": problem, "note": True}
        for file_name, problem in checks.documented_cuts(plan)
    ]
    corpus, _ = stages.write(plan, progress)
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
    offline_bytes: dict[str, int] = {}
    if settings.JUDGE_OFFLINE_SIZE_AT_INGEST:
        offline_bytes = measure_offline_save(corpus)
        lap("offline size")
    corpus.refresh_from_db()
    report = _report(corpus, previous_version=previous)
    report.offline_bytes = offline_bytes
    report.seconds = seconds
    report.cleaned = cleaned
    return report


def measure_offline_save(corpus: models.Corpus) -> dict[str, int]:
    """Measure what the live ``corpus``'s whole-release download keeps, per language, and store it with the
    generation (``Corpus.offline_bytes``), so the save button only reads it. A failure is logged and stores
    nothing: the ingest stands, and the button measures on its first request as before."""
    from judge.rules.offline import measure_release

    try:
        sizes = measure_release(corpus)
    except Exception:  # whatever a page raised: the size is a nicety, the ingest is done
        logger.warning("the offline save's size was not measured at ingest", exc_info=True)
        return {}
    models.Corpus.objects.filter(pk=corpus.pk).update(offline_bytes=sizes)
    return sizes


def _prune_generations() -> None:
    """Keep the live generation and the ones live before it (KEEP_GENERATIONS in all; a generation newer than
    the live one never went live); then the releases no generation lists any more."""
    live = list(models.Corpus.objects.filter(is_live=True).values_list("pk", flat=True))
    older = models.Corpus.objects.filter(is_live=False, pk__lt=max(live, default=0)).order_by("-pk")
    keep = live + list(older.values_list("pk", flat=True)[: KEEP_GENERATIONS - 1])
    models.Corpus.objects.exclude(pk__in=keep).delete()
    models.Release.objects.filter(generations__isnull=True).delete()
