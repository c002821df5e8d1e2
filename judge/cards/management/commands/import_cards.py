"""python manage.py import_cards FILE | --download | --if-newer: replace the card data with a Scryfall or
MTGJSON file.

- ``import_cards FILE`` imports that file (Scryfall bulk JSON or MTGJSON AtomicCards.json);
- ``import_cards --download`` fetches Scryfall's current "Oracle Cards" bulk file into JUDGE_CARDS_DIR
  (var/cards/oracle-cards.json), then imports it;
- ``import_cards --if-newer`` (what ``make run`` does) imports JUDGE_CARDS_FILE, or the newest
  JUDGE_CARDS_DIR/*.json, when it changed since the last import, and otherwise does nothing: it never
  goes to the network.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from judge.cards import bulk, selectors
from judge.cards.services import import_cards
from judge.parsing.records import ParseError


class Command(BaseCommand):
    help = (
        "Import Magic card data for deck checks and colour identity: a Scryfall bulk file "
        '("Oracle Cards") or MTGJSON AtomicCards.json (which also gives Japanese names). '
        "Replaces the previous cards."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "file", type=Path, nargs="?", help="Scryfall bulk JSON or MTGJSON AtomicCards.json"
        )
        how = parser.add_mutually_exclusive_group()
        how.add_argument(
            "--download",
            action="store_true",
            help=f"fetch Scryfall's current Oracle Cards file into JUDGE_CARDS_DIR ({bulk.FILE_NAME}), "
            "then import it",
        )
        how.add_argument(
            "--if-newer",
            action="store_true",
            help="import JUDGE_CARDS_FILE or the newest JUDGE_CARDS_DIR/*.json if it changed since "
            "the last import (no network)",
        )
        parser.add_argument(
            "--bulk-data-url",
            default=bulk.BULK_DATA_URL,
            help=f"the bulk-data list to read (default {bulk.BULK_DATA_URL})",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path | None = options["file"]
        if options["download"] or options["if_newer"]:
            if path is not None:
                raise CommandError("give a FILE or --download / --if-newer, not both")
            path = self._download(options["bulk_data_url"]) if options["download"] else self._changed_file()
            if path is None:
                return
        elif path is None:
            raise CommandError("give a FILE, --download or --if-newer")
        if not path.is_file():
            raise CommandError(f"no such file: {path}")
        self._import(path, verbose=options["verbosity"] > 1)

    def _download(self, index_url: str) -> Path:
        target = Path(settings.JUDGE_CARDS_DIR) / bulk.FILE_NAME
        try:
            entry = bulk.oracle_cards(index_url)
            self.stdout.write(
                f"Scryfall Oracle Cards of {entry.updated_at or 'unknown date'}: {entry.download_uri}"
            )
            out = (
                self.stderr._out
            )  # the raw stream: a progress bar rewrites its line, OutputWrapper adds newlines
            bulk.download(
                entry.download_uri, target, progress=lambda total: bulk.Progress(out, total or entry.size)
            )
        except bulk.DownloadError as err:
            raise CommandError(f"download failed, the previous cards are kept: {err}") from err
        self.stdout.write(f"saved {target}")
        return target

    def _changed_file(self) -> Path | None:
        path = bulk.card_file(cards_dir=Path(settings.JUDGE_CARDS_DIR), named=settings.JUDGE_CARDS_FILE)
        if path is None:
            where = settings.JUDGE_CARDS_FILE or f"{settings.JUDGE_CARDS_DIR}/*.json"
            self.stdout.write(
                f"no card data file ({where}); python manage.py import_cards --download fetches one"
            )
            return None
        if selectors.imported_from(path):
            self.stdout.write(f"card data up to date ({path.name})")
            return None
        return path

    def _import(self, path: Path, *, verbose: bool) -> None:
        self.stdout.write(f"importing {path} ...")
        try:
            result = import_cards(path=path, progress=self.stdout.write if verbose else None)
        except (ParseError, UnicodeDecodeError) as err:
            raise CommandError(f"import failed, the previous cards are kept: {err}") from err
        self.stdout.write(
            self.style.SUCCESS(
                f"imported {result.cards} cards ({result.aliases} other names: faces, Japanese; "
                f"{result.duplicates} repeated names skipped)"
            )
        )
