"""Who controls what when control effects end (613.7, 110.2, 800.4c), shared by leaving the game and turns
ending.

:class:`BoardState` is a working copy of a :class:`~judge.engine.board.Board`
while one ruling is resolved: objects moved or gone, control effects still
in force, the explained steps so far; :meth:`BoardState.result` builds the
answer (each object's outcome and the board afterwards).
:func:`end_control_effects` ends the effects a ruling ends and settles each
object's controller: the latest control effect still in force (613.7), else
its default controller (110.2), or, when that player has left and the effect
that ended gave it to a player still in the game, exile (800.4c).

>>> from judge.engine.board import Board, ControlEffect, Ends, GameObject, ObjectKind, Variant, Zone
>>> angel = GameObject(id="a", name="Serra Angel", kind=ObjectKind.CARD, owner="B", controller="C",
...                    zone=Zone.BATTLEFIELD, default_controller="A")
>>> board = Board(variant=Variant.FREE_FOR_ALL, turn_order=("B", "C"), active_player="C", left=("A",),
...               objects=(angel,), control_effects=(ControlEffect(id="e", object="a", controller="C",
...               source=None, ends=Ends.END_OF_TURN),))
>>> state = BoardState(board)
>>> end_control_effects(state, lambda effect: "514.2" if effect.ends is Ends.END_OF_TURN else None)
True
>>> state.objects["a"].zone.value, [s.rule for s in state.steps]
('exile', ['514.2', '800.4c'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any, TypeVar

from judge.engine.board import (
    Attack,
    Board,
    ControlEffect,
    DelayedTrigger,
    GameObject,
    Zone,
    effect_label,
    players_text,
)
from judge.engine.leave_game_result import CEASED, LEFT_GAME, LeaveGameResult, ObjectOutcome
from judge.engine.messages import ParamValue, Text, msg, render
from judge.engine.steps import Step

_Item = TypeVar("_Item", ControlEffect, DelayedTrigger, Attack)


def next_player(turn_order: tuple[str, ...], after: str, leaving: set[str]) -> str | None:
    """The next player in turn order after ``after`` who is not leaving (800.4p, 800.4a).

    >>> next_player(("A", "B", "C"), "C", {"A"})
    'B'
    """
    start = turn_order.index(after)
    for offset in range(1, len(turn_order) + 1):
        candidate = turn_order[(start + offset) % len(turn_order)]
        if candidate not in leaving:
            return candidate
    return None


class BoardState:
    """Mutable working copy of a board while one ruling is resolved."""

    def __init__(self, board: Board, leavers: tuple[str, ...] = ()) -> None:
        self.board = board
        self.leavers = leavers
        self.out = set(leavers)
        self.who: Text = players_text(leavers)
        self.objects: dict[str, GameObject] = {o.id: o for o in board.objects}
        self.gone: dict[str, str] = {}  # id -> LEFT_GAME / CEASED
        self.active: dict[str, ControlEffect] = {e.id: e for e in board.control_effects}
        self.steps: list[Step] = []
        self.planar = list(board.planar_controllers)
        self.monarch = board.monarch
        self.initiative = board.initiative
        self.planeswalks: list[str] = []
        self.removed_triggers: set[str] = set()
        self.ended_control: set[int] = set()
        self.ended_until: set[str] = set()  # until effects (610.3) whose event happened
        self.out_of_combat: set[str] = set()  # removed from combat by a control change (506.4)

    @property
    def alone(self) -> bool:
        return len(self.leavers) == 1

    def present(self, object_id: str | None) -> GameObject | None:
        if object_id is None or object_id in self.gone:
            return None
        return self.objects.get(object_id)

    def on(self, zone: Zone) -> list[GameObject]:
        return [o for o in self.objects.values() if o.id not in self.gone and o.zone is zone]

    def move(self, obj: GameObject, zone: Zone, controller: str | None = None) -> None:
        self.objects[obj.id] = replace(obj, zone=zone, controller=controller, attached_to=None)

    def step(self, code: str, rule: str, objs: Iterable[GameObject] = (), **params: ParamValue) -> None:
        self.steps.append(Step.of(code, rule=rule, objects=tuple(o.id for o in objs), **params))

    def label(self, object_id: str) -> Text | str:
        obj = self.objects.get(object_id)
        return obj.label if obj is not None else object_id

    def _blockers_left(self, blockers: tuple[str, ...]) -> dict[str, Any]:
        """``{"blockers": ...}`` without those no longer present or in combat; nothing when all are."""
        left = tuple(b for b in blockers if self.present(b) is not None and b not in self.out_of_combat)
        return {} if len(left) == len(blockers) else {"blockers": left}

    def result(
        self, *, after: dict[str, Any], winners: tuple[str, ...] = (), losers: tuple[str, ...] = ()
    ) -> LeaveGameResult:
        """The answer: each object's outcome and the board afterwards (``after`` overrides its fields)."""
        board = self.board
        outcomes: list[ObjectOutcome] = []
        after_objects: list[GameObject] = []
        gone_ids = set(self.gone)
        for original in board.objects:
            obj = self.objects[original.id]
            gone = self.gone.get(obj.id)
            outcomes.append(
                ObjectOutcome(
                    id=obj.id,
                    zone=gone or obj.zone.value,
                    controller=None if gone else obj.controller,
                    label=obj.label,
                    before_zone=original.zone.value,
                    before_controller=original.controller,
                )
            )
            if gone is None:  # copied only when its source left: the rest stay the same frozen objects
                after_objects.append(replace(obj, source=None) if obj.source in gone_ids else obj)
        fields: dict[str, Any] = {
            "objects": tuple(after_objects),
            "control_effects": tuple(
                _changed(e, **keep_source_name(board, e.source, e.name, e.name_ja, gone_ids))
                for e in board.control_effects
                if e.id in self.active
            ),
            "delayed_triggers": tuple(
                _changed(
                    t,
                    **({"object": None} if t.object in gone_ids else {}),
                    **keep_source_name(board, t.source, t.name, t.name_ja, gone_ids),
                )
                for t in board.delayed_triggers
                if t.id not in self.removed_triggers
            ),
            "planar_controllers": tuple(self.planar),
            "monarch": self.monarch,
            "initiative": self.initiative,
            "player_control": tuple(
                c for i, c in enumerate(board.player_control) if i not in self.ended_control
            ),
            "until_effects": tuple(
                replace(
                    e,
                    objects=tuple(o for o in e.objects if o not in gone_ids),
                    **keep_source_name(board, e.source, e.name, e.name_ja, gone_ids),
                )
                for e in board.until_effects
                if e.id not in self.ended_until and any(o not in gone_ids for o in e.objects)
            ),
            "combat": tuple(
                _changed(a, **self._blockers_left(a.blockers))
                for a in board.combat
                if self.present(a.attacker) is not None
                and self.objects[a.attacker].zone is Zone.BATTLEFIELD
                and a.attacking not in self.out
                and a.attacker not in self.out_of_combat
            ),
        }
        fields.update(after)
        return LeaveGameResult(
            steps=tuple(self.steps),
            objects=tuple(outcomes),
            control_effects=tuple(
                (e.id, "active" if e.id in self.active else "ended") for e in board.control_effects
            ),
            delayed_triggers=tuple(
                (t.id, "removed" if t.id in self.removed_triggers else "pending")
                for t in board.delayed_triggers
            ),
            left=self.leavers,
            planeswalks=tuple(self.planeswalks),
            winners=winners,
            before=board,
            board=replace(board, **fields),
            losers=losers,
        )


def _changed(item: _Item, **fields: Any) -> _Item:
    """``item`` with ``fields`` changed; the same item when there are none (no copy, no check again)."""
    return replace(item, **fields) if fields else item


def keep_source_name(
    board: Board, source: str | None, name: str | None, name_ja: str | None, gone: set[str]
) -> dict[str, Any]:
    """An effect whose source left keeps its source's name, so the board afterwards still says what made
    it."""
    found = board.find(source) if source in gone else None
    if found is None:
        return {}
    return {"source": None, "name": name or found.name, "name_ja": name_ja or found.name_ja}


def end_control_effects(state: BoardState, ending: Callable[[ControlEffect], str | None]) -> bool:
    """End every effect ``ending`` gives a rule for, then settle each affected object; True if any ended.

    An effect on an object that is gone simply stops mattering. An effect
    lasting while its source is on the battlefield ends once it is not
    (611.3b for a static ability, 611.2b for "for as long as"), whatever else
    ``ending`` says.
    """
    ended: dict[str, list[tuple[ControlEffect, str]]] = {}
    for effect in list(state.active.values()):
        target = state.present(effect.object)
        source = state.present(effect.source)
        if target is None or not target.zone.has_controller:
            del state.active[effect.id]  # its object is gone; nothing left to control
            continue
        rule = ending(effect)
        if (
            rule is None
            and effect.ends.needs_source
            and (source is None or source.zone is not Zone.BATTLEFIELD)
        ):
            rule = effect.ends.rule
        if rule is not None:
            del state.active[effect.id]
            ended.setdefault(effect.object, []).append((effect, rule))
    for object_id, endings in ended.items():
        obj = state.objects[object_id]
        for effect, rule in endings:
            if rule in ("611.3b", "611.2b"):
                made = effect_label(state.board, effect.name, effect.name_ja, effect.source)
                state.step(
                    "leave.control-ends-source",
                    rule,
                    [obj],
                    object=obj.label,
                    player=effect.controller,
                    source=made if made is not None else msg("leave.its-source"),
                )
            else:
                state.step("leave.control-ends", rule, [obj], object=obj.label, player=effect.controller)
        still = [e for e in state.active.values() if e.object == object_id]
        if still:
            state.objects[object_id] = replace(obj, controller=still[-1].controller)
            state.step(
                "leave.control-to-latest", "613.7", [obj], object=obj.label, player=still[-1].controller
            )
            continue
        default = obj.default
        default_gone = default in state.out or default in state.board.left
        if default is not None and default_gone and any(e.controller not in state.out for e, _ in endings):
            state.move(obj, Zone.EXILE)
            state.step("leave.control-exiled", "800.4c", [obj], object=obj.label, player=default)
            continue
        state.objects[object_id] = replace(obj, controller=default)
        state.step("leave.control-to-default", "110.2", [obj], object=obj.label, player=default or "")
    return bool(ended)


def pending_exiles(state: BoardState) -> None:
    """800.4c, later: an object held by an effect whose default controller has left is exiled when it ends."""
    gone_players = state.out | set(state.board.left)
    for obj in state.objects.values():
        if obj.id in state.gone or not obj.zone.has_controller or obj.default not in gone_players:
            continue
        holding = [e for e in state.active.values() if e.object == obj.id]
        if holding:
            ends = Text(
                en=", ".join(render(msg(f"board.ends.{e.ends.value}"), "en") for e in holding),
                ja="、".join(render(msg(f"board.ends.{e.ends.value}"), "ja") for e in holding),
            )
            state.step(
                "leave.pending-exile",
                "800.4c",
                [obj],
                object=obj.label,
                player=obj.controller or "",
                default=obj.default or "",
                ends=ends,
            )


__all__ = [
    "BoardState",
    "CEASED",
    "LEFT_GAME",
    "end_control_effects",
    "keep_source_name",
    "next_player",
    "pending_exiles",
]
