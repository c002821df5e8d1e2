"""Magic card records and the card pool that deck checks look names up in.

A :class:`Card` holds the printed characteristics that color identity and
deck construction need (rules 105, 204, 205, 903.4-903.5), face by face, as
Scryfall and MTGJSON publish them. :func:`card_from_scryfall` turns one
Scryfall card object (a plain dict) into a :class:`Card`; the file-level
readers for Scryfall bulk data and MTGJSON AtomicCards live in
``judge.parsing.card_data``.

A :class:`CardPool` finds cards by a forgiving normalised name (case, curly
quotes, accents, spacing, and the front-face name of ``"A // B"``) and
suggests close matches for names it does not know, so a deck check never
skips an unknown card silently.

>>> card = card_from_scryfall({"name": "Sol Ring", "mana_cost": "{1}",
...     "type_line": "Artifact", "oracle_text": "{T}: Add {C}{C}."})
>>> card.front.mana_cost, card.is_legendary
('{1}', False)
>>> pool = CardPool.of([card])
>>> pool.get("sol  ring").name
'Sol Ring'
>>> pool.suggest("Sol Rnig")
('Sol Ring',)
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from judge.engine.errors import InvalidInputError
from judge.engine.mana import COLORS, SYMBOL_RE

#: The five basic land types and the colour of mana each one taps for (305.6).
BASIC_LAND_TYPES: dict[str, str] = {
    "Plains": "W",
    "Island": "U",
    "Swamp": "B",
    "Mountain": "R",
    "Forest": "G",
}

#: Scryfall/MTGJSON layouts whose faces all count for colour identity (903.4d, 903.4e).
MULTI_FACE_LAYOUTS = frozenset(
    {
        "split", "flip", "transform", "modal_dfc", "adventure", "reversible_card",
        "double_faced_token", "battle", "omen", "aftermath", "prepare",
    }
)
#: Meld cards: the back face is half of the melded permanent, never a characteristic
#: of the card on its own (712.4b), so only the front face counts.
FRONT_ONLY_LAYOUTS = frozenset({"meld"})

_NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
}
_ANY_NUMBER_RE = re.compile(r"a deck can have any number of cards named", re.IGNORECASE)
_UP_TO_RE = re.compile(r"a deck can have up to (\w+) cards named", re.IGNORECASE)
_REMINDER_RE = re.compile(r"\([^()]*\)")
_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-",
                         "\u2014": "-", "\u00a0": " "})
MAX_TEXT = 5_000


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
    """The lookup key of a card name: casefolded, straight quotes, no accents, single spaces.

    >>> normalise_name("  Lim-Dûl’s  Vault ")
    "lim-dul's vault"
    >>> normalise_name("Fire/Ice") == normalise_name("Fire // Ice")
    True
    """
    text = unicodedata.normalize("NFKD", name.translate(_QUOTES))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = re.sub(r"\s*/{1,3}\s*", " // ", text)
    return " ".join(text.split()).casefold()


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


@dataclass(frozen=True)
class Card:
    """A Magic card: its name (``"A // B"`` for multi-faced cards), layout and faces."""

    name: str
    faces: tuple[Face, ...]
    layout: str = "normal"

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
            if word.isdigit():
                return int(word)
            if word in _NUMBER_WORDS:
                return _NUMBER_WORDS[word]
        return 1

    def to_payload(self) -> dict[str, Any]:
        """A Scryfall-shaped dict that :meth:`from_payload` (or :func:`card_from_scryfall`) reads back.

        Single-faced cards are flat; others list ``card_faces``. Empty fields are left out.

        >>> fire = card_from_scryfall({"name": "Fire // Ice", "layout": "split", "card_faces": [
        ...     {"name": "Fire", "mana_cost": "{1}{R}"}, {"name": "Ice", "mana_cost": "{1}{U}"}]})
        >>> Card.from_payload(fire.to_payload()) == fire
        True
        >>> Card(name="Sol Ring", faces=(Face(name="Sol Ring", mana_cost="{1}"),)).to_payload()
        {'name': 'Sol Ring', 'layout': 'normal', 'mana_cost': '{1}'}
        """
        data: dict[str, Any] = {"name": self.name, "layout": self.layout}
        if len(self.faces) == 1 and self.front.name == self.name:
            data.update(_face_payload(self.front, with_name=False))
        else:
            data["card_faces"] = [_face_payload(face, with_name=True) for face in self.faces]
        return data

    @classmethod
    def from_payload(cls, data: Any) -> Card:
        """The card :meth:`to_payload` wrote; raises :class:`InvalidInputError` listing every problem."""
        return card_from_scryfall(data)


def _face_payload(face: Face, *, with_name: bool) -> dict[str, Any]:
    data: dict[str, Any] = {"name": face.name} if with_name else {}
    for key, value in (("mana_cost", face.mana_cost), ("type_line", face.type_line),
                       ("oracle_text", face.oracle_text)):
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
    """Known cards by normalised name. Front-face names of ``"A // B"`` cards also match.

    Build one with :meth:`of`; deck checks take a pool and report names it lacks.
    """

    cards: Mapping[str, Card]
    aliases: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, cards: Iterable[Card]) -> CardPool:
        """A pool of ``cards``; later duplicates of a name (reprints) are ignored."""
        by_key: dict[str, Card] = {}
        aliases: dict[str, str] = {}
        for card in cards:
            key = normalise_name(card.name)
            if key in by_key:
                continue
            by_key[key] = card
            for face in card.faces:
                alias = normalise_name(face.name)
                if alias != key:
                    aliases.setdefault(alias, key)
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
        return card

    def suggest(self, name: str, *, limit: int = 3) -> tuple[str, ...]:
        """Close matches for an unknown name (difflib over the known names)."""
        key = normalise_name(name)
        found: list[str] = []
        if len(key) >= 3:
            # "Kenrith" for "Kenrith, the Returned King": a name's start before a comma or space.
            for known, card in self.cards.items():
                follows = known[len(key):len(key) + 1]
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


# --- Scryfall card objects -------------------------------------------------------------------


def _string(data: Mapping[str, Any], key: str, where: str, problems: list[str], *,
            required: bool = False) -> str:
    value = data.get(key)
    if value is None:
        if required:
            problems.append(f"{where}: {key}: missing")
        return ""
    if not isinstance(value, str):
        problems.append(f"{where}: {key}: must be a string")
        return ""
    if len(value) > MAX_TEXT:
        problems.append(f"{where}: {key}: longer than {MAX_TEXT} characters")
        return ""
    if required and not value.strip():
        problems.append(f"{where}: {key}: must not be empty")
    return value


def _color_list(data: Mapping[str, Any], key: str, where: str, problems: list[str]) -> tuple[str, ...] | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        problems.append(f"{where}: {key}: must be a list of colour letters W U B R G")
        return None
    bad = [c for c in value if c.upper() not in COLORS]
    if bad:
        problems.append(f"{where}: {key}: {', '.join(map(repr, bad))} not a colour; use W U B R G")
        return None
    wanted = {c.upper() for c in value}
    return tuple(c for c in COLORS if c in wanted)


def _mana_cost(data: Mapping[str, Any], where: str, problems: list[str]) -> str:
    cost = _string(data, "mana_cost", where, problems)
    rest = SYMBOL_RE.sub("", cost).replace("//", "").strip()
    if rest:
        problems.append(f"{where}: mana_cost: {cost!r} is not a mana cost; "
                        "write symbols in braces like {2}{G}")
        return ""
    return cost


def face_from_scryfall(data: Mapping[str, Any], *, where: str, problems: list[str],
                       colors: tuple[str, ...] | None = None, name: str | None = None) -> Face:
    """One face from a Scryfall card or card-face object; problems are appended, not raised.

    ``name`` is given for a single-faced card, whose face is named like the card.
    """
    own_colors = _color_list(data, "colors", where, problems)
    power = data.get("power")
    toughness = data.get("toughness")
    return Face(
        name=name if name is not None else _string(data, "name", where, problems, required=True),
        mana_cost=_mana_cost(data, where, problems),
        type_line=_string(data, "type_line", where, problems),
        oracle_text=_string(data, "oracle_text", where, problems),
        color_indicator=_color_list(data, "color_indicator", where, problems) or (),
        colors=own_colors if own_colors is not None else colors,
        power=power if isinstance(power, str) else None,
        toughness=toughness if isinstance(toughness, str) else None,
    )


def card_from_scryfall(data: Any, *, where: str = "card") -> Card:
    """A :class:`Card` from one Scryfall card object (``name``, ``mana_cost``, ``card_faces``...).

    Raises :class:`InvalidInputError` listing every problem, each prefixed by ``where``.

    >>> card = card_from_scryfall({"name": "Fire // Ice", "layout": "split", "card_faces": [
    ...     {"name": "Fire", "mana_cost": "{1}{R}", "type_line": "Instant"},
    ...     {"name": "Ice", "mana_cost": "{1}{U}", "type_line": "Instant"}]})
    >>> [f.name for f in card.faces], card.front_name
    (['Fire', 'Ice'], 'Fire')
    >>> card_from_scryfall({"name": 3}, where="cards[0]")
    Traceback (most recent call last):
    ...
    judge.engine.errors.InvalidInputError: cards[0]: name: must be a string
    """
    problems: list[str] = []
    card = scryfall_card_or_problems(data, where=where, problems=problems)
    if problems or card is None:
        raise InvalidInputError(problems or [f"{where}: not a card"])
    return card


def scryfall_card_or_problems(data: Any, *, where: str, problems: list[str]) -> Card | None:
    """Like :func:`card_from_scryfall` but appends problems to ``problems`` (for bulk checks)."""
    if not isinstance(data, Mapping):
        problems.append(f"{where}: must be an object with at least a name")
        return None
    before = len(problems)
    name = _string(data, "name", where, problems, required=True)
    layout = _string(data, "layout", where, problems) or "normal"
    raw_faces = data.get("card_faces")
    faces: list[Face] = []
    if raw_faces is not None:
        if not isinstance(raw_faces, list) or not raw_faces or len(raw_faces) > 4:
            problems.append(f"{where}: card_faces: must be a list of 1 to 4 face objects")
        else:
            top_colors = _color_list(data, "colors", where, problems)
            for i, raw in enumerate(raw_faces):
                face_where = f"{where}: card_faces[{i}]"
                if not isinstance(raw, Mapping):
                    problems.append(f"{face_where}: must be an object")
                    continue
                # Split, flip and adventure cards publish colours only for the whole card.
                faces.append(face_from_scryfall(raw, where=face_where, problems=problems,
                                                colors=None if len(raw_faces) > 1 else top_colors))
    else:
        faces.append(face_from_scryfall(data, where=where, problems=problems, name=name.strip()))
    if len(problems) > before or not faces:
        return None
    return Card(name=name.strip(), faces=tuple(faces), layout=layout)
