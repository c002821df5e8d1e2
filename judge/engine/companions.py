"""The ten companions' deckbuilding conditions (702.139a), checked against a starting deck.

A companion can be revealed only if its condition is fulfilled by the
starting deck; in a Commander game the starting deck is taken before the
commander is set aside (702.139b), so the commander counts. Each condition
reads the card data: mana value (202.3, a split card's halves together,
709.4), card types, creature types (a changeling has them all, 702.73a) and,
for Zirda, activated abilities read from the rules text (a cost, a colon, an
effect: 602.1), the mana abilities basic land types give (305.6), loyalty
abilities, and activated keyword abilities.

>>> from judge.engine.cards import Card, Face
>>> lurrus = Card(name="Lurrus of the Dream-Den", faces=(Face(name="Lurrus of the Dream-Den"),))
>>> ring = Card(name="Sol Ring", faces=(Face(name="Sol Ring", mana_cost="{1}", type_line="Artifact"),))
>>> titan = Card(name="Grave Titan", faces=(Face(name="Grave Titan", mana_cost="{4}{B}{B}",
...     type_line="Creature — Giant"),))
>>> check = companion_condition(companion=lurrus, deck=[ring, titan], deck_size=100)
>>> check.condition.code, [c.name for c in check.offenders]
('deck.companion.lurrus', ['Grave Titan'])
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from judge.engine.cards import Card, normalise_name
from judge.engine.messages import Message, msg

#: Yorion asks for 20 cards over the minimum deck size; Commander and Brawl decks have exactly 100 / 60.
YORION_EXTRA = 20
KAHEERA_TYPES = frozenset({"Cat", "Elemental", "Nightmare", "Dinosaur", "Beast"})
# Keyword abilities that are activated abilities (702.6 Equip, 702.29 Cycling, 702.122 Crew, ...).
_ACTIVATED_KEYWORDS = re.compile(
    r"^(equip|\w*cycling|crew|ninjutsu|reconfigure|fortify|outlast|transmute|unearth|embalm|eternalize|"
    r"scavenge|level up|transfigure|reinforce|bloodrush|forecast|encore|craft|station|saddle|"
    r"auto-?repair|exhaust)\b",
    re.IGNORECASE,
)
# "{2}{G}, {T}: ...", "+1: ...", "Channel — {1}{G}, Discard this card: ...": a cost, a colon, an effect
# (602.1a).
_COST_COLON = re.compile(r"^[^.:\"“”]{1,160}:\s")
_QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"")


@dataclass(frozen=True)
class CompanionCheck:
    """A companion's condition (a message), whether the deck meets it, and the cards that don't."""

    companion: str
    condition: Message
    offenders: tuple[Card, ...] = ()
    met: bool = True
    read_from_text: bool = False


def _nonland(deck: Sequence[Card]) -> list[Card]:
    return [c for c in deck if not c.is_land]


def has_activated_ability(card: Card) -> bool:
    """Whether the card (as it is in a deck: front face, both halves of a split card) has an activated
    ability.

    >>> from judge.engine.cards import Card, Face
    >>> has_activated_ability(Card(name="Forest", faces=(Face(name="Forest", type_line="Basic Land — Forest",
    ...     oracle_text="({T}: Add {G}.)"),)))
    True
    >>> has_activated_ability(Card(name="Bear", faces=(Face(name="Bear", type_line="Creature — Bear"),)))
    False
    """
    for face in card.characteristic_faces:
        if face.basic_land_types:
            return True  # intrinsic mana abilities (305.6)
        for line in face.rules_text.splitlines():
            line = _QUOTED.sub("", line).strip()  # abilities in quotes belong to other objects
            if _COST_COLON.match(line) or _ACTIVATED_KEYWORDS.match(line):
                return True
    return False


def _shares_a_type(deck: Sequence[Card]) -> tuple[Card, ...]:
    cards = _nonland(deck)
    if not cards:
        return ()
    counts = Counter(t for c in cards for t in c.card_types - {"Land"})
    if not counts:
        return tuple(cards)
    best, _ = counts.most_common(1)[0]
    return tuple(c for c in cards if best not in c.card_types)


def _jegantha(card: Card) -> bool:
    symbols = [
        m.group(0).upper()
        for face in card.characteristic_faces
        for m in re.finditer(r"\{[^{}]+\}", face.mana_cost)
    ]
    return len(symbols) != len(set(symbols))


def _kaheera(card: Card) -> bool:
    if "Creature" not in card.card_types:
        return False
    front = card.front
    changeling = re.search(r"^changeling\b", front.rules_text, re.IGNORECASE | re.MULTILINE) is not None
    return not changeling and not KAHEERA_TYPES & set(front.subtypes)


def _repeated_names(deck: Sequence[Card]) -> tuple[Card, ...]:
    counts = Counter(c.name for c in _nonland(deck))
    return tuple(dict.fromkeys(c for c in _nonland(deck) if counts[c.name] > 1))


#: companion name -> (condition code, the deck's cards that fail it). Deck lists repeat a card per copy.
_CONDITIONS: dict[str, tuple[str, Callable[[Sequence[Card]], tuple[Card, ...]]]] = {
    "gyruda, doom of depths": ("gyruda", lambda d: tuple(c for c in _nonland(d) if c.mana_value % 2)),
    "jegantha, the wellspring": ("jegantha", lambda d: tuple(c for c in d if _jegantha(c))),
    "kaheera, the orphanguard": ("kaheera", lambda d: tuple(c for c in d if _kaheera(c))),
    "keruga, the macrosage": ("keruga", lambda d: tuple(c for c in _nonland(d) if c.mana_value < 3)),
    "lurrus of the dream-den": (
        "lurrus",
        lambda d: tuple(c for c in d if c.is_permanent_card and c.mana_value > 2),
    ),
    "lutri, the spellchaser": ("lutri", _repeated_names),
    "obosh, the preypiercer": ("obosh", lambda d: tuple(c for c in _nonland(d) if c.mana_value % 2 == 0)),
    "umori, the collector": ("umori", _shares_a_type),
    "zirda, the dawnwaker": (
        "zirda",
        lambda d: tuple(c for c in d if c.is_permanent_card and not has_activated_ability(c)),
    ),
}


def companion_condition(*, companion: Card, deck: Sequence[Card], deck_size: int) -> CompanionCheck | None:
    """Check ``companion``'s condition against the starting ``deck`` (commanders included, one entry per
    card).

    ``deck_size`` is the format's exact deck size (100 Commander, 60 Brawl): it is
    also the minimum, which Yorion's condition counts from. None for a card that
    is not one of the ten companions.
    """
    key = normalise_name(companion.name)
    if key == "yorion, sky nomad":
        condition = msg("deck.companion.yorion", minimum=deck_size, size=deck_size)
        return CompanionCheck(companion=companion.name, condition=condition, met=False)
    if key not in _CONDITIONS:
        return None
    code, offenders_of = _CONDITIONS[key]
    offenders = tuple(dict.fromkeys(offenders_of(deck)))
    return CompanionCheck(
        companion=companion.name,
        condition=msg(f"deck.companion.{code}"),
        offenders=offenders,
        met=not offenders,
        read_from_text=code == "zirda",
    )


def card_names(cards: Sequence[Card], *, limit: int = 10) -> Message:
    """《A》、《B》ほか 3 枚 / "A, B and 3 more": the cards a problem is about (at least one), a few named."""
    shown = [msg("deck.card", name=c.name) for c in cards[:limit]]
    listed = shown[-1]
    for name in reversed(shown[:-1]):
        listed = msg("deck.and-list", first=name, rest=listed)
    if len(cards) > limit:
        return msg("deck.and-more", names=listed, count=len(cards) - limit)
    return listed
