"""Commander and Brawl deck construction checks (rules 903.3, 903.5, 903.12, 702.124, 702.139, 201.3).

A check looks every name up in a :class:`~judge.engine.cards.CardPool`,
then reports every problem it finds (never only the first): unknown names
with suggestions, the commander(s) and partner pairing, deck size,
singleton (interchangeable names count as one name, 201.3b), each card's
legality in the format as the imported card data publishes it
(:mod:`judge.engine.legality`), color identity, basic land types, the
companion (its deckbuilding condition, 702.139a, and 903.11a) and sideboard.
Problems and notes are message codes (texts/deck.py), so they read in
Japanese and English. The problem and verdict types are
:mod:`judge.engine.deck_types`, the partner pairs :mod:`judge.engine.partners`.

>>> from judge.engine.cards import Card, CardPool, Face
>>> kenrith = Card(name="Kenrith, the Returned King", faces=(Face(name="Kenrith, the Returned King",
...     mana_cost="{4}{W}", type_line="Legendary Creature — Human Noble",
...     oracle_text="{1}{G}: Put a +1/+1 counter on target creature."),))
>>> forest = Card(name="Forest", faces=(Face(name="Forest", type_line="Basic Land — Forest"),))
>>> pool = CardPool.of([kenrith, forest])
>>> check = check_commander_deck(pool=pool, commanders=["Kenrith, the Returned King"], cards=[(99, "Forest")])
>>> check.legal
True
>>> check_commander_deck(pool=pool, commanders=["Kenrith"], cards=[(98, "Forest")]).to_answer()["problems"][0]
... # doctest: +NORMALIZE_WHITESPACE
{'code': 'deck.unknown-card', 'rule': 'lookup:unknown-card',
 'text': "Unknown card 'Kenrith'; did you mean Kenrith, the Returned King?", 'card': 'Kenrith'}
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from judge.engine.cards import BASIC_LAND_TYPES, Card, CardPool, normalise_name
from judge.engine.companions import card_names, companion_condition
from judge.engine.deck_types import (
    UNKNOWN_CARD,
    CardLine,
    DeckCheck,
    Problem,
    card_lines,
    card_name,
    lookup,
)
from judge.engine.decklist import Decklist, Section
from judge.engine.identity import color_identity
from judge.engine.legality import LegalityData, check_legality
from judge.engine.mana import COLORS, color_list
from judge.engine.messages import Message, msg
from judge.engine.partners import PartnerAbilities, is_background, partner_abilities, partner_pair_problem
from judge.engine.rules_data import default_interchangeable_names
from judge.engine.steps import Step
from judge.engine.variants import Variant


def _commander_problem(card: Card, variant: Variant, *, with_background_partner: bool) -> Problem | None:
    face = card.front
    name = card_name(card.name)
    if is_background(card):
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
    deck_lines = card_lines(cards)
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
    if interchangeable is None and any(p.rule == "201.3b" for p in problems):
        # The repository's list is not read from published card data (its header says so): say it
        # wherever it decides an answer, and point to the printed indicator that settles it (201.3c).
        notes.append(Step.of("deck.interchangeable-unchecked", rule="201.3c"))

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
    for _count, name in card_lines(sideboard):
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


__all__ = [
    "UNKNOWN_CARD",
    "CardLine",
    "DeckCheck",
    "PartnerAbilities",
    "Problem",
    "Variant",
    "card_name",
    "check_commander_deck",
    "check_decklist",
    "lookup",
    "partner_abilities",
    "partner_pair_problem",
]
