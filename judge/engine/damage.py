"""Commander damage: 21 combat damage from the same commander (903.10a, 704.6c).

Commander damage is counted for each (player, commander) pair, over the whole
game:

- only combat damage counts (903.10a); noncombat damage is listed in the
  steps as not counting;
- prevented damage is never dealt (615.6), so it does not count either;
- life gain never lowers the count (``commander:9``);
- the commander stays a commander whoever controls it (903.3), so a stolen
  commander's combat damage counts, even against its own owner;
- a copy of a commander (a token copy, or a creature that became a copy of
  it) is not that commander (903.3, 707.2): an event with ``copy`` is
  explained and never counts;
- each of two partner commanders is counted separately (702.124d);
- Brawl does not use the 21-damage rule (903.12h): totals are still
  reported, but nobody loses by them;
- with teams (Two-Headed Giant Commander), players win and lose only as a
  team: a player who loses to commander damage makes their team lose (810.8a).

The game records and their checks are in :mod:`judge.engine.damage_records`, the JSON payload reader in
:mod:`judge.engine.damage_payload`.

>>> rafiq = Commander(id="rafiq", owner="Alex", name="Rafiq of the Many")
>>> hits = [DamageEvent(source="rafiq", target="Bianca", amount=10, combat=True),
...         DamageEvent(source="rafiq", target="Bianca", amount=6, combat=True, prevented=6),
...         DamageEvent(source="rafiq", target="Bianca", amount=11, combat=True, controller="Carol")]
>>> result = commander_damage(variant=Variant.COMMANDER, players=["Alex", "Bianca", "Carol"],
...                           commanders=[rafiq], events=hits)
>>> result.to_answer()["lost"]
[{'player': 'Bianca', 'commander': 'rafiq', 'damage': 21, 'rule': '704.6c'}]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judge.engine.damage_payload import read_damage_payload
from judge.engine.damage_records import (
    MAX_EVENTS,
    Commander,
    DamageEvent,
    DamageInput,
    LifeGain,
    check_game,
)
from judge.engine.messages import ParamValue, Text
from judge.engine.steps import Step
from judge.engine.variants import Variant

#: Combat damage from one commander that makes a player lose (903.10a).
COMMANDER_DAMAGE_LIMIT = 21

__all__ = [
    "COMMANDER_DAMAGE_LIMIT",
    "MAX_EVENTS",
    "Commander",
    "CommanderDamageLoss",
    "DamageEvent",
    "DamageResult",
    "DamageTotal",
    "LifeGain",
    "TeamLoss",
    "Variant",
    "calculate_commander_damage",
    "commander_damage",
]


@dataclass(frozen=True)
class DamageTotal:
    """Combat damage dealt to ``player`` by the commander ``commander`` over the game."""

    player: str
    commander: str
    damage: int

    def to_payload(self) -> dict[str, Any]:
        return {"player": self.player, "commander": self.commander, "damage": self.damage}


@dataclass(frozen=True)
class CommanderDamageLoss:
    """``player`` loses: dealt ``damage`` (21 or more) combat damage by ``commander``."""

    player: str
    commander: str
    damage: int
    rule: str = "704.6c"

    def to_payload(self) -> dict[str, Any]:
        return {"player": self.player, "commander": self.commander, "damage": self.damage, "rule": self.rule}


@dataclass(frozen=True)
class TeamLoss:
    """The team ``players`` (numbered from 1 in the order given) loses because ``player`` lost (810.8a)."""

    team: int
    players: tuple[str, ...]
    player: str
    rule: str = "810.8a"

    def to_payload(self) -> dict[str, Any]:
        return {"team": self.team, "players": list(self.players), "player": self.player, "rule": self.rule}


@dataclass(frozen=True)
class DamageResult:
    """Totals per (player, commander) pair in player order, the losses (players, teams), and the steps."""

    variant: Variant
    totals: tuple[DamageTotal, ...]
    lost: tuple[CommanderDamageLoss, ...]
    steps: tuple[Step, ...]
    lost_teams: tuple[TeamLoss, ...] = ()

    def damage(self, player: str, commander: str) -> int:
        """Commander damage dealt to ``player`` by ``commander`` (0 if none)."""
        return next((t.damage for t in self.totals if (t.player, t.commander) == (player, commander)), 0)

    def to_answer(self, lang: str = "en") -> dict[str, Any]:
        return {
            "totals": [t.to_payload() for t in self.totals],
            "lost": [loss.to_payload() for loss in self.lost],
            "lost_teams": [loss.to_payload() for loss in self.lost_teams],
            "steps": [s.to_answer(lang) for s in self.steps],
        }


def commander_damage(
    *,
    variant: Variant,
    players: Sequence[str],
    commanders: Sequence[Commander],
    events: Sequence[DamageEvent | LifeGain],
    teams: Sequence[Sequence[str]] | None = None,
) -> DamageResult:
    """Replay ``events`` in order and total the combat damage for each (player, commander) pair.

    Two partner commanders each below 21 never add up to a loss (702.124d):

    >>> tymna, thrasios = Commander(id="tymna", owner="Alex"), Commander(id="thrasios", owner="Alex")
    >>> hits = [DamageEvent(source="tymna", target="Bianca", amount=12, combat=True),
    ...         DamageEvent(source="thrasios", target="Bianca", amount=12, combat=True)]
    >>> result = commander_damage(variant=Variant.COMMANDER, players=["Alex", "Bianca"],
    ...                           commanders=[tymna, thrasios], events=hits)
    >>> [(t.commander, t.damage) for t in result.totals], result.lost
    ([('tymna', 12), ('thrasios', 12)], ())

    With ``teams`` a loss takes the whole team (810.8a):

    >>> hit = [DamageEvent(source="tymna", target="Bianca", amount=21, combat=True)]
    >>> result = commander_damage(variant=Variant.COMMANDER, players=["Alex", "Bianca", "Carol", "Dana"],
    ...     commanders=[tymna], events=hit, teams=[["Alex", "Carol"], ["Bianca", "Dana"]])
    >>> [(t.team, t.players) for t in result.lost_teams]
    [(2, ('Bianca', 'Dana'))]
    """
    check_game(variant=variant, players=players, commanders=commanders, events=events, teams=teams)
    return _commander_damage(
        DamageInput(
            variant=variant,
            players=tuple(players),
            commanders=tuple(commanders),
            events=tuple(events),
            teams=tuple(tuple(t) for t in teams or ()),
        )
    )


def _life_gain_step(
    event: LifeGain, number: int, totals: dict[tuple[str, str], int], by_id: dict[str, Commander]
) -> Step:
    """Life gained takes nothing off the commander damage a player was dealt so far (commander:9)."""
    dealt = [(by_id[c].label, d) for (p, c), d in totals.items() if p == event.target]
    so_far = Text(
        en=", ".join(f"{label.en} {d}" for label, d in dealt),
        ja="、".join(f"{label.ja} {d}" for label, d in dealt),
    )
    if dealt:
        return Step.of(
            "damage.life-gain",
            rule="commander:9",
            number=number,
            player=event.target,
            amount=event.amount,
            so_far=so_far,
        )
    return Step.of(
        "damage.life-gain-none",
        rule="commander:9",
        number=number,
        player=event.target,
        amount=event.amount,
    )


def _copy_steps(event: DamageEvent, number: int, commander: Commander) -> list[Step]:
    """Damage from a copy of a commander (a token copy, or a creature that became a copy): the copy takes
    the commander's copiable values (707.2) but not its designation, an attribute of the card itself
    (903.3, "A permanent that's copying a commander ... is not a commander"), so none of it counts."""
    copy = Step.of(
        "damage.copy",
        rule="707.2",
        objects=(commander.id,),
        number=number,
        commander=commander.label,
        player=event.target,
        amount=event.dealt,
    )
    params: dict[str, ParamValue] = {
        "number": number,
        "commander": commander.label,
        "player": event.target,
        "amount": event.dealt,
        "limit": COMMANDER_DAMAGE_LIMIT,
    }
    if event.combat:
        counted = Step.of("damage.copy-not-counted", rule="903.3", objects=(commander.id,), **params)
    else:
        counted = Step.of(
            "damage.copy-not-counted-noncombat", rule="903.3", objects=(commander.id,), **params
        )
    return [copy, counted]


def _partner_steps(
    players: tuple[str, ...],
    commanders: tuple[Commander, ...],
    result_totals: tuple[DamageTotal, ...],
    by_id: dict[str, Commander],
) -> list[Step]:
    """Partners: two commanders of one owner are never added together (702.124d)."""
    steps: list[Step] = []
    for player in players:
        for owner in dict.fromkeys(c.owner for c in commanders):
            pair = [t for t in result_totals if t.player == player and by_id[t.commander].owner == owner]
            if len(pair) == 2:
                first, second = pair
                steps.append(
                    Step.of(
                        "damage.partners",
                        rule="702.124d",
                        objects=(first.commander, second.commander),
                        player=player,
                        owner=owner,
                        first=by_id[first.commander].label,
                        first_damage=first.damage,
                        second=by_id[second.commander].label,
                        second_damage=second.damage,
                    )
                )
    return steps


def _losses(
    result_totals: tuple[DamageTotal, ...],
    reached_at: dict[tuple[str, str], int],
    by_id: dict[str, Commander],
    *,
    brawl: bool,
    steps: list[Step],
) -> list[CommanderDamageLoss]:
    """The players who lose to 21 from one commander (704.6c); in Brawl the damage only counts (903.12h)."""
    lost: list[CommanderDamageLoss] = []
    for total in result_totals:
        key = (total.player, total.commander)
        if key not in reached_at:
            continue
        label = by_id[total.commander].label
        if brawl:
            steps.append(
                Step.of(
                    "damage.brawl-no-loss",
                    rule="903.12h",
                    objects=(total.commander,),
                    player=total.player,
                    damage=total.damage,
                    commander=label,
                )
            )
            continue
        lost.append(CommanderDamageLoss(player=total.player, commander=total.commander, damage=total.damage))
        steps.append(
            Step.of(
                "damage.loses",
                rule="704.6c",
                objects=(total.commander,),
                player=total.player,
                damage=total.damage,
                commander=label,
                event=reached_at[key],
                limit=COMMANDER_DAMAGE_LIMIT,
            )
        )
    return lost


def _commander_damage(game: DamageInput) -> DamageResult:
    players, commanders = game.players, game.commanders
    by_id = {c.id: c for c in commanders}
    totals: dict[tuple[str, str], int] = {}
    steps: list[Step] = []
    brawl = game.variant is Variant.BRAWL
    if brawl:
        steps.append(Step.of("damage.brawl-rule", rule="903.12h", limit=COMMANDER_DAMAGE_LIMIT))
    # The first event after which each pair reached the limit, for the steps.
    reached_at: dict[tuple[str, str], int] = {}

    for number, event in enumerate(game.events, start=1):
        if isinstance(event, LifeGain):
            steps.append(_life_gain_step(event, number, totals, by_id))
            continue
        commander = by_id[event.source]
        label = commander.label
        controller = event.controller or commander.owner
        objects = (commander.id,)
        if event.copy:
            steps.extend(_copy_steps(event, number, commander))
            continue
        if controller != commander.owner:
            steps.append(
                Step.of(
                    "damage.stolen",
                    rule="903.3",
                    objects=objects,
                    number=number,
                    commander=label,
                    controller=controller,
                    owner=commander.owner,
                )
            )
        if event.prevented:
            steps.append(
                Step.of(
                    "damage.prevented",
                    rule="615.6",
                    objects=objects,
                    number=number,
                    prevented=event.prevented,
                    amount=event.amount,
                    commander=label,
                    player=event.target,
                )
            )
        if event.dealt == 0:
            if not event.prevented:
                steps.append(
                    Step.of(
                        "damage.zero",
                        rule="120.8",
                        objects=objects,
                        number=number,
                        commander=label,
                        player=event.target,
                    )
                )
            continue
        if not event.combat:
            steps.append(
                Step.of(
                    "damage.noncombat",
                    rule="903.10a",
                    objects=objects,
                    number=number,
                    commander=label,
                    amount=event.dealt,
                    player=event.target,
                )
            )
            continue
        key = (event.target, commander.id)
        totals[key] = totals.get(key, 0) + event.dealt
        steps.append(
            Step.of(
                "damage.combat-own" if event.target == commander.owner else "damage.combat",
                rule="903.10a",
                objects=objects,
                number=number,
                commander=label,
                amount=event.dealt,
                player=event.target,
                total=totals[key],
            )
        )
        if totals[key] >= COMMANDER_DAMAGE_LIMIT and key not in reached_at:
            reached_at[key] = number

    player_order = {p: i for i, p in enumerate(players)}
    commander_order = {c.id: i for i, c in enumerate(commanders)}
    ordered = sorted(totals.items(), key=lambda kv: (player_order[kv[0][0]], commander_order[kv[0][1]]))
    result_totals = tuple(DamageTotal(player=p, commander=c, damage=d) for (p, c), d in ordered)

    steps.extend(_partner_steps(players, commanders, result_totals, by_id))

    lost = _losses(result_totals, reached_at, by_id, brawl=brawl, steps=steps)

    lost_teams: list[TeamLoss] = []
    for loss in lost:
        for number, team in enumerate(game.teams, start=1):
            if loss.player in team and not any(t.team == number for t in lost_teams):
                lost_teams.append(TeamLoss(team=number, players=team, player=loss.player))
                steps.append(
                    Step.of("damage.team-loses", rule="810.8a", player=loss.player, team=", ".join(team))
                )
    return DamageResult(
        variant=game.variant,
        totals=result_totals,
        lost=tuple(lost),
        steps=tuple(steps),
        lost_teams=tuple(lost_teams),
    )


def calculate_commander_damage(payload: Mapping[str, Any]) -> DamageResult:
    """Read a JSON payload (see :mod:`judge.engine.damage_payload`) and total its commander damage.

    >>> result = calculate_commander_damage({
    ...     "variant": "brawl", "players": ["Alex", "Bianca"],
    ...     "commanders": [{"id": "k", "owner": "Alex", "name": "Kenrith"}],
    ...     "events": [{"source": "k", "target": "Bianca", "amount": 25, "combat": True}]})
    >>> result.to_answer()["totals"], result.lost
    ([{'player': 'Bianca', 'commander': 'k', 'damage': 25}], ())
    """
    return _commander_damage(read_damage_payload(payload))
