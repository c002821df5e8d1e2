"""python manage.py refresh_rules [--if-online]: bring the corpus up to date from the official sources, then
ingest once.

Checks the rules page's TXT link (JUDGE_RULES_URL), the official Japanese translation's page
(JUDGE_RULES_JA_PAGE_URL), the community's translation when JUDGE_RULES_JA_URL is set, and every release of
JUDGE_CR_RELEASES_FILE the corpus directory lacks; downloads what is new, checked (judge.rules.refresh), and
ingests once at the end when something was stored. When the ingest refuses an old release just stored (one
published cut short), that file is taken back and left out and the rest goes live; when it refuses the current
release (one that lost rules, say), every file stored is taken back and the previous corpus keeps serving.

Exit status: 0 when everything is up to date or was fetched; 1 when a download was refused (its checksum, or
a current text that does not parse) or the ingest failed. Offline (no DNS, connection refused) it says so in
one line and exits 1, or 0 with ``--if-online`` (what ``make setup`` and the daily timer use).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from judge.parsing.corpus import corpus_files, newest_rules_file
from judge.parsing.records import ParseError
from judge.rules.fetch import FetchedRelease, undo_fetch
from judge.rules.ingest import ingest_corpus
from judge.rules.judgedocs.fetch import FetchError as JudgeFetchError
from judge.rules.judgedocs.fetch import fetch_judge_documents
from judge.rules.judgedocs.ingest import ingest_judge_documents
from judge.rules.management.commands.ingest import print_report
from judge.rules.progress import for_stream, raw_stream
from judge.rules.refresh import Outcome, Sources, refresh_corpus
from judge.rules.releases import ReleasesFileError, read_releases


class Command(BaseCommand):
    help = (
        "Fetch what is new from the official sources (the current rules, the Japanese translation, every "
        "known release missing), check it, and ingest once."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--if-online",
            action="store_true",
            help="offline (no DNS, connection refused): say so and exit 0 (make setup, the daily timer)",
        )
        parser.add_argument("--corpus-dir", type=Path, default=None, help="default: JUDGE_CORPUS_DIR")
        parser.add_argument("--index-dir", type=Path, default=None, help="default: JUDGE_INDEX_DIR")

    def handle(self, *args: Any, **options: Any) -> None:
        corpus_dir = Path(options["corpus_dir"] or settings.JUDGE_CORPUS_DIR)
        index_dir = Path(options["index_dir"] or settings.JUDGE_INDEX_DIR)
        try:
            releases = read_releases(Path(settings.JUDGE_CR_RELEASES_FILE))
        except ReleasesFileError as err:
            raise CommandError(f"nothing fetched: {err}") from err
        sources = Sources(
            rules_url=settings.JUDGE_RULES_URL,
            ja_page_url=settings.JUDGE_RULES_JA_PAGE_URL,
            ja_url=settings.JUDGE_RULES_JA_URL,
            releases=releases,
        )
        outcome = refresh_corpus(
            corpus_dir=corpus_dir,
            sources=sources,
            say=self.stdout.write,
            progress=for_stream(raw_stream(self.stdout)),
        )
        if outcome.offline:
            line = (
                f"offline, the rules were not checked: {outcome.offline}. The corpus stays as it is; "
                "`python manage.py refresh_rules` fetches them once online."
            )
            self._ingest(outcome, corpus_dir, index_dir)  # what arrived before the connection went
            if options["if_online"]:
                self.stdout.write(self.style.WARNING(line))
                return
            raise CommandError(line)
        judge_stored = self._fetch_judge_documents(corpus_dir)
        self._ingest(outcome, corpus_dir, index_dir, judge_stored=judge_stored)
        for problem in outcome.failed:
            self.stdout.write(self.style.WARNING(f"left out: {problem}"))
        if outcome.refused:
            raise CommandError("refused, the previous files keep serving: " + "; ".join(outcome.refused))
        if not outcome.stored and not judge_stored:
            self.stdout.write(f"the corpus is up to date ({outcome.checked} sources checked)")

    def _fetch_judge_documents(self, corpus_dir: Path) -> bool:
        """The judge's documents (MTR, IPG, JAR) the official rules-documents page links to, a new edition
        stored in judge/ (judge.rules.judgedocs.fetch); True when one was stored. A page that cannot be read
        is said in one line: the rules are what this command is for."""
        if not settings.JUDGE_RULES_DOCUMENTS_URL:
            return False
        try:
            report = fetch_judge_documents(corpus_dir=corpus_dir, url=settings.JUDGE_RULES_DOCUMENTS_URL)
        except JudgeFetchError as err:
            self.stdout.write(self.style.WARNING(f"the judge's documents were not checked: {err}"))
            return False
        for line in report.stored:
            self.stdout.write(f"saved the judge's document {line}")
        for line in report.refused:
            self.stdout.write(self.style.WARNING(f"judge's document refused, not stored: {line}"))
        return bool(report.stored)

    def _ingest(
        self, outcome: Outcome, corpus_dir: Path, index_dir: Path, *, judge_stored: bool = False
    ) -> None:
        """Ingest once what was stored. When the ingest refuses an old release just stored (one published cut
        short, say), that file is taken back and left out, and the rest is ingested again: one odd release of
        the archive never keeps the current rules from going live. When it refuses the current release, or
        anything not stored by this run, every stored file is taken back."""
        stored = list(outcome.stored)
        if not stored and not judge_stored:
            return
        # The judge's documents first, as the ingest command installs them: the index is built with them.
        judge = ingest_judge_documents(corpus_dir)
        for line in judge.installed:
            self.stdout.write(f"judge's document installed: {line}")
        for line in judge.refused:
            self.stdout.write(
                self.style.WARNING(f"judge's document refused (the installed edition stays): {line}")
            )
        while True:
            try:
                report = ingest_corpus(
                    corpus_dir=corpus_dir,
                    index_root=index_dir,
                    progress=for_stream(raw_stream(self.stdout)),
                )
            except ParseError as err:
                old = _old_release_named(stored, err, corpus_dir)
                if old is None:
                    for fetched in reversed(stored):
                        undo_fetch(fetched)
                    names = ", ".join(str(f.path.relative_to(corpus_dir)) for f in stored)
                    raise CommandError(
                        f"ingest failed, {names} taken back, the previous corpus is still live: {err}"
                    ) from err
                undo_fetch(old)
                stored.remove(old)
                outcome.failed.append(f"{old.path.relative_to(corpus_dir)}: refused by the ingest: {err}")
                continue
            print_report(self, report)
            return


def _old_release_named(
    stored: list[FetchedRelease], err: ParseError, corpus_dir: Path
) -> FetchedRelease | None:
    """The English release stored by this run that ``err`` names, when it is not the newest of the corpus."""
    newest = newest_rules_file(corpus_files(corpus_dir))
    for fetched in stored:
        if fetched.path.name == err.source and fetched.path.parent.name == "en" and fetched.path != newest:
            return fetched
    return None
