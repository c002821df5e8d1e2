"""Commander Spellbook's combos: the import of its export (``variants.json``) and the lookup of the combos
a list holds.

The import streams the file (judge.parsing.combo_data) into :class:`~judge.cards.models.Combo` rows,
counting how many combos each card is in, then gives each combo one :class:`~judge.cards.models.ComboCard`
row: its anchor, the card of the combo in the fewest combos; all inside the import's transaction,
replacing the previous combos. A list's combos are found through the index on ``ComboCard.key``: the
combos anchored on the list's cards are the only candidates (a combo whose anchor is not in the list
cannot be in it), and a candidate counts when all its cards are in the list.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
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


def combos_in(card_names: Iterable[str]) -> list[ComboFacts]:
    """The combos all of whose cards are among ``card_names``: the candidates anchored on those cards (the
    index on ``ComboCard.key``), kept when all their cards are there."""
    keys = {engine_cards.normalise_name(n) for n in card_names if n}
    if not keys:
        return []
    candidates = ComboCard.objects.filter(key__in=sorted(keys)).values_list("combo_id", flat=True)
    # Only the candidates' keys are read first; the whole row only for the combos the list holds.
    held = [
        combo_id
        for combo_id, row_keys in Combo.objects.filter(id__in=candidates).values_list("id", "keys")
        if keys.issuperset(row_keys)
    ]
    rows = Combo.objects.filter(id__in=held).order_by("spellbook_id")
    return [
        ComboFacts(
            spellbook_id=row.spellbook_id,
            cards=tuple(row.cards),
            templates=tuple(row.templates),
            features=tuple(row.features),
            pieces=row.pieces,
            mana_value_needed=row.mana_value_needed,
        )
        for row in rows
    ]


def combo_source() -> CardSource | None:
    """The imported Commander Spellbook export, or None."""
    return CardSource.objects.filter(kind=CardSource.COMMANDER_SPELLBOOK).first()
