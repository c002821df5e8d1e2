"""Pasted decklists: the plain-text export format of deck sites and MTG Arena.

Accepted lines:

- ``1 Sol Ring``, ``1x Sol Ring``, ``Sol Ring`` (a count of 1); as Japanese lists write them,
  ``1枚 連合の勝利``, ``×2 連合の勝利``, ``バイオリズム ×1``, ``連合の勝利 1枚``, with full-width digits
  (``２４　島``);
- printing details are dropped: ``1 Sol Ring (CMM) 400``, ``[CMM]``, ``(INV-257)``, ``[257]``,
  ``連合の勝利（INV）``, ``*F*`` / ``*E*`` finish
  markers, ``[Ramp]``-style category tags and ``^...^`` tags;
- ``*CMDR*`` puts the line in the commander section;
- a section name before a colon puts that one line in the section: ``SB: 1 Lightning Bolt`` (MTGO and
  MTG Arena's sideboard lines), ``Commander: 1 Kenrith``, ``統率者：ケンリス``, ``Companion: Lurrus``;
- section headers on their own line (optionally ending in ``:`` or written as a ``//`` comment):
  ``Commander``, ``Deck`` / ``Main`` / ``Mainboard``, ``Sideboard``, ``Companion``, ``Maybeboard``,
  and in Japanese ``統率者``, ``デッキ`` / ``メインデッキ``, ``サイドボード``, ``相棒``;
- Japanese card names in 《》 are read as names (the card pool finds them by their Japanese name);
- other ``//`` and ``#`` lines are comments; blank lines are ignored. MTG Arena's ``About`` /
  ``Name ...`` header is skipped.

Text over 1 MB or 10 000 lines is refused; every malformed line is reported with its number
("Line 3" / "3行目"), ``field`` naming the request field the text came from.

>>> deck = parse_decklist(
...     text="Commander\\n1 Kenrith, the Returned King (ELD) 303\\n\\nDeck\\n1x Sol Ring\\nForest")
>>> [(e.count, e.name, e.section.value) for e in deck.entries]
[(1, 'Kenrith, the Returned King', 'commander'), (1, 'Sol Ring', 'deck'), (1, 'Forest', 'deck')]
>>> pasted = parse_decklist(text="１枚 連合の勝利\\nバイオリズム ×1\\n×2 島\\n２４　森 [M21]")
>>> [(e.count, e.name) for e in pasted.entries]
[(1, '連合の勝利'), (1, 'バイオリズム'), (2, '島'), (24, '森')]
>>> deck.total(Section.DECK)
2
"""

from __future__ import annotations

import enum
import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from judge.engine.errors import InvalidInputError
from judge.engine.messages import Message, msg

MAX_BYTES = 1_000_000
MAX_LINES = 10_000
MAX_COUNT = 999
MAX_NAME = 200


class Section(enum.Enum):
    COMMANDER = "commander"
    DECK = "deck"
    SIDEBOARD = "sideboard"
    COMPANION = "companion"
    MAYBEBOARD = "maybeboard"


_HEADERS: dict[str, Section] = {
    "commander": Section.COMMANDER,
    "commanders": Section.COMMANDER,
    "deck": Section.DECK,
    "main": Section.DECK,
    "maindeck": Section.DECK,
    "main deck": Section.DECK,
    "mainboard": Section.DECK,
    "sideboard": Section.SIDEBOARD,
    "side": Section.SIDEBOARD,
    "companion": Section.COMPANION,
    "companions": Section.COMPANION,
    "maybeboard": Section.MAYBEBOARD,
    "maybe": Section.MAYBEBOARD,
    "considering": Section.MAYBEBOARD,
    # Japanese headers, as Japanese deck sites and players write them.
    "統率者": Section.COMMANDER,
    "デッキ": Section.DECK,
    "メインデッキ": Section.DECK,
    "サイドボード": Section.SIDEBOARD,
    "相棒": Section.COMPANION,
}
#: ``SB: 1 Lightning Bolt``, ``Commander: Kenrith``, ``統率者：…``: one line in a section.
_PREFIX_RE = re.compile(r"^([^\W\d_][^:：]{0,20}?)\s*[:：]\s*(\S.*)$")
_PREFIXES: dict[str, Section] = {**_HEADERS, "sb": Section.SIDEBOARD, "cmdr": Section.COMMANDER}
#: A count before the name: ``4 Island``, ``1x Sol Ring``, ``1枚 連合の勝利``, ``×2 連合の勝利``, ``2× …``.
_COUNT_RE = re.compile(r"^(?:[×xX]\s*)?(\d+)\s*(?:[xX×]\s+|枚\s*|\s+)(.*)$")
#: A count after the name: ``バイオリズム ×1``, ``Sol Ring x2``, ``連合の勝利 1枚``.
_TRAILING_COUNT_RE = re.compile(r"^(.*?)(?:\s*×\s*|\s+[xX]\s*)(\d+)$|^(.*?)\s*(\d+)\s*枚$")
#: A trailing set code and collector number: ``(CMM) 400``, ``[CMM]``, ``(INV-257)``, ``[257]``; after a
#: Japanese name, with or without a space (連合の勝利(INV)).
_SET_RE = re.compile(
    r"(?:\s+|(?<=[^\x00-\x7f]))[\(\[](?:[A-Za-z0-9]{2,6}(?:[-:#\s]\s*[A-Za-z0-9★]+)?|\d+[a-z★]?)[\)\]]"
    r"(?:\s+[A-Za-z0-9\-★]+)?$"
)
_MARKERS_RE = re.compile(r"\s+\*[A-Za-z]+\*")
_TAGS_RE = re.compile(r"\s+(?:\[[^\]]*\]|\^[^^]*\^|#\S+)")


@dataclass(frozen=True)
class DecklistEntry:
    """One line of a decklist: how many copies of which card, in which section."""

    count: int
    name: str
    section: Section
    line: int

    def to_payload(self) -> dict[str, Any]:
        return {"count": self.count, "name": self.name, "section": self.section.value, "line": self.line}


@dataclass(frozen=True)
class Decklist:
    """A parsed decklist, entries in the order they were written."""

    entries: tuple[DecklistEntry, ...]

    def section(self, section: Section) -> tuple[DecklistEntry, ...]:
        return tuple(e for e in self.entries if e.section is section)

    def total(self, section: Section) -> int:
        return sum(e.count for e in self.entries if e.section is section)

    def to_payload(self) -> dict[str, Any]:
        return {"entries": [e.to_payload() for e in self.entries]}


def _header(line: str) -> Section | None:
    text = line.lstrip("/#").strip().rstrip(":：").strip()
    text = re.sub(r"\s*\(\d+\)$", "", text)  # "Sideboard (15)"
    return _HEADERS.get(text.casefold())


def parse_decklist(*, text: str, field: str = "decklist") -> Decklist:
    """Parse a pasted decklist; see the module docstring for the accepted lines.

    Raises :class:`InvalidInputError` listing every malformed line by number.

    >>> parse_decklist(text="1 Sol Ring\\n0 Forest\\n2x")
    Traceback (most recent call last):
    ...
    judge.engine.errors.InvalidInputError: Line 2: a count must be 1 or more.; Line 3: “2x” has no card name.
    """
    if len(text.encode("utf-8", errors="replace")) > MAX_BYTES:
        raise InvalidInputError(
            [
                msg(
                    "deck.list-too-long",
                    field=field,
                    label=msg("deck.label.decklist"),
                    high=MAX_BYTES // 1_000_000,
                )
            ]
        )
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise InvalidInputError(
            [
                msg(
                    "deck.list-too-many-lines",
                    field=field,
                    label=msg("deck.label.decklist"),
                    count=len(lines),
                    high=MAX_LINES,
                )
            ]
        )
    section = Section.DECK
    entries: list[DecklistEntry] = []
    problems: list[Message] = []
    skipping_about = False
    for number, raw in enumerate(lines, start=1):
        line = raw.strip().lstrip("\ufeff")
        if not line:
            skipping_about = False
            continue
        header = _header(line)
        if header is not None:
            section = header
            skipping_about = False
            continue
        if line.casefold() == "about":
            skipping_about = True
            continue
        if skipping_about or line.startswith(("//", "#")):
            continue
        line_section = section
        prefix = _PREFIX_RE.match(line)
        if prefix and prefix.group(1).strip().casefold() in _PREFIXES:
            line_section = _PREFIXES[prefix.group(1).strip().casefold()]
            line = prefix.group(2).strip()
        parsed = _parse_line(line, number, problems, field)
        if parsed is None:
            continue
        count, name, commander = parsed
        entries.append(
            DecklistEntry(
                count=count, name=name, section=Section.COMMANDER if commander else line_section, line=number
            )
        )
    if problems:
        raise InvalidInputError(problems)
    return Decklist(entries=tuple(entries))


def _parse_line(line: str, number: int, problems: list[Message], field: str) -> tuple[int, str, bool] | None:
    label = msg("deck.label.line", line=number)
    count = 1
    typed = line
    # Full-width digits, brackets and spaces as Japanese keyboards type them (２４　島) read as ASCII.
    line = unicodedata.normalize("NFKC", line)
    match = _COUNT_RE.match(line)
    trailing = None if match else _TRAILING_COUNT_RE.match(_SET_RE.sub("", line).strip())
    if match:
        count = int(match.group(1))
        line = match.group(2).strip()
    elif trailing and (trailing.group(1) or trailing.group(3) or "").strip():
        count = int(trailing.group(2) or trailing.group(4))
        line = (trailing.group(1) or trailing.group(3)).strip()
    elif re.fullmatch(r"(?:[×xX]\s*)?\d+\s*(?:[xX×]|枚)?", line):
        problems.append(msg("deck.line-no-name", field=field, label=label, text=typed))
        return None
    if count < 1:
        problems.append(msg("deck.line-count-zero", field=field, label=label))
        return None
    if count > MAX_COUNT:
        problems.append(msg("deck.line-count-over", field=field, label=label, count=count, high=MAX_COUNT))
        return None
    commander = "*CMDR*" in line.upper()
    line = _MARKERS_RE.sub("", " " + line).strip()
    line = _SET_RE.sub("", line).strip()  # "(CMM) 400" before tags: "[CMM]" could be either
    line = _TAGS_RE.sub("", " " + line).strip()
    line = _SET_RE.sub("", line).strip()
    if not line:
        problems.append(msg("deck.line-empty-name", field=field, label=label))
        return None
    if len(line) > MAX_NAME:
        problems.append(msg("deck.line-name-too-long", field=field, label=label, high=MAX_NAME))
        return None
    if not re.search(r"[^\W\d_]", line):
        problems.append(msg("deck.line-not-a-name", field=field, label=label, text=line))
        return None
    return count, line, commander
