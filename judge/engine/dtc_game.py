"""Duel Masters Tag Commander (DTC): how a game ends and whom a player may attack (the DTC house rules).

Duel Masters has no "leaving the game": turns are taken by teams
(``dtc:turn-structure``), no member ever drops out in the middle of a game
(``dtc:basic-rules``), and wins and losses are given to teams, never to one
player (``dtc:win-loss``): a library-out of one player, a special loss, or an
unstopped direct attack makes the whole team lose, and the game is over.

Attacks (``dtc:attack-defense``): a player attacks one opposing player of
their choice; while any opposing player still has shields, a player with no
shields cannot be attacked; once the whole opposing team has none, a direct
attack needs no chosen player, and if nobody stops it, that team loses.

>>> from judge.engine.board import Board, Variant
>>> board = Board(variant=Variant.DTC, turn_order=("Alex", "Bianca", "Carol", "Dana"), active_player="Alex",
...               teams=(("Alex", "Carol"), ("Bianca", "Dana")), shields=(("Bianca", 0), ("Dana", 2)))
>>> check_attack(board=board, attacker="Alex", target="Bianca").allowed
False
>>> resolve_team_loss(board=board, player="Dana", reason=LossReason.LIBRARY_OUT).winners
('Alex', 'Carol')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judge.engine.board import Board, players_text
from judge.engine.board_payload import BoardReader
from judge.engine.errors import InvalidInputError
from judge.engine.leave_game_result import LeaveGameResult
from judge.engine.losses import DTC_TEAM_LOSSES, LossReason
from judge.engine.messages import msg
from judge.engine.steps import Step


def _turn_step(board: Board) -> list[Step]:
    """Whose turn it is: teams take turns together (``dtc:turn-structure``)."""
    if board.active_player is None:
        return []
    return [
        Step.of(
            "leave.dtc-turn",
            rule="dtc:turn-structure",
            players=players_text(board.team_of(board.active_player)),
        )
    ]


def resolve_team_loss(*, board: Board, player: str, reason: LossReason) -> LeaveGameResult:
    """``player``'s team loses (``dtc:win-loss``); the other team wins and the game is over. No object
    moves."""
    if player not in board.turn_order:
        raise InvalidInputError(
            [msg("input.not-a-player", field="player", label=msg("leave.label.loser"), name=player)]
        )
    losers = board.team_of(player)
    winners = tuple(p for p in board.turn_order if p not in losers)
    steps = _turn_step(board)
    if reason is LossReason.LEAVES:
        steps.append(Step.of("leave.dtc-no-leaving", rule="dtc:basic-rules", player=player))
    else:
        steps.append(
            Step.of(
                f"leave.dtc-{reason.value}", rule="dtc:win-loss", player=player, players=players_text(losers)
            )
        )
    steps.append(
        Step.of(
            "leave.dtc-team-loses",
            rule="dtc:win-loss",
            losers=players_text(losers),
            winners=players_text(winners),
        )
    )
    return LeaveGameResult(
        steps=tuple(steps),
        objects=(),
        control_effects=(),
        delayed_triggers=(),
        left=(),
        planeswalks=(),
        winners=winners,
        before=board,
        board=board,
        game_over=True,
        losers=losers,
    )


def team_loss_from_payload(payload: Mapping[str, Any]) -> LeaveGameResult:
    """Read a DTC board plus ``"player"`` and ``"reason"`` (library-out, special-loss, direct-attack,
    leaves)."""
    reader = BoardReader(extra_fields={"player", "reason"})
    board = reader.read(payload)
    data = payload if isinstance(payload, Mapping) else {}
    player = reader.player(data.get("player"), "player", msg("leave.label.loser"))
    reason = reader.choice(
        LossReason,
        data.get("reason"),
        "reason",
        msg("leave.label.reason"),
        labels="leave.reason.",
        allowed=DTC_TEAM_LOSSES,
    )
    if board is not None and not board.variant.is_duel_masters:
        reader.problem("leave.dtc-only", "variant", msg("board.label.variant"))
    settled = reader.finish(board)
    assert player is not None and reason is not None
    return resolve_team_loss(board=settled, player=player, reason=reason)


@dataclass(frozen=True)
class AttackResult:
    """Whether ``attacker`` may attack ``target`` (None: a direct attack), with the steps that decide it."""

    steps: tuple[Step, ...]
    allowed: bool
    direct: bool
    board: Board

    def to_answer(self, lang: str = "en") -> dict[str, Any]:
        return {
            "steps": [s.to_answer(lang) for s in self.steps],
            "allowed": self.allowed,
            "direct": self.direct,
        }


def check_attack(*, board: Board, attacker: str, target: str | None) -> AttackResult:
    """Whom ``attacker`` may attack (``dtc:attack-defense``); ``target`` None asks for a direct attack."""
    opponents = [p for p in board.turn_order if p not in board.team_of(attacker)]
    if target is not None and target not in opponents:
        raise InvalidInputError(
            [msg("leave.dtc-not-opponent", field="target", label=msg("leave.label.target"), name=target)]
        )
    steps = _turn_step(board)
    shielded = [p for p in opponents if board.shields_of(p) > 0]
    team = players_text(opponents)
    if not shielded:
        steps.append(Step.of("leave.dtc-direct-attack-allowed", rule="dtc:attack-defense", players=team))
        return AttackResult(steps=tuple(steps), allowed=True, direct=True, board=board)
    if target is None:
        steps.append(
            Step.of(
                "leave.dtc-direct-attack-refused",
                rule="dtc:attack-defense",
                players=team,
                shielded=players_text(shielded),
            )
        )
        return AttackResult(steps=tuple(steps), allowed=False, direct=True, board=board)
    count = board.shields_of(target)
    if count == 0:
        steps.append(
            Step.of(
                "leave.dtc-attack-refused",
                rule="dtc:attack-defense",
                player=target,
                shielded=players_text(shielded),
            )
        )
        return AttackResult(steps=tuple(steps), allowed=False, direct=False, board=board)
    steps.append(
        Step.of(
            "leave.dtc-attack-shields",
            rule="dtc:attack-defense",
            attacker=attacker,
            player=target,
            count=count,
        )
    )
    return AttackResult(steps=tuple(steps), allowed=True, direct=False, board=board)


def attack_from_payload(payload: Mapping[str, Any]) -> AttackResult:
    """Read a DTC board with ``shields`` plus ``"attacker"`` and ``"target"`` (null for a direct attack)."""
    reader = BoardReader(extra_fields={"attacker", "target"})
    board = reader.read(payload)
    data = payload if isinstance(payload, Mapping) else {}
    attacker = reader.player(data.get("attacker"), "attacker", msg("leave.label.attacker"))
    target = reader.player(data.get("target"), "target", msg("leave.label.target"), optional=True)
    if board is not None and not board.variant.is_duel_masters:
        reader.problem("leave.dtc-only", "variant", msg("board.label.variant"))
    settled = reader.finish(board)
    assert attacker is not None
    return check_attack(board=settled, attacker=attacker, target=target)


__all__ = [
    "AttackResult",
    "attack_from_payload",
    "check_attack",
    "resolve_team_loss",
    "team_loss_from_payload",
]
