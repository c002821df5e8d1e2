"""python manage.py fetch_judge_documents [--url URL] [--corpus-dir DIR] [--no-ingest]: read the official
rules-documents page, download the MTR, IPG and JAR it links to, store the new ones in ``judge/`` of the
corpus (judge.rules.judgedocs.fetch), then ingest (unless ``--no-ingest``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser

from judge.rules.judgedocs.fetch import RULES_DOCUMENTS_PAGE, FetchError, fetch_judge_documents


class Command(BaseCommand):
    help = "Download the judge's documents (MTR, IPG, JAR) linked from the official rules-documents page."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--url", default=RULES_DOCUMENTS_PAGE, help="the page that links the PDFs")
        parser.add_argument("--corpus-dir", type=Path, default=None, help="default: JUDGE_CORPUS_DIR")
        parser.add_argument("--no-ingest", action="store_true", help="store the files only")

    def handle(self, *args: Any, **options: Any) -> None:
        corpus_dir = Path(options["corpus_dir"] or settings.JUDGE_CORPUS_DIR)
        try:
            report = fetch_judge_documents(corpus_dir=corpus_dir, url=options["url"])
        except FetchError as err:
            raise CommandError(f"nothing fetched: {err}") from err
        for line in report.stored:
            self.stdout.write(f"stored: {line}")
        for name in report.unchanged:
            self.stdout.write(f"already in the corpus: {name}")
        for line in report.refused:
            self.stdout.write(self.style.WARNING(f"refused: {line}"))
        if report.stored and not options["no_ingest"]:
            call_command("ingest", corpus_dir=corpus_dir, stdout=self.stdout)
