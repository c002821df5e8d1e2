"""The shared table tracker: life, poison, commander damage, commander tax and planar die costs.

A game is its :class:`TableSetup` (variant, players in turn order, their
commanders, teams) plus the list of :class:`Event` recorded since. The state
of the table is never stored: :func:`replay` folds the events that were not
undone over the starting state, so undo is "mark the last event undone".

Rules the tracker follows
-------------------------
- Starting life (103.4): Commander 40 (903.7, 103.4c); Brawl 25 with two
  players, 30 in a multiplayer game (903.12f); Two-Headed Giant 30 per team
  (810.4), plus 15 for each player a team has beyond the second (810.11);
  Planechase 20 (103.4). Duel Masters Tag Commander (DTC) has no life total:
  each player starts with 7 shields and a team loses to a direct attack once
  all of its shields are gone (dtc:setup, dtc:win-loss).
- Poison: 10 or more loses (704.5c); in Two-Headed Giant poison is shared by
  the team and 15 loses (810.10, 704.6b), plus 5 per extra player (810.11).
- Commander damage: combat damage from each commander is counted per
  (damaged player, commander); 21 or more from the same commander loses
  (903.10a, 704.6c); partners are counted separately (702.124d). Brawl does not
  use that rule (903.12h): the damage is still shown. The damage also costs
  that much life (120.3a).
- Commander tax: {2} for each previous cast from the command zone (903.8),
  each partner separately (702.124d). A commander put onto the battlefield
  without being cast, or cast from another zone (from hand after Command
  Beacon), adds no tax. DTC: 2 more (colourless, not reducible) for each
  previous play from the command zone, counted per player; plays from other
  zones do not count (dtc:commander-tax).
- Planar die (901.9): the active player's n-th roll in a turn as the special
  action costs n-1 mana; rolls caused by effects cost nothing and do not
  count; the count resets when the next turn begins. In Two-Headed Giant each
  member of the active team counts their own rolls (901.12d).
- Losing: state-based actions are checked after every event (704.3); a team
  loses together (810.8a, DTC); a player who has lost has left the game
  (800.4a), is skipped in turn order (800.4k) and takes no more events. The
  last side standing wins (104.2a, 104.2c); if all remaining sides lose at
  once the game is a draw (104.4a).

>>> table = new_table(variant="commander", players=["Alex", "Bianca"],
...                   commanders={"Alex": ["Atraxa"], "Bianca": ["Kraum", "Tymna"]})
>>> table.life_of("Alex"), table.commander("Bianca", 1).tax
(40, 0)
>>> table, steps = apply_event(state=table, event=Event(kind=EventKind.CAST_COMMANDER, player="Bianca", commander=0))
>>> table.commander("Bianca", 0).tax, table.commander("Bianca", 1).tax, steps[0].rule
(2, 0, '903.8')
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from judge.engine.errors import IllegalStateError, InvalidInputError
from judge.engine.steps import Step

MAX_PLAYERS = 20
MIN_PLAYERS = 2
MAX_NAME = 60
MAX_AMOUNT = 1000          # one event never moves a counter by more than this
MAX_TOTAL = 1_000_000      # life totals stay within +- this
MAX_CASTS = 99
COMMANDER_DAMAGE_LIMIT = 21
DTC_SHIELDS = 7
DTC_MAX_SHIELDS = 99


class Variant(enum.Enum):
    """The variant a tracked game is played in."""

    COMMANDER = "commander"                # 903
    BRAWL = "brawl"                        # 903.12
    TWO_HEADED_GIANT = "two-headed-giant"  # 810
    PLANECHASE = "planechase"              # 901
    DTC = "dtc"                            # Duel Masters Tag Commander (house rules)

    @property
    def has_commanders(self) -> bool:
        return self in (Variant.COMMANDER, Variant.BRAWL, Variant.DTC)

    @property
    def has_teams(self) -> bool:
        return self in (Variant.TWO_HEADED_GIANT, Variant.DTC)

    @property
    def has_life(self) -> bool:
        """DTC is played with shields, not life totals or poison counters."""
        return self is not Variant.DTC

    @property
    def max_commanders(self) -> int:
        """Partners give two commanders (702.124a, never more, 702.124g); DTC picks one card."""
        if self is Variant.DTC:
            return 1
        return 2 if self.has_commanders else 0


class EventKind(enum.Enum):
    """What a recorded change does."""

    LIFE = "life"                                      # amount: life gained (+) or lost (-)
    POISON = "poison"                                  # amount: poison counters given (+) or removed (-)
    COMMANDER_DAMAGE = "commander-damage"              # player dealt `amount` combat damage by owner's commander
    CAST_COMMANDER = "cast-commander"                  # cast (DTC: played) from the command zone
    COMMANDER_WITHOUT_CAST = "commander-without-cast"  # put onto the battlefield / cast from another zone
    SET_COMMANDER_CASTS = "set-commander-casts"        # correction: the number of casts so far
    SHIELDS = "shields"                                # DTC: shields added (+) or broken (-)
    PLANAR_ROLL = "planar-roll"                        # 901.9
    NEXT_TURN = "next-turn"
    LOSE = "lose"                                      # a player (DTC / 2HG: their team) loses


class LossReason(enum.Enum):
    """Why a player or team lost; :attr:`rule` is the rule that says so."""

    LIFE = "life"                          # 704.5a
    POISON = "poison"                      # 704.5c
    COMMANDER_DAMAGE = "commander-damage"  # 704.6c
    TEAM_LIFE = "team-life"                # 704.6a
    TEAM_POISON = "team-poison"            # 704.6b
    CONCEDE = "concede"                    # 104.3a
    EMPTY_LIBRARY = "empty-library"        # 704.5b
    EFFECT = "effect"                      # 104.3e
    DIRECT_ATTACK = "direct-attack"        # DTC

    @property
    def rule(self) -> str:
        return _LOSS_RULES[self]


_LOSS_RULES = {
    LossReason.LIFE: "704.5a",
    LossReason.POISON: "704.5c",
    LossReason.COMMANDER_DAMAGE: "704.6c",
    LossReason.TEAM_LIFE: "704.6a",
    LossReason.TEAM_POISON: "704.6b",
    LossReason.CONCEDE: "104.3a",
    LossReason.EMPTY_LIBRARY: "704.5b",
    LossReason.EFFECT: "104.3e",
    LossReason.DIRECT_ATTACK: "dtc:win-loss",
}
#: Reasons a LOSE event may give; the others come from state-based actions.
DECLARED_LOSSES = (LossReason.CONCEDE, LossReason.EMPTY_LIBRARY, LossReason.EFFECT, LossReason.DIRECT_ATTACK)


class DieFace(enum.Enum):
    """The planar die: one Planeswalker face, one chaos face, four blank faces (901.3a)."""

    BLANK = "blank"
    CHAOS = "chaos"
    PLANESWALKER = "planeswalker"


#: The six faces, for a fair roll with ``secrets.choice``.
PLANAR_DIE: tuple[DieFace, ...] = (DieFace.PLANESWALKER, DieFace.CHAOS) + (DieFace.BLANK,) * 4


class EntryHow(enum.Enum):
    """How a commander arrived without a cast from the command zone."""

    BATTLEFIELD = "battlefield"  # put onto the battlefield without being cast
    OTHER_ZONE = "other-zone"    # cast (DTC: played) from hand or another zone, e.g. after Command Beacon


# --------------------------------------------------------------------------- setup


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


def _text(value: Any, where: str, problems: list[str]) -> str | None:
    if not isinstance(value, str):
        problems.append(f"{where}: must be text")
        return None
    text = " ".join(value.split())
    if not text:
        problems.append(f"{where}: must not be empty")
        return None
    if len(text) > MAX_NAME:
        problems.append(f"{where}: longer than {MAX_NAME} characters")
        return None
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in text):
        problems.append(f"{where}: contains control characters")
        return None
    return text


def _variant(value: Any, problems: list[str]) -> Variant | None:
    if isinstance(value, Variant):
        return value
    try:
        return Variant(value)
    except ValueError:
        choices = ", ".join(v.value for v in Variant)
        problems.append(f"variant: {str(value)[:40]!r} is not one of {choices}")
        return None


def table_setup(
    *,
    variant: Variant | str,
    players: Sequence[str],
    commanders: Mapping[str, Sequence[str]] | None = None,
    teams: Sequence[Sequence[str]] | None = None,
    planechase: bool = False,
) -> TableSetup:
    """Check a new game and return its setup, listing every problem at once.

    Without ``teams``, a team variant splits the turn order in two halves: each
    team sits together (810.3).

    >>> s = table_setup(variant="two-headed-giant", players=["A", "B", "C", "D"])
    >>> s.teams, s.starting_life, s.poison_limit
    ((('A', 'B'), ('C', 'D')), 30, 15)
    >>> table_setup(variant="planechase", players=["A", "a"])
    Traceback (most recent call last):
    ...
    judge.engine.errors.InvalidInputError: players[1]: 'a' appears twice
    """
    problems: list[str] = []
    kind = _variant(variant, problems)
    names: list[str] = []
    if isinstance(players, str) or not isinstance(players, Sequence):
        problems.append("players: must be a list of names in turn order")
        players = []
    if len(players) > MAX_PLAYERS:
        problems.append(f"players: at most {MAX_PLAYERS} players")
        players = players[:MAX_PLAYERS]
    seen: set[str] = set()
    for index, value in enumerate(players):
        name = _text(value, f"players[{index}]", problems)
        if name is None:
            continue
        if name.casefold() in seen:
            problems.append(f"players[{index}]: {name!r} appears twice")
            continue
        seen.add(name.casefold())
        names.append(name)
    if len(players) < MIN_PLAYERS:
        problems.append(f"players: at least {MIN_PLAYERS} players")
    commanders = commanders or {}
    if not isinstance(commanders, Mapping):
        problems.append("commanders: must map each player to their commanders")
        commanders = {}
    by_name = {" ".join(str(k).split()).casefold(): v for k, v in commanders.items()}
    for key in commanders:
        if " ".join(str(key).split()).casefold() not in seen:
            problems.append(f"commanders: {str(key)[:MAX_NAME]!r} is not a player")
    command: list[tuple[str, ...]] = []
    for name in names:
        raw = by_name.get(name.casefold(), [])
        if isinstance(raw, str) or not isinstance(raw, Sequence):
            problems.append(f"commanders[{name}]: must be a list of names")
            raw = []
        found = [c for i, v in enumerate(raw) if (c := _text(v, f"commanders[{name}][{i}]", problems))]
        if kind is not None:
            if kind.has_commanders and not raw:
                problems.append(f"commanders[{name}]: each player needs a commander (903.3)")
            if len(raw) > kind.max_commanders:
                if kind is Variant.DTC:
                    problems.append(f"commanders[{name}]: DTC uses one commander card (dtc:commander)")
                elif kind.has_commanders:
                    problems.append(f"commanders[{name}]: at most two commanders, with partner (702.124g)")
                else:
                    problems.append(f"commanders[{name}]: {kind.value} games have no commanders")
        command.append(tuple(found))
    sides: list[tuple[str, ...]] = []
    if teams is not None and (isinstance(teams, str) or not isinstance(teams, Sequence)):
        problems.append("teams: must be a list of teams, each a list of players")
        teams = None
    if kind is not None and kind.has_teams:
        sides = _teams(kind, names, teams, problems)
    elif teams:
        problems.append("teams: only Two-Headed Giant and DTC games have teams")
    else:
        sides = [(name,) for name in names]
    if kind is Variant.DTC and planechase:
        problems.append("planechase: DTC is a Duel Masters format without a planar die")
    if problems:
        raise InvalidInputError(problems)
    assert kind is not None
    return TableSetup(
        variant=kind,
        players=tuple(names),
        commanders=tuple(command),
        teams=tuple(sides),
        planechase=bool(planechase) or kind is Variant.PLANECHASE,
    )


def _teams(
    kind: Variant, names: list[str], teams: Sequence[Sequence[str]] | None, problems: list[str]
) -> list[tuple[str, ...]]:
    if not teams:
        half = (len(names) + 1) // 2
        split = [tuple(names[:half]), tuple(names[half:])]
    else:
        split = []
        lookup = {n.casefold(): n for n in names}
        placed: set[str] = set()
        for index, team in enumerate(teams):
            if isinstance(team, str) or not isinstance(team, Sequence) or not team:
                problems.append(f"teams[{index}]: must be a non-empty list of players")
                continue
            members: list[str] = []
            for m_index, value in enumerate(team):
                member = _text(value, f"teams[{index}][{m_index}]", problems)
                if member is None:
                    continue
                if member.casefold() not in lookup:
                    problems.append(f"teams[{index}][{m_index}]: {member!r} is not a player")
                elif member.casefold() in placed:
                    problems.append(f"teams[{index}][{m_index}]: {member!r} is on two teams")
                else:
                    placed.add(member.casefold())
                    members.append(lookup[member.casefold()])
            if members:
                split.append(tuple(members))
        missing = [n for n in names if n.casefold() not in placed]
        if missing:
            problems.append(f"teams: {', '.join(missing)} not on any team")
        # Teams take turns in the order their first member appears in the turn order.
        split.sort(key=lambda t: names.index(t[0]))
    if len(split) != 2 or any(not t for t in split):
        problems.append("teams: the game is played by two teams (810.1, dtc:basic-rules)")
    elif kind is Variant.TWO_HEADED_GIANT and (len(split[0]) != len(split[1]) or len(split[0]) < 2):
        problems.append("teams: Two-Headed Giant needs two teams of the same size, 2 or more each (810.1, 810.11)")
    return split


def setup_to_payload(setup: TableSetup) -> dict[str, Any]:
    """The JSON stored with a game; :func:`setup_from_payload` reads it back.

    >>> s = table_setup(variant="planechase", players=["A", "B"])
    >>> setup_from_payload(setup_to_payload(s)) == s
    True
    """
    return {
        "variant": setup.variant.value,
        "players": list(setup.players),
        "commanders": {p: list(c) for p, c in zip(setup.players, setup.commanders)},
        "teams": [list(t) for t in setup.teams] if setup.variant.has_teams else None,
        "planechase": setup.planechase,
    }


def setup_from_payload(payload: Mapping[str, Any]) -> TableSetup:
    if not isinstance(payload, Mapping):
        raise InvalidInputError(["setup: must be an object"])
    return table_setup(
        variant=payload.get("variant", ""),
        players=payload.get("players") or [],
        commanders=payload.get("commanders") or {},
        teams=payload.get("teams") or None,
        planechase=bool(payload.get("planechase", False)),
    )


# --------------------------------------------------------------------------- state


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
        """The additional generic mana the next cast from the command zone costs (903.8)."""
        return 2 * self.casts


@dataclass(frozen=True)
class PlayerState:
    name: str
    commanders: tuple[CommanderState, ...] = ()
    # Combat damage dealt to this player by each commander: ((owner, index), amount), 903.10a.
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
    events: int = 0  # events applied so far

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


def new_table(
    *,
    variant: Variant | str,
    players: Sequence[str],
    commanders: Mapping[str, Sequence[str]] | None = None,
    teams: Sequence[Sequence[str]] | None = None,
    planechase: bool = False,
) -> TableState:
    """The table at the start of the game (103.4, 903.6, 903.7).

    >>> t = new_table(variant="brawl", players=["A", "B", "C"], commanders={"A": ["X"], "B": ["Y"], "C": ["Z"]})
    >>> [t.life_of(p) for p in "ABC"]
    [30, 30, 30]
    """
    return initial_state(
        table_setup(variant=variant, players=players, commanders=commanders, teams=teams, planechase=planechase)
    )


def initial_state(setup: TableSetup) -> TableState:
    shields = DTC_SHIELDS if setup.variant is Variant.DTC else 0
    players = tuple(
        PlayerState(
            name=name,
            commanders=tuple(CommanderState(owner=name, index=i, name=c) for i, c in enumerate(command)),
            shields=shields,
        )
        for name, command in zip(setup.players, setup.commanders)
    )
    sides = tuple(Side(members=team, life=setup.starting_life) for team in setup.teams)
    return TableState(setup=setup, players=players, sides=sides)


def start_steps(setup: TableSetup) -> tuple[Step, ...]:
    """Why the table starts the way it does."""
    variant = setup.variant
    first = setup.players[0]
    if variant is Variant.COMMANDER:
        steps = [Step(rule="903.7", text="Each player starts at 40 life.")]
    elif variant is Variant.BRAWL:
        life = setup.starting_life
        size = "two-player" if len(setup.players) == 2 else "multiplayer"
        steps = [Step(rule="903.12f", text=f"In a {size} Brawl game each player starts at {life} life.")]
    elif variant is Variant.TWO_HEADED_GIANT:
        steps = [Step(rule="810.4", text=f"Each team shares one life total, starting at {setup.starting_life}.")]
        if setup.starting_life != 30:
            steps.append(Step(rule="810.11", text="Teams of more than two: +15 life and +5 poison per extra player."))
        steps.append(Step(rule="810.10", text=f"Poison counters are shared by the team; {setup.poison_limit} loses."))
    elif variant is Variant.DTC:
        steps = [Step(rule="dtc:setup", text=f"Each player starts with {DTC_SHIELDS} shields; there are no life totals.")]
    else:
        steps = [Step(rule="103.4", text="Each player starts at 20 life.")]
    if setup.planechase:
        steps.append(Step(rule="901.9", text="The active player may roll the planar die; each further roll that turn costs 1 more."))
    steps.append(Step(rule="103.8", text=f"{first} takes the first turn."))
    return tuple(steps)


# --------------------------------------------------------------------------- events


@dataclass(frozen=True)
class Event:
    """One recorded change.

    ``player`` is who it happens to (the damaged player for commander damage,
    the owner for commander events, the roller for the planar die).
    ``owner``/``commander`` pick a commander by its owner and position (0, or 1
    for the partner). ``undone`` events are kept for the history but skipped.
    """

    kind: EventKind
    player: str = ""
    amount: int = 0
    owner: str = ""
    commander: int = 0
    reason: LossReason | None = None
    face: DieFace | None = None
    free: bool = False
    how: EntryHow | None = None
    undone: bool = False


_AMOUNT_KINDS = (EventKind.LIFE, EventKind.POISON, EventKind.COMMANDER_DAMAGE, EventKind.SHIELDS)
_COMMANDER_KINDS = (EventKind.CAST_COMMANDER, EventKind.COMMANDER_WITHOUT_CAST, EventKind.SET_COMMANDER_CASTS)


def _int(value: Any, where: str, problems: list[str], *, low: int, high: int) -> int:
    if isinstance(value, bool):
        problems.append(f"{where}: must be a whole number")
        return 0
    if isinstance(value, str):
        try:
            value = int(value.strip())
        except ValueError:
            problems.append(f"{where}: must be a whole number")
            return 0
    if not isinstance(value, int):
        problems.append(f"{where}: must be a whole number")
        return 0
    if not low <= value <= high:
        problems.append(f"{where}: must be between {low} and {high}")
        return 0
    return value


def _choice(enum_type: type[enum.Enum], value: Any, where: str, problems: list[str]) -> Any:
    try:
        return enum_type(value)
    except ValueError:
        choices = ", ".join(str(m.value) for m in enum_type)
        problems.append(f"{where}: {str(value)[:40]!r} is not one of {choices}")
        return None


def event_from_payload(*, kind: str | EventKind, payload: Mapping[str, Any]) -> Event:
    """Check an event's fields (not yet against the table) and build it.

    >>> event_from_payload(kind="life", payload={"player": "A", "amount": "-5"}).amount
    -5
    >>> event_from_payload(kind="life", payload={"amount": 5000})
    Traceback (most recent call last):
    ...
    judge.engine.errors.InvalidInputError: player: must be text; amount: must be between -1000 and 1000
    """
    problems: list[str] = []
    event_kind: EventKind | None = kind if isinstance(kind, EventKind) else _choice(EventKind, kind, "kind", problems)
    if not isinstance(payload, Mapping):
        raise InvalidInputError(problems + ["payload: must be an object"])
    if event_kind is None:
        raise InvalidInputError(problems)
    values: dict[str, Any] = {"kind": event_kind, "undone": bool(payload.get("undone", False))}
    if event_kind is not EventKind.NEXT_TURN:
        player = _text(payload.get("player"), "player", problems)
        values["player"] = player or ""
    if event_kind in _AMOUNT_KINDS:
        amount = _int(payload.get("amount"), "amount", problems, low=-MAX_AMOUNT, high=MAX_AMOUNT)
        if amount == 0 and not any(p.startswith("amount") for p in problems):
            problems.append("amount: must not be 0")
        values["amount"] = amount
    if event_kind is EventKind.SET_COMMANDER_CASTS:
        values["amount"] = _int(payload.get("amount"), "amount", problems, low=0, high=MAX_CASTS)
    if event_kind is EventKind.COMMANDER_DAMAGE:
        owner = _text(payload.get("owner"), "owner", problems)
        values["owner"] = owner or ""
    if event_kind is EventKind.COMMANDER_DAMAGE or event_kind in _COMMANDER_KINDS:
        values["commander"] = _int(payload.get("commander", 0), "commander", problems, low=0, high=1)
    if event_kind is EventKind.COMMANDER_WITHOUT_CAST:
        values["how"] = _choice(EntryHow, payload.get("how", EntryHow.BATTLEFIELD.value), "how", problems)
    if event_kind is EventKind.LOSE:
        reason = _choice(LossReason, payload.get("reason"), "reason", problems)
        if reason is not None and reason not in DECLARED_LOSSES:
            choices = ", ".join(r.value for r in DECLARED_LOSSES)
            problems.append(f"reason: {reason.value!r} is checked by the tracker itself; choose one of {choices}")
        values["reason"] = reason
    if event_kind is EventKind.PLANAR_ROLL:
        face = payload.get("face")
        values["face"] = None if face in (None, "") else _choice(DieFace, face, "face", problems)
        values["free"] = payload.get("free") in (True, "1", "true", "on")
    if problems:
        raise InvalidInputError(problems)
    return Event(**values)


def event_to_payload(event: Event) -> dict[str, Any]:
    """The JSON stored for an event (its kind is stored beside it).

    >>> e = Event(kind=EventKind.COMMANDER_DAMAGE, player="A", owner="B", commander=1, amount=7)
    >>> event_from_payload(kind=e.kind.value, payload=event_to_payload(e)) == e
    True
    """
    payload: dict[str, Any] = {}
    kind = event.kind
    if kind is not EventKind.NEXT_TURN:
        payload["player"] = event.player
    if kind in _AMOUNT_KINDS or kind is EventKind.SET_COMMANDER_CASTS:
        payload["amount"] = event.amount
    if kind is EventKind.COMMANDER_DAMAGE:
        payload["owner"] = event.owner
    if kind is EventKind.COMMANDER_DAMAGE or kind in _COMMANDER_KINDS:
        payload["commander"] = event.commander
    if kind is EventKind.COMMANDER_WITHOUT_CAST and event.how is not None:
        payload["how"] = event.how.value
    if kind is EventKind.LOSE and event.reason is not None:
        payload["reason"] = event.reason.value
    if kind is EventKind.PLANAR_ROLL:
        payload["free"] = event.free
        if event.face is not None:
            payload["face"] = event.face.value
    return payload


# --------------------------------------------------------------------------- applying events


def canonical_event(*, setup: TableSetup, event: Event) -> Event:
    """The event with its player names spelled as at setup (names match case-insensitively).

    >>> s = table_setup(variant="planechase", players=["Aki", "Ben"])
    >>> canonical_event(setup=s, event=Event(kind=EventKind.LIFE, player="aKI", amount=1)).player
    'Aki'
    """
    names = {p.casefold(): p for p in setup.players}
    return replace(
        event,
        player=names.get(event.player.casefold(), event.player),
        owner=names.get(event.owner.casefold(), event.owner),
    )


def _resolve(state: TableState, name: str, where: str, problems: list[str]) -> str | None:
    """Players are matched case-insensitively, as names were checked at setup."""
    for player in state.setup.players:
        if player.casefold() == name.casefold():
            return player
    problems.append(f"{where}: {name[:MAX_NAME]!r} is not a player in this game")
    return None


def _with_player(state: TableState, player: PlayerState) -> TableState:
    return replace(state, players=tuple(player if p.name == player.name else p for p in state.players))


def _with_side(state: TableState, index: int, side: Side) -> TableState:
    return replace(state, sides=state.sides[:index] + (side,) + state.sides[index + 1:])


def _commander_label(state: TableState, owner: str, index: int) -> str:
    return f"{state.commander(owner, index).name} ({owner}'s commander)"


def apply_event(*, state: TableState, event: Event) -> tuple[TableState, tuple[Step, ...]]:
    """Apply one event, then check state-based actions (704.3); return the new table and why.

    Raises :class:`InvalidInputError` for unknown players or commanders and
    :class:`IllegalStateError` for events the table cannot take (a player who
    has left the game, a roll out of turn, shields below zero, a game over).

    >>> t = new_table(variant="commander", players=["A", "B"], commanders={"A": ["X"], "B": ["Y"]})
    >>> for _ in range(3):
    ...     t, steps = apply_event(state=t, event=Event(kind=EventKind.COMMANDER_DAMAGE, player="A", owner="B", amount=7))
    >>> t.life_of("A"), t.player("A").damage_from("B", 0), t.side_of("A").loss.rule, t.winners
    (19, 21, '704.6c', ('B',))
    """
    invalid: list[str] = []
    illegal: list[str] = []
    setup = state.setup
    kind = event.kind
    player = "" if kind is EventKind.NEXT_TURN else _resolve(state, event.player, "player", invalid)
    owner: str | None = None
    if kind is EventKind.COMMANDER_DAMAGE:
        owner = _resolve(state, event.owner, "owner", invalid)
    elif kind in _COMMANDER_KINDS:
        owner = player
    if kind is EventKind.COMMANDER_DAMAGE or kind in _COMMANDER_KINDS:
        if not setup.variant.has_commanders:
            invalid.append(f"kind: {setup.variant.value} games have no commanders")
        elif owner is not None and event.commander >= len(state.player(owner).commanders):
            invalid.append(f"commander: {owner} has no commander number {event.commander + 1}")
    if kind in (EventKind.LIFE, EventKind.POISON, EventKind.COMMANDER_DAMAGE) and not setup.variant.has_life:
        invalid.append("kind: DTC games have shields, not life, poison or commander damage (dtc:win-loss)")
    if kind is EventKind.SHIELDS and setup.variant is not Variant.DTC:
        invalid.append("kind: only DTC games have shields")
    if kind is EventKind.PLANAR_ROLL and not setup.planechase:
        invalid.append("kind: this game is not played with Planechase (901)")
    if kind is EventKind.LOSE and event.reason is LossReason.DIRECT_ATTACK and setup.variant is not Variant.DTC:
        invalid.append("reason: a direct attack decides only DTC games")
    if kind is EventKind.LOSE and event.reason not in DECLARED_LOSSES:
        invalid.append("reason: give why the player loses")
    if invalid:
        raise InvalidInputError(invalid)

    if state.game_over:
        raise IllegalStateError(["the game is over (104.2a); undo the last change to correct it"])
    for who, where in ((player, "player"), (owner, "owner")):
        if who and state.has_lost(who):
            illegal.append(f"{where}: {who} has left the game (800.4a)")
    if illegal:
        raise IllegalStateError(illegal)

    steps: list[Step] = []
    if kind is EventKind.NEXT_TURN:
        state = _next_turn(state, steps)
    elif kind is EventKind.LIFE:
        assert player
        state = _change_life(state, player, event.amount, steps, illegal, invalid)
    elif kind is EventKind.POISON:
        assert player
        state = _change_poison(state, player, event.amount, steps, illegal)
    elif kind is EventKind.COMMANDER_DAMAGE:
        assert player and owner
        state = _commander_damage(state, player, owner, event.commander, event.amount, steps, illegal, invalid)
    elif kind in _COMMANDER_KINDS:
        assert owner
        state = _commander_event(state, event, owner, steps)
    elif kind is EventKind.SHIELDS:
        assert player
        state = _shields(state, player, event.amount, steps, illegal, invalid)
    elif kind is EventKind.PLANAR_ROLL:
        assert player
        state = _planar_roll(state, player, event, steps, illegal)
    elif kind is EventKind.LOSE:
        assert player and event.reason is not None
        state = _declared_loss(state, player, event.reason, steps, illegal)
    if invalid:
        raise InvalidInputError(invalid + illegal)
    if illegal:
        raise IllegalStateError(illegal)
    state = _state_based_actions(state, steps)
    return replace(state, events=state.events + 1), tuple(steps)


def _check_total(value: int, where: str, invalid: list[str]) -> None:
    if abs(value) > MAX_TOTAL:
        invalid.append(f"{where}: total would pass {MAX_TOTAL}")


def _change_life(
    state: TableState, player: str, amount: int, steps: list[Step], illegal: list[str], invalid: list[str]
) -> TableState:
    index = state.side_index(player)
    side = state.sides[index]
    new = side.life + amount
    _check_total(new, "amount", invalid)
    verb = "gains" if amount > 0 else "loses"
    if len(side.members) > 1:
        steps.append(Step(rule="810.9", text=f"{player} {verb} {abs(amount)} life; the team's shared life total goes {side.life} → {new}."))
    else:
        steps.append(Step(rule="119.3", text=f"{player} {verb} {abs(amount)} life: {side.life} → {new}."))
    return _with_side(state, index, replace(side, life=new))


def _change_poison(state: TableState, player: str, amount: int, steps: list[Step], illegal: list[str]) -> TableState:
    index = state.side_index(player)
    side = state.sides[index]
    new = side.poison + amount
    team = len(side.members) > 1
    if new < 0:
        holder = "the team has" if team else f"{player} has"
        illegal.append(f"amount: {holder} only {side.poison} poison counters")
        return state
    if amount > 0:
        text = f"{player} gets {amount} poison counter{'s' if amount != 1 else ''}"
    else:
        text = f"{player} loses {-amount} poison counter{'s' if amount != -1 else ''}"
    if team:
        steps.append(Step(rule="810.10", text=f"{text}; the team's shared poison counters go {side.poison} → {new}."))
    else:
        steps.append(Step(rule="122.1f", text=f"{text}: {side.poison} → {new}; {state.setup.poison_limit} or more loses."))
    return _with_side(state, index, replace(side, poison=new))


def _commander_damage(
    state: TableState, player: str, owner: str, index: int, amount: int,
    steps: list[Step], illegal: list[str], invalid: list[str],
) -> TableState:
    target = state.player(player)
    before = target.damage_from(owner, index)
    total = before + amount
    label = _commander_label(state, owner, index)
    if total < 0:
        illegal.append(f"amount: {label} has dealt {player} only {before} combat damage")
        return state
    if amount > 0:
        text = f"{label} deals {amount} combat damage to {player}: {total} in total from this commander."
    else:
        text = f"Correction: {-amount} combat damage from {label} to {player} removed: {total} in total."
    if state.setup.commander_damage_counts:
        steps.append(Step(rule="903.10a", text=f"{text} {COMMANDER_DAMAGE_LIMIT} or more from one commander loses."))
    else:
        steps.append(Step(rule="903.12h", text=f"{text} Brawl does not use the {COMMANDER_DAMAGE_LIMIT} commander damage rule."))
    if len(state.player(owner).commanders) > 1:
        steps.append(Step(rule="702.124d", text="Damage from each of two partner commanders is counted separately."))
    others = tuple((k, v) for k, v in target.commander_damage if k != (owner, index))
    damage = others + ((((owner, index), total),) if total else ())
    state = _with_player(state, replace(target, commander_damage=damage))
    # Combat damage to a player makes that player lose that much life (120.3a).
    side_index = state.side_index(player)
    side = state.sides[side_index]
    life = side.life - amount
    _check_total(life, "amount", invalid)
    word = "loses" if amount > 0 else "gets back"
    steps.append(Step(rule="120.3a", text=f"{player} {word} {abs(amount)} life: {side.life} → {life}."))
    return _with_side(state, side_index, replace(side, life=life))


def _commander_event(state: TableState, event: Event, owner: str, steps: list[Step]) -> TableState:
    commander = state.commander(owner, event.commander)
    dtc = state.setup.variant is Variant.DTC
    rule = "dtc:commander-tax" if dtc else "903.8"
    partner = len(state.player(owner).commanders) > 1
    if event.kind is EventKind.CAST_COMMANDER:
        if dtc:
            text = (f"{owner} plays {commander.name} from the command zone: {commander.tax} more "
                    f"(colourless, not reducible) for {commander.casts} earlier play(s) from there.")
        else:
            text = (f"{owner} casts {commander.name} from the command zone: commander tax {{{commander.tax}}} "
                    f"for {commander.casts} earlier cast(s) from there.")
        new = replace(commander, casts=commander.casts + 1)
        steps.append(Step(rule=rule, text=text, objects=(commander.name,)))
    elif event.kind is EventKind.COMMANDER_WITHOUT_CAST:
        if event.how is EntryHow.OTHER_ZONE:
            what = f"{commander.name} was {'played' if dtc else 'cast'} from a zone other than the command zone"
        else:
            what = f"{commander.name} was put onto the battlefield without being cast"
        new = replace(commander, without_cast=commander.without_cast + 1)
        steps.append(Step(rule=rule, text=f"{what}: no commander tax, and the count of "
                                           f"{'plays' if dtc else 'casts'} from the command zone stays {commander.casts}.",
                          objects=(commander.name,)))
    else:
        new = replace(commander, casts=event.amount)
        steps.append(Step(rule=rule, text=f"Correction: {commander.name} has been "
                                           f"{'played' if dtc else 'cast'} {event.amount} time(s) from the command zone.",
                          objects=(commander.name,)))
    if dtc:
        steps.append(Step(rule="dtc:commander-tax", text="Plays are counted for each player, not for the team."))
    elif partner:
        steps.append(Step(rule="702.124d", text="Each partner commander's casts are counted separately."))
    next_tax = f"+{new.tax}" if dtc else f"{{{new.tax}}}"
    steps.append(Step(rule=rule, text=f"Next cast of {commander.name} from the command zone: tax {next_tax}."))
    owner_state = state.player(owner)
    commanders = tuple(new if c.index == new.index else c for c in owner_state.commanders)
    return _with_player(state, replace(owner_state, commanders=commanders))


def _shields(
    state: TableState, player: str, amount: int, steps: list[Step], illegal: list[str], invalid: list[str]
) -> TableState:
    current = state.player(player)
    new = current.shields + amount
    if new < 0:
        illegal.append(f"amount: {player} has only {current.shields} shields")
        return state
    if new > DTC_MAX_SHIELDS:
        invalid.append(f"amount: more than {DTC_MAX_SHIELDS} shields")
        return state
    verb = "adds" if amount > 0 else "breaks"
    steps.append(Step(rule="dtc:win-loss", text=f"{player}'s shields: {verb} {abs(amount)}, {current.shields} → {new}."))
    team = state.side_of(player)
    if all((new if m == player else state.player(m).shields) == 0 for m in team.members):
        steps.append(Step(rule="dtc:win-loss", text="The team has no shields left: a direct attack that is not stopped wins the game."))
    return _with_player(state, replace(current, shields=new))


def _planar_roll(state: TableState, player: str, event: Event, steps: list[Step], illegal: list[str]) -> TableState:
    current = state.player(player)
    if event.free:
        steps.append(Step(rule="901.9", text=f"An effect makes {player} roll the planar die: no cost, and the cost of "
                                            f"the next roll stays {current.planar_cost}."))
        updated = current
    else:
        if player not in state.active_players:
            illegal.append(f"player: only the active player may roll the planar die (901.9), and it is not {player}'s turn")
            return state
        cost = current.planar_cost
        steps.append(Step(rule="901.9", text=f"{player} rolls the planar die for {{{cost}}} "
                                            f"({cost} earlier roll(s) this turn); the next roll costs {{{cost + 1}}}."))
        if len(state.sides[state.active].members) > 1:
            steps.append(Step(rule="901.12d", text="Each player on the active team counts their own rolls."))
        updated = replace(current, planar_rolls=current.planar_rolls + 1)
    if event.face is DieFace.BLANK:
        steps.append(Step(rule="901.9a", text="Blank face: nothing happens."))
    elif event.face is DieFace.CHAOS:
        steps.append(Step(rule="901.9b", text="Chaos symbol: chaos ensues; the face-up plane's chaos ability triggers."))
    elif event.face is DieFace.PLANESWALKER:
        steps.append(Step(rule="901.9c", text="Planeswalker symbol: the planeswalking ability triggers."))
    return _with_player(state, updated)


def _declared_loss(state: TableState, player: str, reason: LossReason, steps: list[Step], illegal: list[str]) -> TableState:
    index = state.side_index(player)
    side = state.sides[index]
    dtc = state.setup.variant is Variant.DTC
    if reason is LossReason.DIRECT_ATTACK:
        left = sum(state.player(m).shields for m in side.members)
        if left:
            illegal.append(f"reason: a direct attack needs every shield of {player}'s team gone; {left} left (dtc:win-loss)")
            return state
        steps.append(Step(rule="dtc:win-loss", text=f"A direct attack on {player}'s team was not stopped: the team loses."))
    elif reason is LossReason.CONCEDE:
        rule = "810.8b" if state.setup.variant is Variant.TWO_HEADED_GIANT else "104.3a"
        steps.append(Step(rule=rule, text=f"{player} concedes and leaves the game."))
    elif reason is LossReason.EMPTY_LIBRARY:
        steps.append(Step(rule="704.5b", text=f"{player} drew from an empty library and loses the game."))
    else:
        steps.append(Step(rule="104.3e", text=f"An effect says {player} loses the game."))
    if len(side.members) > 1:
        rule = "dtc:win-loss" if dtc else "810.8a"
        steps.append(Step(rule=rule, text="The whole team loses together."))
    return _with_side(state, index, replace(side, loss=Loss(reason=reason, turn=state.turn, player=player)))


def _next_turn(state: TableState, steps: list[Step]) -> TableState:
    count = len(state.sides)
    following = state.active
    for offset in range(1, count + 1):
        candidate = (state.active + offset) % count
        if state.sides[candidate].loss is None:
            following = candidate
            break
        steps.append(Step(rule="800.4k", text=f"{' and '.join(state.sides[candidate].members)} left the game: that turn doesn't begin."))
    names = " and ".join(state.sides[following].members)
    if len(state.sides[following].members) > 1:
        # Two-Headed Giant uses shared team turns (805.4); DTC is not played under the CR: its own document says so.
        rule = "dtc:turn-structure" if state.setup.variant is Variant.DTC else "805.4"
        steps.append(Step(rule=rule, text=f"Turn {state.turn + 1}: the team {names} takes its turn together."))
    else:
        steps.append(Step(rule="102.1", text=f"Turn {state.turn + 1}: {names} is the active player."))
    players = state.players
    if state.setup.planechase and any(p.planar_rolls for p in players):
        steps.append(Step(rule="901.9", text="Planar die costs start again at {0}: they count rolls in the current turn."))
        players = tuple(replace(p, planar_rolls=0) for p in players)
    return replace(state, players=players, active=following, turn=state.turn + 1)


def _state_based_actions(state: TableState, steps: list[Step]) -> TableState:
    """Check the losing conditions (704.3: all at once), then whether the game is over."""
    setup = state.setup
    was_over = state.game_over
    sides = list(state.sides)
    for index, side in enumerate(sides):
        if side.loss is not None:
            continue
        team = len(side.members) > 1
        loss: Loss | None = None
        if setup.variant.has_life and side.life <= 0:
            reason = LossReason.TEAM_LIFE if team else LossReason.LIFE
            loss = Loss(reason=reason, turn=state.turn, player=side.members[0])
            steps.append(Step(rule=reason.rule, text=f"{' and '.join(side.members)} at {side.life} life: lose{'s' if not team else ''} the game."))
        elif setup.variant.has_life and side.poison >= setup.poison_limit:
            reason = LossReason.TEAM_POISON if team else LossReason.POISON
            loss = Loss(reason=reason, turn=state.turn, player=side.members[0])
            steps.append(Step(rule=reason.rule, text=f"{' and '.join(side.members)} with {side.poison} poison counters: lose{'s' if not team else ''} the game."))
        elif setup.commander_damage_counts:
            for member in side.members:
                for (owner, number), amount in state.player(member).commander_damage:
                    if amount >= COMMANDER_DAMAGE_LIMIT and loss is None:
                        loss = Loss(reason=LossReason.COMMANDER_DAMAGE, turn=state.turn, player=member)
                        steps.append(Step(rule="704.6c", text=f"{member} has been dealt {amount} combat damage by "
                                                               f"{_commander_label(state, owner, number)}: loses the game."))
        if loss is not None:
            sides[index] = replace(side, loss=loss)
    state = replace(state, sides=tuple(sides))
    if state.game_over and not was_over:
        if state.winners:
            rule = "104.2c" if len(state.winners) > 1 else "104.2a"
            steps.append(Step(rule=rule, text=f"{' and '.join(state.winners)} win{'s' if len(state.winners) == 1 else ''} the game: every opponent has left."))
        else:
            steps.append(Step(rule="104.4a", text="Every remaining player lost at the same time: the game is a draw."))
    return state


# --------------------------------------------------------------------------- replay


@dataclass(frozen=True)
class Applied:
    """One event of a replay with the steps it produced (none when undone)."""

    event: Event
    steps: tuple[Step, ...] = field(default_factory=tuple)


def replay_with_steps(*, setup: TableSetup, events: Iterable[Event]) -> tuple[TableState, tuple[Applied, ...]]:
    """Fold the events that were not undone over the starting table, keeping every event's steps."""
    state = initial_state(setup)
    applied: list[Applied] = []
    for event in events:
        if event.undone:
            applied.append(Applied(event=event))
            continue
        state, steps = apply_event(state=state, event=event)
        applied.append(Applied(event=event, steps=steps))
    return state, tuple(applied)


def replay(*, setup: TableSetup, events: Iterable[Event]) -> TableState:
    """The table after ``events``, skipping undone ones.

    >>> s = table_setup(variant="planechase", players=["A", "B"])
    >>> roll = Event(kind=EventKind.PLANAR_ROLL, player="A")
    >>> replay(setup=s, events=[roll, replace(roll, undone=True), roll]).player("A").planar_cost
    2
    """
    return replay_with_steps(setup=setup, events=events)[0]


def state_to_payload(state: TableState) -> dict[str, Any]:
    """The table as JSON, for the API and for bots."""
    setup = state.setup
    return {
        "variant": setup.variant.value,
        "planechase": setup.planechase,
        "turn": state.turn,
        "active_players": list(state.active_players),
        "game_over": state.game_over,
        "winners": list(state.winners),
        "draw": state.is_draw,
        "sides": [
            {
                "members": list(side.members),
                "life": side.life if setup.variant.has_life else None,
                "poison": side.poison if setup.variant.has_life else None,
                "lost": None if side.loss is None else {
                    "reason": side.loss.reason.value, "rule": side.loss.rule,
                    "turn": side.loss.turn, "player": side.loss.player,
                },
            }
            for side in state.sides
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
                    {"owner": owner, "commander": index, "name": state.commander(owner, index).name, "amount": amount}
                    for (owner, index), amount in p.commander_damage
                ],
            }
            for p in state.players
        ],
    }
