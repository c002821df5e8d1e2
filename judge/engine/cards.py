"""Magic card records and the card pool that deck checks look names up in.

A :class:`Card` holds the printed characteristics that color identity and
deck construction need (rules 105, 201, 202.3, 204, 205, 903.4-903.5), face
by face, as Scryfall and MTGJSON publish them, plus the card's Japanese
names when the data has them (MTGJSON foreignData). Scryfall-shaped JSON is
read by :mod:`judge.engine.cards_payload`; whole data files by
``judge.parsing.card_data``.

A :class:`CardPool` finds cards by a forgiving normalised name (case, curly
quotes, accents, full-width letters, spacing, 《》 around a name, the
front-face name of ``"A // B"``, and the Japanese name: 《繁殖池》 finds
Breeding Pool), suggests close matches for names it does not know, so a deck
check never skips an unknown card silently, .

>>> card = Card(name="Sol Ring", faces=(Face(name="Sol Ring", mana_cost="{1}", type_line="Artifact"),))
>>> card.front.mana_cost, card.is_legendary, card.mana_value
('{1}', False, 1)
>>> pool = CardPool.of([card])
>>> pool.get("sol  ring").name
'Sol Ring'
>>> pool.suggest("Sol Rnig")
('Sol Ring',)
>>> pool = CardPool.of([Card(name="Breeding Pool", japanese_names=("繁殖池",),
...     faces=(Face(name="Breeding Pool", type_line="Land — Forest Island"),))])
>>> pool.get("《繁殖池》").name
'Breeding Pool'
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from judge.engine.errors import InvalidInputError
from judge.engine.mana import parse_mana_cost
from judge.engine.payload import ascii_number

#: The five basic land types and the colour of mana each one taps for (305.6).
BASIC_LAND_TYPES: dict[str, str] = {
    "Plains": "W",
    "Island": "U",
    "Swamp": "B",
    "Mountain": "R",
    "Forest": "G",
}

#: The Japanese names of the basic lands, as printed on Japanese cards: 平地 Plains, 島 Island, 沼 Swamp,
#: 山 Mountain, 森 Forest, 荒地 Wastes, and 冠雪の… for the snow-covered ones (冠雪の島 Snow-Covered Island).
JAPANESE_BASIC_NAMES: dict[str, str] = {
    "Plains": "平地",
    "Island": "島",
    "Swamp": "沼",
    "Mountain": "山",
    "Forest": "森",
    "Wastes": "荒地",
}
SNOW_COVERED_JA = "冠雪の"


def english_basic_name(name: str) -> str | None:
    """The English name of a basic land named in Japanese (the game's own names, known with or without card
    data), else None.

    >>> [english_basic_name(n) for n in ("島", "《冠雪の森》", "荒地", "島嶼")]
    ['Island', 'Snow-Covered Forest', 'Wastes', None]
    """
    return _ENGLISH_BASICS.get(normalise_name(name))


#: Scryfall/MTGJSON layouts whose faces all count for colour identity (903.4d, 903.4e).
MULTI_FACE_LAYOUTS = frozenset(
    {
        "split",
        "flip",
        "transform",
        "modal_dfc",
        "adventure",
        "reversible_card",
        "double_faced_token",
        "battle",
        "omen",
        "aftermath",
        "prepare",
    }
)
#: Meld cards: the back face is half of the melded permanent, never a characteristic
#: of the card on its own (712.4b), so only the front face counts.
FRONT_ONLY_LAYOUTS = frozenset({"meld"})
#: Split cards: outside the stack, the card has both halves' characteristics combined (709.4).
COMBINED_LAYOUTS = frozenset({"split", "aftermath"})
#: The card types of permanents (110.4).
PERMANENT_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"})
CARD_TYPES = PERMANENT_TYPES | {"Instant", "Sorcery", "Kindred", "Tribal"}

_NUMBER_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
}
_ANY_NUMBER_RE = re.compile(r"a deck can have any number of cards named", re.IGNORECASE)
_UP_TO_RE = re.compile(r"a deck can have up to (\w+) cards named", re.IGNORECASE)
_REMINDER_RE = re.compile(r"\([^()]*\)")
_QUOTES = str.maketrans(
    {"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-", "\u00a0": " "}
)
# Brackets a name is quoted in: 《Japanese card names》, 「」, 『』, 【】.
_BRACKETS = "《》「」『』【】〈〉"


def strip_reminder_text(text: str) -> str:
    """Remove reminder text: italic text in parentheses (207.2a, ignored by 903.4c).

    >>> strip_reminder_text("Extort (Whenever you cast a spell, you may pay {W/B}.)")
    'Extort '
    """
    previous = None
    while previous != text:
        previous = text
        text = _REMINDER_RE.sub("", text)
    return text


def normalise_name(name: str) -> str:
    """The lookup key of a card name: casefolded, straight quotes, no accents, single spaces, NFKC.

    Accents are dropped from Latin letters only: the voiced marks of Japanese kana
    (ブ, not フ) are part of the name.

    >>> normalise_name("  Lim-Dûl’s  Vault ")
    "lim-dul's vault"
    >>> normalise_name("Fire/Ice") == normalise_name("Fire // Ice")
    True
    >>> normalise_name("《ボーラスの城塞》"), normalise_name("ＳＯＬ　ＲＩＮＧ")
    ('ボーラスの城塞', 'sol ring')
    """
    # A deck check asks for the same few hundred names several times: they are kept, bounded (no card
    # name is longer than 200 characters, and a pasted line may be).
    return _normalised_kept(name) if len(name) <= 200 else _normalised(name)


@lru_cache(maxsize=32_768)
def _normalised_kept(name: str) -> str:
    return _normalised(name)


def _normalised(name: str) -> str:
    text = unicodedata.normalize("NFKC", name.translate(_QUOTES)).strip().strip(_BRACKETS)
    kept: list[str] = []
    for char in unicodedata.normalize("NFD", text):
        if unicodedata.combining(char) and kept and kept[-1].isascii():
            continue
        kept.append(char)
    text = unicodedata.normalize("NFC", "".join(kept))
    text = re.sub(r"\s*/{1,3}\s*", " // ", text)
    return " ".join(text.split()).casefold()


_ENGLISH_BASICS: dict[str, str] = {
    **{ja: en for en, ja in JAPANESE_BASIC_NAMES.items()},
    **{f"{SNOW_COVERED_JA}{ja}": f"Snow-Covered {en}" for en, ja in JAPANESE_BASIC_NAMES.items()},
}


@dataclass(frozen=True)
class Face:
    """One face (or half, or Adventure) of a card, as printed.

    ``colors`` is the published colour list when the source gives one for
    this face (``None`` otherwise); it lets a characteristic-defining ability
    that the text matcher does not know still show up (604.3).
    """

    name: str
    mana_cost: str = ""
    type_line: str = ""
    oracle_text: str = ""
    color_indicator: tuple[str, ...] = ()
    colors: tuple[str, ...] | None = None
    power: str | None = None
    toughness: str | None = None

    @property
    def supertypes_and_types(self) -> tuple[str, ...]:
        """The words before the dash of the type line ("Legendary", "Creature", ...)."""
        return tuple(self.type_line.translate(_QUOTES).split(" - ", 1)[0].split())

    @property
    def subtypes(self) -> tuple[str, ...]:
        """The words after the dash of the type line ("Forest", "Island", ...)."""
        parts = self.type_line.translate(_QUOTES).split(" - ", 1)
        return tuple(parts[1].split()) if len(parts) == 2 else ()

    @property
    def card_types(self) -> frozenset[str]:
        """The card types on the type line (205.2a): "Legendary Creature" -> {"Creature"}."""
        return frozenset(t for t in self.supertypes_and_types if t in CARD_TYPES)

    @property
    def basic_land_types(self) -> tuple[str, ...]:
        """Basic land types of a land face in WUBRG order of their colours (205.3i)."""
        if "Land" not in self.supertypes_and_types:
            return ()
        subtypes = set(self.subtypes)
        return tuple(t for t in BASIC_LAND_TYPES if t in subtypes)

    def has_type(self, word: str) -> bool:
        return word in self.supertypes_and_types

    @property
    def rules_text(self) -> str:
        """Oracle text without reminder text (903.4c)."""
        return strip_reminder_text(self.oracle_text)

    @property
    def mana_value(self) -> int:
        """Mana value of this face's mana cost (202.3; X is 0); 0 when the data's cost is unreadable."""
        try:
            return parse_mana_cost(self.mana_cost).mana_value
        except InvalidInputError:
            return 0


@dataclass(frozen=True)
class Card:
    """A Magic card: its name (``"A // B"`` for multi-faced cards), layout, faces and Japanese names."""

    name: str
    faces: tuple[Face, ...]
    layout: str = "normal"
    japanese_names: tuple[str, ...] = ()
    #: The published legality per format (Scryfall ``legalities``: ("commander", "banned"), ...), and the
    #: cross-checking source's (MTGJSON's), statuses as Scryfall spells them (judge.engine.legality).
    legalities: tuple[tuple[str, str], ...] = ()
    cross_legalities: tuple[tuple[str, str], ...] = ()
    #: On the Commander Format Panel's Game Changers list, as the card data says (Scryfall's
    #: ``game_changer``, MTGJSON's ``isGameChanger``); None when the data does not say.
    game_changer: bool | None = None

    @property
    def front(self) -> Face:
        return self.faces[0]

    @property
    def identity_faces(self) -> tuple[Face, ...]:
        """The faces whose characteristics count for colour identity (903.4d, 903.4e, 712.4b)."""
        if self.layout in FRONT_ONLY_LAYOUTS:
            return self.faces[:1]
        return self.faces

    @property
    def characteristic_faces(self) -> tuple[Face, ...]:
        """The faces a card has in a library or a deck: both halves of a split card (709.4), else the
        front."""
        return self.faces if self.layout in COMBINED_LAYOUTS else self.faces[:1]

    @property
    def front_name(self) -> str:
        return self.name.split(" // ")[0]

    @property
    def is_legendary(self) -> bool:
        return self.front.has_type("Legendary")

    @property
    def is_basic_land(self) -> bool:
        """Basic supertype on a land (205.4c): exempt from the singleton rule (903.5b)."""
        return self.front.has_type("Basic") and self.front.has_type("Land")

    @property
    def card_types(self) -> frozenset[str]:
        """Card types in a deck: the front face's, or both halves' of a split card (709.4)."""
        return frozenset(t for face in self.characteristic_faces for t in face.card_types)

    @property
    def is_land(self) -> bool:
        return "Land" in self.card_types

    @property
    def is_permanent_card(self) -> bool:
        """A card whose types are permanent types (110.4), judged as it is in a deck (front face)."""
        return bool(self.card_types & PERMANENT_TYPES)

    @property
    def mana_value(self) -> int:
        """Mana value in a deck (202.3): the front face's, or both halves' together for a split card
        (709.4)."""
        return sum(face.mana_value for face in self.characteristic_faces)

    @property
    def rules_text(self) -> str:
        """Rules text of every face, reminder text removed, one face per paragraph."""
        return "\n".join(face.rules_text for face in self.faces)

    @property
    def deck_limit(self) -> int | None:
        """How many copies a singleton deck may hold: ``None`` for any number (903.5b).

        Basic lands and cards saying "A deck can have any number of cards named ..."
        have no limit; "A deck can have up to seven cards named ..." allows seven.

        >>> Card(name="Seven Dwarves", faces=(Face(name="Seven Dwarves",
        ...     oracle_text="A deck can have up to seven cards named Seven Dwarves."),)).deck_limit
        7
        """
        if self.is_basic_land:
            return None
        text = self.rules_text
        if _ANY_NUMBER_RE.search(text):
            return None
        match = _UP_TO_RE.search(text)
        if match:
            word = match.group(1).lower()
            if (number := ascii_number(word)) is not None:  # \w matches ² too, which int() refuses
                return number
            if word in _NUMBER_WORDS:
                return _NUMBER_WORDS[word]
        return 1

    @property
    def other_names(self) -> tuple[str, ...]:
        """Names this card is also found by: face names and Japanese names."""
        names = [face.name for face in self.faces] + list(self.japanese_names)
        return tuple(dict.fromkeys(n for n in names if n and n != self.name))

    def to_payload(self) -> dict[str, Any]:
        """A Scryfall-shaped dict that ``cards_payload.card_from_scryfall`` reads back (the database stores
        it).

        Single-faced cards are flat; others list ``card_faces``. Empty fields are left out.

        >>> Card(name="Sol Ring", faces=(Face(name="Sol Ring", mana_cost="{1}"),)).to_payload()
        {'name': 'Sol Ring', 'layout': 'normal', 'mana_cost': '{1}'}
        """
        data: dict[str, Any] = {"name": self.name, "layout": self.layout}
        if len(self.faces) == 1 and self.front.name == self.name:
            data.update(_face_json(self.front, with_name=False))
        else:
            data["card_faces"] = [_face_json(face, with_name=True) for face in self.faces]
        if self.japanese_names:
            data["japanese_names"] = list(self.japanese_names)
        if self.legalities:
            data["legalities"] = dict(self.legalities)
        if self.cross_legalities:
            data["cross_legalities"] = dict(self.cross_legalities)
        if self.game_changer is not None:
            data["game_changer"] = self.game_changer
        return data


def _face_json(face: Face, *, with_name: bool) -> dict[str, Any]:
    data: dict[str, Any] = {"name": face.name} if with_name else {}
    for key, value in (
        ("mana_cost", face.mana_cost),
        ("type_line", face.type_line),
        ("oracle_text", face.oracle_text),
    ):
        if value:
            data[key] = value
    if face.color_indicator:
        data["color_indicator"] = list(face.color_indicator)
    if face.colors is not None:
        data["colors"] = list(face.colors)
    if face.power is not None:
        data["power"] = face.power
    if face.toughness is not None:
        data["toughness"] = face.toughness
    return data


@dataclass(frozen=True)
class CardPool:
    """Known cards by normalised name. Face names and Japanese names of cards also match.

    Build one with :meth:`of`; deck checks take a pool and report names it lacks.
    """

    cards: Mapping[str, Card]
    aliases: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, cards: Iterable[Card]) -> CardPool:
        """A pool of ``cards``; later duplicates of a name (reprints) add only their other names."""
        by_key: dict[str, Card] = {}
        aliases: dict[str, str] = {}
        for card in cards:
            key = normalise_name(card.name)
            # A reprint adds its other names (a Japanese print's name) even though the first card is kept.
            for other in card.other_names:
                alias = normalise_name(other)
                if alias != key:
                    aliases.setdefault(alias, key)
            by_key.setdefault(key, card)
        aliases = {a: k for a, k in aliases.items() if a not in by_key}
        return cls(cards=by_key, aliases=aliases)

    def __len__(self) -> int:
        return len(self.cards)

    def get(self, name: str) -> Card | None:
        """The card named ``name`` (any spelling :func:`normalise_name` forgives), or None."""
        key = normalise_name(name)
        card = self.cards.get(key)
        if card is None and key in self.aliases:
            card = self.cards[self.aliases[key]]
        if card is None and key in _ENGLISH_BASICS:
            # 島, 冠雪の森: a basic's Japanese name is the game's own, known even where the data has none.
            card = self.cards.get(normalise_name(_ENGLISH_BASICS[key]))
        return card

    def suggest(self, name: str, *, limit: int = 3) -> tuple[str, ...]:
        """Close matches for an unknown name (difflib over the known names)."""
        key = normalise_name(name)
        found: list[str] = []
        if len(key) >= 3:
            # "Kenrith" for "Kenrith, the Returned King": a name's start before a comma or space.
            for known, card in self.cards.items():
                follows = known[len(key) : len(key) + 1]
                if known.startswith(key) and follows in (",", " ") and card.name not in found:
                    found.append(card.name)
                    if len(found) >= limit:
                        return tuple(found)
        keys = list(self.cards) + list(self.aliases)
        for match in difflib.get_close_matches(key, keys, n=limit * 2, cutoff=0.6):
            card = self.cards.get(match) or self.cards[self.aliases[match]]
            if card.name not in found:
                found.append(card.name)
        return tuple(found[:limit])
