"""Commander and Brawl deck construction checks (rules 903.3, 903.5, 903.12, 702.124, 702.139).

A check looks every name up in a :class:`~judge.engine.cards.CardPool`,
then reports every problem it finds (never only the first): unknown names
with suggestions, the commander(s) and partner pairing, deck size,
singleton, color identity, basic land types, companion and sideboard.

Not checked: banned lists, the companion's own deck condition, Brawl's card
pool (903.12b says "usually" Standard) and interchangeable names (201.3).

>>> from judge.engine.cards import Card, CardPool, Face
>>> kenrith = Card(name="Kenrith, the Returned King", faces=(Face(name="Kenrith, the Returned King",
...     mana_cost="{4}{W}", type_line="Legendary Creature — Human Noble",
...     oracle_text="{1}{G}: Put a +1/+1 counter on target creature."),))
>>> forest = Card(name="Forest", faces=(Face(name="Forest", type_line="Basic Land — Forest"),))
>>> pool = CardPool.of([kenrith, forest])
>>> check = check_commander_deck(pool=pool, commanders=["Kenrith, the Returned King"], cards=[(99, "Forest")])
>>> check.legal
True
>>> check_commander_deck(pool=pool, commanders=["Kenrith"], cards=[(98, "Forest")]).as_dict()["problems"][0]
{'card': 'Kenrith', 'rule': 'lookup:unknown-card', 'message': "Unknown card 'Kenrith'; did you mean Kenrith, the Returned King?"}
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Union

from judge.engine.cards import BASIC_LAND_TYPES, Card, CardPool, normalise_name
from judge.engine.decklist import Decklist, DecklistEntry, Section
from judge.engine.identity import color_identity
from judge.engine.mana import COLORS
from judge.engine.steps import Step

#: A deck line: a decklist entry, ``(count, name)``, or a bare name (one copy).
CardLine = Union[DecklistEntry, tuple[int, str], str]

UNKNOWN_CARD = "lookup:unknown-card"


class Variant(enum.Enum):
    COMMANDER = "commander"
    BRAWL = "brawl"


@dataclass(frozen=True)
class Problem:
    """One reason a deck is not legal: the card concerned ("" for the whole deck), the rule, why."""

    card: str
    rule: str
    message: str

    def as_dict(self) -> dict[str, str]:
        return {"card": self.card, "rule": self.rule, "message": self.message}


@dataclass(frozen=True)
class DeckCheck:
    """The verdict on a deck. ``notes`` say what was assumed or not checked."""

    legal: bool
    problems: tuple[Problem, ...]
    identity: tuple[str, ...] = ()
    notes: tuple[Step, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"legal": self.legal, "problems": [p.as_dict() for p in self.problems]}


def _lines(cards: Iterable[CardLine]) -> list[tuple[int, str]]:
    result: list[tuple[int, str]] = []
    for line in cards:
        if isinstance(line, DecklistEntry):
            result.append((line.count, line.name))
        elif isinstance(line, str):
            result.append((1, line))
        else:
            result.append((int(line[0]), line[1]))
    return result


def lookup(pool: CardPool, name: str, problems: list[Problem]) -> Card | None:
    """The card named ``name``; an unknown name adds a problem with close-match suggestions."""
    card = pool.get(name)
    if card is None:
        suggestions = pool.suggest(name)
        hint = (f"; did you mean {' or '.join(suggestions)}?" if suggestions
                else "; no similar card name is known")
        problems.append(Problem(card=name, rule=UNKNOWN_CARD, message=f"Unknown card {name!r}{hint}"))
    return card


# --- Partner abilities (702.124) -------------------------------------------------------------


@dataclass(frozen=True)
class PartnerAbilities:
    """The partner abilities a card has (702.124a), read from its rules text."""

    partner: bool = False
    partner_texts: tuple[str, ...] = ()        # "friends forever" (casefolded), 702.124i
    partner_with: tuple[str, ...] = ()         # names, 702.124j
    choose_background: bool = False            # 702.124k
    doctors_companion: bool = False            # 702.124m

    @property
    def any(self) -> bool:
        return bool(self.partner or self.partner_texts or self.partner_with or self.choose_background
                    or self.doctors_companion)


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
            withs.append(line[len("partner with "):].strip())
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
    return PartnerAbilities(partner=partner, partner_texts=tuple(texts), partner_with=tuple(withs),
                            choose_background=background, doctors_companion=doctor)


def _is_background(card: Card) -> bool:
    face = card.front
    return face.has_type("Legendary") and face.has_type("Enchantment") and "Background" in face.subtypes


def _is_time_lord_doctor(card: Card) -> bool:
    face = card.front
    return (face.has_type("Legendary") and face.has_type("Creature")
            and sorted(face.subtypes) == ["Doctor", "Lord", "Time"])


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
    pair = f"{first.name} and {second.name}"
    if pa.partner and pb.partner:
        return None
    if set(pa.partner_texts) & set(pb.partner_texts):
        return None
    if (any(normalise_name(n) == normalise_name(second.name) for n in pa.partner_with)
            and any(normalise_name(n) == normalise_name(first.name) for n in pb.partner_with)):
        return None
    if (pa.choose_background and _is_background(second)) or (pb.choose_background and _is_background(first)):
        return None
    if ((pa.doctors_companion and _is_time_lord_doctor(second))
            or (pb.doctors_companion and _is_time_lord_doctor(first))):
        return None
    # Say which requirement failed, citing the partner ability involved.
    if pa.partner_with or pb.partner_with:
        return Problem(card=second.name if pa.partner_with else first.name, rule="702.124j",
                       message=f"{pair}: “partner with [name]” pairs only the two cards that name each other")
    if pa.choose_background or pb.choose_background or _is_background(first) or _is_background(second):
        return Problem(card=pair, rule="702.124k",
                       message=f"{pair}: “choose a Background” pairs only with a legendary "
                               "Background enchantment")
    if pa.doctors_companion or pb.doctors_companion:
        return Problem(card=pair, rule="702.124m",
                       message=f"{pair}: “Doctor's companion” pairs only with a legendary Time Lord Doctor "
                               "creature with no other creature types")
    if pa.partner_texts or pb.partner_texts:
        return Problem(card=pair, rule="702.124i",
                       message=f"{pair}: “partner—[text]” pairs only with the same partner—[text] ability")
    if pa.any or pb.any:
        without = second.name if pa.partner else first.name
        return Problem(card=without, rule="702.124h",
                       message=f"{pair}: both commanders need partner; {without} does not have it")
    return Problem(card=pair, rule="903.3",
                   message=f"{pair}: a deck has one commander unless both have a matching "
                           "partner ability (702.124)")


def _commander_problem(card: Card, variant: Variant, *, with_background_partner: bool) -> Problem | None:
    face = card.front
    if _is_background(card):
        if with_background_partner:
            return None
        return Problem(card=card.name, rule="702.124k",
                       message=f"{card.name} is a Background: it can be a commander only beside a commander "
                               "with “choose a Background”")
    if re.search(r"can be your commander", card.rules_text, re.IGNORECASE):
        return None  # 903.3a
    if not face.has_type("Legendary"):
        return Problem(card=card.name, rule="903.3",
                       message=f"{card.name} is not legendary, so it can't be a commander")
    if face.has_type("Creature") or "Vehicle" in face.subtypes:
        return None
    if "Spacecraft" in face.subtypes and face.power is not None:
        return None
    if variant is Variant.BRAWL:
        if face.has_type("Planeswalker"):
            return None
        return Problem(card=card.name, rule="903.12c",
                       message=f"{card.name} is not a creature, planeswalker, Vehicle or Spacecraft with "
                               "power/toughness, so it can't be a Brawl commander")
    return Problem(card=card.name, rule="903.3",
                   message=f"{card.name} is not a creature, Vehicle or Spacecraft with power/toughness, "
                           "so it can't be a commander")


def _letters(colors: Iterable[str]) -> str:
    wanted = set(colors)
    return "".join(c for c in COLORS if c in wanted) or "colorless"


def check_commander_deck(
    *,
    pool: CardPool,
    commanders: Sequence[str],
    cards: Iterable[CardLine],
    companion: str | None = None,
    variant: Variant = Variant.COMMANDER,
    sideboard: Iterable[CardLine] = (),
) -> DeckCheck:
    """Check a Commander (903.5) or Brawl (903.12) deck. ``cards`` excludes the commanders.

    Deck size counts the commanders, not the companion (903.5a, 702.124b, 903.12d);
    the companion, brought in from outside the game (702.139d), can't share a
    name with a card in the deck or have colours outside the commander's
    identity (903.11a; Commander rules 3: "effectively the 101st card").

    >>> from judge.engine.cards import Card, CardPool, Face
    >>> pool = CardPool.of([Card(name="Sol Ring", faces=(Face(name="Sol Ring", type_line="Artifact"),))])
    >>> [p.rule for p in check_commander_deck(pool=pool, commanders=[], cards=[(2, "Sol Ring")]).problems]
    ['903.3', '903.5a', '903.5b']
    """
    problems: list[Problem] = []
    notes: list[Step] = []
    size = 60 if variant is Variant.BRAWL else 100
    size_rule = "903.12d" if variant is Variant.BRAWL else "903.5a"
    deck_lines = _lines(cards)

    # Commanders (903.3, 702.124).
    commander_cards = [c for c in (lookup(pool, name, problems) for name in commanders) if c is not None]
    if not commanders:
        problems.append(Problem(card="", rule="903.3", message="No commander is designated"))
    elif len(commanders) > 2:
        problems.append(Problem(card=", ".join(commanders), rule="702.124g",
                                message=f"{len(commanders)} commanders: "
                                        "no partner ability allows more than two"))
    pair_ok = False
    if len(commander_cards) == 2:
        pair_problem = partner_pair_problem(commander_cards[0], commander_cards[1])
        pair_ok = pair_problem is None
        if pair_problem is not None:
            problems.append(pair_problem)
        else:
            notes.append(Step(rule="702.124c", text="The two commanders' color identities are combined"))
            if len(commanders) == 2:
                size_rule = "702.124b" if variant is Variant.COMMANDER else size_rule
    if len(commanders) <= 2:
        for card in commander_cards:
            problem = _commander_problem(card, variant, with_background_partner=pair_ok)
            if problem is not None:
                problems.append(problem)
    identity: set[str] = set()
    for card in commander_cards:
        identity.update(color_identity(card=card).identity)

    # Deck size (the companion is outside the deck, 702.139a).
    total = len(commanders) + sum(count for count, _ in deck_lines)
    if total != size:
        problems.append(Problem(card="", rule=size_rule,
                                message=f"The deck has {total} cards including its commander"
                                        f"{'s' if len(commanders) > 1 else ''}; it must have exactly {size}"))

    # Singleton (903.5b), counted over commanders and deck (the companion is checked by 903.11a).
    copies: dict[str, tuple[Card, int]] = {}
    deck_cards: list[Card] = []
    for card in commander_cards:
        copies[card.name] = (card, copies.get(card.name, (card, 0))[1] + 1)
    for count, name in deck_lines:
        found = lookup(pool, name, problems)
        if found is None:
            continue
        deck_cards.append(found)
        copies[found.name] = (found, copies.get(found.name, (found, 0))[1] + count)
    companion_card = lookup(pool, companion, problems) if companion else None
    if companion_card is not None:
        # The companion comes from outside the game (702.139d), so 903.11a, not 903.5b, limits its name.
        if companion_card.name in copies:
            problems.append(Problem(card=companion_card.name, rule="903.11a",
                                    message=f"{companion_card.name} is also in the deck: a card brought in from "
                                            "outside the game can't share a name with a card in the starting deck"))
        if not re.search(r"^companion\s*[\u2014-]", companion_card.rules_text, re.IGNORECASE | re.MULTILINE):
            problems.append(Problem(card=companion_card.name, rule="702.139a",
                                    message=f"{companion_card.name} has no companion ability"))
        notes.append(Step(rule="702.139a",
                          text=f"The companion condition of {companion_card.name} is not checked"))
    for name, (card, count) in copies.items():
        limit = card.deck_limit
        if limit is not None and count > limit:
            allowed = "only one copy" if limit == 1 else f"at most {limit} copies (its own text)"
            problems.append(Problem(card=name, rule="903.5b",
                                    message=f"{count} copies of {name}; a Commander deck may have {allowed}"))

    # Color identity (903.5c), basic land types (903.5d), Brawl's colorless exception (903.12e).
    brawl_colorless = variant is Variant.BRAWL and bool(commander_cards) and not identity
    basic_types_used: set[str] = set()
    checked: set[str] = set()
    for card in deck_cards:
        if card.name in checked:
            continue
        checked.add(card.name)
        land_types = {t for face in card.identity_faces for t in face.basic_land_types}
        if brawl_colorless and card.is_basic_land and land_types:
            basic_types_used |= land_types
            continue
        off = set(color_identity(card=card).identity) - identity
        if not off or not commander_cards:
            continue
        land_colors = {BASIC_LAND_TYPES[t] for t in land_types}
        if off <= land_colors:
            problems.append(Problem(card=card.name, rule="903.5d",
                                    message=f"{card.name} has a basic land type that makes "
                                            f"{_letters(off)} mana, "
                                            f"outside the commander's color identity ({_letters(identity)})"))
        else:
            problems.append(Problem(card=card.name, rule="903.5c",
                                    message=f"{card.name} has color identity {_letters(off)} outside the "
                                            f"commander's color identity ({_letters(identity)})"))
    if companion_card is not None and commander_cards:
        off = set(color_identity(card=companion_card).identity) - identity
        if off:
            problems.append(Problem(card=companion_card.name, rule="903.11a",
                                    message=f"{companion_card.name} has color identity {_letters(off)} outside the "
                                            f"commander's color identity ({_letters(identity)}), so it can't be "
                                            "brought in from outside the game"))
    if len(basic_types_used) > 1:
        problems.append(Problem(card=", ".join(sorted(basic_types_used)), rule="903.12e",
                                message="With a colorless commander, basic lands must all share "
                                        "one basic land type"))

    # No sideboards (903.5e).
    for count, name in _lines(sideboard):
        problems.append(Problem(card=name, rule="903.5e",
                                message=f"Commander games do not use sideboards ({name})"))
    return DeckCheck(legal=not problems, problems=tuple(problems),
                     identity=tuple(c for c in COLORS if c in identity), notes=tuple(notes))


def check_decklist(*, pool: CardPool, decklist: Decklist, variant: Variant = Variant.COMMANDER) -> DeckCheck:
    """Check a parsed decklist: its Commander section (or ``*CMDR*`` lines) names the commanders.

    The Companion section holds at most one card (702.139a); the maybeboard is ignored.

    >>> from judge.engine.cards import Card, CardPool, Face
    >>> from judge.engine.decklist import parse_decklist
    >>> pool = CardPool.of([Card(name="Forest",
    ...     faces=(Face(name="Forest", type_line="Basic Land — Forest"),))])
    >>> [p.rule for p in check_decklist(pool=pool, decklist=parse_decklist(text="60 Forest")).problems]
    ['903.3', '903.5a']
    """
    commanders: list[str] = []
    for entry in decklist.section(Section.COMMANDER):
        commanders.extend([entry.name] * entry.count)
    companions: list[str] = []
    for entry in decklist.section(Section.COMPANION):
        companions.extend([entry.name] * entry.count)
    result = check_commander_deck(
        pool=pool, commanders=commanders, cards=decklist.section(Section.DECK),
        companion=companions[0] if companions else None, variant=variant,
        sideboard=decklist.section(Section.SIDEBOARD),
    )
    if len(companions) > 1:
        extra = Problem(card=", ".join(companions), rule="702.139a",
                        message="A deck can have only one companion")
        return DeckCheck(legal=False, problems=result.problems + (extra,), identity=result.identity,
                         notes=result.notes)
    return result
