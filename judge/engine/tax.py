"""Commander tax, the Duel Masters Tag Commander (DTC) tax and the planar die cost.

- Commander and Brawl: a commander cast from the command zone costs {2} more
  for each previous time its owner cast it from the command zone that game
  (903.8; Brawl uses the normal Commander rules, 903.12a). Casts from other
  zones add nothing, and each of two partner commanders counts only its own
  casts (702.124d). The total cost follows 601.2f: mana cost, plus additional
  costs and increases (the tax), minus reductions. A generic reduction lowers
  only the generic part, tax included, never the coloured part (118.7a), and
  never below {0} (601.2f). A monocolored hybrid symbol such as {2/W} is paid
  as announced before that (601.2b): announced as {2}, it is generic mana.
- DTC: the cost after every reduction (a reduction never takes a cost below
  1), plus 2 × (N − 1) for the N-th play from the command zone. That tax is
  colourless and can't be reduced; plays are counted for each player, not the
  team, and plays from other zones don't count (anchor ``dtc:commander-tax``).
- Planechase: rolling the planar die costs as much mana as the number of
  times that player has already taken this action this turn (901.9, 116.2i);
  in Two-Headed Giant each player counts their own rolls (901.12d).

>>> commander_tax(mana_cost="{3}{G}{G}", previous_casts=2, reduction=1).as_dict()["total_cost"]
'{6}{G}{G}'
>>> dtc_tax(cost=6, reduction=5, play_number=3).total_cost
5
>>> planar_die_cost(rolls_this_turn=2).total_cost
2
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judge.engine.errors import InvalidInputError
from judge.engine.mana import ManaCost, format_mana_cost, parse_mana_cost
from judge.engine.steps import Step

#: Caps on the numbers a request may carry: far above any real game, low enough to stay cheap.
MAX_CASTS = 1000
MAX_MANA = 1_000_000
MAX_ROLLS = 1000
#: Commander tax per previous cast from the command zone (903.8) and per earlier DTC play.
TAX_PER_CAST = 2
#: DTC: a cost reduction never takes a cost below 1 (the reducing cards the DTC document quotes say so).
DTC_MIN_REDUCED_COST = 1
DTC_RULE = "dtc:commander-tax"


class Variant(enum.Enum):
    """The formats whose extra costs this module computes."""

    COMMANDER = "commander"    # 903.8
    BRAWL = "brawl"            # 903.12a: Commander rules, so the same tax
    DTC = "dtc"                # Duel Masters Tag Commander house rules
    PLANECHASE = "planechase"  # 901.9


@dataclass(frozen=True)
class TaxResult:
    """The extra cost, the total to pay and the steps that explain it.

    ``total_cost`` is a mana cost string for Commander and Brawl
    ("{6}{G}{G}") and a plain number for DTC and the planar die.
    """

    tax_generic: int
    total_cost: str | int
    steps: tuple[Step, ...]

    def as_dict(self) -> dict[str, Any]:
        """The JSON form: ``{"tax_generic", "total_cost", "steps"}``.

        >>> planar_die_cost(rolls_this_turn=0).as_dict()["tax_generic"]
        0
        """
        return {
            "tax_generic": self.tax_generic,
            "total_cost": self.total_cost,
            "steps": [s.as_dict() for s in self.steps],
        }


# ---------------------------------------------------------------------------
# Validation shared by the functions and the JSON entry point


def _whole_number_problem(name: str, value: object, low: int, high: int) -> str | None:
    """The problem with ``value`` as a whole number from ``low`` to ``high``, or None when it is fine."""
    # bool is an int subclass, but true/false is never a count.
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        return f"{name}: must be a whole number from {low} to {high}"
    return None


def _check_numbers(checks: list[tuple[str, object, int, int]]) -> None:
    problems = [p for c in checks if (p := _whole_number_problem(*c)) is not None]
    if problems:
        raise InvalidInputError(problems)


def _mana_cost_problems(value: object) -> tuple[ManaCost | None, list[str]]:
    """Parse a mana cost, returning its problems instead of raising."""
    if not isinstance(value, str) or not value.strip():
        return None, ["mana_cost: required, a mana cost like {3}{G}{G} ({0} for a cost of zero)"]
    # Mana symbols are plain ASCII; this also keeps non-ASCII digits away from int().
    if not value.isascii():
        return None, ["mana_cost: must be mana symbols in braces like {3}{G}{G} (plain ASCII)"]
    try:
        return parse_mana_cost(value), []
    except InvalidInputError as err:
        return None, list(err.problems)


# ---------------------------------------------------------------------------
# Commander and Brawl


def commander_tax(
    *, mana_cost: str, previous_casts: int, reduction: int = 0, variant: Variant = Variant.COMMANDER
) -> TaxResult:
    """Total cost of casting a commander from the command zone (903.8, 601.2f).

    ``previous_casts`` counts only earlier casts of this commander from the
    command zone by its owner; ``reduction`` is a generic cost reduction,
    applied after the tax (601.2f) to the generic part only (118.7a).

    >>> result = commander_tax(mana_cost="{3}{G}{G}", previous_casts=2, reduction=1)
    >>> result.tax_generic, result.total_cost
    (4, '{6}{G}{G}')
    >>> [s.rule for s in result.steps]
    ['601.2f', '903.8', '702.124d', '601.2f', '118.7a', '601.2f']
    >>> commander_tax(mana_cost="{G}{U}", previous_casts=1, reduction=5).total_cost
    '{G}{U}'
    >>> try:
    ...     commander_tax(mana_cost="{G}", previous_casts=-1, variant=Variant.DTC)
    ... except InvalidInputError as err:
    ...     print(*err.problems, sep="\\n")
    variant: must be commander or brawl for commander tax
    previous_casts: must be a whole number from 0 to 1000
    """
    problems: list[str] = []
    if variant not in (Variant.COMMANDER, Variant.BRAWL):
        problems.append("variant: must be commander or brawl for commander tax")
    cost, cost_problems = _mana_cost_problems(mana_cost)
    problems.extend(cost_problems)
    for check in (("previous_casts", previous_casts, 0, MAX_CASTS), ("reduction", reduction, 0, MAX_MANA)):
        problem = _whole_number_problem(*check)
        if problem is not None:
            problems.append(problem)
    if problems or cost is None:
        raise InvalidInputError(problems)

    colored = cost.colored_part
    tax = TAX_PER_CAST * previous_casts
    with_tax = cost.generic + tax
    steps = [Step(rule="601.2f", text=f"Start from the mana cost {cost.text}.")]
    if variant is Variant.BRAWL:
        steps.append(Step(rule="903.12a", text=(
            "Brawl uses the normal Commander rules, so the commander tax applies.")))
    if tax:
        casts = ("the one previous cast" if previous_casts == 1
                 else f"each of the {previous_casts} previous casts")
        steps.append(Step(rule="903.8", text=(
            f"Commander tax: {{{TAX_PER_CAST}}} for {casts} from the command zone = {{{tax}}}, "
            f"an additional cost: {format_mana_cost(generic=with_tax, symbols=colored)} so far. "
            "Casts from other zones add no tax.")))
    else:
        steps.append(Step(rule="903.8", text=(
            "No commander tax: this is the first cast of this commander from the command zone "
            "(casts from other zones don't count).")))
    steps.append(Step(rule="702.124d", text=(
        "A partner commander's casts are counted separately: casting your other commander "
        "never raises this commander's tax.")))

    total_generic = with_tax
    if reduction:
        total_generic = max(with_tax - reduction, 0)
        steps.append(Step(rule="601.2f", text=(
            f"Cost reductions come after additional costs and increases: {{{reduction}}} less "
            f"lowers the generic part, tax included, from {{{with_tax}}} to {{{total_generic}}}.")))
        unused = reduction - with_tax
        if unused > 0:
            text = (f"The generic part can't go below {{0}}: {{{unused}}} of the reduction is left over "
                    "and can't lower the coloured part.")
            if any(s.variable for s in colored):
                text += " The amount chosen for X is generic mana (107.4b), so the rest can lower that."
            steps.append(Step(rule="118.7a", text=text))
        elif colored:
            steps.append(Step(rule="118.7a", text=(
                "A generic reduction never lowers coloured (hybrid and Phyrexian included), colourless "
                f"or snow symbols: {''.join(s.text for s in colored)} stays.")))
    # 601.2b: how a hybrid symbol is paid is announced before the total cost is determined (601.2f),
    # so a {2/W} announced as {2} is generic mana that a generic reduction can lower.
    monocolored = [s for s in colored if s.hybrid and s.generic]
    if monocolored:
        alt_generic = max(with_tax + sum(s.generic for s in monocolored) - reduction, 0)
        alt = format_mana_cost(generic=alt_generic, symbols=tuple(s for s in colored if s not in monocolored))
        steps.append(Step(rule="601.2b", text=(
            f"{''.join(dict.fromkeys(s.text for s in monocolored))}: you announce how you will pay each "
            "monocolored hybrid symbol before the total cost is determined. This total assumes its coloured "
            f"half; announced as generic mana it is part of the generic cost"
            + (" (which the reduction lowers)" if reduction else "")
            + f", and the total is {alt}.")))
    total = format_mana_cost(generic=total_generic, symbols=colored)
    steps.append(Step(rule="601.2f", text=f"Total cost: {total}."))
    return TaxResult(tax_generic=tax, total_cost=total, steps=tuple(steps))


# ---------------------------------------------------------------------------
# Duel Masters Tag Commander


def dtc_tax(*, cost: int, reduction: int, play_number: int) -> TaxResult:
    """Cost to pay for the ``play_number``-th play of a DTC commander from the command zone.

    The tax, 2 × (N − 1), is added on top of the cost after every reduction
    and can't itself be reduced (``dtc:commander-tax``). Reductions stop at 1;
    a play that pays no cost at all (Revolution Change, Invasion) is ``cost=0``
    and pays only the tax.

    >>> result = dtc_tax(cost=6, reduction=5, play_number=3)
    >>> result.tax_generic, result.total_cost
    (4, 5)
    >>> dtc_tax(cost=6, reduction=9, play_number=1).total_cost
    1
    >>> dtc_tax(cost=0, reduction=0, play_number=2).total_cost
    2
    """
    _check_numbers([("cost", cost, 0, MAX_MANA), ("reduction", reduction, 0, MAX_MANA),
                    ("play_number", play_number, 1, MAX_CASTS + 1)])
    steps = [Step(rule=DTC_RULE, text=f"Start from the cost {cost}.")]
    reduced = cost
    if reduction:
        reduced = max(cost - reduction, min(cost, DTC_MIN_REDUCED_COST))
        text = f"Apply every reduction first: {cost} − {reduction} → {reduced}."
        if reduced > cost - reduction:
            text += f" A reduction can't take the cost below {DTC_MIN_REDUCED_COST}."
        steps.append(Step(rule=DTC_RULE, text=text))
    tax = TAX_PER_CAST * (play_number - 1)
    if tax:
        steps.append(Step(rule=DTC_RULE, text=(
            f"Commander tax for play {play_number} from the command zone: "
            f"2 × ({play_number} − 1) = {tax}, "
            "colourless and never reduced, added on top of the reduced cost.")))
    else:
        steps.append(Step(rule=DTC_RULE, text="First play from the command zone: no commander tax."))
    steps.append(Step(rule=DTC_RULE, text=(
        "Plays are counted for each player, not for the team; plays from other zones don't count.")))
    total = reduced + tax
    steps.append(Step(rule=DTC_RULE, text=f"Cost to pay: {reduced} + {tax} = {total}."))
    return TaxResult(tax_generic=tax, total_cost=total, steps=tuple(steps))


# ---------------------------------------------------------------------------
# Planechase


def planar_die_cost(*, rolls_this_turn: int, two_headed_giant: bool = False) -> TaxResult:
    """Mana to pay to roll the planar die, after ``rolls_this_turn`` earlier rolls by this player (901.9).

    Only the special action counts; a roll an effect causes doesn't (116.2i).
    In Two-Headed Giant each player of the active team counts their own rolls (901.12d).

    >>> [s.rule for s in planar_die_cost(rolls_this_turn=1, two_headed_giant=True).steps]
    ['901.9', '116.2i', '901.12d']
    """
    problems = []
    problem = _whole_number_problem("rolls_this_turn", rolls_this_turn, 0, MAX_ROLLS)
    if problem is not None:
        problems.append(problem)
    if not isinstance(two_headed_giant, bool):
        problems.append("two_headed_giant: must be true or false")
    if problems:
        raise InvalidInputError(problems)
    if rolls_this_turn:
        times = "the one time" if rolls_this_turn == 1 else f"each of the {rolls_this_turn} times"
        text = (f"Rolling the planar die costs {{{rolls_this_turn}}}: one for {times} "
                "this player already rolled it this turn as this action.")
    else:
        text = "The first roll of the planar die this turn costs nothing ({0})."
    steps = [
        Step(rule="901.9", text=text),
        Step(rule="116.2i", text=(
            "Only rolls made as this special action count; a roll an effect made you do doesn't.")),
    ]
    if two_headed_giant:
        steps.append(Step(rule="901.12d", text=(
            "Two-Headed Giant: each player of the active team counts only their own rolls.")))
    return TaxResult(tax_generic=rolls_this_turn, total_cost=rolls_this_turn, steps=tuple(steps))


# ---------------------------------------------------------------------------
# JSON entry point

#: The fields each variant takes, and whether each is required.
_FIELDS: dict[Variant, dict[str, bool]] = {
    Variant.COMMANDER: {"mana_cost": True, "previous_casts": True, "reduction": False},
    Variant.BRAWL: {"mana_cost": True, "previous_casts": True, "reduction": False},
    Variant.DTC: {"cost": True, "reduction": False, "play_number": True},
    Variant.PLANECHASE: {"rolls_this_turn": True, "two_headed_giant": False},
}
#: Field -> (lowest, highest) for the whole-number fields.
_RANGES: dict[str, tuple[int, int]] = {
    "previous_casts": (0, MAX_CASTS),
    "reduction": (0, MAX_MANA),
    "cost": (0, MAX_MANA),
    "play_number": (1, MAX_CASTS + 1),
    "rolls_this_turn": (0, MAX_ROLLS),
}


def calculate_tax(payload: Mapping[str, object]) -> TaxResult:
    """Validate a JSON payload and compute its tax; every problem is reported at once.

    >>> calculate_tax({"variant": "commander", "mana_cost": "{3}{G}{G}",
    ...                "previous_casts": 2, "reduction": 1}).total_cost
    '{6}{G}{G}'
    >>> calculate_tax({"variant": "dtc", "cost": 6, "reduction": 5, "play_number": 3}).total_cost
    5
    >>> calculate_tax({"variant": "planechase", "rolls_this_turn": 2}).tax_generic
    2
    >>> try:
    ...     calculate_tax({"variant": "commander", "mana_cost": "3GG", "previous_casts": -1})
    ... except InvalidInputError as err:
    ...     print(*err.problems, sep="\\n")
    mana_cost: '3GG' is not a mana cost; write symbols in braces, e.g. {3}{G}{G}
    previous_casts: must be a whole number from 0 to 1000
    """
    if not isinstance(payload, Mapping):
        raise InvalidInputError(["payload: must be an object"])
    problems: list[str] = []
    raw_variant = payload.get("variant")
    variant: Variant | None = None
    if isinstance(raw_variant, str) and raw_variant in {v.value for v in Variant}:
        variant = Variant(raw_variant)
    else:
        names = ", ".join(v.value for v in Variant)
        shown = "missing" if raw_variant is None else repr(raw_variant)
        problems.append(f"variant: {shown} is not one of {names}")

    fields = _FIELDS[variant] if variant is not None else {}
    if variant is not None:
        for name in payload:
            if name != "variant" and name not in fields:
                problems.append(f"{name}: unknown field for {variant.value} "
                                f"(expected: {', '.join(fields)})")
        for name, required in fields.items():
            if required and name not in payload:
                problems.append(f"{name}: required for {variant.value}")
    if "mana_cost" in payload and ("mana_cost" in fields or variant is None):
        problems.extend(_mana_cost_problems(payload["mana_cost"])[1])
    # With an unknown variant, still check every known field that is present.
    checked = fields or {name: False for name in _RANGES}
    values: dict[str, Any] = {}
    for name, (low, high) in _RANGES.items():
        if name in checked and name in payload:
            problem = _whole_number_problem(name, payload[name], low, high)
            if problem is not None:
                problems.append(problem)
            values[name] = payload[name]
    if "two_headed_giant" in checked and "two_headed_giant" in payload:
        if not isinstance(payload["two_headed_giant"], bool):
            problems.append("two_headed_giant: must be true or false")
        values["two_headed_giant"] = payload["two_headed_giant"]
    if problems or variant is None:
        raise InvalidInputError(problems)

    if variant is Variant.DTC:
        return dtc_tax(cost=values["cost"], reduction=values.get("reduction", 0),
                       play_number=values["play_number"])
    if variant is Variant.PLANECHASE:
        return planar_die_cost(rolls_this_turn=values["rolls_this_turn"],
                               two_headed_giant=values.get("two_headed_giant", False))
    mana_cost = payload["mana_cost"]
    assert isinstance(mana_cost, str)  # checked above
    return commander_tax(mana_cost=mana_cost, previous_casts=values["previous_casts"],
                         reduction=values.get("reduction", 0), variant=variant)
