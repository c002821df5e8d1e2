"""Parse the blog excerpt of the Japanese Comprehensive Rules (corpus ``ja/001_*``).

The post quotes the rules about Brawl (103.3c, 800–802, 903) and adds the
blogger's notes::

    <intro chat>                      -> section "intro": what the post is and what it leaves out
    ――――――――――                        -> separator: the excerpt starts after it
    8. 多人数戦ルール                 -> section cr_number "8" (chapter)
    800. 総則                         -> section cr_number "800"
    800.4. <text>                     -> rule "800.4" ("903.9." form)
    800.4a <text>                     -> subrule "800.4a"
    例:<text>                         -> example of the rule above
    ⇒<text>                           -> note of the rule above (about Brawl)
    コメント / お気に入り日記の更新   -> blog footer: the excerpt ends

A rule's heading is the title of its CR section ("統率者戦" for 903.8), as
the English search titles are; its parent is the nearest enclosing rule
present in the excerpt. Spaces the page left between two Japanese words
("統率 領域", link boundaries) are removed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge.engine import rule_numbers
from judge.engine.rule_numbers import CHAPTER, RULE_OR_SUBRULE, SECTION
from judge.parsing import ja_common
from judge.parsing.records import DocKind, DocSection, JaDocument, ParseError

SLUG = "cr-excerpt-ja"
TITLE_JA = "総合ルール（抜粋・日本語）"
TITLE_EN = "Comprehensive Rules (excerpt, Japanese)"
INTRO_ANCHOR = "intro"

_SEPARATOR_RE = re.compile(r"^[―─━\-=＝ー~〜]{8,}$")
_CHAPTER_RE = re.compile(rf"^({CHAPTER})\.[ \u3000]+(\S.*)$")
_SECTION_RE = re.compile(rf"^({SECTION})\.[ \u3000]+(\S.*)$")
_RULE_RE = re.compile(rf"^({RULE_OR_SUBRULE})\.?[ \u3000]+(\S.*)$")
_EXAMPLE_RE = re.compile(r"^例[:：][ \u3000]*(.*)$")
_NOTE_RE = re.compile(r"^[⇒→][ \u3000]*(.*)$")


def sniff(text: str) -> bool:
    """ "903.8. ..." rule paragraphs, one per line (see ``ja_common.detect_format``)."""
    return ja_common.detect_format(text) == SLUG


@dataclass
class _Draft:
    number: str
    heading: str
    line: int
    paragraphs: list[str] = field(default_factory=list)
    examples: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def section(self, parent: str | None) -> DocSection:
        return DocSection(
            anchor=ja_common.cr_anchor(self.number),
            heading=self.heading,
            text="\n".join(self.paragraphs),
            line=self.line,
            cr_number=self.number,
            parent=parent,
            examples=tuple(self.examples),
            notes=tuple(self.notes),
        )


def _excerpt_start(lines: list[str]) -> int:
    """Index of the first line of the excerpt: after the separator, else at the first rule line."""
    for index, line in enumerate(lines):
        if _SEPARATOR_RE.match(line.strip()):
            return index + 1
    for index, line in enumerate(lines):
        stripped = line.strip()
        if _CHAPTER_RE.match(stripped) or _SECTION_RE.match(stripped) or _RULE_RE.match(stripped):
            return index
    return len(lines)


def parse(text: str, *, source: str) -> JaDocument:
    """Parse the excerpt into a ``JaDocument`` (kind CR_TRANSLATION), one section per rule.

    >>> doc = parse("前置き\\n――――――――――\\n903. 統率者戦\\n903.8. 統率 領域から唱える。\\n"
    ...             "⇒ブロールも同じ\\n903.8a 細則。\\n例:見本。\\nコメント\\n", source="s.txt")
    >>> [(s.cr_number, s.parent, s.heading, s.text, s.examples, s.notes) for s in doc.sections]
    ... # doctest: +NORMALIZE_WHITESPACE
    [(None, None, '', '前置き', (), ()), ('903', None, '統率者戦', '統率者戦', (), ()),
     ('903.8', 'r903', '統率者戦', '統率領域から唱える。', (), ('ブロールも同じ',)),
     ('903.8a', 'r903-8', '統率者戦', '細則。', ('見本。',), ())]
    """
    all_lines = ja_common.normalize_newlines(text).split("\n")
    start = _excerpt_start(all_lines)
    body = ja_common.cut_trailing_chrome(all_lines[start:])
    intro = _intro(all_lines[:start])
    drafts: list[_Draft] = []
    seen: set[str] = set()
    titles: dict[str, str] = {}  # CR section / chapter number -> its title

    for offset, raw in enumerate(body):
        line_no = start + offset + 1
        stripped = ja_common.close_cjk_gaps(raw.strip())
        if not stripped or ja_common.is_chrome_line(stripped) or _SEPARATOR_RE.match(stripped):
            continue
        number: str | None = None
        heading = ""
        content = ""
        if match := _RULE_RE.match(stripped):
            number, content = match.group(1), match.group(2)
            heading = titles.get(number.split(".")[0], "")
        elif match := _SECTION_RE.match(stripped) or _CHAPTER_RE.match(stripped):
            number, heading = match.group(1), match.group(2)
            content = heading
            titles[number] = heading
        if number is not None:
            if number in seen:
                raise ParseError(f"rule {number} appears twice", source=source, line=line_no)
            seen.add(number)
            drafts.append(_Draft(number=number, heading=heading, line=line_no, paragraphs=[content]))
            continue
        if not drafts:
            raise ParseError("text before the first rule of the excerpt", source=source, line=line_no)
        current = drafts[-1]
        if match := _EXAMPLE_RE.match(stripped):
            current.examples.append(match.group(1))
        elif match := _NOTE_RE.match(stripped):
            current.notes.append(match.group(1))
        elif current.examples:
            current.examples[-1] += "\n" + stripped  # a second paragraph of the example
        else:
            current.paragraphs.append(stripped)

    if not any("." in draft.number for draft in drafts):
        raise ParseError("no Comprehensive Rules paragraphs found", source=source, line=1)
    sections = []
    for draft in drafts:
        parent = rule_numbers.parent(draft.number)
        while parent is not None and parent not in seen:
            parent = rule_numbers.parent(parent)
        sections.append(draft.section(ja_common.cr_anchor(parent) if parent else None))
    document = JaDocument(
        source=source,
        slug=SLUG,
        title_ja=TITLE_JA,
        title_en=TITLE_EN,
        kind=DocKind.CR_TRANSLATION,
        sections=(*intro, *sections),
    )
    return ja_common.check_document(document)


def _intro(lines: list[str]) -> tuple[DocSection, ...]:
    """The post's own words before the excerpt: it says what the excerpt leaves out, which a reader needs."""
    kept = [
        (index + 1, line.strip())
        for index, line in enumerate(lines)
        if line.strip() and not ja_common.is_chrome_line(line) and not _SEPARATOR_RE.match(line.strip())
    ]
    if not kept:
        return ()
    text = "\n".join(ja_common.close_cjk_gaps(line) for _, line in kept)
    return (DocSection(anchor=INTRO_ANCHOR, heading="", text=text, line=kept[0][0]),)
