"""The tax calculator's input: the JSON payload read into typed requests (rules in judge.engine.tax).

Payload fields per variant (``"variant"`` is always required):

- ``commander`` / ``brawl``: optional ``mana_cost`` (as printed or typed: "{3}{G}{G}",
  "3GG", "３ＧＧ", "2WU/B"; without it the answer is the tax alone, "+{4}"), ``previous_casts`` (casts of
  this commander from
  the command zone so far), optional ``reduction`` (a number of generic mana,
  or a mana string such as "{W}{B}" or "1W"), optional ``cast_from``
  (``"command-zone"``, the default, ``"hand"``, ``"graveyard"``, ``"exile"``,
  ``"library"`` or ``"other"``; ``previous_casts`` may be left out when the
  commander is not cast from the command zone, since no tax is paid then),
  optional ``partner`` (true when the commander is one of two, partner or
  a Background: each counts only its own casts, 702.124d);
- ``dtc``: ``cost``, optional ``reduction``, ``play_number`` (1 for the first play);
- ``planechase``: ``rolls_this_turn``, optional ``two_headed_giant``.

>>> read_tax_payload({"variant": "commander", "mana_cost": "3GG", "previous_casts": 1, "reduction": "W"})
... # doctest: +ELLIPSIS
CommanderTaxInput(mana_cost=ManaCost(...), previous_casts=1, reduction=ManaCost(...), ...)
>>> read_tax_payload({"variant": "dtc", "cost": 6, "play_number": 3})
DtcTaxInput(cost=6, reduction=0, play_number=3)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass

from judge.engine.errors import InvalidInputError
from judge.engine.mana import ManaCost, ManaSymbol, mana_cost_label, parse_mana_cost
from judge.engine.messages import Message, msg
from judge.engine.payload import shown, unknown_fields, whole_number
from judge.engine.variants import Variant, read_variant, variant_names

#: Caps on the numbers a request may carry: far above any real game, low enough to stay cheap.
MAX_CASTS = 1000
MAX_MANA = 1_000_000
MAX_ROLLS = 1000


class CastZone(enum.Enum):
    """Where a commander is cast from: only the command zone has a commander tax (903.8)."""

    COMMAND_ZONE = "command-zone"
    HAND = "hand"
    GRAVEYARD = "graveyard"
    EXILE = "exile"
    LIBRARY = "library"
    OTHER = "other"

    @property
    def label(self) -> Message:
        return msg(f"tax.zone.{self.value}")


@dataclass(frozen=True)
class CommanderTaxInput:
    """A Commander or Brawl commander being cast. ``reduction`` is a mana cost ({1} for "1 less")."""

    mana_cost: ManaCost | None  # None: no cost given, the answer is the tax alone
    previous_casts: int
    reduction: ManaCost
    variant: Variant = Variant.COMMANDER
    cast_from: CastZone = CastZone.COMMAND_ZONE
    partner: bool = False  # one of two commanders (702.124): its casts are counted apart (702.124d)

    @property
    def reduction_is_generic(self) -> bool:
        return all(s.is_generic and not s.variable for s in self.reduction.symbols)

    @property
    def generic_reduction(self) -> int:
        return sum(s.generic for s in self.reduction.symbols if s.is_generic)


@dataclass(frozen=True)
class DtcTaxInput:
    """A DTC commander played from the command zone for the ``play_number``-th time."""

    cost: int
    reduction: int
    play_number: int


@dataclass(frozen=True)
class PlanarDieInput:
    rolls_this_turn: int
    two_headed_giant: bool = False


TaxInput = CommanderTaxInput | DtcTaxInput | PlanarDieInput

#: The fields each variant takes, and whether each is required.
_FIELDS: dict[Variant, dict[str, bool]] = {
    Variant.COMMANDER: {
        "mana_cost": False,
        "previous_casts": True,
        "reduction": False,
        "cast_from": False,
        "partner": False,
    },
    Variant.BRAWL: {
        "mana_cost": False,
        "previous_casts": True,
        "reduction": False,
        "cast_from": False,
        "partner": False,
    },
    Variant.DTC: {"cost": True, "reduction": False, "play_number": True},
    Variant.PLANECHASE: {"rolls_this_turn": True, "two_headed_giant": False},
}
#: Every field, in the order problems are listed.
_ORDER = (
    "mana_cost",
    "previous_casts",
    "reduction",
    "cast_from",
    "partner",
    "cost",
    "play_number",
    "rolls_this_turn",
    "two_headed_giant",
)
#: Field -> (lowest, highest) for the whole-number fields.
_RANGES: dict[str, tuple[int, int]] = {
    "previous_casts": (0, MAX_CASTS),
    "reduction": (0, MAX_MANA),
    "cost": (0, MAX_MANA),
    "play_number": (1, MAX_CASTS + 1),
    "rolls_this_turn": (0, MAX_ROLLS),
}


def label(name: str) -> Message:
    """The human label of a payload field ("previous_casts" -> "Previous casts from the command zone")."""
    if name == "mana_cost":
        return mana_cost_label()
    if name == "variant":
        return msg("variant.label")
    return msg("tax.label." + name.replace("_", "-"))


def _number(name: str, value: object, *, low: int | None = None, high: int | None = None) -> Message | None:
    default_low, default_high = _RANGES[name]
    return whole_number(
        value,
        field=name,
        label=label(name),
        low=default_low if low is None else low,
        high=default_high if high is None else high,
    )


def _generic(amount: int) -> ManaCost:
    return ManaCost(symbols=(ManaSymbol(text=f"{{{amount}}}", generic=amount),) if amount else ())


def _reduction(value: object, problems: list[str | Message]) -> ManaCost:
    """A reduction: a number of generic mana or a mana string (118.7), read like a mana cost."""
    if isinstance(value, str):
        try:
            cost = parse_mana_cost(value, field="reduction", label=label("reduction"))
        except InvalidInputError as err:
            problems.extend(err.messages)
            return _generic(0)
        for symbol in cost.symbols:
            if symbol.variable:
                problems.append(
                    msg(
                        "mana.variable-reduction",
                        rule="118.7",
                        field="reduction",
                        label=label("reduction"),
                        symbol=symbol.text,
                    )
                )
        too_much = _number("reduction", cost.generic)
        if too_much is not None:
            problems.append(too_much)
        return cost
    problem = _number("reduction", value)
    if problem is not None:
        problems.append(problem)
        return _generic(0)
    assert isinstance(value, int)
    return _generic(value)


def _mana_cost(value: object, problems: list[str | Message]) -> ManaCost:
    if not isinstance(value, str) or not value.strip():
        problems.append(msg("input.required", field="mana_cost", label=mana_cost_label()))
        return ManaCost(symbols=())
    try:
        return parse_mana_cost(value)
    except InvalidInputError as err:
        problems.extend(err.messages)
        return ManaCost(symbols=())


def _cast_zone(value: object, problems: list[str | Message]) -> CastZone:
    if isinstance(value, CastZone):
        return value
    if isinstance(value, str) and value in {z.value for z in CastZone}:
        return CastZone(value)
    problems.append(
        msg(
            "input.one-of",
            field="cast_from",
            label=label("cast_from"),
            value=shown(value),
            choices=", ".join(z.value for z in CastZone),
        )
    )
    return CastZone.COMMAND_ZONE


def commander_tax_input(
    *,
    mana_cost: object,
    previous_casts: object,
    reduction: object = 0,
    variant: object = Variant.COMMANDER,
    cast_from: object = CastZone.COMMAND_ZONE,
    partner: object = False,
) -> CommanderTaxInput:
    """Check the arguments of a Commander or Brawl tax; raise listing every problem.

    >>> commander_tax_input(mana_cost="{G}", previous_casts=-1, variant=Variant.DTC)
    Traceback (most recent call last):
    ...
    judge.engine.errors.InvalidInputError: Format: commander tax is for commander, brawl.; \
Previous casts from the command zone: a whole number from 0 to 1000.
    """
    problems: list[str | Message] = []
    if not (isinstance(variant, Variant) and variant.uses_commander_rules):
        # A commander tax is the Commander rules' (903.8), Brawl's too (903.12a).
        problems.append(
            msg(
                "tax.not-commander-variant",
                field="variant",
                label=label("variant"),
                choices=variant_names(v for v in Variant if v.uses_commander_rules),
            )
        )
    cost: ManaCost | None = None
    if isinstance(mana_cost, ManaCost):
        cost = mana_cost
    elif mana_cost is not None:
        cost = _mana_cost(mana_cost, problems)
    casts_problem = _number("previous_casts", previous_casts)
    if casts_problem is not None:
        problems.append(casts_problem)
    lowered = reduction if isinstance(reduction, ManaCost) else _reduction(reduction, problems)
    zone = _cast_zone(cast_from, problems)
    if cost is None and lowered.symbols:
        problems.append(msg("tax.reduction-needs-cost", field="reduction", label=label("reduction")))
    if not isinstance(partner, bool):
        problems.append(msg("input.true-false", field="partner", label=label("partner")))
    if problems:
        raise InvalidInputError(problems)
    assert isinstance(previous_casts, int) and isinstance(variant, Variant) and isinstance(partner, bool)
    return CommanderTaxInput(
        mana_cost=cost,
        previous_casts=previous_casts,
        reduction=lowered,
        variant=variant,
        cast_from=zone,
        partner=partner,
    )


def dtc_tax_input(*, cost: object, reduction: object, play_number: object) -> DtcTaxInput:
    """Check the arguments of a DTC tax; raise listing every problem."""
    problems = [
        p
        for p in (_number("cost", cost), _number("reduction", reduction), _number("play_number", play_number))
        if p is not None
    ]
    if problems:
        raise InvalidInputError(problems)
    assert isinstance(cost, int) and isinstance(reduction, int) and isinstance(play_number, int)
    return DtcTaxInput(cost=cost, reduction=reduction, play_number=play_number)


def planar_die_input(*, rolls_this_turn: object, two_headed_giant: object = False) -> PlanarDieInput:
    """Check the arguments of a planar die cost; raise listing every problem."""
    problems: list[str | Message] = []
    problem = _number("rolls_this_turn", rolls_this_turn)
    if problem is not None:
        problems.append(problem)
    if not isinstance(two_headed_giant, bool):
        problems.append(msg("input.true-false", field="two_headed_giant", label=label("two_headed_giant")))
    if problems:
        raise InvalidInputError(problems)
    assert isinstance(rolls_this_turn, int) and isinstance(two_headed_giant, bool)
    return PlanarDieInput(rolls_this_turn=rolls_this_turn, two_headed_giant=two_headed_giant)


def _variant(value: object, problems: list[str | Message]) -> Variant | None:
    """The variant named, if this calculator takes it."""
    found: list[Message] = []
    variant = read_variant(value, found, allowed=Variant.TAX_CALCULATOR)
    problems.extend(found)
    return variant


def _read_field(name: str, value: object, problems: list[str | Message], *, commander: bool) -> object:
    """One field's value as the calculator takes it (the value as given when there is nothing to convert)."""
    if name == "mana_cost":
        return _mana_cost(value, problems)
    if name == "reduction" and commander:
        return _reduction(value, problems)
    if name == "cast_from":
        return _cast_zone(value, problems)
    if name in ("two_headed_giant", "partner"):
        if not isinstance(value, bool):
            problems.append(msg("input.true-false", field=name, label=label(name)))
    elif (problem := _number(name, value)) is not None:
        problems.append(problem)
    return value


def read_tax_payload(payload: object) -> TaxInput:
    """Read a tax request; every problem is reported at once (each field checked even with a bad variant).

    >>> try:
    ...     read_tax_payload({"variant": "commander", "mana_cost": "3QQ", "previous_casts": -1})
    ... except InvalidInputError as err:
    ...     print(*err.render("en"), sep="\\n")
    Mana cost: {Q} is not a mana symbol.
    Previous casts from the command zone: a whole number from 0 to 1000.
    """
    if not isinstance(payload, Mapping):
        raise InvalidInputError([msg("input.not-object")])
    problems: list[str | Message] = []
    variant = _variant(payload.get("variant"), problems)

    fields = _FIELDS[variant] if variant is not None else {}
    if variant is not None:
        problems.extend(unknown_fields(payload, ["variant", *fields]))
        not_taxed = payload.get("cast_from", CastZone.COMMAND_ZONE.value) != CastZone.COMMAND_ZONE.value
        for name, required in fields.items():
            # No tax from another zone (903.8), so the count of earlier casts is not needed.
            if required and name not in payload and not (name == "previous_casts" and not_taxed):
                problems.append(msg("tax.required-for", field=name, label=label(name), variant=variant.label))
    # With an unknown variant, still check every known field that is present.
    checked = fields or dict.fromkeys(_ORDER, False)
    values: dict[str, object] = {}
    commander = variant is None or variant.uses_commander_rules
    for name in _ORDER:
        if name not in checked or name not in payload:
            continue
        values[name] = _read_field(name, payload[name], problems, commander=commander)
    if problems or variant is None:
        raise InvalidInputError(dict.fromkeys(problems))

    if variant is Variant.DTC:
        return dtc_tax_input(
            cost=values["cost"], reduction=values.get("reduction", 0), play_number=values["play_number"]
        )
    if variant is Variant.PLANECHASE:
        return planar_die_input(
            rolls_this_turn=values["rolls_this_turn"], two_headed_giant=values.get("two_headed_giant", False)
        )
    return commander_tax_input(
        mana_cost=values.get("mana_cost"),
        previous_casts=values.get("previous_casts", 0),
        reduction=values.get("reduction", 0),
        variant=variant,
        cast_from=values.get("cast_from", CastZone.COMMAND_ZONE),
        partner=values.get("partner", False),
    )
