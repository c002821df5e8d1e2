"""Parse a PukiWiki page's source (the "ソース" view of a Duel Masters Wiki page, dmwiki.net) into its
headings, list items, table rows and the card pages they link.

The project reads one such page as published data: 「ゲーム開始時にバトルゾーンに存在出来るカード」, the
wiki's list of the cards the official rules (100.5) define as able to start the game in the battle zone
without naming them (``rules_data/dm_battle_zone_start.tsv`` is checked against it). Layout of a page
source::

    #author("2022-07-03T00:35:18+09:00","","")   -> revision: the page's last edit (one #author line)
    *《&ruby(よみ){名前};》 [#anchor]             -> heading, level 1..3 (the first one is the title)
    -item / --nested item / +numbered item       -> list item, level 1..3
    ----                                         -> horizontal rule
    |cell|cell|  (optionally ending |c |h |f)    -> table row
    //comment, #plugin(...)                      -> skipped
    anything else                                -> text

Links, on any line: ``[[page]]``, ``[[label>page]]``, ``[[page#anchor]]``; a link to a page named
``《…》`` is a card's page (the wiki names each card page 《card name》). ``&ruby(reading){base};`` gives
a word's reading; the plain text keeps the base.

>>> page = parse('#author("2022-07-03T00:35:18+09:00","","")\\n*一覧 [#a1]\\n'
...              '-[[《禁断〜封印されしX〜》]]\\n-[[《Forbidden New Year》]]\\n', source="page.txt")
>>> page.revision, page.title, [item.cards for item in first_list(page)]
('2022-07-03T00:35:18+09:00', '一覧', [('禁断〜封印されしX〜',), ('Forbidden New Year',)])
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from judge.parsing.records import ParseError

#: Bounds on what is read: a wiki page source is a few tens of kilobytes.
MAX_BYTES = 2_000_000
MAX_LINES = 50_000
MAX_LINK_CHARS = 300

_AUTHOR_RE = re.compile(r'^#author\("(?P<date>[^"]*)"')
_DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:[+-]\d{2}:\d{2}|Z)$")
_HEADING_RE = re.compile(r"^(\*{1,3})(?!\*)(.*?)\s*(?:\[#[A-Za-z0-9_-]*\])?\s*$")
_ITEM_RE = re.compile(r"^(-{1,3}|\+{1,3})(?![-+])(.*)$")
_RULE_RE = re.compile(r"^-{4,}\s*$")
_TABLE_RE = re.compile(r"^\|(.*)\|[cChHfF]?\s*$")
_LINK_RE = re.compile(r"\[\[(.*?)\]\]")
_RUBY_RE = re.compile(r"&ruby\(([^)]*)\)\{([^}]*)\};")
_INLINE_RE = re.compile(r"&[A-Za-z]+;|''+|%%")


class LineKind(enum.Enum):
    HEADING = "heading"
    ITEM = "item"
    TABLE = "table"
    TEXT = "text"


@dataclass(frozen=True)
class WikiLink:
    """One ``[[...]]`` link: the page it points to (without ``#anchor``) and its label."""

    page: str
    label: str

    @property
    def card(self) -> str | None:
        """The card name when the link is to a card's page (``《name》``), else None."""
        if len(self.page) > 2 and self.page.startswith("《") and self.page.endswith("》"):
            return self.page[1:-1].strip()
        return None


@dataclass(frozen=True)
class Line:
    """One line of the page that says something: a heading, list item, table row or text."""

    number: int
    kind: LineKind
    level: int  # heading or list depth (1..3); 0 for a table row or text
    text: str  # the content without its markers, links and ruby written out as their plain text
    links: tuple[WikiLink, ...]

    @property
    def cards(self) -> tuple[str, ...]:
        """The cards whose pages the line links, in order, each once."""
        return tuple(dict.fromkeys(link.card for link in self.links if link.card))


@dataclass(frozen=True)
class WikiPage:
    source: str
    revision: str  # the #author date, ISO 8601 with its offset, e.g. 2022-07-03T00:35:18+09:00
    title: str  # the first heading's plain text
    title_reading: str  # the first heading with each &ruby word read, e.g. めつぼうのきげん ゼロム
    lines: tuple[Line, ...]

    @property
    def revision_date(self) -> str:
        """The revision's calendar date as the wiki shows it (its own offset): ``2022-07-03``."""
        return self.revision[:10]


def plain(text: str) -> tuple[str, str]:
    """The text as shown (links by their label, ruby by its base) and as read (ruby by its reading).

    >>> plain("&ruby(めつぼう){滅亡};の[[起源>《起源》]]")
    ('滅亡の起源', 'めつぼうの起源')
    """

    def label(match: re.Match[str]) -> str:
        body = match.group(1)
        return body.rpartition(">")[0] if ">" in body else (body.partition("#")[0] or body)

    text = _LINK_RE.sub(label, text)
    shown = _INLINE_RE.sub("", _RUBY_RE.sub(lambda m: m.group(2), text))
    read = _INLINE_RE.sub("", _RUBY_RE.sub(lambda m: m.group(1), text))
    return shown.strip(), read.strip()


def _links(text: str, *, source: str, number: int) -> tuple[WikiLink, ...]:
    found: list[WikiLink] = []
    for match in _LINK_RE.finditer(text):
        body = match.group(1)
        if "[[" in body:
            raise ParseError("a link inside a link ([[ before ]])", source=source, line=number)
        if len(body) > MAX_LINK_CHARS:
            raise ParseError(f"a link longer than {MAX_LINK_CHARS} characters", source=source, line=number)
        label, arrow, page = body.rpartition(">")
        if not arrow:
            label, page = "", body
        page = page.partition("#")[0].strip()
        if not page:
            if body.strip().startswith("#"):
                continue  # [[#anchor]]: a link within the page
            raise ParseError("a link names no page", source=source, line=number)
        if page.startswith("《") and not page[1:-1].strip():
            raise ParseError("a card link names no card (《》)", source=source, line=number)
        found.append(WikiLink(page=page, label=plain(label)[0] if label else page))
    rest = _LINK_RE.sub("", text)
    if "[[" in rest or "]]" in rest:
        raise ParseError("a link is not closed on its line ([[ without ]])", source=source, line=number)
    return tuple(found)


def _read_line(raw: str, *, source: str, number: int) -> Line | None:
    if not raw.strip() or raw.startswith(("//", "#")) or _RULE_RE.match(raw):
        return None
    match = _HEADING_RE.match(raw)
    if match:
        kind, level, body = LineKind.HEADING, len(match.group(1)), match.group(2)
    elif match := _ITEM_RE.match(raw):
        kind, level, body = LineKind.ITEM, len(match.group(1)), match.group(2)
    elif match := _TABLE_RE.match(raw):
        kind, level, body = LineKind.TABLE, 0, match.group(1)
    else:
        kind, level, body = LineKind.TEXT, 0, raw
    links = _links(body, source=source, number=number)
    return Line(number=number, kind=kind, level=level, text=plain(body)[0], links=links)


def parse(text: str, *, source: str) -> WikiPage:
    """Read a PukiWiki page source: its revision (one ``#author`` line), title and lines.

    Refused, naming the file and line: more than ``MAX_BYTES`` or ``MAX_LINES``, no ``#author`` line or
    more than one (a diff view, not a page source), a date that is not ISO 8601, no heading, a link not
    closed on its line or naming no page.

    >>> parse("*見出し\\n-[[《カード》\\n", source="bad.txt")
    Traceback (most recent call last):
    ...
    judge.parsing.records.ParseError: bad.txt: no #author line: not a PukiWiki page source
    """
    if len(text.encode("utf-8", errors="replace")) > MAX_BYTES:
        raise ParseError(f"more than {MAX_BYTES} bytes: not one wiki page", source=source)
    raw_lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if len(raw_lines) > MAX_LINES:
        raise ParseError(f"more than {MAX_LINES} lines: not one wiki page", source=source)
    authors = [(n, m) for n, line in enumerate(raw_lines, 1) if (m := _AUTHOR_RE.match(line))]
    if not authors:
        raise ParseError("no #author line: not a PukiWiki page source", source=source)
    if len(authors) > 1:
        raise ParseError(
            "more than one #author line: a diff of two revisions, not one page source",
            source=source,
            line=authors[1][0],
        )
    number, author = authors[0]
    revision = author.group("date")
    if not _DATE_RE.match(revision):
        raise ParseError(f"the #author date {revision[:40]!r} is not ISO 8601", source=source, line=number)
    lines = tuple(
        line
        for n, raw in enumerate(raw_lines, 1)
        if (line := _read_line(raw.rstrip(), source=source, number=n)) is not None
    )
    heading = next((line for line in lines if line.kind is LineKind.HEADING), None)
    if heading is None:
        raise ParseError("no heading (*title): not a wiki page", source=source)
    body = _HEADING_RE.match(raw_lines[heading.number - 1].rstrip())
    title_reading = plain(body.group(2))[1] if body else heading.text
    return WikiPage(
        source=source,
        revision=revision,
        title=heading.text.strip("《》"),
        title_reading=title_reading.strip("《》"),
        lines=lines,
    )


def first_list(page: WikiPage) -> tuple[Line, ...]:
    """The top-level items of the page's first list (consecutive list lines; nested items are skipped).

    >>> page = parse('#author("2024-01-01T00:00:00+09:00")\\n*題\\n本文\\n-一\\n--一の下\\n-二\\n'
    ...              '本文\\n-別\\n', source="p.txt")
    >>> [item.text for item in first_list(page)]
    ['一', '二']
    """
    items: list[Line] = []
    for line in page.lines:
        if line.kind is LineKind.ITEM:
            if line.level == 1:
                items.append(line)
        elif items:
            break
    return tuple(items)


def cards_linked(lines: tuple[Line, ...]) -> tuple[str, ...]:
    """Every card whose page the lines link, in order, each once.

    >>> page = parse('#author("2024-01-01T00:00:00+09:00")\\n*題\\n|[[《甲》]]|[[乙>《乙》]]|\\n'
    ...              '[[《甲》]]と[[用語]]\\n', source="p.txt")
    >>> cards_linked(page.lines)
    ('甲', '乙')
    """
    return tuple(dict.fromkeys(card for line in lines for card in line.cards))
