"""Record dataclasses that every corpus parser produces.

Parsers are pure functions ``parse_xxx(text, *, source) -> record``; the ingest
service turns these records into database rows and search documents.

Rule numbers never carry a trailing dot: chapter "9", section "903",
rule "903.8", subrule "903.8a".
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any


class ParseError(ValueError):
    """A corpus file could not be parsed; names the file and the line."""

    def __init__(self, message: str, *, source: str, line: int | None = None) -> None:
        self.source = source
        self.line = line
        self.problem = message
        where = f"{source}:{line}" if line is not None else source
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True)
class ParseWarning:
    """Something a parser read past instead of refusing (an official typo): file, line, problem.

    ``note``: a documented official typo the parser reads as intended (901.4 of 2022-11 .. 2025-02): reported,
    but not a problem even for a strict ingest.
    """

    source: str
    line: int
    problem: str
    note: bool = False

    def __str__(self) -> str:
        return f"{self.source}:{self.line}: {self.problem}"

    def to_payload(self) -> dict[str, str | int | bool | None]:
        found: dict[str, str | int | bool | None] = {
            "file": self.source,
            "line": self.line,
            "problem": self.problem,
        }
        if self.note:
            found["note"] = True
        return found

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ParseWarning:
        """A warning as :meth:`to_payload` stored it."""
        return cls(str(data["file"]), int(data["line"]), str(data["problem"]), note=data.get("note") is True)


@dataclass(frozen=True)
class SkippedFile:
    """A corpus file left out because it could not be read: file, line (when known), problem."""

    source: str
    line: int | None
    problem: str

    @classmethod
    def from_error(cls, error: ParseError) -> SkippedFile:
        return cls(source=error.source, line=error.line, problem=error.problem)

    def __str__(self) -> str:
        where = self.source if self.line is None else f"{self.source}:{self.line}"
        return f"{where}: {self.problem}"

    def to_payload(self) -> dict[str, str | int | None]:
        return {"file": self.source, "line": self.line, "problem": self.problem}


class RuleKind(enum.Enum):
    CHAPTER = "chapter"  # "9."   Casual Variants
    SECTION = "section"  # "903." Commander
    RULE = "rule"  # "903.8."
    SUBRULE = "subrule"  # "903.8a"


@dataclass(frozen=True)
class RuleRecord:
    """One numbered line of the Comprehensive Rules, with its examples."""

    number: str
    kind: RuleKind
    text: str
    parent: str | None
    line: int
    title: str = ""  # chapters and sections: their heading ("Commander"); rules: ""
    examples: tuple[str, ...] = ()  # text after "Example: "


@dataclass(frozen=True)
class GlossaryEntry:
    term: str
    definition: str
    line: int


class Numbering(enum.Enum):
    """The numbering scheme of a Comprehensive Rules file.

    The Magic 2010 update (effective July 11, 2009) renumbered every rule: before it
    502.x were the keyword abilities, after it 502 is the untap step. A number of one
    scheme says nothing about the other, so versions of different schemes are never
    compared or aligned number for number.
    """

    MODERN = "modern"  # effective July 11, 2009 and later
    PRE_2009 = "pre-2009"  # effective before July 11, 2009


@dataclass(frozen=True)
class RulesDocument:
    """A whole Comprehensive Rules file."""

    source: str  # corpus file name, e.g. "MagicCompRules 20260116.txt"
    version: str  # effective date printed in the file, "YYYYMMDD"
    rules: tuple[RuleRecord, ...]
    glossary: tuple[GlossaryEntry, ...]
    intro: str = ""
    credits: str = ""
    warnings: tuple[ParseWarning, ...] = ()  # typos read past, e.g. "901.4.All" (no space after the number)
    numbering: Numbering = Numbering.MODERN


class DocKind(enum.Enum):
    """What a Japanese document is (the document pages and search label it so)."""

    CR_TRANSLATION = "cr-translation"  # Japanese text of Comprehensive Rules rules (001, 002)
    FORMAT_RULES = "format-rules"  # a format's own rules: the Commander rules (000)
    HOUSE_RULES = "house-rules"  # a group's own rules for a format: Duel Masters Tag Commander (004)
    PROSE = "prose"  # a wiki article, which may quote the Comprehensive Rules (003)


class Game(enum.Enum):
    """The game a document is about: Duel Masters material is always labelled as Duel Masters."""

    MAGIC = "magic"
    DUEL_MASTERS = "duel-masters"


@dataclass(frozen=True)
class DocSection:
    """One section of a Japanese document.

    ``cr_number`` is set when the section is a Comprehensive Rules rule
    ("800.4a"); ``number`` is the document's own numbering when it has one
    (Commander rules "1".."11"). ``anchor`` is stable across re-ingests: it is
    derived from the number or the heading, never from the position.

    ``text``, ``details`` and ``examples`` keep the structure of the source in
    their lines (read by :func:`judge.parsing.ja_common.blocks`): a line "- ..."
    is a list item (the sources' •, ・ and - bullets), an indented line "  ..."
    right after an item is a note on that item, a line "■..." is a card's text
    box (Duel Masters), any other line a paragraph.
    """

    anchor: str
    heading: str
    text: str
    line: int
    cr_number: str | None = None
    number: str | None = None
    parent: str | None = None  # anchor of the enclosing section
    details: tuple[str, ...] = ()  # 詳細 paragraphs (000)
    examples: tuple[str, ...] = ()  # 例 paragraphs
    notes: tuple[str, ...] = ()  # ⇒ notes (001), translator notes


@dataclass(frozen=True)
class JaDocument:
    """One Japanese document and what it says about itself.

    ``title_ja`` / ``title_en`` name the document everywhere a reader meets it (search hits, a rule's
    sources); the file name ``source`` appears only on the document's own page. ``date`` is the
    document's own date (ISO "YYYY-MM-DD") and ``date_label`` what that date is: "updated"
    (最終更新), "synced" (最終同期) or "edition" (the latest 第N版). ``credit`` names who provides
    the text as the page itself says (提供, a translator, a site).
    """

    source: str  # corpus file name
    slug: str  # URL slug: "commander-rules", "cr-excerpt-ja", ...
    title_ja: str
    kind: DocKind
    sections: tuple[DocSection, ...]
    translated_from: str | None = None  # CR version the translation follows, "YYYYMMDD", when the text says
    lang: str = "ja"
    meta: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    title_en: str = ""
    game: Game = Game.MAGIC
    credit: str = ""
    date: str = ""
    date_label: str = ""  # "updated", "synced" or "edition"; "" when the document has no date
    contents: tuple[tuple[str, str], ...] = ()  # a table of contents: (chapter or section number, title)
    warnings: tuple[ParseWarning, ...] = ()  # lines read past or left out, with their line
    # Later texts of a rule number the file already has (two texts numbered 505.4): the linking keeps the one
    # that matches the English in ``sections`` (judge.parsing.translation_choice) and names the one left out.
    duplicates: tuple[DocSection, ...] = ()

    @property
    def title(self) -> str:
        """The title in the document's own language."""
        return self.title_ja
