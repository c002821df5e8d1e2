"""What an ingest checks before anything goes live: that no rules and no document disappear, and that a killed
ingest left nothing behind.

1. A new current release is refused (:class:`IngestRefused`, nothing goes live) when it has lost more than
   :data:`MAX_RULE_LOSS` (and at least :data:`MIN_RULES_LOST`) of the rules of the release before it, or
   when more of its own references name no rule than the release before it had, plus
   :data:`UNRESOLVED_SLACK` (a file with its middle cut out keeps its table of contents and
   cross-references, and loses the rules they name). ``accept_shrink`` lets a deliberate change through.
2. A Japanese document that disappears, or has fewer sections than the live generation gave it, is a warning
   naming it (a truncated file parses as fewer sections); a strict ingest refuses it.
3. An ingest killed mid-way (``kill -9``) leaves a generation that never went live and a half-built index
   folder (``.gen-N.building-PID``); the next ingest removes both.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

from judge.parsing.records import ParseError
from judge.rules import models
from judge.rules.ingest.stages import Plan

MAX_RULE_LOSS = 0.05  # of the previous release's rules ...
MIN_RULES_LOST = 20  # ... and at least this many (a small release's few rules are not a cut file)
UNRESOLVED_SLACK = 10  # references naming no rule, beyond the previous release's
BUILDING_RE = re.compile(r"^\.[\w.-]+\.building-(\d+)$")


class IngestRefused(ParseError):
    """The ingest was refused before anything went live: the file, its numbers and the reasons."""


def check_current_release(
    plan: Plan, live: models.Corpus | None, *, accept_shrink: bool
) -> list[tuple[str, str]]:
    """The reasons to refuse the current release (none when it is the live one's, or ``accept_shrink``);
    raises :class:`IngestRefused` unless ``accept_shrink``, which returns the reasons as warnings instead."""
    versions = plan.lineage_versions
    if len(versions) < 2:
        return []
    current = plan.known_by_version[versions[-1]]
    if live is not None and live.releases.filter(pk=current.pk).exists():
        return []  # live already: checked (or accepted) when it went live
    before = plan.known_by_version[versions[-2]]
    reasons = []
    lost = before.rule_count - current.rule_count
    if lost >= MIN_RULES_LOST and current.rule_count < before.rule_count * (1 - MAX_RULE_LOSS):
        reasons.append(
            f"{current.rule_count} rules where {before.file_name} has {before.rule_count} "
            f"({lost} fewer, more than {MAX_RULE_LOSS:.0%})"
        )
    if len(current.unresolved) > len(before.unresolved) + UNRESOLVED_SLACK:
        reasons.append(
            f"{len(current.unresolved)} references name no rule, where {before.file_name} has "
            f"{len(before.unresolved)} (at most {UNRESOLVED_SLACK} more are accepted)"
        )
    if reasons and not accept_shrink:
        raise IngestRefused(
            "refused as the current rules, nothing goes live: "
            + "; ".join(reasons)
            + ". A deliberate change goes live with --accept-shrink.",
            source=current.file_name,
        )
    return [(current.file_name, f"accepted (--accept-shrink): {reason}") for reason in reasons]


def lost_documents(plan: Plan, live: models.Corpus | None) -> list[tuple[str, str]]:
    """A warning (file, problem) for each Japanese document of the live generation this ingest loses or
    shortens."""
    if live is None:
        return []
    counts = live.summary.get("counts", {})
    files = dict(live.sources.values_list("slug", "file_name"))
    now = {d.document.slug: d for d in plan.documents}
    warnings = []
    for key, count in counts.items():
        if not key.startswith("sections "):
            continue
        slug = key.removeprefix("sections ")
        found = now.get(slug)
        if found is None:
            warnings.append(
                (
                    files.get(slug, slug),
                    f"the document {slug} disappears (the live generation has {count} sections)",
                )
            )
        elif len(found.sections) < count:
            warnings.append(
                (
                    found.document.source,
                    f"the document {slug} has {len(found.sections)} sections, the live generation {count}",
                )
            )
    return warnings


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
