"""Board states for multiplayer rulings: players, objects (109), control effects (613.7) and designations.

A :class:`Board` is a snapshot of a multiplayer game at the moment something
happens (a player leaves, 800.4). :mod:`judge.engine.board_payload` reads one
from the JSON API shape (shape problems);
:func:`~judge.engine.board_checks.check_board` judges it against the rules (a
board the rules cannot reach) and settles what the rules decide (default
controllers, 110.2); :meth:`Board.to_payload` writes it back, so a resolved board
can feed the next ruling of a scenario.

Model
-----
- **Players** are names. ``turn_order`` lists the players still in the game in
  turn order; ``left`` lists players who already left (they can still be the
  default controller of an object, which matters for 800.4c). While a turn
  goes on without an active player (800.4j), ``turn_order`` starts with the
  player who takes the next turn. In team variants ``active_player`` names a
  member of the active team (805.4a), and the first player listed in each
  team is its primary player (805.2).
- **Objects** (109.1) have an ``owner`` (108.3, 111.2, 707.10; abilities have
  none), a ``controller`` (the *current* controller) and a
  ``default_controller``: the player under whose control a permanent entered
  the battlefield (110.2, 110.2a: Bribery and Reanimate put a creature onto
  the battlefield under their caster's control) or who put a spell on the
  stack (112.2, 110.2b). With no control effect on it, an object's controller
  IS its default controller, so a controller other than the owner is read as
  the default controller. Only objects on the battlefield or the stack have a
  controller (109.4); emblems (109.4c) and face-up planes and phenomena
  (109.4d) in the command zone are the exceptions. A plane or phenomenon with
  no controller is a card in its owner's planar deck. Each object has a name
  in English and, optionally, its official Japanese name (``name_ja``).
- **Control effects** (layer 2, 613.1b) are listed in timestamp order
  (613.7): the latest one still in force decides the controller; with none
  left, the object is controlled by its default controller. ``ends`` says
  when the effect stops: ``"source-leaves"`` (the static ability of a
  permanent, such as an Aura's "You control enchanted creature": it applies
  only while its source is on the battlefield, 611.3b), ``"for-as-long-as"``
  (a resolved spell or ability "for as long as" its source stays, 611.2b),
  ``"end-of-turn"`` or ``"never"`` (611.2a). Any control effect also ends when
  the player it gives control to leaves the game (800.4a). The ``source`` of
  an effect that ends only by its duration may be gone from the board (a
  resolved sorcery); its ``name`` then says what made it.
- **Delayed triggered abilities** (603.7) have a controller (603.7d–f) and,
  optionally, the object they will act on.
- **Timed effects** are continuous effects lasting until their controller's
  next turn, or until a point in it (800.4m).
- **The monarch** (724) and **the initiative** (725) are player designations;
  **player control** (722) gives a player control of another player's turn
  (Mindslaver); **combat** lists the attacking creatures, what each attacks
  (a player, a planeswalker or a battle) and what blocks it (506-510).
- **Planechase**: the ``planechase`` and ``grand-melee`` variants and
  Two-Headed Giant with a planar controller (Two-Headed Giant Planechase,
  901.12, whose planar controller is the primary player of the active team).
  ``single_planar_deck`` is the single communal planar deck option (901.15):
  the planar controller is considered the owner of every plane and
  phenomenon (108.3a, 901.15b), so those have no ``owner`` on the board.
- **Until effects** (610.3): cards exiled until their source leaves the battlefield or until end of
  turn (:mod:`judge.engine.board_until`).
- **Duel Masters** boards (DTC) carry each player's shields.

>>> board = Board(variant=Variant.FREE_FOR_ALL, turn_order=("Alex", "Bianca"), active_player="Alex",
...               objects=(GameObject(id="g", name="Assault Griffin", name_ja="突撃するグリフィン",
...                                   kind=ObjectKind.CARD, owner="Bianca", controller="Alex",
...                                   zone=Zone.BATTLEFIELD, default_controller="Alex"),))
>>> board.object("g").default, board.object("g").label.in_("ja")
('Alex', '《突撃するグリフィン》')
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from judge.engine.board_until import UntilEffect
from judge.engine.messages import Text, card_name
from judge.engine.variants import Variant

MAX_OBJECTS = 300
MAX_EFFECTS = 300
MAX_PLAYERS = 20
MAX_TEXT = 200
MAX_SHIELDS = 100


class Zone(enum.Enum):
    """Game zones (400.1) plus the ante zone (407)."""

    BATTLEFIELD = "battlefield"
    STACK = "stack"
    HAND = "hand"
    LIBRARY = "library"
    GRAVEYARD = "graveyard"
    EXILE = "exile"
    COMMAND = "command"
    ANTE = "ante"

    @property
    def has_controller(self) -> bool:
        """Only objects on the battlefield or the stack have a controller (109.4)."""
        return self in (Zone.BATTLEFIELD, Zone.STACK)


class ObjectKind(enum.Enum):
    """What an object is (109.1)."""

    CARD = "card"
    TOKEN = "token"  # 111
    COPY = "copy"  # a copy of a spell or card, 707.10 / 707.12
    ABILITY = "ability"  # an ability on the stack, 113.1c
    EMBLEM = "emblem"  # 114
    PLANE = "plane"  # 311
    PHENOMENON = "phenomenon"  # 312

    @property
    def is_card(self) -> bool:
        """Objects represented by cards (800.4a: the others cease to exist)."""
        return self in (ObjectKind.CARD, ObjectKind.PLANE, ObjectKind.PHENOMENON)

    @property
    def is_planar(self) -> bool:
        return self in (ObjectKind.PLANE, ObjectKind.PHENOMENON)


class Attachment(enum.Enum):
    """What an attached permanent is, for the state-based actions 704.5m / 704.5n / 704.5p."""

    AURA = "aura"
    EQUIPMENT = "equipment"
    FORTIFICATION = "fortification"
    OTHER = "other"


class Ends(enum.Enum):
    """When a control effect ends."""

    SOURCE_LEAVES = (
        "source-leaves"  # a static ability of its source: applies while it is on the battlefield (611.3b)
    )
    FOR_AS_LONG_AS = (
        "for-as-long-as"  # a resolved "for as long as" its source stays on the battlefield (611.2b)
    )
    END_OF_TURN = "end-of-turn"
    NEVER = "never"  # no duration stated: lasts until the game ends (611.2a)

    @property
    def needs_source(self) -> bool:
        return self in (Ends.SOURCE_LEAVES, Ends.FOR_AS_LONG_AS)

    @property
    def rule(self) -> str:
        """The rule that ends the effect when its source leaves the battlefield."""
        return "611.3b" if self is Ends.SOURCE_LEAVES else "611.2b"


class Until(enum.Enum):
    """How long a timed effect lasts (800.4m)."""

    NEXT_TURN = "next-turn"  # "until your next turn"
    DURING_NEXT_TURN = "during-next-turn"  # until a point in that turn ("until the end of your next turn")


@dataclass(frozen=True)
class GameObject:
    """One object (109.1): a card, token, copy, ability on the stack, emblem, plane or phenomenon."""

    id: str
    name: str
    kind: ObjectKind
    owner: str | None
    controller: str | None
    zone: Zone
    attached_to: str | None = None
    default_controller: str | None = None
    source: str | None = None
    planeswalking: bool = False
    attachment: Attachment = Attachment.AURA
    name_ja: str | None = None
    commander: bool = False  # a player's commander (903.3): the 903.9 choices apply to it

    @property
    def default(self) -> str | None:
        """The player who controls this object when no control effect applies (110.2, 112.2)."""
        return self.default_controller if self.default_controller is not None else self.owner

    @property
    def label(self) -> Text:
        """The object's name for the reader: cards, copies, planes and phenomena in 《》 in Japanese."""
        return card_name(
            self.name,
            self.name_ja,
            quoted=self.kind not in (ObjectKind.ABILITY, ObjectKind.TOKEN, ObjectKind.EMBLEM),
        )

    def to_payload(self) -> dict[str, Any]:
        item: dict[str, Any] = {"id": self.id, "name": self.name}
        if self.name_ja is not None:
            item["name_ja"] = self.name_ja
        item.update(kind=self.kind.value, owner=self.owner, controller=self.controller, zone=self.zone.value)
        if self.attached_to is not None:
            item["attached_to"] = self.attached_to
        if self.default_controller is not None:
            item["default_controller"] = self.default_controller
        if self.source is not None:
            item["source"] = self.source
        if self.planeswalking:
            item["planeswalking"] = True
        if self.attachment is not Attachment.AURA:
            item["attachment"] = self.attachment.value
        if self.commander:
            item["commander"] = True
        return item


@dataclass(frozen=True)
class ControlEffect:
    """A control-changing effect (613.1b) giving ``controller`` control of ``object``."""

    id: str
    object: str
    controller: str
    source: str | None
    ends: Ends
    name: str | None = None  # what made it, when its source is not on the board ("Act of Treason")
    name_ja: str | None = None

    def to_payload(self) -> dict[str, Any]:
        item: dict[str, Any] = {
            "id": self.id,
            "object": self.object,
            "controller": self.controller,
            "source": self.source,
            "ends": self.ends.value,
        }
        return _with_names(item, self.name, self.name_ja)


@dataclass(frozen=True)
class DelayedTrigger:
    """A delayed triggered ability waiting for its trigger event (603.7)."""

    id: str
    controller: str
    source: str | None
    text: str
    object: str | None = None
    name: str | None = None
    name_ja: str | None = None

    def to_payload(self) -> dict[str, Any]:
        item: dict[str, Any] = {
            "id": self.id,
            "controller": self.controller,
            "source": self.source,
            "text": self.text,
            "object": self.object,
        }
        return _with_names(item, self.name, self.name_ja)


@dataclass(frozen=True)
class TimedEffect:
    """A continuous effect lasting until its controller's next turn or a point in it (800.4m)."""

    id: str
    controller: str
    until: Until
    text: str = ""
    source: str | None = None
    object: str | None = None
    name: str | None = None
    name_ja: str | None = None
    ends_after_turn_of: str | None = (
        None  # its controller left: it ends when this player's turn ends (800.4m)
    )

    def to_payload(self) -> dict[str, Any]:
        item: dict[str, Any] = {
            "id": self.id,
            "controller": self.controller,
            "until": self.until.value,
            "text": self.text,
            "source": self.source,
            "object": self.object,
        }
        if self.ends_after_turn_of is not None:
            item["ends_after_turn_of"] = self.ends_after_turn_of
        return _with_names(item, self.name, self.name_ja)


@dataclass(frozen=True)
class PlayerControl:
    """``controller`` controls ``player`` (723.1): during their current turn, or their next one
    (``pending``)."""

    player: str
    controller: str
    pending: bool = False
    source: str | None = None
    name: str | None = None
    name_ja: str | None = None

    def to_payload(self) -> dict[str, Any]:
        item: dict[str, Any] = {"player": self.player, "controller": self.controller}
        if self.pending:
            item["pending"] = True
        if self.source is not None:
            item["source"] = self.source
        return _with_names(item, self.name, self.name_ja)


@dataclass(frozen=True)
class Attack:
    """An attacking creature, what it attacks (a player, or a planeswalker or battle by id) and its
    blockers."""

    attacker: str
    attacking: str
    blockers: tuple[str, ...] = ()

    def to_payload(self) -> dict[str, Any]:
        item: dict[str, Any] = {"attacker": self.attacker, "attacking": self.attacking}
        if self.blockers:
            item["blockers"] = list(self.blockers)
        return item


def _with_names(item: dict[str, Any], name: str | None, name_ja: str | None) -> dict[str, Any]:
    if name is not None:
        item["name"] = name
    if name_ja is not None:
        item["name_ja"] = name_ja
    return item


@dataclass(frozen=True)
class Board:
    """A multiplayer game state. Objects and control effects are in timestamp order (613.7)."""

    variant: Variant
    turn_order: tuple[str, ...]
    active_player: str | None
    objects: tuple[GameObject, ...] = ()
    control_effects: tuple[ControlEffect, ...] = ()
    delayed_triggers: tuple[DelayedTrigger, ...] = ()
    teams: tuple[tuple[str, ...], ...] = ()
    planar_controllers: tuple[str, ...] = ()
    left: tuple[str, ...] = ()
    priority: str | None = None
    single_planar_deck: bool = False
    monarch: str | None = None
    initiative: str | None = None
    timed_effects: tuple[TimedEffect, ...] = ()
    player_control: tuple[PlayerControl, ...] = ()
    combat: tuple[Attack, ...] = ()
    until_effects: tuple[UntilEffect, ...] = ()  # cards exiled "until" (610.3), judge.engine.board_until
    shields: tuple[tuple[str, int], ...] = field(default=())

    @property
    def has_planes(self) -> bool:
        """Planechase rules apply: a Planechase variant, or Two-Headed Giant Planechase (901.12)."""
        return self.variant.has_planes or (
            self.variant is Variant.TWO_HEADED_GIANT and bool(self.planar_controllers)
        )

    @property
    def planar_controller(self) -> str | None:
        """The one planar controller (901.6, 901.12b); None in Grand Melee and in games without planes."""
        if self.has_planes and self.variant is not Variant.GRAND_MELEE and self.planar_controllers:
            return self.planar_controllers[0]
        return None

    def find(self, object_id: str | None) -> GameObject | None:
        for obj in self.objects:
            if obj.id == object_id:
                return obj
        return None

    def object(self, object_id: str) -> GameObject:
        """The object with this id (KeyError if there is none)."""
        found = self.find(object_id)
        if found is None:
            raise KeyError(object_id)
        return found

    def team_of(self, player: str) -> tuple[str, ...]:
        """The player's team (team variants) or just the player."""
        for team in self.teams:
            if player in team:
                return team
        return (player,)

    def shields_of(self, player: str) -> int:
        return dict(self.shields).get(player, 0)

    def label_of(self, object_id: str | None) -> Text | None:
        obj = self.find(object_id)
        return obj.label if obj is not None else None

    def to_payload(self) -> dict[str, Any]:
        """The board in the JSON API shape (what :func:`judge.engine.board_payload.board_from_payload` reads).

        >>> Board(variant=Variant.FREE_FOR_ALL, turn_order=("A", "B"),
        ...     active_player="A").to_payload()["turn_order"]
        ['A', 'B']
        """
        payload: dict[str, Any] = {
            "variant": self.variant.value,
            "turn_order": list(self.turn_order),
            "active_player": self.active_player,
        }
        if self.left:
            payload["left"] = list(self.left)
        if self.priority is not None:
            payload["priority"] = self.priority
        if self.teams:
            payload["teams"] = [list(team) for team in self.teams]
        if self.variant is Variant.GRAND_MELEE:
            payload["planar_controller"] = list(self.planar_controllers)
        elif self.has_planes or self.variant.has_planes:
            payload["planar_controller"] = self.planar_controller
        if self.single_planar_deck:
            payload["single_planar_deck"] = True
        if self.monarch is not None:
            payload["monarch"] = self.monarch
        if self.initiative is not None:
            payload["initiative"] = self.initiative
        if self.shields:
            payload["shields"] = dict(self.shields)
        payload["objects"] = [o.to_payload() for o in self.objects]
        payload["control_effects"] = [e.to_payload() for e in self.control_effects]
        payload["delayed_triggers"] = [t.to_payload() for t in self.delayed_triggers]
        if self.timed_effects:
            payload["timed_effects"] = [t.to_payload() for t in self.timed_effects]
        if self.player_control:
            payload["player_control"] = [c.to_payload() for c in self.player_control]
        if self.combat:
            payload["combat"] = [a.to_payload() for a in self.combat]
        if self.until_effects:
            payload["until_effects"] = [e.to_payload() for e in self.until_effects]
        return payload


def effect_label(board: Board, name: str | None, name_ja: str | None, source: str | None) -> Text | None:
    """What made an effect, for the reader: its source on the board, else the name it carries."""
    if name is not None:
        return card_name(name, name_ja)
    return board.label_of(source)


def players_text(players: Sequence[str]) -> Text:
    """Player names joined in each language: "A, B and C" / "A、B、C"; two players "A and B" / "AとB".

    >>> players_text(["Alex", "Bianca"]).in_("ja"), players_text(["A", "B", "C"]).en
    ('AlexとBianca', 'A, B and C')
    """
    names = list(players)
    if len(names) <= 1:
        return Text(en="".join(names), ja="".join(names))
    return Text(
        en=", ".join(names[:-1]) + " and " + names[-1], ja=("と" if len(names) == 2 else "、").join(names)
    )


def names_text(labels: Sequence[Text]) -> Text:
    """Object names joined in each language."""
    return Text(en=", ".join(t.en for t in labels), ja="、".join(t.ja for t in labels))


__all__ = [
    "Attachment",
    "Attack",
    "Board",
    "ControlEffect",
    "DelayedTrigger",
    "Ends",
    "GameObject",
    "MAX_EFFECTS",
    "MAX_OBJECTS",
    "MAX_PLAYERS",
    "MAX_SHIELDS",
    "MAX_TEXT",
    "ObjectKind",
    "PlayerControl",
    "TimedEffect",
    "Until",
    "Variant",
    "Zone",
    "card_name",
    "effect_label",
    "names_text",
    "players_text",
]
