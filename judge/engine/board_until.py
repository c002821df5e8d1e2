"""Effects that exile cards "until" an event (610.3) on a board: the model and its JSON shape.

An :class:`UntilEffect` says that ``objects`` were exiled by ``source`` until an event: its source leaves
the battlefield (``"ends": "source-leaves"``, Banisher Priest) or the turn ends (``"end-of-turn"``, an
"until end of turn" exile, 514.2). ``how`` is the wording:

- ``"until"``: the effect itself says "until"; a second one-shot effect is created immediately after the
  event and returns the cards to their previous zone (610.3), to the battlefield under their owner's
  control (610.3c). It is not a triggered ability, so a player having left the game does not stop it.
- ``"trigger"``: a leaves-the-battlefield ability of the source returns them (Oblivion Ring's Oracle
  text: "When this enchantment leaves the battlefield, return the exiled card ...", 603.6c). It is
  controlled by the source's controller; if that player has left the game it is not put on the stack
  (800.4d) and the cards stay in exile.

``from`` is the zone the cards were exiled from and return to (``"battlefield"`` unless said: a card taken
from a hand goes back to its owner's hand). :mod:`judge.engine.board_until_payload` reads them and
:mod:`judge.engine.leave_game_until` resolves them.

>>> effect = UntilEffect(id="priest-exile", source="priest", objects=("b-commander",),
...                      ends=UntilEnds.SOURCE_LEAVES, how=UntilHow.UNTIL)
>>> sorted(effect.to_payload().items())[:3]
[('ends', 'source-leaves'), ('how', 'until'), ('id', 'priest-exile')]
>>> effect.to_payload()["objects"]
['b-commander']
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

MAX_UNTIL_EFFECTS = 200
MAX_UNTIL_OBJECTS = 200
UNTIL_FIELDS = frozenset({"id", "source", "objects", "ends", "how", "from", "name", "name_ja"})


class UntilEnds(enum.Enum):
    """The event an "until" exile waits for."""

    SOURCE_LEAVES = "source-leaves"  # "until [this permanent] leaves the battlefield"
    END_OF_TURN = "end-of-turn"  # "until end of turn" (514.2)


class UntilHow(enum.Enum):
    """How the cards come back: the effect's own "until" (610.3) or a leaves-the-battlefield trigger
    (603.6c)."""

    UNTIL = "until"
    TRIGGER = "trigger"


class ReturnZone(enum.Enum):
    """The zone an exiled card returns to: its previous zone (610.3)."""

    BATTLEFIELD = "battlefield"
    HAND = "hand"
    GRAVEYARD = "graveyard"


@dataclass(frozen=True)
class UntilEffect:
    """Cards exiled by ``source`` until it leaves the battlefield or until end of turn (610.3)."""

    id: str
    source: str | None
    objects: tuple[str, ...]
    ends: UntilEnds
    how: UntilHow
    returns_to: ReturnZone = ReturnZone.BATTLEFIELD
    name: str | None = None
    name_ja: str | None = None

    def to_payload(self) -> dict[str, Any]:
        item: dict[str, Any] = {
            "id": self.id,
            "source": self.source,
            "objects": list(self.objects),
            "ends": self.ends.value,
            "how": self.how.value,
        }
        if self.returns_to is not ReturnZone.BATTLEFIELD:
            item["from"] = self.returns_to.value
        if self.name is not None:
            item["name"] = self.name
        if self.name_ja is not None:
            item["name_ja"] = self.name_ja
        return item


__all__ = [
    "MAX_UNTIL_EFFECTS",
    "MAX_UNTIL_OBJECTS",
    "ReturnZone",
    "UNTIL_FIELDS",
    "UntilEffect",
    "UntilEnds",
    "UntilHow",
]
