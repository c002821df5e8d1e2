"""Commander Spellbook's combo export (``variants.json``) -> combo records, streamed.

Commander Spellbook (https://commanderspellbook.com, source: the public repository
SpaceCowMedia/commander-spellbook-backend, its ``export_variants`` command) publishes every combo
it lists as one JSON file, camelCase: ``{"timestamp": "2026-11-30T01:02:03+00:00", "version": "...",
"variants": [...]}``. Each variant has an ``id``, a ``status`` (only the public ones, ``OK`` and
``E``, are exported), ``uses`` (each ``{"card": {"name", "oracleId", ...}, "zoneLocations": ["B", ...],
"quantity", "mustBeCommander"}``), ``requires`` (templates: "Any creature with ...", the same shape with
``"template": {"name"}``), ``produces`` (``[{"feature": {"name"}, "quantity"}]``), ``identity``
(``"WUB"``), ``manaNeeded``, ``manaValueNeeded`` (the mana the combo needs to be assembled and run),
``bracketTag`` and ``popularity``. The file is several hundred megabytes: it is read one variant at a
time (the card files' incremental reader).

A piece counts toward the "two cards" of a two-card combo unless it starts in the library or the command
zone (zone ``L`` or ``C``), as Commander Spellbook's own bracket estimator counts them.

>>> import io
>>> meta: dict[str, object] = {}
>>> text = ('{"timestamp": "2026-11-30T01:02:03+00:00", "version": "1", "variants": [{"id": "1-2",'
...     ' "status": "OK", "uses": [{"card": {"name": "Thassa\\'s Oracle"}, "zoneLocations": ["H"],'
...     ' "quantity": 1}, {"card": {"name": "Demonic Consultation"}, "zoneLocations": ["H"], "quantity": 1}],'
...     ' "requires": [], "produces": [{"feature": {"name": "Win the game"}}], "manaValueNeeded": 3,'
...     ' "identity": "UB", "bracketTag": "R"}]}')
>>> combos = iter_combos(io.StringIO(text), source="v.json", meta=meta)
>>> [(c.cards, c.pieces, c.mana_value_needed) for c in combos]
[(("Thassa's Oracle", 'Demonic Consultation'), 2, 3)]
>>> meta["timestamp"]
'2026-11-30T01:02:03+00:00'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TextIO

from judge.parsing.card_data import _JsonStream
from judge.parsing.records import ParseError

#: Variant statuses the export holds (Commander Spellbook's public ones: OK, and Example).
PUBLIC_STATUSES = frozenset({"OK", "E"})
MAX_FEATURES = 40
MAX_TEXT = 200


@dataclass(frozen=True)
class ComboEntry:
    """One combo as read from the export: its cards (each name once), its templates, what it produces."""

    spellbook_id: str
    cards: tuple[str, ...]
    templates: tuple[str, ...]
    features: tuple[str, ...]
    pieces: int  # cards and templates not starting in the library or the command zone
    mana_value_needed: int | None
    identity: str = ""
    bracket_tag: str = ""
    commander_cards: tuple[str, ...] = ()  # uses with mustBeCommander


def _name(value: Any, key: str) -> str:
    inner = value.get(key) if isinstance(value, Mapping) else None
    name = inner.get("name") if isinstance(inner, Mapping) else None
    return name[:MAX_TEXT] if isinstance(name, str) else ""


def _pieces(uses: list[Any]) -> int:
    count = 0
    for use in uses:
        zones = use.get("zoneLocations") if isinstance(use, Mapping) else None
        zones = zones if isinstance(zones, list) else []
        if "L" in zones or "C" in zones:
            continue
        quantity = use.get("quantity") if isinstance(use, Mapping) else None
        count += quantity if isinstance(quantity, int) and quantity > 0 else 1
    return count


def combo_from_variant(data: Any, *, source: str, index: int) -> ComboEntry | None:
    """One exported variant -> a :class:`ComboEntry`; None for a variant that is not public."""
    if not isinstance(data, Mapping) or not isinstance(data.get("id"), str):
        raise ParseError(f"variants[{index}]: not a variant (no id)", source=source)
    if data.get("status") not in PUBLIC_STATUSES:
        return None
    uses = data.get("uses")
    requires = data.get("requires")
    produces = data.get("produces")
    if not isinstance(uses, list) or not uses:
        raise ParseError(f"variants[{index}] ({data['id'][:40]}): no cards in “uses”", source=source)
    requires = requires if isinstance(requires, list) else []
    produces = produces if isinstance(produces, list) else []
    cards = tuple(dict.fromkeys(n for n in (_name(u, "card") for u in uses) if n))
    if not cards:
        raise ParseError(f"variants[{index}] ({data['id'][:40]}): a use without a card name", source=source)
    mana_value = data.get("manaValueNeeded")
    return ComboEntry(
        spellbook_id=data["id"][:128],
        cards=cards,
        templates=tuple(n for n in (_name(r, "template") for r in requires) if n),
        features=tuple(n for n in (_name(p, "feature") for p in produces[:MAX_FEATURES]) if n),
        pieces=_pieces(uses) + _pieces(requires),
        mana_value_needed=mana_value
        if isinstance(mana_value, int) and not isinstance(mana_value, bool)
        else None,
        identity=str(data.get("identity") or "")[:8],
        bracket_tag=str(data.get("bracketTag") or "")[:4],
        commander_cards=tuple(
            _name(u, "card") for u in uses if isinstance(u, Mapping) and u.get("mustBeCommander") is True
        ),
    )


def iter_combos(stream: TextIO, *, source: str, meta: dict[str, Any] | None = None) -> Iterator[ComboEntry]:
    """Every public combo of a Commander Spellbook export, one at a time; its ``timestamp`` and
    ``version`` go into ``meta``. Raises ParseError naming the file and the variant."""
    reader = _JsonStream(stream, source)
    if reader.peek() != "{":
        raise ParseError("not a Commander Spellbook export: expected {", source=source)
    found = False
    for key in reader.members():
        if key != "variants":
            value = reader.value()
            if meta is not None and key in ("timestamp", "version") and isinstance(value, str):
                meta[key] = value[:64]
            continue
        found = True
        if reader.peek() != "[":
            raise ParseError("“variants” is not a list", source=source)
        for index, data in enumerate(reader.array()):
            combo = combo_from_variant(data, source=source, index=index)
            if combo is not None:
                yield combo
    if not found:
        raise ParseError("not a Commander Spellbook export: no “variants”", source=source)
