"""Combat damage to players: trample, a player who left, and Two-Headed Giant's shared life total.

:func:`assign_combat_damage` takes a board with its ``combat`` (each attacking
creature, what it attacks and its blockers, see :mod:`judge.engine.board`),
each creature's power and toughness, and the players' life totals, and
returns the damage each attacking creature assigns, the life totals after,
and who loses, with the steps:

1. Two-Headed Giant uses the combat rules of shared team turns (810.7): the
   active team announces how each attacking creature assigns its combat
   damage, then the defending team does for its blockers (805.10f).
2. Each attacking creature (510.1): unblocked, it assigns its damage to the
   player it attacks (510.1b); blocked, to its blockers (510.1c); with
   trample, lethal damage to its blockers first and the rest to the player
   (702.19b; the attacking player may choose to put more on the blockers,
   here everything beyond lethal tramples over). Damage that would be
   assigned to a player who has left the game is not assigned (800.4e).
3. Damage to a player makes them lose that much life (120.3a); in Two-Headed
   Giant it happens to each player individually and the result is applied to
   the team's shared life total (810.9).
4. A player, or in Two-Headed Giant a team, at 0 life or less loses
   (104.3b, 810.8c).

>>> from judge.engine.board import Attack, Board, GameObject, ObjectKind, Variant, Zone
>>> wurm = GameObject(id="w", name="Colossal Dreadmaw", kind=ObjectKind.CARD, owner="A", controller="A",
...                   zone=Zone.BATTLEFIELD)
>>> bear = GameObject(id="b", name="Grizzly Bears", kind=ObjectKind.CARD, owner="C", controller="C",
...                   zone=Zone.BATTLEFIELD)
>>> board = Board(variant=Variant.TWO_HEADED_GIANT, turn_order=("A", "B", "C", "D"), active_player="A",
...               teams=(("A", "B"), ("C", "D")), objects=(wurm, bear),
...               combat=(Attack(attacker="w", attacking="C", blockers=("b",)),))
>>> result = assign_combat_damage(board=board, stats={"w": Stats(6, 6, trample=True), "b": Stats(2, 2)},
...                               life={"A": 30, "B": 30, "C": 30, "D": 30})
>>> result.life["C"], result.life["D"]
(26, 26)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judge.engine.board import Board, GameObject, Variant, players_text
from judge.engine.board_payload import BoardReader
from judge.engine.errors import InvalidInputError
from judge.engine.messages import Message, Text, msg, render
from judge.engine.steps import Step

MAX_POWER = 1_000_000
MAX_LIFE = 1_000_000


@dataclass(frozen=True)
class Stats:
    """A creature's power and toughness, damage already marked on it, and whether it has trample."""

    power: int
    toughness: int
    trample: bool = False
    damage: int = 0

    @property
    def lethal(self) -> int:
        """Lethal damage for it now: its toughness minus the damage already marked on it (702.19b)."""
        return max(self.toughness - self.damage, 0)


@dataclass(frozen=True)
class Assignment:
    attacker: str
    player: str | None
    to_player: int
    to_blockers: tuple[tuple[str, int], ...]

    def to_payload(self) -> dict[str, Any]:
        return {
            "attacker": self.attacker,
            "player": self.player,
            "to_player": self.to_player,
            "to_blockers": [{"id": i, "damage": n} for i, n in self.to_blockers],
        }


@dataclass(frozen=True)
class CombatResult:
    steps: tuple[Step, ...]
    assignments: tuple[Assignment, ...]
    life: Mapping[str, int]
    losers: tuple[str, ...]
    board: Board

    def changes(self) -> tuple[Message, ...]:
        found: list[Message] = []
        seen: set[tuple[str, ...]] = set()
        for player in self.board.turn_order:
            side = self.board.team_of(player) if self.board.variant.has_teams else (player,)
            if side in seen:
                continue
            seen.add(side)
            dealt = sum(a.to_player for a in self.assignments if a.player in side)
            if dealt:
                found.append(
                    msg(
                        "combat.change.life", players=players_text(side), amount=dealt, life=self.life[player]
                    )
                )
        if self.losers:
            found.append(msg("combat.change.losers", players=players_text(self.losers)))
        return tuple(found)

    def summary(self, lang: str = "en") -> str:
        return ("; " if lang != "ja" else " ／ ").join(render(m, lang) for m in self.changes())

    def to_answer(self, lang: str = "en") -> dict[str, Any]:
        return {
            "steps": [s.to_answer(lang) for s in self.steps],
            "assignments": [a.to_payload() for a in self.assignments],
            "life": dict(self.life),
            "losers": list(self.losers),
            "summary": self.summary(lang),
        }


def _to_blockers(
    board: Board,
    attacker: GameObject,
    blockers: list[GameObject],
    stats: Mapping[str, Stats],
    power: int,
    player: str,
    steps: list[Step],
) -> tuple[list[tuple[str, int]], int]:
    """A blocked attacker's damage: lethal damage to each blocker in order, the rest to the last one or,
    with trample, to the player (510.1c, 702.19b); returns the shares and what is left for the player."""
    to_blockers: list[tuple[str, int]] = []
    remaining = power
    for blocker in blockers:
        share = min(stats[blocker.id].lethal, remaining)
        to_blockers.append((blocker.id, share))
        remaining -= share
    if remaining and not stats[attacker.id].trample:
        # No trample: everything goes to the blockers.
        first = to_blockers[0]
        to_blockers[0] = (first[0], first[1] + remaining)
        remaining = 0
    shares = ", ".join(f"{board.object(i).label.en} {n}" for i, n in to_blockers)
    shares_ja = "、".join(f"{board.object(i).label.ja}に{n}点" for i, n in to_blockers)
    if stats[attacker.id].trample and remaining:
        steps.append(
            Step.of(
                "combat.trample",
                rule="702.19b",
                objects=(attacker.id,),
                object=attacker.label,
                shares=Text(en=shares, ja=shares_ja),
                excess=remaining,
                player=player,
            )
        )
    else:
        steps.append(
            Step.of(
                "combat.to-blockers",
                rule="510.1c",
                objects=(attacker.id,),
                object=attacker.label,
                shares=Text(en=shares, ja=shares_ja),
            )
        )
    return to_blockers, remaining


def assign_combat_damage(
    *, board: Board, stats: Mapping[str, Stats], life: Mapping[str, int]
) -> CombatResult:
    """The combat damage step for ``board.combat`` (see the module docstring)."""
    steps: list[Step] = []
    two_headed = board.variant is Variant.TWO_HEADED_GIANT
    if two_headed and board.active_player is not None:
        steps.append(Step.of("combat.shared-team-turns", rule="810.7"))
        steps.append(
            Step.of(
                "combat.team-announces",
                rule="805.10f",
                players=players_text(board.team_of(board.active_player)),
            )
        )
    assignments: list[Assignment] = []
    for attack in board.combat:
        attacker = board.object(attack.attacker)
        power = stats[attacker.id].power
        if power <= 0:
            steps.append(
                Step.of("combat.no-power", rule="510.1a", objects=(attacker.id,), object=attacker.label)
            )
            continue
        player = attack.attacking if attack.attacking in board.turn_order else None
        left = attack.attacking in board.left
        blockers = [board.object(b) for b in attack.blockers]
        to_blockers: list[tuple[str, int]] = []
        remaining = power
        if blockers:
            to_blockers, remaining = _to_blockers(
                board, attacker, blockers, stats, power, player or attack.attacking, steps
            )
        elif player is not None:
            steps.append(
                Step.of(
                    "combat.unblocked",
                    rule="510.1b",
                    objects=(attacker.id,),
                    object=attacker.label,
                    amount=power,
                    player=player,
                )
            )
        if left and remaining:
            steps.append(
                Step.of(
                    "combat.player-left",
                    rule="800.4e",
                    objects=(attacker.id,),
                    object=attacker.label,
                    player=attack.attacking,
                )
            )
            remaining = 0
        if not blockers and player is None and not left:
            steps.append(
                Step.of(
                    "combat.attacks-nothing", rule="506.4c", objects=(attacker.id,), object=attacker.label
                )
            )
            remaining = 0
        assignments.append(
            Assignment(
                attacker=attacker.id,
                player=player if remaining else None,
                to_player=remaining,
                to_blockers=tuple(to_blockers),
            )
        )
    after = dict(life)
    losers: list[str] = []
    seen: set[tuple[str, ...]] = set()
    for player in board.turn_order:
        side = board.team_of(player) if two_headed else (player,)
        if side in seen:
            continue
        seen.add(side)
        dealt = [(a.player, a.to_player) for a in assignments if a.player in side and a.to_player]
        if not dealt:
            continue
        before = life[side[0]]
        total = before - sum(n for _, n in dealt)
        for member in side:
            after[member] = total
        for target, amount in dealt:
            if two_headed:
                steps.append(
                    Step.of(
                        "combat.shared-life",
                        rule="810.9",
                        player=target or "",
                        amount=amount,
                        players=players_text(side),
                    )
                )
            else:
                steps.append(Step.of("combat.life-loss", rule="120.3a", player=target or "", amount=amount))
        steps.append(
            Step.of(
                "combat.life-total",
                rule="810.9" if two_headed else "120.3a",
                players=players_text(side),
                before=before,
                after=total,
            )
        )
        if total <= 0:
            losers.extend(side)
            steps.append(
                Step.of(
                    "combat.team-loses" if two_headed else "combat.player-loses",
                    rule="810.8c" if two_headed else "104.3b",
                    players=players_text(side),
                )
            )
    return CombatResult(
        steps=tuple(steps), assignments=tuple(assignments), life=after, losers=tuple(losers), board=board
    )


def combat_damage_from_payload(payload: Mapping[str, Any]) -> CombatResult:
    """Read a board with ``combat`` plus ``"stats"`` ({id: {power, toughness, trample, damage}}) and
    ``"life"``."""
    reader = BoardReader(extra_fields={"stats", "life"})
    board = reader.read(payload)
    data = payload if isinstance(payload, Mapping) else {}
    stats: dict[str, Stats] = {}
    for key, raw in (
        reader.mapping(data.get("stats") or {}, "stats", msg("combat.label.stats")) or {}
    ).items():
        lbl = msg("combat.label.stats-of", id=str(key)[:200])
        item = reader.mapping(raw, f"stats.{key}", lbl)
        if item is None:
            continue
        numbers = [
            _count(reader, item.get(k, 0), f"stats.{key}.{k}", lbl) for k in ("power", "toughness", "damage")
        ]
        trample = reader.flag(item.get("trample"), f"stats.{key}.trample", lbl)
        if None not in numbers:
            power, toughness, marked = (n or 0 for n in numbers)
            stats[str(key)] = Stats(power=power, toughness=toughness, trample=trample, damage=marked)
    life: dict[str, int] = {}
    for key, raw in (reader.mapping(data.get("life") or {}, "life", msg("combat.label.life")) or {}).items():
        name = reader.player(key, f"life.{key}", msg("combat.label.life-of", player=str(key)[:200]))
        count = _count(
            reader, raw, f"life.{key}", msg("combat.label.life-of", player=str(key)[:200]), low=-MAX_LIFE
        )
        if name is not None and count is not None:
            life[name] = count
    settled = reader.finish(board)
    problems: list[Message] = []
    creatures = {a.attacker for a in settled.combat} | {b for a in settled.combat for b in a.blockers}
    for creature in sorted(creatures - set(stats)):
        problems.append(
            msg("combat.stats-required", field=f"stats.{creature}", object=settled.object(creature).label)
        )
    for player in settled.turn_order:
        if player not in life and not any(m in life for m in settled.team_of(player)):
            problems.append(msg("combat.life-required", field=f"life.{player}", player=player))
    for team in settled.teams if settled.variant is Variant.TWO_HEADED_GIANT else ():
        given = {life[m] for m in team if m in life}
        if len(given) > 1:
            problems.append(
                msg("combat.shared-life-differs", rule="810.4", field="life", players=players_text(team))
            )
        for member in team:
            if given:
                life.setdefault(member, min(given))
    if problems:
        raise InvalidInputError(problems)
    return assign_combat_damage(board=settled, stats=stats, life=life)


def _count(reader: BoardReader, value: Any, where: str, lbl: Message, *, low: int = 0) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= MAX_POWER:
        reader.problem("input.whole-number", where, lbl, low=low, high=MAX_POWER)
        return None
    return value


__all__ = ["Assignment", "CombatResult", "Stats", "assign_combat_damage", "combat_damage_from_payload"]
