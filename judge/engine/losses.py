"""Why a player or a team loses the game (104.3, 704.5, 704.6; DTC: dtc:win-loss), each with its rule.

One vocabulary for the table tracker, which records each loss (:mod:`judge.engine.tracker`), and the
Duel Masters Tag Commander ruling, where a loss is always the whole team's (:mod:`judge.engine.dtc_game`).
Each takes the reasons of its own game: :data:`TRACKER_LOSSES`, :data:`DTC_TEAM_LOSSES`.

>>> LossReason("commander-damage").rule, LossReason.LIBRARY_OUT.rule, LossReason.LEAVES.rule
('704.6c', 'dtc:win-loss', 'dtc:basic-rules')
>>> [r.value for r in DTC_TEAM_LOSSES]
['leaves', 'library-out', 'special-loss', 'direct-attack']
"""

from __future__ import annotations

import enum


class LossReason(enum.Enum):
    """Why a player or team lost; :attr:`rule` is the rule that says so."""

    # Magic: the state-based actions (704.5, 704.6) and a player's or an effect's doing (104.3).
    LIFE = "life"  # 704.5a
    POISON = "poison"  # 704.5c
    COMMANDER_DAMAGE = "commander-damage"  # 704.6c
    TEAM_LIFE = "team-life"  # 704.6a
    TEAM_POISON = "team-poison"  # 704.6b
    CONCEDE = "concede"  # 104.3a
    EMPTY_LIBRARY = "empty-library"  # 704.5b
    EFFECT = "effect"  # 104.3e
    # Duel Masters Tag Commander: wins and losses are given to teams, never to one player (dtc:win-loss).
    DIRECT_ATTACK = "direct-attack"  # an unstopped direct attack on a team with no shields
    LEAVES = "leaves"  # a member would drop out: there is no leaving, the team loses
    LIBRARY_OUT = "library-out"  # a player's deck (山札) reached 0 cards, the last card drawn included
    SPECIAL_LOSS = "special-loss"  # an effect says the player loses: it is given to the team

    @property
    def rule(self) -> str:
        return _RULES[self]


_RULES = {
    LossReason.LIFE: "704.5a",
    LossReason.POISON: "704.5c",
    LossReason.COMMANDER_DAMAGE: "704.6c",
    LossReason.TEAM_LIFE: "704.6a",
    LossReason.TEAM_POISON: "704.6b",
    LossReason.CONCEDE: "104.3a",
    LossReason.EMPTY_LIBRARY: "704.5b",
    LossReason.EFFECT: "104.3e",
    LossReason.DIRECT_ATTACK: "dtc:win-loss",
    LossReason.LEAVES: "dtc:basic-rules",
    LossReason.LIBRARY_OUT: "dtc:win-loss",
    LossReason.SPECIAL_LOSS: "dtc:win-loss",
}
#: The losses a tracked game records (the state-based actions, and those a LOSE event declares).
TRACKER_LOSSES = (
    LossReason.LIFE,
    LossReason.POISON,
    LossReason.COMMANDER_DAMAGE,
    LossReason.TEAM_LIFE,
    LossReason.TEAM_POISON,
    LossReason.CONCEDE,
    LossReason.EMPTY_LIBRARY,
    LossReason.EFFECT,
    LossReason.DIRECT_ATTACK,
    LossReason.LIBRARY_OUT,  # a DTC game's empty-library press (dtc:win-loss)
)
#: Why a DTC team loses, as the leaving-the-game ruling takes it (dtc:win-loss, dtc:basic-rules).
DTC_TEAM_LOSSES = (
    LossReason.LEAVES,
    LossReason.LIBRARY_OUT,
    LossReason.SPECIAL_LOSS,
    LossReason.DIRECT_ATTACK,
)

__all__ = ["DTC_TEAM_LOSSES", "TRACKER_LOSSES", "LossReason"]
