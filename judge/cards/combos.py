"""Commander Spellbook's combos: the import of its export (``variants.json``) and the lookup of the combos
a list holds.

The import streams the file (judge.parsing.combo_data) into :class:`~judge.cards.models.Combo` rows,
counting how many combos each card is in, then gives each combo one :class:`~judge.cards.models.ComboCard`
row: its anchor, the card of the combo in the fewest combos; all inside the import's transaction,
replacing the previous combos. A list's combos are found through the index on ``ComboCard.key``: the
combos anchored on the list's cards are the only candidates (a combo whose anchor is not in the list
cannot be in it), and a candidate counts when all its cards are in the list. Each process keeps what
it read for the data generation (the imported export's row), so a warm lookup is a few dictionary
look-ups and set superset tests, and reads from the database only what no earlier list needed.
"""

from __future__ import annotations

import sys
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from judge.cards.models import CardSource, Combo, ComboCard
from judge.engine import cards as engine_cards
from judge.engine.brackets import ComboFacts
from judge.parsing.combo_data import iter_combos

BATCH = 2000
#: Combos with more cards than this are not stored: no list is checked against a combo of 12 cards, and a
#: malformed export could not fill the table with one.
MAX_CARDS = 10


def import_combos(path: Path, progress: Callable[[str], None] | None = None) -> tuple[int, int, str]:
    """Replace every combo with the export's: (combos imported, combos skipped, the export's date)."""
    meta: dict[str, Any] = {}
    ComboCard.objects.all().delete()
    Combo.objects.all().delete()
    count = skipped = 0
    batch: list[Combo] = []
    in_combos: Counter[str] = Counter()

    def flush() -> None:
        Combo.objects.bulk_create(batch)
        batch.clear()

    with path.open(encoding="utf-8") as stream:
        for entry in iter_combos(stream, source=path.name, meta=meta):
            if len(entry.cards) > MAX_CARDS:
                skipped += 1
                continue
            row_keys = list(dict.fromkeys(engine_cards.normalise_name(n)[:255] for n in entry.cards))
            batch.append(
                Combo(
                    spellbook_id=entry.spellbook_id,
                    cards=list(entry.cards),
                    templates=list(entry.templates),
                    features=list(entry.features),
                    keys=row_keys,
                    card_count=len(row_keys),
                    pieces=min(entry.pieces, 32767),
                    mana_value_needed=entry.mana_value_needed,
                    identity=entry.identity,
                    bracket_tag=entry.bracket_tag,
                )
            )
            in_combos.update(row_keys)
            count += 1
            if len(batch) >= BATCH:
                flush()
                if progress is not None:
                    progress(f"  {count} combos...")
    if batch:
        flush()
    anchors: list[ComboCard] = []
    for combo_id, row_keys in Combo.objects.values_list("id", "keys").iterator(chunk_size=5000):
        anchors.append(ComboCard(combo_id=combo_id, key=min(row_keys, key=lambda k: (in_combos[k], k))))
        if len(anchors) >= BATCH:
            ComboCard.objects.bulk_create(anchors)
            anchors.clear()
    ComboCard.objects.bulk_create(anchors)
    published = (
        _timestamp_date(meta.get("timestamp"))
        or datetime.fromtimestamp(path.stat().st_mtime).date().isoformat()
    )
    return count, skipped, published


def _timestamp_date(value: Any) -> str:
    """ "2026-11-30" from the export's ISO timestamp, "" when it has none."""
    if not isinstance(value, str):
        return ""
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00")).date().isoformat()
    except ValueError:
        return ""


#: A data generation: the imported export's row (a new import replaces it, with a new import time).
Generation = tuple[int, str, str, int, float, int]


def generation_of(source: CardSource) -> Generation:
    imported = source.imported_at.isoformat()
    return (source.pk, imported, source.path, source.size, source.modified, source.cards)


class _ComboCache:
    """What the lookups of one process have read of the imported combos, for one data generation: each
    anchor key's combos (their ids and their other cards' keys, interned; an empty tuple when the key
    anchors none) and the facts of the combos some list held. Bounded (the oldest entries go first): with
    every anchor of 100,000 combos read, about 25 MiB; a new import (another :data:`Generation`) empties
    it."""

    MAX_KEYS = 60_000
    MAX_COMBOS = 10_000

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.generation: Generation | None = None
        self.anchored: dict[str, tuple[tuple[int, tuple[str, ...]], ...]] = {}
        self.facts: dict[int, ComboFacts] = {}

    def start(self, generation: Generation) -> None:
        if generation != self.generation:
            self.generation = generation
            self.anchored = {}
            self.facts = {}

    @staticmethod
    def bound(table: dict[Any, Any], limit: int) -> None:
        while len(table) > limit:
            del table[next(iter(table))]


_cache = _ComboCache()


def clear_combo_cache() -> None:
    """Forget what this process read of the combos (the next lookup reads its anchors again)."""
    with _cache.lock:
        _cache.generation = None
        _cache.anchored = {}
        _cache.facts = {}


def combos_in(card_names: Iterable[str], *, source: CardSource | None = None) -> list[ComboFacts]:
    """The combos all of whose cards are among ``card_names``, sorted by Commander Spellbook id.

    The candidates are the combos anchored on those cards (the index on ``ComboCard.key``), each kept when
    its other cards are all there (a set's superset test). What was read is kept for the data
    generation (``source``, the imported export's row, read when not given): a warm lookup reads from the
    database only the keys and combos no earlier list needed."""
    keys = {engine_cards.normalise_name(n) for n in card_names if n}
    if not keys:
        return []
    source = source if source is not None else combo_source()
    if source is None:
        return []
    with _cache.lock:
        _cache.start(generation_of(source))
        anchored = _cache.anchored
        missing = sorted(k for k in keys if k not in anchored)
        if missing:
            read: dict[str, list[tuple[int, tuple[str, ...]]]] = {k: [] for k in missing}
            for chunk in _chunks(missing):
                rows = ComboCard.objects.filter(key__in=chunk).values_list("key", "combo_id", "combo__keys")
                for key, combo_id, row_keys in rows:
                    read[key].append((combo_id, tuple(sys.intern(k) for k in row_keys if k != key)))
            anchored.update((k, tuple(v)) for k, v in read.items())
        held = [combo_id for k in keys for combo_id, others in anchored.get(k, ()) if keys.issuperset(others)]
        facts = _cache.facts
        for chunk in _chunks([combo_id for combo_id in held if combo_id not in facts]):
            facts.update((combo.pk, _facts(combo)) for combo in Combo.objects.filter(id__in=chunk))
        found = [facts[combo_id] for combo_id in held]
        _cache.bound(anchored, _cache.MAX_KEYS)
        _cache.bound(facts, _cache.MAX_COMBOS)
    return sorted(found, key=lambda f: f.spellbook_id)


def _chunks(values: list[Any], size: int = 900) -> Iterator[list[Any]]:
    """``values`` in slices small enough for any database's limit on a query's parameters."""
    for start in range(0, len(values), size):
        yield values[start : start + size]


def _facts(row: Combo) -> ComboFacts:
    return ComboFacts(
        spellbook_id=row.spellbook_id,
        cards=tuple(row.cards),
        templates=tuple(row.templates),
        features=tuple(row.features),
        pieces=row.pieces,
        mana_value_needed=row.mana_value_needed,
    )


def combo_source() -> CardSource | None:
    """The imported Commander Spellbook export, or None."""
    return CardSource.objects.filter(kind=CardSource.COMMANDER_SPELLBOOK).first()
