"""Parse an official Magic: The Gathering Comprehensive Rules .txt file.

The published file is laid out as::

    Magic: The Gathering Comprehensive Rules
    These rules are effective as of January 16, 2026.
    Introduction            <- intro paragraphs
    Contents                <- chapter/section headings, then "Glossary", "Credits"
    1. Game Concepts        <- body: chapters, sections, rules, subrules, "Example:" lines
    100. General
    100.1. Rule text
    100.1a Subrule text
         indented continuation paragraph of the line above
    Example: text
    Glossary                <- "Term" line, definition lines, blank line
    Credits                 <- free text to the end of the file

Every release since 2009 has this layout, with variations this parser reads
without knowing the release: the title written "_Magic: The Gathering_
Comprehensive Rules"; "These rules are current as of <date>." (before July
2009); a Contents list that ends with "Questions?" or "Customer Service
Information" after "Credits"; no Credits heading at all (the file ends inside
the glossary). The Contents list repeats the chapter and section headings, so
records are only taken from the body, which starts at the chapter heading before the first numbered rule.
Quirks of the real files accepted: a subrule written with a trailing dot ("119.1d."), a rule without one
("606.5 "), and, with a warning, a rule number glued to its text ("901.4.All plane ..."), a subrule number
printed twice (702.30d in 20090904 and 20091001: read as the letter the sequence calls for when the next
subrule does not have it, else kept with the first under its number, as a further paragraph) and a subrule
whose rule is missing (the rule is added without text), and a stray digit after a rule's number just
before its first subrule ("505.54." then "505.5a" in 20100618: read as 505.5); the documented ones
(``DOCUMENTED_TYPOS``: 901.4, 505.5, 505.5a) are notes a strict ingest accepts.

Continuation lines (indented in the real files) are separate paragraphs of
the rule or example above them: they are joined with "\\n". Chapters and
sections carry their heading both as ``title`` and as ``text`` so that every
record has searchable text.

Files effective before July 11, 2009 use the numbering the Magic 2010 update
replaced; they parse the same way and are marked ``Numbering.PRE_2009``.
"""

from __future__ import annotations

import datetime
import re

from judge.engine.rule_numbers import CHAPTER, SECTION
from judge.parsing.cr_numbers import (
    DOCUMENTED_TYPOS,
    GLUED_RULE_RE,
    RULE_RE,
    SUBRULE_RE,
    following_subrule,
    repair_number,
)
from judge.parsing.encoding import normalize_newlines as normalize_newlines  # re-exported for the parsers
from judge.parsing.records import (
    GlossaryEntry,
    Numbering,
    ParseError,
    ParseWarning,
    RuleKind,
    RuleRecord,
    RulesDocument,
)

MONTHS = {
    name: number
    for number, name in enumerate(
        (
            "january", "february", "march", "april", "may", "june",
            "july", "august", "september", "october", "november", "december",
        ),
        start=1,
    )
}  # fmt: skip

# "effective as of" since July 2009, "current as of" before; "Sept. 25th, 2009" is read too.
EFFECTIVE_RE = re.compile(
    r"These rules are (?:effective|current) as of ([A-Za-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s*(\d{4})"
)
MODERN_NUMBERING_SINCE = "20090711"  # the Magic 2010 rules update renumbered every rule
CHAPTER_RE = re.compile(rf"^({CHAPTER})\.\s+(\S.*)$")
SECTION_RE = re.compile(rf"^({SECTION})\.\s+(\S.*)$")
EXAMPLE_RE = re.compile(r"^Example:\s*(.*)$")


def _month(word: str) -> int | None:
    """1-12 for a month's name or its abbreviation of three letters or more ("Sept"), else None."""
    word = word.lower()
    if len(word) < 3:
        return None
    return next((number for name, number in MONTHS.items() if name.startswith(word)), None)


def parse_effective_date(line: str) -> str | None:
    """The "YYYYMMDD" version printed in "These rules are effective as of June 1, 2020.", else None.

    >>> parse_effective_date("These rules are effective as of January 16, 2026.")
    '20260116'
    >>> parse_effective_date("These rules are current as of February 1, 2009.")
    '20090201'
    """
    match = EFFECTIVE_RE.search(line)
    if match is None:
        return None
    month = _month(match.group(1))
    if month is None:
        return None
    try:
        date = datetime.date(int(match.group(3)), month, int(match.group(2)))
    except ValueError:
        return None
    return date.strftime("%Y%m%d")


def _paragraphs(lines: list[str]) -> str:
    """Join lines: consecutive lines with "\\n", blank-line-separated blocks with "\\n\\n"."""
    blocks: list[list[str]] = [[]]
    for line in lines:
        if line.strip():
            blocks[-1].append(line.strip())
        elif blocks[-1]:
            blocks.append([])
    return "\n\n".join("\n".join(block) for block in blocks if block)


def _find(lines: list[str], wanted: str, start: int, end: int | None = None) -> int | None:
    stop = len(lines) if end is None else end
    for index in range(start, stop):
        if lines[index].strip() == wanted:
            return index
    return None


class _Draft:
    """A record being built: its text and examples grow as continuation lines arrive."""

    def __init__(
        self, number: str, kind: RuleKind, text: str, parent: str | None, line: int, title: str
    ) -> None:
        self.number = number
        self.kind = kind
        self.paragraphs = [text]
        self.examples: list[list[str]] = []
        self.parent = parent
        self.line = line
        self.title = title

    def record(self) -> RuleRecord:
        return RuleRecord(
            number=self.number,
            kind=self.kind,
            text="\n".join(self.paragraphs),
            parent=self.parent,
            line=self.line,
            title=self.title,
            examples=tuple("\n".join(parts) for parts in self.examples),
        )


def numbering_of(version: str) -> Numbering:
    """The numbering scheme of the release effective on ``version`` ("YYYYMMDD").

    >>> numbering_of("20090201"), numbering_of("20090711")
    (<Numbering.PRE_2009: 'pre-2009'>, <Numbering.MODERN: 'modern'>)
    """
    return Numbering.MODERN if version >= MODERN_NUMBERING_SINCE else Numbering.PRE_2009


def _letter_key(letter: str) -> int:
    return ord(letter)


def _next_letter(letter: str | None) -> str | None:
    """The subrule letter after ``letter`` (a for none); subrule letters skip l and o; None after z.

    >>> _next_letter(None), _next_letter("d"), _next_letter("k"), _next_letter("n"), _next_letter("z")
    ('a', 'e', 'm', 'p', None)
    """
    if letter is None:
        return "a"
    following = chr(ord(letter) + 1)
    if following in "lo":
        following = chr(ord(following) + 1)
    return following if following <= "z" else None


class _BodyReader:
    """The rules body read line by line, one method per level (chapter, section, rule, subrule), each
    checking that its number is new and in order under the open record of the level above."""

    def __init__(self, lines: list[str], end: int, source: str, warnings: list[ParseWarning]) -> None:
        self.lines, self.end, self.source, self.warnings = lines, end, source, warnings
        self.drafts: list[_Draft] = []
        self.seen: dict[str, int] = {}
        self.chapter: str | None = None
        self.section: str | None = None
        self.rule: str | None = None
        self.last_subrule_letter: str | None = None
        self.last_rule_index = 0
        self.current: _Draft | None = None  # the record continuation lines and examples go to

    def fail(self, message: str, index: int) -> ParseError:
        return ParseError(message, source=self.source, line=index + 1)

    def warn(self, index: int, problem: str, *, note: bool = False) -> None:
        self.warnings.append(ParseWarning(self.source, index + 1, problem, note=note))

    def unique(self, number: str, index: int) -> None:
        if number in self.seen:
            raise self.fail(f"duplicate rule number {number} (first at line {self.seen[number]})", index)

    def add(
        self, index: int, number: str, kind: RuleKind, text: str, parent: str | None, title: str = ""
    ) -> None:
        self.seen[number] = index + 1
        self.current = _Draft(number, kind, text, parent, index + 1, title)
        self.drafts.append(self.current)

    def line(self, index: int) -> None:
        raw = self.lines[index].rstrip()
        if not raw.strip():
            return
        repaired = repair_number(
            raw, self.section, self.rule, self.seen, lambda: following_subrule(self.lines, index, self.end)
        )
        if repaired is not None:
            raw, problem, note = repaired
            self.warnings.append(ParseWarning(self.source, index + 1, problem, note=note))
        example = EXAMPLE_RE.match(raw)
        if raw[0].isspace() or example or not raw[0].isdigit():
            self.continuation(raw, example)
        elif match := SUBRULE_RE.match(raw):
            self.subrule(index, *match.groups())
        elif match := RULE_RE.match(raw):
            self.rule_line(index, *match.groups())
        elif match := SECTION_RE.match(raw):
            self.section_line(index, *match.groups())
        elif match := CHAPTER_RE.match(raw):
            self.chapter_line(index, *match.groups())
        else:
            raise self.fail(f"malformed rule number: {raw[:40]!r}", index)

    def continuation(self, raw: str, example: re.Match[str] | None) -> None:
        # The body starts with its chapter heading (_body_start), so a record is open here.
        current = self.current
        assert current is not None
        if raw[0].isspace():
            # An indented line continues the rule (or its last example) above.
            (current.examples[-1] if current.examples else current.paragraphs).append(raw.strip())
        elif example:
            current.examples.append([example.group(1).strip()])
        else:
            current.paragraphs.append(raw.strip())

    def subrule(self, index: int, sec: str, idx: str, letter: str, text: str) -> None:
        parent = f"{sec}.{int(idx)}"
        number = f"{parent}{letter}"
        if number in self.seen and parent == self.rule:
            self.repeated_subrule(index, parent, number, text)
            return
        self.unique(number, index)
        if parent not in self.seen and sec == self.section and int(idx) > self.last_rule_index:
            # An official omission (505.5a without 505.5 in 20100618): the rule is added, without text.
            documented = ("subrule without rule", number) in DOCUMENTED_TYPOS  # 20100618's 505.5a
            self.warn(index, f"subrule {number} without its rule {parent}: rule added", note=documented)
            self.add(index, parent, RuleKind.RULE, "", sec)
            self.rule, self.last_subrule_letter, self.last_rule_index = parent, None, int(idx)
        if parent not in self.seen:
            raise self.fail(f"subrule {number} without its rule {parent}", index)
        if parent != self.rule:
            raise self.fail(f"subrule {number} out of order (inside rule {self.rule})", index)
        last = self.last_subrule_letter
        if last and _letter_key(letter) < _letter_key(last):
            raise self.fail(f"subrule {number} out of order (after {self.rule}{last})", index)
        self.add(index, number, RuleKind.SUBRULE, text.strip(), parent)
        self.last_subrule_letter = letter

    def repeated_subrule(self, index: int, parent: str, number: str, text: str) -> None:
        # An official typo (702.30d twice in 20090904 and 20091001): the letter the sequence calls for,
        # unless the next subrule has it; then both texts stay under the one number.
        expected = _next_letter(self.last_subrule_letter)
        first = self.seen[number]
        if expected is not None and following_subrule(self.lines, index, self.end) != f"{parent}{expected}":
            self.warn(
                index, f"duplicate rule number {number} (first at line {first}): read as {parent}{expected}"
            )
            self.add(index, f"{parent}{expected}", RuleKind.SUBRULE, text.strip(), parent)
            self.last_subrule_letter = expected
            return
        self.warn(
            index, f"duplicate rule number {number} (first at line {first}): kept with it under {number}"
        )
        self.current = next(d for d in self.drafts if d.number == number)
        self.current.paragraphs.append(text.strip())

    def rule_line(self, index: int, sec: str, idx: str, text: str) -> None:
        number = f"{sec}.{int(idx)}"
        self.unique(number, index)
        if sec not in self.seen:
            raise self.fail(f"rule {number} without its section {sec}", index)
        if sec != self.section:
            raise self.fail(f"rule {number} out of order (inside section {self.section})", index)
        if int(idx) < self.last_rule_index:
            raise self.fail(f"rule {number} out of order (after {sec}.{self.last_rule_index})", index)
        self.add(index, number, RuleKind.RULE, text.strip(), sec)
        self.rule, self.last_subrule_letter, self.last_rule_index = number, None, int(idx)

    def section_line(self, index: int, number: str, title: str) -> None:
        self.unique(number, index)
        parent = number[0]
        if parent not in self.seen:
            raise self.fail(f"section {number} without its chapter {parent}", index)
        if parent != self.chapter:
            raise self.fail(f"section {number} out of order (inside chapter {self.chapter})", index)
        if self.section is not None and self.section[0] == parent and number < self.section:
            raise self.fail(f"section {number} out of order (after {self.section})", index)
        self.add(index, number, RuleKind.SECTION, title.strip(), parent, title.strip())
        self.section, self.rule, self.last_subrule_letter, self.last_rule_index = number, None, None, 0

    def chapter_line(self, index: int, number: str, title: str) -> None:
        self.unique(number, index)
        if self.chapter is not None and number < self.chapter:
            raise self.fail(f"chapter {number} out of order (after {self.chapter})", index)
        self.add(index, number, RuleKind.CHAPTER, title.strip(), None, title.strip())
        self.chapter, self.section, self.rule = number, None, None
        self.last_subrule_letter, self.last_rule_index = None, 0


def _parse_body(
    lines: list[str], start: int, end: int, source: str, warnings: list[ParseWarning]
) -> tuple[RuleRecord, ...]:
    reader = _BodyReader(lines, end, source, warnings)
    for index in range(start, end):
        reader.line(index)
    return tuple(draft.record() for draft in reader.drafts)


def _parse_glossary(
    lines: list[str], start: int, credits: int | None, source: str, warnings: list[ParseWarning]
) -> tuple[GlossaryEntry, ...]:
    """Blank-line-separated blocks: a term, then its definition lines; up to "Credits" or the end."""
    end = len(lines) if credits is None else credits
    entries: list[GlossaryEntry] = []
    block: list[tuple[int, str]] = []

    def flush(last: bool = False) -> None:
        if not block:
            return
        line, term = block[0]
        if len(block) < 2 and last and credits is None:
            # A file published cut short (20130201 ends on the term "Attack Multiple Players").
            warnings.append(ParseWarning(source, line, f"the file ends at glossary term {term!r}: left out"))
            block.clear()
            return
        if len(block) < 2:
            raise ParseError(f"glossary term {term!r} has no definition", source=source, line=line)
        definition = "\n".join(text for _, text in block[1:])
        entries.append(GlossaryEntry(term=term, definition=definition, line=line))
        block.clear()

    for index in range(start, end):
        text = lines[index].strip()
        if text:
            block.append((index + 1, text))
        else:
            flush()
    flush(last=True)
    return tuple(entries)


def _body_start(lines: list[str], start: int, source: str) -> int:
    """Index of the body's first line: the chapter heading above the first numbered rule.

    What comes before the body differs between releases (a Contents list of
    chapters and sections ending in "Glossary", "Credits", then "Questions?" or
    "Customer Service Information"), but it never holds a numbered rule such as
    "100.1.", so the first one marks the body whatever the shape: above it, only
    its section heading and its chapter heading.
    """
    for index in range(start, len(lines)):
        if RULE_RE.match(lines[index]) or GLUED_RULE_RE.match(lines[index]):
            above = [i for i in range(start, index) if lines[i].strip()][-2:]
            if len(above) == 2 and CHAPTER_RE.match(lines[above[0]]) and SECTION_RE.match(lines[above[1]]):
                return above[0]
            line = above[0] + 1 if above else index + 1
            raise ParseError(
                "the rules do not start with a chapter and a section heading", source=source, line=line
            )
    raise ParseError("no numbered rules found", source=source, line=start + 1)


def parse_comprehensive_rules(text: str, *, source: str) -> RulesDocument:
    """Parse a whole Comprehensive Rules file into a RulesDocument.

    Reads every official release since 2009 (and the last ones before the
    July 2009 renumbering, marked ``Numbering.PRE_2009``): an effective or
    "current as of" date, an optional Contents list of any shape, a glossary
    with or without "Credits" after it. Typos read past are ``warnings``.

    Raises ParseError (naming ``source`` and the line) when the file is not a
    Comprehensive Rules file, has no date, or its numbering is corrupt
    (malformed number, duplicate, out of order, orphan subrule).

    >>> doc = parse_comprehensive_rules(
    ...     "Magic: The Gathering Comprehensive Rules\\n"
    ...     "These rules are effective as of May 2, 2025.\\n"
    ...     "Contents\\n9. Casual Variants\\n903. Commander\\nGlossary\\nCredits\\n"
    ...     "9. Casual Variants\\n903. Commander\\n903.1. A variant.\\n903.1a A detail.\\n"
    ...     "Example: A case.\\nGlossary\\nCommander\\nA creature.\\nCredits\\nUs.\\n",
    ...     source="x.txt",
    ... )
    >>> doc.version, [r.number for r in doc.rules], doc.rules[3].examples
    ('20250502', ['9', '903', '903.1', '903.1a'], ('A case.',))
    """
    lines = normalize_newlines(text).split("\n")
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        raise ParseError("empty file", source=source, line=1)
    if "Comprehensive Rules" not in lines[first]:
        raise ParseError(
            "not a Comprehensive Rules file (no 'Comprehensive Rules' title)", source=source, line=first + 1
        )

    body_start = _body_start(lines, first + 1, source)
    version = next(filter(None, map(parse_effective_date, lines[first + 1 : body_start])), None)
    if version is None:
        raise ParseError(
            "no effective date ('These rules are effective as of <Month> <day>, <year>.')",
            source=source,
            line=first + 1,
        )

    contents = _find(lines, "Contents", first + 1, body_start)
    intro_start = _find(lines, "Introduction", first + 1, body_start)
    intro = _paragraphs(lines[intro_start + 1 : contents or body_start]) if intro_start is not None else ""

    glossary = _find(lines, "Glossary", body_start)
    if glossary is None:
        raise ParseError("no 'Glossary' heading after the rules", source=source, line=len(lines))
    credits = _find(lines, "Credits", glossary + 1)

    warnings: list[ParseWarning] = []
    rules = _parse_body(lines, body_start, glossary, source, warnings)
    return RulesDocument(
        source=source,
        version=version,
        rules=rules,
        glossary=_parse_glossary(lines, glossary + 1, credits, source, warnings),
        intro=intro,
        credits=_paragraphs(lines[credits + 1 :]) if credits is not None else "",
        warnings=tuple(warnings),
        numbering=numbering_of(version),
    )
