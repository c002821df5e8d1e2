"""Board states for multiplayer rulings: players, objects, control effects (rules 109, 110.2, 800.4).

A :class:`Board` is a snapshot of a multiplayer game at the moment something
happens (a player leaves, 800.4). It is built from the JSON API payload by
:func:`board_from_payload`, which checks the payload and raises with EVERY
problem found, and written back by :func:`board_to_payload` (so a resolved
board can feed the next ruling of a scenario).

Model
-----
- **Players** are names. ``turn_order`` lists the players still in the game in
  turn order; ``left`` lists players who already left (they can still be the
  default controller of an object, which matters for 800.4c).
- **Objects** (109.1) have an ``owner`` (108.3, 111.2, 707.10; abilities have
  none), a ``controller`` (the *current* controller) and a
  ``default_controller`` (110.2: the player under whose control a permanent
  entered the battlefield, or who put a spell on the stack, 110.2b; it
  defaults to the owner). Only objects on the battlefield or the stack have a
  controller (109.4); emblems (109.4c) and face-up planes and phenomena
  (109.4d) in the command zone are the exceptions. A plane or phenomenon with
  no controller is a card in its owner's planar deck.
- **Control effects** (layer 2, 613.1b) are listed in timestamp order
  (613.7): the latest one still in force decides the controller; with none
  left, the object is controlled by its default controller. ``ends`` says
  when the effect stops: ``"source-leaves"`` (for as long as its source stays
  on the battlefield, 611.2b: an Aura such as "You control enchanted
  creature"), ``"end-of-turn"`` or ``"never"`` (611.2a). Any control effect
  also ends when the player it gives control to leaves the game (800.4a).
- **Delayed triggered abilities** (603.7) have a controller (603.7d–f) and,
  optionally, the object they will act on.

Board states the rules cannot reach (an ability in a graveyard, a controller
that contradicts the control effects, a token in the library, ...) raise
:class:`~judge.engine.errors.IllegalStateError`; malformed payloads (missing
fields, unknown ids, duplicates, too many objects) raise
:class:`~judge.engine.errors.InvalidInputError`. Both list every problem,
each prefixed with where it is (``objects[2].zone: ...``); when both kinds
occur the error is an ``InvalidInputError`` listing them all.

>>> board = board_from_payload({
...     "variant": "free-for-all", "turn_order": ["Alex", "Bianca", "Carol"],
...     "active_player": "Alex",
...     "objects": [{"id": "bears", "name": "Runeclaw Bear", "kind": "card",
...                  "owner": "Bianca", "controller": "Bianca", "zone": "battlefield"}]})
>>> board.variant.value, board.object("bears").default
('free-for-all', 'Bianca')
>>> board_from_payload({"variant": "dtc", "turn_order": ["A", "B"], "active_player": "Z"})
Traceback (most recent call last):
...
judge.engine.errors.InvalidInputError: active_player: 'Z' is not in turn_order; teams: required for the dtc variant
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from judge.engine.errors import IllegalStateError, InvalidInputError

MAX_OBJECTS = 2000
MAX_EFFECTS = 2000
MAX_PLAYERS = 64
MAX_TEXT = 200


class Variant(enum.Enum):
    """The multiplayer variant the board is played in."""

    FREE_FOR_ALL = "free-for-all"          # 806
    PLANECHASE = "planechase"              # 901 (one planar controller)
    GRAND_MELEE = "grand-melee"            # 807 with Planechase, 901.14 (several planar controllers)
    TWO_HEADED_GIANT = "two-headed-giant"  # 810
    DTC = "dtc"                            # Duel Masters Tag Commander (teams, no individual leaving)

    @property
    def has_teams(self) -> bool:
        return self in (Variant.TWO_HEADED_GIANT, Variant.DTC)

    @property
    def has_planes(self) -> bool:
        return self in (Variant.PLANECHASE, Variant.GRAND_MELEE)


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
    TOKEN = "token"          # 111
    COPY = "copy"            # a copy of a spell or card, 707.10 / 707.12
    ABILITY = "ability"      # an ability on the stack, 113.1c
    EMBLEM = "emblem"        # 114
    PLANE = "plane"          # 311
    PHENOMENON = "phenomenon"  # 312

    @property
    def is_card(self) -> bool:
        """Objects represented by cards (800.4a: the others cease to exist)."""
        return self in (ObjectKind.CARD, ObjectKind.PLANE, ObjectKind.PHENOMENON)


class Attachment(enum.Enum):
    """What an attached permanent is, for the state-based actions 704.5m / 704.5n / 704.5p."""

    AURA = "aura"
    EQUIPMENT = "equipment"
    FORTIFICATION = "fortification"
    OTHER = "other"


class Ends(enum.Enum):
    """When a control effect ends (611.2)."""

    SOURCE_LEAVES = "source-leaves"  # "for as long as" its source is on the battlefield (611.2b)
    END_OF_TURN = "end-of-turn"
    NEVER = "never"                  # no duration stated: lasts until the game ends (611.2a)


# Zones each kind of object can be in; anything else is a board the rules cannot reach.
ALLOWED_ZONES: dict[ObjectKind, tuple[frozenset[Zone], str]] = {
    ObjectKind.ABILITY: (frozenset({Zone.STACK}), "an ability exists only on the stack (113.1c)"),
    ObjectKind.TOKEN: (frozenset({Zone.BATTLEFIELD}), "a token outside the battlefield ceases to exist (111.7)"),
    ObjectKind.COPY: (
        frozenset({Zone.STACK, Zone.BATTLEFIELD}),
        "a copy outside the stack and the battlefield ceases to exist (707.10a)",
    ),
    ObjectKind.EMBLEM: (frozenset({Zone.COMMAND}), "an emblem is always in the command zone (114.1)"),
    ObjectKind.PLANE: (frozenset({Zone.COMMAND}), "a plane stays in the command zone (311.2)"),
    ObjectKind.PHENOMENON: (frozenset({Zone.COMMAND}), "a phenomenon stays in the command zone (312.2)"),
}


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

    @property
    def default(self) -> str | None:
        """The player who controls this object when no control effect applies (110.2, 110.2b)."""
        return self.default_controller if self.default_controller is not None else self.owner


@dataclass(frozen=True)
class ControlEffect:
    """A control-changing effect (613.1b) giving ``controller`` control of ``object``."""

    id: str
    object: str
    controller: str
    source: str | None
    ends: Ends


@dataclass(frozen=True)
class DelayedTrigger:
    """A delayed triggered ability waiting for its trigger event (603.7)."""

    id: str
    controller: str
    source: str | None
    text: str
    object: str | None = None


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

    @property
    def planar_controller(self) -> str | None:
        """The one planar controller of a Planechase game (901.6); None in other variants."""
        if self.variant is Variant.PLANECHASE and self.planar_controllers:
            return self.planar_controllers[0]
        return None

    def object(self, object_id: str) -> GameObject:
        """The object with this id (KeyError if there is none)."""
        for obj in self.objects:
            if obj.id == object_id:
                return obj
        raise KeyError(object_id)

    def team_of(self, player: str) -> tuple[str, ...]:
        """The player's team (team variants) or just the player."""
        for team in self.teams:
            if player in team:
                return team
        return (player,)


# ---------------------------------------------------------------------------
# Payload checking


class _Problems:
    """Collects malformed-input and illegal-state problems separately."""

    def __init__(self) -> None:
        self.invalid: list[str] = []
        self.illegal: list[str] = []

    def raise_if_any(self) -> None:
        if self.invalid:
            raise InvalidInputError(self.invalid + self.illegal)
        if self.illegal:
            raise IllegalStateError(self.illegal)


def _text(value: Any, where: str, problems: _Problems, *, optional: bool = False) -> str | None:
    if value is None:
        if not optional:
            problems.invalid.append(f"{where}: required")
        return None
    if not isinstance(value, str) or not value.strip():
        problems.invalid.append(f"{where}: must be a non-empty string")
        return None
    if len(value) > MAX_TEXT:
        problems.invalid.append(f"{where}: longer than {MAX_TEXT} characters")
        return None
    return value


def _enum(enum_type: type[enum.Enum], value: Any, where: str, problems: _Problems) -> Any:
    choices = [member.value for member in enum_type]
    if value is None:
        problems.invalid.append(f"{where}: required (one of {', '.join(choices)})")
        return None
    for member in enum_type:
        if member.value == value:
            return member
    problems.invalid.append(f"{where}: {value!r} is not one of {', '.join(choices)}")
    return None


def _items(value: Any, where: str, problems: _Problems, limit: int) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        problems.invalid.append(f"{where}: must be a list")
        return []
    if len(value) > limit:
        problems.invalid.append(f"{where}: more than {limit} entries ({len(value)})")
        return []
    return value


def _mapping(value: Any, where: str, problems: _Problems) -> Mapping[str, Any] | None:
    if not isinstance(value, Mapping):
        problems.invalid.append(f"{where}: must be an object")
        return None
    return value


def _players(payload: Mapping[str, Any], problems: _Problems) -> tuple[list[str], list[str]]:
    raw = payload.get("turn_order")
    players: list[str] = []
    if raw is None:
        problems.invalid.append("turn_order: required")
    for index, value in enumerate(_items(raw, "turn_order", problems, MAX_PLAYERS)):
        name = _text(value, f"turn_order[{index}]", problems)
        if name is None:
            continue
        if name in players:
            problems.invalid.append(f"turn_order[{index}]: {name!r} appears twice")
            continue
        players.append(name)
    if raw is not None and isinstance(raw, list) and len(players) == len(raw) and len(players) < 2:
        problems.invalid.append("turn_order: a multiplayer game needs at least 2 players still in the game (800.4)")
    left: list[str] = []
    for index, value in enumerate(_items(payload.get("left"), "left", problems, MAX_PLAYERS)):
        name = _text(value, f"left[{index}]", problems)
        if name is None:
            continue
        if name in players or name in left:
            problems.invalid.append(f"left[{index}]: {name!r} is listed twice (a player who left is not in turn_order)")
            continue
        left.append(name)
    return players, left


def _player(value: Any, where: str, players: Sequence[str], problems: _Problems, *, optional: bool = False) -> str | None:
    name = _text(value, where, problems, optional=optional)
    if name is not None and name not in players:
        problems.invalid.append(f"{where}: {name!r} is not in turn_order")
        return None
    return name


def _teams(payload: Mapping[str, Any], variant: Variant | None, players: list[str], problems: _Problems) -> list[tuple[str, ...]]:
    raw = payload.get("teams")
    if variant is None:
        return []
    if not variant.has_teams:
        if raw:
            problems.invalid.append(f"teams: only the two-headed-giant and dtc variants have teams, not {variant.value}")
        return []
    if not raw:
        problems.invalid.append(f"teams: required for the {variant.value} variant")
        return []
    teams: list[tuple[str, ...]] = []
    seen: set[str] = set()
    for index, team in enumerate(_items(raw, "teams", problems, MAX_PLAYERS)):
        if not isinstance(team, list) or not team:
            problems.invalid.append(f"teams[{index}]: must be a non-empty list of players")
            continue
        members: list[str] = []
        for member_index, value in enumerate(team):
            name = _player(value, f"teams[{index}][{member_index}]", players, problems)
            if name is None:
                continue
            if name in seen:
                problems.invalid.append(f"teams[{index}][{member_index}]: {name!r} is on two teams")
                continue
            seen.add(name)
            members.append(name)
        teams.append(tuple(members))
    missing = [p for p in players if p not in seen]
    if missing and len(seen) + len(missing) == len(players):
        problems.invalid.append(f"teams: {', '.join(missing)} not on any team")
    if len(teams) < 2:
        problems.invalid.append("teams: at least two teams are needed")
    if variant is Variant.TWO_HEADED_GIANT and (len(teams) != 2 or any(len(t) != 2 for t in teams)):
        problems.illegal.append("teams: Two-Headed Giant is played by two teams of two players (810.1)")
    if variant is Variant.DTC and len(teams) != 2:
        problems.illegal.append("teams: a DTC game is played by two teams (dtc:basic-rules)")
    return teams


def _planar_controllers(
    payload: Mapping[str, Any], variant: Variant | None, players: list[str], problems: _Problems
) -> list[str]:
    raw = payload.get("planar_controller")
    if variant is None:
        return []
    if not variant.has_planes:
        if raw is not None:
            problems.invalid.append(f"planar_controller: only Planechase variants have a planar controller, not {variant.value}")
        return []
    if raw is None:
        problems.invalid.append(f"planar_controller: required for the {variant.value} variant (901.6)")
        return []
    if variant is Variant.PLANECHASE:
        name = _player(raw, "planar_controller", players, problems)
        return [name] if name is not None else []
    values = raw if isinstance(raw, list) else [raw]
    found: list[str] = []
    for index, value in enumerate(values):
        name = _player(value, f"planar_controller[{index}]", players, problems)
        if name is not None and name in found:
            problems.invalid.append(f"planar_controller[{index}]: {name!r} appears twice")
        elif name is not None:
            found.append(name)
    markers = len(players) // 4
    if len(found) > max(markers, 1):
        problems.illegal.append(
            f"planar_controller: {len(found)} planar controllers but only {markers} turn markers "
            "(one per full four players, 807.4a, 901.14a)"
        )
    return found


def _object(
    index: int, raw: Any, players: list[str], known: Sequence[str], problems: _Problems
) -> GameObject | None:
    where = f"objects[{index}]"
    item = _mapping(raw, where, problems)
    if item is None:
        return None
    before = len(problems.invalid)
    object_id = _text(item.get("id"), f"{where}.id", problems)
    name = _text(item.get("name"), f"{where}.name", problems)
    kind: ObjectKind | None = _enum(ObjectKind, item.get("kind"), f"{where}.kind", problems)
    zone: Zone | None = _enum(Zone, item.get("zone"), f"{where}.zone", problems)
    # A player who left can still own a card in the ante zone (800.4n); the check is in _check_object.
    owner = _player(item.get("owner"), f"{where}.owner", known, problems, optional=kind is ObjectKind.ABILITY)
    controller = _player(item.get("controller"), f"{where}.controller", players, problems, optional=True)
    default = _player(item.get("default_controller"), f"{where}.default_controller", known, problems, optional=True)
    attached_to = _text(item.get("attached_to"), f"{where}.attached_to", problems, optional=True)
    source = _text(item.get("source"), f"{where}.source", problems, optional=True)
    planeswalking = item.get("planeswalking", False)
    if not isinstance(planeswalking, bool):
        problems.invalid.append(f"{where}.planeswalking: must be true or false")
        planeswalking = False
    attachment: Attachment | None = _enum(Attachment, item.get("attachment", "aura"), f"{where}.attachment", problems)
    unknown = sorted(set(item) - {
        "id", "name", "kind", "owner", "controller", "zone", "attached_to", "default_controller",
        "source", "planeswalking", "attachment",
    })
    if unknown:
        problems.invalid.append(f"{where}: unknown field(s) {', '.join(unknown)}")
    if len(problems.invalid) > before or object_id is None or name is None or kind is None or zone is None:
        return None
    assert attachment is not None
    return GameObject(
        id=object_id, name=name, kind=kind, owner=owner, controller=controller, zone=zone,
        attached_to=attached_to, default_controller=default, source=source,
        planeswalking=planeswalking, attachment=attachment,
    )


def _check_object(obj: GameObject, where: str, board_players: list[str], planar: list[str], variant: Variant,
                  problems: _Problems) -> GameObject:
    """Checks one object against the rules; returns it with a normalised controller."""
    if obj.owner is not None and obj.owner not in board_players and obj.zone is not Zone.ANTE:
        problems.illegal.append(
            f"{where}.owner: {obj.owner!r} has left the game, and so has everything they owned outside the ante zone "
            "(800.4a, 800.4n)"
        )
        return obj
    allowed = ALLOWED_ZONES.get(obj.kind)
    if allowed is not None and obj.zone not in allowed[0]:
        problems.illegal.append(f"{where}: {obj.id!r} is {obj.kind.value} in the {obj.zone.value} zone: {allowed[1]}")
        return obj  # its controller cannot be judged in a zone it cannot be in
    if obj.kind in (ObjectKind.PLANE, ObjectKind.PHENOMENON) and not variant.has_planes:
        problems.illegal.append(f"{where}: {obj.id!r}: planes and phenomena are used only in Planechase (311.1, 312.1)")
    if obj.planeswalking and obj.kind is not ObjectKind.ABILITY:
        problems.invalid.append(f"{where}.planeswalking: only an ability can be the planeswalking ability (901.8)")
    if obj.kind is ObjectKind.TOKEN and obj.default_controller not in (None, obj.owner):
        problems.illegal.append(
            f"{where}: {obj.id!r}: a token enters under the control of its owner, the player who created it (111.2)"
        )
    if obj.kind is ObjectKind.COPY and obj.zone is Zone.STACK and obj.default_controller not in (None, obj.owner):
        problems.illegal.append(
            f"{where}: {obj.id!r}: a copy of a spell is owned by the player who put it on the stack (707.10)"
        )
    controller = obj.controller
    if obj.zone.has_controller:
        if controller is None:
            problems.illegal.append(f"{where}.controller: an object on the {obj.zone.value} always has a controller (110.2, 109.4)")
    elif obj.kind is ObjectKind.EMBLEM:
        if controller is None:
            controller = obj.owner
        elif controller != obj.owner:
            problems.illegal.append(f"{where}.controller: an emblem is controlled by its owner (114.2, 109.4c)")
    elif obj.kind in (ObjectKind.PLANE, ObjectKind.PHENOMENON):
        if controller is not None and controller not in planar:
            problems.illegal.append(
                f"{where}.controller: a face-up {obj.kind.value} is controlled by the planar controller (109.4d, 901.6)"
            )
    elif controller is not None:
        if controller != obj.owner:
            problems.illegal.append(
                f"{where}.controller: {obj.id!r} in the {obj.zone.value} zone has no controller (109.4, 108.4a)"
            )
        controller = None
    if obj.attached_to is not None and obj.zone is not Zone.BATTLEFIELD:
        problems.illegal.append(f"{where}.attached_to: only a permanent on the battlefield can be attached (301.5, 303.4)")
    if obj.attached_to == obj.id:
        problems.illegal.append(f"{where}.attached_to: {obj.id!r} cannot be attached to itself (303.4d, 301.5c)")
    if controller != obj.controller:
        return replace(obj, controller=controller)
    return obj


def board_from_payload(payload: Mapping[str, Any]) -> Board:
    """Check a board payload (the JSON API input) and build a :class:`Board`.

    Every problem is collected before raising (see the module docstring). A
    ``"leaving"`` key, if present, must name a player in ``turn_order``.

    >>> board_from_payload({"variant": "planechase", "turn_order": ["A", "B"], "active_player": "A",
    ...     "planar_controller": "A",
    ...     "objects": [{"id": "x", "name": "Shock", "kind": "ability", "controller": "A", "zone": "graveyard"}]})
    Traceback (most recent call last):
    ...
    judge.engine.errors.IllegalStateError: objects[0]: 'x' is ability in the graveyard zone: an ability exists only on the stack (113.1c)
    """
    problems = _Problems()
    if not isinstance(payload, Mapping):
        raise InvalidInputError(["payload: must be a JSON object"])
    variant: Variant | None = _enum(Variant, payload.get("variant"), "variant", problems)
    players, left = _players(payload, problems)
    known = players + left
    active = _player(payload.get("active_player"), "active_player", players, problems, optional=True)
    priority = _player(payload.get("priority"), "priority", players, problems, optional=True)
    if "leaving" in payload:
        _player(payload.get("leaving"), "leaving", players, problems)
    teams = _teams(payload, variant, players, problems)
    planar = _planar_controllers(payload, variant, players, problems)
    if variant is Variant.PLANECHASE and planar and active is not None and planar[0] != active:
        # 901.6: the designation moves to the active player as soon as a different player becomes active;
        # a planar controller other than the active player is only reachable after the old one left.
        if not left:
            problems.illegal.append(
                f"planar_controller: {planar[0]!r} is not the active player {active!r} and no player has left (901.6)"
            )

    objects: list[GameObject] = []
    ids: dict[str, int] = {}
    for index, raw in enumerate(_items(payload.get("objects"), "objects", problems, MAX_OBJECTS)):
        obj = _object(index, raw, players, known, problems)
        if obj is None:
            continue
        if obj.id in ids:
            problems.invalid.append(f"objects[{index}].id: {obj.id!r} duplicates objects[{ids[obj.id]}]")
            continue
        ids[obj.id] = index
        if variant is not None:
            obj = _check_object(obj, f"objects[{index}]", players, planar, variant, problems)
        objects.append(obj)
    by_id = {obj.id: obj for obj in objects}
    for obj in objects:
        where = f"objects[{ids[obj.id]}]"
        target = obj.attached_to
        if target is not None and target != obj.id:
            if target in by_id:
                if by_id[target].zone is not Zone.BATTLEFIELD:
                    problems.illegal.append(
                        f"{where}.attached_to: {target!r} is not on the battlefield (704.5m, 704.5n)"
                    )
            elif target not in players:
                problems.invalid.append(f"{where}.attached_to: {target!r} is neither an object nor a player in the game")
        if obj.source is not None and obj.source not in by_id:
            problems.invalid.append(f"{where}.source: unknown object {obj.source!r}")

    effects: list[ControlEffect] = []
    effect_ids: set[str] = set()
    for index, raw in enumerate(_items(payload.get("control_effects"), "control_effects", problems, MAX_EFFECTS)):
        where = f"control_effects[{index}]"
        item = _mapping(raw, where, problems)
        if item is None:
            continue
        before = len(problems.invalid)
        effect_id = _text(item.get("id"), f"{where}.id", problems)
        target = _text(item.get("object"), f"{where}.object", problems)
        controller = _player(item.get("controller"), f"{where}.controller", players, problems)
        source = _text(item.get("source"), f"{where}.source", problems, optional=True)
        ends: Ends | None = _enum(Ends, item.get("ends"), f"{where}.ends", problems)
        if effect_id is not None and effect_id in effect_ids:
            problems.invalid.append(f"{where}.id: {effect_id!r} appears twice")
        if target is not None and target not in by_id:
            problems.invalid.append(f"{where}.object: unknown object {target!r}")
        if source is not None and source not in by_id:
            problems.invalid.append(f"{where}.source: unknown object {source!r}")
        if ends is Ends.SOURCE_LEAVES and source is None and item.get("source") is None:
            problems.invalid.append(f"{where}.source: required when the effect ends as its source leaves")
        if len(problems.invalid) > before:
            continue
        assert effect_id is not None and target is not None and controller is not None and ends is not None
        effect_ids.add(effect_id)
        if by_id[target].zone not in (Zone.BATTLEFIELD, Zone.STACK):
            problems.illegal.append(
                f"{where}.object: {target!r} is in the {by_id[target].zone.value} zone; only permanents and spells "
                "have a controller to change (109.4)"
            )
        if ends is Ends.SOURCE_LEAVES and source is not None and by_id[source].zone is not Zone.BATTLEFIELD:
            problems.illegal.append(
                f"{where}.source: {source!r} is not on the battlefield, so this effect has already ended (611.2b)"
            )
        effects.append(ControlEffect(id=effect_id, object=target, controller=controller, source=source, ends=ends))

    for obj in objects:
        if not obj.zone.has_controller or obj.kind is ObjectKind.ABILITY or obj.controller is None:
            continue
        mine = [e for e in effects if e.object == obj.id]
        expected = mine[-1].controller if mine else obj.default
        if obj.controller != expected:
            why = (
                f"the latest control effect {mine[-1].id!r} gives it to {expected!r} (613.7)"
                if mine else f"with no control effect it is controlled by {expected!r} (110.2)"
            )
            problems.illegal.append(f"objects[{ids[obj.id]}].controller: {obj.id!r} has controller {obj.controller!r} but {why}")

    triggers: list[DelayedTrigger] = []
    trigger_ids: set[str] = set()
    for index, raw in enumerate(_items(payload.get("delayed_triggers"), "delayed_triggers", problems, MAX_EFFECTS)):
        where = f"delayed_triggers[{index}]"
        item = _mapping(raw, where, problems)
        if item is None:
            continue
        before = len(problems.invalid)
        trigger_id = _text(item.get("id"), f"{where}.id", problems)
        controller = _player(item.get("controller"), f"{where}.controller", players, problems)
        source = _text(item.get("source"), f"{where}.source", problems, optional=True)
        text = item.get("text", "")
        target = _text(item.get("object"), f"{where}.object", problems, optional=True)
        if not isinstance(text, str) or len(text) > 1000:
            problems.invalid.append(f"{where}.text: must be a string of at most 1000 characters")
        if trigger_id is not None and trigger_id in trigger_ids:
            problems.invalid.append(f"{where}.id: {trigger_id!r} appears twice")
        if source is not None and source not in by_id:
            problems.invalid.append(f"{where}.source: unknown object {source!r}")
        if target is not None and target not in by_id:
            problems.invalid.append(f"{where}.object: unknown object {target!r}")
        if len(problems.invalid) > before:
            continue
        assert trigger_id is not None and controller is not None
        trigger_ids.add(trigger_id)
        triggers.append(DelayedTrigger(id=trigger_id, controller=controller, source=source, text=str(text), object=target))

    problems.raise_if_any()
    assert variant is not None
    return Board(
        variant=variant,
        turn_order=tuple(players),
        active_player=active,
        objects=tuple(objects),
        control_effects=tuple(effects),
        delayed_triggers=tuple(triggers),
        teams=tuple(teams),
        planar_controllers=tuple(planar),
        left=tuple(left),
        priority=priority,
    )


def board_to_payload(board: Board) -> dict[str, Any]:
    """Write a board back in the JSON API shape (the inverse of :func:`board_from_payload`).

    >>> b = Board(variant=Variant.FREE_FOR_ALL, turn_order=("A", "B"), active_player="A")
    >>> board_to_payload(b)["turn_order"]
    ['A', 'B']
    >>> board_from_payload(board_to_payload(b)) == b
    True
    """
    payload: dict[str, Any] = {
        "variant": board.variant.value,
        "turn_order": list(board.turn_order),
        "active_player": board.active_player,
    }
    if board.left:
        payload["left"] = list(board.left)
    if board.priority is not None:
        payload["priority"] = board.priority
    if board.teams:
        payload["teams"] = [list(team) for team in board.teams]
    if board.variant is Variant.PLANECHASE:
        payload["planar_controller"] = board.planar_controller
    elif board.variant is Variant.GRAND_MELEE:
        payload["planar_controller"] = list(board.planar_controllers)
    objects: list[dict[str, Any]] = []
    for obj in board.objects:
        item: dict[str, Any] = {
            "id": obj.id, "name": obj.name, "kind": obj.kind.value, "owner": obj.owner,
            "controller": obj.controller, "zone": obj.zone.value,
        }
        if obj.attached_to is not None:
            item["attached_to"] = obj.attached_to
        if obj.default_controller is not None:
            item["default_controller"] = obj.default_controller
        if obj.source is not None:
            item["source"] = obj.source
        if obj.planeswalking:
            item["planeswalking"] = True
        if obj.attachment is not Attachment.AURA:
            item["attachment"] = obj.attachment.value
        objects.append(item)
    payload["objects"] = objects
    payload["control_effects"] = [
        {"id": e.id, "object": e.object, "controller": e.controller, "source": e.source, "ends": e.ends.value}
        for e in board.control_effects
    ]
    payload["delayed_triggers"] = [
        {"id": t.id, "controller": t.controller, "source": t.source, "text": t.text, "object": t.object}
        for t in board.delayed_triggers
    ]
    return payload
