"""The changes a tracked game records: :class:`Event` (life, damage, a cast, next turn, ...) and
:class:`Undo`.

Each change may say which seat made it (``by``, a player's name: "undo my
last change" undoes that seat's change) and the table revision it was made on
(``expected_revision``: a second press of "next turn" on the same revision is
refused as already done, :func:`judge.engine.tracker.check_revision`).

>>> e = Event(kind=EventKind.LIFE, player="みき", amount=-1, by="Ben", expected_revision=4)
>>> e.to_payload()
{'kind': 'life', 'player': 'みき', 'amount': -1, 'by': 'Ben', 'expected_revision': 4}
>>> summary(setup=None, event=e).text("ja")
'みき：ライフ -1'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from judge.engine.losses import LossReason
from judge.engine.messages import Message, ParamValue, msg
from judge.engine.tracker.setup import TableSetup
from judge.engine.variants import Variant


class EventKind(enum.Enum):
    """What a recorded change does."""

    LIFE = "life"  # amount: life gained (+) or lost (-)
    POISON = "poison"  # amount: poison counters given (+) or removed (-)
    COMMANDER_DAMAGE = "commander-damage"  # player dealt `amount` combat damage by owner's commander
    CAST_COMMANDER = "cast-commander"  # cast (DTC: played) from the command zone
    COMMANDER_WITHOUT_CAST = "commander-without-cast"  # put onto the battlefield / cast from another zone
    SET_COMMANDER_CASTS = "set-commander-casts"  # correction: the number of casts so far
    NAME_COMMANDER = "name-commander"  # a player names their commander after the game started (903.3)
    SHIELDS = "shields"  # DTC: shields added (+) or broken (-)
    PLANAR_ROLL = "planar-roll"  # 901.9
    NEXT_TURN = "next-turn"
    LOSE = "lose"  # a player (DTC / 2HG: their team) loses


AMOUNT_KINDS = (EventKind.LIFE, EventKind.POISON, EventKind.COMMANDER_DAMAGE, EventKind.SHIELDS)
COMMANDER_KINDS = (EventKind.CAST_COMMANDER, EventKind.COMMANDER_WITHOUT_CAST, EventKind.SET_COMMANDER_CASTS)


#: Reasons a LOSE event may give; the others come from state-based actions.
DECLARED_LOSSES = (LossReason.CONCEDE, LossReason.EMPTY_LIBRARY, LossReason.EFFECT, LossReason.DIRECT_ATTACK)


class DieFace(enum.Enum):
    """The planar die: one Planeswalker face, one chaos face, four blank faces (901.3a)."""

    BLANK = "blank"
    CHAOS = "chaos"
    PLANESWALKER = "planeswalker"


#: The six faces, for a fair roll with ``secrets.choice``.
PLANAR_DIE: tuple[DieFace, ...] = (DieFace.PLANESWALKER, DieFace.CHAOS) + (DieFace.BLANK,) * 4


class EntryHow(enum.Enum):
    """How a commander arrived without a cast from the command zone."""

    BATTLEFIELD = "battlefield"  # put onto the battlefield without being cast
    OTHER_ZONE = "other-zone"  # cast (DTC: played) from hand or another zone, e.g. after Command Beacon


def kind_name(kind: EventKind) -> Message:
    return msg(f"tracker.kind.{kind.value}")


def reason_name(reason: LossReason) -> Message:
    """Why a player lost, in the reader's language: "conceded" / "投了"."""
    return msg(f"tracker.reason.{reason.value}")


def face_name(face: DieFace) -> Message:
    return msg(f"tracker.face.{face.value}")


def how_name(how: EntryHow) -> Message:
    return msg(f"tracker.how.{how.value}")


@dataclass(frozen=True)
class Event:
    """One recorded change.

    ``player`` is who it happens to (the damaged player for commander damage,
    the owner for commander events, the roller for the planar die).
    ``owner``/``commander`` pick a commander by its owner and position (0, or 1
    for the partner); ``name`` is the card a player names as their commander.
    ``by`` is the seat that made the change ("" when not given) and
    ``expected_revision`` the table revision it was made on (None when not given).
    ``undone`` events are kept for the history but skipped.
    """

    kind: EventKind
    player: str = ""
    amount: int = 0
    owner: str = ""
    commander: int = 0
    reason: LossReason | None = None
    face: DieFace | None = None
    free: bool = False
    how: EntryHow | None = None
    name: str = ""  # the card a NAME_COMMANDER event names
    by: str = ""
    expected_revision: int | None = None
    undone: bool = False

    def to_payload(self) -> dict[str, Any]:
        """The event as JSON: what it stores, no more (:func:`judge.engine.tracker.event_from_json` reads it).

        >>> from judge.engine.tracker import event_from_json
        >>> e = Event(kind=EventKind.COMMANDER_DAMAGE, player="A", owner="B", commander=1, amount=7)
        >>> event_from_json(e.to_payload()) == e
        True
        """
        data: dict[str, Any] = {"kind": self.kind.value}
        kind = self.kind
        if kind is not EventKind.NEXT_TURN:
            data["player"] = self.player
        if kind in AMOUNT_KINDS or kind is EventKind.SET_COMMANDER_CASTS:
            data["amount"] = self.amount
        if kind is EventKind.COMMANDER_DAMAGE:
            data["owner"] = self.owner
        if kind is EventKind.COMMANDER_DAMAGE or kind in COMMANDER_KINDS:
            data["commander"] = self.commander
        if kind is EventKind.NAME_COMMANDER:
            data["name"] = self.name
        if kind is EventKind.COMMANDER_WITHOUT_CAST and self.how is not None:
            data["how"] = self.how.value
        if kind is EventKind.LOSE and self.reason is not None:
            data["reason"] = self.reason.value
        if kind is EventKind.PLANAR_ROLL:
            data["free"] = self.free
            if self.face is not None:
                data["face"] = self.face.value
        if self.by:
            data["by"] = self.by
        if self.expected_revision is not None:
            data["expected_revision"] = self.expected_revision
        if self.undone:
            data["undone"] = True
        return data


@dataclass(frozen=True)
class Undo:
    """A press of "undo": the seat's last change that is not undone yet (anyone's when ``by`` is "")."""

    by: str = ""
    expected_revision: int | None = None

    def to_payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.by:
            data["by"] = self.by
        if self.expected_revision is not None:
            data["expected_revision"] = self.expected_revision
        return data


def commander_name(setup: TableSetup | None, owner: str, index: int) -> ParamValue:
    """A commander's card name ("《…》" in Japanese), or "?" when the setup has no such commander."""
    if setup is not None and owner in setup.players:
        cards = setup.commanders[setup.players.index(owner)]
        if 0 <= index < len(cards):
            return msg("tracker.card", name=cards[index])
    return "?"


def summary(*, setup: TableSetup | None, event: Event) -> Message:
    """One line of the history log: what the change was, in the reader's language.

    >>> from judge.engine.tracker import table_setup
    >>> s = table_setup(variant="commander", players=["Aki", "Ben"],
    ...     commanders={"Aki": ["Oona"], "Ben": ["Edgar"]})
    >>> summary(setup=s, event=Event(kind=EventKind.CAST_COMMANDER, player="Ben")).text("ja")
    'Ben が《Edgar》を統率領域から唱えた'
    """
    kind = event.kind
    player = event.player
    if kind in (EventKind.LIFE, EventKind.POISON, EventKind.SHIELDS):
        return msg(f"tracker.summary.{kind.value}", player=player, amount=event.amount)
    if kind is EventKind.COMMANDER_DAMAGE:
        return msg(
            "tracker.summary.commander-damage",
            player=player,
            amount=event.amount,
            commander=msg(
                "tracker.commander-of",
                owner=event.owner,
                name=commander_name(setup, event.owner, event.commander),
            ),
        )
    if kind is EventKind.NAME_COMMANDER:
        named = msg("tracker.card", name=event.name)
        return msg("tracker.summary.name-commander", player=player, commander=named)
    dtc = "-dtc" if setup is not None and setup.variant is Variant.DTC else ""
    if kind in COMMANDER_KINDS:
        card = commander_name(setup, player, event.commander)
        if kind is EventKind.CAST_COMMANDER:
            return msg(f"tracker.summary.cast{dtc}", player=player, commander=card)
        if kind is EventKind.SET_COMMANDER_CASTS:
            return msg(f"tracker.summary.set-casts{dtc}", commander=card, casts=event.amount)
        how = event.how or EntryHow.BATTLEFIELD
        return msg(f"tracker.summary.{how.value}{dtc}", commander=card)
    if kind is EventKind.PLANAR_ROLL:
        face: ParamValue = face_name(event.face) if event.face is not None else "—"
        return msg(
            "tracker.summary.roll-free" if event.free else "tracker.summary.roll", player=player, face=face
        )
    if kind is EventKind.NEXT_TURN:
        return msg("tracker.summary.next-turn")
    reason: ParamValue = reason_name(event.reason) if event.reason is not None else "—"
    return msg("tracker.summary.lose", player=player, reason=reason)
