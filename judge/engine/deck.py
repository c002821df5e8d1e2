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
from collections.abc import Iterable, Sequence

from judge.engine.cards import BASIC_LAND_TYPES, Card, CardPool, normalise_name
from judge.engine.companions import card_names, companion_condition
from judge.engine.deck_types import (
    UNKNOWN_CARD,
    CardLine,
    DeckCheck,
    Problem,
    SuggestionBudget,
    card_lines,
    card_name,
    lookup,
    named,
)
from judge.engine.decklist import Decklist, Section
from judge.engine.identity import color_identity
from judge.engine.interchangeable import InterchangeableNames
from judge.engine.legality import LegalityData, check_legality
from judge.engine.mana import COLORS, color_list
from judge.engine.messages import Message, msg
from judge.engine.partners import PartnerAbilities, is_background, partner_abilities, partner_pair_problem
from judge.engine.steps import Step
from judge.engine.variants import Variant


def _commander_problem(card: Card, variant: Variant, *, with_background_partner: bool) -> Problem | None:
    face = card.front
    name = named(card)
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
    interchangeable: InterchangeableNames | None = None,
) -> DeckCheck:
    """Check a Commander (903.5) or Brawl (903.12) deck. ``cards`` excludes the commanders.

    Deck size counts the commanders, not the companion (903.5a, 702.124b, 903.12d);
    the companion, brought in from outside the game (702.139d), can't share a
    name with a card in the deck or have colours outside the commander's
    identity (903.11a; Commander rules 3: "effectively the 101st card"), and
    its condition must hold for the starting deck, commanders included
    (702.139a, 702.139b). ``legality`` names the card data's sources; without
    it, legality is not checked and a note says so. ``interchangeable`` holds the printings' other
    English names (201.3, :mod:`judge.engine.interchangeable`), read from published data; a name listed
    under one names its Oracle card, and counts with it (201.3b). Without it, a note says interchangeable
    names were not checked.

    >>> from judge.engine.cards import Card, CardPool, Face
    >>> pool = CardPool.of([Card(name="Sol Ring", faces=(Face(name="Sol Ring", type_line="Artifact"),))])
    >>> [p.rule for p in check_commander_deck(pool=pool, commanders=[], cards=[(2, "Sol Ring")]).problems]
    ['903.3', '903.5a', '903.5b']
    """
    same_name = interchangeable
    problems: list[Problem] = []
    notes: list[Step] = []
    size = 60 if variant is Variant.BRAWL else 100
    deck_lines = card_lines(cards)
    budget = SuggestionBudget()
    listed, identity, size_rule = _check_commanders(
        pool, commanders, variant, same_name, problems, notes, budget
    )
    commander_cards = [card for _name, card in listed]

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
        pool, listed, deck_lines, companion, same_name, problems, budget
    )
    skipped = budget.note()
    if skipped is not None:
        notes.append(skipped)
    if same_name is None:
        # No printings data: a card listed under its other name is not found, and is not counted with
        # its Oracle name. Say so rather than guess.
        notes.append(Step.of("deck.interchangeable-unchecked", rule="201.3b"))

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
        side_card = pool.get(name)
        shown = card_name(name) if side_card is None else named(side_card, name)
        problems.append(Problem(card=name, rule="903.5e", message=msg("deck.sideboard", card=shown)))
    return DeckCheck(
        legal=not problems,
        problems=tuple(problems),
        identity=tuple(c for c in COLORS if c in identity),
        notes=tuple(notes),
    )


def _find(
    pool: CardPool,
    name: str,
    same_name: InterchangeableNames | None,
    problems: list[Problem],
    budget: SuggestionBudget | None = None,
) -> Card | None:
    """The card ``name`` names: by its own name, else as a printing's other name (201.3b)."""
    other = same_name.get(name) if same_name is not None else None
    if other is not None and pool.get(name) is None and pool.get(other.card) is not None:
        return pool.get(other.card)
    return lookup(pool, name, problems, budget)


def _check_commanders(
    pool: CardPool,
    commanders: Sequence[str],
    variant: Variant,
    same_name: InterchangeableNames | None,
    problems: list[Problem],
    notes: list[Step],
    budget: SuggestionBudget | None = None,
) -> tuple[list[tuple[str, Card]], set[str], str]:
    """Commanders (903.3, 702.124): each name as listed with its card, their combined color identity, the
    rule of the deck's size."""
    size_rule = "903.12d" if variant is Variant.BRAWL else "903.5a"
    found = [(name, _find(pool, name, same_name, problems, budget)) for name in commanders]
    named = [(name, card) for name, card in found if card is not None]
    commander_cards = [card for _name, card in named]
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
    return named, identity, size_rule


def _check_singleton(
    pool: CardPool,
    commanders: list[tuple[str, Card]],
    deck_lines: list[tuple[int, str]],
    companion: str | None,
    same_name: InterchangeableNames | None,
    problems: list[Problem],
    budget: SuggestionBudget | None = None,
) -> tuple[list[Card], list[Card], Card | None]:
    """Singleton (903.5b), counted by name over commanders and deck; a printing's other name counts as its
    Oracle card's name (201.3b).

    Returns the deck's cards, the starting deck (commanders included, 702.139b) and the companion.
    """
    copies: dict[str, tuple[Card, int, list[str]]] = {}
    deck_cards: list[Card] = []
    # 702.139b: the commander is part of the starting deck.
    starting_deck: list[Card] = [card for _name, card in commanders]

    def key_and_name(card: Card, listed: str) -> tuple[str, str]:
        other = same_name.get(listed) if same_name is not None else None
        if other is None:
            return normalise_name(card.name), card.name
        return normalise_name(other.card), other.name

    def count(card: Card, number: int, listed: str) -> None:
        key, shown = key_and_name(card, listed)
        first, seen, names = copies.get(key, (card, 0, []))
        copies[key] = (first, seen + number, names if shown in names else names + [shown])

    for listed, card in commanders:
        count(card, 1, listed)
    for number, name in deck_lines:
        found = _find(pool, name, same_name, problems, budget)
        if found is None:
            continue
        deck_cards.append(found)
        starting_deck.extend([found] * min(number, 1000))
        count(found, number, name)
    companion_card = _find(pool, companion, same_name, problems, budget) if companion else None
    if companion and companion_card is not None:
        # The companion comes from outside the game (702.139d), so 903.11a, not 903.5b, limits its name.
        if key_and_name(companion_card, companion)[0] in copies:
            problems.append(
                Problem(
                    card=companion_card.name,
                    rule="903.11a",
                    message=msg("deck.companion-shares-name", card=named(companion_card)),
                )
            )
        if not re.search(r"^companion\s*[\u2014-]", companion_card.rules_text, re.IGNORECASE | re.MULTILINE):
            problems.append(
                Problem(
                    card=companion_card.name,
                    rule="702.139a",
                    message=msg("deck.no-companion-ability", card=named(companion_card)),
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
                        source=same_name.source.label if same_name is not None else "",
                    ),
                )
            )
        elif limit == 1:
            problems.append(
                Problem(
                    card=names[0],
                    rule="903.5b",
                    message=msg("deck.copies-one", count=number, card=named(first)),
                )
            )
        else:
            problems.append(
                Problem(
                    card=names[0],
                    rule="903.5b",
                    message=msg("deck.copies-limit", count=number, card=named(first), limit=limit),
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
        shown, colors, commanders_identity = named(card), _identity(off), _identity(identity)
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
                        card=named(companion_card),
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
    companion_name = named(companion_card)
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
    interchangeable: InterchangeableNames | None = None,
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
        interchangeable=interchangeable,
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
