"""The end of a turn, for the rulings that only finish there (514.2, 800.4c, 800.4k, 800.4m).

:func:`end_turn` ends the current turn of a :class:`~judge.engine.board.Board`
(and, with ``turns``, the ones after it) and returns the board as the next
turn begins, with the steps:

1. In the cleanup step, effects lasting "until end of turn" end (514.2): a
   control effect ending returns its object to the latest effect still in
   force (613.7) or its default controller (110.2) — or exiles it, when that
   player has left and the effect gave it to a player still in the game
   (800.4c). Cards exiled "until end of turn" return at once (610.3 with 514.2).
2. An effect lasting until the next turn of a player who left lasts until that
   turn would have begun: it ends as the turn before it ends (800.4m).
3. The next player in turn order still in the game begins their turn: the turn
   order (103.1); a player who left begins none (800.4k); after a turn with no
   active player, the player who takes the next turn (800.4j). In team variants
   the next team does (805.4a).

>>> from judge.engine.board import Board, Variant
>>> board = Board(variant=Variant.FREE_FOR_ALL, turn_order=("A", "B", "C"), active_player="C")
>>> end_turn(board=board).board.active_player
'A'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.engine.board import Board, Ends, effect_label, players_text
from judge.engine.board_payload import BoardReader
from judge.engine.control import BoardState, end_control_effects, pending_exiles
from judge.engine.leave_game_result import LeaveGameResult, ObjectOutcome
from judge.engine.leave_game_until import until_effects_end
from judge.engine.messages import msg
from judge.engine.steps import Step

MAX_TURNS = 20


def end_turn(*, board: Board, turns: int = 1) -> LeaveGameResult:
    """End ``turns`` turns in a row, starting with the current one (see the module docstring)."""
    steps: list[Step] = []
    current = board
    for _ in range(turns):
        ended = _end_one_turn(current)
        steps.extend(ended.steps)
        current = ended.board
    outcomes = []
    for obj in board.objects:
        now = current.object(obj.id)  # ending a turn moves objects, never removes them
        outcomes.append(
            ObjectOutcome(
                id=obj.id,
                zone=now.zone.value,
                controller=now.controller,
                label=obj.label,
                before_zone=obj.zone.value,
                before_controller=obj.controller,
            )
        )
    still = {e.id for e in current.control_effects}
    return LeaveGameResult(
        steps=tuple(steps),
        objects=tuple(outcomes),
        control_effects=tuple((e.id, "active" if e.id in still else "ended") for e in board.control_effects),
        delayed_triggers=tuple((t.id, "pending") for t in board.delayed_triggers),
        left=(),
        planeswalks=(),
        winners=(),
        before=board,
        board=current,
        next_turn=current.active_player,
    )


def _end_one_turn(board: Board) -> LeaveGameResult:
    state = BoardState(board)
    ending = board.active_player
    if ending is not None:
        who = players_text(board.team_of(ending)) if board.variant.has_teams else players_text([ending])
        state.step("leave.turn-ends", "514.2", players=who)
    else:
        state.step("leave.turn-ends-no-active", "514.2")
    end_control_effects(state, lambda effect: "514.2" if effect.ends is Ends.END_OF_TURN else None)
    until_effects_end(state, turn_ends=True)
    pending_exiles(state)
    timed = []
    for effect in board.timed_effects:
        if (
            effect.ends_after_turn_of is not None
            and ending is not None
            and effect.ends_after_turn_of in board.team_of(ending)
        ):
            name = effect_label(board, effect.name, effect.name_ja, effect.source)
            state.step(
                "leave.timed-effect-ends",
                "800.4m",
                effect=name if name is not None else (effect.text or effect.id),
                player=effect.controller,
            )
            continue
        timed.append(effect)
    order = board.turn_order
    if ending is None:
        following = order[0]  # 800.4j: the turn order starts with the player who takes the next turn
    else:
        after = board.team_of(ending)[-1] if board.variant.has_teams else ending
        following = order[(order.index(after) + 1) % len(order)]
    if board.variant.has_teams:
        state.step("leave.next-team-turn", "805.4a", players=players_text(board.team_of(following)))
    elif ending is None:
        # 800.4j: the turn went on without an active player; turn_order starts with who takes the next one.
        state.step("leave.next-turn-no-active", "800.4j", player=following)
    elif board.left:
        state.step("leave.next-turn-skips", "800.4k", player=following, left=players_text(board.left))
    else:
        state.step("leave.next-turn", "103.1", player=following)
    start = order.index(following)
    return state.result(
        after={
            "active_player": following,
            "priority": None,
            "turn_order": order[start:] + order[:start] if ending is None else order,
            "timed_effects": tuple(timed),
            "combat": (),
        }
    )


def end_turn_from_payload(payload: Mapping[str, Any]) -> LeaveGameResult:
    """Read a board plus an optional ``"turns"`` (how many turns end in a row, 1 by default) and end them."""
    reader = BoardReader(extra_fields={"turns"})
    board = reader.read(payload)
    turns: Any = payload.get("turns", 1) if isinstance(payload, Mapping) else 1
    if isinstance(turns, bool) or not isinstance(turns, int) or not 1 <= turns <= MAX_TURNS:
        reader.problem("input.whole-number", "turns", msg("leave.label.turns"), low=1, high=MAX_TURNS)
    settled = reader.finish(board)
    return end_turn(board=settled, turns=turns)


__all__ = ["end_turn", "end_turn_from_payload"]
