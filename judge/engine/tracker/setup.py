"""A tracked game's setup: its variant, the players in turn order, their commanders and teams.

:func:`table_setup` checks a new game and lists every problem at once;
:class:`TableSetup` says what follows from it (starting life, poison limit,
whether 21 commander damage loses) with the rule for each, and
:func:`start_steps` explains the starting table.

>>> s = table_setup(variant="two-headed-giant", players=["A", "B", "C", "D"])
>>> s.teams, s.starting_life, s.poison_limit
((('A', 'B'), ('C', 'D')), 30, 15)
>>> table_setup(variant="planechase", players=["A", "a"])
Traceback (most recent call last):
...
judge.engine.errors.InvalidInputError: Player 2's name: “a” appears twice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judge.engine.errors import InvalidInputError
from judge.engine.messages import Message, msg
from judge.engine.steps import Step
from judge.engine.tracker.fields import (
    MAX_NAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    joined,
    player_label,
    read_choice,
    read_flag,
    read_name,
)
from judge.engine.variants import Variant

DTC_SHIELDS = 7
DTC_MAX_SHIELDS = 99


def variant_name(variant: Variant) -> Message:
    """The variant's name in the reader's language: "Two-Headed Giant" / "双頭巨人戦"."""
    return msg(f"tracker.variant.{variant.value}")


@dataclass(frozen=True)
class TableSetup:
    """Who plays what: fixed when the game starts.

    ``players`` is the turn order, starting player first; ``commanders`` is
    parallel to it; ``teams`` lists the sides in turn order (one player per
    side outside team variants).
    """

    variant: Variant
    players: tuple[str, ...]
    commanders: tuple[tuple[str, ...], ...]
    teams: tuple[tuple[str, ...], ...]
    planechase: bool = False

    @property
    def has_life(self) -> bool:
        """DTC is played with shields, not life totals or poison counters (dtc:win-loss)."""
        return self.variant is not Variant.DTC

    @property
    def starting_life(self) -> int:
        """103.4, 903.7, 903.12f, 810.4 and 810.11 (per side)."""
        if self.variant is Variant.COMMANDER:
            return 40
        if self.variant is Variant.BRAWL:
            return 25 if len(self.players) == 2 else 30
        if self.variant is Variant.TWO_HEADED_GIANT:
            return 30 + 15 * (max(len(t) for t in self.teams) - 2)
        if self.variant is Variant.DTC:
            return 0
        return 20

    @property
    def poison_limit(self) -> int:
        """704.5c; Two-Headed Giant 704.6b and 810.11."""
        if self.variant is Variant.TWO_HEADED_GIANT:
            return 15 + 5 * (max(len(t) for t in self.teams) - 2)
        return 10

    @property
    def commander_damage_counts(self) -> bool:
        """Whether 21 commander damage loses: Commander yes (704.6c), Brawl no (903.12h)."""
        return self.variant is Variant.COMMANDER

    def to_payload(self) -> dict[str, Any]:
        """The JSON stored with a game; :func:`judge.engine.tracker.setup_from_json` reads it back.

        >>> from judge.engine.tracker import setup_from_json
        >>> s = table_setup(variant="planechase", players=["A", "B"])
        >>> setup_from_json(s.to_payload()) == s
        True
        """
        return {
            "variant": self.variant.value,
            "players": list(self.players),
            "commanders": {p: list(c) for p, c in zip(self.players, self.commanders, strict=True)},
            "teams": [list(t) for t in self.teams] if self.variant.has_teams else None,
            "planechase": self.planechase,
        }


def max_commanders(variant: Variant) -> int:
    """Partners give two commanders (702.124a, never more, 702.124g); DTC picks one card."""
    if variant is Variant.DTC:
        return 1
    return 2 if variant.has_commanders else 0


def _key(name: str) -> str:
    """How names are compared: case-insensitively, runs of spaces collapsed."""
    return " ".join(name.split()).casefold()


def table_setup(
    *,
    variant: Variant | str,
    players: Sequence[str],
    commanders: Mapping[str, Sequence[str]] | None = None,
    teams: Sequence[Sequence[str]] | None = None,
    planechase: bool | str = False,
) -> TableSetup:
    """Check a new game and return its setup, listing every problem at once.

    Without ``teams``, a team variant splits the turn order in two halves: each
    team sits together (810.3). Names are compared case-insensitively.
    """
    problems: list[Message] = []
    kind = read_choice(
        Variant,
        variant,
        field="variant",
        label=msg("tracker.label.variant"),
        problems=problems,
        allowed=Variant.TRACKER,
        name=variant_name,
    )
    players_label = msg("tracker.label.players")
    listed = not isinstance(players, str) and isinstance(players, Sequence)
    if not listed:
        problems.append(msg("tracker.players-list", field="players", label=players_label))
        players = []
    if len(players) > MAX_PLAYERS:
        problems.append(
            msg("tracker.too-many-players", field="players", label=players_label, max=MAX_PLAYERS)
        )
        players = players[:MAX_PLAYERS]
    names: list[str] = []
    seen: set[str] = set()
    for index, value in enumerate(players):
        name = read_name(value, field=f"players[{index}]", label=player_label(index), problems=problems)
        if name is None:
            continue
        if name.casefold() in seen:
            problems.append(
                msg("input.duplicate", field=f"players[{index}]", label=player_label(index), value=name)
            )
            continue
        seen.add(name.casefold())
        names.append(name)
    if listed and len(players) < MIN_PLAYERS:
        problems.append(msg("tracker.too-few-players", field="players", label=players_label, min=MIN_PLAYERS))
    command = _commanders(kind, names, commanders, seen, problems)
    sides: list[tuple[str, ...]] = []
    if teams is not None and (isinstance(teams, str) or not isinstance(teams, Sequence)):
        problems.append(msg("tracker.teams-list", field="teams", label=msg("tracker.label.teams")))
        teams = None
    if kind is not None and kind.has_teams:
        sides = _teams(kind, names, teams, problems)
    elif teams and kind is not None:
        problems.append(msg("tracker.teams-none", field="teams", label=msg("tracker.label.teams")))
    else:
        sides = [(name,) for name in names]
    chase = read_flag(
        planechase, field="planechase", label=msg("tracker.label.planechase"), problems=problems
    )
    if kind is Variant.DTC and chase:
        problems.append(
            msg("tracker.planechase-dtc", field="planechase", label=msg("tracker.label.planechase"))
        )
    if problems:
        raise InvalidInputError(problems)
    assert kind is not None
    return TableSetup(
        variant=kind,
        players=tuple(names),
        commanders=command,
        teams=tuple(sides),
        planechase=chase or kind is Variant.PLANECHASE,
    )


def _commanders_by_player(
    commanders: Mapping[Any, Any], seen: set[str], label: Message, problems: list[Message]
) -> dict[str, Any]:
    """The commanders map keyed by player (casefolded); keys that name no player are problems."""
    by_name: dict[str, Any] = {}
    for key, value in commanders.items():
        if not isinstance(key, str):
            problems.append(msg("input.not-text", field="commanders", label=label))
        elif any("\ud800" <= ch <= "\udfff" for ch in key):
            problems.append(msg("input.broken-text", field="commanders", label=label))
        elif _key(key) in by_name:
            problems.append(msg("input.duplicate", field="commanders", label=label, value=key[:MAX_NAME]))
        elif _key(key) in seen:
            by_name[_key(key)] = value
        else:
            problems.append(msg("input.not-a-player", field="commanders", label=label, name=key[:MAX_NAME]))
    return by_name


def _commander_count_problems(kind: Variant, count: int, where: str, own: Message) -> list[Message]:
    """DTC takes one, partners two (702.124g), others none. None named yet is fine: a table starts the
    tracker before everyone has said what they play, and names it later (EventKind.NAME_COMMANDER)."""
    problems: list[Message] = []
    if count > max_commanders(kind):
        if kind is Variant.DTC:
            problems.append(msg("tracker.commanders-dtc-one", rule="dtc:commander", field=where, label=own))
        elif kind.has_commanders:
            problems.append(msg("tracker.commanders-two", rule="702.124g", field=where, label=own))
        else:
            problems.append(
                msg("tracker.commanders-none", field=where, label=own, variant=variant_name(kind))
            )
    return problems


def _commanders(
    kind: Variant | None, names: list[str], commanders: Any, seen: set[str], problems: list[Message]
) -> tuple[tuple[str, ...], ...]:
    """Each player's commanders, in turn order (903.3; partners 702.124)."""
    label = msg("tracker.label.commanders")
    if commanders is None:
        commanders = {}
    if not isinstance(commanders, Mapping):
        problems.append(msg("tracker.commanders-map", field="commanders", label=label))
        commanders = {}
    by_name = _commanders_by_player(commanders, seen, label, problems)
    command: list[tuple[str, ...]] = []
    for name in names:
        raw = by_name.get(name.casefold(), [])
        own = msg("tracker.label.commanders-of", player=name)
        where = f"commanders[{name}]"
        if isinstance(raw, str) or not isinstance(raw, Sequence):
            problems.append(msg("tracker.commanders-list", field=where, label=own))
            raw = []
        found: list[str] = []
        for index, value in enumerate(raw[:3]):
            card = read_name(
                value,
                field=f"{where}[{index}]",
                problems=problems,
                label=msg("tracker.label.commander-name", player=name, n=index + 1),
            )
            if card is not None:
                found.append(card)
        if kind is not None:
            problems += _commander_count_problems(kind, len(raw), where, own)
        command.append(tuple(found))
    return tuple(command)


def _teams(
    kind: Variant, names: list[str], teams: Sequence[Sequence[str]] | None, problems: list[Message]
) -> list[tuple[str, ...]]:
    label = msg("tracker.label.teams")
    if not teams:
        half = (len(names) + 1) // 2
        split = [tuple(names[:half]), tuple(names[half:])]
    else:
        split = []
        lookup = {n.casefold(): n for n in names}
        placed: set[str] = set()
        for index, team in enumerate(teams[:MAX_PLAYERS]):
            team_label = msg("tracker.label.team", n=index + 1)
            if isinstance(team, str) or not isinstance(team, Sequence) or not team:
                problems.append(msg("tracker.team-list", field=f"teams[{index}]", label=team_label))
                continue
            members: list[str] = []
            for m_index, value in enumerate(team[:MAX_PLAYERS]):
                where = f"teams[{index}][{m_index}]"
                member = read_name(value, field=where, label=team_label, problems=problems)
                if member is None:
                    continue
                if member.casefold() not in lookup:
                    problems.append(msg("input.not-a-player", field=where, label=team_label, name=member))
                elif member.casefold() in placed:
                    problems.append(msg("tracker.team-twice", field=where, label=team_label, name=member))
                else:
                    placed.add(member.casefold())
                    members.append(lookup[member.casefold()])
            if members:
                split.append(tuple(members))
        missing = [n for n in names if n.casefold() not in placed]
        if missing:
            problems.append(msg("tracker.team-missing", field="teams", label=label, names=joined(missing)))
        # Teams take turns in the order their first member appears in the turn order.
        split.sort(key=lambda t: names.index(t[0]))
    if len(split) != 2 or any(not t for t in split):
        rule = "dtc:basic-rules" if kind is Variant.DTC else "810.1"
        problems.append(msg("tracker.teams-two", rule=rule, field="teams", label=label))
    elif kind is Variant.TWO_HEADED_GIANT and (len(split[0]) != len(split[1]) or len(split[0]) < 2):
        problems.append(msg("tracker.teams-same-size", rule="810.11", field="teams", label=label))
    return split


def start_steps(setup: TableSetup) -> tuple[Step, ...]:
    """Why the table starts the way it does.

    >>> [s.render("ja") for s in start_steps(table_setup(variant="planechase", players=["みき", "Ben"]))]
    ['各プレイヤーは 20 点のライフでゲームを始めます。',
    'アクティブ・プレイヤーは次元ダイスを振れます。そのターンにもう一度振るたびに、コストが 1
    ずつ増えます。', 'みき が最初のターンを行います。']
    """
    variant = setup.variant
    life = setup.starting_life
    if variant is Variant.COMMANDER:
        steps = [Step.of("tracker.start.life", rule="903.7", life=life)]
    elif variant is Variant.BRAWL:
        code = "tracker.start.brawl-two" if len(setup.players) == 2 else "tracker.start.brawl-multi"
        steps = [Step.of(code, rule="903.12f", life=life)]
    elif variant is Variant.TWO_HEADED_GIANT:
        steps = [Step.of("tracker.start.team-life", rule="810.4", life=life)]
        if life != 30:
            steps.append(Step.of("tracker.start.big-teams", rule="810.11"))
        steps.append(Step.of("tracker.start.team-poison", rule="810.10", limit=setup.poison_limit))
    elif variant is Variant.DTC:
        steps = [Step.of("tracker.start.shields", rule="dtc:setup", shields=DTC_SHIELDS)]
    else:
        steps = [Step.of("tracker.start.life", rule="103.4", life=life)]
    if setup.planechase:
        steps.append(Step.of("tracker.start.planar-die", rule="901.9"))
    steps.append(Step.of("tracker.start.first-turn", rule="103.8", player=setup.players[0]))
    return tuple(steps)
