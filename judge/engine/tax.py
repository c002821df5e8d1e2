"""Commander tax, the Duel Masters Tag Commander (DTC) tax and the planar die cost.

- Commander and Brawl: a commander cast from the command zone costs {2} more
  for each previous time its owner cast it from the command zone that game
  (903.8; Brawl uses the normal Commander rules, 903.12a). A cast from any
  other zone (a commander its owner let go to their hand, a graveyard, exile)
  pays no tax and isn't counted, and each of two partner commanders counts
  only its own casts (702.124d; said only when ``partner`` says the commander
  is one of two). The total cost follows 601.2f: mana cost,
  plus additional costs and increases (the tax), minus reductions. A generic
  reduction lowers only the generic part, tax included, never the coloured
  part (118.7a), and never below {0} (601.2f). A coloured reduction ("Cleric
  spells cost {W}{B} less") removes mana of its colour, or generic mana when
  the cost has none of that colour (118.7b-118.7g). A monocolored hybrid
  symbol such as {2/W} is paid as announced before that (601.2b): announced
  as {2}, it is generic mana.
- DTC: the cost after every reduction (a reduction never takes a cost below
  1), plus 2 × (N − 1) for the N-th play from the command zone. That tax is
  colourless and can't be reduced; plays are counted for each player, not the
  team, and plays from other zones don't count (anchor ``dtc:commander-tax``).
- Planechase: rolling the planar die costs as much mana as the number of
  times that player has already taken this action this turn (901.9, 116.2i);
  in Two-Headed Giant each player counts their own rolls (901.12d).

The JSON payload is read by :mod:`judge.engine.tax_payload`.

>>> commander_tax(mana_cost="{3}{G}{G}", previous_casts=2, reduction=1).to_answer()["total_cost"]
'{6}{G}{G}'
>>> commander_tax(mana_cost="3WB", previous_casts=1, reduction="{W}{B}").total_cost
'{5}'
>>> commander_tax(mana_cost="{4}{G}", previous_casts=3, cast_from=CastZone.HAND).total_cost
'{4}{G}'
>>> dtc_tax(cost=6, reduction=5, play_number=3).total_cost
5
>>> planar_die_cost(rolls_this_turn=2).total_cost
2
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judge.engine.mana import ManaCost, ManaSymbol, format_mana_cost
from judge.engine.steps import Step
from judge.engine.tax_payload import (
    MAX_CASTS,
    MAX_MANA,
    MAX_ROLLS,
    CastZone,
    CommanderTaxInput,
    DtcTaxInput,
    PlanarDieInput,
    TaxInput,
    commander_tax_input,
    dtc_tax_input,
    planar_die_input,
    read_tax_payload,
)
from judge.engine.variants import Variant

#: Commander tax per previous cast from the command zone (903.8) and per earlier DTC play.
TAX_PER_CAST = 2
#: DTC: a cost reduction never takes a cost below 1 (the reducing cards the DTC document quotes say so).
DTC_MIN_REDUCED_COST = 1
DTC_RULE = "dtc:commander-tax"

__all__ = [
    "MAX_CASTS",
    "MAX_MANA",
    "MAX_ROLLS",
    "CastZone",
    "TaxResult",
    "Variant",
    "calculate_tax",
    "commander_tax",
    "dtc_tax",
    "planar_die_cost",
    "tax_for",
]


@dataclass(frozen=True)
class TaxResult:
    """The extra cost, the total to pay and the steps that explain it.

    ``total_cost`` is a mana cost string for Commander and Brawl
    ("{6}{G}{G}"; the tax alone, "+{4}", when no mana cost was given) and a
    plain number for DTC and the planar die.
    """

    tax_generic: int
    total_cost: str | int
    steps: tuple[Step, ...]

    def to_answer(self, lang: str = "en") -> dict[str, Any]:
        """The JSON form: ``{"tax_generic", "total_cost", "steps"}``, steps in ``lang``.

        >>> planar_die_cost(rolls_this_turn=0).to_answer("ja")["steps"][0]["text"]
        'このターン最初の次元ダイスを振る行動にはマナがかかりません（{0}）。'
        """
        return {
            "tax_generic": self.tax_generic,
            "total_cost": self.total_cost,
            "steps": [s.to_answer(lang) for s in self.steps],
        }


# ---------------------------------------------------------------------------
# Commander and Brawl


def commander_tax(
    *,
    mana_cost: str | ManaCost | None,
    previous_casts: int = 0,
    reduction: int | str | ManaCost = 0,
    variant: Variant = Variant.COMMANDER,
    cast_from: CastZone = CastZone.COMMAND_ZONE,
    partner: bool = False,
) -> TaxResult:
    """Total cost of casting a commander (903.8, 601.2f), from the command zone unless ``cast_from`` says not.

    ``previous_casts`` counts only earlier casts of this commander from the
    command zone; ``reduction`` is generic mana (a number) or a mana string,
    applied after the tax (601.2f, 118.7); ``partner``: the commander is one of
    two (702.124), whose casts are counted apart (702.124d). Bad arguments raise
    :class:`~judge.engine.errors.InvalidInputError` listing every problem.

    >>> result = commander_tax(mana_cost="{3}{G}{G}", previous_casts=2, reduction=1)
    >>> result.tax_generic, result.total_cost
    (4, '{6}{G}{G}')
    >>> [s.rule for s in result.steps]
    ['601.2f', '903.8', '601.2f', '118.7a', '601.2f']
    >>> [s.rule for s in commander_tax(mana_cost="{G}{U}", previous_casts=0, partner=True).steps]
    ['601.2f', '903.8', '702.124d', '601.2f']
    >>> commander_tax(mana_cost="{G}{U}", previous_casts=1, reduction=5).total_cost
    '{G}{U}'
    >>> commander_tax(mana_cost=None, previous_casts=2).total_cost
    '+{4}'
    """
    return _commander_tax(
        commander_tax_input(
            mana_cost=mana_cost,
            previous_casts=previous_casts,
            reduction=reduction,
            variant=variant,
            cast_from=cast_from,
            partner=partner,
        )
    )


def _take(remaining: list[ManaSymbol], color: str) -> ManaSymbol | None:
    """Remove and return the cost symbol a reduction of one ``color`` ("C" for colorless) lowers.

    A plain symbol first; then a Phyrexian or hybrid one, which the caster announces as that colour (601.2b).
    """

    def plain(s: ManaSymbol) -> bool:
        return s.colorless if color == "C" else s.colors == {color} and not s.hybrid and not s.phyrexian

    def announced(s: ManaSymbol) -> bool:
        return (s.colorless if color == "C" else color in s.colors) and (s.hybrid or s.phyrexian)

    for wanted in (plain, announced):
        for index, symbol in enumerate(remaining):
            if not symbol.variable and wanted(symbol):
                return remaining.pop(index)
    return None


def _colored_reduction(
    colored: tuple[ManaSymbol, ...], reduction: ManaCost
) -> tuple[list[ManaSymbol], int, list[Step]]:
    """Apply the non-generic symbols of a reduction (118.7b-118.7g): the symbols left and the generic mana
    cut."""
    remaining = list(colored)
    cut = 0
    steps: list[Step] = []
    for r in reduction.symbols:
        if r.is_generic:
            cut += r.generic
            continue
        if r.snow:
            cut += 1
            steps.append(Step.of("tax.reduce-snow", rule="118.7g", reduction_symbol=r.text))
            continue
        color = "C" if r.colorless and not r.colors else ""
        if r.hybrid:
            # 118.7e: the player chooses a half; the one the cost can use lowers it most.
            halves = [
                c for c in ("W", "U", "B", "R", "G", "C") if c in r.colors or (c == "C" and r.colorless)
            ]
            usable = [
                c for c in halves if any(c in s.colors or (c == "C" and s.colorless) for s in remaining)
            ]
            if usable:
                color = usable[0]
            elif r.generic:
                cut += r.generic
                steps.append(
                    Step.of(
                        "tax.reduce-hybrid-choice",
                        rule="118.7e",
                        reduction_symbol=r.text,
                        half=f"{{{r.generic}}}",
                    )
                )
                continue
            else:
                color = halves[0]
            steps.append(
                Step.of(
                    "tax.reduce-hybrid-choice", rule="118.7e", reduction_symbol=r.text, half=f"{{{color}}}"
                )
            )
        elif r.colors:
            color = next(iter(r.colors))
            if r.phyrexian:
                steps.append(
                    Step.of(
                        "tax.reduce-phyrexian", rule="118.7f", reduction_symbol=r.text, color=f"{{{color}}}"
                    )
                )
        taken = _take(remaining, color)
        if taken is None:
            cut += 1
            had = any(color in s.colors or (color == "C" and s.colorless) for s in colored)
            symbol, kind = r.text, f"{{{color}}}"
            if not had:  # the cost doesn't require mana of that type
                steps.append(
                    Step.of("tax.reduce-as-generic", rule="118.7b", reduction_symbol=symbol, color=kind)
                )
            elif color == "C":  # more colorless than the cost's colorless component
                steps.append(Step.of("tax.reduce-excess", rule="118.7d", reduction_symbol=symbol, color=kind))
            else:  # more of a colour than the cost's component of that colour
                steps.append(Step.of("tax.reduce-excess", rule="118.7c", reduction_symbol=symbol, color=kind))
        elif taken.hybrid or taken.phyrexian:
            steps.append(
                Step.of(
                    "tax.reduce-announced-hybrid",
                    rule="601.2b",
                    symbol=taken.text,
                    color=f"{{{color}}}",
                    reduction_symbol=r.text,
                )
            )
        else:
            steps.append(Step.of("tax.reduce-pip", rule="118.7", reduction_symbol=r.text, symbol=taken.text))
    return remaining, cut, steps


def _tax_alone(request: CommanderTaxInput) -> TaxResult:
    """No mana cost given: the commander tax alone (903.8), "+{4}", to add to the mana cost (601.2f)."""
    from_command_zone = request.cast_from is CastZone.COMMAND_ZONE
    tax = TAX_PER_CAST * request.previous_casts if from_command_zone else 0
    steps: list[Step] = []
    if request.variant is Variant.BRAWL:
        steps.append(Step.of("tax.brawl", rule="903.12a"))
    if not from_command_zone:
        steps.append(Step.of("tax.not-from-command-zone", rule="903.8", zone=request.cast_from.label))
    elif tax:
        steps.append(Step.of("tax.alone-casts", rule="903.8", casts=request.previous_casts, tax=f"{{{tax}}}"))
    else:
        steps.append(Step.of("tax.first-cast", rule="903.8"))
    if from_command_zone and request.partner:
        steps.append(Step.of("tax.partners", rule="702.124d"))
    total = f"+{{{tax}}}"
    steps.append(Step.of("tax.alone", rule="601.2f", total=total))
    return TaxResult(tax_generic=tax, total_cost=total, steps=tuple(steps))


def _commander_tax(request: CommanderTaxInput) -> TaxResult:
    if request.mana_cost is None:
        return _tax_alone(request)
    cost = request.mana_cost
    colored = cost.colored_part
    from_command_zone = request.cast_from is CastZone.COMMAND_ZONE
    tax = TAX_PER_CAST * request.previous_casts if from_command_zone else 0
    with_tax = cost.generic + tax
    steps = [Step.of("tax.start", rule="601.2f", cost=cost.text or "{0}")]
    if request.variant is Variant.BRAWL:
        steps.append(Step.of("tax.brawl", rule="903.12a"))
    if not from_command_zone:
        steps.append(Step.of("tax.not-from-command-zone", rule="903.8", zone=request.cast_from.label))
    elif tax:
        so_far = format_mana_cost(generic=with_tax, symbols=colored)
        if request.previous_casts == 1:
            steps.append(Step.of("tax.commander-tax-one", rule="903.8", tax=f"{{{tax}}}", so_far=so_far))
        else:
            steps.append(
                Step.of(
                    "tax.commander-tax-many",
                    rule="903.8",
                    casts=request.previous_casts,
                    tax=f"{{{tax}}}",
                    so_far=so_far,
                )
            )
    else:
        steps.append(Step.of("tax.first-cast", rule="903.8"))
    if from_command_zone and request.partner:
        steps.append(Step.of("tax.partners", rule="702.124d"))

    remaining, cut, reduction_steps = _colored_reduction(colored, request.reduction)
    total_generic = max(with_tax - cut, 0)
    if request.reduction_is_generic:
        if cut:
            steps.append(
                Step.of(
                    "tax.reduce-generic",
                    rule="601.2f",
                    reduction=f"{{{cut}}}",
                    before=f"{{{with_tax}}}",
                    after=f"{{{total_generic}}}",
                )
            )
    else:
        steps.append(Step.of("tax.reduce-start", rule="601.2f", reduction=request.reduction.text))
        steps.extend(reduction_steps)
        if cut and with_tax:
            steps.append(
                Step.of(
                    "tax.reduce-generic-part",
                    rule="118.7a",
                    before=f"{{{with_tax}}}",
                    after=f"{{{total_generic}}}",
                )
            )
    unused = cut - with_tax
    if unused > 0:
        # The amount chosen for X is generic mana (107.4b), which the rest can still lower.
        steps.append(
            Step.of(
                "tax.reduction-left-over-x"
                if any(s.variable for s in remaining)
                else "tax.reduction-left-over",
                rule="118.7a",
                unused=f"{{{unused}}}",
            )
        )
    elif remaining and request.generic_reduction:
        steps.append(Step.of("tax.colored-stays", rule="118.7a", symbols="".join(s.text for s in remaining)))
    # 601.2b: how a hybrid symbol is paid is announced before the total cost is determined (601.2f),
    # so a {2/W} announced as {2} is generic mana that a generic reduction can lower.
    monocolored = [s for s in remaining if s.hybrid and s.generic]
    if monocolored:
        alt_generic = max(with_tax + sum(s.generic for s in monocolored) - cut, 0)
        alt = format_mana_cost(
            generic=alt_generic, symbols=tuple(s for s in remaining if s not in monocolored)
        )
        steps.append(
            Step.of(
                "tax.monocolored-hybrid-reduced" if cut else "tax.monocolored-hybrid",
                rule="601.2b",
                symbols="".join(dict.fromkeys(s.text for s in monocolored)),
                total=alt,
            )
        )
    total = format_mana_cost(generic=total_generic, symbols=tuple(remaining))
    steps.append(Step.of("tax.total", rule="601.2f", total=total))
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
    return _dtc_tax(dtc_tax_input(cost=cost, reduction=reduction, play_number=play_number))


def _dtc_tax(request: DtcTaxInput) -> TaxResult:
    cost, reduction, play_number = request.cost, request.reduction, request.play_number
    steps = [Step.of("tax.dtc-start", rule=DTC_RULE, cost=cost)]
    reduced = cost
    if reduction:
        reduced = max(cost - reduction, min(cost, DTC_MIN_REDUCED_COST))
        if reduced > cost - reduction:
            steps.append(
                Step.of(
                    "tax.dtc-reduce-floor",
                    rule=DTC_RULE,
                    cost=cost,
                    reduction=reduction,
                    reduced=reduced,
                    floor=DTC_MIN_REDUCED_COST,
                )
            )
        else:
            steps.append(
                Step.of("tax.dtc-reduce", rule=DTC_RULE, cost=cost, reduction=reduction, reduced=reduced)
            )
    tax = TAX_PER_CAST * (play_number - 1)
    if tax:
        steps.append(Step.of("tax.dtc-tax", rule=DTC_RULE, play=play_number, tax=tax))
    else:
        steps.append(Step.of("tax.dtc-first-play", rule=DTC_RULE))
    steps.append(Step.of("tax.dtc-per-player", rule=DTC_RULE))
    total = reduced + tax
    steps.append(Step.of("tax.dtc-total", rule=DTC_RULE, reduced=reduced, tax=tax, total=total))
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
    return _planar_die_cost(
        planar_die_input(rolls_this_turn=rolls_this_turn, two_headed_giant=two_headed_giant)
    )


def _planar_die_cost(request: PlanarDieInput) -> TaxResult:
    rolls = request.rolls_this_turn
    if rolls == 0:
        first = Step.of("tax.planar-die-free", rule="901.9")
    elif rolls == 1:
        first = Step.of("tax.planar-die-one", rule="901.9")
    else:
        first = Step.of("tax.planar-die-many", rule="901.9", cost=f"{{{rolls}}}", rolls=rolls)
    steps = [first, Step.of("tax.planar-die-special-action", rule="116.2i")]
    if request.two_headed_giant:
        steps.append(Step.of("tax.planar-die-two-headed-giant", rule="901.12d"))
    return TaxResult(tax_generic=rolls, total_cost=rolls, steps=tuple(steps))


# ---------------------------------------------------------------------------
# Typed request and JSON entry point


def tax_for(request: TaxInput) -> TaxResult:
    """The tax of a request read by :func:`judge.engine.tax_payload.read_tax_payload`."""
    if isinstance(request, DtcTaxInput):
        return _dtc_tax(request)
    if isinstance(request, PlanarDieInput):
        return _planar_die_cost(request)
    return _commander_tax(request)


def calculate_tax(payload: Mapping[str, object]) -> TaxResult:
    """Read a JSON payload (fields in :mod:`judge.engine.tax_payload`) and compute its tax.

    >>> calculate_tax({"variant": "commander", "mana_cost": "3GG", "previous_casts": 2,
    ...     "reduction": 1}).total_cost
    '{6}{G}{G}'
    >>> calculate_tax({"variant": "commander", "mana_cost": "{4}{G}", "cast_from": "hand"}).tax_generic
    0
    >>> calculate_tax({"variant": "dtc", "cost": 6, "reduction": 5, "play_number": 3}).total_cost
    5
    >>> calculate_tax({"variant": "planechase", "rolls_this_turn": 2}).tax_generic
    2
    """
    return tax_for(read_tax_payload(payload))
