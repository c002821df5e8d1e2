"""The answer of the leave-game resolver: where each object ended up, the board after, and what changed.

:class:`LeaveGameResult` is what :func:`judge.engine.leave_game.resolve_leave_game`
returns; :meth:`LeaveGameResult.to_answer` is the JSON API answer in the
reader's language, and :meth:`LeaveGameResult.changes` the one-line "what
changed" derived from the boards before and after (never written by hand).

>>> from judge.engine.board import Board, Variant
>>> before = Board(variant=Variant.FREE_FOR_ALL, turn_order=("A", "B", "C"), active_player="A", monarch="B")
>>> after = Board(variant=Variant.FREE_FOR_ALL, turn_order=("A", "C"), active_player="A", monarch="A",
...               left=("B",))
>>> result = LeaveGameResult(steps=(), objects=(), control_effects=(), delayed_triggers=(), left=("B",),
...                          planeswalks=(), winners=(), before=before, board=after)
>>> result.summary("en")
'B left the game; the monarch: B → A'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge.engine.board import Board, Variant, Zone, players_text
from judge.engine.messages import Message, Text, msg, render
from judge.engine.steps import Step

LEFT_GAME = "left-game"
CEASED = "ceased"
SUMMARY_SEPARATOR = {"en": "; ", "ja": " ／ "}


@dataclass(frozen=True)
class ObjectOutcome:
    """Where one object ends up: a zone value, ``"left-game"`` or ``"ceased"``, and its controller."""

    id: str
    zone: str
    controller: str | None
    label: Text | None = None
    before_zone: str = ""
    before_controller: str | None = None

    @property
    def gone(self) -> bool:
        return self.zone in (LEFT_GAME, CEASED)

    @property
    def changed(self) -> bool:
        return self.zone != self.before_zone or self.controller != self.before_controller

    def to_payload(self) -> dict[str, Any]:
        return {"id": self.id, "zone": self.zone, "controller": self.controller}


def planar_json(board: Board) -> str | list[str] | None:
    """The planar controller: a name (Planechase, Two-Headed Giant Planechase), a list (Grand Melee) or
    None."""
    if board.variant is Variant.GRAND_MELEE:
        return list(board.planar_controllers)
    return board.planar_controller


@dataclass(frozen=True)
class LeaveGameResult:
    """The outcome of a player leaving: the explained steps, the boards before and after."""

    steps: tuple[Step, ...]
    objects: tuple[ObjectOutcome, ...]
    control_effects: tuple[tuple[str, str], ...]  # (id, "active" | "ended")
    delayed_triggers: tuple[tuple[str, str], ...]  # (id, "pending" | "removed")
    left: tuple[str, ...]
    planeswalks: tuple[str, ...]
    winners: tuple[str, ...]
    before: Board
    board: Board  # the board after: what is still in the game
    game_over: bool = False  # set when the game ended (a team lost, or a draw)
    losers: tuple[str, ...] = ()  # a team that lost: Duel Masters (no one leaves), Two-Headed Giant (810.8b)
    next_turn: str | None = None  # who begins the next turn, when turns ended

    @property
    def ended(self) -> bool:
        return self.game_over or bool(self.winners) or not self.board.turn_order

    def changes(self) -> tuple[Message, ...]:
        """What changed, one message each: who left, objects moved, designations passed, who won."""
        found: list[Message] = []
        if self.left:
            found.append(msg("leave.change.left", players=players_text(self.left)))
        found += self._object_changes()
        found += self._designation_changes()
        found += self._combat_and_effect_changes()
        found += self._outcome_changes()
        return tuple(found)

    def _object_changes(self) -> list[Message]:
        """Objects turned face up, moved to another zone, or given another controller."""
        before = self.before
        found: list[Message] = []
        for outcome in self.objects:
            if not outcome.changed:
                continue
            name = outcome.label if outcome.label is not None else outcome.id
            original = before.find(outcome.id)
            if (
                original is not None
                and original.kind.is_planar
                and outcome.before_controller is None
                and outcome.controller is not None
            ):
                found.append(msg("leave.change.face-up", object=name))
            elif outcome.zone != outcome.before_zone:
                found.append(
                    msg(
                        "leave.change.zone",
                        object=name,
                        before=msg(f"board.zone.{outcome.before_zone}"),
                        after=msg(f"board.zone.{outcome.zone}"),
                    )
                )
            else:
                found.append(
                    msg(
                        "leave.change.controller",
                        object=name,
                        before=outcome.before_controller or "—",
                        after=outcome.controller or "—",
                    )
                )
        return found

    def _designation_changes(self) -> list[Message]:
        """The planar controller, planeswalks, the monarch, the initiative, control of a player."""
        before, after = self.before, self.board
        found: list[Message] = []
        old_planar, new_planar = planar_json(before), planar_json(after)
        if old_planar != new_planar and before.has_planes:
            found.append(msg("leave.change.planar", before=_names(old_planar), after=_names(new_planar)))
        for player in self.planeswalks:
            found.append(msg("leave.change.planeswalks", player=player))
        if before.monarch != after.monarch and not self.ended:  # 104.1: nothing passes in a game that ended
            found.append(
                msg("leave.change.monarch", before=before.monarch or "—", after=after.monarch or "—")
            )
        if before.initiative != after.initiative and not self.ended:
            found.append(
                msg("leave.change.initiative", before=before.initiative or "—", after=after.initiative or "—")
            )
        if len(after.player_control) < len(before.player_control):
            found.append(msg("leave.change.player-control"))
        return found

    def _combat_and_effect_changes(self) -> list[Message]:
        """Attacks on a player who left, and effects that last until a turn."""
        before, after = self.before, self.board
        found: list[Message] = []
        for attack in before.combat:
            if attack.attacking in self.left and attack.attacker not in self.left:
                target = before.find(attack.attacker)
                found.append(
                    msg(
                        "leave.change.no-combat-damage",
                        object=target.label if target else attack.attacker,
                        player=attack.attacking,
                    )
                )
        attacking_after = {a.attacker for a in after.combat}
        for attack in before.combat:
            obj = after.find(attack.attacker)
            if attack.attacking in self.left or attack.attacker in attacking_after:
                continue
            if obj is not None and obj.zone is Zone.BATTLEFIELD:
                # Still on the battlefield but out of combat: its control changed (506.4).
                found.append(msg("leave.change.out-of-combat", object=obj.label))
        waiting = {t.id for t in before.timed_effects if t.ends_after_turn_of is None}
        for effect in after.timed_effects:
            if effect.id in waiting and effect.ends_after_turn_of is not None:
                found.append(
                    msg(
                        "leave.change.timed-waits",
                        player=effect.controller,
                        previous=effect.ends_after_turn_of,
                    )
                )
        still = {t.id for t in after.timed_effects}
        for effect in before.timed_effects:
            if effect.id not in still and effect.controller not in self.left:
                found.append(msg("leave.change.timed-ended", player=effect.controller))
        return found

    def _outcome_changes(self) -> list[Message]:
        """Delayed triggers removed, who begins the next turn, who lost and who won."""
        after = self.board
        found: list[Message] = []
        removed = [i for i, status in self.delayed_triggers if status == "removed"]
        if removed:
            found.append(msg("leave.change.triggers-removed", count=len(removed)))
        if self.next_turn is not None:
            found.append(msg("leave.change.next-turn", player=self.next_turn))
        if self.losers:
            found.append(msg("leave.change.losers", players=players_text(self.losers)))
        if self.winners:
            found.append(msg("leave.change.winners", players=players_text(self.winners)))
        elif self.game_over or not after.turn_order:
            found.append(msg("leave.change.game-over"))
        return found

    def summary(self, lang: str = "en") -> str:
        """The changes on one line, in ``lang``."""
        return SUMMARY_SEPARATOR.get(lang, "; ").join(render(m, lang) for m in self.changes())

    def to_answer(self, lang: str = "en") -> dict[str, Any]:
        """The JSON API answer, in ``lang`` ("ja" or "en").

        ``planar_controller`` is a name (Planechase, Two-Headed Giant
        Planechase; None if nobody is left to hold it), a list of names (Grand
        Melee), or None (other variants). ``board`` is the board afterwards, in
        the shape the API reads, so a client can resolve the next leave.
        """
        return {
            "steps": [s.to_answer(lang) for s in self.steps],
            "objects": [o.to_payload() for o in self.objects],
            "control_effects": [{"id": i, "status": s} for i, s in self.control_effects],
            "delayed_triggers": [{"id": i, "status": s} for i, s in self.delayed_triggers],
            "planar_controller": planar_json(self.board),
            "planeswalks": list(self.planeswalks),
            "left": list(self.left),
            "turn_order": list(self.board.turn_order),
            "active_player": self.board.active_player,
            "priority": self.board.priority,
            "monarch": self.board.monarch,
            "initiative": self.board.initiative,
            "player_control": [c.to_payload() for c in self.board.player_control],
            "winners": list(self.winners),
            "losers": list(self.losers),
            "game_over": self.ended,
            "changes": [m.to_answer(lang) for m in self.changes()],
            "summary": self.summary(lang),
            "board": self.board.to_payload(),
        }


def _names(value: str | list[str] | None) -> Text | str:
    if isinstance(value, list):
        return players_text(value) if value else "—"
    return value or "—"


__all__ = ["CEASED", "LEFT_GAME", "LeaveGameResult", "ObjectOutcome", "planar_json"]
