"""What the leave-game page and the worked rulings show, typed for the templates.

A resolved leave is presented from the engine's own values (the board before, the result after), so
the page reads each answer once; a scenario's "before" board is shown as given, since a worked
ruling may show a board the engine refuses.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from judge.engine.board import Attachment, Board, Ends, ObjectKind, Variant, Zone
from judge.engine.messages import msg, render
from judge.engine.leave_game import CEASED, LEFT_GAME, LeaveGameResult
from judge.engine.scenarios import ReplayedStep
from judge.web.presenters import ShownStep, present_problems, present_steps

VARIANT_LABELS = {
    Variant.FREE_FOR_ALL: gettext_lazy("Free-for-all"),
    Variant.PLANECHASE: gettext_lazy("Planechase"),
    Variant.GRAND_MELEE: gettext_lazy("Grand Melee with Planechase"),
    Variant.TWO_HEADED_GIANT: gettext_lazy("Two-Headed Giant"),
    Variant.DTC: gettext_lazy("Duel Masters Tag Commander (DTC)"),
}
KIND_LABELS = {
    ObjectKind.CARD: gettext_lazy("card"),
    ObjectKind.TOKEN: gettext_lazy("token"),
    ObjectKind.COPY: gettext_lazy("copy of a spell or card"),
    ObjectKind.ABILITY: gettext_lazy("ability on the stack"),
    ObjectKind.EMBLEM: gettext_lazy("emblem"),
    ObjectKind.PLANE: gettext_lazy("plane"),
    ObjectKind.PHENOMENON: gettext_lazy("phenomenon"),
}
ZONE_LABELS = {
    Zone.BATTLEFIELD.value: gettext_lazy("battlefield"),
    Zone.STACK.value: gettext_lazy("stack"),
    Zone.HAND.value: gettext_lazy("hand"),
    Zone.LIBRARY.value: gettext_lazy("library"),
    Zone.GRAVEYARD.value: gettext_lazy("graveyard"),
    Zone.EXILE.value: gettext_lazy("exile"),
    Zone.COMMAND.value: gettext_lazy("command zone"),
    Zone.ANTE.value: gettext_lazy("ante zone"),
    LEFT_GAME: gettext_lazy("left the game"),
    CEASED: gettext_lazy("ceased to exist"),
}
ATTACHMENT_LABELS = {
    Attachment.AURA: gettext_lazy("Aura"),
    Attachment.EQUIPMENT: gettext_lazy("Equipment"),
    Attachment.FORTIFICATION: gettext_lazy("Fortification"),
    Attachment.OTHER: gettext_lazy("other"),
}
# Field names of the engine's inputs and results, as shown in a worked ruling's before/after tables.
KEY_LABELS = {
    "variant": gettext_lazy("Variant"),
    "mana_cost": gettext_lazy("Mana cost"),
    "previous_casts": gettext_lazy("Previous casts from the command zone"),
    "reduction": gettext_lazy("Cost reduction"),
    "cost": gettext_lazy("Cost"),
    "play_number": gettext_lazy("Play from the command zone, number"),
    "rolls_this_turn": gettext_lazy("Planar die rolls already made this turn"),
    "tax_generic": gettext_lazy("Tax"),
    "total_cost": gettext_lazy("Cost to pay"),
    "players": gettext_lazy("Players"),
    "commanders": gettext_lazy("Commanders"),
    "events": gettext_lazy("Events"),
    "totals": gettext_lazy("Commander damage totals"),
    "lost": gettext_lazy("Lost the game"),
    "cards": gettext_lazy("Cards"),
    "identity": gettext_lazy("Color identity"),
    "name": gettext_lazy("Name"),
    "type_line": gettext_lazy("Type line"),
    "player": gettext_lazy("Player"),
    "commander": gettext_lazy("Commander"),
    "damage": gettext_lazy("Damage"),
    "rule": gettext_lazy("Rule"),
    "id": gettext_lazy("Id"),
    "owner": gettext_lazy("Owner"),
    "source": gettext_lazy("Source"),
    "target": gettext_lazy("Target"),
    "amount": gettext_lazy("Amount"),
    "combat": gettext_lazy("Combat damage"),
    "controller": gettext_lazy("Controller"),
    "kind": gettext_lazy("Kind"),
    "prevented": gettext_lazy("Prevented"),
}
HIDDEN_KEYS = {"steps", "explanation"}  # shown as the engine's explained steps instead


def zone_label(zone: str) -> str:
    return str(ZONE_LABELS.get(zone, zone))


def _label_of(labels: Mapping[Any, Any], value: Any) -> str:
    """The label of an enum member given by its value (the value itself when it is no member)."""
    for member, label in labels.items():
        if member.value == value:
            return str(label)
    return str(value or "")


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _planar(value: Any) -> str | None:
    return ", ".join(map(str, value)) if isinstance(value, list) else value


# --------------------------------------------------------------------------- a resolved leave


@dataclass(frozen=True)
class ObjectAfter:
    id: str
    name: str
    owner: str | None
    zone: str
    zone_label: str
    controller: str | None
    before_zone: str
    before_controller: str | None
    gone: bool
    changed: bool


@dataclass(frozen=True)
class TriggerAfter:
    id: str
    text: str
    removed: bool


@dataclass(frozen=True)
class EffectAfter:
    id: str
    status: str  # "active" | "ended"


@dataclass(frozen=True)
class Outcome:
    """The board after a leave: each object before and after, trigger and effect statuses."""

    objects: list[ObjectAfter]
    delayed_triggers: list[TriggerAfter]
    control_effects: list[EffectAfter]
    planar_controller: str | None
    has_planes: bool
    left: tuple[str, ...]
    winners: tuple[str, ...]
    planeswalks: tuple[str, ...]
    turn_order: tuple[str, ...]
    active_player: str | None


def present_outcome(before: Board, result: LeaveGameResult) -> Outcome:
    objects = []
    for item in result.objects:
        old = before.object(item.id)
        objects.append(ObjectAfter(
            id=item.id, name=old.name, owner=old.owner, zone=item.zone, zone_label=zone_label(item.zone),
            controller=item.controller, before_zone=zone_label(old.zone.value), before_controller=old.controller,
            gone=item.zone in (LEFT_GAME, CEASED),
            changed=item.zone != old.zone.value or item.controller != old.controller,
        ))
    text = {t.id: t.text for t in before.delayed_triggers}
    after = result.board
    planar = list(after.planar_controllers) if after.variant is Variant.GRAND_MELEE else after.planar_controller
    return Outcome(
        objects=objects,
        delayed_triggers=[TriggerAfter(id=i, text=text.get(i, ""), removed=status == "removed")
                          for i, status in result.delayed_triggers],
        control_effects=[EffectAfter(id=i, status=status) for i, status in result.control_effects],
        planar_controller=_planar(planar),
        has_planes=before.variant.has_planes,
        left=result.left,
        winners=result.winners,
        planeswalks=result.planeswalks,
        turn_order=after.turn_order,
        active_player=after.active_player,
    )


def object_names(board: Board) -> dict[str, str]:
    return {o.id: o.name for o in board.objects}


@dataclass(frozen=True)
class Resolution:
    """A player's leave on the board page: the steps, the board afterwards, and that board as JSON to go on from."""

    leaving: str
    left: tuple[str, ...]
    steps: list[ShownStep]
    outcome: Outcome
    after_json: str
    game_over: bool


def present_resolution(before: Board, leaving: str, result: LeaveGameResult) -> Resolution:
    return Resolution(
        leaving=leaving,
        left=result.left,
        steps=present_steps(result.steps, names=object_names(before)),
        outcome=present_outcome(before, result),
        after_json=board_json(result.board.to_json()),
        game_over=bool(result.winners) or not result.board.turn_order,
    )


def board_json(payload: Mapping[str, Any]) -> str:
    return json.dumps(payload, ensure_ascii=False, indent=2)


# --------------------------------------------------------------------------- a board as given


@dataclass(frozen=True)
class BoardObject:
    id: str
    name: str
    kind_label: str
    owner: str | None
    zone_label: str
    controller: str | None
    attached_to: str | None


@dataclass(frozen=True)
class ShownBoard:
    """A board payload for read-only display (a worked ruling's "before"), whatever it holds."""

    variant_label: str
    turn_order: list[str]
    active_player: Any
    leaving: Any
    left: list[str]
    teams: list[list[Any]]
    planar_controller: Any
    objects: list[BoardObject]
    control_effects: list[Mapping[str, Any]]
    delayed_triggers: list[Mapping[str, Any]]


def present_board(board: Mapping[str, Any]) -> ShownBoard:
    return ShownBoard(
        variant_label=_label_of(VARIANT_LABELS, board.get("variant")),
        turn_order=[str(p) for p in _list(board.get("turn_order"))],
        active_player=board.get("active_player"),
        leaving=board.get("leaving"),
        left=[str(p) for p in _list(board.get("left"))],
        teams=[list(t) for t in _list(board.get("teams")) if isinstance(t, list)],
        planar_controller=_planar(board.get("planar_controller")),
        objects=[
            BoardObject(id=str(o.get("id", "")), name=str(o.get("name") or o.get("id") or ""),
                        kind_label=_label_of(KIND_LABELS, o.get("kind")), owner=o.get("owner"),
                        zone_label=zone_label(str(o.get("zone", ""))), controller=o.get("controller"),
                        attached_to=o.get("attached_to"))
            for o in _list(board.get("objects")) if isinstance(o, Mapping)
        ],
        control_effects=[e for e in _list(board.get("control_effects")) if isinstance(e, Mapping)],
        delayed_triggers=[t for t in _list(board.get("delayed_triggers")) if isinstance(t, Mapping)],
    )


# --------------------------------------------------------------------------- other engine inputs and results


def _label(key: str) -> str:
    return str(KEY_LABELS.get(key, key.replace("_", " ")))


def _cell(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, (str, int, float)):
        return str(value)
    if isinstance(value, list) and all(isinstance(v, (str, int, float)) for v in value):
        return ", ".join(str(v) for v in value) or "—"
    return json.dumps(value, ensure_ascii=False)


@dataclass(frozen=True)
class KeyValue:
    label: str
    text: str = ""
    columns: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()


def key_values(data: Mapping[str, Any]) -> list[KeyValue]:
    """A generic rendering of an engine input or result: scalars as text, lists of objects as tables."""
    items = []
    for key, value in data.items():
        if key in HIDDEN_KEYS:
            continue
        if isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
            columns = [k for k in dict.fromkeys(k for v in value for k in v) if k not in HIDDEN_KEYS]
            items.append(KeyValue(label=_label(key), columns=tuple(_label(c) for c in columns),
                                  rows=tuple(tuple(_cell(v.get(c)) for c in columns) for v in value)))
        else:
            items.append(KeyValue(label=_label(key), text=_cell(value)))
    return items


@dataclass(frozen=True)
class IdentityCard:
    name: str
    mana_cost: str
    type_line: str
    identity: str


def identity_cards(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[IdentityCard]:
    """Each card of a colour identity step: its mana cost and type line as given, its identity as found."""
    cards_in = [c for c in _list(before.get("cards")) if isinstance(c, Mapping)]
    cards_out = [c for c in _list(after.get("cards")) if isinstance(c, Mapping)]
    rows = []
    for index, card in enumerate(cards_out):
        given = cards_in[index] if index < len(cards_in) else {}
        faces = [f for f in _list(given.get("card_faces")) if isinstance(f, Mapping)]
        costs = " // ".join(str(f.get("mana_cost") or "—") for f in faces) if faces else given.get("mana_cost")
        identity = card.get("identity") or []
        rows.append(IdentityCard(name=str(card.get("name", "")), mana_cost=str(costs or "—"),
                                 type_line=str(given.get("type_line", "")),
                                 identity=" ".join(identity) if identity else _("colorless")))
    return rows


# --------------------------------------------------------------------------- a worked ruling's step

#: Engine actions whose step shows the board (the others show their inputs and answer as key/values).
BOARD_KINDS = ("leave-game", "end-turn", "dtc-loss")


def ends_choices(lang: str) -> list[tuple[str, str]]:
    """When a control effect ends, as the board form offers it, in the engine's words."""
    return [(e.value, render(msg(f"board.ends.{e.value}"), lang)) for e in Ends]


@dataclass(frozen=True)
class StepDisplay:
    """What a worked ruling's step page shows of the engine's before and after."""

    kind: str | None
    engine_steps: list[ShownStep] = field(default_factory=list)
    error: list[str] = field(default_factory=list)
    board: ShownBoard | None = None
    outcome: Outcome | None = None
    cards: list[IdentityCard] = field(default_factory=list)
    before: list[KeyValue] = field(default_factory=list)
    after: list[KeyValue] = field(default_factory=list)

    @property
    def has_action(self) -> bool:
        return self.kind is not None


def present_step(replayed: ReplayedStep, leave: tuple[Board, LeaveGameResult] | None) -> StepDisplay:
    """``leave``: for a leave-game step the engine accepted, the board before and the result."""
    kind = replayed.step.kind
    if kind is None:
        return StepDisplay(kind=None)
    before = replayed.before or {}
    after = replayed.after or {}
    error = replayed.error
    problems = present_problems(error) if error is not None else []
    if kind in BOARD_KINDS:
        return StepDisplay(
            kind=kind, error=problems, board=present_board(before),
            engine_steps=present_steps(replayed.engine_steps, names=object_names(leave[0]) if leave else None),
            outcome=present_outcome(*leave) if leave else None,
        )
    steps = present_steps(replayed.engine_steps)
    if kind == "color-identity":
        return StepDisplay(kind=kind, engine_steps=steps, error=problems, cards=identity_cards(before, after))
    return StepDisplay(kind=kind, engine_steps=steps, error=problems, before=key_values(before),
                       after=[] if error else key_values(after))
