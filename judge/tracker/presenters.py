"""What the tracker's pages show of a table, typed for the templates.

- :func:`overview`: the whole table at a glance (judge.engine.tracker.table_view): one row per seat
  with life, poison and the commander damage it took from every commander, for one phone screen;
- :func:`panels`: each seat's controls (poison, commander damage, casts, the planar die, losing);
- :func:`history`: lines of the history log, in the reader's language.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

import segno
from django.utils.translation import gettext

from judge.engine import tracker
from judge.engine.damage import COMMANDER_DAMAGE_LIMIT
from judge.engine.variants import Variant
from judge.tracker.selectors import HistoryEntry
from judge.web.citations import rule_ref_url
from judge.web.presenters import ShownStep, present_steps, reader_language

NEAR_LETHAL = 5  # commander damage this close to 21 is shown as a warning


def tax_text(setup: tracker.TableSetup, tax: int) -> str:
    """{2} for Magic (903.8); +2 for DTC, whose tax is a number of extra mana, not a mana symbol."""
    return f"+{tax}" if setup.variant is Variant.DTC else f"{{{tax}}}"


@dataclass(frozen=True)
class Cell:
    """One cell of the commander damage matrix."""

    amount: int
    lethal: bool
    near: bool
    own: bool
    title: str  # "Kraum (Ben) → Aki: 12" for the screen reader and a long press


@dataclass(frozen=True)
class Column:
    owner: str
    name: str


@dataclass(frozen=True)
class Row:
    index: int
    name: str
    life: int | None
    poison: int | None
    poison_near: bool
    shields: int | None
    planar_text: str  # "{1}": the next planar die roll's cost this turn (901.9), "" without Planechase
    active: bool
    lost: bool
    taxes: list[tuple[str, str]]  # (commander, tax text)
    cells: list[Cell]
    declared_bracket: int | None = None  # the Commander Brackets bracket its player declared at the start


@dataclass(frozen=True)
class Overview:
    columns: list[Column]
    rows: list[Row]
    poison_limit: int


def overview(state: tracker.TableState, *, declared: Mapping[int, int] | None = None) -> Overview:
    """``declared``: the bracket each seat's player declared, by seat (judge.tracker.selectors)."""
    declared = declared or {}
    view = tracker.table_view(state)
    setup = state.setup
    columns = [Column(owner=c.owner, name=c.name) for c in view.columns]
    rows = []
    for index, seat in enumerate(view.seats):
        cells = [
            Cell(
                amount=cell.amount,
                lethal=cell.lethal,
                own=cell.own,
                near=cell.to_lethal is not None and 0 < cell.to_lethal <= NEAR_LETHAL and cell.amount > 0,
                title=f"{column.name} ({column.owner}) → {seat.name}: {cell.amount}",
            )
            for column, cell in zip(columns, seat.damage, strict=True)
        ]
        rows.append(
            Row(
                index=index,
                name=seat.name,
                life=seat.life,
                poison=seat.poison,
                poison_near=seat.poison is not None
                and seat.poison >= view.poison_limit - 3
                and seat.poison > 0,
                shields=seat.shields,
                planar_text="" if seat.planar_cost is None else f"{{{seat.planar_cost}}}",
                active=seat.active,
                lost=bool(seat.lost_rule),
                taxes=[(c.name, tax_text(setup, c.tax)) for c in seat.commanders],
                cells=cells,
                declared_bracket=declared.get(index),
            )
        )
    return Overview(columns=columns, rows=rows, poison_limit=view.poison_limit)


@dataclass(frozen=True)
class Source:
    """A commander that can deal combat damage, as the commander-damage form offers it."""

    value: str  # "2.1": seat 2's second commander (judge.tracker.forms.EventForm.with_setup)
    name: str
    owner: str


def damage_sources(state: tracker.TableState) -> list[Source]:
    """Every commander of a player still in the game: one list for the board's one commander-damage form
    (not a form per cell: at 20 players with partners that was 760 forms)."""
    return [
        Source(value=f"{seat}.{c.index}", name=c.name, owner=c.owner)
        for seat, p in enumerate(state.players)
        for c in p.commanders
        if not state.has_lost(c.owner)
    ]


@dataclass(frozen=True)
class CommanderRow:
    index: int
    name: str
    casts: int
    tax_text: str


@dataclass(frozen=True)
class DamageRow:
    """Combat damage one opponent's commander has dealt this player."""

    owner: str
    index: int
    name: str
    amount: int
    lethal: bool


@dataclass(frozen=True)
class Panel:
    """One seat's controls."""

    index: int
    name: str
    team: list[str]
    life: int
    poison: int
    shields: int
    planar_cost: int
    active: bool
    lost: tracker.Loss | None
    lost_label: str
    lost_url: str | None
    planar_cost_text: str
    commanders: list[CommanderRow]
    damage: list[DamageRow]
    out_of_shields: bool
    live: bool  # still in a game still going: its buttons are shown
    can_name: bool = False  # a commander variant and room for another commander (named from the board)

    @property
    def damage_open(self) -> bool:
        return any(d.amount for d in self.damage)

    @property
    def damage_taken(self) -> list[DamageRow]:
        """The commanders that have dealt this player combat damage (the others are 0)."""
        return [d for d in self.damage if d.amount]


def panels(state: tracker.TableState) -> list[Panel]:
    setup = state.setup
    lang = reader_language()
    active = set(state.active_players)
    sources = [c for p in state.players for c in p.commanders]
    shown = []
    for index, player in enumerate(state.players):
        side = state.side_of(player.name)
        damage = (
            [
                DamageRow(
                    owner=c.owner,
                    index=c.index,
                    name=c.name,
                    amount=player.damage_from(c.owner, c.index),
                    lethal=setup.commander_damage_counts
                    and player.damage_from(c.owner, c.index) >= COMMANDER_DAMAGE_LIMIT,
                )
                for c in sources
                if c.owner != player.name and not state.has_lost(c.owner)
            ]
            if setup.has_life
            else []
        )
        shown.append(
            Panel(
                index=index,
                name=player.name,
                team=[m for m in side.members if m != player.name],
                life=side.life,
                poison=side.poison,
                shields=player.shields,
                planar_cost=player.planar_cost,
                active=player.name in active,
                lost=side.loss,
                lost_label=tracker.reason_name(side.loss.reason).text(lang) if side.loss else "",
                lost_url=rule_ref_url(side.loss.rule) if side.loss else None,
                planar_cost_text=f"{{{player.planar_cost}}}",
                commanders=[
                    CommanderRow(index=c.index, name=c.name, casts=c.casts, tax_text=tax_text(setup, c.tax))
                    for c in player.commanders
                ],
                damage=damage,
                out_of_shields=setup.variant is Variant.DTC
                and all(state.player(m).shields == 0 for m in side.members),
                live=side.loss is None and not state.game_over,
                can_name=setup.variant.has_commanders
                and len(player.commanders) < tracker.max_commanders(setup.variant),
            )
        )
    return shown


@dataclass(frozen=True)
class ShownChange:
    """One line of the history log."""

    seq: int
    text: str
    by: str
    created: datetime.datetime
    undone: bool
    undone_at: datetime.datetime | None
    steps: list[ShownStep]


def history(entries: list[HistoryEntry], setup: tracker.TableSetup) -> list[ShownChange]:
    lang = reader_language()
    return [
        ShownChange(
            seq=h.seq,
            text=tracker.summary(setup=setup, event=h.event).text(lang),
            by=h.event.by,
            created=h.created,
            undone=h.undone,
            undone_at=h.undone_at,
            steps=present_steps(h.steps),
        )
        for h in entries
    ]


def share_qr(url: str) -> str:
    """The game's link as a QR code, inline SVG (segno; no image library, nothing for the CSP to block)."""
    return _qr(url, gettext("QR code of the game's link"))


@lru_cache(maxsize=256)
def _qr(url: str, title: str) -> str:
    return str(
        segno.make(url, error="m").svg_inline(
            scale=4, border=2, title=title, svgclass="qr", lineclass="qr-line"
        )
    )
