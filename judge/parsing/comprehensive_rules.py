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

The Contents list repeats the chapter and section headings, so records are
only taken from the body, which starts after the Contents' own "Credits"
line. Two quirks of the real files are accepted: a subrule written with a
trailing dot ("119.1d.") and a rule without one ("606.5 ").

Continuation lines (indented in the real files) are separate paragraphs of
the rule or example above them: they are joined with "\\n". Chapters and
sections carry their heading both as ``title`` and as ``text`` so that every
record has searchable text.
"""

from __future__ import annotations

import datetime
import re

from judge.parsing.records import (
    GlossaryEntry,
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

EFFECTIVE_RE = re.compile(r"These rules are effective as of ([A-Za-z]+)\s+(\d{1,2}),\s*(\d{4})")
CHAPTER_RE = re.compile(r"^(\d)\.\s+(\S.*)$")
SECTION_RE = re.compile(r"^(\d{3})\.\s+(\S.*)$")
# The real files print "606.5 " once without the dot after a rule number.
RULE_RE = re.compile(r"^(\d{3})\.(\d{1,3})\.?\s+(\S.*)$")
# ...and "119.1d." once with a dot after a subrule number.
SUBRULE_RE = re.compile(r"^(\d{3})\.(\d{1,3})([a-z])\.?\s+(\S.*)$")
# Official typo (every release 2023-04 .. 2025-02): "901.4.All plane ..." with no space after the number.
# Read as rule 901.4 with a warning; a capital letter after the dot tells text from a longer number.
GLUED_RULE_RE = re.compile(r"^(\d{3})\.(\d{1,3})([a-z]?)\.([A-Z].*)$")
EXAMPLE_RE = re.compile(r"^Example:\s*(.*)$")


def normalize_newlines(text: str) -> str:
    """Drop a leading BOM and turn CRLF and lone CR line endings into LF."""
    if text.startswith("\ufeff"):
        text = text[1:]
    return text.replace("\r\n", "\n").replace("\r", "\n")


def parse_effective_date(line: str) -> str | None:
    """The "YYYYMMDD" version printed in "These rules are effective as of June 1, 2020.", else None.

    >>> parse_effective_date("These rules are effective as of January 16, 2026.")
    '20260116'
    """
    match = EFFECTIVE_RE.search(line)
    if match is None:
        return None
    month = MONTHS.get(match.group(1).lower())
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


def _letter_key(letter: str) -> int:
    return ord(letter)


def _parse_body(
    lines: list[str], start: int, end: int, source: str, warnings: list[ParseWarning]
) -> tuple[RuleRecord, ...]:
    drafts: list[_Draft] = []
    seen: dict[str, int] = {}
    chapter: str | None = None
    section: str | None = None
    rule: str | None = None
    last_subrule_letter: str | None = None
    last_rule_index = 0

    def fail(message: str, index: int) -> ParseError:
        return ParseError(message, source=source, line=index + 1)

    def unique(number: str, index: int) -> None:
        if number in seen:
            raise fail(f"duplicate rule number {number} (first at line {seen[number]})", index)

    def add(index: int, number: str, kind: RuleKind, text: str, parent: str | None, title: str = "") -> None:
        seen[number] = index + 1
        drafts.append(_Draft(number, kind, text, parent, index + 1, title))

    for index in range(start, end):
        raw = lines[index].rstrip()
        if not raw.strip():
            continue
        if raw[0].isspace():
            # An indented line continues the rule (or its last example) above.
            if not drafts:
                raise fail("text before the first numbered rule", index)
            draft = drafts[-1]
            (draft.examples[-1] if draft.examples else draft.paragraphs).append(raw.strip())
            continue
        example = EXAMPLE_RE.match(raw)
        if example:
            if not drafts:
                raise fail("example before the first numbered rule", index)
            drafts[-1].examples.append([example.group(1).strip()])
            continue
        if not raw[0].isdigit():
            if not drafts:
                raise fail("text before the first numbered rule", index)
            drafts[-1].paragraphs.append(raw.strip())
            continue
        glued = GLUED_RULE_RE.match(raw)
        if glued:
            sec, idx, letter, text = glued.groups()
            raw = f"{sec}.{idx}{letter}{'' if letter else '.'} {text}"
            warnings.append(
                ParseWarning(source, index + 1, f"no space after rule number {sec}.{idx}{letter}: read as that rule")
            )

        match = SUBRULE_RE.match(raw)
        if match:
            sec, idx, letter, text = match.groups()
            parent = f"{sec}.{int(idx)}"
            number = f"{parent}{letter}"
            unique(number, index)
            if parent not in seen:
                raise fail(f"subrule {number} without its rule {parent}", index)
            if parent != rule:
                raise fail(f"subrule {number} out of order (inside rule {rule})", index)
            if last_subrule_letter and _letter_key(letter) < _letter_key(last_subrule_letter):
                raise fail(f"subrule {number} out of order (after {rule}{last_subrule_letter})", index)
            add(index, number, RuleKind.SUBRULE, text.strip(), parent)
            last_subrule_letter = letter
            continue
        match = RULE_RE.match(raw)
        if match:
            sec, idx, text = match.groups()
            number = f"{sec}.{int(idx)}"
            unique(number, index)
            if sec not in seen:
                raise fail(f"rule {number} without its section {sec}", index)
            if sec != section:
                raise fail(f"rule {number} out of order (inside section {section})", index)
            if int(idx) < last_rule_index:
                raise fail(f"rule {number} out of order (after {sec}.{last_rule_index})", index)
            add(index, number, RuleKind.RULE, text.strip(), sec)
            rule, last_subrule_letter, last_rule_index = number, None, int(idx)
            continue
        match = SECTION_RE.match(raw)
        if match:
            number, title = match.groups()
            unique(number, index)
            parent = number[0]
            if parent not in seen:
                raise fail(f"section {number} without its chapter {parent}", index)
            if parent != chapter:
                raise fail(f"section {number} out of order (inside chapter {chapter})", index)
            if section is not None and section[0] == parent and number < section:
                raise fail(f"section {number} out of order (after {section})", index)
            add(index, number, RuleKind.SECTION, title.strip(), parent, title.strip())
            section, rule, last_subrule_letter, last_rule_index = number, None, None, 0
            continue
        match = CHAPTER_RE.match(raw)
        if match:
            number, title = match.groups()
            unique(number, index)
            if chapter is not None and number < chapter:
                raise fail(f"chapter {number} out of order (after {chapter})", index)
            add(index, number, RuleKind.CHAPTER, title.strip(), None, title.strip())
            chapter, section, rule, last_subrule_letter, last_rule_index = number, None, None, None, 0
            continue
        raise fail(f"malformed rule number: {raw[:40]!r}", index)

    if not drafts:
        raise ParseError("no numbered rules found", source=source, line=start + 1)
    return tuple(draft.record() for draft in drafts)


def _parse_glossary(lines: list[str], start: int, end: int, source: str) -> tuple[GlossaryEntry, ...]:
    entries: list[GlossaryEntry] = []
    block: list[tuple[int, str]] = []

    def flush() -> None:
        if not block:
            return
        line, term = block[0]
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
    flush()
    return tuple(entries)


def parse_comprehensive_rules(text: str, *, source: str) -> RulesDocument:
    """Parse a whole Comprehensive Rules file into a RulesDocument.

    Raises ParseError (naming ``source`` and the line) when the file is not a
    Comprehensive Rules file, has no effective date, or its numbering is
    corrupt (malformed number, duplicate, out of order, orphan subrule).

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

    contents = _find(lines, "Contents", first + 1)
    if contents is None:
        raise ParseError("no 'Contents' heading", source=source, line=first + 1)
    version = None
    for index in range(first + 1, contents):
        version = parse_effective_date(lines[index])
        if version:
            break
    if version is None:
        raise ParseError(
            "no effective date ('These rules are effective as of <Month> <day>, <year>.')",
            source=source,
            line=first + 1,
        )

    intro_start = _find(lines, "Introduction", first + 1, contents)
    intro = _paragraphs(lines[intro_start + 1 : contents]) if intro_start is not None else ""

    # The Contents list ends with its own "Glossary" and "Credits" lines; the body follows.
    contents_end = _find(lines, "Credits", contents + 1)
    if contents_end is None:
        raise ParseError("the Contents list has no closing 'Credits' line", source=source, line=contents + 1)
    body_start = contents_end + 1
    glossary = _find(lines, "Glossary", body_start)
    if glossary is None:
        raise ParseError("no 'Glossary' heading after the rules", source=source, line=len(lines))
    credits = _find(lines, "Credits", glossary + 1)
    if credits is None:
        raise ParseError("no 'Credits' heading after the glossary", source=source, line=len(lines))

    warnings: list[ParseWarning] = []
    rules = _parse_body(lines, body_start, glossary, source, warnings)
    if rules[0].kind is not RuleKind.CHAPTER:
        raise ParseError("the rules do not start with a chapter heading", source=source, line=rules[0].line)
    return RulesDocument(
        source=source,
        version=version,
        rules=rules,
        glossary=_parse_glossary(lines, glossary + 1, credits, source),
        intro=intro,
        credits=_paragraphs(lines[credits + 1 :]),
        warnings=tuple(warnings),
    )
