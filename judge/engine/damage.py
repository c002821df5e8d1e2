"""Commander damage: 21 combat damage from the same commander (903.10a, 704.6c).

Commander damage is counted for each (player, commander) pair, over the whole
game:

- only combat damage counts (903.10a); noncombat damage is listed in the
  steps as not counting;
- prevented damage is never dealt (615.6), so it does not count either;
- life gain never lowers the count (``commander:9``);
- the commander stays a commander whoever controls it (903.3), so a stolen
  commander's combat damage counts, even against its own owner;
- each of two partner commanders is counted separately (702.124d);
- Brawl does not use the 21-damage rule (903.12h): totals are still
  reported, but nobody loses by them.

>>> rafiq = Commander(id="rafiq", owner="Alex", name="Rafiq of the Many")
>>> hits = [DamageEvent(source="rafiq", target="Bianca", amount=10, combat=True),
...         DamageEvent(source="rafiq", target="Bianca", amount=6, combat=True, prevented=6),
...         DamageEvent(source="rafiq", target="Bianca", amount=11, combat=True, controller="Carol")]
>>> result = commander_damage(variant=Variant.COMMANDER, players=["Alex", "Bianca", "Carol"],
...                           commanders=[rafiq], events=hits)
>>> result.as_dict()["lost"]
[{'player': 'Bianca', 'commander': 'rafiq', 'damage': 21, 'rule': '704.6c'}]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judge.engine.errors import IllegalStateError, InvalidInputError
from judge.engine.steps import Step
from judge.engine.tax import Variant

#: Combat damage from one commander that makes a player lose (903.10a).
COMMANDER_DAMAGE_LIMIT = 21
#: A player never has more than two commanders (702.124g).
MAX_COMMANDERS_PER_PLAYER = 2
MAX_PLAYERS = 64
MAX_EVENTS = 10_000
MAX_AMOUNT = 1_000_000
MAX_NAME = 200


@dataclass(frozen=True)
class Commander:
    """A commander card in the game: its id, its owner and its name (for the steps)."""

    id: str
    owner: str
    name: str = ""

    @property
    def label(self) -> str:
        return self.name or self.id


@dataclass(frozen=True)
class DamageEvent:
    """``source`` (a commander id) deals ``amount`` damage to the player ``target``.

    ``prevented`` of that damage was prevented and never dealt (615.6).
    ``controller`` is who controlled the commander then; None means its owner.
    """

    source: str
    target: str
    amount: int
    combat: bool
    prevented: int = 0
    controller: str | None = None

    @property
    def dealt(self) -> int:
        """Damage actually dealt: the amount minus what was prevented."""
        return self.amount - self.prevented


@dataclass(frozen=True)
class LifeGain:
    """The player ``target`` gains ``amount`` life (it changes nothing here: ``commander:9``)."""

    target: str
    amount: int


@dataclass(frozen=True)
class DamageTotal:
    """Combat damage dealt to ``player`` by the commander ``commander`` over the game."""

    player: str
    commander: str
    damage: int

    def as_dict(self) -> dict[str, Any]:
        return {"player": self.player, "commander": self.commander, "damage": self.damage}


@dataclass(frozen=True)
class CommanderDamageLoss:
    """``player`` loses: dealt ``damage`` (21 or more) combat damage by ``commander``."""

    player: str
    commander: str
    damage: int
    rule: str = "704.6c"

    def as_dict(self) -> dict[str, Any]:
        return {"player": self.player, "commander": self.commander, "damage": self.damage, "rule": self.rule}


@dataclass(frozen=True)
class DamageResult:
    """Totals per (player, commander) pair in player order, the losses, and the steps."""

    variant: Variant
    totals: tuple[DamageTotal, ...]
    lost: tuple[CommanderDamageLoss, ...]
    steps: tuple[Step, ...]

    def damage(self, player: str, commander: str) -> int:
        """Commander damage dealt to ``player`` by ``commander`` (0 if none)."""
        return next((t.damage for t in self.totals if (t.player, t.commander) == (player, commander)), 0)

    def as_dict(self) -> dict[str, Any]:
        return {
            "totals": [t.as_dict() for t in self.totals],
            "lost": [loss.as_dict() for loss in self.lost],
            "steps": [s.as_dict() for s in self.steps],
        }


# ---------------------------------------------------------------------------
# Validation


def _name_problem(where: str, value: object) -> str | None:
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_NAME:
        return f"{where}: must be a non-empty name of at most {MAX_NAME} characters"
    return None


def _count_problem(where: str, value: object, high: int) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
        return f"{where}: must be a whole number from 0 to {high}"
    return None


def _validate(
    variant: object,
    players: Sequence[object],
    commanders: Sequence[object],
    events: Sequence[object],
) -> None:
    """Raise InvalidInputError (bad input) or IllegalStateError (unreachable game), listing every problem."""
    invalid: list[str] = []
    illegal: list[str] = []
    if variant not in (Variant.COMMANDER, Variant.BRAWL):
        invalid.append("variant: must be commander or brawl")
    if not players:
        invalid.append("players: at least one player is needed")
    if len(players) > MAX_PLAYERS:
        invalid.append(f"players: at most {MAX_PLAYERS} players")
    if len(events) > MAX_EVENTS:
        invalid.append(f"events: at most {MAX_EVENTS} events")
    seen_players: set[str] = set()

    def is_player(value: object) -> bool:
        return isinstance(value, str) and value in seen_players

    for i, player in enumerate(players[:MAX_PLAYERS]):
        problem = _name_problem(f"players[{i}]", player)
        if problem is not None:
            invalid.append(problem)
        elif player in seen_players:
            invalid.append(f"players[{i}]: duplicate player {player!r}")
        if isinstance(player, str):
            seen_players.add(player)

    commander_ids: set[str] = set()
    owned: dict[str, int] = {}
    for i, commander in enumerate(commanders[:MAX_PLAYERS * MAX_COMMANDERS_PER_PLAYER + 1]):
        if not isinstance(commander, Commander):
            invalid.append(f"commanders[{i}]: must be a commander")
            continue
        for problem in (_name_problem(f"commanders[{i}].id", commander.id),
                        _name_problem(f"commanders[{i}].owner", commander.owner)):
            if problem is not None:
                invalid.append(problem)
        if not isinstance(commander.name, str) or len(commander.name) > MAX_NAME:
            invalid.append(f"commanders[{i}].name: must be text of at most {MAX_NAME} characters")
        if isinstance(commander.id, str):
            if commander.id in commander_ids:
                invalid.append(f"commanders[{i}].id: duplicate commander id {commander.id!r}")
            commander_ids.add(commander.id)
        if isinstance(commander.owner, str):
            if commander.owner not in seen_players:
                illegal.append(f"commanders[{i}].owner: {commander.owner!r} is not a player in this game; "
                               "a commander is owned by a player in the game (903.3)")
            owned[commander.owner] = owned.get(commander.owner, 0) + 1
    if len(commanders) > MAX_PLAYERS * MAX_COMMANDERS_PER_PLAYER:
        invalid.append(f"commanders: at most {MAX_PLAYERS * MAX_COMMANDERS_PER_PLAYER} commanders")
    for owner, count in owned.items():
        if count > MAX_COMMANDERS_PER_PLAYER and owner in seen_players:
            illegal.append(f"commanders: {owner} owns {count} commanders; "
                           f"no player can have more than {MAX_COMMANDERS_PER_PLAYER} (702.124g)")

    for i, event in enumerate(events[:MAX_EVENTS]):
        where = f"events[{i}]"
        if isinstance(event, LifeGain):
            if not is_player(event.target):
                invalid.append(f"{where}.target: {event.target!r} is not a player")
            problem = _count_problem(f"{where}.amount", event.amount, MAX_AMOUNT)
            if problem is not None:
                invalid.append(problem)
            continue
        if not isinstance(event, DamageEvent):
            invalid.append(f"{where}: must be a damage event or a life gain")
            continue
        if not (isinstance(event.source, str) and event.source in commander_ids):
            invalid.append(f"{where}.source: {event.source!r} is not a commander id")
        if not is_player(event.target):
            invalid.append(f"{where}.target: {event.target!r} is not a player")
        if event.controller is not None and not is_player(event.controller):
            invalid.append(f"{where}.controller: {event.controller!r} is not a player")
        if not isinstance(event.combat, bool):
            invalid.append(f"{where}.combat: must be true or false")
        amount_problem = _count_problem(f"{where}.amount", event.amount, MAX_AMOUNT)
        prevented_problem = _count_problem(f"{where}.prevented", event.prevented, MAX_AMOUNT)
        invalid.extend(p for p in (amount_problem, prevented_problem) if p is not None)
        if amount_problem is None and prevented_problem is None and event.prevented > event.amount:
            invalid.append(f"{where}.prevented: {event.prevented} is more than the amount {event.amount}")
    if invalid:
        raise InvalidInputError(invalid)
    if illegal:
        raise IllegalStateError(illegal)


# ---------------------------------------------------------------------------
# The calculation


def commander_damage(
    *,
    variant: Variant,
    players: Sequence[str],
    commanders: Sequence[Commander],
    events: Sequence[DamageEvent | LifeGain],
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
    """
    _validate(variant, players, commanders, events)
    by_id = {c.id: c for c in commanders}
    totals: dict[tuple[str, str], int] = {}
    steps: list[Step] = []
    brawl = variant is Variant.BRAWL
    if brawl:
        steps.append(Step(rule="903.12h", text=(
            "Brawl: commander damage is still counted and shown, but nobody loses "
            f"for being dealt {COMMANDER_DAMAGE_LIMIT} or more by a commander.")))
    # The first event after which each pair reached the limit, for the steps.
    reached_at: dict[tuple[str, str], int] = {}

    for number, event in enumerate(events, start=1):
        if isinstance(event, LifeGain):
            so_far = ", ".join(f"{by_id[c].label} {d}" for (p, c), d in totals.items() if p == event.target)
            steps.append(Step(rule="commander:9", text=(
                f"Event {number}: {event.target} gains {event.amount} life. Life gain never lowers commander "
                f"damage already dealt" + (f" (still {so_far})." if so_far else "."))))
            continue
        commander = by_id[event.source]
        label = commander.label
        controller = event.controller or commander.owner
        objects = (commander.id,)
        if controller != commander.owner:
            steps.append(Step(rule="903.3", objects=objects, text=(
                f"Event {number}: {label} is controlled by {controller} but is still {commander.owner}'s "
                "commander, so its combat damage counts as commander damage.")))
        if event.prevented:
            steps.append(Step(rule="615.6", objects=objects, text=(
                f"Event {number}: {event.prevented} of the {event.amount} damage "
                f"from {label} to {event.target} "
                "was prevented: prevented damage is never dealt and doesn't count.")))
        if event.dealt == 0:
            if not event.prevented:
                steps.append(Step(rule="120.8", objects=objects, text=(
                    f"Event {number}: {label} would deal 0 damage to {event.target}: no damage is dealt.")))
            continue
        kind = "combat" if event.combat else "noncombat"
        if not event.combat:
            steps.append(Step(rule="903.10a", objects=objects, text=(
                f"Event {number}: {label} deals {event.dealt} noncombat damage to {event.target}: "
                "only combat damage counts as commander damage.")))
            continue
        key = (event.target, commander.id)
        totals[key] = totals.get(key, 0) + event.dealt
        text = (f"Event {number}: {label} deals {event.dealt} {kind} damage to {event.target}: "
                f"{totals[key]} in total from this commander.")
        if event.target == commander.owner:
            text += " It is their own commander, and its combat damage still counts."
        steps.append(Step(rule="903.10a", objects=objects, text=text))
        if totals[key] >= COMMANDER_DAMAGE_LIMIT and key not in reached_at:
            reached_at[key] = number

    player_order = {p: i for i, p in enumerate(players)}
    commander_order = {c.id: i for i, c in enumerate(commanders)}
    ordered = sorted(totals.items(), key=lambda kv: (player_order[kv[0][0]], commander_order[kv[0][1]]))
    result_totals = tuple(DamageTotal(player=p, commander=c, damage=d) for (p, c), d in ordered)

    # Partners: two commanders of one owner are never added together (702.124d).
    for player in players:
        for owner in dict.fromkeys(c.owner for c in commanders):
            pair = [t for t in result_totals if t.player == player and by_id[t.commander].owner == owner]
            if len(pair) == 2:
                first, second = pair
                steps.append(Step(rule="702.124d", objects=(first.commander, second.commander), text=(
                    f"{player}: damage from {owner}'s two commanders is counted separately "
                    f"({by_id[first.commander].label} {first.damage}, {by_id[second.commander].label} "
                    f"{second.damage}), never added together.")))

    lost: list[CommanderDamageLoss] = []
    for total in result_totals:
        key = (total.player, total.commander)
        if key not in reached_at:
            continue
        label = by_id[total.commander].label
        if brawl:
            steps.append(Step(rule="903.12h", objects=(total.commander,), text=(
                f"{total.player} has been dealt {total.damage} combat damage by {label}, "
                "but Brawl doesn't use this state-based action: no one loses.")))
            continue
        lost.append(CommanderDamageLoss(player=total.player, commander=total.commander, damage=total.damage))
        steps.append(Step(rule="704.6c", objects=(total.commander,), text=(
            f"{total.player} has been dealt {total.damage} combat damage by {label} (since event "
            f"{reached_at[key]}): {COMMANDER_DAMAGE_LIMIT} or more from the same commander, "
            f"so {total.player} loses the game.")))
    return DamageResult(variant=variant, totals=result_totals, lost=tuple(lost), steps=tuple(steps))


# ---------------------------------------------------------------------------
# JSON entry point

_COMMANDER_FIELDS = {"id", "owner", "name"}
_DAMAGE_FIELDS = {"kind", "source", "target", "amount", "combat", "prevented", "controller"}
_LIFE_GAIN_FIELDS = {"kind", "target", "amount"}


def _list(payload: Mapping[str, Any], name: str, problems: list[str]) -> list[Any]:
    value = payload.get(name)
    if not isinstance(value, list):
        problems.append(f"{name}: required, a list")
        return []
    return value


def _field(item: Mapping[str, Any], key: str, default: Any = None) -> Any:
    """A raw JSON value, checked later by _validate (which reports every bad one)."""
    return item.get(key, default)


def _unknown(where: str, item: Mapping[str, Any], allowed: set[str], problems: list[str]) -> None:
    for key in item:
        if key not in allowed:
            problems.append(f"{where}.{key}: unknown field (expected: {', '.join(sorted(allowed))})")


def calculate_commander_damage(payload: Mapping[str, Any]) -> DamageResult:
    """Validate a JSON payload and total its commander damage; every problem is reported at once.

    Events are ``{"source", "target", "amount", "combat", "prevented"}`` (and an
    optional ``"controller"``); ``{"kind": "life-gain", "target", "amount"}``
    records life gain, which changes nothing.

    >>> result = calculate_commander_damage({
    ...     "variant": "brawl", "players": ["Alex", "Bianca"],
    ...     "commanders": [{"id": "k", "owner": "Alex", "name": "Kenrith"}],
    ...     "events": [{"source": "k", "target": "Bianca", "amount": 25, "combat": True}]})
    >>> result.as_dict()["totals"], result.lost
    ([{'player': 'Bianca', 'commander': 'k', 'damage': 25}], ())
    >>> try:
    ...     calculate_commander_damage({"variant": "commander", "players": ["A"], "commanders": [],
    ...         "events": [{"source": "x", "target": "B", "amount": -1, "combat": True}]})
    ... except InvalidInputError as err:
    ...     print(*err.problems, sep="\\n")
    events[0].source: 'x' is not a commander id
    events[0].target: 'B' is not a player
    events[0].amount: must be a whole number from 0 to 1000000
    """
    if not isinstance(payload, Mapping):
        raise InvalidInputError(["payload: must be an object"])
    problems: list[str] = []
    _unknown("payload", payload, {"variant", "players", "commanders", "events"}, problems)
    raw_variant = payload.get("variant")
    variant: Variant | None = None
    if raw_variant in (Variant.COMMANDER.value, Variant.BRAWL.value):
        variant = Variant(raw_variant)
    else:
        shown = "missing" if raw_variant is None else repr(raw_variant)
        problems.append(f"variant: {shown} is not one of commander, brawl")
    players = _list(payload, "players", problems)
    raw_commanders = _list(payload, "commanders", problems)
    raw_events = _list(payload, "events", problems)

    commanders: list[Commander] = []
    for i, item in enumerate(raw_commanders[:MAX_PLAYERS * MAX_COMMANDERS_PER_PLAYER + 1]):
        where = f"commanders[{i}]"
        if not isinstance(item, Mapping):
            problems.append(f"{where}: must be an object with id, owner and name")
            continue
        _unknown(where, item, _COMMANDER_FIELDS, problems)
        commanders.append(Commander(id=_field(item, "id"), owner=_field(item, "owner"),
                                    name=_field(item, "name", "")))
    if len(raw_commanders) > MAX_PLAYERS * MAX_COMMANDERS_PER_PLAYER:
        problems.append(f"commanders: at most {MAX_PLAYERS * MAX_COMMANDERS_PER_PLAYER} commanders")

    events: list[DamageEvent | LifeGain] = []
    if len(raw_events) > MAX_EVENTS:
        problems.append(f"events: at most {MAX_EVENTS} events")
    for i, item in enumerate(raw_events[:MAX_EVENTS]):
        where = f"events[{i}]"
        if not isinstance(item, Mapping):
            problems.append(f"{where}: must be an object")
            continue
        kind = item.get("kind", "damage")
        if kind == "life-gain":
            _unknown(where, item, _LIFE_GAIN_FIELDS, problems)
            events.append(LifeGain(target=_field(item, "target"), amount=_field(item, "amount")))
            continue
        if kind != "damage":
            problems.append(f"{where}.kind: {kind!r} is not one of damage, life-gain")
            continue
        _unknown(where, item, _DAMAGE_FIELDS, problems)
        for required in ("source", "target", "amount", "combat"):
            if required not in item:
                problems.append(f"{where}.{required}: required")
        events.append(DamageEvent(source=_field(item, "source"), target=_field(item, "target"),
                                  amount=_field(item, "amount", 0), combat=_field(item, "combat", False),
                                  prevented=_field(item, "prevented", 0),
                                  controller=_field(item, "controller")))

    # The constructor-level checks find the remaining problems (ids, amounts, owners).
    try:
        _validate(variant or Variant.COMMANDER, players, commanders, events)
    except InvalidInputError as err:
        problems.extend(p for p in err.problems if p not in problems)
    except IllegalStateError as err:
        if problems:
            raise InvalidInputError(problems) from err
        raise
    if problems or variant is None:
        raise InvalidInputError(problems)
    return commander_damage(variant=variant, players=players, commanders=commanders, events=events)
