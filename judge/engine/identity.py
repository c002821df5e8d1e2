"""Color identity of a card (rule 903.4, Commander rules 2), explained symbol by symbol.

A card's color identity is the colours of the mana symbols in its mana cost
and rules text, plus colours set by characteristic-defining abilities
(604.3) and color indicators (204), on every face that counts: back faces
of double-faced cards (903.4d) and alternative characteristics such as
Adventures, Omens and the flipped half of a flip card (903.4e, 715.2, 720.2,
710.1), but only the front of a meld card (712.4b). Both halves of a split
card are its own combined characteristics (709.4), so they count by 903.4. Reminder text is ignored (903.4c).
A land's basic land type gives it the mana ability of that type's colour (305.6), even where only reminder
text shows it; a card with a basic land type goes in a Commander deck only if each colour of mana it could
produce is in the commander's identity (903.5d), so those colours count here too.

>>> from judge.engine.cards import Card, Face
>>> wort = Card(name="Wort, the Raidfather", faces=(Face(name="Wort, the Raidfather",
...     mana_cost="{4}{R/G}{R/G}", type_line="Legendary Creature — Goblin Shaman"),))
>>> result = color_identity(card=wort)
>>> result.identity
('R', 'G')
>>> result.explanation[0].render("en")
'{R/G} in the mana cost of Wort, the Raidfather gives R, G'
>>> result.explanation[0].render("ja")
'《Wort, the Raidfather》のマナ・コストの {R/G} で 赤・緑 が加わります'

Many cards at once (the API's ``{"cards": [...]}``) go through :func:`identify_cards`,
which reports a malformed card beside the results of the others.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from judge.engine.cards import BASIC_LAND_TYPES, Card, Face, strip_reminder_text
from judge.engine.errors import InvalidInputError
from judge.engine.identity_payload import MAX_CARDS, CardLookup, CardProblems, read_identity_payload
from judge.engine.legality import LegalitySource
from judge.engine.mana import COLOR_NAMES, COLORS, SYMBOL_RE, ManaSymbol, color_list, parse_symbol
from judge.engine.messages import Message, Text, msg
from judge.engine.steps import Step

#: What a card looked up by its name cites when the card data's source is not recorded ("card data").
LOOKED_UP = "lookup:card-data"
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

    def to_answer(self, lang: str = "en") -> dict[str, Any]:
        return {
            "name": self.name,
            "identity": list(self.identity),
            "explanation": [step.to_answer(lang) for step in self.explanation],
        }


@dataclass(frozen=True)
class IdentityBatch:
    """The identities of the cards that could be read, and the problems of those that could not."""

    results: tuple[IdentityResult, ...]
    problems: tuple[CardProblems, ...] = ()

    @property
    def steps(self) -> tuple[Step, ...]:
        """Every card's explanation, one after another."""
        return tuple(step for result in self.results for step in result.explanation)

    def render_problems(self, lang: str = "en") -> list[str]:
        return [p.text(lang) for card in self.problems for p in card.problems]

    def to_answer(self, lang: str = "en") -> dict[str, Any]:
        """``{"results": [...], "problems": [{"card", "name", "errors"}]}``: both, so one bad card sinks
        nothing."""
        return {
            "results": [r.to_answer(lang) for r in self.results],
            "problems": [p.to_answer(lang) for p in self.problems],
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


def _card_name(card: Card) -> str | Text:
    """The card's name in a step: both languages where the card data knows its Japanese name (《繁殖池》 on a
    Japanese page), the English name alone otherwise (a name is never made up).

    >>> pool = Card(name="Breeding Pool", japanese_names=("繁殖池",), faces=(Face(name="Breeding Pool"),))
    >>> _card_name(pool).in_("ja"), _card_name(Card(name="Phelddagrif", faces=(Face(name="Phelddagrif"),)))
    ('繁殖池', 'Phelddagrif')
    """
    japanese = card.japanese_names[0] if card.japanese_names else ""
    return Text(en=card.name, ja=japanese) if japanese and japanese != card.name else card.name


def _face_name(card: Card, face: Face) -> str | Text:
    """A face's name in a step: the card's names for a card of one name; a face of a split card by the
    Japanese name's own halves ("火 // 氷"), only where they are as many as the faces."""
    if face.name == card.name:
        return _card_name(card)
    halves = [h.strip() for h in card.japanese_names[0].split("//")] if card.japanese_names else []
    names = [f.name for f in card.faces]
    if len(halves) == len(names) > 1 and face.name in names and all(halves):
        return Text(en=face.name, ja=halves[names.index(face.name)])
    return face.name


def _face_label(card: Card, face: Face, index: int) -> Message:
    if len(card.faces) == 1 or (card.layout in _ALTERNATIVE_LAYOUTS and index == 0):
        return msg("identity.face", face=_face_name(card, face))
    if card.layout in _ALTERNATIVE_LAYOUTS:
        return msg(
            "identity.face-alternative", face=_face_name(card, face), card=_face_name(card, card.faces[0])
        )
    if card.layout in ("transform", "modal_dfc", "battle", "double_faced_token", "reversible_card"):
        return msg(
            "identity.face-front" if index == 0 else "identity.face-back",
            face=_face_name(card, face),
            card=_card_name(card),
        )
    return msg("identity.face-half", face=_face_name(card, face), card=_card_name(card))


def color_identity(*, card: Card) -> IdentityResult:
    """The color identity of ``card`` with one step per symbol, indicator, ability or land type.

    Rules: 903.4 (mana symbols in cost and rules text), 204.2 (color indicator),
    604.3 (characteristic-defining abilities), 903.4c (reminder text ignored),
    903.4d/903.4e (every face and alternative characteristics), 712.4b (meld:
    front face only), 305.6 and 903.5d (the mana a basic land type gives, and why its colours count).

    >>> from judge.engine.cards import Card, Face
    >>> pool = Card(name="Breeding Pool", faces=(Face(name="Breeding Pool",
    ...     type_line="Land — Forest Island", oracle_text="({T}: Add {G} or {U}.)"),))
    >>> r = color_identity(card=pool)
    >>> r.identity, [s.rule for s in r.explanation]
    (('U', 'G'), ['903.4c', '305.6', '305.6', '903.5d', '903.4'])
    """
    found: set[str] = set()
    steps: list[Step] = []
    faces = card.identity_faces
    for index, face in enumerate(faces):
        label = _face_label(card, face, index)
        face_colors: set[str] = set()
        if index > 0 and card.layout in ("transform", "modal_dfc", "battle", "double_faced_token"):
            steps.append(
                Step.of(
                    "identity.back-face", rule="903.4d", face=_face_name(card, face), card=_card_name(card)
                )
            )
        elif index > 0 and card.layout in _ALTERNATIVE_LAYOUTS:
            steps.append(Step.of("identity.alternative", rule="903.4e", face=_face_name(card, face)))
        for text, colors in _colored_symbols(face.mana_cost):
            face_colors.update(colors)
            steps.append(
                Step.of(
                    "identity.cost-symbol", rule="903.4", symbol=text, face=label, colors=color_list(colors)
                )
            )
        rules_text = strip_reminder_text(face.oracle_text) if "(" in face.oracle_text else face.oracle_text
        in_rules = _colored_symbols(rules_text)
        for text, colors in in_rules:
            face_colors.update(colors)
            steps.append(
                Step.of(
                    "identity.text-symbol", rule="903.4", symbol=text, face=label, colors=color_list(colors)
                )
            )
        ignored: list[str] = []
        if rules_text is not face.oracle_text:
            counted = {t for t, _ in in_rules}
            ignored = [t for t, _ in _colored_symbols(face.oracle_text) if t not in counted]
        if ignored:
            steps.append(
                Step.of("identity.reminder-ignored", rule="903.4c", symbols=", ".join(ignored), face=label)
            )
        if face.color_indicator:
            face_colors.update(face.color_indicator)
            steps.append(
                Step.of(
                    "identity.indicator", rule="204.2", face=label, colors=color_list(face.color_indicator)
                )
            )
        cda, sentence = _cda_colors(face, rules_text)
        if cda:
            face_colors.update(cda)
            steps.append(
                Step.of("identity.cda", rule="604.3", sentence=sentence, face=label, colors=color_list(cda))
            )
        elif face.colors and not set(face.colors) <= face_colors:
            extra = set(face.colors) - face_colors
            face_colors.update(extra)
            steps.append(
                Step.of("identity.published-colors", rule="604.3", face=label, colors=color_list(extra))
            )
        says_colorless = "colorless." in rules_text or "Devoid" in rules_text
        if face_colors and says_colorless and _COLORLESS_RE.search(rules_text):
            steps.append(Step.of("identity.colorless-but", rule="903.4", face=label))
        land_types = face.basic_land_types if "Land" in face.type_line else ()
        for land_type in land_types:
            color = BASIC_LAND_TYPES[land_type]
            face_colors.add(color)
            steps.append(
                Step.of(
                    "identity.land-type",
                    rule="305.6",
                    face=label,
                    color=color_list(color),
                    mana=f"{{{color}}}",
                    land_type=msg(f"identity.land-type.{land_type.lower()}"),
                )
            )
        if land_types:  # why the mana a land type gives counts: 903.4 counts symbols, 903.5d this mana
            produced = [BASIC_LAND_TYPES[t] for t in land_types]
            steps.append(
                Step.of("identity.land-type-counts", rule="903.5d", face=label, colors=color_list(produced))
            )
        found |= face_colors
    if card.layout == "meld":
        steps.append(Step.of("identity.meld", rule="712.4b", card=_card_name(card)))
    identity = tuple(c for c in COLORS if c in found)
    steps.append(
        Step.of(
            "identity.summary",
            rule="903.4",
            card=_card_name(card),
            colors=color_list(identity, style="words"),
        )
    )
    return IdentityResult(name=card.name, identity=identity, explanation=tuple(steps))


def identify_cards(
    payload: Any, *, lookup: CardLookup | None = None, source: LegalitySource | None = None
) -> IdentityBatch:
    """Color identities of up to 1,000 Scryfall-shaped cards: ``{"cards": [card, ...]}``.

    A malformed card is reported with its place and problems beside the results of
    the others; only a malformed request (no list, too many cards) fails as a whole.
    A card given by name alone is looked up with ``lookup`` in the card data ``source`` names (its first
    step says so, citing that data and its date), or reported as a problem: never read as colourless.

    >>> batch = identify_cards({"cards": [{"name": "Fire // Ice", "card_faces": [
    ...     {"name": "Fire", "mana_cost": "{1}{R}"}, {"name": "Ice", "mana_cost": "{1}{U}"}]},
    ...     {"name": "Bad", "color_indicator": ["Q"]}]})
    >>> [r.identity for r in batch.results]
    [('U', 'R')]
    >>> batch.render_problems("en")
    ['Card 2: color indicator: Q is not a colour; use W U B R G.']
    """
    cards, problems, looked_up = read_identity_payload(payload, lookup=lookup)
    results = []
    for card, by_name in zip(cards, looked_up, strict=True):
        result = color_identity(card=card)
        if by_name:
            step = (
                Step.of(
                    "identity.from-card-data",
                    rule=source.citation,
                    card=_card_name(card),
                    source=source.label,
                )
                if source is not None
                else Step.of("identity.from-card-data-undated", rule=LOOKED_UP, card=_card_name(card))
            )
            result = replace(result, explanation=(step, *result.explanation))
        results.append(result)
    return IdentityBatch(results=tuple(results), problems=problems)


__all__ = [
    "LOOKED_UP",
    "MAX_CARDS",
    "CardProblems",
    "IdentityBatch",
    "IdentityResult",
    "color_identity",
    "identify_cards",
]
