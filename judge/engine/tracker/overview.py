"""The whole table at a glance: one row per seat, commander damage as a matrix (seats x commanders).

What a phone screen shows for 4-6 players: each seat's life (shared by its
team in Two-Headed Giant), poison and its limit, shields (DTC), the planar
die cost, whether it is the active seat or has lost, and the commander damage
it has taken from every commander at the table with how much more would make
it lose (903.10a; none in Brawl, 903.12h). Pure data: the page lays it out.

>>> from judge.engine.tracker import Event, EventKind, apply_event, new_table
>>> t = new_table(variant="commander", players=["Aki", "Ben", "Chie"],
...               commanders={"Aki": ["Oona"], "Ben": ["Kraum", "Tymna"], "Chie": ["Edgar"]})
>>> t, _ = apply_event(state=t,
...     event=Event(kind=EventKind.COMMANDER_DAMAGE, player="Aki", owner="Ben", commander=1,
...                                         amount=15))
>>> view = table_view(t)
>>> [c.name for c in view.columns]
['Oona', 'Kraum', 'Tymna', 'Edgar']
>>> [(c.amount, c.to_lethal) for c in view.seats[0].damage]
[(0, 21), (0, 21), (15, 6), (0, 21)]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge.engine.damage import COMMANDER_DAMAGE_LIMIT
from judge.engine.tracker.state import CommanderState, TableState
from judge.engine.variants import Variant


@dataclass(frozen=True)
class DamageCell:
    """Combat damage one seat has taken from one commander (a cell of the matrix)."""

    owner: str
    commander: int
    amount: int
    own: bool  # the seat's own commander (it hits its owner only under another's control)
    to_lethal: int | None  # damage still needed to lose (903.10a), 0 once lethal; None in Brawl (903.12h)

    @property
    def lethal(self) -> bool:
        return self.to_lethal == 0


@dataclass(frozen=True)
class SeatView:
    name: str
    teammates: tuple[str, ...]
    life: int | None  # None in DTC (no life totals)
    poison: int | None
    shields: int | None  # DTC only
    planar_cost: int | None  # with Planechase only: the next roll's cost this turn (901.9)
    active: bool
    lost_rule: str  # the rule the seat lost by, "" while in the game
    commanders: tuple[CommanderState, ...]
    damage: tuple[DamageCell, ...]  # one per column of :attr:`TableView.columns`


@dataclass(frozen=True)
class TableView:
    variant: Variant
    turn: int
    poison_limit: int
    columns: tuple[CommanderState, ...]  # every commander at the table, in turn order
    seats: tuple[SeatView, ...]
    winners: tuple[str, ...]
    draw: bool

    def to_payload(self) -> dict[str, Any]:
        """The view as compact JSON: the matrix as rows of amounts, columns named once."""
        return {
            "variant": self.variant.value,
            "turn": self.turn,
            "poison_limit": self.poison_limit,
            "columns": [{"owner": c.owner, "commander": c.index, "name": c.name} for c in self.columns],
            "seats": [
                {
                    "name": s.name,
                    "teammates": list(s.teammates),
                    "life": s.life,
                    "poison": s.poison,
                    "shields": s.shields,
                    "planar_cost": s.planar_cost,
                    "active": s.active,
                    "lost_rule": s.lost_rule or None,
                    "tax": [c.tax for c in s.commanders],
                    "damage": [cell.amount for cell in s.damage],
                    "to_lethal": [cell.to_lethal for cell in s.damage],
                }
                for s in self.seats
            ],
            "winners": list(self.winners),
            "draw": self.draw,
        }


def table_view(state: TableState) -> TableView:
    """The table of ``state`` as rows and a commander damage matrix."""
    setup = state.setup
    active = set(state.active_players)
    columns = tuple(c for p in state.players for c in p.commanders) if setup.has_life else ()
    seats = []
    for player in state.players:
        side = state.side_of(player.name)
        cells = []
        for column in columns:
            amount = player.damage_from(column.owner, column.index)
            cells.append(
                DamageCell(
                    owner=column.owner,
                    commander=column.index,
                    amount=amount,
                    own=column.owner == player.name,
                    to_lethal=max(0, COMMANDER_DAMAGE_LIMIT - amount)
                    if setup.commander_damage_counts
                    else None,
                )
            )
        seats.append(
            SeatView(
                name=player.name,
                teammates=tuple(m for m in side.members if m != player.name),
                life=side.life if setup.has_life else None,
                poison=side.poison if setup.has_life else None,
                shields=player.shields if setup.variant is Variant.DTC else None,
                planar_cost=player.planar_cost if setup.planechase else None,
                active=player.name in active,
                lost_rule=side.loss.rule if side.loss is not None else "",
                commanders=player.commanders,
                damage=tuple(cells),
            )
        )
    return TableView(
        variant=setup.variant,
        turn=state.turn,
        poison_limit=setup.poison_limit,
        columns=columns,
        seats=tuple(seats),
        winners=state.winners,
        draw=state.is_draw,
    )
