"""Reads. Every query goes through the live corpus generation.

A generation never changes once written, so what is read from it is kept per process and
generation (see :func:`_generation`): its releases, the lineage of its rules, rule pages, histories
and the changes between two releases.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db.models import Q, QuerySet

from judge.engine.rule_numbers import sort_key
from judge.parsing.lineage import Lineage, Step
from judge.parsing.records import GlossaryEntry, Numbering, ParseWarning, RuleKind, RuleRecord, RulesDocument
from judge.parsing.versions import word_diff
from judge.rules import models


class NoCorpus(LookupError):
    """Nothing has been ingested yet."""


def live_corpus() -> models.Corpus:
    corpus = models.Corpus.objects.filter(is_live=True).order_by("-pk").first()
    if corpus is None:
        raise NoCorpus("no corpus has been ingested: run `python manage.py ingest`")
    return corpus


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


@dataclass
class RulePage:
    corpus: models.Corpus
    rule: models.Rule
    version: str
    breadcrumb: list[models.Rule]
    children: list[models.Rule]
    previous: models.Rule | None
    next: models.Rule | None
    cited_by: list[str]
    translations: list[models.DocSection]
    history: list[dict[str, object]] = field(default_factory=list)
    # Japanese text of the subrules shown on the page: rule number -> sections
    child_translations: dict[str, list[models.DocSection]] = field(default_factory=dict)
    # The older English text each out-of-date translation was made from: section pk -> rule
    old_texts: dict[int, models.Rule | None] = field(default_factory=dict)
    # An older version's rule: its number in the current rules (None: removed, or numbered before 2009)
    successor: str | None = None
    removed_in: str = ""  # the version that removed it, when it was removed
    comparable: bool = True  # numbered like the current rules (False: a release before July 2009)

    @property
    def is_current(self) -> bool:
        return self.version == self.corpus.current_version


def _generation(corpus: models.Corpus) -> tuple[int, str]:
    """A key for per-process caches of one corpus generation.

    A generation never changes once written, so what is read from it can be kept for the life of
    the process. The creation time is part of the key because a rolled-back ingest (tests) can
    hand the same primary key to a different generation.
    """
    return corpus.pk, corpus.created.isoformat()


def generation_key(corpus: models.Corpus) -> str:
    """:func:`_generation` as text, for cache keys outside this module (the changes page's fragment)."""
    return "-".join(str(part) for part in _generation(corpus))


@functools.lru_cache(maxsize=4)
def _releases(generation: tuple[int, str]) -> dict[str, models.Release]:
    """Version -> release, of one generation."""
    return {r.version: r for r in models.Release.objects.filter(generations=generation[0]).order_by("version")}


def releases(corpus: models.Corpus) -> list[models.Release]:
    """The generation's releases, oldest first."""
    return list(_releases(_generation(corpus)).values())


def rules_of(corpus: models.Corpus, version: str | None = None) -> QuerySet[models.Rule]:
    """The rules of one version of a generation (default: the current version)."""
    return models.Rule.objects.filter(release=_releases(_generation(corpus))[version or corpus.current_version])


def release_document(release: models.Release) -> RulesDocument:
    """A release's records read back from its rows: what parsing its file gave (judge.parsing.records)."""
    rules = tuple(
        RuleRecord(number=number, kind=RuleKind(kind), text=text, parent=parent or None, line=line, title=title,
                   examples=tuple(examples))
        for number, kind, text, parent, line, title, examples in release.rules.order_by("position").values_list(
            "number", "kind", "text", "parent", "line", "title", "examples"
        )
    )
    glossary = tuple(
        GlossaryEntry(term=term, definition=definition, line=line)
        for term, definition, line in release.glossary.order_by("position").values_list("term", "definition", "line")
    )
    return RulesDocument(
        source=release.file_name,
        version=release.version,
        rules=rules,
        glossary=glossary,
        intro=release.intro,
        credits=release.credits,
        warnings=tuple(ParseWarning(w["file"], w["line"], w["problem"]) for w in release.warnings),
        numbering=Numbering(release.numbering),
    )


def lineage(corpus: models.Corpus) -> Lineage:
    """How each rule went from release to release, over the releases numbered like the current one."""
    return _lineage(_generation(corpus))


@functools.lru_cache(maxsize=4)
def _lineage(generation: tuple[int, str]) -> Lineage:
    by_version = _releases(generation)
    corpus = models.Corpus.objects.get(pk=generation[0])
    numbering = by_version[corpus.current_version].numbering
    chain = [r for r in by_version.values() if r.numbering == numbering]
    rows = {
        (row.older_id, row.newer_id): row
        for row in models.ReleaseStep.objects.filter(older__in=chain, newer__in=chain)
    }
    steps = []
    for older, newer in zip(chain, chain[1:]):
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


def _children(rule: models.Rule) -> list[models.Rule]:
    rules = models.Rule.objects.filter(release_id=rule.release_id)
    if rule.kind == "chapter":
        return list(rules.filter(parent=rule.number).order_by("position"))
    if rule.kind == "section":
        # A section shows every rule and subrule under it, in order.
        return list(rules.filter(number__startswith=rule.number + ".").order_by("position"))
    return list(rules.filter(parent=rule.number).order_by("position"))


def _breadcrumb(rule: models.Rule) -> list[models.Rule]:
    chain: list[models.Rule] = []
    parent = rule.parent
    while parent:
        found = models.Rule.objects.filter(release_id=rule.release_id, number=parent).first()
        if found is None:
            break
        chain.insert(0, found)
        parent = found.parent
    return chain


def renumbering_maps(corpus: models.Corpus) -> dict[str, dict[str, str]]:
    """For each older version: old number -> current number, for the rules that moved."""
    return _renumbering_maps(_generation(corpus))


@functools.lru_cache(maxsize=4)
def _renumbering_maps(generation: tuple[int, str]) -> dict[str, dict[str, str]]:
    return _lineage(generation).renumbered()


def annotate_sections(corpus: models.Corpus, sections: list[models.DocSection]) -> list[models.DocSection]:
    """Give each Japanese section ``link_map``: a translation of an older version cites that
    version's numbers, so its references follow the renumbering to the current rules."""
    maps = renumbering_maps(corpus) if any(s.compared_version for s in sections) else {}
    for section in sections:
        section.link_map = maps.get(section.compared_version, {})  # type: ignore[attr-defined]
    return sections


def translations_of(
    corpus: models.Corpus, number: str, children: Sequence[str] = ()
) -> tuple[list[models.DocSection], dict[str, list[models.DocSection]]]:
    """Japanese sections for a current rule and its subrules.

    The rule gets the sections aligned to it and also the ones that translate its number in an
    older version even though that text has moved on (the page says so). Each subrule gets the
    sections aligned to it.
    """
    rows = annotate_sections(
        corpus,
        list(
            models.DocSection.objects.filter(corpus=corpus)
            .filter(Q(aligned_number__in=[number, *children]) | Q(cr_number=number))
            .select_related("source")
            .order_by("source__slug", "position")
        ),
    )
    own = [s for s in rows if number in (s.aligned_number, s.cr_number)]
    by_child: dict[str, list[models.DocSection]] = {}
    for section in rows:
        if section.aligned_number in children and section.aligned_number != number:
            by_child.setdefault(section.aligned_number, []).append(section)
    return own, by_child


def rule_page(*, number: str, version: str | None = None) -> RulePage | None:
    """Everything a rule page shows. Read once per (generation, version, rule) and process: the
    rule page is the most visited page and a generation never changes (see :func:`_generation`)."""
    corpus = live_corpus()
    return _rule_page(_generation(corpus), resolve_version(corpus, version), number)


@functools.lru_cache(maxsize=2048)
def _rule_page(generation: tuple[int, str], version: str, number: str) -> RulePage | None:
    corpus = models.Corpus.objects.get(pk=generation[0])
    release = _releases(generation)[version]
    rule = models.Rule.objects.filter(release=release, number=number).select_related("release").first()
    if rule is None:
        return None
    siblings = models.Rule.objects.filter(release=release)
    children = _children(rule)
    translations: list[models.DocSection] = []
    child_translations: dict[str, list[models.DocSection]] = {}
    current = version == corpus.current_version
    if current:
        translations, child_translations = translations_of(corpus, number, [c.number for c in children])
    line = _lineage(generation)
    page = RulePage(
        corpus=corpus,
        rule=rule,
        version=version,
        breadcrumb=_breadcrumb(rule),
        children=children,
        previous=siblings.filter(position__lt=rule.position).order_by("-position").first(),
        next=siblings.filter(position__gt=rule.position).order_by("position").first(),
        cited_by=sorted(
            set(
                models.Citation.objects.filter(release=release, to_number=number).values_list(
                    "from_number", flat=True
                )
            ),
            key=sort_key,
        ),
        translations=translations,
        child_translations=child_translations,
        comparable=version in line,
        old_texts={
            section.pk: rules_of(corpus, section.compared_version).filter(number=section.cr_number).first()
            for section in translations
            if section.differs_from_current and section.compared_version and section.cr_number
        },
    )
    if current:
        found = _rule_history(generation, version, number)
        # What changed only: with every release since 2009 loaded, "same text" would fill the page.
        page.history = [e for e in found.entries if e.change is not Change.UNCHANGED] if found else []
    elif page.comparable:
        page.successor = line.successor(number, since=version)
        page.removed_in = line.trace(number, version)[1] or ""
    return page


# --------------------------------------------------------------------------- the history of a rule


class Change(enum.StrEnum):
    """What a release did to a rule (``GET /api/rules/<number>/history``)."""

    ADDED = "added"  # the first release it is in (or the oldest release ingested)
    CHANGED = "changed"  # same number, other text or examples
    UNCHANGED = "unchanged"
    RENUMBERED = "renumbered"  # another number (its text may have changed too)
    REMOVED = "removed"  # the first release it is no longer in


@dataclass(frozen=True)
class HistoryEntry:
    version: str
    number: str  # its number in that release (removed: the number it had before)
    change: Change
    text: str | None  # None when removed
    examples: list[str]
    diff: list[tuple[str, str]]  # word diff from the entry before (text and examples), when they differ
    previous_number: str | None = None  # its number in the entry before (None: the first entry)
    # Added where the release before had another rule of this number: (that release, where its rule went)
    displaced: tuple[str, str | None] | None = None

    @property
    def changed(self) -> bool:
        return bool(self.diff)

    def to_json(self) -> dict[str, object]:
        return {"version": self.version, "number": self.number, "change": self.change.value, "text": self.text,
                "examples": self.examples}


@dataclass(frozen=True)
class RuleHistory:
    number: str  # as asked
    version: str  # the release it was asked in (default: the newest one that has this number)
    entries: list[HistoryEntry]
    oldest: str  # the oldest release ingested with this numbering: "added" there means "already there"
    current_number: str | None  # its number in the current rules (None: removed)

    @property
    def latest(self) -> HistoryEntry:
        """The last version of its text (before a removal)."""
        return next(e for e in reversed(self.entries) if e.change is not Change.REMOVED)

    def timeline(self) -> list[tuple[HistoryEntry, list[str]]]:
        """Newest first, each entry with the versions after it that left the rule unchanged."""
        items: list[tuple[HistoryEntry, list[str]]] = []
        for entry in self.entries:
            if entry.change is Change.UNCHANGED and items:
                items[-1][1].append(entry.version)
            else:
                items.append((entry, []))
        return items[::-1]


def _full_text(rule: models.Rule) -> str:
    return "\n".join([rule.text, *rule.examples])


def _content(rule: models.Rule) -> tuple[str, str, list[str]]:
    return rule.title, rule.text, rule.examples


def rule_history(*, number: str, version: str | None = None) -> RuleHistory | None:
    """The rule ``number`` of ``version`` in every release it is in, and what each release did to it.

    Without a version: the newest release that has this number. None when no release numbered like
    the current rules has it (pre-2009 releases have other rules under the same numbers). Raises
    UnknownVersion for a version that is not ingested.
    """
    corpus = live_corpus()
    return _rule_history(_generation(corpus), resolve_version(corpus, version) if version else None, number)


@functools.lru_cache(maxsize=1024)
def _rule_history(generation: tuple[int, str], version: str | None, number: str) -> RuleHistory | None:
    line = _lineage(generation)
    by_version = _releases(generation)
    if version is None:
        having = models.Rule.objects.filter(release__in=[by_version[v] for v in line.versions], number=number)
        version = having.order_by("-version").values_list("version", flat=True).first()
    if version is None or version not in line:
        return None
    trace, removed_in = line.trace(number, version)
    rows = models.Rule.objects.filter(
        release__in=[by_version[v] for v, _ in trace], number__in={n for _, n in trace}
    )
    found = {(rule.version, rule.number): rule for rule in rows}
    if (version, number) not in found:
        return None
    entries: list[HistoryEntry] = []
    previous: models.Rule | None = None
    for release_version, release_number in trace:
        rule = found[(release_version, release_number)]
        diff: list[tuple[str, str]] = []
        displaced = None
        if previous is None:
            change = Change.ADDED
            displaced = _displaced(line, by_version, release_version, release_number)
        else:
            if _content(previous) != _content(rule):
                diff = word_diff(_full_text(previous), _full_text(rule))
            change = (
                Change.RENUMBERED if rule.number != previous.number else Change.CHANGED if diff else Change.UNCHANGED
            )
        entries.append(HistoryEntry(release_version, release_number, change, rule.text, list(rule.examples), diff,
                                    previous.number if previous else None, displaced))
        previous = rule
    if removed_in and previous is not None:
        entries.append(HistoryEntry(removed_in, previous.number, Change.REMOVED, None, [], [], previous.number))
    return RuleHistory(
        number=number,
        version=version,
        entries=entries,
        oldest=line.versions[0],
        current_number=None if removed_in else trace[-1][1],
    )


def _displaced(
    line: Lineage, by_version: dict[str, models.Release], version: str, number: str
) -> tuple[str, str | None] | None:
    """When the release before ``version`` had another rule numbered ``number``: that release, and the
    number of its rule in ``version`` (None: removed). A rule rewritten under its number is often such a
    case: its old text moved to a subrule ("903.9" of 2020 is "903.9b" now)."""
    position = line.versions.index(version)
    if position == 0:
        return None
    before = line.versions[position - 1]
    if not models.Rule.objects.filter(release=by_version[before], number=number).exists():
        return None
    return before, line.successor(number, since=before, until=version)


def chapters(*, version: str | None = None) -> tuple[str, list[models.Rule]]:
    corpus = live_corpus()
    version = resolve_version(corpus, version)
    return version, list(rules_of(corpus, version).filter(kind__in=["chapter", "section"]).order_by("position"))


def glossary(*, version: str | None = None) -> tuple[str, list[models.GlossaryTerm]]:
    corpus = live_corpus()
    version = resolve_version(corpus, version)
    release = _releases(_generation(corpus))[version]
    return version, list(models.GlossaryTerm.objects.filter(release=release).order_by("position"))


def documents() -> list[models.Source]:
    corpus = live_corpus()
    return list(models.Source.objects.filter(corpus=corpus).order_by("lang", "slug"))


def document(*, slug: str) -> tuple[models.Source, list[models.DocSection]] | None:
    corpus = live_corpus()
    source = models.Source.objects.filter(corpus=corpus, slug=slug).exclude(kind="cr").first()
    if source is None:
        return None
    return source, annotate_sections(corpus, list(source.sections.order_by("position")))


# --------------------------------------------------------------------------- versions and their changes


@dataclass
class VersionChanges:
    old: str
    new: str
    added: list[models.Rule]
    removed: list[models.Rule]
    # (the rule in ``old``, the same rule in ``new``, word diff): text or examples changed, maybe renumbered too
    changed: list[tuple[models.Rule, models.Rule, list[tuple[str, str]]]]
    renumbered: list[tuple[str, str]] = field(default_factory=list)  # (number in old, number in new)


def comparable_versions(corpus: models.Corpus) -> list[str]:
    """The versions the changes page compares: the ones numbered like the current rules."""
    return lineage(corpus).versions


def version_changes(*, old: str, new: str) -> VersionChanges | None:
    """What changed from release ``old`` to release ``new`` (given in either order), each rule followed
    through its renumbering. None when either is not ingested or is numbered before July 2009."""
    corpus = live_corpus()
    line = lineage(corpus)
    if old not in line or new not in line:
        return None  # numbers of releases before and after the July 2009 renumbering name different rules
    old, new = sorted((old, new))
    return _version_changes(_generation(corpus), old, new)


@functools.lru_cache(maxsize=16)
def _version_changes(generation: tuple[int, str], old: str, new: str) -> VersionChanges:
    by_version = _releases(generation)
    before = {r.number: r for r in models.Rule.objects.filter(release=by_version[old])}
    after = {r.number: r for r in models.Rule.objects.filter(release=by_version[new])}
    moves = _lineage(generation).moves(old, new)
    removed: list[models.Rule] = []
    changed: list[tuple[models.Rule, models.Rule, list[tuple[str, str]]]] = []
    renumbered: list[tuple[str, str]] = []
    kept: set[str] = set()
    for number, rule in before.items():
        target = moves.get(number, number)
        if target is None or target not in after:
            removed.append(rule)
            continue
        kept.add(target)
        if target != number:
            renumbered.append((number, target))
        if _content(rule) != _content(after[target]):
            changed.append((rule, after[target], word_diff(_full_text(rule), _full_text(after[target]))))
    return VersionChanges(
        old=old,
        new=new,
        added=sorted((rule for number, rule in after.items() if number not in kept), key=lambda r: sort_key(r.number)),
        removed=sorted(removed, key=lambda r: sort_key(r.number)),
        changed=sorted(changed, key=lambda c: sort_key(c[1].number)),
        renumbered=sorted(renumbered, key=lambda pair: sort_key(pair[0])),
    )
