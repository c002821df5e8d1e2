"""Reads of the live corpus generation: every query goes through it.

A generation never changes once written, so what is read from it is kept per process and
generation (see :func:`generation`): its releases and the lineage of its rules here; rule pages and the
rule index in judge.rules.rule_pages; the Japanese documents and their passages in judge.rules.documents;
histories and the changes between two releases in judge.rules.history; the glossary in
judge.rules.glossary.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Sequence
from contextvars import ContextVar
from itertools import pairwise

from django.db.models import Q, QuerySet

from judge.parsing.lineage import Lineage, Step
from judge.parsing.records import GlossaryEntry as GlossaryRecord
from judge.parsing.records import Numbering, ParseWarning, RuleKind, RuleRecord, RulesDocument
from judge.rules import models


class NoCorpus(LookupError):
    """Nothing has been ingested yet."""


# The live generation, read once per request: the cache middleware's ETag and the view ask for it, and a
# request must see one generation throughout even if an ingest flips it meanwhile. Outside a request
# (commands, tests calling selectors directly) it is read every time.
_OUTSIDE_REQUEST = object()
_IN_REQUEST = object()
_request_corpus: ContextVar[object] = ContextVar("request_corpus", default=_OUTSIDE_REQUEST)


def request_started(**kwargs: object) -> None:
    _request_corpus.set(_IN_REQUEST)


def request_finished(**kwargs: object) -> None:
    _request_corpus.set(_OUTSIDE_REQUEST)


def live_corpus() -> models.Corpus:
    known = _request_corpus.get()
    if isinstance(known, models.Corpus):
        return known
    corpus = models.Corpus.objects.filter(is_live=True).order_by("-pk").first()
    if corpus is None:
        raise NoCorpus("no corpus has been ingested: run `python manage.py ingest`")
    if known is _IN_REQUEST:
        _request_corpus.set(corpus)
    return corpus


def live_generation() -> models.Corpus | None:
    """:func:`live_corpus`, or None before the first ingest: what the web layer reads (the home page, the
    health check, the caches' ETags) through ``settings.JUDGE_GENERATION_FUNCTION`` (judge.web.generation)."""
    try:
        return live_corpus()
    except NoCorpus:
        return None


class UnknownVersion(LookupError):
    """A version was asked for that is not ingested (an old link or a typo): say so, don't guess."""

    def __init__(self, version: str, versions: Sequence[str]) -> None:
        self.version = version
        self.versions = list(versions)
        super().__init__(f"no version {version!r}: the ingested versions are {', '.join(self.versions)}")


def resolve_version(corpus: models.Corpus, version: str | None) -> str:
    """The requested version, or the current one when none is asked for; UnknownVersion otherwise."""
    if not version:
        return corpus.current_version
    if version not in corpus.versions:
        raise UnknownVersion(version, corpus.versions)
    return version


def generation(corpus: models.Corpus) -> tuple[int, str]:
    """A key for per-process caches of one corpus generation.

    A generation never changes once written, so what is read from it can be kept for the life of
    the process. The creation time is part of the key because a rolled-back ingest (tests) can
    hand the same primary key to a different generation.
    """
    return corpus.pk, corpus.created.isoformat()


def generation_key(corpus: models.Corpus) -> str:
    """:func:`generation` as text, for the template fragment cache (the changes page's)."""
    return "-".join(str(part) for part in generation(corpus))


@functools.lru_cache(maxsize=4)
def releases_by_version(generation: tuple[int, str]) -> dict[str, models.Release]:
    """Version -> release, of one generation."""
    return {
        r.version: r for r in models.Release.objects.filter(generations=generation[0]).order_by("version")
    }


def releases(corpus: models.Corpus) -> list[models.Release]:
    """The generation's releases, oldest first."""
    return list(releases_by_version(generation(corpus)).values())


def rules_of(corpus: models.Corpus, version: str | None = None) -> QuerySet[models.Rule]:
    """The rules of one version of a generation (default: the current version)."""
    release = releases_by_version(generation(corpus))[version or corpus.current_version]
    return models.Rule.objects.filter(release=release)


_RECORD_FIELDS = ("number", "kind", "text", "parent", "line", "title", "examples")


def _record(
    number: str, kind: str, text: str, parent: str, line: int, title: str, examples: list[str]
) -> RuleRecord:
    return RuleRecord(
        number=number,
        kind=RuleKind(kind),
        text=text,
        parent=parent or None,
        line=line,
        title=title,
        examples=tuple(examples),
    )


def release_document(release: models.Release) -> RulesDocument:
    """A release's records read back from its rows: what parsing its file gave (judge.parsing.records)."""
    rules = tuple(_record(*row) for row in release.rules.order_by("position").values_list(*_RECORD_FIELDS))
    glossary = tuple(
        GlossaryRecord(term=term, definition=definition, line=line)
        for term, definition, line in release.glossary.order_by("position").values_list(
            "term", "definition", "line"
        )
    )
    return RulesDocument(
        source=release.file_name,
        version=release.version,
        rules=rules,
        glossary=glossary,
        intro=release.intro,
        credits=release.credits,
        warnings=tuple(ParseWarning.from_json(w) for w in release.warnings),
        numbering=Numbering(release.numbering),
    )


def release_excerpts(releases: Sequence[models.Release], numbers: Collection[str]) -> list[RulesDocument]:
    """Each release's rules numbered ``numbers`` and their siblings (the rules under the same parent), as
    records without a glossary: all that dating a translation by its content reads of a release
    (judge.parsing.dating), read for every release at once without holding whole releases in memory."""
    parents = set(
        models.Rule.objects.filter(release__in=releases, number__in=numbers).values_list("parent", flat=True)
    ) - {""}
    rows = (
        models.Rule.objects.filter(release__in=releases)
        .filter(Q(number__in=numbers) | Q(parent__in=parents))
        .order_by("release_id", "position")
        .values_list("release_id", *_RECORD_FIELDS)
    )
    by_release: dict[int, list[RuleRecord]] = {}
    for release_id, *row in rows:
        by_release.setdefault(release_id, []).append(_record(*row))
    return [
        RulesDocument(
            source=release.file_name,
            version=release.version,
            rules=tuple(by_release.get(release.pk, ())),
            glossary=(),
            numbering=Numbering(release.numbering),
        )
        for release in releases
    ]


def lineage(corpus: models.Corpus) -> Lineage:
    """How each rule went from release to release, over the releases numbered like the current one."""
    return lineage_of(generation(corpus))


@functools.lru_cache(maxsize=4)
def lineage_of(generation: tuple[int, str]) -> Lineage:
    """:func:`lineage` of a generation, kept per process."""
    by_version = releases_by_version(generation)
    corpus = models.Corpus.objects.get(pk=generation[0])
    numbering = by_version[corpus.current_version].numbering
    chain = [r for r in by_version.values() if r.numbering == numbering]
    rows = {
        (row.older_id, row.newer_id): row
        for row in models.ReleaseStep.objects.filter(older__in=chain, newer__in=chain)
    }
    steps = []
    for older, newer in pairwise(chain):
        row = rows[(older.pk, newer.pk)]  # the ingest wrote a step for every adjacent pair
        steps.append(Step(older.version, newer.version, row.forward, row.backward))
    return Lineage([r.version for r in chain], steps)


def successor(corpus: models.Corpus, number: str) -> str | None:
    """The current number of a rule that an older version numbered ``number`` (old citations keep working)."""
    maps = renumbering_maps(corpus)
    for version in reversed(lineage(corpus).versions[:-1]):
        if number in maps.get(version, {}):
            return maps[version][number]
    return None


def renumbering_maps(corpus: models.Corpus) -> dict[str, dict[str, str]]:
    """For each older version: old number -> current number, for the rules that moved."""
    return _renumbering_maps(generation(corpus))


@functools.lru_cache(maxsize=4)
def _renumbering_maps(generation: tuple[int, str]) -> dict[str, dict[str, str]]:
    return lineage_of(generation).renumbered()


def citation_renumbering(version: str) -> dict[str, str]:
    """For the live generation: rule number of release ``version`` -> its current number, for the rules
    numbered differently today (the engine's citations, written against judge.engine.citing.CITED_RELEASE,
    shown in today's numbers: judge.web.citations). Empty before the first ingest, or when ``version`` is
    not among the releases numbered like the current one (nothing to follow its numbers by)."""
    corpus = live_generation()
    if corpus is None:
        return {}
    return _citation_renumbering(generation(corpus), version)


@functools.lru_cache(maxsize=8)
def _citation_renumbering(generation: tuple[int, str], version: str) -> dict[str, str]:
    line = lineage_of(generation)
    return line.renumbering(version) if version in line else {}
