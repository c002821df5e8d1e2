"""python manage.py fetch_rules [URL]: download a new Comprehensive Rules release, ingest it, say what changed.

URL is the text file or a page that links to it (default: JUDGE_RULES_URL, the official rules page, whose
"TXT" link is followed). The file is stored in the corpus directory as ``en/MagicCompRules YYYYMMDD.txt``
under the date it takes effect, then ingested (only what changed is read: judge.rules.services). A file the
corpus already has byte for byte: nothing to do.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from judge.parsing.records import ParseError
from judge.rules import history
from judge.rules.management.commands.ingest import print_report
from judge.rules.progress import for_stream
from judge.rules.services import FetchError, fetch_release, ingest_corpus, undo_fetch


class Command(BaseCommand):
    help = "Download the newest Comprehensive Rules (the official TXT file), ingest it and print what changed."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("url", nargs="?", default=None, help="the .txt file or a page linking to it "
                                                                 "(default: JUDGE_RULES_URL)")
        parser.add_argument("--corpus-dir", type=Path, default=None, help="default: JUDGE_CORPUS_DIR")
        parser.add_argument("--index-dir", type=Path, default=None, help="default: JUDGE_INDEX_DIR")

    def handle(self, *args: Any, **options: Any) -> None:
        url = options["url"] or settings.JUDGE_RULES_URL
        corpus_dir = Path(options["corpus_dir"] or settings.JUDGE_CORPUS_DIR)
        index_dir = Path(options["index_dir"] or settings.JUDGE_INDEX_DIR)
        self.stdout.write(f"fetching {url}")
        try:
            fetched = fetch_release(url=url, corpus_dir=corpus_dir)
        except FetchError as err:
            raise CommandError(f"nothing fetched: {err}") from err
        shown = fetched.path.relative_to(corpus_dir)
        if not fetched.stored:
            self.stdout.write(f"{shown} already has this release ({fetched.version}): nothing to do")
            return
        replaced = " (replacing a different file of the same date)" if fetched.replaced is not None else ""
        self.stdout.write(f"saved {fetched.url} as {shown}{replaced}")
        try:
            report = ingest_corpus(
                corpus_dir=corpus_dir, index_root=index_dir, progress=for_stream(getattr(self.stdout, "_out", self.stdout))
            )
        except ParseError as err:
            undo_fetch(fetched)
            raise CommandError(f"ingest failed, {shown} taken back, the previous corpus is still live: {err}") from err
        print_report(self, report)
        self._print_changes(report.previous_version, fetched.version)

    def _print_changes(self, previous: str, version: str) -> None:
        if not previous or previous == version:
            return
        if version < previous:
            self.stdout.write(f"{version} is older than the current rules ({previous}): added as an older version")
            return
        changes = history.version_changes(old=previous, new=version)
        if changes is None:
            self.stdout.write(f"{previous} and {version} are numbered differently: no comparison")
            return
        self.stdout.write(self.style.SUCCESS(
            f"changes from {previous} to {version}: {len(changes.added)} added, {len(changes.changed)} changed, "
            f"{len(changes.removed)} removed, {len(changes.renumbered)} renumbered"
        ))
