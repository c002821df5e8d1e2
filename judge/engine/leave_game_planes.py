"""Planechase when a player leaves (800.4p, 901.6, 901.10, 901.11b, 901.12b, 901.14b): the planar role.

Two steps of :func:`judge.engine.leave_game.resolve_leave_game` (and the 704.6f planeswalk of its
state-based actions): before anyone leaves, a leaving planar controller hands the role to the next player
(:func:`hand_over_planar_role`); after the leave, a face-up plane or phenomenon that left the game makes
its planar controller planeswalk (:func:`planeswalk_for_lost_planes`), to the top card of their planar
deck when the board shows it (:func:`turn_top_planar_card`).

>>> from judge.engine.board import Board, GameObject, ObjectKind, Variant, Zone
>>> tazeem = GameObject(id="tazeem", name="Tazeem", kind=ObjectKind.PLANE, owner="B", controller="A",
...                     zone=Zone.COMMAND)
>>> board = Board(variant=Variant.PLANECHASE, turn_order=("A", "B", "C"), active_player="A",
...               planar_controllers=("A",), objects=(tazeem,))
>>> state = BoardState(board, ("A",))
>>> hand_over_planar_role(state)
>>> state.planar, state.objects["tazeem"].controller, [s.rule for s in state.steps]
(['B'], 'B', ['800.4p'])
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.board import GameObject, Variant, Zone, names_text
from judge.engine.control import BoardState, next_player
from judge.engine.messages import ParamValue, msg


def hand_over_planar_role(state: BoardState) -> None:
    """800.4p / 901.6 / 901.12b / 901.14b: settle the planar controller(s) before anyone leaves."""
    board = state.board
    if not board.has_planes:
        return
    faceup = [o for o in state.on(Zone.COMMAND) if o.kind.is_planar and o.controller is not None]
    if board.variant is Variant.GRAND_MELEE:
        markers_before = len(board.turn_order) // 4
        markers_after = (len(board.turn_order) - len(state.leavers)) // 4
        if markers_after < markers_before:
            for old in [p for p in state.planar if p in state.out]:
                state.planar.remove(old)
                theirs = [
                    o for o in faceup if o.controller == old and (o.owner not in state.out or o.owner is None)
                ]
                for obj in theirs:
                    state.move(obj, Zone.COMMAND, None)
                state.step(
                    "leave.grand-melee-marker",
                    "901.14b",
                    theirs,
                    player=old,
                    names=names_text([o.label for o in theirs]) if theirs else msg("leave.nothing"),
                )
            if not any(p in state.out for p in board.planar_controllers):
                state.step("leave.grand-melee-marker-designated", "807.4e", players=state.who)
            return
    for old in [p for p in state.planar if p in state.out]:
        if board.variant is Variant.TWO_HEADED_GIANT:
            following = next_player(board.turn_order, old, state.out)
            new = board.team_of(following)[0] if following is not None else None
        else:
            new = next_player(board.turn_order, old, state.out)
        theirs = [o for o in faceup if o.controller == old]
        index = state.planar.index(old)
        if new is None:
            state.planar.pop(index)
            continue
        if new in state.planar:
            state.planar.pop(index)
        else:
            state.planar[index] = new
        for obj in theirs:
            state.objects[obj.id] = replace(obj, controller=new)
        objects: ParamValue = names_text([o.label for o in theirs]) if theirs else msg("leave.nothing")
        if board.variant is Variant.TWO_HEADED_GIANT:
            state.step("leave.planar-handover-team", "901.12b", theirs, old=old, new=new, names=objects)
        else:
            state.step("leave.planar-handover", "800.4p", theirs, old=old, new=new, names=objects)


def planeswalk_for_lost_planes(state: BoardState, left_game: list[GameObject]) -> None:
    """901.10: a face-up plane or phenomenon left the game, so its planar controller planeswalks."""
    for obj in left_game:
        if not obj.kind.is_planar or obj.controller is None:
            continue
        # Its controller after 800.4p is recorded in state.objects (the object left the game right after).
        controller = state.objects[obj.id].controller
        if controller is None or controller in state.out or controller in state.planeswalks:
            continue
        state.planeswalks.append(controller)
        state.step("leave.planeswalk", "901.10", [obj], object=obj.label, player=controller)
        turn_top_planar_card(state, controller)


def turn_top_planar_card(state: BoardState, player: str) -> None:
    """901.11b: the card turned face up is the top card of the player's planar deck, when the board shows it.

    The face-down planes and phenomena on the board are in planar-deck order, top first; with a single planar
    deck they have no owner (the planar controller owns them all, 901.15b).
    """
    for obj in state.on(Zone.COMMAND):
        if (
            obj.kind.is_planar
            and obj.controller is None
            and obj.owner == (None if state.board.single_planar_deck else player)
        ):
            state.objects[obj.id] = replace(obj, controller=player)
            state.step("leave.planeswalk-to", "901.11b", [obj], player=player, object=obj.label)
            return


__all__ = ["hand_over_planar_role", "planeswalk_for_lost_planes", "turn_top_planar_card"]
