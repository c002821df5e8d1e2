"""What happens when a player leaves a multiplayer game (rules 800.4, 725.4, 726.4, 901.6, 901.10, 901.12,
810.8).

:func:`resolve_leave_game` takes a :class:`~judge.engine.board.Board` (see
that module for the board model) and the player who leaves, and returns every
object's final zone and controller, the board afterwards and the steps, in
order, each citing its rule:

1. Who leaves: in Two-Headed Giant the whole team leaves together (810.8a,
   810.8b). Duel Masters has no leaving the game: wins and losses belong to
   teams, so the player's team loses and the game is over
   (:mod:`judge.engine.dtc_game`, the DTC house rules).
2. Planechase: a leaving planar controller first hands the role to the next
   player in turn order who is not leaving (800.4p, 901.6) — in Two-Headed
   Giant Planechase to the primary player of the next team (901.12b) — who
   then controls the face-up planes and phenomena. In Grand Melee, a player
   whose leaving removes a turn marker just stops being a planar controller
   and the planes and phenomena they controlled go to the bottom of their
   owners' planar decks without anyone planeswalking (901.14b). With a single
   planar deck the planar controller owns every plane and phenomenon (901.15b),
   so they never leave with a player (:mod:`judge.engine.leave_game_planes`).
3. At the same time: the monarch's designation goes to the active player, or,
   if the active player is leaving or there is none, to the next player in
   turn order (725.4), who draws at the beginning of their own end step
   (725.2); the initiative likewise (726.4), and the player who takes it
   ventures into Undercity (726.2).
4. 800.4a, first part, all at once: every object the leaving player owns
   leaves the game (final zone ``"left-game"``), except in the ante zone
   (800.4n); every effect giving that player control of an object or a player
   ends (800.4a, 722), and so does control of the leaving player (they are no
   longer in the game to be controlled). Control effects from a static ability
   whose source just left the battlefield end too (611.3b), as do "for as long
   as" effects (611.2b). Each object whose control effects ended is now
   controlled by the latest effect still in force (613.7) or else by its
   default controller (110.2); if that default controller has left and the
   effect that ended gave control to a player still in the game, the object is
   exiled (800.4c).
5. 800.4a, second part: objects on the stack that are not cards (abilities,
   copies) and are controlled by the leaving player cease to exist
   (``"ceased"``), except abilities of phenomena the player owns, which stay
   on the stack under the new planar controller (901.10b). If a plane left
   the game, each planeswalking ability on the stack ceases to exist too
   (901.10a).
6. 800.4a, third part: anything still controlled by the leaving player is
   exiled (planes and phenomena never leave the command zone, 311.2).
6b. Cards exiled until a source leaves the battlefield (610.3): if the source has left (with its owner,
    or exiled), they return at once under their owner's control (610.3c); a source's own
    leaves-the-battlefield trigger (603.6c, Oblivion Ring) is not put on the stack if its controller has
    left (800.4d)
    (:mod:`judge.engine.leave_game_until`).
7. If a face-up plane or phenomenon left the game, its planar controller
   planeswalks (901.10, 901.11a).
8. Combat: a creature that left the battlefield is removed from combat
   (506.4); combat damage that would be assigned to a player who left is not
   assigned (800.4e); a creature attacking a planeswalker or battle that left
   goes on attacking nothing (506.4c); a creature whose blockers all left stays
   blocked (509.1h).
9. Delayed triggered abilities the leaving player controls will never be put
   on the stack (800.4d); the others stay pending (if the object they act on
   left, they will not find it, 603.7c).
10. Effects lasting until the leaving player's next turn, or a point in it,
    last until that turn would have begun (800.4m).
11. The turn goes on without an active player (800.4j) and the next turn is
    the next player's; priority passes on (800.4a).
12. State-based actions (704.3): an Aura attached to an object that left or to
    the player who left goes to its owner's graveyard (704.5m); Equipment and
    other attached permanents become unattached (704.5n, 704.5p); a face-up
    phenomenon whose trigger ceased to exist makes its planar controller
    planeswalk (704.6f). An object kept by a control effect whose default
    controller has left is flagged: it will be exiled when that effect ends
    (800.4c).
13. If only one player or team is left, it wins (104.2a, 104.2c) and the game
    ends at once: the turn does not go on and no one takes a next turn (104.1).
    Then the answer says only what ends it (steps 1, 2 and 4-6, then 13): nothing
    happens later this turn, so no designation passes (a leaving monarch's is
    simply gone), no combat damage, trigger, duration or state-based action is
    described; otherwise the standing rules for the rest of the game are listed (800.4b,
    800.4k).

>>> from judge.engine.board_payload import board_from_payload
>>> board = board_from_payload({
...     "variant": "free-for-all", "turn_order": ["Alex", "Bianca", "Carol"], "active_player": "Alex",
...     "objects": [
...         {"id": "griffin", "name": "Assault Griffin", "name_ja": "突撃するグリフィン", "kind": "card",
...          "owner": "Bianca", "controller": "Alex", "zone": "battlefield"},
...         {"id": "mind-control", "name": "Mind Control", "name_ja": "精神の制御", "kind": "card",
...         "owner": "Alex",
...          "controller": "Alex", "zone": "battlefield", "attached_to": "griffin"}],
...     "control_effects": [{"id": "steal", "object": "griffin", "controller": "Alex",
...                          "source": "mind-control", "ends": "source-leaves"}]})
>>> result = resolve_leave_game(board=board, leaving="Bianca")
>>> [(o.id, o.zone, o.controller) for o in result.objects]
[('griffin', 'left-game', None), ('mind-control', 'graveyard', None)]
>>> [s.rule for s in result.steps][:3]
['800.4a', '704.5m', '800.4b']
>>> result.summary("ja")
'Biancaがゲームから離れた ／ 《突撃するグリフィン》：戦場 → ゲームから離れた ／ 《精神の制御》：戦場 → 墓地'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from judge.engine.board import (
    Board,
    GameObject,
    ObjectKind,
    Variant,
    Zone,
    names_text,
    players_text,
)
from judge.engine.board_payload import BoardReader
from judge.engine.control import (
    BoardState,
    end_control_effects,
    keep_source_name,
    next_player,
    pending_exiles,
)
from judge.engine.dtc_game import resolve_team_loss
from judge.engine.errors import InvalidInputError
from judge.engine.leave_game_after import (
    combat,
    delayed_triggers,
    game_ends,
    seat_before,
    state_based_actions,
    timed_effects,
    turn_and_priority,
)
from judge.engine.leave_game_planes import (
    hand_over_planar_role,
    planeswalk_for_lost_planes,
)
from judge.engine.leave_game_result import CEASED, LEFT_GAME, LeaveGameResult, ObjectOutcome
from judge.engine.leave_game_until import until_effects_end
from judge.engine.losses import LossReason
from judge.engine.messages import msg

__all__ = [
    "CEASED",
    "LEFT_GAME",
    "LeaveGameResult",
    "ObjectOutcome",
    "leave_game_from_payload",
    "resolve_leave_game",
]


def resolve_leave_game(*, board: Board, leaving: str) -> LeaveGameResult:
    """Resolve ``leaving`` leaving the game on ``board`` (800.4); see the module docstring for the order.

    >>> b = Board(variant=Variant.FREE_FOR_ALL, turn_order=("A", "B"), active_player="A")
    >>> resolve_leave_game(board=b, leaving="B").winners
    ('A',)
    >>> resolve_leave_game(board=b, leaving="Z")
    Traceback (most recent call last):
    ...
    judge.engine.errors.InvalidInputError: Player who leaves: “Z” is not a player in this game.
    """
    if leaving not in board.turn_order:
        raise InvalidInputError(
            [msg("input.not-a-player", field="leaving", label=msg("leave.label.leaving"), name=leaving)]
        )
    if board.variant.is_duel_masters:
        return resolve_team_loss(board=board, player=leaving, reason=LossReason.LEAVES)
    state = BoardState(board, _who_leaves(board, leaving))
    if len(state.leavers) > 1:
        state.step(
            "leave.team-leaves",
            "810.8b",
            player=leaving,
            mates=players_text([p for p in state.leavers if p != leaving]),
        )
    over = game_ends(state)
    hand_over_planar_role(state)  # 2
    if not over:  # a designation passed in a game that ended only ever mattered later this turn (104.1)
        _monarch_and_initiative(state)  # 3
    left_game = _owned_objects_leave(state)  # 4
    _player_control_ends(state)
    end_control_effects(state, lambda effect: "800.4a" if effect.controller in state.out else None)
    phenomena_hit = _stack_objects_cease(state, left_game)  # 5
    _exile_what_remains(state)  # 6
    end_control_effects(state, lambda effect: None)
    if over:
        # 104.1: the game ends at once; nothing happens later this turn, so only what ends it is said.
        _designations_leave(state)
        return _finish(state)  # 13
    until_effects_end(state)  # 6b: cards exiled until a source left return (610.3)
    planeswalk_for_lost_planes(state, left_game)  # 7
    combat(state)  # 8
    delayed_triggers(state)  # 9
    timed_effects(state)  # 10
    turn_and_priority(state)  # 11
    state_based_actions(state, phenomena_hit)  # 12
    until_effects_end(state)  # a source an Aura's fall took off the battlefield
    pending_exiles(state)
    return _finish(state)  # 13


def leave_game_from_payload(payload: Mapping[str, Any]) -> LeaveGameResult:
    """Read a JSON API payload (a board plus ``"leaving"``) and resolve it; every problem is listed at once.

    >>> leave_game_from_payload({"variant": "free-for-all", "turn_order": ["A", "B"]})
    Traceback (most recent call last):
    ...
    judge.engine.errors.InvalidInputError: Player who leaves: required.
    """
    reader = BoardReader(extra_fields={"leaving"})
    board = reader.read(payload)
    leaving = reader.player(
        payload.get("leaving") if isinstance(payload, Mapping) else None,
        "leaving",
        msg("leave.label.leaving"),
    )
    settled = reader.finish(board)
    assert leaving is not None
    return resolve_leave_game(board=settled, leaving=leaving)


# ---------------------------------------------------------------------------
# The steps, in order


def _who_leaves(board: Board, leaving: str) -> tuple[str, ...]:
    """810.8a, 810.8b: in Two-Headed Giant the team leaves together."""
    if board.variant is not Variant.TWO_HEADED_GIANT:
        return (leaving,)
    return tuple(p for p in board.turn_order if p in board.team_of(leaving))


def _monarch_and_initiative(state: BoardState) -> None:
    """725.4, 726.4: the designation passes at the same time its holder leaves."""
    board = state.board
    for designation, rule in (("monarch", "725.4"), ("initiative", "726.4")):
        holder = getattr(state, designation)
        if holder is None or holder not in state.out:
            continue
        active = board.active_player
        if active is not None and active not in state.out:
            new: str | None = active
            code = f"leave.{designation}-to-active"
        else:
            # No active player (800.4j: turn_order starts with the next turn's player) or the active player
            # leaves.
            after = active if active is not None else board.turn_order[-1]
            new = next_player(board.turn_order, after, state.out)
            code = f"leave.{designation}-to-next" if active is not None else f"leave.{designation}-no-active"
        setattr(state, designation, new)
        if new is None:
            state.step(f"leave.{designation}-none", rule, player=holder)
            continue
        state.step(code, rule, player=holder, new=new)
        if designation == "initiative":
            # 726.2: "Whenever a player takes the initiative, that player ventures into Undercity."
            state.step("leave.initiative-ventures", "726.2", player=new)
        elif new == active:
            # 725.2: "At the beginning of the monarch's end step, that player draws a card."
            state.step("leave.monarch-draws-this-turn", "725.2", player=new)
        else:
            state.step("leave.monarch-draws-own-turn", "725.2", player=new)


def _designations_leave(state: BoardState) -> None:
    """A game that ended passes no designation on (104.1): a leaving monarch's or initiative's is gone, and
    the leavers' delayed triggers are removed like any leaver's (800.4d), without a step to say so."""
    for designation in ("monarch", "initiative"):
        if getattr(state, designation) in state.out:
            setattr(state, designation, None)
    state.removed_triggers.update(t.id for t in state.board.delayed_triggers if t.controller in state.out)


def _owned_objects_leave(state: BoardState) -> list[GameObject]:
    """800.4a first part: everything the leaving players own leaves the game (not the ante zone, 800.4n)."""
    owned = [o for o in state.objects.values() if o.owner in state.out and o.kind is not ObjectKind.ABILITY]
    leaving = [o for o in owned if o.zone is not Zone.ANTE]
    for obj in leaving:
        state.gone[obj.id] = LEFT_GAME
    suffix = "" if state.alone else "-team"
    if leaving:
        state.step(
            f"leave.owned{suffix}",
            "800.4a",
            leaving,
            players=state.who,
            names=names_text([o.label for o in leaving]),
        )
    else:
        state.step(f"leave.owned-nothing{suffix}", "800.4a", players=state.who)
    ante = [o for o in owned if o.zone is Zone.ANTE]
    if ante:
        state.step(
            "leave.ante-stays", "800.4n", ante, players=state.who, names=names_text([o.label for o in ante])
        )
    return leaving


def _player_control_ends(state: BoardState) -> None:
    """800.4a, 722: effects giving a leaving player control of a player end; so does control of a leaving
    player."""
    for index, control in enumerate(state.board.player_control):
        if control.controller in state.out and control.player not in state.out:
            state.ended_control.add(index)
            code = "leave.player-control-pending-ends" if control.pending else "leave.player-control-ends"
            state.step(code, "800.4a", controller=control.controller, player=control.player)
        elif control.player in state.out and control.controller not in state.out:
            state.ended_control.add(index)
            state.step(
                "leave.controlled-player-leaves",
                "723.1",
                controller=control.controller,
                player=control.player,
            )


def _stack_objects_cease(state: BoardState, left_game: list[GameObject]) -> set[str]:
    """800.4a second part (abilities and copies cease), with 901.10b and 901.10a."""
    ceasing: list[GameObject] = []
    kept: list[tuple[GameObject, GameObject, str]] = []
    phenomena_hit: set[str] = set()
    for obj in state.on(Zone.STACK):
        if obj.kind.is_card or obj.controller not in state.out:
            continue
        source = state.objects.get(obj.source) if obj.source else None
        if obj.kind is ObjectKind.ABILITY and source is not None and source.kind is ObjectKind.PHENOMENON:
            # The phenomenon's controller after 800.4p: the new planar controller (None after 901.14b).
            new = source.controller
            owner_left = source.owner in state.out or (source.owner is None and obj.controller in state.out)
            if owner_left and new is not None and new not in state.out:
                kept.append((obj, source, new))
                continue
            phenomena_hit.add(source.id)
        ceasing.append(obj)
    for obj in ceasing:
        state.gone[obj.id] = CEASED
    if ceasing:
        state.step(
            "leave.stack-cease",
            "800.4a",
            ceasing,
            players=state.who,
            names=names_text([o.label for o in ceasing]),
        )
    for obj, source, new in kept:
        state.objects[obj.id] = replace(obj, controller=new)
        state.step(
            "leave.phenomenon-ability-stays",
            "901.10b",
            [obj],
            object=obj.label,
            source=source.label,
            players=state.who,
            player=new,
        )
    if any(o.kind is ObjectKind.PLANE and o.controller is not None for o in left_game):
        walking = [o for o in state.on(Zone.STACK) if o.planeswalking]
        for obj in walking:
            state.gone[obj.id] = CEASED
        if walking:
            state.step(
                "leave.planeswalking-ceases", "901.10a", walking, names=names_text([o.label for o in walking])
            )
    return phenomena_hit


def _exile_what_remains(state: BoardState) -> None:
    """800.4a third part: whatever the leaving players still control is exiled."""
    still = [
        o
        for o in state.objects.values()
        if o.id not in state.gone and o.controller in state.out and not o.kind.is_planar
    ]
    for obj in still:
        state.move(obj, Zone.EXILE)
    if still:
        state.step(
            "leave.exiled", "800.4a", still, players=state.who, names=names_text([o.label for o in still])
        )


def _finish(state: BoardState) -> LeaveGameResult:
    board = state.board
    remaining = tuple(p for p in board.turn_order if p not in state.out)
    sides = {board.team_of(p) for p in remaining} if board.variant.has_teams else {(p,) for p in remaining}
    winners: tuple[str, ...] = ()
    if len(sides) == 1 and remaining:
        winners = remaining
        if board.variant.has_teams:
            state.step("leave.team-wins", "104.2c", players=players_text(remaining))
        else:
            state.step("leave.wins", "104.2a", player=remaining[0])
        state.step("leave.game-ends", "104.1")
    elif not remaining:
        state.step("leave.draw", "104.4a")
        state.step("leave.game-ends", "104.1")
    else:
        state.step("leave.no-control-for-them", "800.4b", players=state.who)
        state.step("leave.no-turns", "800.4k", players=state.who)
    after_order = remaining
    if board.active_player in state.out and remaining:
        # 800.4j: with no active player, the turn order starts with the player who takes the next turn.
        following = next_player(board.turn_order, board.active_player, state.out)
        if following is not None:
            start = remaining.index(following)
            after_order = remaining[start:] + remaining[:start]
    priority = board.priority
    if priority in state.out:
        priority = next_player(board.turn_order, priority, state.out) if remaining else None
    timed = []
    for effect in board.timed_effects:
        effect = replace(
            effect,
            object=None if effect.object in state.gone else effect.object,
            **keep_source_name(board, effect.source, effect.name, effect.name_ja, set(state.gone)),
        )
        if effect.controller in state.out:
            # 800.4m: it lasts until the leaver's turn would have begun, after the turn of the player before
            # them.
            effect = replace(
                effect, ends_after_turn_of=seat_before(board.turn_order, effect.controller, state.out)
            )
        timed.append(effect)
    # 810.8b: in Two-Headed Giant the team that leaves loses the game (a concession is the usual way).
    losers = state.leavers if board.variant is Variant.TWO_HEADED_GIANT else ()
    return state.result(
        winners=winners,
        losers=losers,
        after={
            "turn_order": after_order,
            "active_player": None if board.active_player in state.out else board.active_player,
            "teams": tuple(t for t in board.teams if not set(t) & state.out),
            "left": board.left + state.leavers,
            "priority": priority,
            "timed_effects": tuple(timed),
        },
    )
