"""The table of a tracked game at one revision: life, poison, shields, commander tax and damage, turn.

A :class:`TableState` is immutable and self-contained: :meth:`TableState.to_payload`
is both what the API shows and a snapshot the service can store per revision;
:func:`judge.engine.tracker.state_from_json` reads it back (checking it), so a
write is "read the snapshot, apply one event" at any length of history.

>>> t = new_table(variant="brawl", players=["A", "B", "C"], commanders={"A": ["X"], "B": ["Y"], "C": ["Z"]})
>>> [t.life_of(p) for p in "ABC"]
[30, 30, 30]
>>> t.to_payload()["sides"][0]
{'members': ['A'], 'life': 30, 'poison': 0, 'lost': None}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judge.engine.losses import LossReason
from judge.engine.tax import TAX_PER_CAST
from judge.engine.tracker.setup import DTC_SHIELDS, TableSetup, table_setup
from judge.engine.variants import Variant


@dataclass(frozen=True)
class CommanderState:
    """One commander: ``casts`` counts casts (DTC: plays) from the command zone (903.8)."""

    owner: str
    index: int
    name: str
    casts: int = 0
    without_cast: int = 0  # entries that added no tax (put onto the battlefield, cast from another zone)

    @property
    def tax(self) -> int:
        """The additional mana the next cast (DTC: play) from the command zone costs (903.8, DTC tax)."""
        return TAX_PER_CAST * self.casts


@dataclass(frozen=True)
class PlayerState:
    name: str
    commanders: tuple[CommanderState, ...] = ()
    # Combat damage dealt to this player by each commander: ((owner, index), amount), 903.10a;
    # in turn order of the owners, only amounts above 0.
    commander_damage: tuple[tuple[tuple[str, int], int], ...] = ()
    shields: int = 0
    planar_rolls: int = 0  # rolls this turn as the special action (901.9)

    def damage_from(self, owner: str, index: int) -> int:
        for key, amount in self.commander_damage:
            if key == (owner, index):
                return amount
        return 0

    @property
    def planar_cost(self) -> int:
        """Mana the next planar die roll this turn costs (901.9)."""
        return self.planar_rolls


@dataclass(frozen=True)
class Loss:
    reason: LossReason
    turn: int
    player: str  # the player whose life, poison, damage or action made the side lose

    @property
    def rule(self) -> str:
        return self.reason.rule


@dataclass(frozen=True)
class Side:
    """A player, or a team: the unit that takes turns, shares life (810.4) and loses (810.8a)."""

    members: tuple[str, ...]
    life: int
    poison: int = 0
    loss: Loss | None = None


@dataclass(frozen=True)
class TableState:
    setup: TableSetup
    players: tuple[PlayerState, ...]
    sides: tuple[Side, ...]
    turn: int = 1
    active: int = 0  # index into sides
    events: int = 0  # events applied so far (undone ones not counted)

    def player(self, name: str) -> PlayerState:
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(name)

    def side_index(self, name: str) -> int:
        for index, side in enumerate(self.sides):
            if name in side.members:
                return index
        raise KeyError(name)

    def side_of(self, name: str) -> Side:
        return self.sides[self.side_index(name)]

    def life_of(self, name: str) -> int:
        return self.side_of(name).life

    def poison_of(self, name: str) -> int:
        return self.side_of(name).poison

    def commander(self, owner: str, index: int) -> CommanderState:
        return self.player(owner).commanders[index]

    def has_lost(self, name: str) -> bool:
        return self.side_of(name).loss is not None

    @property
    def active_players(self) -> tuple[str, ...]:
        side = self.sides[self.active]
        return () if side.loss is not None else side.members

    @property
    def remaining(self) -> tuple[Side, ...]:
        return tuple(s for s in self.sides if s.loss is None)

    @property
    def game_over(self) -> bool:
        return len(self.remaining) <= 1

    @property
    def winners(self) -> tuple[str, ...]:
        """The last side standing (104.2a, 104.2c); empty while playing or after a draw (104.4a)."""
        remaining = self.remaining
        return remaining[0].members if len(remaining) == 1 else ()

    @property
    def is_draw(self) -> bool:
        return not self.remaining

    def to_payload(self) -> dict[str, Any]:
        """The table as JSON, for the API, for bots and as the snapshot of a revision.

        Everything the table is made of (the setup included: variant, players,
        commanders, teams) plus values derived from it (tax, winners, ...), which
        :func:`judge.engine.tracker.state_from_json` ignores. Life and poison are
        null in DTC, shields outside DTC, the planar die cost without Planechase.
        """
        setup = self.setup
        has_life = setup.has_life
        return {
            "variant": setup.variant.value,
            "planechase": setup.planechase,
            "turn": self.turn,
            "active": self.active,
            "events": self.events,
            "active_players": list(self.active_players),
            "game_over": self.game_over,
            "winners": list(self.winners),
            "draw": self.is_draw,
            "sides": [
                {
                    "members": list(side.members),
                    "life": side.life if has_life else None,
                    "poison": side.poison if has_life else None,
                    "lost": None
                    if side.loss is None
                    else {
                        "reason": side.loss.reason.value,
                        "rule": side.loss.rule,
                        "turn": side.loss.turn,
                        "player": side.loss.player,
                    },
                }
                for side in self.sides
            ],
            "players": [
                {
                    "name": p.name,
                    "shields": p.shields if setup.variant is Variant.DTC else None,
                    "planar_cost": p.planar_cost if setup.planechase else None,
                    "commanders": [
                        {"name": c.name, "casts": c.casts, "tax": c.tax, "without_cast": c.without_cast}
                        for c in p.commanders
                    ],
                    "commander_damage": [
                        {
                            "owner": owner,
                            "commander": index,
                            "name": self.commander(owner, index).name,
                            "amount": amount,
                        }
                        for (owner, index), amount in p.commander_damage
                    ],
                }
                for p in self.players
            ],
        }


def new_table(
    *,
    variant: Variant | str,
    players: Sequence[str],
    commanders: Mapping[str, Sequence[str]] | None = None,
    teams: Sequence[Sequence[str]] | None = None,
    planechase: bool = False,
) -> TableState:
    """The table at the start of the game (103.4, 903.6, 903.7), from :func:`table_setup`'s arguments."""
    return initial_state(
        table_setup(
            variant=variant, players=players, commanders=commanders, teams=teams, planechase=planechase
        )
    )


def initial_state(setup: TableSetup) -> TableState:
    shields = DTC_SHIELDS if setup.variant is Variant.DTC else 0
    players = tuple(
        PlayerState(
            name=name,
            commanders=tuple(CommanderState(owner=name, index=i, name=c) for i, c in enumerate(command)),
            shields=shields,
        )
        for name, command in zip(setup.players, setup.commanders, strict=True)
    )
    sides = tuple(Side(members=team, life=setup.starting_life) for team in setup.teams)
    return TableState(setup=setup, players=players, sides=sides)
