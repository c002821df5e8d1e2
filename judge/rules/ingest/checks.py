"""What an ingest checks before anything goes live: that no rules and no document disappear, and that a killed
ingest left nothing behind.

1. A release new to the live generation, wherever it falls in date (the newest, or an older or intermediate
   one an operator adds), is refused (:class:`IngestRefused`, nothing goes live) when it has lost more than
   :data:`MAX_LOSS` (and at least the minimum of :data:`RECORD_KINDS`) of any kind of record it serves
   (rules, glossary entries, sections, references between rules) against the release before it in date, or
   more than :data:`MAX_LOSS_TO_NEWER` against a live release after it; when it ends without the Credits
   its neighbours end with (a file cut inside its glossary keeps every rule); or, the newest, when more of
   its own references name no rule than the release before it had, plus :data:`UNRESOLVED_SLACK` (a file
   with its middle cut out keeps its table of contents and cross-references, and loses the rules they
   name). A release read again (its file replaced under the same name) is compared with its own live
   version: any rule lost refuses it, and the refusal lists them. ``accept_shrink`` lets a deliberate
   change through (the official 20130201 file was published cut inside its glossary: an archive ingest
   accepts it so).
2. A Japanese document of the live generation that disappears refuses the ingest, naming every such
   document (with ``ja/`` empty, every Japanese page would answer 404); ``accept_missing`` lets a deliberate
   removal through, as warnings. One with fewer sections than the live generation gave it is a warning
   naming it (a truncated file parses as fewer sections); a strict ingest refuses it.
3. An ingest killed mid-way (``kill -9``) leaves a generation that never went live and a half-built index
   folder (``.gen-N.building-PID``); the next ingest removes both.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

from judge.parsing.records import ParseError, RuleKind
from judge.rules import models
from judge.rules.ingest.stages import Plan

MAX_LOSS = 0.05  # of the records of one kind of the release before ...
#: ... or of a live release after (an older release added: the archive sample's widest gap, 20100201 to
#: 20130429, grew 17 % in rules)
MAX_LOSS_TO_NEWER = 0.25
#: ... and at least this many of that kind (a small release's few records are not a cut file)
RECORD_KINDS: tuple[tuple[str, int], ...] = (
    ("rules", 20),
    ("glossary entries", 10),
    ("sections", 3),
    ("references between rules", 20),
)
UNRESOLVED_SLACK = 10  # references naming no rule, beyond the previous release's
LOST_RULES_SHOWN = 400  # rule numbers a refusal lists (then "and N more")
VERSIONED_SLUG_RE = re.compile(r"-\d{8}$")
BUILDING_RE = re.compile(r"^\.[\w.-]+\.building-(\d+)$")


def _rule_order(number: str) -> tuple[tuple[int, str], ...]:
    """``"702.9a"`` -> ((702, ""), (9, "a")): numbers in the order the rules stand (702.9 before 702.10)."""
    return tuple((int(m.group(1)), m.group(2)) for m in re.finditer(r"(\d+)([a-z]*)", number))


class IngestRefused(ParseError):
    """The ingest was refused before anything went live: the file, its numbers and the reasons."""


#: Official releases published cut short, by the SHA-256 of the file as published (a fact, not its text):
#: read as published, with a note, as the documented official typos are (any other file of that date is
#: checked as usual).
DOCUMENTED_CUTS = {
    "45fb5aaf322fd559620aa97ead220b57fbe841cb5c25b6b315f06a6d92c1e61f": (
        "published without Credits, its glossary ending after 30 entries (the official 20130201 file)"
    ),
}


def documented_cuts(plan: Plan) -> list[tuple[str, str]]:
    """The releases of this ingest that :data:`DOCUMENTED_CUTS` names, and what each was published without:
    the ingest report's notes."""
    return [
        (release.file_name, f"a documented official cut: {DOCUMENTED_CUTS[release.digest]}")
        for release in plan.known_by_version.values()
        if release.digest in DOCUMENTED_CUTS
    ]


def check_current_release(
    plan: Plan, live: models.Corpus | None, *, accept_shrink: bool
) -> list[tuple[str, str]]:
    """The reasons to refuse the releases of this ingest (none when they are the live ones, or
    ``accept_shrink``): a new release that shrank against a neighbour in date or lost its end, and any
    release read again (its file replaced under the same name) that lost rules of its own live version. Raises
    :class:`IngestRefused` unless ``accept_shrink``, which returns the reasons as warnings instead. A release
    of :data:`DOCUMENTED_CUTS` is never refused for what it was published without."""
    documented = {
        release.file_name: DOCUMENTED_CUTS[release.digest]
        for release in plan.known_by_version.values()
        if release.digest in DOCUMENTED_CUTS
    }
    reasons = [
        (file_name, reason)
        for file_name, reason in _shrunk_against_neighbours(plan, live) + _lost_since_live(plan, live)
        if file_name not in documented
    ]
    if reasons and not accept_shrink:
        file_name = reasons[0][0]
        current = plan.known_by_version.get(plan.parsed.current.version)
        what = "refused as the current rules" if current and current.file_name == file_name else "refused"
        raise IngestRefused(
            f"{what}, nothing goes live: "
            + "; ".join(reason if name == file_name else f"{name}: {reason}" for name, reason in reasons)
            + ". A deliberate change goes live with --accept-shrink.",
            source=file_name,
        )
    return [(file_name, f"accepted (--accept-shrink): {reason}") for file_name, reason in reasons]


def _shrunk_against_neighbours(plan: Plan, live: models.Corpus | None) -> list[tuple[str, str]]:
    """Each release new to the live generation (the newest, or an older or intermediate one an operator
    adds) that lost more than :data:`MAX_LOSS` of any kind of record it serves against the release before it
    in date, or more than :data:`MAX_LOSS_TO_NEWER` against a live release after it (an older release added
    under the loaded history: the rules grow from release to release); that lacks the Credits these
    neighbours end with (the file was cut); or, the newest, that has more references naming no rule than
    the release before it. A cold ingest compares each release with the one before it only: the oldest has
    no live release after it."""
    versions = plan.lineage_versions
    live_ids = set(live.releases.values_list("pk", flat=True)) if live is not None else set()
    counted: dict[int, dict[str, int]] = {}
    reasons = []
    for i, version in enumerate(versions):
        release = plan.known_by_version[version]
        if release.pk in live_ids:
            continue  # live already: checked (or accepted) when it went live
        before = plan.known_by_version[versions[i - 1]] if i > 0 else None
        after = plan.known_by_version[versions[i + 1]] if i + 1 < len(versions) else None
        if after is not None and after.pk not in live_ids:
            after = None
        neighbours = [(n, share) for n, share in ((before, MAX_LOSS), (after, MAX_LOSS_TO_NEWER)) if n]
        for neighbour, share in neighbours:
            reasons += [(release.file_name, r) for r in _lost_records(release, neighbour, share, counted)]
        had_credits = [n for n, _ in neighbours if n.credits.strip()]
        if had_credits and not release.credits.strip():
            reasons.append(
                (
                    release.file_name,
                    f"no Credits at its end where {had_credits[0].file_name} has them "
                    "(the file is cut short)",
                )
            )
        newest = i + 1 == len(versions)
        if (
            newest
            and before is not None
            and len(release.unresolved) > len(before.unresolved) + UNRESOLVED_SLACK
        ):
            reasons.append(
                (
                    release.file_name,
                    f"{len(release.unresolved)} references name no rule, where {before.file_name} has "
                    f"{len(before.unresolved)} (at most {UNRESOLVED_SLACK} more are accepted)",
                )
            )
    return reasons


def _record_counts(release: models.Release, counted: dict[int, dict[str, int]]) -> dict[str, int]:
    """How many records of each kind (:data:`RECORD_KINDS`) a release serves, counted once per ingest."""
    if release.pk not in counted:
        counted[release.pk] = {
            "rules": release.rule_count,
            "glossary entries": release.glossary_count,
            "sections": release.rules.filter(kind=RuleKind.SECTION.value).count(),
            "references between rules": release.citations.count(),
        }
    return counted[release.pk]


def _lost_records(
    release: models.Release, neighbour: models.Release, share: float, counted: dict[int, dict[str, int]]
) -> list[str]:
    """A reason for each kind of record of which ``release`` has lost more than ``share`` (and at least the
    minimum of :data:`RECORD_KINDS`) against ``neighbour``."""
    has, had = _record_counts(release, counted), _record_counts(neighbour, counted)
    reasons = []
    for kind, least in RECORD_KINDS:
        lost = had[kind] - has[kind]
        if lost >= least and has[kind] < had[kind] * (1 - share):
            reasons.append(
                f"{has[kind]} {kind} where {neighbour.file_name} has {had[kind]} "
                f"({lost} fewer, more than {share:.0%})"
            )
    return reasons


def _lost_since_live(plan: Plan, live: models.Corpus | None) -> list[tuple[str, str]]:
    """Each release read again whose live version (the same effective date, other bytes) had rules it lacks:
    a file replaced in place by a cut copy keeps its name, and even a few lost rules would answer 404."""
    if live is None:
        return []
    live_by_version = {release.version: release for release in live.releases.all()}
    reasons = []
    for release in plan.known.values():
        was = live_by_version.get(release.version)
        if was is None or was.pk == release.pk:
            continue
        lost = set(was.rules.values_list("number", flat=True)) - set(
            release.rules.values_list("number", flat=True)
        )
        if lost:
            numbers = sorted(lost, key=_rule_order)
            shown = ", ".join(numbers[:LOST_RULES_SHOWN])
            more = f" and {len(numbers) - LOST_RULES_SHOWN} more" if len(numbers) > LOST_RULES_SHOWN else ""
            reasons.append(
                (
                    release.file_name,
                    f"{len(numbers)} rule{'s' if len(numbers) > 1 else ''} of the live {release.version} "
                    f"release ({was.file_name}) are missing from it: {shown}{more}",
                )
            )
    return reasons


def check_documents(
    plan: Plan, live: models.Corpus | None, *, strict: bool, accept_missing: bool
) -> list[tuple[str, str]]:
    """The warnings (file, problem) for the Japanese documents of the live generation this ingest loses or
    shortens. A document that disappears refuses the ingest (an empty or missing ``ja/`` folder would take
    every one off the site) unless ``accept_missing``; with ``strict``, so does any other loss."""
    gone, shortened = _lost_documents(plan, live)
    if gone and not accept_missing:
        raise IngestRefused(
            f"refused, nothing goes live: {len(gone)} Japanese document(s) of the live generation are "
            "missing from the corpus folder: "
            + "; ".join(problem for _, problem in gone)
            + ". A deliberate removal goes live with --accept-missing-documents.",
            source=gone[0][0],
        )
    accepted = [
        (file_name, f"accepted (--accept-missing-documents): {problem}") for file_name, problem in gone
    ]
    if strict and shortened:
        file_name, problem = shortened[0]
        raise IngestRefused(
            f"{problem} (strict: a document shortened is fatal; {len(shortened)} in all)", source=file_name
        )
    return accepted + shortened


def _lost_documents(
    plan: Plan, live: models.Corpus | None
) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(file, problem) for each Japanese document of the live generation this ingest loses, and for each it
    shortens (a truncated file parses as fewer sections)."""
    if live is None:
        return [], []
    counts = live.summary.get("counts", {})
    files = dict(live.sources.values_list("slug", "file_name"))
    now = {d.document.slug: d for d in plan.documents}
    # A translation of the whole CR is named after its release (cr-ja-20231117): one of another release
    # replaces it.
    families = {VERSIONED_SLUG_RE.sub("", slug) for slug in now}
    gone, shortened = [], []
    for key, count in counts.items():
        if not key.startswith("sections "):
            continue
        slug = key.removeprefix("sections ")
        found = now.get(slug)
        if found is None and VERSIONED_SLUG_RE.search(slug) and VERSIONED_SLUG_RE.sub("", slug) in families:
            continue
        if found is None:
            gone.append(
                (
                    files.get(slug, slug),
                    f"the document {slug} disappears (the live generation has {count} sections)",
                )
            )
        elif len(found.sections) < count:
            shortened.append(
                (
                    found.document.source,
                    f"the document {slug} has {len(found.sections)} sections, the live generation {count}",
                )
            )
    return gone, shortened


def clean_killed_ingest(index_root: Path) -> list[str]:
    """Remove what an ingest killed mid-way left: generations that never went live (every one newer than the
    live generation) and index folders still being built by a process that is gone. Returns what it
    removed."""
    removed = []
    live = models.Corpus.objects.filter(is_live=True).order_by("-pk").first()
    never_live = models.Corpus.objects.filter(is_live=False)
    if live is not None:
        never_live = never_live.filter(pk__gt=live.pk)
    for pk in never_live.values_list("pk", flat=True):
        removed.append(f"corpus {pk} (never live)")
    never_live.delete()
    if index_root.is_dir():
        for path in sorted(index_root.iterdir()):
            match = BUILDING_RE.match(path.name)
            if match and path.is_dir() and not _running(int(match.group(1))):
                shutil.rmtree(path, ignore_errors=True)
                removed.append(f"index folder {path.name}")
    return removed


def _running(pid: int) -> bool:
    """Whether process ``pid`` is alive (and not this one: this ingest builds nothing yet)."""
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process
    except OSError:
        return False
    return True
