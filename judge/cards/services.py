"""Card data services: import the published card files, and check a deck against them.

The import streams each file (``judge.parsing.card_data``) and writes inside
one transaction that first deletes the rows it replaces, so readers see
either the old set or the new one, and a file that fails to parse halfway
leaves the old set in place.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from django.db import transaction
from django.utils.text import slugify

from judge.cards import selectors
from judge.cards.brackets import estimate_decklist
from judge.cards.combos import import_combos
from judge.cards.models import Card, CardAlias, CardRuling, CardSource, PrintingName
from judge.engine import cards as engine_cards
from judge.engine import deck, dm, dm_cards
from judge.engine.deck_counts import check_without_cards
from judge.engine.deck_payload import read_deck_payload
from judge.engine.decklist import Decklist, DecklistEntry, Section, parse_decklist
from judge.engine.errors import InvalidInputError, RulesError
from judge.engine.messages import Message
from judge.parsing.card_data import FileKind, file_kind, iter_card_entries, iter_rulings
from judge.parsing.card_printings import iter_other_names
from judge.parsing.records import ParseError

T = TypeVar("T")

BATCH = 1000
MAX_NAME = 255  # the column width; no printed card name comes close
#: The order files are imported in: the cards first, MTGJSON's names and legalities onto them, then the
#: printings' other names and the rulings, which attach to the cards.
ORDER = (
    FileKind.SCRYFALL_CARDS,
    FileKind.MTGJSON_ATOMIC,
    FileKind.SCRYFALL_PRINTINGS,
    FileKind.SCRYFALL_RULINGS,
    FileKind.COMMANDER_SPELLBOOK,
)
#: The day the Game Changers list was first published (the February 2025 announcement): a card file
#: older than that cannot carry the mark, so its silence is not "no Game Changers".
GAME_CHANGERS_SINCE = "2025-02-11"
#: A publication date in a Scryfall bulk file's name: oracle-cards-20261120093012.json.
FILE_DATE_RE = re.compile(r"(20\d{2})(\d{2})(\d{2})\d*\.json$")


@dataclass
class CardImport:
    cards: int
    aliases: int
    duplicates: int  # reprints and repeated names, kept once
    kind: FileKind = FileKind.SCRYFALL_CARDS
    published: str = ""
    rulings: int = 0
    merged: int = 0  # MTGJSON cards matched to Scryfall's
    printing_names: int = 0  # other English names of printings (Scryfall's Default Cards)


def _batches(rows: Iterable[T]) -> Iterator[list[T]]:
    batch: list[T] = []
    for row in rows:
        batch.append(row)
        if len(batch) >= BATCH:
            yield batch
            batch = []
    if batch:
        yield batch


def kind_of(path: Path) -> FileKind:
    """Which of the four published files ``path`` is, read from its first objects (ParseError if none)."""
    with path.open(encoding="utf-8") as stream:
        return file_kind(stream, source=path.name)


def _published(path: Path, meta: Mapping[str, Any]) -> str:
    """The data's publication date: MTGJSON's meta.date, the date in a Scryfall file's name, else the
    file's."""
    date = meta.get("date")
    if isinstance(date, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
        return date
    match = FILE_DATE_RE.search(path.name)
    if match:
        return "-".join(match.groups())
    return datetime.fromtimestamp(path.stat().st_mtime, tz=UTC).date().isoformat()


def _record_source(
    path: Path, kind: FileKind, published: str, cards: int, game_changers: int | None = None
) -> None:
    stat = path.stat()
    CardSource.objects.filter(kind=kind.value).delete()
    CardSource.objects.create(
        kind=kind.value,
        published=published,
        path=str(path.resolve())[:1024],
        size=stat.st_size,
        modified=stat.st_mtime,
        cards=cards,
        game_changers=game_changers,
    )


def import_files(*, paths: Sequence[Path], progress: Callable[[str], None] | None = None) -> list[CardImport]:
    """Import Scryfall Oracle Cards, MTGJSON AtomicCards, Scryfall Default Cards and Scryfall Rulings files,
    in one transaction.

    Each file is recognised by its content; the cards come first, then MTGJSON's Japanese names, printed
    texts and legalities (a cross-check) onto them, then the printings' other names and the rulings. A
    file that fails to parse leaves every previous row in place (ParseError).
    """
    by_kind: dict[FileKind, Path] = {}
    for path in paths:
        kind = kind_of(path)
        if kind in by_kind:
            raise ParseError(
                f"two {kind.value} files given: {by_kind[kind].name} and {path.name}", source=path.name
            )
        by_kind[kind] = path
    results: list[CardImport] = []
    with transaction.atomic():
        for kind in ORDER:
            given = by_kind.get(kind)
            if given is None:
                continue
            if kind is FileKind.COMMANDER_SPELLBOOK:
                count, skipped, published = import_combos(given, progress)
                _record_source(given, kind, published, count)
                results.append(
                    CardImport(cards=count, aliases=0, duplicates=skipped, kind=kind, published=published)
                )
            elif kind is FileKind.SCRYFALL_RULINGS:
                results.append(_import_rulings(given, progress))
            elif kind is FileKind.SCRYFALL_PRINTINGS:
                results.append(_import_printing_names(given, progress))
            elif (
                kind is FileKind.MTGJSON_ATOMIC
                and CardSource.objects.filter(kind=FileKind.SCRYFALL_CARDS.value).exists()
            ):
                results.append(_merge_mtgjson(given, progress))
            else:
                results.append(_replace_cards(given, kind, progress))
    return results


def import_cards(*, path: Path, progress: Callable[[str], None] | None = None) -> CardImport:
    """Import one card data file (see :func:`import_files`)."""
    return import_files(paths=[path], progress=progress)[0]


def _replace_cards(path: Path, kind: FileKind, progress: Callable[[str], None] | None) -> CardImport:
    """Replace every card with the file's (rulings and the other sources go with them).

    Reprints (Scryfall "default cards") repeat names: the first one is kept,
    as :meth:`CardPool.of <judge.engine.cards.CardPool.of>` does. Face names
    ("Fire", "Stomp") and Japanese names ("繁殖池") become aliases unless they are some card's own name.
    """
    seen: set[str] = set()
    aliases: dict[str, str] = {}  # alias key -> card key, first card wins
    duplicates = 0
    marked = known = 0  # Game Changers, and cards whose data says whether they are one
    meta: dict[str, Any] = {}
    with path.open(encoding="utf-8") as stream:
        CardRuling.objects.all().delete()
        CardAlias.objects.all().delete()
        Card.objects.all().delete()
        # Commander Spellbook's combos name cards by name, not by row: they stay.
        CardSource.objects.exclude(kind=CardSource.COMMANDER_SPELLBOOK).delete()
        for batch in _batches(iter_card_entries(stream, source=path.name, meta=meta)):
            rows = []
            for entry in batch:
                card = entry.card
                key = engine_cards.normalise_name(card.name)
                # Face names and Japanese names; a reprint (a Scryfall print in Japanese) may add its own.
                for other in card.other_names:
                    alias = engine_cards.normalise_name(other)
                    if alias != key and len(alias) <= MAX_NAME:
                        aliases.setdefault(alias, key)
                if key in seen:
                    duplicates += 1
                    continue
                if len(card.name) > MAX_NAME:
                    raise ParseError(
                        f"{card.name[:60]}...: a card name longer than {MAX_NAME} characters",
                        source=path.name,
                    )
                seen.add(key)
                if card.game_changer is not None:
                    known += 1
                    marked += card.game_changer
                data = card.to_payload()
                if entry.japanese_text:
                    data["japanese_text"] = entry.japanese_text
                if entry.keywords:
                    data["keywords"] = list(entry.keywords)
                rows.append(
                    Card(
                        name=card.name, key=key, data=data, oracle_id=entry.oracle_id, slug=slugify(card.name)
                    )
                )
            Card.objects.bulk_create(rows)
            if progress is not None:
                progress(f"  {len(seen)} cards...")
    ids = dict(Card.objects.values_list("key", "id"))
    alias_rows = [
        CardAlias(key=alias, card_id=ids[key]) for alias, key in aliases.items() if alias not in ids
    ]
    CardAlias.objects.bulk_create(alias_rows, batch_size=BATCH)
    published = _published(path, meta)
    carries_mark = known > 0 and (kind is not FileKind.MTGJSON_ATOMIC or published >= GAME_CHANGERS_SINCE)
    _record_source(path, kind, published, len(seen), marked if carries_mark else None)
    return CardImport(
        cards=len(seen), aliases=len(alias_rows), duplicates=duplicates, kind=kind, published=published
    )


def _merge_mtgjson(path: Path, progress: Callable[[str], None] | None) -> CardImport:
    """Add MTGJSON's Japanese names, Japanese printed texts and legalities to the cards already imported."""
    meta: dict[str, Any] = {}
    merged = added_aliases = marked = 0
    known_aliases = set(CardAlias.objects.values_list("key", flat=True))
    with path.open(encoding="utf-8") as stream:
        for batch in _batches(iter_card_entries(stream, source=path.name, meta=meta)):
            by_key = {engine_cards.normalise_name(e.card.name): e for e in batch}
            rows = list(Card.objects.filter(key__in=list(by_key)))
            new_aliases: list[CardAlias] = []
            for row in rows:
                entry = by_key[row.key]
                data = dict(row.data)
                if entry.card.japanese_names:
                    data["japanese_names"] = list(entry.card.japanese_names)
                if entry.card.legalities:
                    data["cross_legalities"] = dict(entry.card.legalities)
                if entry.japanese_text:
                    data["japanese_text"] = entry.japanese_text
                if entry.card.game_changer is not None:
                    # MTGJSON's mark beside Scryfall's; where Scryfall's file has none, the card's mark.
                    data["cross_game_changer"] = entry.card.game_changer
                    data.setdefault("game_changer", entry.card.game_changer)
                    marked += entry.card.game_changer
                row.data = data
                for name in entry.card.japanese_names:
                    alias = engine_cards.normalise_name(name)
                    if alias not in known_aliases and alias != row.key and len(alias) <= MAX_NAME:
                        known_aliases.add(alias)
                        new_aliases.append(CardAlias(key=alias, card_id=row.id))
            Card.objects.bulk_update(rows, ["data"])
            # An alias that is another card's own name stays that card's name.
            own = set(Card.objects.filter(key__in=[a.key for a in new_aliases]).values_list("key", flat=True))
            CardAlias.objects.bulk_create([a for a in new_aliases if a.key not in own])
            merged += len(rows)
            added_aliases += len(new_aliases) - len(own)
            if progress is not None:
                progress(f"  {merged} cards given Japanese names...")
    published = _published(path, meta)
    _record_source(
        path, FileKind.MTGJSON_ATOMIC, published, merged, marked if published >= GAME_CHANGERS_SINCE else None
    )
    return CardImport(
        cards=merged,
        aliases=added_aliases,
        duplicates=0,
        kind=FileKind.MTGJSON_ATOMIC,
        published=published,
        merged=merged,
    )


def _import_rulings(path: Path, progress: Callable[[str], None] | None) -> CardImport:
    """Replace every ruling with the file's; a ruling on a card not imported is skipped."""
    ids = dict(Card.objects.exclude(oracle_id="").values_list("oracle_id", "id"))
    CardRuling.objects.all().delete()
    count = skipped = 0
    with path.open(encoding="utf-8") as stream:
        for batch in _batches(iter_rulings(stream, source=path.name)):
            rows = [
                CardRuling(
                    card_id=ids[r.oracle_id], source=r.source, published_at=r.published_at, comment=r.comment
                )
                for r in batch
                if r.oracle_id in ids
            ]
            skipped += len(batch) - len(rows)
            CardRuling.objects.bulk_create(rows)
            count += len(rows)
            if progress is not None:
                progress(f"  {count} rulings...")
    return _attached(path, FileKind.SCRYFALL_RULINGS, count, skipped, rulings=count)


def _import_printing_names(path: Path, progress: Callable[[str], None] | None) -> CardImport:
    """Replace every printing's other name with the file's (Scryfall's Default Cards, every printing).

    Each name attaches to its Oracle card by ``oracle_id`` (by name for cards without one, MTGJSON's);
    a printing of a card not imported is skipped, and so is a name that is some card's own name (that
    name stays the card's). The first printing of a name is kept.
    """
    by_oracle = dict(Card.objects.exclude(oracle_id="").values_list("oracle_id", "id"))
    by_key = dict(Card.objects.values_list("key", "id"))
    PrintingName.objects.all().delete()
    seen: set[str] = set()
    count = skipped = 0
    with path.open(encoding="utf-8") as stream:
        for batch in _batches(iter_other_names(stream, source=path.name)):
            rows = []
            for other in batch:
                key = engine_cards.normalise_name(other.name)
                card_id = by_oracle.get(other.oracle_id) or by_key.get(
                    engine_cards.normalise_name(other.card)
                )
                if card_id is None:
                    skipped += 1
                    continue
                if key in seen or key in by_key:
                    continue
                seen.add(key)
                rows.append(
                    PrintingName(
                        key=key,
                        name=other.name,
                        card_id=card_id,
                        field=other.field,
                        set_code=other.set_code,
                        collector_number=other.collector_number,
                    )
                )
            PrintingName.objects.bulk_create(rows)
            count += len(rows)
            if progress is not None:
                progress(f"  {count} other names of printings...")
    return _attached(path, FileKind.SCRYFALL_PRINTINGS, count, skipped, printing_names=count)


def _attached(path: Path, kind: FileKind, count: int, skipped: int, **counts: int) -> CardImport:
    """Record a file whose rows attach to the imported cards (rulings, printings' names) as the source of
    its kind, dated by its name; ``skipped`` rows named cards not imported."""
    published = _published(path, {})
    _record_source(path, kind, published, count)
    return CardImport(cards=0, aliases=0, duplicates=skipped, kind=kind, published=published, **counts)


# --------------------------------------------------------------------------- deck check


def _with_commanders(decklist: Decklist, commanders: list[str]) -> Decklist:
    """Add commanders named outside the list; one listed in the deck section moves to the commander
    section."""
    entries = list(decklist.entries)
    named = {engine_cards.normalise_name(e.name) for e in entries if e.section is Section.COMMANDER}
    for name in commanders:
        key = engine_cards.normalise_name(name)
        if key in named:
            continue
        named.add(key)
        line = 0
        for i, entry in enumerate(entries):
            if entry.section is Section.DECK and engine_cards.normalise_name(entry.name) == key:
                line = entry.line
                if entry.count > 1:
                    entries[i] = DecklistEntry(
                        count=entry.count - 1, name=entry.name, section=entry.section, line=entry.line
                    )
                else:
                    del entries[i]
                break
        entries.append(DecklistEntry(count=1, name=name.strip(), section=Section.COMMANDER, line=line))
    return Decklist(entries=tuple(entries))


def check_deck(data: Mapping[str, Any]) -> deck.DeckCheck:
    """Check a deck (the payload of judge.engine.deck_payload): a Magic deck against the imported card data,
    a Duel Masters deck from its typed-in cards (judge.engine.dm). Raises InvalidInputError listing every
    problem. Without card data, a Magic deck gets the checks that need none, and a note saying what else
    needs card data (judge.engine.deck_counts)."""
    request = read_deck_payload(data)
    if request.is_duel_masters:
        # An empty decklist goes to the parser too, which answers what to paste.
        texts = ([request.decklist] if request.decklist.strip() or not request.decks else []) + list(
            request.decks
        )
        parsed: list[dm_cards.DmDeck] = []
        problems: list[str | Message] = []
        for index, deck_text in enumerate(texts):
            try:
                parsed.append(
                    dm_cards.parse_dm_deck(text=deck_text, number=index + 1 if len(texts) > 1 else None)
                )
            except RulesError as err:
                problems.extend(err.messages)
        if problems:
            raise InvalidInputError(problems)
        if len(parsed) > 1:
            return dm.check_dtc_team(decks=parsed, variant=request.variant)
        return dm.check_dtc_deck(
            commander=parsed[0].commander, cards=parsed[0].cards, variant=request.variant
        )

    decklist = _with_commanders(parse_decklist(text=request.decklist), list(request.commanders))
    commander = request.variant is deck.Variant.COMMANDER
    if not selectors.has_cards():
        result = check_without_cards(decklist=decklist, variant=request.variant)
        return result.with_bracket(estimate_decklist(decklist=decklist, pool=None) if commander else None)
    names = [entry.name for entry in decklist.entries]
    pool = selectors.card_pool(names)
    result = deck.check_decklist(
        pool=pool,
        decklist=decklist,
        variant=request.variant,
        legality=selectors.legality_data(),
        interchangeable=selectors.interchangeable_names(names),
    )
    return result.with_bracket(estimate_decklist(decklist=decklist, pool=pool) if commander else None)
