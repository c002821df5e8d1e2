"""Parse the Japanese translation of the official Commander format rules (corpus ``ja/000_*``).

Layout of the file (a web page copied as text)::

    <title line>                    -> meta "heading" (the document is titled TITLE_JA / TITLE_EN)
    最終更新:2021年9月13日          -> date "2021-09-13" (date_label "updated")
    原文:https://...                -> meta "original" (the page names no translator: no credit)
    <intro paragraphs>              -> section "intro"
        基本原則                    -> un-numbered heading (indented, short, no sentence punctuation)
        <paragraph>
        デッキ構築ルール
      1. <rule sentence>            -> section number "1", anchor "rule-1"
        詳細:                       -> following paragraphs / "•" bullets ("- " items) go to ``details``
        例:                         -> following paragraphs go to ``examples``
    ...
    ←戻る                           -> chrome, dropped

A numbered rule's heading and text are its rule sentence (the page gives no
short titles); paragraphs after it that are neither 詳細 nor 例 extend the
text. A numbered rule's parent is the un-numbered heading above it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge.parsing import ja_common
from judge.parsing.records import DocKind, DocSection, JaDocument, ParseError

SLUG = "commander-rules"
TITLE_JA = "統率者戦 公式ルール"
TITLE_EN = "Commander format rules (Japanese translation)"

# ASCII anchors for the page's known un-numbered headings; others get a heading slug.
KNOWN_HEADINGS = {
    "基本原則": "philosophy",
    "デッキ構築ルール": "deck-construction",
    "ゲームルール": "game-rules",
    "禁止リスト": "banned-list",
}

_RULE_RE = re.compile(r"^(\d{1,2})\.[ \u3000]+(\S.*)$")
_DETAILS_RE = re.compile(r"^詳細[:：]\s*(.*)$")
_EXAMPLE_RE = re.compile(r"^例[:：]\s*(.*)$")
_BULLET_RE = re.compile(r"^[•・●◦▪■\-][ \u3000]*")  # not a heading
_UPDATED_RE = re.compile(r"^最終更新[:：]\s*(\d{4})年(\d{1,2})月(\d{1,2})日")
_ORIGINAL_RE = re.compile(r"^原文[:：]\s*(\S+)")


def sniff(text: str) -> bool:
    """Numbered "1. ..." rules with "詳細:" parts (see ``ja_common.detect_format``)."""
    return ja_common.detect_format(text) == SLUG


@dataclass
class _Draft:
    anchor: str
    heading: str
    line: int
    number: str | None = None
    parent: str | None = None
    paragraphs: list[str] = field(default_factory=list)
    details: list[str] = field(default_factory=list)
    examples: list[str] = field(default_factory=list)
    mode: str = "text"  # where the next paragraph goes: "text", "details" or "examples"

    def add(self, paragraph: str) -> None:
        target = {"text": self.paragraphs, "details": self.details, "examples": self.examples}[self.mode]
        target.append(paragraph)

    def section(self) -> DocSection:
        return DocSection(
            anchor=self.anchor,
            heading=self.heading,
            text="\n".join(self.paragraphs),
            line=self.line,
            number=self.number,
            parent=self.parent,
            details=tuple(self.details),
            examples=tuple(self.examples),
        )


def _is_heading(line: str) -> bool:
    """An un-numbered heading: indented, short, and not a sentence, a bullet or a marker."""
    if not line.startswith((" ", "\u3000")):
        return False
    stripped = ja_common.nfkc(line)
    if not stripped or len(stripped) > 20 or _BULLET_RE.match(stripped):
        return False
    if _DETAILS_RE.match(stripped) or _EXAMPLE_RE.match(stripped):
        return False
    return not re.search(r"[。、,.:!?》「」()]", stripped)


def parse(text: str, *, source: str) -> JaDocument:
    """Parse the Commander rules page into a ``JaDocument`` (kind FORMAT_RULES).

    >>> doc = parse("ルール\\n    ゲームルール\\n  1. 一つ目。\\n    詳細:\\n    • 伝説のみ。\\n"
    ...             "  2. 二つ目。\\n  3. 三つ目。\\n    例:\\n    見本。\\n", source="s.txt")
    >>> [(s.anchor, s.parent, s.details, s.examples) for s in doc.sections[1:]]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('rule-1', 'game-rules', ('- 伝説のみ。',), ()), ('rule-2', 'game-rules', (), ()),
     ('rule-3', 'game-rules', (), ('見本。',))]
    """
    lines = ja_common.cut_trailing_chrome(ja_common.normalize_newlines(text).split("\n"))
    title = ""
    date = ""
    meta: list[tuple[str, str]] = []
    drafts: list[_Draft] = []
    used: set[str] = set()
    heading_anchor: str | None = None  # the un-numbered heading numbered rules sit under
    numbers: set[str] = set()

    for index, raw in enumerate(lines):
        line_no = index + 1
        if not raw.strip() or ja_common.is_chrome_line(raw):
            continue
        stripped = ja_common.nfkc(raw)
        if not title:
            title = raw.strip()
            meta.append(("heading", title))
            continue
        if match := _UPDATED_RE.match(stripped):
            year, month, day = (int(part) for part in match.groups())
            date = f"{year:04d}-{month:02d}-{day:02d}"
            continue
        if match := _ORIGINAL_RE.match(stripped):
            meta.append(("original", match.group(1)))
            continue
        if match := _RULE_RE.match(raw.strip()):
            number, sentence = match.group(1), match.group(2).strip()
            if number in numbers:
                raise ParseError(f"rule {number} appears twice", source=source, line=line_no)
            numbers.add(number)
            anchor = ja_common.unique_anchor(f"rule-{number}", used, sentence)
            # A title-like item ("11. 禁止リスト") is only a heading; a rule sentence is also the text.
            titled = len(sentence) <= 20 and "。" not in sentence
            drafts.append(
                _Draft(
                    anchor=anchor,
                    heading=sentence,
                    line=line_no,
                    number=number,
                    parent=heading_anchor,
                    paragraphs=[] if titled else [sentence],
                )
            )
            continue
        if _is_heading(raw):
            heading = raw.strip()
            base = KNOWN_HEADINGS.get(stripped) or ja_common.heading_slug(heading)
            anchor = ja_common.unique_anchor(base, used, heading_anchor or "")
            drafts.append(_Draft(anchor=anchor, heading=heading, line=line_no))
            heading_anchor = anchor
            continue
        if not drafts:
            # Intro paragraphs before the first heading.
            intro = ja_common.unique_anchor("intro", used, "")
            drafts.append(_Draft(anchor=intro, heading=title, line=line_no))
        current = drafts[-1]
        if match := _DETAILS_RE.match(stripped):
            current.mode = "details"
            if match.group(1):
                current.add(match.group(1))
            continue
        if match := _EXAMPLE_RE.match(stripped):
            current.mode = "examples"
            if match.group(1):
                current.add(match.group(1))
            continue
        current.add(ja_common.list_item(raw) or raw.strip())

    if not numbers:
        raise ParseError('no numbered rules ("1. ...") found', source=source, line=1)
    document = JaDocument(
        source=source,
        slug=SLUG,
        title_ja=TITLE_JA,
        title_en=TITLE_EN,
        kind=DocKind.FORMAT_RULES,
        sections=tuple(draft.section() for draft in drafts),
        meta=tuple(meta),
        date=date,
        date_label="updated" if date else "",
    )
    return ja_common.check_document(document)
