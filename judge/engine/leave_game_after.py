"""Steps 8-12 of leaving the game, after the objects have moved (506.4, 800.4e, 509.1h, 800.4d, 800.4m,
800.4j, 704.3).

What the leave does to everything still in the game: a combat in progress (:func:`combat`), delayed triggers
(:func:`delayed_triggers`), effects lasting until the leaver's next turn (:func:`timed_effects`), the turn and
priority (:func:`turn_and_priority`) and the state-based actions checked right after
(:func:`state_based_actions`).
The order is :func:`judge.engine.leave_game.resolve_leave_game`'s.

>>> seat_before(("A", "B", "C", "D"), "C", {"B"})
'A'
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.board import Attachment, Zone, effect_label, players_text
from judge.engine.control import BoardState, end_control_effects, next_player
from judge.engine.leave_game_planes import turn_top_planar_card
from judge.engine.messages import ParamValue

__all__ = [
    "combat",
    "delayed_triggers",
    "game_ends",
    "seat_before",
    "state_based_actions",
    "timed_effects",
    "turn_and_priority",
]


def combat(state: BoardState) -> None:
    """506.4, 800.4e, 509.1h, 506.4c: what leaving does to a combat in progress.

    A creature that left the battlefield, or whose control changed (an effect giving it to a leaving player
    ended), is removed from combat (506.4); an attacker whose blockers are all removed stays blocked.
    """
    for attack in state.board.combat:
        attacker = state.present(attack.attacker)
        label = state.label(attack.attacker)
        if attacker is None or attacker.zone is not Zone.BATTLEFIELD:
            state.step("leave.combat-attacker-gone", "506.4", object=label)
            continue
        if _control_changed(state, attacker.id):
            state.out_of_combat.add(attacker.id)
            state.step(
                "leave.combat-control-changed",
                "506.4",
                [attacker],
                object=label,
                before=_original_controller(state, attacker.id),
                player=attacker.controller or "",
            )
            continue
        staying = []
        for blocker_id in attack.blockers:
            blocker = state.present(blocker_id)
            if blocker is None or blocker.zone is not Zone.BATTLEFIELD:
                continue
            if _control_changed(state, blocker_id):
                if blocker_id not in state.out_of_combat:
                    state.out_of_combat.add(blocker_id)
                    state.step(
                        "leave.combat-control-changed",
                        "506.4",
                        [blocker],
                        object=blocker.label,
                        before=_original_controller(state, blocker_id),
                        player=blocker.controller or "",
                    )
                continue
            staying.append(blocker_id)
        blocked = bool(staying)
        if attack.attacking in state.out:
            code = (
                "leave.combat-damage-not-assigned-blocked" if blocked else "leave.combat-damage-not-assigned"
            )
            state.step(code, "800.4e", [attacker], object=label, player=attack.attacking)
        elif attack.blockers and not blocked:
            state.step("leave.combat-blockers-gone", "509.1h", [attacker], object=label)
        elif attack.attacking not in state.board.turn_order:
            target = state.present(attack.attacking)
            if target is None or target.zone is not Zone.BATTLEFIELD:
                state.step(
                    "leave.combat-target-gone",
                    "506.4c",
                    [attacker],
                    object=label,
                    target=state.label(attack.attacking),
                )


def _original_controller(state: BoardState, object_id: str) -> str:
    found = state.board.find(object_id)
    return (found.controller if found is not None else None) or ""


def _control_changed(state: BoardState, object_id: str) -> bool:
    """Whether the leave gave the permanent another controller (506.4: it is removed from combat)."""
    now = state.objects[object_id].controller
    return now is not None and now != _original_controller(state, object_id)


def delayed_triggers(state: BoardState) -> None:
    """800.4d: delayed triggers the leaving players control will never be put on the stack."""
    for trigger in state.board.delayed_triggers:
        affected = state.present(trigger.object)
        name = effect_label(state.board, trigger.name, trigger.name_ja, trigger.source)
        what: ParamValue = name if name is not None else (trigger.text or trigger.id)
        if trigger.controller in state.out:
            state.removed_triggers.add(trigger.id)
            if affected is not None:
                state.step(
                    "leave.trigger-removed-stays",
                    "800.4d",
                    [affected],
                    trigger=what,
                    player=trigger.controller,
                    object=affected.label,
                )
            else:
                state.step("leave.trigger-removed", "800.4d", trigger=what, player=trigger.controller)
        elif trigger.object is not None and trigger.object in state.gone:
            state.step(
                "leave.trigger-target-gone", "603.7c", trigger=what, object=state.label(trigger.object)
            )


def timed_effects(state: BoardState) -> None:
    """800.4m: an effect lasting until a leaving player's next turn lasts until that turn would have begun."""
    for effect in state.board.timed_effects:
        if effect.controller not in state.out:
            continue
        previous = seat_before(state.board.turn_order, effect.controller, state.out)
        name = effect_label(state.board, effect.name, effect.name_ja, effect.source)
        state.step(
            "leave.timed-effect",
            "800.4m",
            [o for o in [state.present(effect.object)] if o is not None],
            effect=name if name is not None else (effect.text or effect.id),
            player=effect.controller,
            previous=previous,
        )


def game_ends(state: BoardState) -> bool:
    """Whether at most one player or team is left (104.2a, 104.2c, 104.4a): the game ends at once (104.1)."""
    board = state.board
    remaining = [p for p in board.turn_order if p not in state.out]
    sides = {board.team_of(p) for p in remaining} if board.variant.has_teams else {(p,) for p in remaining}
    return len(sides) <= 1


def turn_and_priority(state: BoardState) -> None:
    """800.4j, 800.4a: the turn goes on without its active player, priority passes on; nothing of it when the
    game ends with this leave (104.1: no turn goes on and none follows)."""
    board = state.board
    if game_ends(state):
        return
    if board.active_player in state.out:
        following = next_player(board.turn_order, board.active_player, state.out)
        if board.variant.has_teams:
            state.step(
                "leave.turn-continues-team",
                "800.4j",
                players=players_text(board.team_of(board.active_player)),
                next=following or "",
            )
        else:
            state.step("leave.turn-continues", "800.4j", player=board.active_player, next=following or "")
    if board.priority in state.out:
        new = next_player(board.turn_order, board.priority, state.out)
        if new is not None:
            state.step("leave.priority-passes", "800.4a", player=board.priority, new=new)


def state_based_actions(state: BoardState, phenomena_hit: set[str]) -> None:
    """704.3: state-based actions checked right after the leave (704.5m, 704.5n, 704.5p, 704.6f).

    Checked until none applies: an Aura falling off can end a control effect
    from its static ability (611.3b), which can exile another object (800.4c),
    and so on.
    """
    changed = True
    while changed:
        changed = False
        for obj in list(state.objects.values()):
            if obj.id in state.gone or obj.zone is not Zone.BATTLEFIELD or obj.attached_to is None:
                continue
            target_obj = state.objects.get(obj.attached_to)
            if target_obj is not None:
                still_there = obj.attached_to not in state.gone and target_obj.zone is Zone.BATTLEFIELD
                what: ParamValue = target_obj.label
            else:
                still_there = obj.attached_to not in state.out
                what = obj.attached_to
            if still_there:
                continue
            changed = True
            if obj.attachment is Attachment.AURA:
                state.move(obj, Zone.GRAVEYARD)
                state.step(
                    "leave.aura-falls", "704.5m", [obj], object=obj.label, target=what, player=obj.owner or ""
                )
            else:
                state.objects[obj.id] = replace(obj, attached_to=None)
                rule = "704.5p" if obj.attachment is Attachment.OTHER else "704.5n"
                state.step("leave.unattached", rule, [obj], object=obj.label, target=what)
        if changed:
            end_control_effects(state, lambda effect: None)
    for phenomenon_id in sorted(phenomena_hit):
        phenomenon = state.present(phenomenon_id)
        if phenomenon is None or phenomenon.controller is None:
            continue
        if any(o.source == phenomenon_id for o in state.on(Zone.STACK)):
            continue
        if phenomenon.controller not in state.planeswalks:
            state.planeswalks.append(phenomenon.controller)
        state.step(
            "leave.phenomenon-planeswalk",
            "704.6f",
            [phenomenon],
            object=phenomenon.label,
            player=phenomenon.controller,
        )
        turn_top_planar_card(state, phenomenon.controller)


def seat_before(turn_order: tuple[str, ...], player: str, out: set[str]) -> str:
    """The player still in the game whose turn comes just before ``player``'s seat."""
    index = turn_order.index(player)
    for offset in range(1, len(turn_order)):
        candidate = turn_order[index - offset]
        if candidate not in out:
            return candidate
    return player
