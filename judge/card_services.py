"""Writes for the imported card data: replace every card from one Scryfall or MTGJSON file.

The file is streamed (``judge.parsing.card_data.iter_cards``) and written
inside one transaction that first deletes the previous cards, so readers see
either the old set or the new one, and a file that fails to parse halfway
leaves the old set in place.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from django.db import transaction

from judge.card_models import Card, CardAlias
from judge.engine import cards as engine_cards
from judge.parsing.card_data import iter_cards
from judge.parsing.records import ParseError

BATCH = 1000
MAX_NAME = 255  # the column width; no printed card name comes close


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
                    raise ParseError(f"{card.name[:60]}...: a card name longer than {MAX_NAME} characters",
                                     source=path.name)
                seen.add(key)
                rows.append(Card(name=card.name, key=key, data=card.to_json()))
            Card.objects.bulk_create(rows)
            if progress is not None:
                progress(f"  {len(seen)} cards...")
        ids = dict(Card.objects.values_list("key", "id"))
        alias_rows = [CardAlias(key=alias, card_id=ids[key]) for alias, key in aliases.items()
                      if alias not in ids]
        CardAlias.objects.bulk_create(alias_rows, batch_size=BATCH)
    return CardImport(cards=len(seen), aliases=len(alias_rows), duplicates=duplicates)
