"""Reading a board from the JSON API shape: shape problems here, the rules in judge.engine.board_checks.

:func:`board_from_payload` reads a payload into a typed
:class:`~judge.engine.board.Board` and then lets
:func:`~judge.engine.board_checks.check_board` judge it, raising with EVERY problem
found: malformed input (a missing field, an unknown player or id, a
duplicate, too many entries) is an
:class:`~judge.engine.errors.InvalidInputError`; a well-formed board the rules
cannot reach is an :class:`~judge.engine.errors.IllegalStateError`; when both
occur the error is an ``InvalidInputError`` listing them all (what could be
read is still judged). Each problem names its field by a human label built
from the object's name ("Assault Griffin: controller" /
"《突撃するグリフィン》のコントローラー") and keeps the JSON path in ``field``.

The payload shape is the one :meth:`Board.to_payload` writes: ``variant``,
``turn_order``, ``active_player``, ``priority``, ``left``, ``teams``,
``planar_controller`` (a name; a list in Grand Melee), ``single_planar_deck``,
``monarch``, ``initiative``, ``shields`` (Duel Masters), ``objects``,
``control_effects``, ``delayed_triggers``, ``timed_effects``,
``player_control``, ``combat`` and ``until_effects`` (see :mod:`judge.engine.board`; the effects are read by
:mod:`judge.engine.board_effects_payload`, each value by :mod:`judge.engine.board_reader`).

>>> board = board_from_payload({
...     "variant": "free-for-all", "turn_order": ["Alex", "Bianca", "Carol"], "active_player": "Alex",
...     "objects": [{"id": "bears", "name": "Runeclaw Bear", "name_ja": "ルーン爪の熊", "kind": "card",
...                  "owner": "Bianca", "controller": "Bianca", "zone": "battlefield"}]})
>>> board.variant.value, board.object("bears").default
('free-for-all', 'Bianca')
>>> board_from_payload({"variant": "dtc", "turn_order": ["A", "B"], "active_player": "Z"})
Traceback (most recent call last):
...
judge.engine.errors.InvalidInputError: Active player: “Z” is not a player in this game.; Teams: required for
Duel Masters Tag Commander (DTC).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from judge.engine.board import (
    MAX_OBJECTS,
    MAX_PLAYERS,
    MAX_SHIELDS,
    MAX_TEXT,
    Attachment,
    Board,
    GameObject,
    ObjectKind,
    Variant,
    Zone,
    card_name,
)
from judge.engine.board_checks import check_board
from judge.engine.board_effects_payload import (
    read_combat,
    read_control_effects,
    read_delayed_triggers,
    read_player_control,
    read_timed_effects,
)
from judge.engine.board_reader import FieldReader, label, object_field
from judge.engine.board_until_payload import read_until_effects
from judge.engine.errors import IllegalStateError, InvalidInputError
from judge.engine.messages import Message, Text, msg
from judge.engine.payload import MAX_NAME

BOARD_FIELDS = frozenset(
    {
        "variant",
        "turn_order",
        "active_player",
        "priority",
        "left",
        "teams",
        "planar_controller",
        "single_planar_deck",
        "monarch",
        "initiative",
        "shields",
        "objects",
        "control_effects",
        "delayed_triggers",
        "timed_effects",
        "player_control",
        "combat",
        "until_effects",
    }
)
OBJECT_FIELDS = frozenset(
    {
        "id",
        "name",
        "name_ja",
        "kind",
        "owner",
        "controller",
        "zone",
        "attached_to",
        "default_controller",
        "source",
        "planeswalking",
        "attachment",
        "commander",
    }
)


class BoardReader(FieldReader):
    """Reads one payload, collecting every shape problem; :meth:`finish` judges the board and raises.

    Callers reading more than a board (who leaves, who loses) read their own
    fields with the same reader, so every problem comes back in one error.
    """

    def __init__(self, *, extra_fields: Collection[str] = ()) -> None:
        super().__init__()
        self.extra_fields = frozenset(extra_fields)

    # -- the board ----------------------------------------------------------------------------------

    def read(self, payload: Any) -> Board | None:
        """The board the payload describes, as far as it can be read (None if not even the players can)."""
        if not isinstance(payload, Mapping):
            self.problem("input.not-object", "", None)
            return None
        self.unknown_fields(payload, BOARD_FIELDS | self.extra_fields, "", label("board"))
        variant = self.choice(Variant, payload.get("variant"), "variant", label("variant"))
        self._players(payload)
        active = self.player(
            payload.get("active_player"), "active_player", label("active-player"), optional=True
        )
        priority = self.player(payload.get("priority"), "priority", label("priority"), optional=True)
        monarch = self.player(payload.get("monarch"), "monarch", label("monarch"), optional=True)
        initiative = self.player(payload.get("initiative"), "initiative", label("initiative"), optional=True)
        teams = self._teams(payload, variant)
        planar = self._planar_controllers(payload, variant, teams)
        single = self.flag(
            payload.get("single_planar_deck"), "single_planar_deck", label("single-planar-deck")
        )
        shields = self._shields(payload, variant)
        objects = self._objects(payload)
        by_id = {obj.id: obj for obj in objects}
        effects = read_control_effects(self, payload, by_id)
        triggers = read_delayed_triggers(self, payload, by_id)
        timed = read_timed_effects(self, payload, by_id)
        control = read_player_control(self, payload)
        combat = read_combat(self, payload, by_id)
        until = read_until_effects(self, payload, by_id)
        if variant is None:
            return None
        return Board(
            variant=variant,
            turn_order=tuple(self.players),
            active_player=active,
            objects=tuple(objects),
            control_effects=tuple(effects),
            delayed_triggers=tuple(triggers),
            teams=tuple(teams),
            planar_controllers=tuple(planar),
            left=tuple(p for p in self.known if p not in self.players),
            priority=priority,
            single_planar_deck=single,
            monarch=monarch,
            initiative=initiative,
            timed_effects=tuple(timed),
            player_control=tuple(control),
            combat=tuple(combat),
            until_effects=tuple(until),
            shields=tuple(shields),
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
            name = self.name(value, f"turn_order[{index}]", lbl)
            if name is None:
                continue
            if name in self.players:
                self.problem("input.duplicate", f"turn_order[{index}]", lbl, value=name)
                continue
            self.players.append(name)
        if isinstance(raw, list) and len(self.players) == len(raw) and len(self.players) < 2:
            self.problem("board.too-few-players", "turn_order", label("turn-order"), rule="800.4")
        self.known = list(self.players)
        for index, value in enumerate(self.items(payload.get("left"), "left", label("left"), MAX_PLAYERS)):
            lbl = label("left-player", number=index + 1)
            name = self.name(value, f"left[{index}]", lbl)
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
                self.problem(
                    "board.no-teams-here",
                    "teams",
                    label("teams"),
                    variant=msg(f"board.variant.{variant.value}"),
                )
            return []
        if not raw:
            self.problem(
                "board.teams-required", "teams", label("teams"), variant=msg(f"board.variant.{variant.value}")
            )
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
                    self.problem(
                        "board.two-teams",
                        where,
                        label("team-member", team=index + 1, number=number + 1),
                        name=name,
                    )
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

    def _planar_controllers(
        self, payload: Mapping[str, Any], variant: Variant | None, teams: list[tuple[str, ...]]
    ) -> list[str]:
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
                self.problem(
                    "board.no-planes-here",
                    "planar_controller",
                    lbl,
                    variant=msg(f"board.variant.{variant.value}"),
                )
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
                self.problem("input.duplicate", f"planar_controller[{index}]", lbl_n, value=name)
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
        for index, raw in enumerate(
            self.items(payload.get("objects"), "objects", label("objects"), MAX_OBJECTS)
        ):
            obj = self._object(index, raw)
            if obj is None:
                continue
            if obj.id in self.paths.objects:
                self.problem(
                    "board.duplicate-id", f"objects[{index}].id", object_field(obj.label, "id"), id=obj.id
                )
                continue
            self.paths.objects[obj.id] = index
            objects.append(obj)
        by_id = {obj.id: obj for obj in objects}
        for obj in objects:
            where = f"objects[{self.paths.objects[obj.id]}]"
            if (
                obj.attached_to is not None
                and obj.attached_to not in by_id
                and obj.attached_to not in self.given
                and obj.attached_to not in self.players
            ):
                self.problem(
                    "board.attached-unknown",
                    f"{where}.attached_to",
                    object_field(obj.label, "attached_to"),
                    id=obj.attached_to,
                )
            if obj.source is not None and obj.source not in by_id and obj.source not in self.given:
                self.problem(
                    "board.unknown-object",
                    f"{where}.source",
                    object_field(obj.label, "source"),
                    id=obj.source,
                )
        return objects

    def _object(self, index: int, raw: Any) -> GameObject | None:
        where = f"objects[{index}]"
        nth = msg("board.label.nth-object", number=index + 1)
        item = self.mapping(raw, where, nth)
        if item is None:
            return None
        before = len(self.problems)
        name_lbl = object_field(nth, "name")
        name = self.text(item.get("name"), f"{where}.name", name_lbl)
        name_ja = self.text(
            item.get("name_ja"), f"{where}.name_ja", object_field(nth, "name_ja"), optional=True
        )
        kind = self.choice(ObjectKind, item.get("kind"), f"{where}.kind", object_field(nth, "kind"))
        who: Text | Message = (
            nth
            if name is None
            else card_name(
                name, name_ja, quoted=kind not in (ObjectKind.ABILITY, ObjectKind.TOKEN, ObjectKind.EMBLEM)
            )
        )
        object_id = self.id(item.get("id"), f"{where}.id", object_field(who, "id"))
        if object_id is not None:
            self.given.setdefault(object_id, who)
        zone = self.choice(Zone, item.get("zone"), f"{where}.zone", object_field(who, "zone"))
        # A player who left can still own a card in the ante zone (800.4n); the rules judge that.
        owner = self.player(
            item.get("owner"),
            f"{where}.owner",
            object_field(who, "owner"),
            among=self.known,
            optional=kind in (ObjectKind.ABILITY, ObjectKind.PLANE, ObjectKind.PHENOMENON),
        )
        controller = self.player(
            item.get("controller"), f"{where}.controller", object_field(who, "controller"), optional=True
        )
        default = self.player(
            item.get("default_controller"),
            f"{where}.default_controller",
            object_field(who, "default_controller"),
            optional=True,
            among=self.known,
        )
        attached_to = self.text(  # an object's id or a player's name
            item.get("attached_to"),
            f"{where}.attached_to",
            object_field(who, "attached_to"),
            optional=True,
            limit=MAX_NAME,
        )
        source = self.id(item.get("source"), f"{where}.source", object_field(who, "source"), optional=True)
        planeswalking = self.flag(
            item.get("planeswalking"), f"{where}.planeswalking", object_field(who, "planeswalking")
        )
        if planeswalking and kind is not None and kind is not ObjectKind.ABILITY:
            self.problem(
                "board.planeswalking-not-ability",
                f"{where}.planeswalking",
                object_field(who, "planeswalking"),
                rule="901.8",
            )
        attachment = self.choice(
            Attachment,
            item.get("attachment"),
            f"{where}.attachment",
            object_field(who, "attachment"),
            default=Attachment.AURA,
        )
        commander = self.flag(item.get("commander"), f"{where}.commander", object_field(who, "commander"))
        self.unknown_fields(item, OBJECT_FIELDS, where, msg("board.label.object", object=who))
        if len(self.problems) > before or None in (object_id, name, kind, zone, attachment):
            return None
        assert object_id is not None and name is not None and kind is not None and zone is not None
        assert attachment is not None
        return GameObject(
            id=object_id,
            name=name,
            name_ja=name_ja,
            kind=kind,
            owner=owner,
            controller=controller,
            zone=zone,
            attached_to=attached_to,
            default_controller=default,
            source=source,
            planeswalking=planeswalking,
            attachment=attachment,
            commander=commander,
        )


def board_from_payload(payload: Any) -> Board:
    """Read and judge a board payload (see the module docstring); every problem is listed at once.

    >>> board_from_payload({"variant": "planechase", "turn_order": ["A", "B"], "active_player": "A",
    ...     "planar_controller": "A",
    ...     "objects": [{"id": "x", "name": "Shock", "kind": "ability", "controller": "A",
    ...     "zone": "graveyard"}]})
    Traceback (most recent call last):
    ...
    judge.engine.errors.IllegalStateError: Shock is in the graveyard,
    where it cannot be: an ability exists only on the stack.
    """
    reader = BoardReader()
    return reader.finish(reader.read(payload))


__all__ = ["BOARD_FIELDS", "BoardReader", "board_from_payload"]
