"""The history of a rule and the changes between two releases (those numbered like the current rules).

Read from the live generation through judge.rules.selectors (its releases and their lineage) and kept
per process and generation, as everything read from a generation (see
:func:`judge.rules.selectors.generation`).
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass, field

from judge.engine.rule_numbers import sort_key
from judge.parsing.lineage import Lineage
from judge.parsing.versions import word_diff
from judge.rules import models, selectors


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

    def to_payload(self) -> dict[str, object]:
        return {
            "version": self.version,
            "number": self.number,
            "change": self.change.value,
            "text": self.text,
            "examples": self.examples,
        }


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


def full_text(rule: models.Rule) -> str:
    """A rule's text and examples, one per line: what a word diff between two releases compares."""
    return "\n".join([rule.text, *rule.examples])


def _content(rule: models.Rule) -> tuple[str, str, list[str]]:
    return rule.title, rule.text, rule.examples


def rule_history(*, number: str, version: str | None = None) -> RuleHistory | None:
    """The rule ``number`` of ``version`` in every release it is in, and what each release did to it.

    Without a version: the newest release that has this number. None when no release numbered like
    the current rules has it (pre-2009 releases have other rules under the same numbers). Raises
    UnknownVersion for a version that is not ingested.
    """
    corpus = selectors.live_corpus()
    return rule_history_of(
        selectors.generation(corpus), selectors.resolve_version(corpus, version) if version else None, number
    )


@functools.lru_cache(maxsize=1024)
def rule_history_of(generation: tuple[int, str], version: str | None, number: str) -> RuleHistory | None:
    """:func:`rule_history` of a generation (``version`` resolved, or None), kept per process: the rule page
    reads it too (judge.rules.rule_pages)."""
    line = selectors.lineage_of(generation)
    by_version = selectors.releases_by_version(generation)
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
                diff = word_diff(full_text(previous), full_text(rule))
            change = (
                Change.RENUMBERED
                if rule.number != previous.number
                else Change.CHANGED
                if diff
                else Change.UNCHANGED
            )
        entries.append(
            HistoryEntry(
                release_version,
                release_number,
                change,
                rule.text,
                list(rule.examples),
                diff,
                previous.number if previous else None,
                displaced,
            )
        )
        previous = rule
    if removed_in and previous is not None:
        entries.append(
            HistoryEntry(removed_in, previous.number, Change.REMOVED, None, [], [], previous.number)
        )
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


# --------------------------------------------------------------------------- versions and their changes


@dataclass
class VersionChanges:
    old: str
    new: str
    added: list[models.Rule]
    removed: list[models.Rule]
    # (the rule in ``old``, the same rule in ``new``, word diff): text or examples changed, maybe renumbered
    # too
    changed: list[tuple[models.Rule, models.Rule, list[tuple[str, str]]]]
    renumbered: list[tuple[str, str]] = field(default_factory=list)  # (number in old, number in new)


def comparable_versions(corpus: models.Corpus) -> list[str]:
    """The versions the changes page compares: the ones numbered like the current rules."""
    return selectors.lineage(corpus).versions


def version_changes(*, old: str, new: str) -> VersionChanges | None:
    """What changed from release ``old`` to release ``new`` (given in either order), each rule followed
    through its renumbering. None when either is not ingested or is numbered before July 2009."""
    corpus = selectors.live_corpus()
    line = selectors.lineage(corpus)
    if old not in line or new not in line:
        return None  # numbers of releases before and after the July 2009 renumbering name different rules
    old, new = sorted((old, new))
    return _version_changes(selectors.generation(corpus), old, new)


@functools.lru_cache(maxsize=16)
def _version_changes(generation: tuple[int, str], old: str, new: str) -> VersionChanges:
    by_version = selectors.releases_by_version(generation)
    before = {r.number: r for r in models.Rule.objects.filter(release=by_version[old])}
    after = {r.number: r for r in models.Rule.objects.filter(release=by_version[new])}
    moves = selectors.lineage_of(generation).moves(old, new)
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
            changed.append((rule, after[target], word_diff(full_text(rule), full_text(after[target]))))
    return VersionChanges(
        old=old,
        new=new,
        added=sorted(
            (rule for number, rule in after.items() if number not in kept), key=lambda r: sort_key(r.number)
        ),
        removed=sorted(removed, key=lambda r: sort_key(r.number)),
        changed=sorted(changed, key=lambda c: sort_key(c[1].number)),
        renumbered=sorted(renumbered, key=lambda pair: sort_key(pair[0])),
    )
