"""Reading a board from the JSON API shape: shape problems here, the rules in :mod:`judge.engine.board`.

:func:`board_from_payload` reads a payload into a typed
:class:`~judge.engine.board.Board` and then lets
:func:`~judge.engine.board.check_board` judge it, raising with EVERY problem
found: malformed input (a missing field, an unknown player or id, a
duplicate, too many entries) is an
:class:`~judge.engine.errors.InvalidInputError`; a well-formed board the rules
cannot reach is an :class:`~judge.engine.errors.IllegalStateError`; when both
occur the error is an ``InvalidInputError`` listing them all (what could be
read is still judged). Each problem names its field by a human label built
from the object's name ("Assault Griffin: controller" /
"《突撃するグリフィン》のコントローラー") and keeps the JSON path in ``field``.

The payload shape is the one :meth:`Board.to_json` writes: ``variant``,
``turn_order``, ``active_player``, ``priority``, ``left``, ``teams``,
``planar_controller`` (a name; a list in Grand Melee), ``single_planar_deck``,
``monarch``, ``initiative``, ``shields`` (Duel Masters), ``objects``,
``control_effects``, ``delayed_triggers``, ``timed_effects``,
``player_control`` and ``combat`` (see :mod:`judge.engine.board`).

>>> board = board_from_payload({
...     "variant": "free-for-all", "turn_order": ["Alex", "Bianca", "Carol"], "active_player": "Alex",
...     "objects": [{"id": "bears", "name": "Runeclaw Bear", "name_ja": "ルーン爪の熊", "kind": "card",
...                  "owner": "Bianca", "controller": "Bianca", "zone": "battlefield"}]})
>>> board.variant.value, board.object("bears").default
('free-for-all', 'Bianca')
>>> board_from_payload({"variant": "dtc", "turn_order": ["A", "B"], "active_player": "Z"})
Traceback (most recent call last):
...
judge.engine.errors.InvalidInputError: Active player: “Z” is not a player in this game.; Teams: required for Duel Masters Tag Commander (DTC).
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Mapping, Sequence
from typing import Any, TypeVar

from judge.engine.board import (
    MAX_EFFECTS,
    MAX_OBJECTS,
    MAX_PLAYERS,
    MAX_SHIELDS,
    MAX_TEXT,
    Attachment,
    Attack,
    Board,
    ControlEffect,
    DelayedTrigger,
    Ends,
    GameObject,
    ObjectKind,
    Paths,
    PlayerControl,
    TimedEffect,
    Until,
    Variant,
    Zone,
    card_name,
    check_board,
)
from judge.engine.errors import IllegalStateError, InvalidInputError
from judge.engine.messages import Message, ParamValue, Text, msg, render

E = TypeVar("E", bound=enum.Enum)
Label = Message

BOARD_FIELDS = frozenset({
    "variant", "turn_order", "active_player", "priority", "left", "teams", "planar_controller",
    "single_planar_deck", "monarch", "initiative", "shields", "objects", "control_effects", "delayed_triggers",
    "timed_effects", "player_control", "combat",
})
OBJECT_FIELDS = frozenset({"id", "name", "name_ja", "kind", "owner", "controller", "zone", "attached_to",
                           "default_controller", "source", "planeswalking", "attachment"})
MAX_TRIGGER_TEXT = 1000

# The label message of each choice, so a problem lists the choices in the reader's language.
CHOICE_LABELS: dict[type[enum.Enum], str] = {
    Variant: "board.variant.", ObjectKind: "board.kind.", Zone: "board.zone.", Attachment: "board.attachment.",
    Ends: "board.ends.", Until: "board.until.",
}


def label(name: str, **params: ParamValue) -> Message:
    """The label of a top-level field ("board.label.<name>")."""
    return Message(f"board.label.{name}", params=tuple(params.items()))


class BoardReader:
    """Reads one payload, collecting every shape problem; :meth:`finish` judges the board and raises.

    Callers reading more than a board (who leaves, who loses) read their own
    fields with the same reader, so every problem comes back in one error.
    """

    def __init__(self, *, extra_fields: Collection[str] = ()) -> None:
        self.problems: list[Message] = []
        self.extra_fields = frozenset(extra_fields)
        self.paths = Paths(objects={}, control_effects={})
        self.players: list[str] = []
        self.known: list[str] = []

    # -- primitives ---------------------------------------------------------------------------------

    def problem(self, code: str, where: str, lbl: Label | None, *, rule: str = "", **params: ParamValue) -> None:
        if lbl is not None:
            params["label"] = lbl
        self.problems.append(msg(code, rule=rule, field=where, **params))

    def text(self, value: Any, where: str, lbl: Label, *, optional: bool = False,
             limit: int = MAX_TEXT) -> str | None:
        if value is None:
            if not optional:
                self.problem("input.required", where, lbl)
            return None
        if not isinstance(value, str) or not value.strip():
            self.problem("board.not-text", where, lbl)
            return None
        if len(value) > limit:
            self.problem("board.too-long", where, lbl, limit=limit)
            return None
        return value

    def choice(self, enum_type: type[E], value: Any, where: str, lbl: Label, *, default: E | None = None,
               labels: str | None = None) -> E | None:
        if value is None and default is not None:
            return default
        for member in enum_type:
            if member.value == value:
                return member
        prefix = labels or CHOICE_LABELS[enum_type]
        names = [msg(prefix + str(member.value)) for member in enum_type]
        choices = Text(en=", ".join(render(n, "en") for n in names), ja="、".join(render(n, "ja") for n in names))
        if value is None:
            self.problem("board.choose-one", where, lbl, choices=choices)
        else:
            self.problem("board.not-a-choice", where, lbl, value=str(value)[:MAX_TEXT], choices=choices)
        return None

    def items(self, value: Any, where: str, lbl: Label, limit: int) -> list[Any]:
        if value is None:
            return []
        if not isinstance(value, list):
            self.problem("board.not-list", where, lbl)
            return []
        if len(value) > limit:
            self.problem("board.too-many", where, lbl, limit=limit, count=len(value))
            return []
        return value

    def mapping(self, value: Any, where: str, lbl: Label) -> Mapping[str, Any] | None:
        if not isinstance(value, Mapping):
            self.problem("board.not-mapping", where, lbl)
            return None
        return value

    def flag(self, value: Any, where: str, lbl: Label) -> bool:
        if value is None:
            return False
        if not isinstance(value, bool):
            self.problem("board.not-flag", where, lbl)
            return False
        return value

    def player(self, value: Any, where: str, lbl: Label, *, optional: bool = False,
               among: Sequence[str] | None = None) -> str | None:
        name = self.text(value, where, lbl, optional=optional)
        if name is not None and name not in (self.players if among is None else among):
            self.problem("board.not-a-player", where, lbl, name=name)
            return None
        return name

    def unknown_fields(self, item: Mapping[str, Any], allowed: Collection[str], where: str, lbl: Label) -> None:
        unknown = sorted(str(k) for k in set(item) - set(allowed))
        if unknown:
            self.problem("board.unknown-fields", where, lbl, fields=", ".join(unknown)[:MAX_TEXT])

    # -- the board ----------------------------------------------------------------------------------

    def read(self, payload: Any) -> Board | None:
        """The board the payload describes, as far as it can be read (None if not even the players can)."""
        if not isinstance(payload, Mapping):
            self.problem("input.not-object", "", None)
            return None
        self.unknown_fields(payload, BOARD_FIELDS | self.extra_fields, "", label("board"))
        variant = self.choice(Variant, payload.get("variant"), "variant", label("variant"))
        self._players(payload)
        active = self.player(payload.get("active_player"), "active_player", label("active-player"), optional=True)
        priority = self.player(payload.get("priority"), "priority", label("priority"), optional=True)
        monarch = self.player(payload.get("monarch"), "monarch", label("monarch"), optional=True)
        initiative = self.player(payload.get("initiative"), "initiative", label("initiative"), optional=True)
        teams = self._teams(payload, variant)
        planar = self._planar_controllers(payload, variant, teams)
        single = self.flag(payload.get("single_planar_deck"), "single_planar_deck", label("single-planar-deck"))
        shields = self._shields(payload, variant)
        objects = self._objects(payload)
        by_id = {obj.id: obj for obj in objects}
        effects = self._control_effects(payload, by_id)
        triggers = self._delayed_triggers(payload, by_id)
        timed = self._timed_effects(payload, by_id)
        control = self._player_control(payload)
        combat = self._combat(payload, by_id)
        if variant is None:
            return None
        return Board(
            variant=variant, turn_order=tuple(self.players), active_player=active, objects=tuple(objects),
            control_effects=tuple(effects), delayed_triggers=tuple(triggers), teams=tuple(teams),
            planar_controllers=tuple(planar), left=tuple(p for p in self.known if p not in self.players),
            priority=priority, single_planar_deck=single, monarch=monarch, initiative=initiative,
            timed_effects=tuple(timed), player_control=tuple(control), combat=tuple(combat), shields=tuple(shields),
        )

    def finish(self, board: Board | None) -> Board:
        """Judge the board against the rules and raise with every problem; the settled board otherwise."""
        illegal: list[Message] = []
        if board is not None:
            board, illegal = check_board(board, paths=self.paths)
        if self.problems:
            raise InvalidInputError([*self.problems, *illegal])
        if illegal:
            raise IllegalStateError(illegal)
        assert board is not None
        return board

    def _players(self, payload: Mapping[str, Any]) -> None:
        raw = payload.get("turn_order")
        if raw is None:
            self.problem("input.required", "turn_order", label("turn-order"))
        for index, value in enumerate(self.items(raw, "turn_order", label("turn-order"), MAX_PLAYERS)):
            lbl = label("player-name", number=index + 1)
            name = self.text(value, f"turn_order[{index}]", lbl)
            if name is None:
                continue
            if name in self.players:
                self.problem("board.player-twice", f"turn_order[{index}]", lbl, name=name)
                continue
            self.players.append(name)
        if isinstance(raw, list) and len(self.players) == len(raw) and len(self.players) < 2:
            self.problem("board.too-few-players", "turn_order", label("turn-order"), rule="800.4")
        self.known = list(self.players)
        for index, value in enumerate(self.items(payload.get("left"), "left", label("left"), MAX_PLAYERS)):
            lbl = label("left-player", number=index + 1)
            name = self.text(value, f"left[{index}]", lbl)
            if name is None:
                continue
            if name in self.known:
                self.problem("board.left-and-playing", f"left[{index}]", lbl, name=name)
                continue
            self.known.append(name)

    def _teams(self, payload: Mapping[str, Any], variant: Variant | None) -> list[tuple[str, ...]]:
        raw = payload.get("teams")
        if variant is None:
            return []
        if not variant.has_teams:
            if raw:
                self.problem("board.no-teams-here", "teams", label("teams"), variant=msg(f"board.variant.{variant.value}"))
            return []
        if not raw:
            self.problem("board.teams-required", "teams", label("teams"), variant=msg(f"board.variant.{variant.value}"))
            return []
        teams: list[tuple[str, ...]] = []
        seen: set[str] = set()
        for index, team in enumerate(self.items(raw, "teams", label("teams"), MAX_PLAYERS)):
            if not isinstance(team, list) or not team:
                self.problem("board.team-not-list", f"teams[{index}]", label("team", number=index + 1))
                continue
            members: list[str] = []
            for number, value in enumerate(team):
                where = f"teams[{index}][{number}]"
                name = self.player(value, where, label("team-member", team=index + 1, number=number + 1))
                if name is None:
                    continue
                if name in seen:
                    self.problem("board.two-teams", where, label("team-member", team=index + 1, number=number + 1),
                                 name=name)
                    continue
                seen.add(name)
                members.append(name)
            teams.append(tuple(members))
        missing = [p for p in self.players if p not in seen]
        if missing and len(seen) + len(missing) == len(self.players):
            self.problem("board.not-on-a-team", "teams", label("teams"), players=", ".join(missing))
        if len(teams) < 2:
            self.problem("board.two-teams-needed", "teams", label("teams"))
        return teams

    def _planar_controllers(self, payload: Mapping[str, Any], variant: Variant | None,
                            teams: list[tuple[str, ...]]) -> list[str]:
        raw = payload.get("planar_controller")
        lbl = label("planar-controller")
        if variant is None:
            return []
        if variant is Variant.TWO_HEADED_GIANT:
            # 901.12: Two-Headed Giant Planechase, when the board names a planar controller.
            name = self.player(raw, "planar_controller", lbl, optional=True)
            return [name] if name is not None else []
        if not variant.has_planes:
            if raw is not None:
                self.problem("board.no-planes-here", "planar_controller", lbl,
                             variant=msg(f"board.variant.{variant.value}"))
            return []
        if raw is None:
            self.problem("board.planar-controller-required", "planar_controller", lbl, rule="901.6")
            return []
        if variant is Variant.PLANECHASE:
            name = self.player(raw, "planar_controller", lbl)
            return [name] if name is not None else []
        found: list[str] = []
        for index, value in enumerate(raw if isinstance(raw, list) else [raw]):
            lbl_n = label("planar-controller-n", number=index + 1)
            name = self.player(value, f"planar_controller[{index}]", lbl_n)
            if name is not None and name in found:
                self.problem("board.player-twice", f"planar_controller[{index}]", lbl_n, name=name)
            elif name is not None:
                found.append(name)
        return found

    def _shields(self, payload: Mapping[str, Any], variant: Variant | None) -> list[tuple[str, int]]:
        raw = payload.get("shields")
        if raw is None or variant is None:
            return []
        if not variant.is_duel_masters:
            self.problem("board.no-shields-here", "shields", label("shields"))
            return []
        found: list[tuple[str, int]] = []
        for player, count in (self.mapping(raw, "shields", label("shields")) or {}).items():
            lbl = label("shields-of", player=str(player)[:MAX_TEXT])
            name = self.player(player, f"shields.{player}", lbl)
            if name is None:
                continue
            if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_SHIELDS:
                self.problem("input.whole-number", f"shields.{player}", lbl, low=0, high=MAX_SHIELDS)
                continue
            found.append((name, count))
        return found

    def _objects(self, payload: Mapping[str, Any]) -> list[GameObject]:
        objects: list[GameObject] = []
        for index, raw in enumerate(self.items(payload.get("objects"), "objects", label("objects"), MAX_OBJECTS)):
            obj = self._object(index, raw)
            if obj is None:
                continue
            if obj.id in self.paths.objects:
                self.problem("board.duplicate-id", f"objects[{index}].id", _field(obj.label, "id"), id=obj.id)
                continue
            self.paths.objects[obj.id] = index
            objects.append(obj)
        by_id = {obj.id: obj for obj in objects}
        for obj in objects:
            where = f"objects[{self.paths.objects[obj.id]}]"
            if obj.attached_to is not None and obj.attached_to not in by_id and obj.attached_to not in self.players:
                self.problem("board.attached-unknown", f"{where}.attached_to", _field(obj.label, "attached_to"),
                             id=obj.attached_to)
            if obj.source is not None and obj.source not in by_id:
                self.problem("board.unknown-object", f"{where}.source", _field(obj.label, "source"), id=obj.source)
        return objects

    def _object(self, index: int, raw: Any) -> GameObject | None:
        where = f"objects[{index}]"
        nth = msg("board.label.nth-object", number=index + 1)
        item = self.mapping(raw, where, nth)
        if item is None:
            return None
        before = len(self.problems)
        name_lbl = _field(nth, "name")
        name = self.text(item.get("name"), f"{where}.name", name_lbl)
        name_ja = self.text(item.get("name_ja"), f"{where}.name_ja", _field(nth, "name_ja"), optional=True)
        kind = self.choice(ObjectKind, item.get("kind"), f"{where}.kind", _field(nth, "kind"))
        who: Text | Message = nth if name is None else card_name(name, name_ja, quoted=kind not in (
            ObjectKind.ABILITY, ObjectKind.TOKEN, ObjectKind.EMBLEM))
        object_id = self.text(item.get("id"), f"{where}.id", _field(who, "id"))
        zone = self.choice(Zone, item.get("zone"), f"{where}.zone", _field(who, "zone"))
        # A player who left can still own a card in the ante zone (800.4n); the rules judge that.
        owner = self.player(item.get("owner"), f"{where}.owner", _field(who, "owner"), among=self.known,
                            optional=kind in (ObjectKind.ABILITY, ObjectKind.PLANE, ObjectKind.PHENOMENON))
        controller = self.player(item.get("controller"), f"{where}.controller", _field(who, "controller"),
                                 optional=True)
        default = self.player(item.get("default_controller"), f"{where}.default_controller",
                              _field(who, "default_controller"), optional=True, among=self.known)
        attached_to = self.text(item.get("attached_to"), f"{where}.attached_to", _field(who, "attached_to"),
                                optional=True)
        source = self.text(item.get("source"), f"{where}.source", _field(who, "source"), optional=True)
        planeswalking = self.flag(item.get("planeswalking"), f"{where}.planeswalking", _field(who, "planeswalking"))
        if planeswalking and kind is not None and kind is not ObjectKind.ABILITY:
            self.problem("board.planeswalking-not-ability", f"{where}.planeswalking", _field(who, "planeswalking"),
                         rule="901.8")
        attachment = self.choice(Attachment, item.get("attachment"), f"{where}.attachment",
                                 _field(who, "attachment"), default=Attachment.AURA)
        self.unknown_fields(item, OBJECT_FIELDS, where, msg("board.label.object", object=who))
        if len(self.problems) > before or None in (object_id, name, kind, zone, attachment):
            return None
        assert object_id is not None and name is not None and kind is not None and zone is not None
        assert attachment is not None
        return GameObject(id=object_id, name=name, name_ja=name_ja, kind=kind, owner=owner, controller=controller,
                          zone=zone, attached_to=attached_to, default_controller=default, source=source,
                          planeswalking=planeswalking, attachment=attachment)

    def _names(self, item: Mapping[str, Any], where: str, lbl: Label) -> tuple[str | None, str | None]:
        name = self.text(item.get("name"), f"{where}.name", lbl, optional=True)
        name_ja = self.text(item.get("name_ja"), f"{where}.name_ja", lbl, optional=True)
        return name, name_ja

    def _known_object(self, value: Any, where: str, lbl: Label, by_id: Mapping[str, GameObject], *,
                      optional: bool, must_exist: bool = True) -> str | None:
        object_id = self.text(value, where, lbl, optional=optional)
        if object_id is not None and must_exist and object_id not in by_id:
            self.problem("board.unknown-object", where, lbl, id=object_id)
            return None
        return object_id

    def _control_effects(self, payload: Mapping[str, Any], by_id: Mapping[str, GameObject]) -> list[ControlEffect]:
        effects: list[ControlEffect] = []
        ids: set[str] = set()
        raw_effects = self.items(payload.get("control_effects"), "control_effects", label("control-effects"),
                                 MAX_EFFECTS)
        for index, raw in enumerate(raw_effects):
            where = f"control_effects[{index}]"
            nth = msg("board.label.nth-effect", number=index + 1)
            item = self.mapping(raw, where, nth)
            if item is None:
                continue
            before = len(self.problems)
            target_obj = _lookup(by_id, item.get("object"))
            who = nth if target_obj is None else msg("board.label.effect", object=target_obj.label)
            target = self._known_object(item.get("object"), f"{where}.object", _effect_field(who, "object"), by_id,
                                        optional=False)
            effect_id = self.text(item.get("id"), f"{where}.id", _effect_field(who, "id"))
            controller = self.player(item.get("controller"), f"{where}.controller", _effect_field(who, "controller"))
            ends = self.choice(Ends, item.get("ends"), f"{where}.ends", _effect_field(who, "ends"))
            # A source no longer on the board is a spell that resolved (Act of Treason): its effect stays.
            source = self.text(item.get("source"), f"{where}.source", _effect_field(who, "source"), optional=True)
            name, name_ja = self._names(item, where, _effect_field(who, "name"))
            self.unknown_fields(item, {"id", "object", "controller", "source", "ends", "name", "name_ja"}, where, who)
            if effect_id is not None and effect_id in ids:
                self.problem("board.duplicate-id", f"{where}.id", _effect_field(who, "id"), id=effect_id)
            if ends is not None and ends.needs_source and source is None:
                self.problem("board.effect-source-required", f"{where}.source", _effect_field(who, "source"))
            if len(self.problems) > before:
                continue
            assert effect_id is not None and target is not None and controller is not None and ends is not None
            ids.add(effect_id)
            self.paths.control_effects[effect_id] = index
            effects.append(ControlEffect(id=effect_id, object=target, controller=controller, source=source,
                                         ends=ends, name=name, name_ja=name_ja))
        return effects

    def _delayed_triggers(self, payload: Mapping[str, Any],
                          by_id: Mapping[str, GameObject]) -> list[DelayedTrigger]:
        triggers: list[DelayedTrigger] = []
        ids: set[str] = set()
        raw_triggers = self.items(payload.get("delayed_triggers"), "delayed_triggers", label("delayed-triggers"),
                                  MAX_EFFECTS)
        for index, raw in enumerate(raw_triggers):
            where = f"delayed_triggers[{index}]"
            who = _named(msg("board.label.nth-trigger", number=index + 1), raw, by_id, "board.label.trigger")
            item = self.mapping(raw, where, who)
            if item is None:
                continue
            before = len(self.problems)
            trigger_id = self.text(item.get("id"), f"{where}.id", _effect_field(who, "id"))
            controller = self.player(item.get("controller"), f"{where}.controller",
                                     _effect_field(who, "trigger-controller"))
            source = self.text(item.get("source"), f"{where}.source", _effect_field(who, "source"), optional=True)
            text = self.text(item.get("text") or None, f"{where}.text", _effect_field(who, "text"), optional=True,
                             limit=MAX_TRIGGER_TEXT)
            target = self._known_object(item.get("object"), f"{where}.object", _effect_field(who, "trigger-object"),
                                        by_id, optional=True)
            name, name_ja = self._names(item, where, _effect_field(who, "name"))
            self.unknown_fields(item, {"id", "controller", "source", "text", "object", "name", "name_ja"}, where, who)
            if trigger_id is not None and trigger_id in ids:
                self.problem("board.duplicate-id", f"{where}.id", _effect_field(who, "id"), id=trigger_id)
            if len(self.problems) > before:
                continue
            assert trigger_id is not None and controller is not None
            ids.add(trigger_id)
            triggers.append(DelayedTrigger(id=trigger_id, controller=controller, source=source, text=text or "",
                                           object=target, name=name, name_ja=name_ja))
        return triggers

    def _timed_effects(self, payload: Mapping[str, Any], by_id: Mapping[str, GameObject]) -> list[TimedEffect]:
        effects: list[TimedEffect] = []
        ids: set[str] = set()
        raw_effects = self.items(payload.get("timed_effects"), "timed_effects", label("timed-effects"), MAX_EFFECTS)
        for index, raw in enumerate(raw_effects):
            where = f"timed_effects[{index}]"
            who = _named(msg("board.label.nth-timed", number=index + 1), raw, by_id, "board.label.timed")
            item = self.mapping(raw, where, who)
            if item is None:
                continue
            before = len(self.problems)
            effect_id = self.text(item.get("id"), f"{where}.id", _effect_field(who, "id"))
            # Its controller may have left already (800.4m): the effect then waits for another player's turn.
            controller = self.player(item.get("controller"), f"{where}.controller",
                                     _effect_field(who, "timed-controller"), among=self.known)
            ends_after = self.player(item.get("ends_after_turn_of"), f"{where}.ends_after_turn_of",
                                     _effect_field(who, "ends-after"), optional=True)
            until = self.choice(Until, item.get("until"), f"{where}.until", _effect_field(who, "until"))
            text = self.text(item.get("text") or None, f"{where}.text", _effect_field(who, "text"), optional=True,
                             limit=MAX_TRIGGER_TEXT)
            source = self.text(item.get("source"), f"{where}.source", _effect_field(who, "source"), optional=True)
            target = self._known_object(item.get("object"), f"{where}.object", _effect_field(who, "timed-object"),
                                        by_id, optional=True)
            name, name_ja = self._names(item, where, _effect_field(who, "name"))
            self.unknown_fields(item, {"id", "controller", "until", "text", "source", "object", "name", "name_ja",
                                       "ends_after_turn_of"}, where, who)
            if effect_id is not None and effect_id in ids:
                self.problem("board.duplicate-id", f"{where}.id", _effect_field(who, "id"), id=effect_id)
            if len(self.problems) > before:
                continue
            assert effect_id is not None and controller is not None and until is not None
            ids.add(effect_id)
            effects.append(TimedEffect(id=effect_id, controller=controller, until=until, text=text or "",
                                       source=source, object=target, name=name, name_ja=name_ja,
                                       ends_after_turn_of=ends_after))
        return effects

    def _player_control(self, payload: Mapping[str, Any]) -> list[PlayerControl]:
        found: list[PlayerControl] = []
        raw_list = self.items(payload.get("player_control"), "player_control", label("player-control"), MAX_PLAYERS)
        for index, raw in enumerate(raw_list):
            where = f"player_control[{index}]"
            nth = label("nth-player-control", number=index + 1)
            item = self.mapping(raw, where, nth)
            if item is None:
                continue
            before = len(self.problems)
            player = self.player(item.get("player"), f"{where}.player", _effect_field(nth, "controlled-player"))
            controller = self.player(item.get("controller"), f"{where}.controller",
                                     _effect_field(nth, "controlling-player"))
            pending = self.flag(item.get("pending"), f"{where}.pending", _effect_field(nth, "pending"))
            source = self.text(item.get("source"), f"{where}.source", _effect_field(nth, "source"), optional=True)
            name, name_ja = self._names(item, where, _effect_field(nth, "name"))
            self.unknown_fields(item, {"player", "controller", "pending", "source", "name", "name_ja"}, where, nth)
            if len(self.problems) > before:
                continue
            assert player is not None and controller is not None
            found.append(PlayerControl(player=player, controller=controller, pending=pending, source=source,
                                       name=name, name_ja=name_ja))
        return found

    def _combat(self, payload: Mapping[str, Any], by_id: Mapping[str, GameObject]) -> list[Attack]:
        attacks: list[Attack] = []
        seen: set[str] = set()
        for index, raw in enumerate(self.items(payload.get("combat"), "combat", label("combat"), MAX_OBJECTS)):
            where = f"combat[{index}]"
            attacker_obj = _lookup(by_id, raw.get("attacker")) if isinstance(raw, Mapping) else None
            who = label("nth-attack", number=index + 1) if attacker_obj is None else \
                msg("board.label.attack", object=attacker_obj.label)
            item = self.mapping(raw, where, who)
            if item is None:
                continue
            before = len(self.problems)
            attacker = self._known_object(item.get("attacker"), f"{where}.attacker", _effect_field(who, "attacker"),
                                          by_id, optional=False)
            attacking = self.text(item.get("attacking"), f"{where}.attacking", _effect_field(who, "attacking"))
            if attacking is not None and attacking not in by_id and attacking not in self.players:
                self.problem("board.attack-target-unknown", f"{where}.attacking", _effect_field(who, "attacking"),
                             id=attacking)
            blockers: list[str] = []
            for number, value in enumerate(self.items(item.get("blockers"), f"{where}.blockers",
                                                      _effect_field(who, "blockers"), MAX_OBJECTS)):
                blocker = self._known_object(value, f"{where}.blockers[{number}]", _effect_field(who, "blockers"),
                                             by_id, optional=False)
                if blocker is not None:
                    blockers.append(blocker)
            self.unknown_fields(item, {"attacker", "attacking", "blockers"}, where, who)
            if attacker is not None and attacker in seen:
                self.problem("board.attacks-twice", f"{where}.attacker", _effect_field(who, "attacker"))
            if len(self.problems) > before:
                continue
            assert attacker is not None and attacking is not None
            seen.add(attacker)
            attacks.append(Attack(attacker=attacker, attacking=attacking, blockers=tuple(blockers)))
        return attacks


def _field(who: Text | Message, what: str) -> Message:
    return msg("board.label.object-field", object=who, part=msg(f"board.field.{what}"))


def _effect_field(who: Message, what: str) -> Message:
    return msg("board.label.effect-field", effect=who, part=msg(f"board.field.effect-{what}"))


def _lookup(by_id: Mapping[str, GameObject], key: Any) -> GameObject | None:
    return by_id.get(key) if isinstance(key, str) else None


def _named(nth: Message, raw: Any, by_id: Mapping[str, GameObject], code: str) -> Message:
    """A trigger's or effect's label: the name it carries, else its source's name, else its position."""
    if not isinstance(raw, Mapping):
        return nth
    name = raw.get("name")
    if isinstance(name, str) and name.strip():
        name_ja = raw.get("name_ja")
        return msg(code, name=card_name(name[:MAX_TEXT], name_ja[:MAX_TEXT] if isinstance(name_ja, str) else None))
    source = _lookup(by_id, raw.get("source"))
    return msg(code, name=source.label) if source is not None else nth


def board_from_payload(payload: Any) -> Board:
    """Read and judge a board payload (see the module docstring); every problem is listed at once.

    >>> board_from_payload({"variant": "planechase", "turn_order": ["A", "B"], "active_player": "A",
    ...     "planar_controller": "A",
    ...     "objects": [{"id": "x", "name": "Shock", "kind": "ability", "controller": "A", "zone": "graveyard"}]})
    Traceback (most recent call last):
    ...
    judge.engine.errors.IllegalStateError: Shock is in the graveyard, where it cannot be: an ability exists only on the stack.
    """
    reader = BoardReader()
    return reader.finish(reader.read(payload))


__all__ = ["BOARD_FIELDS", "BoardReader", "board_from_payload"]
