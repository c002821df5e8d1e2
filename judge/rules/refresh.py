"""Bring the corpus directory up to date from the official sources: what ``manage.py refresh_rules`` does
before it ingests (``make setup`` and the daily timer in ``deploy/systemd/`` run it).

In order: the current English release (the rules page's TXT link), the official Japanese translation (the
web page of Wizards' Japanese site), the community's Japanese translation when an address is set, then
every release of ``rules_data/cr_releases.tsv`` that the corpus directory lacks. Each download is checked
(``judge.rules.fetch``): a known release against its size and SHA-256, every file by parsing it; what
fails is refused and never stored, and the rest carries on. The first download that finds no connection
at all stops the refresh: offline, one line says so and the corpus stays as it is.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

from judge.parsing.corpus import CR_PREFIX
from judge.rules.fetch import (
    FetchedRelease,
    FetchError,
    Mismatch,
    Offline,
    Refused,
    fetch_release,
    fetch_translation,
    fetch_translation_page,
)
from judge.rules.progress import Progress, Silent
from judge.rules.releases import OfficialRelease

_NAME_DATE = re.compile(r"(\d{8})")


@dataclass(frozen=True)
class Sources:
    """Where the official texts are (each a setting: ``JUDGE_RULES_URL``, ``JUDGE_RULES_JA_PAGE_URL``,
    ``JUDGE_RULES_JA_URL``, ``JUDGE_CR_RELEASES_FILE``)."""

    rules_url: str
    ja_page_url: str = ""
    ja_url: str = ""
    releases: tuple[OfficialRelease, ...] = ()


@dataclass
class Outcome:
    """What a refresh did: the files it stored, the downloads refused (never stored), those that failed
    (an HTTP error: nothing to store), and the no-connection message that stopped it ("" when online)."""

    stored: list[FetchedRelease] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    offline: str = ""
    checked: int = 0


def missing_releases(releases: tuple[OfficialRelease, ...], corpus_dir: Path) -> list[OfficialRelease]:
    """The listed releases with an address that the corpus directory's ``en/`` has neither under their
    date nor, for one with a checksum, under another name.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> (folder / "en").mkdir(); _ = (folder / "en" / "MagicCompRules 20260116.txt").write_text("x")
    >>> rows = (OfficialRelease("20260116", "https://m.example/a.txt"), OfficialRelease("20090201", ""),
    ...         OfficialRelease("20251114", "https://m.example/b.txt"))
    >>> [row.release for row in missing_releases(rows, folder)]
    ['20251114']
    """
    folder = corpus_dir / "en"
    files = sorted(folder.glob(f"{CR_PREFIX}*.txt")) if folder.is_dir() else []
    dates = {match.group(1) for path in files if (match := _NAME_DATE.search(path.name))}
    wanted = [row for row in releases if row.url and row.release not in dates]
    if any(row.sha256 for row in wanted):
        digests = {hashlib.sha256(path.read_bytes()).hexdigest() for path in files}
        wanted = [row for row in wanted if row.sha256 not in digests]
    return wanted


def refresh_corpus(
    *,
    corpus_dir: Path,
    sources: Sources,
    say: Callable[[str], None] = lambda line: None,
    progress: Progress | None = None,
) -> Outcome:
    """Download what the official sources have and the corpus directory lacks, checked, into it (no ingest:
    the caller ingests once, and takes the stored files back with ``fetch.undo_fetch`` if that fails).
    ``say`` gets one line per file stored or refused."""
    progress = progress or Silent()
    outcome = Outcome()
    tried: set[str] = set()  # addresses already downloaded or refused: a listed release is not tried again

    def attempt(what: str, fetch: Callable[[], FetchedRelease], *, required: bool) -> bool:
        """Fetch one source and say what came of it; False when offline (nothing more is tried)."""
        outcome.checked += 1
        try:
            fetched = fetch()
        except Offline as err:
            outcome.offline = str(err)
            return False
        except FetchError as err:
            tried.add(unquote(err.url))
            # A checksum that differs, or a current text that does not parse or download, is refused; an
            # old release that does not parse or download is left out and the others carry on.
            fatal = required or isinstance(err, Mismatch)
            (outcome.refused if fatal else outcome.failed).append(f"{what}: {err}")
            say(f"{'refused, not stored' if isinstance(err, Refused) else 'not fetched'}: {err}")
            return True
        tried.add(unquote(fetched.url))
        shown = fetched.path.relative_to(corpus_dir)
        if fetched.stored:
            outcome.stored.append(fetched)
            say(f"saved {fetched.url} as {shown}")
        else:
            say(f"{what}: {shown} is up to date ({fetched.version})")
        return True

    steps: list[tuple[str, Callable[[], FetchedRelease]]] = [
        (
            "the current rules",
            lambda: fetch_release(
                url=sources.rules_url, corpus_dir=corpus_dir, known=sources.releases, progress=progress
            ),
        )
    ]
    if sources.ja_page_url:
        steps.append(
            (
                "the official Japanese translation",
                lambda: fetch_translation_page(url=sources.ja_page_url, corpus_dir=corpus_dir),
            )
        )
    if sources.ja_url:
        steps.append(
            (
                "the community's Japanese translation",
                lambda: fetch_translation(url=sources.ja_url, corpus_dir=corpus_dir),
            )
        )
    for what, fetch in steps:
        if not attempt(what, fetch, required=True):
            return outcome
    # Listed after the current release is fetched: it may be one of them.
    for row in missing_releases(sources.releases, corpus_dir):
        if unquote(row.url) in tried:
            continue
        fetch = _release_fetcher(row, corpus_dir, sources.releases, progress)
        if not attempt(f"release {row.release}", fetch, required=False):
            return outcome
    return outcome


def _release_fetcher(
    row: OfficialRelease, corpus_dir: Path, releases: tuple[OfficialRelease, ...], progress: Progress
) -> Callable[[], FetchedRelease]:
    return lambda: fetch_release(url=row.url, corpus_dir=corpus_dir, known=releases, progress=progress)
