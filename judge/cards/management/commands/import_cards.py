"""python manage.py import_cards FILE: replace the card data with a Scryfall or MTGJSON file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from judge.cards.services import import_cards
from judge.parsing.records import ParseError


class Command(BaseCommand):
    help = ("Import Magic card data for deck checks and colour identity: a Scryfall bulk file "
            "(\"Oracle Cards\") or MTGJSON AtomicCards.json. Replaces the previous cards.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="Scryfall bulk JSON or MTGJSON AtomicCards.json")

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        if not path.is_file():
            raise CommandError(f"no such file: {path}")
        try:
            result = import_cards(path=path, progress=self.stdout.write if options["verbosity"] > 1 else None)
        except (ParseError, UnicodeDecodeError) as err:
            raise CommandError(f"import failed, the previous cards are kept: {err}") from err
        self.stdout.write(self.style.SUCCESS(
            f"imported {result.cards} cards ({result.aliases} face names, "
            f"{result.duplicates} repeated names skipped)"))
