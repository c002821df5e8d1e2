"""The rules a board obeys (109.4, 110.2, 613.7, 800.4a, 901.6): judge a board, settle what the rules decide.

:func:`check_board` judges a :class:`~judge.engine.board.Board` against the
rules (a board the rules cannot reach: an object in a zone it cannot be in, a
controller the rules forbid, an effect that has already ended) and settles
what the rules decide (default controllers, 110.2). Every problem is listed,
as a message code with the rule that forbids the board and the field it
concerns; :mod:`judge.engine.board_payload` reads a board and then calls it.

>>> board = Board(variant=Variant.FREE_FOR_ALL, turn_order=("Alex", "Bianca"), active_player="Alex",
...               objects=(GameObject(id="g", name="Assault Griffin", name_ja="突撃するグリフィン",
...                                   kind=ObjectKind.CARD, owner="Bianca", controller="Alex",
...                                   zone=Zone.BATTLEFIELD),))
>>> settled, problems = check_board(board)
>>> settled.object("g").default, problems
('Alex', [])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from judge.engine.board import Board, ControlEffect, GameObject, ObjectKind, Zone
from judge.engine.board_until_checks import check_until_effects
from judge.engine.messages import Message, ParamValue, msg
from judge.engine.variants import Variant

# Zones each kind of object can be in (with the message code saying why); anything else the rules cannot
# reach.
ALLOWED_ZONES: dict[ObjectKind, tuple[frozenset[Zone], str, str]] = {
    ObjectKind.ABILITY: (frozenset({Zone.STACK}), "board.why.ability-zone", "113.1c"),
    ObjectKind.TOKEN: (frozenset({Zone.BATTLEFIELD}), "board.why.token-zone", "111.7"),
    ObjectKind.COPY: (frozenset({Zone.STACK, Zone.BATTLEFIELD}), "board.why.copy-zone", "707.10a"),
    ObjectKind.EMBLEM: (frozenset({Zone.COMMAND}), "board.why.emblem-zone", "114.1"),
    ObjectKind.PLANE: (frozenset({Zone.COMMAND}), "board.why.plane-zone", "311.2"),
    ObjectKind.PHENOMENON: (frozenset({Zone.COMMAND}), "board.why.phenomenon-zone", "312.2"),
}


@dataclass(frozen=True)
class Paths:
    """Where each part of a board was in its JSON (for the ``field`` of a problem); by position when not
    given."""

    objects: dict[str, int] = field(default_factory=dict)
    control_effects: dict[str, int] = field(default_factory=dict)


def object_label(obj: GameObject, what: str) -> Message:
    """The human label of one field of an object: "Assault Griffin: controller" /
    "《突撃するグリフィン》のコントローラー"."""
    return msg("board.label.object-field", object=obj.label, part=msg(f"board.field.{what}"))


def effect_field_label(board: Board, effect: ControlEffect, what: str) -> Message:
    """The human label of one field of a control effect, named by the object it gives control of."""
    target = board.label_of(effect.object)
    return msg(
        "board.label.effect-field",
        effect=msg("board.label.effect", object=target or effect.object),
        part=msg(f"board.field.effect-{what}"),
    )


def check_board(board: Board, *, paths: Paths | None = None) -> tuple[Board, list[Message]]:
    """Judge ``board`` against the rules and settle what they decide; every problem is listed.

    Settled: objects outside the battlefield and the stack have no controller
    (109.4); an emblem is controlled by its owner (114.2); an object with no
    control effect on it is controlled by its default controller, so a
    controller other than its owner is its default controller (110.2, 110.2a,
    112.2). Problems are :class:`~judge.engine.messages.Message` codes with the
    rule that forbids the board.

    >>> b = Board(variant=Variant.FREE_FOR_ALL, turn_order=("A", "B"), active_player="A",
    ...           objects=(GameObject(id="x", name="Shock", kind=ObjectKind.ABILITY, owner=None,
    ...           controller="A",
    ...                               zone=Zone.GRAVEYARD),))
    >>> [(p.code, p.rule, p.field) for p in check_board(b)[1]]
    [('board.zone-impossible', '113.1c', 'objects[0]')]
    """
    paths = paths or Paths()
    problems: list[Message] = []
    objects = [
        _check_object(board, obj, _path("objects", obj.id, index, paths.objects), problems)
        for index, obj in enumerate(board.objects)
    ]
    board = replace(board, objects=tuple(objects))
    _check_players(board, problems)
    _check_attachments(board, paths, problems)
    _check_control_effects(board, paths, problems)
    board = _settle_controllers(board, paths, problems)
    _check_designations(board, problems)
    problems += check_until_effects(board)
    return board, problems


def _path(collection: str, key: str, index: int, known: Mapping[str, int]) -> str:
    return f"{collection}[{known.get(key, index)}]"


def _problem(code: str, *, rule: str, where: str, **params: ParamValue) -> Message:
    return msg(code, rule=rule, field=where, **params)


def _settled_controller(board: Board, obj: GameObject, where: str, problems: list[Message]) -> str | None:
    """Who controls ``obj`` where it is: a battlefield or stack object needs a controller (109.4), an
    emblem's is its owner (114.2), a plane's or phenomenon's a planar controller (109.4d), and elsewhere
    nobody controls it."""
    controller = obj.controller
    if obj.zone.has_controller:
        if controller is None:
            problems.append(
                _problem(
                    "board.needs-controller",
                    rule="109.4",
                    where=f"{where}.controller",
                    label=object_label(obj, "controller"),
                    zone=msg(f"board.zone.{obj.zone.value}"),
                )
            )
    elif obj.kind is ObjectKind.EMBLEM:
        if controller is None:
            controller = obj.owner
        elif controller != obj.owner:
            problems.append(
                _problem(
                    "board.emblem-controller",
                    rule="114.2",
                    where=f"{where}.controller",
                    label=object_label(obj, "controller"),
                )
            )
    elif obj.kind.is_planar:
        if controller is not None and controller not in board.planar_controllers:
            problems.append(
                _problem(
                    "board.plane-controller",
                    rule="109.4d",
                    where=f"{where}.controller",
                    label=object_label(obj, "controller"),
                    player=controller,
                )
            )
    elif controller is not None:
        if controller != obj.owner:
            problems.append(
                _problem(
                    "board.no-controller-here",
                    rule="109.4",
                    where=f"{where}.controller",
                    label=object_label(obj, "controller"),
                    zone=msg(f"board.zone.{obj.zone.value}"),
                )
            )
        controller = None
    return controller


def _check_object(board: Board, obj: GameObject, where: str, problems: list[Message]) -> GameObject:
    """Checks one object against the rules; returns it with its controller settled where the rules decide
    it."""
    if obj.owner is not None and obj.owner not in board.turn_order and obj.zone is not Zone.ANTE:
        problems.append(
            _problem(
                "board.owner-left",
                rule="800.4a",
                where=f"{where}.owner",
                label=object_label(obj, "owner"),
                player=obj.owner,
            )
        )
        return obj
    allowed = ALLOWED_ZONES.get(obj.kind)
    if allowed is not None and obj.zone not in allowed[0]:
        zones, why, rule = allowed
        problems.append(
            _problem(
                "board.zone-impossible",
                rule=rule,
                where=where,
                object=obj.label,
                zone=msg(f"board.zone.{obj.zone.value}"),
                why=msg(why),
            )
        )
        return obj  # its controller cannot be judged in a zone it cannot be in
    if obj.kind.is_planar and not board.has_planes:
        problems.append(_problem("board.planes-only-planechase", rule="311.1", where=where, object=obj.label))
    if obj.kind.is_planar and board.single_planar_deck and obj.owner is not None:
        problems.append(
            _problem(
                "board.single-deck-owner",
                rule="901.15b",
                where=f"{where}.owner",
                label=object_label(obj, "owner"),
            )
        )
    if obj.kind.is_planar and not board.single_planar_deck and obj.owner is None:
        problems.append(
            _problem(
                "board.planar-owner-required",
                rule="901.6",
                where=f"{where}.owner",
                label=object_label(obj, "owner"),
            )
        )
    if obj.kind is ObjectKind.TOKEN and obj.default_controller not in (None, obj.owner):
        problems.append(_problem("board.token-controller", rule="111.2", where=where, object=obj.label))
    if (
        obj.kind is ObjectKind.COPY
        and obj.zone is Zone.STACK
        and obj.default_controller not in (None, obj.owner)
    ):
        problems.append(_problem("board.copy-owner", rule="112.2", where=where, object=obj.label))
    controller = _settled_controller(board, obj, where, problems)
    if obj.attached_to is not None and obj.zone is not Zone.BATTLEFIELD:
        problems.append(
            _problem(
                "board.attached-off-battlefield",
                rule="701.3d",
                where=f"{where}.attached_to",
                label=object_label(obj, "attached_to"),
            )
        )
    if obj.attached_to == obj.id:
        problems.append(
            _problem(
                "board.attached-to-itself",
                rule="303.4d",
                where=f"{where}.attached_to",
                label=object_label(obj, "attached_to"),
            )
        )
    if controller != obj.controller:
        return replace(obj, controller=controller)
    return obj


def _check_players(board: Board, problems: list[Message]) -> None:
    variant = board.variant
    if (
        variant is Variant.TWO_HEADED_GIANT
        and board.teams
        and (len(board.teams) != 2 or any(len(t) != 2 for t in board.teams))
    ):
        problems.append(_problem("board.thg-teams", rule="810.1", where="teams"))
    if variant.is_duel_masters and board.teams and len(board.teams) != 2:
        problems.append(_problem("board.dtc-teams", rule="dtc:basic-rules", where="teams"))
    planar = board.planar_controllers
    active = board.active_player
    # 901.6, 901.12b: a player who took the role over when the old planar controller left keeps it for the
    # turn.
    if planar and active is not None and not board.left:
        if variant is Variant.PLANECHASE and planar[0] != active:
            problems.append(
                _problem(
                    "board.planar-not-active",
                    rule="901.6",
                    where="planar_controller",
                    player=planar[0],
                    active=active,
                )
            )
        if variant is Variant.TWO_HEADED_GIANT and planar[0] != board.team_of(active)[0]:
            problems.append(
                _problem(
                    "board.planar-not-primary",
                    rule="901.12b",
                    where="planar_controller",
                    player=planar[0],
                    primary=board.team_of(active)[0],
                )
            )
    if variant is Variant.GRAND_MELEE and len(planar) > max(len(board.turn_order) // 4, 1):
        problems.append(
            _problem(
                "board.too-many-planar",
                rule="901.14a",
                where="planar_controller",
                count=len(planar),
                markers=len(board.turn_order) // 4,
            )
        )


def _check_attachments(board: Board, paths: Paths, problems: list[Message]) -> None:
    for index, obj in enumerate(board.objects):
        target = board.find(obj.attached_to)
        if target is not None and target.id != obj.id and target.zone is not Zone.BATTLEFIELD:
            problems.append(
                _problem(
                    "board.attached-to-gone",
                    rule="704.5m",
                    where=f"{_path('objects', obj.id, index, paths.objects)}.attached_to",
                    label=object_label(obj, "attached_to"),
                    target=target.label,
                )
            )


def _check_control_effects(board: Board, paths: Paths, problems: list[Message]) -> None:
    for index, effect in enumerate(board.control_effects):
        where = _path("control_effects", effect.id, index, paths.control_effects)
        target = board.find(effect.object)
        if target is not None and not target.zone.has_controller:
            problems.append(
                _problem(
                    "board.effect-object-zone",
                    rule="109.4",
                    where=f"{where}.object",
                    label=effect_field_label(board, effect, "object"),
                    zone=msg(f"board.zone.{target.zone.value}"),
                )
            )
        source = board.find(effect.source)
        if effect.ends.needs_source and (source is None or source.zone is not Zone.BATTLEFIELD):
            problems.append(
                _problem(
                    "board.effect-already-ended",
                    rule=effect.ends.rule,
                    where=f"{where}.source",
                    label=effect_field_label(board, effect, "source"),
                )
            )


def _settle_controllers(board: Board, paths: Paths, problems: list[Message]) -> Board:
    """613.7: the latest control effect decides; with none, the controller is the default controller
    (110.2)."""
    settled: list[GameObject] = []
    for index, obj in enumerate(board.objects):
        if not obj.zone.has_controller or obj.kind is ObjectKind.ABILITY or obj.controller is None:
            settled.append(obj)
            continue
        mine = [e for e in board.control_effects if e.object == obj.id]
        if not mine:
            if (
                obj.default_controller is None
                and obj.controller != obj.owner
                and obj.kind is not ObjectKind.TOKEN
            ):
                obj = replace(obj, default_controller=obj.controller)  # 110.2a, 112.2: who put it there
            elif obj.controller != obj.default:
                problems.append(
                    _problem(
                        "board.controller-not-default",
                        rule="110.2",
                        where=f"{_path('objects', obj.id, index, paths.objects)}.controller",
                        label=object_label(obj, "controller"),
                        player=obj.controller or "",
                        default=obj.default or "",
                    )
                )
        elif obj.controller != mine[-1].controller:
            problems.append(
                _problem(
                    "board.controller-contradicts-effect",
                    rule="613.7",
                    where=f"{_path('objects', obj.id, index, paths.objects)}.controller",
                    label=object_label(obj, "controller"),
                    player=obj.controller or "",
                    expected=mine[-1].controller,
                )
            )
        settled.append(obj)
    return replace(board, objects=tuple(settled))


def _check_designations(board: Board, problems: list[Message]) -> None:
    current: set[str] = set()
    for index, control in enumerate(board.player_control):
        if control.player in current and not control.pending:
            problems.append(
                _problem(
                    "board.player-controlled-twice",
                    rule="723.1a",
                    where=f"player_control[{index}].player",
                    player=control.player,
                )
            )
        if not control.pending:
            current.add(control.player)
    for index, attack in enumerate(board.combat):
        attacker = board.find(attack.attacker)
        if attacker is not None and attacker.zone is not Zone.BATTLEFIELD:
            problems.append(
                _problem(
                    "board.attacker-not-on-battlefield",
                    rule="506.4",
                    where=f"combat[{index}].attacker",
                    object=attacker.label,
                )
            )
        elif (
            attacker is not None
            and board.active_player is not None
            and attacker.controller not in board.team_of(board.active_player)
        ):
            problems.append(
                _problem(
                    "board.attacker-not-active",
                    rule="508.1a",
                    where=f"combat[{index}].attacker",
                    object=attacker.label,
                )
            )


__all__ = ["ALLOWED_ZONES", "Paths", "check_board", "effect_field_label", "object_label"]
