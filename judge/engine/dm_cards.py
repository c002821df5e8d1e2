"""Duel Masters cards typed in by hand: the typed format, read into cards and decks
(the deck rules that check them: judge.engine.dm).

There is no Duel Masters card database here: players type their cards, one per
line, in this format (fields separated by ``|`` or ``｜``)::

    # comments start with # or //; blank lines are ignored
    統率者                         (section header; also "Commander", "[統率者]", "統率者:")
    1 ボルシャック・ドラゴン | 火 | VR | クリーチャー
    デッキ                         (section header; also "Deck", "メインデッキ", "Main")
    4x 光と水の戦士 | 光/水 | R | クリーチャー | 殿堂

- count: optional (1 when left out), ``4``, ``4x``, ``4枚``;
- civilizations: ``光 水 闇 火 自然 ゼロ`` or ``light water darkness fire nature zero``
  (``無色`` also means zero), separated by ``/ ・ , 、`` or spaces;
- rarity: ``C U R VR SR MR OR LEG MAS VIC KGM SEC TR PR`` (``レジェンド`` ``マスター``
  ``ビクトリー`` are accepted too), or ``-`` / ``なし`` for a card without rarity;
- type: as printed (``クリーチャー``, ``呪文``, ``クリーチャー/呪文`` for a twinpact,
  ``GRクリーチャー``, ``サイキック・クリーチャー``, ``ドラグハート・ウエポン``...);
- tags, optional, comma separated: ``殿堂`` (limited to one per deck by the official
  hall of fame), ``プレミアム殿堂`` (officially banned), ``GR``, ``超次元``, ``開始時``
  (can be in the battle zone from the start of the game). English: ``hall-of-fame``,
  ``premium``, ``gr``, ``hyperspatial``, ``starts-in-play``.

Cards that start the game in the battle zone (ドルマゲドン, ドキンダム, 零龍, FORBIDDEN
STAR and their sealed sides) are known from ``rules_data/dm_battle_zone_start.tsv``, the
Duel Masters Wiki's list of them (the DTC house rules' examples are their flip sides, by exact name),
so nobody has to know to tag them.

>>> card = parse_dm_card(line="ボルシャック・ドラゴン | 火 | VR | クリーチャー")
>>> card.civilizations, card.rarity, card.is_creature
((<Civilization.FIRE: 'fire'>,), 'VR', True)
"""

from __future__ import annotations

import enum
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from judge.engine.errors import InvalidInputError
from judge.engine.messages import Message, msg
from judge.engine.rules_data import StartingCard, default_battle_zone_start

MAX_BYTES = 1_000_000
MAX_LINES = 10_000


class Civilization(enum.Enum):
    """The five civilizations and zero (ゼロ文明 counts as a civilization in DTC)."""

    LIGHT = "light"
    WATER = "water"
    DARKNESS = "darkness"
    FIRE = "fire"
    NATURE = "nature"
    ZERO = "zero"

    @property
    def japanese(self) -> str:
        return _JAPANESE[self]

    @property
    def label(self) -> Message:
        return msg(f"dm.civ.{self.value}")


_JAPANESE = {
    Civilization.LIGHT: "光",
    Civilization.WATER: "水",
    Civilization.DARKNESS: "闇",
    Civilization.FIRE: "火",
    Civilization.NATURE: "自然",
    Civilization.ZERO: "ゼロ",
}
_CIV_WORDS: dict[str, Civilization] = (
    {v: k for k, v in _JAPANESE.items()}
    | {c.value: c for c in Civilization}
    | {
        "無色": Civilization.ZERO,
        "colorless": Civilization.ZERO,
        "dark": Civilization.DARKNESS,
        "ゼロ文明": Civilization.ZERO,
    }
)
FIVE = frozenset(c for c in Civilization if c is not Civilization.ZERO)

#: Rarities in the typed format; those that may lead a DTC deck ("SR以上").
RARITIES: dict[str, str] = {
    "C": "C",
    "U": "U",
    "R": "R",
    "VR": "VR",
    "SR": "SR",
    "MR": "MR",
    "OR": "OR",
    "LEG": "LEG",
    "レジェンド": "LEG",
    "MAS": "MAS",
    "マスター": "MAS",
    "VIC": "VIC",
    "V": "VIC",
    "ビクトリー": "VIC",
    "KGM": "KGM",
    "SEC": "SEC",
    "TR": "TR",
    "PR": "PR",
    "-": "-",
    "なし": "-",
    "NR": "-",
    "ノンレアリティ": "-",
}
SR_OR_HIGHER = frozenset({"SR", "MR", "OR", "LEG", "MAS", "VIC", "KGM", "SEC"})
#: Cards the document bans by name.
BANNED_NAMES = ("オールデリート", "レアリティ・レジスタンス")

_TAGS: dict[str, str] = {
    "殿堂": "hall-of-fame",
    "hall-of-fame": "hall-of-fame",
    "プレミアム殿堂": "premium",
    "premium": "premium",
    "gr": "gr",
    "超次元": "hyperspatial",
    "hyperspatial": "hyperspatial",
    "開始時": "starts-in-play",
    "starts-in-play": "starts-in-play",
}


_QUOTES = str.maketrans("\u201c\u201d\u2018\u2019\u301c", "\"\"''~")


def normalise_dm_name(name: str) -> str:
    """Lookup key of a Duel Masters card name: NFKC, no 《》, straight quotes, casefolded.

    >>> normalise_dm_name("《”罰怒”ブランド》") == normalise_dm_name('"罰怒"ブランド')
    True
    """
    text = unicodedata.normalize("NFKC", name).strip().strip("《》").strip()
    text = text.translate(_QUOTES)
    return " ".join(text.split()).casefold()


def _hiragana(text: str) -> str:
    """Katakana as hiragana, so a name typed in either kana matches (ドキンダム = どきんだむ)."""
    return "".join(chr(ord(c) - 0x60) if "\u30a1" <= c <= "\u30f6" else c for c in text)


def starts_in_battle_zone(name: str, cards: tuple[StartingCard, ...] | None = None) -> StartingCard | None:
    """The start-of-game list's row saying ``name`` can start the game in the battle zone, or None.

    >>> (starts_in_battle_zone("《伝説の禁断 ドキンダムX》").name,
    ...  starts_in_battle_zone("ボルシャック・ドラゴン"))
    ('伝説の禁断 ドキンダムX', None)
    >>> starts_in_battle_zone("《禁断 ～封印されしX～》").name  # spaces and either tilde
    '禁断〜封印されしX〜'
    """

    def key(text: str) -> str:
        return _hiragana(normalise_dm_name(text)).replace(" ", "")

    wanted = key(name)
    for card in cards if cards is not None else default_battle_zone_start().cards:
        names = [n for n in (key(card.name), key(card.reading)) if n]
        if any(n in wanted if card.contains else n == wanted for n in names):
            return card
    return None


@dataclass(frozen=True)
class DmCard:
    """A Duel Masters card as typed: name, civilizations, rarity, type and tags."""

    name: str
    civilizations: tuple[Civilization, ...]
    rarity: str
    card_type: str
    tags: frozenset[str] = field(default_factory=frozenset)

    @property
    def key(self) -> str:
        return normalise_dm_name(self.name)

    @property
    def is_creature(self) -> bool:
        lowered = self.card_type.casefold()
        return "クリーチャー" in lowered or "creature" in lowered

    @property
    def is_gr(self) -> bool:
        return "gr" in self.tags or self.card_type.upper().startswith("GR")

    @property
    def is_hyperspatial(self) -> bool:
        lowered = self.card_type.casefold()
        return "hyperspatial" in self.tags or any(
            w in lowered for w in ("サイキック", "ドラグハート", "psychic", "dragheart")
        )

    @property
    def starts_in_play(self) -> bool:
        return "starts-in-play" in self.tags or starts_in_battle_zone(self.name) is not None

    def to_payload(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "civilizations": [c.value for c in self.civilizations],
            "rarity": self.rarity,
            "type": self.card_type,
            "tags": sorted(self.tags),
        }


@dataclass(frozen=True)
class DmDeck:
    """A typed-in DTC deck: the commander (if marked) and the other cards with counts."""

    commander: DmCard | None
    cards: tuple[tuple[int, DmCard], ...]


def _civilizations(text: str) -> tuple[tuple[Civilization, ...], list[str]]:
    found: set[Civilization] = set()
    bad: list[str] = []
    for word in re.split(r"[/・,、\s]+", unicodedata.normalize("NFKC", text).strip()):
        if not word:
            continue
        civ = _CIV_WORDS.get(word.casefold()) or _CIV_WORDS.get(word.removesuffix("文明"))
        if civ is None:
            bad.append(word)
        else:
            found.add(civ)
    return tuple(c for c in Civilization if c in found), bad


def parse_dm_card(*, line: str, label: Message | None = None, field: str = "decklist") -> DmCard:
    """Parse ``name | civilizations | rarity | type [| tags]`` (no count); ``label`` names the line in
    problems.

    >>> parse_dm_card(line="オールデリート | 光/水/闇/火/自然 | MR | 呪文").civilizations[-1].japanese
    '自然'
    >>> parse_dm_card(line="X | 土 | Z | クリーチャー")
    Traceback (most recent call last):
    ...
    judge.engine.errors.InvalidInputError: Card: unknown civilization '土' (use 光 水 闇 火 自然 ゼロ); Card:
    unknown rarity 'Z'
    """
    label = label or msg("dm.label.card")
    problems: list[Message] = []
    fields = [f.strip() for f in re.split(r"[|｜]", line)]
    if len(fields) < 4 or len(fields) > 5:
        raise InvalidInputError([msg("dm.line-format", field=field, label=label)])
    name, civ_text, rarity_text, card_type = fields[:4]
    name = name.strip("《》").strip()
    if not name:
        problems.append(msg("dm.no-name", field=field, label=label))
    civs, bad = _civilizations(civ_text)
    for word in bad:
        problems.append(msg("dm.unknown-civilization", field=field, label=label, word=word[:40]))
    if not civs and not bad:
        problems.append(msg("dm.no-civilization", field=field, label=label))
    if Civilization.ZERO in civs and len(civs) > 1:
        problems.append(msg("dm.zero-combined", field=field, label=label))
    rarity = RARITIES.get(unicodedata.normalize("NFKC", rarity_text).upper()) or RARITIES.get(rarity_text)
    if rarity is None:
        problems.append(msg("dm.unknown-rarity", field=field, label=label, rarity=rarity_text[:40]))
    if not card_type:
        problems.append(msg("dm.no-type", field=field, label=label))
    tags: set[str] = set()
    if len(fields) == 5:
        for tag in re.split(r"[,、\s]+", fields[4]):
            if not tag:
                continue
            known = _TAGS.get(tag.casefold())
            if known is None:
                problems.append(msg("dm.unknown-tag", field=field, label=label, tag=tag[:40]))
            else:
                tags.add(known)
    if problems:
        raise InvalidInputError(problems)
    return DmCard(
        name=name, civilizations=civs, rarity=rarity or "-", card_type=card_type, tags=frozenset(tags)
    )


_COMMANDER_HEADERS = {"統率者", "commander"}
_DECK_HEADERS = {"デッキ", "メインデッキ", "deck", "main", "main deck"}
_COUNT_RE = re.compile(r"^(\d+)\s*(?:[xX×]|枚)?\s+(.*)$")


def parse_dm_deck(*, text: str, number: int | None = None, field: str = "decklist") -> DmDeck:
    """Parse a typed-in deck (format in the module docstring). Lines before any header are deck cards.

    ``number`` is the deck's place in a team (problems then say "Deck 2, line 3"). A deck
    with no card at all is refused with a problem that says what to paste.

    >>> deck = parse_dm_deck(text="統率者\\n\\"罰怒\\"ブランド | 火 | SR | クリーチャー\\n"
    ...                           "デッキ\\n4 ボルシャック・ドラゴン | 火 | VR | クリーチャー")
    >>> deck.commander.name, [(n, c.name) for n, c in deck.cards]
    ('"罰怒"ブランド', [(4, 'ボルシャック・ドラゴン')])
    >>> parse_dm_deck(text="  ")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    judge.engine.errors.InvalidInputError: Deck: no cards. Paste the deck one card per line as ...
    """
    deck_label = msg("dm.label.team-deck", number=number) if number is not None else msg("dm.label.deck")
    if len(text.encode("utf-8", errors="replace")) > MAX_BYTES:
        raise InvalidInputError([msg("dm.too-long", field=field, label=deck_label)])
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise InvalidInputError(
            [msg("dm.too-many-lines", field=field, label=deck_label, count=len(lines), high=MAX_LINES)]
        )
    problems: list[str | Message] = []
    commanders: list[tuple[int, DmCard]] = []
    cards: list[tuple[int, DmCard]] = []
    target = cards
    for line_number, raw in enumerate(lines, start=1):
        line = unicodedata.normalize("NFKC", raw).strip().lstrip("\ufeff")
        if not line or line.startswith(("#", "//")):
            continue
        header = line.strip("[]【】").rstrip(":").strip().casefold()
        if header in _COMMANDER_HEADERS:
            target = commanders
            continue
        if header in _DECK_HEADERS:
            target = cards
            continue
        label = (
            msg("dm.label.deck-line", number=number, line=line_number)
            if number is not None
            else msg("dm.label.line", line=line_number)
        )
        count = 1
        match = _COUNT_RE.match(line)
        if match:
            count, line = int(match.group(1)), match.group(2)
        if not 1 <= count <= 999:
            problems.append(msg("dm.count-range", field=field, label=label))
            continue
        try:
            card = parse_dm_card(line=line, label=label, field=field)
        except InvalidInputError as err:
            problems.extend(err.messages)
            continue
        target.append((count, card))
    if sum(n for n, _ in commanders) > 1:
        problems.append(msg("dm.one-commander", field=field))
    if not problems and not commanders and not cards:
        problems.append(msg("dm.empty-deck", field=field, label=deck_label))
    if problems:
        raise InvalidInputError(problems)
    return DmDeck(commander=commanders[0][1] if commanders else None, cards=tuple(cards))
