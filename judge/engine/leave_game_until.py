"""Cards exiled "until" an event come back when it happens (610.3, 610.3c, 603.6c, 800.4d, 903.9).

:func:`until_effects_end` is called by the leave-game resolver once the leaving players' objects have gone
(their source may have left the battlefield with its owner, 800.4a, or been exiled) and again after the
state-based actions; and by the end of a turn (514.2) for an exile "until end of turn". For each
:class:`~judge.engine.board_until.UntilEffect` whose event has happened:

- ``"until"``: a second one-shot effect returns the exiled cards at once to their previous zone (610.3),
  to the battlefield under their owner's control (610.3c). It is not a triggered ability, so no player
  having left the game stops it. A commander returned to the battlefield is a permanent again; to a hand
  or library its owner may put it into the command zone instead (903.9b).
- ``"trigger"``: the source's leaves-the-battlefield ability triggers (603.6c), controlled by the player
  who controlled the source. If that player has left the game, it is not put on the stack (800.4d): the
  cards stay in exile, and a commander among them stays too, as 903.9a only lets its owner move a
  commander put into exile since state-based actions were last checked.

>>> from judge.engine.board import Board, GameObject, ObjectKind, Variant, Zone
>>> from judge.engine.board_until import UntilEffect, UntilEnds, UntilHow
>>> from judge.engine.control import BoardState
>>> card = GameObject(id="c", name="Runeclaw Bear", kind=ObjectKind.CARD, owner="B", controller=None,
...                   zone=Zone.EXILE)
>>> board = Board(variant=Variant.FREE_FOR_ALL, turn_order=("A", "B"), active_player="A", objects=(card,),
...               until_effects=(UntilEffect(id="u", source=None, objects=("c",), ends=UntilEnds.END_OF_TURN,
...                                          how=UntilHow.UNTIL, name="Fading Hope"),))
>>> state = BoardState(board)
>>> until_effects_end(state, turn_ends=True)
>>> state.objects["c"].zone.value, state.objects["c"].controller, [s.rule for s in state.steps]
('battlefield', 'B', ['610.3', '610.3c'])
"""

from __future__ import annotations

from judge.engine.board import GameObject, Zone, effect_label, names_text
from judge.engine.board_until import ReturnZone, UntilEffect, UntilEnds, UntilHow
from judge.engine.control import BoardState
from judge.engine.messages import ParamValue, msg

RETURN_ZONES = {
    ReturnZone.BATTLEFIELD: Zone.BATTLEFIELD,
    ReturnZone.HAND: Zone.HAND,
    ReturnZone.GRAVEYARD: Zone.GRAVEYARD,
}


def until_effects_end(state: BoardState, *, turn_ends: bool = False) -> None:
    """End every "until" exile whose event has happened: its source left the battlefield, or (``turn_ends``)
    the turn is ending."""
    for effect in state.board.until_effects:
        if effect.id in state.ended_until or not _event_happened(state, effect, turn_ends):
            continue
        state.ended_until.add(effect.id)
        exiled = [
            o for o in (state.present(i) for i in effect.objects) if o is not None and o.zone is Zone.EXILE
        ]
        if not exiled:
            continue
        label = effect_label(state.board, effect.name, effect.name_ja, effect.source)
        what: ParamValue = label if label is not None else effect.id
        names = names_text([o.label for o in exiled])
        if effect.how is UntilHow.TRIGGER:
            _trigger(state, effect, exiled, what)
            continue
        code = (
            "leave.until-returns-end-of-turn"
            if effect.ends is UntilEnds.END_OF_TURN
            else "leave.until-returns"
        )
        place = RETURN_ZONES[effect.returns_to]
        state.step(
            code, "610.3", exiled, source=what, cards=names, zone=msg(f"leave.until-zone.{place.value}")
        )
        for obj in exiled:
            _return(state, obj, place)


def _event_happened(state: BoardState, effect: UntilEffect, turn_ends: bool) -> bool:
    if effect.ends is UntilEnds.END_OF_TURN:
        return turn_ends
    source = state.present(effect.source)
    return source is None or source.zone is not Zone.BATTLEFIELD


def _return(state: BoardState, obj: GameObject, place: Zone) -> None:
    """610.3c: under its owner's control on the battlefield; a commander's 903.9 choices where they apply."""
    owner = obj.owner or ""
    if place is Zone.BATTLEFIELD:
        state.move(obj, place, controller=obj.owner)
        state.step("leave.until-owner-controls", "610.3c", [obj], object=obj.label, player=owner)
        if obj.commander:
            state.step("leave.until-commander-battlefield", "903.9a", [obj], object=obj.label, player=owner)
        return
    state.move(obj, place)
    if obj.commander and place is Zone.HAND:
        state.step("leave.until-commander-hand", "903.9b", [obj], object=obj.label, player=owner)
    elif obj.commander:
        state.step("leave.until-commander-graveyard", "903.9a", [obj], object=obj.label, player=owner)


def _trigger(state: BoardState, effect: UntilEffect, exiled: list[GameObject], what: ParamValue) -> None:
    """603.6c: the source's leaves-the-battlefield ability; 800.4d when its controller has left."""
    source = state.board.find(effect.source)
    controller = source.controller if source is not None else None
    names = names_text([o.label for o in exiled])
    if controller is not None and (controller in state.out or controller in state.board.left):
        state.step(
            "leave.until-trigger-not-put", "800.4d", exiled, source=what, player=controller, cards=names
        )
        for obj in exiled:
            if obj.commander:
                state.step(
                    "leave.until-commander-stays", "903.9a", [obj], object=obj.label, player=obj.owner or ""
                )
        return
    state.step("leave.until-trigger", "603.6c", exiled, source=what, player=controller or "—", cards=names)


__all__ = ["until_effects_end"]
