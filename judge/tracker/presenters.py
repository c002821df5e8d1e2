"""What the tracker's pages show of a table: each player's panel and the history, typed for the templates."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils.translation import gettext_lazy

from judge.engine import tracker
from judge.engine.variants import Variant
from judge.tracker.selectors import HistoryEntry
from judge.web.citations import rule_ref_url
from judge.web.presenters import ShownStep, present_steps, reader_language

VARIANT_LABELS = {
    Variant.COMMANDER: gettext_lazy("Commander"),
    Variant.BRAWL: gettext_lazy("Brawl"),
    Variant.TWO_HEADED_GIANT: gettext_lazy("Two-Headed Giant"),
    Variant.PLANECHASE: gettext_lazy("Planechase"),
    Variant.DTC: gettext_lazy("Duel Masters Tag Commander (DTC)"),
}
LOSS_LABELS = {
    tracker.LossReason.LIFE: gettext_lazy("0 or less life"),
    tracker.LossReason.POISON: gettext_lazy("poison counters"),
    tracker.LossReason.COMMANDER_DAMAGE: gettext_lazy("21 commander damage"),
    tracker.LossReason.TEAM_LIFE: gettext_lazy("team at 0 or less life"),
    tracker.LossReason.TEAM_POISON: gettext_lazy("team poison counters"),
    tracker.LossReason.CONCEDE: gettext_lazy("conceded"),
    tracker.LossReason.EMPTY_LIBRARY: gettext_lazy("drew from an empty library"),
    tracker.LossReason.EFFECT: gettext_lazy("an effect says so"),
    tracker.LossReason.DIRECT_ATTACK: gettext_lazy("direct attack"),
}
def describe(event: tracker.Event, state: tracker.TableState, lang: str) -> str:
    """One line of the history log, in the reader's language (the engine's summary of the change)."""
    return tracker.summary(setup=state.setup, event=event).text(lang)


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
    """What one player's panel shows."""

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

    @property
    def damage_open(self) -> bool:
        return any(d.amount for d in self.damage)


def panels(state: tracker.TableState) -> list[Panel]:
    setup = state.setup
    active = set(state.active_players)
    sources = [c for p in state.players for c in p.commanders]
    shown = []
    for index, player in enumerate(state.players):
        side = state.side_of(player.name)
        damage = [
            DamageRow(owner=c.owner, index=c.index, name=c.name, amount=player.damage_from(c.owner, c.index),
                      lethal=setup.commander_damage_counts
                      and player.damage_from(c.owner, c.index) >= tracker.COMMANDER_DAMAGE_LIMIT)
            for c in sources
            if c.owner != player.name and not state.has_lost(c.owner)
        ] if setup.has_life else []
        shown.append(Panel(
            index=index,
            name=player.name,
            team=[m for m in side.members if m != player.name],
            life=side.life,
            poison=side.poison,
            shields=player.shields,
            planar_cost=player.planar_cost,
            active=player.name in active,
            lost=side.loss,
            lost_label=str(LOSS_LABELS[side.loss.reason]) if side.loss else "",
            lost_url=rule_ref_url(side.loss.rule) if side.loss else None,
            planar_cost_text=f"{{{player.planar_cost}}}",
            commanders=[
                CommanderRow(index=c.index, name=c.name, casts=c.casts,
                             tax_text=f"+{c.tax}" if setup.variant is Variant.DTC else f"{{{c.tax}}}")
                for c in player.commanders
            ],
            damage=damage,
            out_of_shields=setup.variant is Variant.DTC
            and all(state.player(m).shields == 0 for m in side.members),
        ))
    return shown


@dataclass(frozen=True)
class ShownChange:
    """One line of the history log."""

    seq: int
    text: str
    created: datetime.datetime
    undone: bool
    undone_at: datetime.datetime | None
    steps: list[ShownStep]


def history(entries: list[HistoryEntry], state: tracker.TableState) -> list[ShownChange]:
    lang = reader_language()
    return [ShownChange(seq=h.seq, text=describe(h.event, state, lang), created=h.created, undone=h.undone,
                        undone_at=h.undone_at, steps=present_steps(h.steps)) for h in entries]
