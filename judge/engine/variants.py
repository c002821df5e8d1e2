"""The formats and multiplayer variants the engine knows, one vocabulary for every calculator.

Each calculator accepts the subset it handles (``tax.VARIANTS``, ...); the
properties say what a variant has, with the rule that gives it.

>>> Variant("two-headed-giant").has_teams, Variant.BRAWL.has_commanders
(True, True)
>>> Variant.DTC.is_duel_masters
True
>>> Variant.TWO_HEADED_GIANT.label.text("ja")
'双頭巨人戦'
"""

from __future__ import annotations

import enum

from judge.engine.messages import Message, msg


class Variant(enum.Enum):
    COMMANDER = "commander"                # 903
    BRAWL = "brawl"                        # 903.12
    FREE_FOR_ALL = "free-for-all"          # 806
    TWO_HEADED_GIANT = "two-headed-giant"  # 810
    PLANECHASE = "planechase"              # 901
    GRAND_MELEE = "grand-melee"            # 807 (with Planechase: 901.14, several planar controllers)
    DTC = "dtc"                            # Duel Masters Tag Commander (house rules)
    DTCS = "dtcs"                          # DTC "S" variant
    DTB = "dtb"                            # DTC battle variant

    @property
    def has_commanders(self) -> bool:
        return self in (Variant.COMMANDER, Variant.BRAWL, Variant.DTC, Variant.DTCS, Variant.DTB)

    @property
    def has_teams(self) -> bool:
        return self in (Variant.TWO_HEADED_GIANT, Variant.DTC, Variant.DTCS, Variant.DTB)

    @property
    def has_planes(self) -> bool:
        return self in (Variant.PLANECHASE, Variant.GRAND_MELEE)

    @property
    def is_duel_masters(self) -> bool:
        return self in (Variant.DTC, Variant.DTCS, Variant.DTB)

    @property
    def label(self) -> Message:
        """The format's name in the reader's language (texts/variants.py)."""
        return msg(f"variant.{self.value}")


def variant_names(variants: tuple[Variant, ...]) -> str:
    """The accepted values, for problems that list them: "commander, brawl"."""
    return ", ".join(v.value for v in variants)
