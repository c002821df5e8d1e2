"""Interchangeable names (rule 201.3): the other English names some printings carry, from published data.

Some cards are printed under an English name other than their Oracle name: a Universes Within card's
Universes Beyond printing ("Greymond, Avacyn's Stalwart" is printed as "Rick, Steadfast Leader" in
Secret Lair x The Walking Dead), a reflavored digital set (Through the Omenpaths prints "Spider-Punk"
as "Kraza, the Swarm as One"), a flavor name. For deck construction and format legality such names are
the same name (201.3b), so a deck listing both has two copies of one card. The names are read from
published printings data (Scryfall's Default Cards), never from a list in the code, and every answer
that uses them names that data's source and date.

>>> from judge.engine.legality import LegalitySource
>>> names = InterchangeableNames.of([("Rick, Steadfast Leader", "Greymond, Avacyn's Stalwart")],
...     source=LegalitySource(name="Scryfall", date="2026-11-20"))
>>> names.get("rick, steadfast leader")
OtherName(name='Rick, Steadfast Leader', card="Greymond, Avacyn's Stalwart")
>>> names.get("Greymond, Avacyn's Stalwart") is None, names.source.label
(True, 'Scryfall, 2026-11-20')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from judge.engine.cards import normalise_name
from judge.engine.legality import LegalitySource


@dataclass(frozen=True)
class OtherName:
    """A printing's other English name and the Oracle card it names."""

    name: str  # as printed: "Rick, Steadfast Leader"
    card: str  # the Oracle name: "Greymond, Avacyn's Stalwart"


@dataclass(frozen=True)
class InterchangeableNames:
    """Printings' other English names (normalised) -> the Oracle card each names, with the data's source."""

    source: LegalitySource
    names: Mapping[str, OtherName] = field(default_factory=dict)

    @classmethod
    def of(cls, pairs: Iterable[tuple[str, str]], *, source: LegalitySource) -> InterchangeableNames:
        """From (other name, Oracle name) pairs; the first pair of a name wins, a card's own name is no
        other name."""
        names: dict[str, OtherName] = {}
        for name, card in pairs:
            key = normalise_name(name)
            if key and key != normalise_name(card):
                names.setdefault(key, OtherName(name=name, card=card))
        return cls(source=source, names=names)

    def get(self, name: str) -> OtherName | None:
        """The other name ``name`` is (any spelling the engine forgives), or None for an Oracle name."""
        return self.names.get(normalise_name(name))
