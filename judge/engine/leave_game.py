"""What happens when a player leaves a multiplayer game (rules 800.4, 901.6, 901.10, 901.14b, 810.8).

:func:`resolve_leave_game` takes a :class:`~judge.engine.board.Board` (see
that module for the board model) and the player who leaves, and returns every
object's final zone and controller with the steps, in order, each citing its
rule:

1. Who leaves: in Two-Headed Giant the whole team leaves together (810.8a,
   810.8b); in Duel Masters Tag Commander no single member ever leaves and
   wins and losses belong to teams, so the team leaves and the game is over
   (the DTC house rules, anchors ``dtc:basic-rules`` / ``dtc:win-loss``; the
   CR does not govern that game, so no object moves).
2. Planechase: a leaving planar controller first hands the role to the next
   player in turn order who is not leaving (800.4p, 901.6), who then controls
   the face-up planes and phenomena. In Grand Melee, a player whose leaving
   removes a turn marker just stops being a planar controller and the planes
   and phenomena they controlled go to the bottom of their owners' planar
   decks without anyone planeswalking (901.14b); otherwise the role passes as
   in 901.6.
3. 800.4a, first part, all at once: every object the leaving player owns
   leaves the game (final zone ``"left-game"``), except in the ante zone
   (800.4n); every effect giving that player control ends. Control effects
   whose source just left the battlefield end too (611.2b), and so does any
   effect on an object that left. Each object whose control effects ended
   is now controlled by the latest effect still in force (613.7) or else by
   its default controller (110.2); if that default controller has left and
   the effect that ended gave control to a player still in the game, the
   object is exiled (800.4c).
4. 800.4a, second part: objects on the stack that are not cards (abilities,
   copies) and are controlled by the leaving player cease to exist
   (``"ceased"``), except abilities of phenomena the player owns, which stay
   on the stack under the new planar controller (901.10b). If a plane left
   the game, each planeswalking ability on the stack ceases to exist too
   (901.10a).
5. 800.4a, third part: anything still controlled by the leaving player is
   exiled (planes and phenomena never leave the command zone, 311.2).
6. If a face-up plane or phenomenon left the game, its planar controller
   planeswalks (901.10, 901.11a).
7. Delayed triggered abilities the leaving player controls will never be put
   on the stack (800.4d); the others stay pending (if the object they act on
   left, they will not find it, 603.7c).
8. The turn goes on without an active player (800.4j); priority passes on
   (800.4a).
9. State-based actions (704.3): an Aura attached to an object that left or to
   the player who left goes to its owner's graveyard (704.5m); Equipment and
   other attached permanents become unattached (704.5n, 704.5p); a face-up
   phenomenon whose trigger ceased to exist makes its planar controller
   planeswalk (704.6f). An object kept by a control effect whose default
   controller has left is flagged: it will be exiled when that effect ends
   (800.4c).
10. If only one player or team is left, it wins (104.2a); otherwise the
    standing rules for the rest of the game are listed (800.4b, 800.4k).

Not modelled: effects giving control of players (Mindslaver), continuous
effects lasting until the leaving player's next turn (800.4m), Two-Headed
Giant Planechase (901.12), and the single planar deck option (901.15).

>>> from judge.engine.board import board_from_payload
>>> board = board_from_payload({
...     "variant": "free-for-all", "turn_order": ["Alex", "Bianca", "Carol"], "active_player": "Alex",
...     "objects": [
...         {"id": "griffin", "name": "Assault Griffin", "kind": "card", "owner": "Bianca",
...          "controller": "Alex", "zone": "battlefield"},
...         {"id": "mind-control", "name": "Mind Control", "kind": "card", "owner": "Alex",
...          "controller": "Alex", "zone": "battlefield", "attached_to": "griffin"}],
...     "control_effects": [{"id": "steal", "object": "griffin", "controller": "Alex",
...                          "source": "mind-control", "ends": "source-leaves"}]})
>>> result = resolve_leave_game(board=board, leaving="Bianca")
>>> [(o["id"], o["zone"], o["controller"]) for o in result.as_dict()["objects"]]
[('griffin', 'left-game', None), ('mind-control', 'graveyard', None)]
>>> [s.rule for s in result.steps][:3]
['800.4a', '704.5m', '800.4b']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from judge.engine.board import (
    Attachment,
    Board,
    ControlEffect,
    Ends,
    GameObject,
    ObjectKind,
    Variant,
    Zone,
    board_from_payload,
)
from judge.engine.errors import InvalidInputError
from judge.engine.steps import Step

__all__ = ["LeaveGameResult", "ObjectOutcome", "board_from_payload", "leave_game_from_payload", "resolve_leave_game"]

LEFT_GAME = "left-game"
CEASED = "ceased"


@dataclass(frozen=True)
class ObjectOutcome:
    """Where one object ends up: a zone value, ``"left-game"`` or ``"ceased"``, and its controller."""

    id: str
    zone: str
    controller: str | None

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "zone": self.zone, "controller": self.controller}


@dataclass(frozen=True)
class LeaveGameResult:
    """The outcome of a player leaving: the explained steps and the board afterwards."""

    steps: tuple[Step, ...]
    objects: tuple[ObjectOutcome, ...]
    control_effects: tuple[tuple[str, str], ...]   # (id, "active" | "ended")
    delayed_triggers: tuple[tuple[str, str], ...]  # (id, "pending" | "removed")
    left: tuple[str, ...]
    planeswalks: tuple[str, ...]
    winners: tuple[str, ...]
    board: Board                                   # the board after: what is still in the game

    def as_dict(self) -> dict[str, Any]:
        """The JSON API answer.

        ``planar_controller`` is a name (Planechase; None if nobody is left to
        hold it), a list of names (Grand Melee), or None (other variants).
        """
        planar: str | list[str] | None = None
        if self.board.variant is Variant.PLANECHASE:
            planar = self.board.planar_controller
        elif self.board.variant is Variant.GRAND_MELEE:
            planar = list(self.board.planar_controllers)
        return {
            "steps": [s.as_dict() for s in self.steps],
            "objects": [o.as_dict() for o in self.objects],
            "control_effects": [{"id": i, "status": s} for i, s in self.control_effects],
            "delayed_triggers": [{"id": i, "status": s} for i, s in self.delayed_triggers],
            "planar_controller": planar,
            "planeswalks": list(self.planeswalks),
            "left": list(self.left),
            "turn_order": list(self.board.turn_order),
            "active_player": self.board.active_player,
            "priority": self.board.priority,
            "winners": list(self.winners),
        }


def _names(objs: list[GameObject]) -> str:
    return ", ".join(o.name for o in objs)


def _and(players: tuple[str, ...] | list[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    return players[0] if len(players) == 1 else ", ".join(players[:-1]) + " and " + players[-1]


def _next_player(turn_order: tuple[str, ...], after: str, leaving: set[str]) -> str | None:
    """The next player in turn order after ``after`` who is not leaving (800.4p, 800.4a)."""
    start = turn_order.index(after)
    for offset in range(1, len(turn_order) + 1):
        candidate = turn_order[(start + offset) % len(turn_order)]
        if candidate not in leaving:
            return candidate
    return None


class _State:
    """Mutable working copy of a board while one leave is resolved."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.objects: dict[str, GameObject] = {o.id: o for o in board.objects}
        self.gone: dict[str, str] = {}  # id -> LEFT_GAME / CEASED
        self.active: dict[str, ControlEffect] = {e.id: e for e in board.control_effects}
        self.steps: list[Step] = []

    def present(self, object_id: str | None) -> GameObject | None:
        if object_id is None or object_id in self.gone:
            return None
        return self.objects.get(object_id)

    def on(self, zone: Zone) -> list[GameObject]:
        return [o for o in self.objects.values() if o.id not in self.gone and o.zone is zone]

    def move(self, obj: GameObject, zone: Zone, controller: str | None = None) -> None:
        self.objects[obj.id] = replace(obj, zone=zone, controller=controller, attached_to=None)

    def step(self, rule: str, text: str, objs: list[GameObject] | None = None) -> None:
        self.steps.append(Step(rule=rule, text=text, objects=tuple(o.id for o in objs or [])))


def resolve_leave_game(*, board: Board, leaving: str) -> LeaveGameResult:
    """Resolve ``leaving`` leaving the game on ``board`` (800.4); see the module docstring for the order.

    >>> from judge.engine.board import Board, Variant
    >>> b = Board(variant=Variant.FREE_FOR_ALL, turn_order=("A", "B"), active_player="A")
    >>> resolve_leave_game(board=b, leaving="B").winners
    ('A',)
    >>> resolve_leave_game(board=b, leaving="Z")
    Traceback (most recent call last):
    ...
    judge.engine.errors.InvalidInputError: leaving: 'Z' is not in turn_order
    """
    if leaving not in board.turn_order:
        raise InvalidInputError([f"leaving: {leaving!r} is not in turn_order"])
    state = _State(board)
    leavers = _who_leaves(state, leaving)
    out = set(leavers)
    remaining = tuple(p for p in board.turn_order if p not in out)

    if board.variant is Variant.DTC:
        return _finish(state, leavers, remaining, planar=list(board.planar_controllers), planeswalks=[],
                       removed_triggers=set(), game_rules=False)

    planar = _hand_over_planar_role(state, leavers, out)
    left_game = _owned_objects_leave(state, leavers, out)
    _control_effects_end(state, out, leaving_now=True)
    ceased_phenomenon_triggers = _stack_objects_cease(state, leavers, out, left_game)
    _exile_what_remains(state, leavers, out)
    _control_effects_end(state, out, leaving_now=False)
    planeswalks = _planeswalk_for_lost_planes(state, left_game, out)
    removed_triggers = _delayed_triggers(state, leavers, out)
    _turn_and_priority(state, leavers, out)
    planeswalks += _state_based_actions(state, out, ceased_phenomenon_triggers)
    _pending_exiles(state, out)
    return _finish(state, leavers, remaining, planar=planar, planeswalks=planeswalks,
                   removed_triggers=removed_triggers, game_rules=True)


def leave_game_from_payload(payload: Mapping[str, Any]) -> LeaveGameResult:
    """Check a JSON API payload (board plus ``"leaving"``) and resolve it.

    >>> leave_game_from_payload({"variant": "free-for-all", "turn_order": ["A", "B"]})
    Traceback (most recent call last):
    ...
    judge.engine.errors.InvalidInputError: leaving: required
    """
    if isinstance(payload, Mapping) and payload.get("leaving") is None:
        try:
            board_from_payload(payload)
        except InvalidInputError as err:
            raise InvalidInputError(["leaving: required", *err.problems]) from None
        raise InvalidInputError(["leaving: required"])
    board = board_from_payload(payload)
    return resolve_leave_game(board=board, leaving=str(payload["leaving"]))


# ---------------------------------------------------------------------------
# The steps, in order


def _who_leaves(state: _State, leaving: str) -> tuple[str, ...]:
    board = state.board
    if not board.variant.has_teams:
        return (leaving,)
    team = tuple(p for p in board.turn_order if p in board.team_of(leaving))
    mates = [p for p in team if p != leaving]
    if board.variant is Variant.TWO_HEADED_GIANT:
        state.step("810.8b", f"Two-Headed Giant: players leave and lose only as a team, so {leaving}'s teammate "
                   f"{_and(mates)} leaves the game together with {leaving} (810.8a).")
    else:
        state.step("dtc:basic-rules", f"Tag Commander: no single member ever leaves in the middle of a game; "
                   f"{leaving}'s team ({_and(team)}) leaves as a whole.")
    return team


def _hand_over_planar_role(state: _State, leavers: tuple[str, ...], out: set[str]) -> list[str]:
    """800.4p / 901.6 / 901.14b: settle the planar controller(s) before anyone leaves."""
    board = state.board
    planar = list(board.planar_controllers)
    if not board.variant.has_planes:
        return planar
    faceup = [o for o in state.on(Zone.COMMAND) if o.kind in (ObjectKind.PLANE, ObjectKind.PHENOMENON)
              and o.controller is not None]
    if board.variant is Variant.GRAND_MELEE:
        markers_before = len(board.turn_order) // 4
        markers_after = (len(board.turn_order) - len(leavers)) // 4
        if markers_after < markers_before:
            for old in [p for p in planar if p in out]:
                planar.remove(old)
                theirs = [o for o in faceup if o.controller == old and o.owner not in out]
                for obj in theirs:
                    state.move(obj, Zone.COMMAND, None)
                state.step("901.14b", f"Grand Melee: {old} leaving removes a turn marker, so {old} first stops being a "
                           "planar controller (nobody replaces them); the face-up planes and phenomena they controlled "
                           "go to the bottom of their owners' planar decks and nobody planeswalks"
                           + (f": {_names(theirs)}." if theirs else "."), theirs)
            if not any(p in out for p in board.planar_controllers):
                state.step("807.4e", f"Grand Melee: {_and(leavers)} leaving reduces the number of turn markers; "
                           "the turn marker nearest on their right is designated for removal.")
            return planar
    for old in [p for p in planar if p in out]:
        new = _next_player(board.turn_order, old, out)
        theirs = [o for o in faceup if o.controller == old]
        index = planar.index(old)
        if new is None:
            planar.pop(index)
            continue
        if new in planar:
            planar.pop(index)
        else:
            planar[index] = new
        for obj in theirs:
            state.objects[obj.id] = replace(obj, controller=new)
        state.step("800.4p", f"{old} is the planar controller and would leave the game: first {new}, the next player "
                   f"in turn order who is not leaving, becomes the planar controller (901.6)"
                   + (f" and now controls {_names(theirs)}" if theirs else "") + f"; then {old} leaves.", theirs)
    return planar


def _owned_objects_leave(state: _State, leavers: tuple[str, ...], out: set[str]) -> list[GameObject]:
    """800.4a first part: everything the leaving players own leaves the game (not the ante zone, 800.4n)."""
    who = _and(leavers)
    owned = [o for o in state.objects.values() if o.owner in out and o.kind is not ObjectKind.ABILITY]
    leaving = [o for o in owned if o.zone is not Zone.ANTE]
    for obj in leaving:
        state.gone[obj.id] = LEFT_GAME
    if leaving:
        state.step("800.4a", f"{who} leave{'s' if len(leavers) == 1 else ''} the game, and every object "
                   f"they own leaves with them: {_names(leaving)}.", leaving)
    else:
        state.step("800.4a", f"{who} leave{'s' if len(leavers) == 1 else ''} the game; they own no object in it.")
    ante = [o for o in owned if o.zone is Zone.ANTE]
    if ante:
        state.step("800.4n", f"Cards {who} owns in the ante zone stay in the game: {_names(ante)}.", ante)
    return leaving


def _control_effects_end(state: _State, out: set[str], *, leaving_now: bool) -> bool:
    """End control effects and settle who controls what afterwards; True if any effect ended.

    800.4a: effects giving a leaving player control end (only while they are
    leaving, ``leaving_now``); 611.2b: so does a "for as long as" effect whose
    source is no longer on the battlefield (checked again after every move,
    since an exiled or fallen-off source ends its effect too). Effects on
    objects that are gone simply stop mattering.
    """
    ended: dict[str, list[tuple[ControlEffect, str]]] = {}
    for effect in list(state.active.values()):
        target = state.present(effect.object)
        source = state.present(effect.source)
        if target is None or target.zone not in (Zone.BATTLEFIELD, Zone.STACK):
            del state.active[effect.id]  # its object is gone; nothing left to control
        elif leaving_now and effect.controller in out:
            del state.active[effect.id]
            ended.setdefault(effect.object, []).append((effect, "800.4a"))
        elif effect.ends is Ends.SOURCE_LEAVES and (source is None or source.zone is not Zone.BATTLEFIELD):
            del state.active[effect.id]
            ended.setdefault(effect.object, []).append((effect, "611.2b"))
    for object_id, endings in ended.items():
        obj = state.objects[object_id]
        rule = "800.4a" if any(r == "800.4a" for _, r in endings) else "611.2b"
        why = "; ".join(
            f"the effect giving {e.controller} control of it ends"
            + ("" if r == "800.4a" else f" because {state.objects[e.source].name if e.source else 'its source'} "
               "left the battlefield")
            for e, r in endings
        )
        still = [e for e in state.active.values() if e.object == object_id]
        if still:
            new = still[-1].controller
            state.objects[object_id] = replace(obj, controller=new)
            state.step(rule, f"{obj.name}: {why}; the latest control effect still in force gives it to {new} (613.7).",
                       [obj])
            continue
        default = obj.default
        default_gone = default in out or default in state.board.left
        ended_for_player_in_game = any(e.controller not in out for e, _ in endings)
        if default is not None and default_gone and ended_for_player_in_game:
            state.step(rule, f"{obj.name}: {why}.", [obj])
            state.move(obj, Zone.EXILE)
            state.step("800.4c", f"No other effect gives {obj.name} to a player in the game and {default}, who "
                       f"controls it by default, has left: {obj.name} is exiled.", [obj])
            continue
        state.objects[object_id] = replace(obj, controller=default)
        state.step(rule, f"{obj.name}: {why}; it returns to {default}, who controls it by default (110.2).", [obj])
    return bool(ended)


def _stack_objects_cease(state: _State, leavers: tuple[str, ...], out: set[str],
                         left_game: list[GameObject]) -> set[str]:
    """800.4a second part (abilities and copies cease), with 901.10b and 901.10a."""
    who = _and(leavers)
    ceasing: list[GameObject] = []
    kept: list[tuple[GameObject, str]] = []
    phenomena_hit: set[str] = set()
    for obj in state.on(Zone.STACK):
        if obj.kind.is_card or obj.controller not in out:
            continue
        source = state.objects.get(obj.source) if obj.source else None
        if obj.kind is ObjectKind.ABILITY and source is not None and source.kind is ObjectKind.PHENOMENON:
            # The phenomenon's controller after 800.4p: the new planar controller (None after 901.14b).
            new = source.controller
            if source.owner in out and new is not None and new not in out:
                kept.append((obj, new))
                continue
            phenomena_hit.add(source.id)
        ceasing.append(obj)
    for obj in ceasing:
        state.gone[obj.id] = CEASED
    if ceasing:
        state.step("800.4a", f"Objects on the stack that {who} controlled and that are not cards cease to exist: "
                   f"{_names(ceasing)}.", ceasing)
    for obj, new in kept:
        state.objects[obj.id] = replace(obj, controller=new)
        state.step("901.10b", f"{obj.name}, an ability of a phenomenon owned by {who}, stays on the stack, now "
                   f"controlled by the planar controller {new}.", [obj])
    if any(o.kind is ObjectKind.PLANE and o.controller is not None for o in left_game):
        walking = [o for o in state.on(Zone.STACK) if o.planeswalking]
        for obj in walking:
            state.gone[obj.id] = CEASED
        if walking:
            state.step("901.10a", f"A plane left the game while a planeswalking ability was on the stack: "
                       f"{_names(walking)} ceases to exist.", walking)
    return phenomena_hit


def _exile_what_remains(state: _State, leavers: tuple[str, ...], out: set[str]) -> None:
    """800.4a third part: whatever the leaving players still control is exiled."""
    still = [o for o in state.objects.values() if o.id not in state.gone and o.controller in out
             and o.kind not in (ObjectKind.PLANE, ObjectKind.PHENOMENON)]
    for obj in still:
        state.move(obj, Zone.EXILE)
    if still:
        state.step("800.4a", f"Objects {_and(leavers)} still controlled are exiled: {_names(still)}.", still)


def _planeswalk_for_lost_planes(state: _State, left_game: list[GameObject], out: set[str]) -> list[str]:
    """901.10: a face-up plane or phenomenon left the game, so its planar controller planeswalks."""
    walkers: list[str] = []
    for obj in left_game:
        if obj.kind not in (ObjectKind.PLANE, ObjectKind.PHENOMENON) or obj.controller is None:
            continue
        # Its controller after 800.4p is recorded in state.objects (the object left the game right after).
        controller = state.objects[obj.id].controller
        if controller is None or controller in out or controller in walkers:
            continue
        walkers.append(controller)
        state.step("901.10", f"The face-up {obj.kind.value} {obj.name} left the game with its owner, so the planar "
                   f"controller {controller} planeswalks: they turn the top card of their planar deck face up "
                   "(901.11a).", [obj])
    return walkers


def _delayed_triggers(state: _State, leavers: tuple[str, ...], out: set[str]) -> set[str]:
    """800.4d: delayed triggers the leaving players control will never be put on the stack."""
    removed = {t.id for t in state.board.delayed_triggers if t.controller in out}
    for trigger in state.board.delayed_triggers:
        affected = state.objects.get(trigger.object) if trigger.object else None
        if trigger.id in removed:
            state.step("800.4d", f"The delayed triggered ability {trigger.id!r} ({trigger.text or 'no text'}) is "
                       f"controlled by {trigger.controller}, who left: when it triggers it is not put on the stack"
                       + (f", so {affected.name} stays where it is." if affected and affected.id not in state.gone
                          else "."), [affected] if affected and affected.id not in state.gone else [])
        elif affected is not None and affected.id in state.gone:
            state.step("603.7c", f"The delayed triggered ability {trigger.id!r} stays pending, but {affected.name} "
                       "has left the game, so the ability will not find it.", [])
    return removed


def _turn_and_priority(state: _State, leavers: tuple[str, ...], out: set[str]) -> None:
    board = state.board
    if board.active_player in out:
        state.step("800.4j", f"It was {board.active_player}'s turn: the turn continues to its end without an active "
                   "player.")
    if board.priority in out:
        new = _next_player(board.turn_order, board.priority, out)
        if new is not None:
            state.step("800.4a", f"{board.priority} had priority: priority passes to {new}, the next player in turn "
                       "order still in the game.")


def _state_based_actions(state: _State, out: set[str], phenomena_hit: set[str]) -> list[str]:
    """704.3: state-based actions checked right after the leave (704.5m, 704.5n, 704.5p, 704.6f).

    Checked until none applies: an Aura falling off can end a "for as long as"
    control effect (611.2b), which can exile another object (800.4c), and so on.
    """
    walkers: list[str] = []
    changed = True
    while changed:
        changed = False
        for obj in list(state.objects.values()):
            if obj.id in state.gone or obj.zone is not Zone.BATTLEFIELD or obj.attached_to is None:
                continue
            target_obj = state.objects.get(obj.attached_to)
            if target_obj is not None:
                still_there = obj.attached_to not in state.gone and target_obj.zone is Zone.BATTLEFIELD
                what = target_obj.name
            else:
                still_there = obj.attached_to not in out
                what = obj.attached_to
            if still_there:
                continue
            changed = True
            if obj.attachment is Attachment.AURA:
                state.move(obj, Zone.GRAVEYARD)
                state.step("704.5m", f"State-based action: {obj.name} is an Aura attached to nothing ({what} is no "
                           f"longer on the battlefield or in the game), so it is put into {obj.owner}'s graveyard.",
                           [obj])
            else:
                state.objects[obj.id] = replace(obj, attached_to=None)
                rule = "704.5p" if obj.attachment is Attachment.OTHER else "704.5n"
                state.step(rule, f"State-based action: {obj.name} becomes unattached ({what} is gone) and stays on "
                           "the battlefield.", [obj])
        if changed:
            _control_effects_end(state, out, leaving_now=False)
    for phenomenon_id in sorted(phenomena_hit):
        phenomenon = state.present(phenomenon_id)
        if phenomenon is None or phenomenon.controller is None:
            continue
        if any(o.source == phenomenon_id for o in state.on(Zone.STACK)):
            continue
        walker = phenomenon.controller
        if walker not in walkers:
            walkers.append(walker)
        state.step("704.6f", f"State-based action: the phenomenon {phenomenon.name} is face up and no ability of it "
                   f"is on the stack any more, so the planar controller {walker} planeswalks.", [phenomenon])
    return walkers


def _pending_exiles(state: _State, out: set[str]) -> None:
    """800.4c, later: an object held by an effect whose default controller has left is exiled when it ends."""
    gone_players = out | set(state.board.left)
    for obj in state.objects.values():
        if obj.id in state.gone or obj.zone not in (Zone.BATTLEFIELD, Zone.STACK) or obj.default not in gone_players:
            continue
        holding = [e for e in state.active.values() if e.object == obj.id]
        if holding:
            ends = ", ".join(f"{e.id} ({e.ends.value})" for e in holding)
            state.step("800.4c", f"{obj.name} stays with {obj.controller} for now, but {obj.default}, who controls it "
                       f"by default, has left: when {'the control effects' if len(holding) > 1 else 'the control effect'} "
                       f"{ends} {'end' if len(holding) > 1 else 'ends'}, it will be exiled.", [obj])


def _finish(state: _State, leavers: tuple[str, ...], remaining: tuple[str, ...], *, planar: list[str],
            planeswalks: list[str], removed_triggers: set[str], game_rules: bool) -> LeaveGameResult:
    board = state.board
    out = set(leavers)
    sides = {board.team_of(p) for p in remaining} if board.variant.has_teams else {(p,) for p in remaining}
    winners: tuple[str, ...] = ()
    if len(sides) == 1:
        winners = remaining
        if board.variant is Variant.DTC:
            state.step("dtc:win-loss", f"Wins and losses belong to teams: the team of {_and(leavers)} loses and "
                       f"{_and(remaining)} win the game.")
        else:
            state.step("104.2a", f"All opponents of {_and(remaining)} have left the game: "
                       f"{_and(remaining)} win{'s' if len(remaining) == 1 else ''} the game.")
    elif not remaining:
        state.step("104.4a", "Every remaining player left at once: the game is a draw.")
    elif game_rules:
        state.step("800.4b", f"For the rest of the game nothing can come under the control of {_and(leavers)}: "
                   "no control change to them, no token created for them, nothing enters the battlefield or the stack "
                   "under their control.")
        state.step("800.4k", f"Turns {_and(leavers)} would have begun do not begin.")

    outcomes: list[ObjectOutcome] = []
    after_objects: list[GameObject] = []
    gone_ids = set(state.gone)
    for original in board.objects:
        obj = state.objects[original.id]
        if obj.id in state.gone:
            outcomes.append(ObjectOutcome(id=obj.id, zone=state.gone[obj.id], controller=None))
            continue
        outcomes.append(ObjectOutcome(id=obj.id, zone=obj.zone.value, controller=obj.controller))
        after_objects.append(replace(obj, source=None if obj.source in gone_ids else obj.source))
    effects = tuple(
        (e.id, "active" if e.id in state.active else "ended") for e in board.control_effects
    )
    after_effects = tuple(
        replace(e, source=None if e.source in gone_ids else e.source)
        for e in board.control_effects if e.id in state.active
    )
    after_triggers = tuple(
        replace(t, source=None if t.source in gone_ids else t.source,
                object=None if t.object in gone_ids else t.object)
        for t in board.delayed_triggers if t.id not in removed_triggers
    )
    triggers = tuple((t.id, "removed" if t.id in removed_triggers else "pending") for t in board.delayed_triggers)
    priority = board.priority
    if priority in out:
        priority = _next_player(board.turn_order, priority, out) if remaining else None
    after = Board(
        variant=board.variant,
        turn_order=remaining,
        active_player=None if board.active_player in out else board.active_player,
        objects=tuple(after_objects),
        control_effects=after_effects,
        delayed_triggers=after_triggers,
        teams=tuple(t for t in board.teams if not set(t) & out),
        planar_controllers=tuple(planar),
        left=board.left + leavers,
        priority=priority,
    )
    return LeaveGameResult(
        steps=tuple(state.steps),
        objects=tuple(outcomes),
        control_effects=effects,
        delayed_triggers=triggers,
        left=leavers,
        planeswalks=tuple(planeswalks),
        winners=winners,
        board=after,
    )
