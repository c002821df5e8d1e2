"""python manage.py import_cards [FILE ...] | --download | --if-newer | --refresh: the Magic card data.

- ``import_cards FILE ...`` imports those files, each recognised by its content: Scryfall's Oracle Cards,
  Scryfall's Rulings, Scryfall's Default Cards (every printing: the other English names some printings
  carry, rule 201.3), MTGJSON's AtomicCards (a directory means every card file inside, the newest of each);
- ``import_cards --download`` fetches the current four files and Commander Spellbook's combo export
  (``variants.json``, JUDGE_COMMANDER_SPELLBOOK_URL) into JUDGE_CARDS_DIR, then imports them;
- ``import_cards --if-newer`` imports JUDGE_CARDS_FILE, or JUDGE_CARDS_DIR's files, when they changed since
  the last import (only the changed ones, unless the cards file itself changed), and otherwise does nothing:
  it never goes to the network;
- ``import_cards --refresh`` (what ``make setup`` / ``make run`` do) downloads the files that are missing
  or older than JUDGE_CARDS_MAX_AGE_DAYS, then does what ``--if-newer`` does. Offline, it says once that
  card lookups need the data and carries on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from judge.cards import bulk, selectors
from judge.cards.services import CardImport, import_files, kind_of
from judge.parsing.card_data import FileKind
from judge.parsing.records import ParseError
from judge.rules.progress import raw_stream

OFFLINE = (
    "Card data could not be downloaded ({reason}). The site works without it, but card lookups "
    "(card names, legality, colour identity by name) need it, and Commander Brackets estimates need "
    "the card data for Game Changers, extra turns and mass land denial and Commander Spellbook's combos "
    "for two-card combos; run `make cards` when online."
)


class Command(BaseCommand):
    help = (
        "Import Magic card data: Scryfall's Oracle Cards, Rulings and Default Cards (printings' other "
        "names), MTGJSON's AtomicCards (Japanese names and printed texts). Each file replaces the previous "
        "data of its kind."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "files", type=Path, nargs="*", help="card data files, or a directory holding them"
        )
        how = parser.add_mutually_exclusive_group()
        how.add_argument(
            "--download",
            action="store_true",
            help="fetch the current Scryfall Oracle Cards, Rulings, Default Cards and MTGJSON AtomicCards "
            "into JUDGE_CARDS_DIR, then import them",
        )
        how.add_argument(
            "--if-newer",
            action="store_true",
            help="import JUDGE_CARDS_FILE or JUDGE_CARDS_DIR's files if they changed since the last import "
            "(no network)",
        )
        how.add_argument(
            "--refresh",
            action="store_true",
            help="download the files missing or older than JUDGE_CARDS_MAX_AGE_DAYS (offline: carry on), "
            "then --if-newer",
        )
        parser.add_argument(
            "--bulk-data-url",
            default=bulk.BULK_DATA_URL,
            help=f"Scryfall's bulk-data list (default {bulk.BULK_DATA_URL})",
        )
        parser.add_argument(
            "--mtgjson-url",
            default=bulk.MTGJSON_URL,
            help=f"MTGJSON's file folder (default {bulk.MTGJSON_URL})",
        )
        parser.add_argument(
            "--spellbook-url",
            default=settings.JUDGE_COMMANDER_SPELLBOOK_URL,
            help="Commander Spellbook's combo export (default JUDGE_COMMANDER_SPELLBOOK_URL, "
            f"{bulk.SPELLBOOK_URL})",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        paths: list[Path] = options["files"]
        mode = options["download"] or options["if_newer"] or options["refresh"]
        if paths and mode:
            raise CommandError("give FILEs or --download / --if-newer / --refresh, not both")
        if not paths and not mode:
            raise CommandError("give a FILE, --download, --if-newer or --refresh")
        verbose = options["verbosity"] > 1
        cards_dir = Path(settings.JUDGE_CARDS_DIR)
        failed = ""
        if options["download"] or options["refresh"]:
            kinds = (
                list(bulk.PREFIXES)
                if options["download"]
                else bulk.stale_kinds(cards_dir, max_age_days=settings.JUDGE_CARDS_MAX_AGE_DAYS)
            )
            failed = self._download(
                kinds, cards_dir, options["bulk_data_url"], options["mtgjson_url"], options["spellbook_url"]
            )
            if failed and options["download"]:
                raise CommandError(f"download failed, the previous cards are kept: {failed}")
            if failed:
                self.stdout.write(OFFLINE.format(reason=failed))
        if mode:
            found = self._changed_files(cards_dir, said=bool(failed))
            if not found:
                return
            paths = found
        try:
            self._import(self._expand(paths), verbose=verbose)
        except CommandError as err:
            if not options["refresh"]:
                raise
            # Set-up goes on: the previous card data (if any) keeps serving.
            self.stderr.write(str(err))

    def _download(
        self, kinds: list[str], cards_dir: Path, index_url: str, mtgjson_url: str, spellbook_url: str
    ) -> str:
        """Fetch each kind; the first failure's reason ("" when all arrived). A failure stops the rest:
        offline, one message is enough."""
        out = raw_stream(self.stderr)
        for kind in kinds:
            try:
                path, published = bulk.fetch(
                    kind,
                    cards_dir,
                    progress=lambda name, total: bulk.Progress(out, total, name),
                    index_url=index_url,
                    mtgjson_url=mtgjson_url,
                    spellbook_url=spellbook_url,
                )
            except bulk.DownloadError as err:
                return str(err)
            self.stdout.write(f"saved {path.name} (published {published or 'on an unknown date'})")
        return ""

    def _changed_files(self, cards_dir: Path, *, said: bool = False) -> list[Path]:
        """JUDGE_CARDS_FILE, or the card files in JUDGE_CARDS_DIR, when one of them is not imported as it is.

        ``said``: the failed download already said what card lookups need; it is said once."""
        named = settings.JUDGE_CARDS_FILE
        if named:
            paths = [Path(named)] if Path(named).is_file() else []
        else:
            paths = self._expand([cards_dir]) if cards_dir.is_dir() else []
        if not paths and said:
            return []
        if not paths:
            where = named or f"{cards_dir}/*.json"
            self.stdout.write(
                f"no card data file ({where}). Card lookups (card names, legality, colour identity by name) "
                "need it; `make cards` downloads it."
            )
            return []
        changed = [path for path in paths if not selectors.imported_from(path)]
        if not changed:
            self.stdout.write(f"card data up to date ({', '.join(p.name for p in paths)})")
            return []
        # Only what changed is imported again, unless the cards themselves changed: replacing them drops
        # the names and rulings attached to them, so then every file is imported again.
        kinds = {path: kind_of(path) for path in paths}
        main_kind = (
            FileKind.SCRYFALL_CARDS if FileKind.SCRYFALL_CARDS in kinds.values() else FileKind.MTGJSON_ATOMIC
        )
        return paths if any(kinds[path] is main_kind for path in changed) else changed

    def _expand(self, paths: list[Path]) -> list[Path]:
        """Files as given; a directory's card files, the newest of each kind (recognised by content)."""
        files: list[Path] = []
        for path in paths:
            if not path.exists():
                raise CommandError(f"no such file: {path}")
            if not path.is_dir():
                files.append(path)
                continue
            newest: dict[FileKind, Path] = {}
            # The newest of each kind; files of one age (a fresh checkout) in name order: a stable pick.
            for candidate in sorted(path.glob("*.json"), key=lambda p: (p.stat().st_mtime, p.name)):
                try:
                    newest[kind_of(candidate)] = candidate
                except (ParseError, UnicodeDecodeError, OSError):
                    self.stderr.write(f"skipped {candidate.name}: not a card data file")
            files.extend(newest.values())
        return files

    def _import(self, paths: list[Path], *, verbose: bool) -> None:
        if not paths:
            raise CommandError("no card data file to import")
        self.stdout.write(f"importing {', '.join(str(p) for p in paths)} ...")
        try:
            results = import_files(paths=paths, progress=self.stdout.write if verbose else None)
        except (ParseError, UnicodeDecodeError) as err:
            raise CommandError(f"import failed, the previous cards are kept: {err}") from err
        for result in results:
            self.stdout.write(self.style.SUCCESS(_summary(result)))


def _summary(result: CardImport) -> str:
    published = f" published {result.published}" if result.published else ""
    if result.kind is FileKind.SCRYFALL_RULINGS:
        return f"imported {result.rulings} rulings{published} ({result.duplicates} on cards not imported)"
    if result.kind is FileKind.COMMANDER_SPELLBOOK:
        return f"imported {result.cards} Commander Spellbook combos{published}"
    if result.kind is FileKind.SCRYFALL_PRINTINGS:
        return (
            f"imported {result.printing_names} other names of printings{published} "
            f"({result.duplicates} on cards not imported)"
        )
    if result.merged:
        return f"added MTGJSON's Japanese names and legalities{published} to {result.merged} cards"
    return (
        f"imported {result.cards} cards{published} ({result.aliases} other names: faces, Japanese; "
        f"{result.duplicates} repeated names skipped)"
    )
