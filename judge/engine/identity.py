"""Color identity of a card (rule 903.4, Commander rules 2), explained symbol by symbol.

A card's color identity is the colours of the mana symbols in its mana cost
and rules text, plus colours set by characteristic-defining abilities
(604.3) and color indicators (204), on every face that counts: back faces
of double-faced cards (903.4d) and alternative characteristics such as
Adventures, Omens and the flipped half of a flip card (903.4e, 715.2, 720.2,
710.1), but only the front of a meld card (712.4b). Both halves of a split
card are its own combined characteristics (709.4), so they count by 903.4. Reminder text is ignored (903.4c). A land with a basic land type
has that type's colour too (Commander rules 2; what 903.5d enforces).

>>> from judge.engine.cards import Card, Face
>>> wort = Card(name="Wort, the Raidfather", faces=(Face(name="Wort, the Raidfather",
...     mana_cost="{4}{R/G}{R/G}", type_line="Legendary Creature — Goblin Shaman"),))
>>> result = color_identity(card=wort)
>>> result.identity
('R', 'G')
>>> result.explanation[0].text
'{R/G} in the mana cost of Wort, the Raidfather gives R, G'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from judge.engine.cards import BASIC_LAND_TYPES, Card, Face, scryfall_card_or_problems, strip_reminder_text
from judge.engine.errors import InvalidInputError
from judge.engine.mana import COLOR_NAMES, COLORS, SYMBOL_RE, ManaSymbol, parse_symbol
from judge.engine.steps import Step

MAX_CARDS = 20_000
MAX_LISTED_PROBLEMS = 50

_COLOR_WORDS = {name: letter for letter, name in COLOR_NAMES.items()}
# "Transguild Courier is all colors." / "This creature is all colors." (604.3 CDAs that set colour).
_ALL_COLORS_RE = re.compile(r"\bis all colors\b", re.IGNORECASE)
_IS_COLOR_RE = re.compile(
    r"\bis (white|blue|black|red|green)(?:(?:, | and |, and )(white|blue|black|red|green))*\b(?![\w-])",
    re.IGNORECASE,
)
# Devoid (702.114) and "CARDNAME is colorless" make a card colorless without touching its identity.
_COLORLESS_RE = re.compile(r"^devoid\b|\bis colorless\.", re.IGNORECASE | re.MULTILINE)
# Layouts whose second face is a set of alternative characteristics of one card (903.4e): adventurer
# cards (715.2), omen cards (720.2), flip cards (710.1) and Scryfall's "prepare" layout.
_ALTERNATIVE_LAYOUTS = frozenset({"adventure", "omen", "prepare", "flip"})


@dataclass(frozen=True)
class IdentityResult:
    """A card's color identity in WUBRG order and the steps that explain it."""

    name: str
    identity: tuple[str, ...]
    explanation: tuple[Step, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "identity": list(self.identity),
            "explanation": [step.as_dict() for step in self.explanation],
        }


@lru_cache(maxsize=512)
def _symbol(text: str) -> ManaSymbol | None:
    """Parse one braced symbol, ``None`` when it is not mana ({T}, {E}, ...). Cached: bulk input repeats."""
    try:
        return parse_symbol(text)
    except InvalidInputError:
        return None


@lru_cache(maxsize=8192)
def _colored_symbols(text: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Distinct coloured mana symbols in ``text`` with their colours, in printed order.

    Cached: mana costs and keyword lines repeat across thousands of cards.
    """
    if "{" not in text:
        return ()
    seen: dict[str, tuple[str, ...]] = {}
    for match in SYMBOL_RE.finditer(text):
        symbol = _symbol(match.group(0).upper())
        if symbol is None or not symbol.colors or symbol.text in seen:
            continue
        seen[symbol.text] = tuple(c for c in COLORS if c in symbol.colors)
    return tuple(seen.items())


def _letters(colors: tuple[str, ...] | set[str] | frozenset[str]) -> str:
    return ", ".join(c for c in COLORS if c in colors)


def _cda_colors(face: Face, rules_text: str) -> tuple[set[str], str]:
    """Colours a characteristic-defining ability in the rules text sets, and the sentence."""
    lowered = rules_text.lower()
    if "is all colors" not in lowered and not any(f"is {word}" in lowered for word in _COLOR_WORDS):
        return set(), ""  # cheap pre-check: almost no card has such an ability
    for line in rules_text.splitlines():
        for sentence in re.split(r"(?<=\.)\s+", line):
            every = _ALL_COLORS_RE.search(sentence)
            if every and _names_itself(sentence[: every.start()], face) and not _conditional(sentence):
                return set(COLORS), sentence.strip()
            match = _IS_COLOR_RE.search(sentence)
            # Only "<this card> is <colour>." on its own: "target creature is red until..." is an effect.
            if match and _names_itself(sentence[: match.start()], face) and not _conditional(sentence):
                words = re.findall(r"white|blue|black|red|green", match.group(0), re.IGNORECASE)
                return {_COLOR_WORDS[w.lower()] for w in words}, sentence.strip()
    return set(), ""


def _names_itself(subject: str, face: Face) -> bool:
    subject = subject.strip().casefold()
    return subject in (face.name.casefold(), face.name.split(",")[0].casefold()) or bool(
        re.fullmatch(r"this (card|creature|spell|permanent|artifact|enchantment|land|[a-z]+)", subject)
    )


def _conditional(sentence: str) -> bool:
    lowered = sentence.casefold()
    return any(word in lowered for word in (" until ", " as long as ", " if ", " becomes ", "target "))


def _face_label(card: Card, face: Face, index: int) -> str:
    if len(card.faces) == 1:
        return face.name
    if card.layout in _ALTERNATIVE_LAYOUTS:
        return face.name if index == 0 else f"{face.name} (alternative characteristics of {card.front_name})"
    if card.layout in ("transform", "modal_dfc", "battle", "double_faced_token", "reversible_card"):
        return f"{face.name} ({'front' if index == 0 else 'back'} face of {card.name})"
    return f"{face.name} (half of {card.name})"


def color_identity(*, card: Card) -> IdentityResult:
    """The color identity of ``card`` with one step per symbol, indicator, ability or land type.

    Rules: 903.4 (mana symbols in cost and rules text), 204.2 (color indicator),
    604.3 (characteristic-defining abilities), 903.4c (reminder text ignored),
    903.4d/903.4e (every face and alternative characteristics), 712.4b (meld:
    front face only), Commander rules 2 (basic land types).

    >>> from judge.engine.cards import Card, Face
    >>> pool = Card(name="Breeding Pool", faces=(Face(name="Breeding Pool",
    ...     type_line="Land — Forest Island", oracle_text="({T}: Add {G} or {U}.)"),))
    >>> r = color_identity(card=pool)
    >>> r.identity, [s.rule for s in r.explanation]
    (('U', 'G'), ['903.4c', 'commander:2', 'commander:2', '903.4'])
    """
    found: set[str] = set()
    steps: list[Step] = []
    faces = card.identity_faces
    for index, face in enumerate(faces):
        label = _face_label(card, face, index)
        face_colors: set[str] = set()
        if index > 0 and card.layout in ("transform", "modal_dfc", "battle", "double_faced_token"):
            steps.append(Step(rule="903.4d",
                              text=f"The back face {face.name} counts for the identity of {card.name}"))
        elif index > 0 and card.layout in _ALTERNATIVE_LAYOUTS:
            steps.append(Step(rule="903.4e",
                              text=f"The alternative characteristics of {face.name} count too"))
        for text, colors in _colored_symbols(face.mana_cost):
            face_colors.update(colors)
            steps.append(Step(rule="903.4",
                              text=f"{text} in the mana cost of {label} gives {_letters(colors)}"))
        rules_text = strip_reminder_text(face.oracle_text) if "(" in face.oracle_text else face.oracle_text
        in_rules = _colored_symbols(rules_text)
        for text, colors in in_rules:
            face_colors.update(colors)
            steps.append(Step(rule="903.4",
                              text=f"{text} in the rules text of {label} gives {_letters(colors)}"))
        ignored: list[str] = []
        if rules_text is not face.oracle_text:
            counted = {t for t, _ in in_rules}
            ignored = [t for t, _ in _colored_symbols(face.oracle_text) if t not in counted]
        if ignored:
            steps.append(Step(rule="903.4c",
                              text=f"{', '.join(ignored)} in reminder text of {label} is ignored"))
        if face.color_indicator:
            face_colors.update(face.color_indicator)
            steps.append(Step(rule="204.2",
                              text=f"The color indicator of {label} gives {_letters(face.color_indicator)}"))
        cda, sentence = _cda_colors(face, rules_text)
        if cda:
            face_colors.update(cda)
            steps.append(Step(rule="604.3", text=f"“{sentence}” on {label} gives {_letters(cda)}"))
        elif face.colors and not set(face.colors) <= face_colors:
            extra = set(face.colors) - face_colors
            face_colors.update(extra)
            steps.append(Step(rule="604.3",
                              text=f"{label} is published as {_letters(extra)} "
                                   "by a characteristic-defining ability"))
        says_colorless = "colorless." in rules_text or "Devoid" in rules_text
        if face_colors and says_colorless and _COLORLESS_RE.search(rules_text):
            steps.append(Step(rule="903.4", text=f"{label} is colorless, but the colors of its mana symbols "
                                                 "still count for its identity"))
        for land_type in face.basic_land_types if "Land" in face.type_line else ():
            color = BASIC_LAND_TYPES[land_type]
            face_colors.add(color)
            steps.append(Step(rule="commander:2",
                              text=f"The basic land type {land_type} of {label} gives {color}"))
        found |= face_colors
    if card.layout == "meld":
        steps.append(Step(rule="712.4b", text=f"Only the front face of the meld card {card.name} counts"))
    identity = tuple(c for c in COLORS if c in found)
    summary = f"Color identity of {card.name}: {' '.join(identity)}" if identity else (
        f"Color identity of {card.name}: colorless"
    )
    steps.append(Step(rule="903.4", text=summary))
    return IdentityResult(name=card.name, identity=identity, explanation=tuple(steps))


def identify_cards(payload: Any) -> list[IdentityResult]:
    """Color identities of up to 20 000 Scryfall-shaped cards: ``{"cards": [card, ...]}``.

    Every malformed card is reported with its index before anything is computed.

    >>> [r.identity for r in identify_cards({"cards": [{"name": "Fire // Ice", "card_faces": [
    ...     {"name": "Fire", "mana_cost": "{1}{R}"}, {"name": "Ice", "mana_cost": "{1}{U}"}]}]})]
    [('U', 'R')]
    >>> identify_cards({"cards": [{"name": "Bad", "color_indicator": ["Q"]}]})
    Traceback (most recent call last):
    ...
    judge.engine.errors.InvalidInputError: cards[0]: color_indicator: 'Q' not a colour; use W U B R G
    """
    if not isinstance(payload, Mapping) or not isinstance(payload.get("cards"), list):
        raise InvalidInputError(['payload: must be an object {"cards": [card, ...]}'])
    raw_cards: list[Any] = payload["cards"]
    if len(raw_cards) > MAX_CARDS:
        raise InvalidInputError(
            [f"cards: {len(raw_cards)} cards is over the limit of {MAX_CARDS} per request"])
    problems: list[str] = []
    cards: list[Card] = []
    for i, raw in enumerate(raw_cards):
        card = scryfall_card_or_problems(raw, where=f"cards[{i}]", problems=problems)
        if card is not None:
            cards.append(card)
    if problems:
        if len(problems) > MAX_LISTED_PROBLEMS:
            more = len(problems) - MAX_LISTED_PROBLEMS
            problems = problems[:MAX_LISTED_PROBLEMS] + [f"... and {more} more problems"]
        raise InvalidInputError(problems)
    return [color_identity(card=card) for card in cards]
