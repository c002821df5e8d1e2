"""The formats and variants the engine knows (806, 807, 810, 901, 903), and which calculators take each.

The properties say what a variant has, with the rule that gives it; the
tuples under the class say which calculators and checks take it, in the
order their forms offer them and their problems list them.

>>> Variant("two-headed-giant").has_teams, Variant.BRAWL.has_commanders
(True, True)
>>> Variant.DTC.is_duel_masters, Variant.BRAWL.uses_commander_rules, Variant.DTC.uses_commander_rules
(True, True, False)
>>> variant_names(Variant.TAX_CALCULATOR)
'commander, brawl, dtc, planechase'
>>> [v.value for v in Variant.DECK_CHECKS]
['commander', 'brawl', 'dtc', 'dtcs', 'dtb']
>>> Variant.TWO_HEADED_GIANT.label.text("ja")
'双頭巨人戦'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import ClassVar

from judge.engine.messages import Message, msg
from judge.engine.payload import read_choice


class Variant(enum.Enum):
    COMMANDER = "commander"  # 903
    BRAWL = "brawl"  # 903.12
    FREE_FOR_ALL = "free-for-all"  # 806
    TWO_HEADED_GIANT = "two-headed-giant"  # 810
    PLANECHASE = "planechase"  # 901
    GRAND_MELEE = "grand-melee"  # 807 (with Planechase: 901.14, several planar controllers)
    DTC = "dtc"  # Duel Masters Tag Commander (house rules)
    DTCS = "dtcs"  # DTC "S" variant
    DTB = "dtb"  # DTC battle variant

    # Which calculators and checks take a variant (the tuples are set below the class).
    #: The tax calculator: commander tax (903.8), the DTC tax (dtc:commander-tax), the planar die (901.9).
    TAX_CALCULATOR: ClassVar[tuple[Variant, ...]]
    #: The commander damage calculator: the formats of the Commander rules (903.10a; Brawl, 903.12h).
    DAMAGE_CALCULATOR: ClassVar[tuple[Variant, ...]]
    #: The deck check: Commander deck construction (903.5, 903.12) and the DTC deck rules (judge.engine.dm).
    DECK_CHECKS: ClassVar[tuple[Variant, ...]]
    #: The leaving-the-game board: the multiplayer variants (800.4, 806, 807, 810, 901) and DTC's team loss.
    LEAVING_THE_GAME: ClassVar[tuple[Variant, ...]]
    #: The table tracker (judge.engine.tracker).
    TRACKER: ClassVar[tuple[Variant, ...]]

    @property
    def has_commanders(self) -> bool:
        return self in (Variant.COMMANDER, Variant.BRAWL, Variant.DTC, Variant.DTCS, Variant.DTB)

    @property
    def uses_commander_rules(self) -> bool:
        """The Comprehensive Rules' Commander variant (903): Commander, and Brawl, which uses its normal rules
        (903.12a). The DTC variants have commanders under their own house rules."""
        return self in (Variant.COMMANDER, Variant.BRAWL)

    @property
    def has_teams(self) -> bool:
        return self in (Variant.TWO_HEADED_GIANT, Variant.DTC, Variant.DTCS, Variant.DTB)

    @property
    def has_planes(self) -> bool:
        return self in (Variant.PLANECHASE, Variant.GRAND_MELEE)

    @property
    def can_have_planar_controller(self) -> bool:
        """A planar controller (901.6): the Planechase variants, and Two-Headed Giant as Two-Headed Giant
        Planechase (901.12)."""
        return self.has_planes or self is Variant.TWO_HEADED_GIANT

    @property
    def is_duel_masters(self) -> bool:
        return self in (Variant.DTC, Variant.DTCS, Variant.DTB)

    @property
    def label(self) -> Message:
        """The format's name in the reader's language (texts/variants.py)."""
        return msg(f"variant.{self.value}")


Variant.TAX_CALCULATOR = (Variant.COMMANDER, Variant.BRAWL, Variant.DTC, Variant.PLANECHASE)
Variant.DAMAGE_CALCULATOR = tuple(v for v in Variant if v.uses_commander_rules)
Variant.DECK_CHECKS = tuple(v for v in Variant if v.uses_commander_rules or v.is_duel_masters)
Variant.LEAVING_THE_GAME = (
    Variant.FREE_FOR_ALL,
    Variant.TWO_HEADED_GIANT,
    Variant.PLANECHASE,
    Variant.GRAND_MELEE,
    Variant.DTC,
)
Variant.TRACKER = (
    Variant.COMMANDER,
    Variant.BRAWL,
    Variant.TWO_HEADED_GIANT,
    Variant.PLANECHASE,
    Variant.DTC,
)


def variant_names(variants: Iterable[Variant]) -> str:
    """The accepted values, for problems that list them: "commander, brawl"."""
    return ", ".join(v.value for v in variants)


def read_variant(value: object, problems: list[Message], *, allowed: Iterable[Variant]) -> Variant | None:
    """The variant ``value`` names, if it is one of ``allowed`` (a calculator's); else None after adding the
    problem, which lists the allowed values (the one choice reader, judge.engine.payload).

    >>> problems = []
    >>> read_variant("brawl", problems, allowed=Variant.TAX_CALCULATOR), problems
    (<Variant.BRAWL: 'brawl'>, [])
    >>> read_variant("dtb", problems, allowed=Variant.TAX_CALCULATOR), [p.code for p in problems]
    (None, ['input.one-of'])
    """
    return read_choice(
        Variant,
        value,
        field="variant",
        label=msg("variant.label"),
        problems=problems,
        name=lambda variant: variant.value,
        allowed=tuple(allowed),
    )
