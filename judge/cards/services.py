"""Card data services: replace every card from one Scryfall or MTGJSON file, and check a deck against it.

The import streams the file (``judge.parsing.card_data.iter_cards``) and written
inside one transaction that first deletes the previous cards, so readers see
either the old set or the new one, and a file that fails to parse halfway
leaves the old set in place.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.db import transaction

from judge.cards import selectors
from judge.cards.models import Card, CardAlias, CardSource
from judge.engine import cards as engine_cards
from judge.engine import deck, dm
from judge.engine.deck_payload import read_deck_payload
from judge.engine.decklist import Decklist, DecklistEntry, Section, parse_decklist
from judge.engine.errors import InvalidInputError, RulesError
from judge.engine.messages import Message
from judge.parsing.card_data import iter_cards
from judge.parsing.records import ParseError

BATCH = 1000
MAX_NAME = 255  # the column width; no printed card name comes close


class NoCardData(Exception):
    """A Magic card lookup was needed, but no card data has been imported."""


@dataclass
class CardImport:
    cards: int
    aliases: int
    duplicates: int  # reprints and repeated names, kept once


def _batches(rows: Iterator[engine_cards.Card]) -> Iterator[list[engine_cards.Card]]:
    batch: list[engine_cards.Card] = []
    for row in rows:
        batch.append(row)
        if len(batch) >= BATCH:
            yield batch
            batch = []
    if batch:
        yield batch


def import_cards(*, path: Path, progress: Callable[[str], None] | None = None) -> CardImport:
    """Replace the card table with every deck card in ``path``; ParseError leaves the old cards.

    Reprints (Scryfall "default cards") repeat names: the first one is kept,
    as :meth:`CardPool.of <judge.engine.cards.CardPool.of>` does. Face names
    ("Fire", "Stomp") and Japanese names ("繁殖池") become aliases unless they are some card's own name.
    """
    seen: set[str] = set()
    aliases: dict[str, str] = {}  # alias key -> card key, first card wins
    duplicates = 0
    with path.open(encoding="utf-8") as stream, transaction.atomic():
        CardAlias.objects.all().delete()
        Card.objects.all().delete()
        for batch in _batches(iter_cards(stream, source=path.name)):
            rows = []
            for card in batch:
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
                rows.append(Card(name=card.name, key=key, data=card.to_payload()))
            Card.objects.bulk_create(rows)
            if progress is not None:
                progress(f"  {len(seen)} cards...")
        ids = dict(Card.objects.values_list("key", "id"))
        alias_rows = [
            CardAlias(key=alias, card_id=ids[key]) for alias, key in aliases.items() if alias not in ids
        ]
        CardAlias.objects.bulk_create(alias_rows, batch_size=BATCH)
        stat = path.stat()
        CardSource.objects.all().delete()
        CardSource.objects.create(
            path=str(path.resolve())[:1024], size=stat.st_size, modified=stat.st_mtime, cards=len(seen)
        )
    return CardImport(cards=len(seen), aliases=len(alias_rows), duplicates=duplicates)


# --------------------------------------------------------------------------- deck check


def _with_commanders(decklist: Decklist, commanders: list[str]) -> Decklist:
    """Add commanders named outside the list; one listed in the deck section moves to the commander section."""
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
    problem, and NoCardData when a Magic deck needs card data that has not been imported."""
    request = read_deck_payload(data)
    if request.is_duel_masters:
        # An empty decklist goes to the parser too, which answers what to paste.
        texts = ([request.decklist] if request.decklist.strip() or not request.decks else []) + list(
            request.decks
        )
        parsed: list[dm.DmDeck] = []
        problems: list[str | Message] = []
        for index, deck_text in enumerate(texts):
            try:
                parsed.append(dm.parse_dm_deck(text=deck_text, number=index + 1 if len(texts) > 1 else None))
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
    if not selectors.has_cards():
        raise NoCardData
    pool = selectors.card_pool(entry.name for entry in decklist.entries)
    return deck.check_decklist(pool=pool, decklist=decklist, variant=request.variant)
