"""Commander and Brawl deck construction checks (rules 903.3, 903.5, 903.12, 702.124, 702.139, 201.3).

A check looks every name up in a :class:`~judge.engine.cards.CardPool`,
then reports every problem it finds (never only the first): unknown names
with suggestions, the commander(s) and partner pairing, deck size,
singleton (interchangeable names count as one name, 201.3b), each card's
legality in the format as the imported card data publishes it
(:mod:`judge.engine.legality`), color identity, basic land types, the
companion (its deckbuilding condition, 702.139a, and 903.11a) and sideboard. Problems and notes are message
codes
(texts/deck.py), so they read in Japanese and English.

>>> from judge.engine.cards import Card, CardPool, Face
>>> kenrith = Card(name="Kenrith, the Returned King", faces=(Face(name="Kenrith, the Returned King",
...     mana_cost="{4}{W}", type_line="Legendary Creature — Human Noble",
...     oracle_text="{1}{G}: Put a +1/+1 counter on target creature."),))
>>> forest = Card(name="Forest", faces=(Face(name="Forest", type_line="Basic Land — Forest"),))
>>> pool = CardPool.of([kenrith, forest])
>>> check = check_commander_deck(pool=pool, commanders=["Kenrith, the Returned King"], cards=[(99, "Forest")])
>>> check.legal
True
>>> check_commander_deck(pool=pool, commanders=["Kenrith"], cards=[(98, "Forest")]).to_json()["problems"][0]
... # doctest: +NORMALIZE_WHITESPACE
{'card': 'Kenrith', 'rule': 'lookup:unknown-card', 'code': 'deck.unknown-card',
 'message': "Unknown card 'Kenrith'; did you mean Kenrith, the Returned King?"}
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judge.engine.cards import BASIC_LAND_TYPES, Card, CardPool, normalise_name
from judge.engine.companions import card_names, companion_condition
from judge.engine.decklist import Decklist, DecklistEntry, Section
from judge.engine.identity import color_identity
from judge.engine.legality import LegalityData, check_legality
from judge.engine.mana import COLORS, color_list
from judge.engine.messages import Message, msg
from judge.engine.rules_data import default_interchangeable_names
from judge.engine.steps import Step
from judge.engine.variants import Variant

#: A deck line: a decklist entry, ``(count, name)``, or a bare name (one copy).
CardLine = DecklistEntry | tuple[int, str] | str

UNKNOWN_CARD = "lookup:unknown-card"


@dataclass(frozen=True)
class Problem:
    """One reason a deck is not legal: the card concerned ("" for the whole deck), the rule, why (a
    message)."""

    card: str
    rule: str
    message: Message

    def text(self, lang: str = "en") -> str:
        return self.message.text(lang)

    def to_json(self, lang: str = "en") -> dict[str, str]:
        return {"card": self.card, "rule": self.rule, "code": self.message.code, "message": self.text(lang)}


@dataclass(frozen=True)
class DeckCheck:
    """The verdict on a deck. ``notes`` say what was checked against what, or what was not checked."""

    legal: bool
    problems: tuple[Problem, ...]
    identity: tuple[str, ...] = ()
    notes: tuple[Step, ...] = ()

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {
            "legal": self.legal,
            "problems": [p.to_json(lang) for p in self.problems],
            "notes": [n.to_json(lang) for n in self.notes],
        }


def card_name(name: str) -> Message:
    """A card name in a message: "Sol Ring" in English, 《Sol Ring》 in Japanese."""
    return msg("deck.card", name=name)


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


def _or_list(names: Sequence[str]) -> Message:
    listed = card_name(names[-1])
    for name in reversed(names[:-1]):
        listed = msg("deck.or-list", first=card_name(name), rest=listed)
    return listed


def lookup(pool: CardPool, name: str, problems: list[Problem]) -> Card | None:
    """The card named ``name``; an unknown name adds a problem with close-match suggestions."""
    card = pool.get(name)
    if card is None:
        suggestions = pool.suggest(name)
        message = (
            msg("deck.unknown-card", name=name, suggestions=_or_list(suggestions))
            if suggestions
            else msg("deck.unknown-card-no-suggestion", name=name)
        )
        problems.append(Problem(card=name, rule=UNKNOWN_CARD, message=message))
    return card


# --- Partner abilities (702.124) -------------------------------------------------------------


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


def _is_background(card: Card) -> bool:
    face = card.front
    return face.has_type("Legendary") and face.has_type("Enchantment") and "Background" in face.subtypes


def _is_time_lord_doctor(card: Card) -> bool:
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
    if (pa.choose_background and _is_background(second)) or (pb.choose_background and _is_background(first)):
        return None
    if (pa.doctors_companion and _is_time_lord_doctor(second)) or (
        pb.doctors_companion and _is_time_lord_doctor(first)
    ):
        return None
    # Say which requirement failed, citing the partner ability involved.
    one, other = card_name(first.name), card_name(second.name)
    pair = f"{first.name}, {second.name}"
    if pa.partner_with or pb.partner_with:
        return Problem(
            card=second.name if pa.partner_with else first.name,
            rule="702.124j",
            message=msg("deck.partner-with", first=one, second=other),
        )
    if pa.choose_background or pb.choose_background or _is_background(first) or _is_background(second):
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


def _commander_problem(card: Card, variant: Variant, *, with_background_partner: bool) -> Problem | None:
    face = card.front
    name = card_name(card.name)
    if _is_background(card):
        if with_background_partner:
            return None
        return Problem(card=card.name, rule="702.124k", message=msg("deck.background-alone", card=name))
    if re.search(r"can be your commander", card.rules_text, re.IGNORECASE):
        return None  # 903.3a
    if not face.has_type("Legendary"):
        return Problem(card=card.name, rule="903.3", message=msg("deck.not-legendary", card=name))
    if face.has_type("Creature") or "Vehicle" in face.subtypes:
        return None
    if "Spacecraft" in face.subtypes and face.power is not None:
        return None
    if variant is Variant.BRAWL:
        if face.has_type("Planeswalker"):
            return None
        return Problem(card=card.name, rule="903.12c", message=msg("deck.brawl-commander-type", card=name))
    return Problem(card=card.name, rule="903.3", message=msg("deck.commander-type", card=name))


def _identity(colors: Iterable[str]) -> Message:
    """An identity as letters: "RG" / "赤緑", "colorless" / "無色"."""
    return color_list(set(colors), style="letters")


def check_commander_deck(
    *,
    pool: CardPool,
    commanders: Sequence[str],
    cards: Iterable[CardLine],
    companion: str | None = None,
    variant: Variant = Variant.COMMANDER,
    sideboard: Iterable[CardLine] = (),
    legality: LegalityData | None = None,
    interchangeable: Mapping[str, str] | None = None,
) -> DeckCheck:
    """Check a Commander (903.5) or Brawl (903.12) deck. ``cards`` excludes the commanders.

    Deck size counts the commanders, not the companion (903.5a, 702.124b, 903.12d);
    the companion, brought in from outside the game (702.139d), can't share a
    name with a card in the deck or have colours outside the commander's
    identity (903.11a; Commander rules 3: "effectively the 101st card"), and
    its condition must hold for the starting deck, commanders included
    (702.139a, 702.139b). ``legality`` names the card data's sources; without
    it, legality is not checked and a note says so. ``interchangeable`` defaults to
    this repository's list (:mod:`judge.engine.rules_data`).

    >>> from judge.engine.cards import Card, CardPool, Face
    >>> pool = CardPool.of([Card(name="Sol Ring", faces=(Face(name="Sol Ring", type_line="Artifact"),))])
    >>> [p.rule for p in check_commander_deck(pool=pool, commanders=[], cards=[(2, "Sol Ring")]).problems]
    ['903.3', '903.5a', '903.5b']
    """
    same_name = interchangeable if interchangeable is not None else default_interchangeable_names()
    problems: list[Problem] = []
    notes: list[Step] = []
    size = 60 if variant is Variant.BRAWL else 100
    deck_lines = _lines(cards)
    commander_cards, identity, size_rule = _check_commanders(pool, commanders, variant, problems, notes)

    # Deck size (the companion is outside the deck, 702.139a).
    total = len(commanders) + sum(count for count, _ in deck_lines)
    if total != size:
        problems.append(
            Problem(
                card="",
                rule=size_rule,
                message=msg(
                    "deck.size-two" if len(commanders) > 1 else "deck.size-one", total=total, size=size
                ),
            )
        )

    deck_cards, starting_deck, companion_card = _check_singleton(
        pool, commander_cards, deck_lines, companion, same_name, problems
    )

    # Legality in the format, from the card data (commanders, deck, companion).
    legal = check_legality(
        data=legality, variant=variant, cards=[*commander_cards, *deck_cards], companion=companion_card
    )
    problems.extend(Problem(card=f.card, rule=f.rule, message=f.message) for f in legal.problems)
    notes[:0] = legal.notes

    _check_identity(variant, commander_cards, deck_cards, companion_card, identity, problems)
    if companion_card is not None:
        _check_companion_condition(companion_card, starting_deck, size, problems, notes)

    # No sideboards (903.5e).
    for _count, name in _lines(sideboard):
        problems.append(
            Problem(card=name, rule="903.5e", message=msg("deck.sideboard", card=card_name(name)))
        )
    return DeckCheck(
        legal=not problems,
        problems=tuple(problems),
        identity=tuple(c for c in COLORS if c in identity),
        notes=tuple(notes),
    )


def _check_commanders(
    pool: CardPool, commanders: Sequence[str], variant: Variant, problems: list[Problem], notes: list[Step]
) -> tuple[list[Card], set[str], str]:
    """Commanders (903.3, 702.124): the cards, their combined color identity, the rule of the deck's size."""
    size_rule = "903.12d" if variant is Variant.BRAWL else "903.5a"
    commander_cards = [c for c in (lookup(pool, name, problems) for name in commanders) if c is not None]
    if not commanders:
        problems.append(Problem(card="", rule="903.3", message=msg("deck.no-commander")))
    elif len(commanders) > 2:
        problems.append(
            Problem(
                card=", ".join(commanders),
                rule="702.124g",
                message=msg("deck.too-many-commanders", count=len(commanders)),
            )
        )
    pair_ok = False
    if len(commander_cards) == 2:
        pair_problem = partner_pair_problem(commander_cards[0], commander_cards[1])
        pair_ok = pair_problem is None
        if pair_problem is not None:
            problems.append(pair_problem)
        else:
            notes.append(Step.of("deck.combined-identity", rule="702.124c"))
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
    return commander_cards, identity, size_rule


def _check_singleton(
    pool: CardPool,
    commander_cards: list[Card],
    deck_lines: list[tuple[int, str]],
    companion: str | None,
    same_name: Mapping[str, str],
    problems: list[Problem],
) -> tuple[list[Card], list[Card], Card | None]:
    """Singleton (903.5b), counted by name over commanders and deck; interchangeable names count as one
    (201.3b).

    Returns the deck's cards, the starting deck (commanders included, 702.139b) and the companion.
    """
    copies: dict[str, tuple[Card, int, list[str]]] = {}
    deck_cards: list[Card] = []
    starting_deck: list[Card] = list(commander_cards)  # 702.139b: the commander is part of the starting deck

    def count(card: Card, number: int) -> None:
        key = same_name.get(normalise_name(card.name), card.name)
        first, seen, names = copies.get(key, (card, 0, []))
        copies[key] = (first, seen + number, names if card.name in names else names + [card.name])

    for card in commander_cards:
        count(card, 1)
    for number, name in deck_lines:
        found = lookup(pool, name, problems)
        if found is None:
            continue
        deck_cards.append(found)
        starting_deck.extend([found] * min(number, 1000))
        count(found, number)
    companion_card = lookup(pool, companion, problems) if companion else None
    if companion_card is not None:
        # The companion comes from outside the game (702.139d), so 903.11a, not 903.5b, limits its name.
        key = same_name.get(normalise_name(companion_card.name), companion_card.name)
        if key in copies:
            problems.append(
                Problem(
                    card=companion_card.name,
                    rule="903.11a",
                    message=msg("deck.companion-shares-name", card=card_name(companion_card.name)),
                )
            )
        if not re.search(r"^companion\s*[\u2014-]", companion_card.rules_text, re.IGNORECASE | re.MULTILINE):
            problems.append(
                Problem(
                    card=companion_card.name,
                    rule="702.139a",
                    message=msg("deck.no-companion-ability", card=card_name(companion_card.name)),
                )
            )
    for first, number, names in copies.values():
        limit = first.deck_limit
        if limit is None or number <= limit:
            continue
        if len(names) > 1:
            problems.append(
                Problem(
                    card=names[0],
                    rule="201.3b",
                    message=msg(
                        "deck.interchangeable",
                        card=card_name(names[0]),
                        other=card_name(names[1]),
                        count=number,
                    ),
                )
            )
        elif limit == 1:
            problems.append(
                Problem(
                    card=first.name,
                    rule="903.5b",
                    message=msg("deck.copies-one", count=number, card=card_name(first.name)),
                )
            )
        else:
            problems.append(
                Problem(
                    card=first.name,
                    rule="903.5b",
                    message=msg("deck.copies-limit", count=number, card=card_name(first.name), limit=limit),
                )
            )
    return deck_cards, starting_deck, companion_card


def _check_identity(
    variant: Variant,
    commander_cards: list[Card],
    deck_cards: list[Card],
    companion_card: Card | None,
    identity: set[str],
    problems: list[Problem],
) -> None:
    """Color identity (903.5c), basic land types (903.5d), Brawl's colorless exception (903.12e)."""
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
        shown, colors, commanders_identity = card_name(card.name), _identity(off), _identity(identity)
        if off <= {BASIC_LAND_TYPES[t] for t in land_types}:
            problems.append(
                Problem(
                    card=card.name,
                    rule="903.5d",
                    message=msg(
                        "deck.basic-land-type-outside",
                        card=shown,
                        colors=colors,
                        identity=commanders_identity,
                    ),
                )
            )
        else:
            problems.append(
                Problem(
                    card=card.name,
                    rule="903.5c",
                    message=msg(
                        "deck.identity-outside", card=shown, colors=colors, identity=commanders_identity
                    ),
                )
            )
    if companion_card is not None and commander_cards:
        off = set(color_identity(card=companion_card).identity) - identity
        if off:
            problems.append(
                Problem(
                    card=companion_card.name,
                    rule="903.11a",
                    message=msg(
                        "deck.companion-identity",
                        card=card_name(companion_card.name),
                        colors=_identity(off),
                        identity=_identity(identity),
                    ),
                )
            )
    if len(basic_types_used) > 1:
        problems.append(
            Problem(
                card=", ".join(sorted(basic_types_used)),
                rule="903.12e",
                message=msg("deck.brawl-basic-types"),
            )
        )


def _check_companion_condition(
    companion_card: Card, starting_deck: list[Card], size: int, problems: list[Problem], notes: list[Step]
) -> None:
    """The companion's own deckbuilding condition (702.139a), over the starting deck with its commanders."""
    check = companion_condition(companion=companion_card, deck=starting_deck, deck_size=size)
    companion_name = card_name(companion_card.name)
    if check is None:
        notes.append(Step.of("deck.companion-unknown", rule="702.139a", card=companion_name))
    elif check.met:
        notes.append(
            Step.of("deck.companion-met", rule="702.139a", card=companion_name, condition=check.condition)
        )
    elif check.offenders:
        problems.append(
            Problem(
                card=companion_card.name,
                rule="702.139a",
                message=msg(
                    "deck.companion-not-met",
                    card=companion_name,
                    condition=check.condition,
                    cards=card_names(check.offenders),
                ),
            )
        )
    else:
        problems.append(
            Problem(
                card=companion_card.name,
                rule="702.139a",
                message=msg("deck.companion-impossible", card=companion_name, condition=check.condition),
            )
        )
    if check is not None and check.read_from_text:
        notes.append(Step.of("deck.companion-read-from-text", rule="702.139a", card=companion_name))


def check_decklist(
    *,
    pool: CardPool,
    decklist: Decklist,
    variant: Variant = Variant.COMMANDER,
    legality: LegalityData | None = None,
) -> DeckCheck:
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
        pool=pool,
        commanders=commanders,
        cards=decklist.section(Section.DECK),
        companion=companions[0] if companions else None,
        variant=variant,
        sideboard=decklist.section(Section.SIDEBOARD),
        legality=legality,
    )
    if len(companions) > 1:
        extra = Problem(card=", ".join(companions), rule="702.139a", message=msg("deck.one-companion"))
        return DeckCheck(
            legal=False, problems=result.problems + (extra,), identity=result.identity, notes=result.notes
        )
    return result
