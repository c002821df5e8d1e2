"""python manage.py fetch_rules [--lang ja] [URL]: download a new release, ingest it, say what changed.

URL is the text file or a page that links to it (default: JUDGE_RULES_URL, the official rules page, whose
"TXT" link is followed). The file is stored in the corpus directory as ``en/MagicCompRules YYYYMMDD.txt``
under the date it takes effect (a release listed in JUDGE_CR_RELEASES_FILE only with its listed size and
SHA-256), then ingested (only what changed is read: judge.rules.ingest). A file the corpus already has byte
for byte: nothing to do. ``refresh_rules`` checks every official source at once.

``--lang ja`` fetches the community's Japanese translation of the whole rules instead (default:
JUDGE_RULES_JA_URL, which has no default of its own): stored as ``ja/JPN_CR_YYYYMMDD_N.txt`` after its title
line, ingested, and followed by which rules gained Japanese and which rules' Japanese changed, so that a
re-issue's corrections can be checked rule by rule. Downloading and storing: judge.rules.fetch.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from judge.parsing.records import ParseError
from judge.rules import history, models
from judge.rules.fetch import (
    FetchedRelease,
    FetchError,
    JapaneseChanges,
    fetch_release,
    fetch_translation,
    japanese_changes,
    japanese_of_rules,
    undo_fetch,
)
from judge.rules.ingest import IngestReport, ingest_corpus
from judge.rules.management.commands.ingest import print_report
from judge.rules.progress import for_stream, raw_stream
from judge.rules.releases import ReleasesFileError, read_releases

SHOWN = 20  # rule numbers listed per kind of change; the rest are counted


class Command(BaseCommand):
    help = (
        "Download the newest Comprehensive Rules (the official TXT file), ingest it and print what changed."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "url",
            nargs="?",
            default=None,
            help="the .txt file or a page linking to it "
            "(default: JUDGE_RULES_URL; --lang ja: "
            "JUDGE_RULES_JA_URL)",
        )
        parser.add_argument(
            "--lang",
            choices=("en", "ja"),
            default="en",
            help="en: the official Comprehensive Rules (default); ja: the Japanese translation "
            "(JPN_CR_YYYYMMDD_N.txt)",
        )
        parser.add_argument("--corpus-dir", type=Path, default=None, help="default: JUDGE_CORPUS_DIR")
        parser.add_argument("--index-dir", type=Path, default=None, help="default: JUDGE_INDEX_DIR")

    def handle(self, *args: Any, **options: Any) -> None:
        corpus_dir = Path(options["corpus_dir"] or settings.JUDGE_CORPUS_DIR)
        index_dir = Path(options["index_dir"] or settings.JUDGE_INDEX_DIR)
        if options["lang"] == "ja":
            self._fetch_translation(options["url"] or settings.JUDGE_RULES_JA_URL, corpus_dir, index_dir)
            return
        try:
            # A release listed in JUDGE_CR_RELEASES_FILE must have its listed size and SHA-256.
            known = read_releases(Path(settings.JUDGE_CR_RELEASES_FILE))
        except ReleasesFileError as err:
            raise CommandError(f"nothing fetched: {err}") from err
        fetched = self._store(
            partial(fetch_release, known=known),
            options["url"] or settings.JUDGE_RULES_URL,
            corpus_dir,
            kind="release",
            same="date",
        )
        if fetched is None:
            return
        report = self._ingest(fetched, corpus_dir, index_dir)
        print_report(self, report)
        self._print_changes(report.previous_version, fetched.version)

    def _store(
        self, fetch: Callable[..., FetchedRelease], url: str, corpus_dir: Path, *, kind: str, same: str
    ) -> FetchedRelease | None:
        """Download and store a release or a translation, saying what was done; None when the corpus directory
        already has these very bytes."""
        self.stdout.write(f"fetching {url}")
        try:
            fetched = fetch(url=url, corpus_dir=corpus_dir)
        except FetchError as err:
            raise CommandError(f"nothing fetched: {err}") from err
        shown = fetched.path.relative_to(corpus_dir)
        if not fetched.stored:
            self.stdout.write(f"{shown} already has this {kind} ({fetched.version}): nothing to do")
            return None
        replaced = f" (replacing a different file of the same {same})" if fetched.replaced is not None else ""
        self.stdout.write(f"saved {fetched.url} as {shown}{replaced}")
        return fetched

    def _ingest(self, fetched: FetchedRelease, corpus_dir: Path, index_dir: Path) -> IngestReport:
        """Ingest the corpus with the file just stored; when the ingest fails, the file is taken back."""
        try:
            return ingest_corpus(
                corpus_dir=corpus_dir,
                index_root=index_dir,
                progress=for_stream(raw_stream(self.stdout)),
            )
        except ParseError as err:
            undo_fetch(fetched)
            shown = fetched.path.relative_to(corpus_dir)
            raise CommandError(
                f"ingest failed, {shown} taken back, the previous corpus is still live: {err}"
            ) from err

    def _fetch_translation(self, url: str, corpus_dir: Path, index_dir: Path) -> None:
        if not url:
            raise CommandError(
                "no address for the Japanese translation: give its URL (fetch_rules --lang ja URL) "
                "or set JUDGE_RULES_JA_URL"
            )
        fetched = self._store(fetch_translation, url, corpus_dir, kind="translation", same="name")
        if fetched is None:
            return
        before = japanese_of_rules(_live())
        report = self._ingest(fetched, corpus_dir, index_dir)
        print_report(self, report)
        self._print_japanese(japanese_changes(before, japanese_of_rules(_live())), fetched.version)

    def _print_japanese(self, changes: JapaneseChanges, version: str) -> None:
        gained = f"{len(changes.gained)} rule{'' if len(changes.gained) == 1 else 's'} gained Japanese"
        lost = f", {len(changes.lost)} lost it" if changes.lost else ""
        self.stdout.write(
            self.style.SUCCESS(f"Japanese: {gained}, {len(changes.changed)} changed{lost} ({version})")
        )
        for kind, numbers in (
            ("gained", changes.gained),
            ("changed", changes.changed),
            ("lost", changes.lost),
        ):
            if numbers:
                more = f" and {len(numbers) - SHOWN} more" if len(numbers) > SHOWN else ""
                self.stdout.write(f"  {kind}: {', '.join(numbers[:SHOWN])}{more}")

    def _print_changes(self, previous: str, version: str) -> None:
        if not previous or previous == version:
            return
        if version < previous:
            self.stdout.write(
                f"{version} is older than the current rules ({previous}): added as an older version"
            )
            return
        changes = history.version_changes(old=previous, new=version)
        if changes is None:
            self.stdout.write(f"{previous} and {version} are numbered differently: no comparison")
            return
        self.stdout.write(
            self.style.SUCCESS(
                f"changes from {previous} to {version}: {len(changes.added)} added, {len(changes.changed)} "
                "changed, "
                f"{len(changes.removed)} removed, {len(changes.renumbered)} renumbered"
            )
        )


def _live() -> models.Corpus | None:
    """The live generation, read afresh (not the per-request one): the ingest replaces it."""
    return models.Corpus.objects.filter(is_live=True).order_by("-pk").first()
