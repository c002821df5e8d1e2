"""Parse the Japanese translation of the whole Comprehensive Rules (``ja/JPN_CR_YYYYMMDD_N.txt``).

The Japan NetRep and the judge community publish it for each English release. It is recognised by
its title line, never by its file name::

    ========
    マジック総合ルール(和訳 20231117.0 版)     -> translated_from "20231117", re-issue 0
    ========
     この文書の英語版が正文です。…             -> the preface (section "preface")
    --------
    もくじ                                    -> the table of contents (``JaDocument.contents``)
    --------
    0. はじめに / 8. 多人数戦ルール / 805. …  -> (number, title) pairs, up to "10. 用語集"
    0. はじめに                               -> the body: the introduction (section "intro")
    8. 多人数戦ルール                          -> chapter "8"
    805. 「共有チーム・ターン」選択ルール       -> section "805"
    805.1. チーム同士で戦う…                   -> rule "805.1"; a line after it that starts no rule
    805.3a マリガンを…                         -> subrule "805.3a"            continues it
    例:…                                     -> an example of the rule above
    10. 用語集                                 -> the glossary: "日本語/English" headwords,
    次元コントローラー/Planar Controller          each followed by its definition (sections under
     プレインチェイス戦で、…                        "glossary"; ``split_headword`` reads them)
    クレジット                                 -> the credits (section "credits")

Files come in Windows-31J or UTF-8 (with or without a BOM), CRLF or LF: ``judge.parsing.encoding``
decodes them before this module sees the text. A line that cannot be placed (a rule number out of
place, text before any rule) is kept out and reported as a warning with its line; the rest of the
file goes in. The glossary's exact layout in the real file is not known here: when no headword can
be read the rules still go in and the glossary is reported as skipped.

>>> doc = parse("マジック総合ルール(和訳 20260116.1 版)\\n8. 多人数戦ルール\\n800. 総則\\n"
...             "800.1. 多人数戦とは…。\\n800.1a 細則。\\n例:例文。\\n", source="JPN_CR_20260116_1.txt")
>>> doc.slug, doc.translated_from, reissue_of(doc)
('cr-ja-20260116', '20260116', 1)
>>> [(s.cr_number, s.parent, s.text, s.examples) for s in doc.sections]
... # doctest: +NORMALIZE_WHITESPACE
[('8', None, '多人数戦ルール', ()), ('800', 'r8', '総則', ()), ('800.1', 'r800', '多人数戦とは…。', ()),
 ('800.1a', 'r800-1', '細則。', ('例文。',))]
"""

from __future__ import annotations

import re

from judge.engine import rule_numbers
from judge.engine.rule_numbers import CHAPTER, RULE, RULE_OR_SUBRULE, SECTION, SUBRULE
from judge.parsing import ja_common
from judge.parsing.records import DocKind, DocSection, JaDocument, ParseError, ParseWarning

FORMAT = "cr-ja"  # ja_common.detect_format's name for this format; each release's slug is cr-ja-YYYYMMDD
SLUG_PREFIX = "cr-ja-"
TITLE_JA = "総合ルール 日本語訳"
TITLE_EN = "Comprehensive Rules, Japanese translation"
PREFACE, INTRO, CONTENTS, GLOSSARY, CREDITS = "preface", "intro", "contents", "glossary", "credits"
TITLE_LINES = 12  # the title stands among the first lines of the file

TITLE_RE = ja_common.WHOLE_CR_TITLE
_RULE_BOUNDARY = re.compile(r"^[=\-─━]{4,}$")
_CONTENTS_RE = re.compile(r"^(?:もくじ|目次)$")
_CHAPTER_RE = re.compile(rf"^({CHAPTER})\.[ \u3000]+(\S.*)$")
_SECTION_RE = re.compile(rf"^({SECTION})\.[ \u3000]+(\S.*)$")
_RULE_RE = re.compile(rf"^({RULE})\.[ \u3000]*(\S.*)$")
_SUBRULE_RE = re.compile(rf"^({SUBRULE})\.?[ \u3000]+(\S.*)$")
# A heading's or rule's number as written, full-width digits too: what precedes its text on the raw line.
_NUMBER_PREFIX = re.compile(r"^\d{1,3}(?:[.．]\d{1,3}[a-zａ-ｚ]?)?[.．]?[ \u3000]*")
_NUMBERED_RE = re.compile(rf"^{RULE_OR_SUBRULE}\.?(?:[ \u3000]|$)")  # looks like a rule, whatever follows
_GLOSSARY_RE = re.compile(r"^10\.[ \u3000]*用語集$")
_CREDITS_RE = re.compile(r"^(?:クレジット|Credits)$")
_INTRO_RE = re.compile(r"^0\.[ \u3000]+(\S.*)$")
_EXAMPLE_RE = re.compile(r"^例[:：][ \u3000]*(.*)$")
# A glossary headword: Japanese, a slash, the English headword ("次元コントローラー/Planar Controller").
# The English may hold slashes of its own (「あなた、あなたの（…）／You/Your」, the English glossary's
# "You, Your"): the Japanese ends at the first slash.
_HEADWORD_RE = re.compile(r"^([^/／\s][^/／]*?)[ \u3000]*[/／][ \u3000]*([A-Za-z0-9\"“'][^。]*)$")
# What tells two spellings of one English headword apart: slashes or commas between its words, quotes, case.
_KEY_SEPARATOR = re.compile(r"[ \u3000]*[/／,、][ \u3000]*")
_KEY_QUOTES = re.compile(r"[\"“”'‘’]")
_KEY_NOTE = re.compile(r"[ \u3000]*\([^()]*\)$")


def sniff(text: str) -> bool:
    """The title line ``マジック総合ルール(和訳 YYYYMMDD.N 版)`` among the first lines."""
    return ja_common.detect_format(text) == FORMAT


def title_match(text: str) -> re.Match[str] | None:
    """The title line's match (release, re-issue) among the first non-empty lines, or None.

    >>> title_match("========\\r\\nマジック総合ルール（和訳 20231117.0 版）\\r\\n").groups()
    ('20231117', '0')
    """
    head = [line for line in ja_common.normalize_newlines(text[:4000]).split("\n") if line.strip()][
        :TITLE_LINES
    ]
    return next((match for line in head if (match := TITLE_RE.search(line))), None)


def reissue_of(document: JaDocument) -> int:
    """The re-issue number of a translation (the N of ``20231117.N``): a later one replaces an earlier."""
    return int(dict(document.meta).get("reissue", "0"))


def split_headword(heading: str) -> tuple[str, str]:
    """A glossary headword's Japanese and English ("" for a part that is missing).

    >>> split_headword("次元コントローラー/Planar Controller"), split_headword("統率者")
    (('次元コントローラー', 'Planar Controller'), ('統率者', ''))
    >>> split_headword("コントロール、コントローラー／Control/Controller")
    ('コントロール、コントローラー', 'Control/Controller')
    """
    match = _HEADWORD_RE.match(heading.strip())
    return (match.group(1).strip(), match.group(2).strip()) if match else (heading.strip(), "")


def headword_key(english: str) -> str:
    """The English glossary headword as a key that both spellings share: the translation writes
    ``You/Your`` and ``Banding/"Bands with Other"`` where the English glossary has ``You, Your`` and
    ``Banding, “Bands with Other”``.

    The English glossary's note on an entry, "(Obsolete)", is no part of the headword.

    >>> headword_key("You/Your") == headword_key("You, Your"), headword_key('Banding/"Bands with Other"')
    (True, 'banding, bands with other')
    >>> headword_key("Remove/Removed") == headword_key("Remove, Removed (Obsolete)")
    True
    """
    text = _KEY_NOTE.sub("", _KEY_QUOTES.sub("", ja_common.nfkc(english)))
    return ", ".join(part for part in _KEY_SEPARATOR.split(text.strip().lower()) if part)


def glossary_anchor(english: str, japanese: str) -> str:
    """The glossary entry's anchor on the document page: from its English headword (stable across releases).

    >>> glossary_anchor("Planar Controller", "次元コントローラー")
    'g-planar-controller'
    """
    return "g-" + ja_common.heading_slug(english or japanese)


class _Reader:
    """Builds the sections line by line; what it cannot place becomes a warning."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.sections: list[DocSection] = []
        self.warnings: list[ParseWarning] = []
        self.seen: set[str] = set()
        self.first_line: dict[str, int] = {}  # each number's first line, for a number written twice
        # A later text of a number the file already has (505.4 of 20260116.0): kept aside for the linking,
        # which keeps whichever of them matches the English (judge.parsing.translation_choice).
        self.duplicates: list[DocSection] = []
        self.titles: dict[str, str] = {}  # chapter and section numbers -> their Japanese titles
        self.open: dict[str, object] | None = None  # the section being read: its fields

    def warn(self, line: int, problem: str) -> None:
        self.warnings.append(ParseWarning(self.source, line, problem))

    def close(self) -> None:
        if self.open is not None:
            fields = self.open
            (self.duplicates if fields.get("duplicate") else self.sections).append(
                DocSection(
                    anchor=str(fields["anchor"]),
                    heading=str(fields["heading"]),
                    text="\n".join(fields["text"]),  # type: ignore[arg-type]
                    line=int(fields["line"]),  # type: ignore[call-overload]
                    cr_number=fields["cr_number"],  # type: ignore[arg-type]
                    parent=fields["parent"],  # type: ignore[arg-type]
                    examples=tuple(fields["examples"]),  # type: ignore[arg-type]
                )
            )
        self.open = None

    def start(
        self,
        *,
        anchor: str,
        heading: str,
        text: str,
        line: int,
        cr_number: str | None = None,
        parent: str | None = None,
        duplicate: bool = False,
    ) -> None:
        self.close()
        self.open = {
            "duplicate": duplicate,
            "anchor": anchor,
            "heading": heading,
            "text": [text] if text else [],
            "line": line,
            "cr_number": cr_number,
            "parent": parent,
            "examples": [],
        }

    def rule(self, number: str, text: str, line: int) -> None:
        if number in self.seen:
            first = self.first_line[number]
            kept = "the text that matches the English is kept"
            self.warn(line, f"rule {number} appears twice (first at line {first}): {kept}")
            parent = self.open_parent(number)
            self.start(
                anchor=ja_common.cr_anchor(number),
                heading=self.titles.get(number.split(".")[0], "") if "." in number else text,
                text=text,
                line=line,
                cr_number=number,
                parent=ja_common.cr_anchor(parent) if parent else None,
                duplicate=True,
            )
            return
        parent = self.open_parent(number)
        if "." in number and parent is None:
            self.warn(line, f"rule {number} stands under no section: left out")
            self.close()
            return
        self.seen.add(number)
        self.first_line[number] = line
        if "." not in number:
            self.titles[number] = text
        heading = text if "." not in number else self.titles.get(number.split(".")[0], "")
        self.start(
            anchor=ja_common.cr_anchor(number),
            heading=heading,
            text=text,
            line=line,
            cr_number=number,
            parent=ja_common.cr_anchor(parent) if parent else None,
        )

    def open_parent(self, number: str) -> str | None:
        """The nearest enclosing number already read (a rule under a section the file lacks goes nowhere)."""
        parent = rule_numbers.parent(number)
        while parent is not None and parent not in self.seen:
            parent = rule_numbers.parent(parent)
        return parent

    def text(self, text: str, line: int) -> None:
        if self.open is None:
            self.warn(line, "text outside any rule: left out")
            return
        if match := _EXAMPLE_RE.match(text):
            self.open["examples"].append(match.group(1))  # type: ignore[attr-defined]
        elif self.open["examples"]:
            examples: list[str] = self.open["examples"]  # type: ignore[assignment]
            examples[-1] = f"{examples[-1]}\n{text}"
        else:
            self.open["text"].append(text)  # type: ignore[attr-defined]


def _contents(lines: list[str], start: int) -> tuple[list[tuple[str, str]], int]:
    """The table of contents after もくじ: (number, title) pairs, and the index of the body's first line.

    The contents end where a heading they list comes again (the body starts with it) or at the first
    line that is no heading.
    """
    entries: list[tuple[str, str]] = []
    seen: set[str] = set()
    index = start
    while index < len(lines):
        line = ja_common.nfkc(lines[index])
        if not line or _RULE_BOUNDARY.match(line):
            index += 1
            continue
        match = (
            _CHAPTER_RE.match(line)
            or _SECTION_RE.match(line)
            or re.match(r"^(10)\.[ \u3000]*(用語集)$", line)
        )
        if match is None or line in seen:
            break
        seen.add(line)
        entries.append((match.group(1), match.group(2).strip()))
        index += 1
    return entries, index


def _front_matter(lines: list[str], title_line: int) -> tuple[list[tuple[str, str]], int, int]:
    """The table of contents (if the file has one), where the preface ends and where the body begins."""
    contents_at = next(
        (i for i in range(title_line + 1, len(lines)) if _CONTENTS_RE.match(ja_common.nfkc(lines[i]))), None
    )
    contents: list[tuple[str, str]] = []
    if contents_at is not None:
        preface_end = contents_at
        contents, body = _contents(lines, contents_at + 1)
    else:
        body = next(
            (
                i
                for i in range(title_line + 1, len(lines))
                if _CHAPTER_RE.match(ja_common.nfkc(lines[i])) or _INTRO_RE.match(ja_common.nfkc(lines[i]))
            ),
            len(lines),
        )
        preface_end = body
    return contents, preface_end, body


def parse(text: str, *, source: str) -> JaDocument:
    """Parse a whole Japanese Comprehensive Rules file into a ``JaDocument`` (kind CR_TRANSLATION).

    Every chapter, section, rule and subrule is a section numbered as the file numbers it, with its
    ``例:`` examples; the preface, the introduction, each glossary entry and the credits are sections
    too. ``contents`` is the table of contents; ``warnings`` the lines left out.

    Raises ParseError when the text has no title line or no rule at all.
    """
    title = title_match(text)
    if title is None:
        raise ParseError("no title line 'マジック総合ルール(和訳 YYYYMMDD.N 版)'", source=source, line=1)
    release, reissue = title.group(1), title.group(2)
    lines = ja_common.normalize_newlines(text).split("\n")
    title_line = next(i for i, line in enumerate(lines) if TITLE_RE.search(line))
    reader = _Reader(source)

    contents, preface_end, body = _front_matter(lines, title_line)
    preface = [line.strip(" \u3000\t") for line in lines[title_line + 1 : preface_end]]
    preface = [line for line in preface if line and not _RULE_BOUNDARY.match(line)]
    if preface:
        reader.start(anchor=PREFACE, heading="まえがき", text="\n".join(preface), line=title_line + 2)

    part = "body"  # then "glossary", then "credits"
    glossary_at = 0
    glossary: list[DocSection] = []
    glossary_lines: list[tuple[int, str]] = []
    for index in range(body, len(lines)):
        raw = lines[index]
        # Read to know what the line is; the text is kept as the translator wrote it.
        line = ja_common.nfkc(raw)
        kept = raw.strip(" \u3000\t")
        number = index + 1
        if not line or _RULE_BOUNDARY.match(line):
            continue
        if part != "credits" and _CREDITS_RE.match(line):
            reader.close()
            part = "credits"
            reader.start(anchor=CREDITS, heading="クレジット", text="", line=number)
            continue
        if part == "credits":
            reader.text(kept, number)
            continue
        if part == "body" and _GLOSSARY_RE.match(line):
            reader.close()
            part, glossary_at = "glossary", number
            continue
        if part == "glossary":
            glossary_lines.append((number, raw))
            continue
        text = _NUMBER_PREFIX.sub("", kept, count=1)
        if _INTRO_RE.match(line):
            reader.start(anchor=INTRO, heading=text, text="", line=number)
        elif (match := _SUBRULE_RE.match(line) or _RULE_RE.match(line)) or (
            match := _SECTION_RE.match(line) or _CHAPTER_RE.match(line)
        ):
            reader.rule(match.group(1), text, number)
        elif _NUMBERED_RE.match(line):
            reader.warn(number, f"a rule number without text ({line[:20]}): left out")
            reader.close()
        else:
            reader.text(kept, number)
    reader.close()

    if glossary_lines:
        glossary = _glossary(glossary_lines, glossary_at, reader)
    sections = reader.sections
    if not any(s.cr_number and "." in s.cr_number for s in sections):
        raise ParseError("no rule found (numbered '100.1. …')", source=source, line=body + 1)
    if glossary:
        credits_at = next((i for i, s in enumerate(sections) if s.anchor == CREDITS), len(sections))
        head = DocSection(anchor=GLOSSARY, heading="用語集", text="用語集", line=glossary_at)
        sections[credits_at:credits_at] = [head, *glossary]
    document = JaDocument(
        source=source,
        slug=f"{SLUG_PREFIX}{release}",
        title_ja=f"{TITLE_JA}（{release}.{reissue}）",
        title_en=f"{TITLE_EN} ({release}.{reissue})",
        kind=DocKind.CR_TRANSLATION,
        sections=tuple(sections),
        translated_from=release,
        meta=(("version", f"{release}.{reissue}"), ("reissue", reissue)),
        contents=tuple(contents),
        warnings=tuple(reader.warnings),
        duplicates=tuple(reader.duplicates),
    )
    return ja_common.check_document(document)


def _glossary(lines: list[tuple[int, str]], start: int, reader: _Reader) -> list[DocSection]:
    """The glossary's entries: a headword line ``日本語/English``, then its definition's lines. When no
    headword can be read, none is kept and the glossary is reported as skipped (the rules stay)."""
    entries: list[DocSection] = []
    used: set[str] = set()
    heading, first = "", 0
    definition: list[str] = []

    def close() -> None:
        if heading:
            japanese, english = split_headword(heading)
            anchor = ja_common.unique_anchor(glossary_anchor(english, japanese), used, japanese)
            entries.append(
                DocSection(
                    anchor=anchor, heading=heading, text="\n".join(definition), line=first, parent=GLOSSARY
                )
            )

    stray = 0  # the first line before any headword
    for number, raw in lines:
        line = raw.strip(" \u3000\t")
        indented = raw[:1] in (" ", "\u3000", "\t")
        if not indented and _HEADWORD_RE.match(line):
            close()
            heading, first, definition = line, number, []
        elif heading:
            definition.append(line)
        elif line:
            stray = stray or number
    close()
    if not entries:
        reader.warn(start, "glossary skipped: no headword written '日本語/English' was found")
    elif stray:
        reader.warn(stray, "glossary text before the first headword: left out")
    return entries
