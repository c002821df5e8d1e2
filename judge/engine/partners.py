"""Partner abilities (702.124): which cards may be two commanders together, and why a pair may not.

A card's partner abilities are read from its rules text: partner (702.124h),
"partner—<text>" such as friends forever (702.124i), partner with (702.124j),
choose a Background (702.124k) and Doctor's companion (702.124m).

>>> from judge.engine.cards import Card, Face
>>> partner_abilities(Card(name="Tymna", faces=(Face(name="Tymna", oracle_text="Partner"),))).partner
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from judge.engine.cards import Card, normalise_name
from judge.engine.deck_types import Problem, card_name, named
from judge.engine.messages import msg


@dataclass(frozen=True)
class PartnerAbilities:
    """The partner abilities a card has (702.124a), read from its rules text."""

    partner: bool = False
    partner_texts: tuple[str, ...] = ()  # "friends forever" (casefolded), 702.124i
    partner_with: tuple[str, ...] = ()  # names, 702.124j
    choose_background: bool = False  # 702.124k
    doctors_companion: bool = False  # 702.124m

    @property
    def any(self) -> bool:
        return bool(
            self.partner
            or self.partner_texts
            or self.partner_with
            or self.choose_background
            or self.doctors_companion
        )


def partner_abilities(card: Card) -> PartnerAbilities:
    """Read the partner abilities on the front face of ``card`` (reminder text ignored).

    >>> from judge.engine.cards import Card, Face
    >>> c = Card(name="Pir", faces=(Face(name="Pir", oracle_text="Partner with Toothy, Imaginary Friend "
    ...     "(When this creature enters, ...)"),))
    >>> partner_abilities(c).partner_with
    ('Toothy, Imaginary Friend',)
    """
    partner = background = doctor = False
    texts: list[str] = []
    withs: list[str] = []
    for raw in card.front.rules_text.splitlines():
        line = raw.strip().replace("\u2014", "-").replace("\u2013", "-").rstrip(".").strip()
        lowered = line.casefold()
        if lowered.startswith("partner with "):
            withs.append(line[len("partner with ") :].strip())
            continue
        match = re.fullmatch(r"partner\s*-\s*(.+)", lowered)
        if match:
            texts.append(match.group(1).strip())
            continue
        if lowered == "friends forever":  # printed before the ability became partner-Friends forever
            texts.append("friends forever")
            continue
        if lowered == "choose a background":
            background = True
            continue
        if lowered in ("doctor's companion", "doctor\u2019s companion"):
            doctor = True
            continue
        if "partner" in (item.strip() for item in lowered.split(",")):
            partner = True
    return PartnerAbilities(
        partner=partner,
        partner_texts=tuple(texts),
        partner_with=tuple(withs),
        choose_background=background,
        doctors_companion=doctor,
    )


def is_background(card: Card) -> bool:
    face = card.front
    return face.has_type("Legendary") and face.has_type("Enchantment") and "Background" in face.subtypes


def is_time_lord_doctor(card: Card) -> bool:
    face = card.front
    return (
        face.has_type("Legendary")
        and face.has_type("Creature")
        and sorted(face.subtypes) == ["Doctor", "Lord", "Time"]
    )


def partner_pair_problem(first: Card, second: Card) -> Problem | None:
    """Why ``first`` and ``second`` cannot be two commanders together, or None if they can (702.124).

    >>> from judge.engine.cards import Card, Face
    >>> a = Card(name="Kraum", faces=(Face(name="Kraum", oracle_text="Flying, haste\\nPartner"),))
    >>> b = Card(name="Tymna", faces=(Face(name="Tymna",
    ...     oracle_text="Partner (You can have two commanders.)"),))
    >>> partner_pair_problem(a, b) is None
    True
    """
    pa, pb = partner_abilities(first), partner_abilities(second)
    if pa.partner and pb.partner:
        return None
    if set(pa.partner_texts) & set(pb.partner_texts):
        return None
    if any(normalise_name(n) == normalise_name(second.name) for n in pa.partner_with) and any(
        normalise_name(n) == normalise_name(first.name) for n in pb.partner_with
    ):
        return None
    if (pa.choose_background and is_background(second)) or (pb.choose_background and is_background(first)):
        return None
    if (pa.doctors_companion and is_time_lord_doctor(second)) or (
        pb.doctors_companion and is_time_lord_doctor(first)
    ):
        return None
    # Say which requirement failed, citing the partner ability involved.
    one, other = named(first), named(second)
    pair = f"{first.name}, {second.name}"
    if pa.partner_with or pb.partner_with:
        return Problem(
            card=second.name if pa.partner_with else first.name,
            rule="702.124j",
            message=msg("deck.partner-with", first=one, second=other),
        )
    if pa.choose_background or pb.choose_background or is_background(first) or is_background(second):
        return Problem(
            card=pair, rule="702.124k", message=msg("deck.partner-background", first=one, second=other)
        )
    if pa.doctors_companion or pb.doctors_companion:
        return Problem(
            card=pair, rule="702.124m", message=msg("deck.partner-doctor", first=one, second=other)
        )
    if pa.partner_texts or pb.partner_texts:
        return Problem(card=pair, rule="702.124i", message=msg("deck.partner-text", first=one, second=other))
    if pa.any or pb.any:
        without = second.name if pa.partner else first.name
        return Problem(
            card=without,
            rule="702.124h",
            message=msg("deck.partner-missing", without=card_name(without), first=one, second=other),
        )
    return Problem(card=pair, rule="903.3", message=msg("deck.one-commander", first=one, second=other))


__all__ = [
    "PartnerAbilities",
    "is_background",
    "is_time_lord_doctor",
    "partner_abilities",
    "partner_pair_problem",
]
