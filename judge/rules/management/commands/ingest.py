"""python manage.py ingest [--corpus-dir DIR] [--strict]: parse the corpus, write it and its index, go live.

A file that does not parse is left out and printed ("skipped: file:line: problem"); the rest goes live
and the exit status is 0. ``--strict`` makes skipped files and warnings fatal.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from judge.parsing.records import ParseError
from judge.rules.services import ingest_corpus


class Command(BaseCommand):
    help = "Ingest the rules corpus (JUDGE_CORPUS_DIR) into the database and the search index."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--corpus-dir", type=Path, default=None, help="default: JUDGE_CORPUS_DIR")
        parser.add_argument("--index-dir", type=Path, default=None, help="default: JUDGE_INDEX_DIR")
        parser.add_argument("--show-unresolved", action="store_true", help="list every unresolved reference")
        parser.add_argument(
            "--strict", action="store_true", help="fail on any file left out or warning (nothing goes live)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        corpus_dir = options["corpus_dir"] or settings.JUDGE_CORPUS_DIR
        index_dir = options["index_dir"] or settings.JUDGE_INDEX_DIR
        try:
            report = ingest_corpus(
                corpus_dir=Path(corpus_dir),
                index_root=Path(index_dir),
                progress=self.stdout.write,
                strict=options["strict"],
            )
        except ParseError as err:
            raise CommandError(f"ingest failed, the previous corpus is still live: {err}") from err
        for name, count in report.counts.items():
            self.stdout.write(f"  {name}: {count}")
        for skipped in report.skipped:
            self.stdout.write(self.style.WARNING(f"skipped: {skipped}"))
        for warning in report.warnings:
            self.stdout.write(self.style.WARNING(f"warning: {warning}"))
        for slug, line in report.translations.items():
            self.stdout.write(f"translation {slug}: {line}")
        self.stdout.write(f"unresolved references: {report.unresolved_total}")
        for version, items in report.unresolved.items():
            if items:
                shown = items if options["show_unresolved"] else items[:5]
                self.stdout.write(f"  {version}: {len(items)} ({', '.join(shown)}{', ...' if len(shown) < len(items) else ''})")
        self.stdout.write(self.style.SUCCESS(f"corpus {report.corpus_id} is live ({', '.join(report.versions)})"))
