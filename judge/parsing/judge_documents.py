"""The judge's documents as Wizards publishes them (Magic Tournament Rules, Infraction Procedure Guide,
Judging at Regular REL): the text extracted from each page of the PDF in, the document's sections out.

Pure: the pages' text is extracted elsewhere (``judge.rules.judge_docs.extract``, with pypdf); this module
only reads text. What it reads:

- the kind of document from its title, and the effective (or "updated") date printed on its first page;
- the table of contents (lines ending in dot leaders and a page number), which names every section in
  order: a section's heading in the body is found by its number and title, so a numbered list inside a
  section ("1. Match points") is never taken for a heading, and a title wrapped over two lines (in the
  contents or in the body) is joined. A document without contents: numbered headings in increasing order;
- page headers and footers (a line repeated at the top or bottom of most pages, page numbers) removed;
- the IPG's parts of an infraction: its penalty printed after the title, then Definition, Examples,
  Philosophy, Additional Remedy and the "Upgrade:" paragraph;
- paragraphs rebuilt from the PDF's lines (a blank line, a bullet, a list item or a short last line ends
  one);
- an official Japanese edition (``lang`` "ja") the same way: its Japanese title, its date
  「2026年2月27日発効」, the IPG's parts 「定義」「例」「理念」「追加処置」「格上げ：」 and
  penalties read as the English ones (judge.parsing.judge_documents_ja), its lines joined without spaces.

A document with no date, an unknown title or no section is refused (:class:`ParseError`).
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from judge.parsing import judge_documents_ja as ja
from judge.parsing.judge_document_lines import (
    DATE,
    MONTHS,
    SPACES,
    Start,
    headed,
    normalize,
    numbered_headings,
    paragraphs_of,
    split_heading,
    tidy,
)
from judge.parsing.records import ParseError

#: Document kind -> words of its title (upper case, as printed on the first page).
KINDS = {
    "mtr": "TOURNAMENT RULES",
    "ipg": "INFRACTION PROCEDURE GUIDE",
    "jar": "JUDGING AT REGULAR",
}
#: The IPG's parts of an infraction, in the order it prints them.
PART_HEADINGS = ("Definition", "Examples", "Philosophy", "Additional Remedy")
UPGRADE = "Upgrade"
PENALTIES = ("No Penalty", "Warning", "Game Loss", "Match Loss", "Disqualification")
# A contents line: its title, dot leaders, the page number ("4.4 Loops .......24"); MTR's "Byes 52".
# A Japanese one's leaders: "…", "・", "．".
_LEADER = re.compile(r"^(?P<title>.*?\S)\s*(?:(?:[.．・·]\s*){3,}|(?:[…‥]\s*){2,})\s*(?P<page>\d+)\s*$")
_BARE_PAGE = re.compile(r"^(?P<title>[A-Za-z][^.]*?\S)\s+(?P<page>\d{1,3})\s*$")
# A section key in a URL: "4.4", "2", "A" (an appendix) or a word ("introduction").
SECTION_KEY = r"(?:\d{1,2}(?:\.\d{1,2})*|[A-Z]|[a-z][a-z0-9-]{0,60})"


@dataclass(frozen=True)
class SectionPart:
    """A named part of a section (the IPG's "Definition", "Philosophy"...); ``heading`` "" for the text
    before the first named part. ``paragraphs``: the text, one paragraph each. ``printed``: the heading as a
    Japanese edition prints it ("定義"; "" when it is the English ``heading``)."""

    heading: str
    paragraphs: tuple[str, ...]
    printed: str = ""


@dataclass(frozen=True)
class JudgeSection:
    """A section: ``key`` its place in the URL ("4.4", "2", "A", "introduction"), ``number`` as printed
    ("4.4", "" for an unnumbered one, "A" for an appendix), ``title`` without the number, ``penalty`` the
    IPG's penalty for the infraction ("" elsewhere), ``page`` where its heading is printed."""

    key: str
    number: str
    title: str
    parts: tuple[SectionPart, ...]
    page: int
    penalty: str = ""

    @property
    def text(self) -> str:
        """The whole text: parts' headings and paragraphs, one per line."""
        lines: list[str] = []
        for part in self.parts:
            if part.heading and part.heading != UPGRADE:
                lines.append(part.printed or part.heading)
            lines.extend(part.paragraphs)
        return "\n".join(lines)

    @property
    def depth(self) -> int:
        """0 for a chapter ("4", "A", "introduction"), 1 for "4.4"."""
        return self.number.count(".")


@dataclass(frozen=True)
class JudgeDocument:
    """One edition of a judge's document: ``kind`` ("mtr", "ipg", "jar"), its title, its effective date,
    its sections in order, the contents it printed (number, title), the address it names for itself and
    its language ("en", or "ja" for an official Japanese edition)."""

    kind: str
    title: str
    effective: dt.date
    sections: tuple[JudgeSection, ...]
    contents: tuple[tuple[str, str], ...] = ()
    address: str = ""
    warnings: tuple[str, ...] = field(default=())
    lang: str = "en"

    def section(self, key: str) -> JudgeSection | None:
        return next((s for s in self.sections if s.key == key), None)


def section_key(number: str, title: str) -> str:
    """The section's place in its URL: its number, else its title as a word ("introduction").

    >>> section_key("4.4", "Loops"), section_key("", "Framework of this Document")
    ('4.4', 'framework-of-this-document')
    >>> section_key("", "はじめに"), section_key("", "重大な問題")  # a Japanese edition's; "" for no word
    ('introduction', '')
    """
    if number:
        return number
    if key := ja.UNNUMBERED_JA.get(ja.squash(title)):
        return key
    slug = re.sub(r"[^a-z0-9]+", "-", normalize(title)).strip("-")
    if len(slug) > 60:  # a long heading (the JAR's situations): its first whole words
        slug = slug[:61].rsplit("-", 1)[0]
    return slug


def parse_judge_document(pages: Sequence[str], *, source: str) -> JudgeDocument:
    """A judge's document from the text of its pages (one string per page, in order).

    >>> page1 = "MAGIC TOURNAMENT RULES\\nEffective April 21, 2025\\n4. Communication ....2\\n4.4 Loops ....2"
    >>> page2 = "4. Communication\\nTalk.\\n4.4 Loops\\nA loop is a shortcut (see rule 732.1)."
    >>> doc = parse_judge_document([page1, page2], source="mtr.pdf")
    >>> doc.kind, doc.effective.isoformat(), [(s.key, s.title) for s in doc.sections]
    ('mtr', '2025-04-21', [('4', 'Communication'), ('4.4', 'Loops')])
    >>> doc.section("4.4").parts[0].paragraphs
    ('A loop is a shortcut (see rule 732.1).',)
    """
    if not pages or not any(p.strip() for p in pages):
        raise ParseError("no text: the PDF holds no extractable text", source=source)
    lines = strip_page_furniture([p.splitlines() for p in pages])
    # The title and the date as printed on the first pages, a running header aside.
    first = "\n".join(line for page, line in lines if page <= 2)
    # A running header may be the title itself: then it is read from the raw first page.
    kind, title, lang = _kind(first, "\n".join(pages[:1]), source=source)
    effective = _effective(first, source=source)
    contents, body = split_contents(lines)
    warnings: list[str] = []
    sections = _sections(body, contents, warnings)
    if not sections:
        raise ParseError(
            "no section found: no contents, no numbered heading and no heading between paragraphs",
            source=source,
        )
    address = next((m.group(0).rstrip(".") for m in re.finditer(r"https?://\S+", "\n".join(pages))), "")
    return JudgeDocument(
        kind=kind,
        title=title,
        effective=effective,
        sections=tuple(sections),
        contents=tuple(contents),
        address=address,
        warnings=tuple(warnings),
        lang=lang,
    )


def _kind(first: str, raw: str, *, source: str) -> tuple[str, str, str]:
    """(kind, title, language) of the document named first on its first page as printed (``raw``: the IPG's
    introduction names the MTR after its own title), its title the line of the text (``first``: the first
    pages without running headers) that names it, else the header's; a Japanese title makes it a Japanese
    edition (which may print the English title too)."""
    text = f"{raw}\n{first}"
    lines = [*first.splitlines(), *raw.splitlines()]
    if found := ja.japanese_kind(text):
        kind = found[1]
        words = next(w for w in ja.KINDS_JA[kind] if w in ja.squash(text))
        title_line = next((line for line in lines if words in ja.squash(line)), words)
        return kind, tidy(title_line), "ja"
    head = unicodedata.normalize("NFKC", text).upper()
    named = sorted((head.find(words), kind, words) for kind, words in KINDS.items() if words in head)
    for _, kind, words in named:
        title_line = next(
            (line for line in lines if words in unicodedata.normalize("NFKC", line).upper()),
            words,
        )
        return kind, tidy(title_line), "en"
    raise ParseError(
        "unknown document: its first page names neither the Tournament Rules, the Infraction Procedure "
        "Guide nor Judging at Regular REL (nor, in Japanese, マジック・イベント規定, マジック違反処置指針 or "
        "一般レベル・ジャッジの手引き)",
        source=source,
        line=1,
    )


def _effective(text: str, *, source: str) -> dt.date:
    m = DATE.search(text)
    try:
        if m is None or m.group("month").capitalize() not in MONTHS:
            found = ja.japanese_date(text)
            if found is None:
                raise ParseError("no effective date on the first page", source=source, line=1)
            return found
        return dt.date(int(m.group("year")), MONTHS[m.group("month").capitalize()], int(m.group("day")))
    except ValueError as err:
        raise ParseError(f"effective date: {err}", source=source, line=1) from err


def _furniture_key(line: str) -> str:
    return re.sub(r"\d+", "#", SPACES.sub(" ", line).strip().casefold())


def strip_page_furniture(pages: Sequence[Sequence[str]]) -> list[tuple[int, str]]:
    """Every line of the document with its page number (from 1), without page headers and footers: a
    bare page number, or a line printed at the top or bottom of at least half the pages (digits aside).

    >>> pages = [["MTR", "1", "Intro", "Page 1 of 2"], ["MTR", "2", "More", "Page 2 of 2"]]
    >>> strip_page_furniture(pages)
    [(1, 'Intro'), (2, 'More')]
    """
    trimmed = [[line.rstrip() for line in page] for page in pages]
    edges: Counter[str] = Counter()
    for page in trimmed:
        filled = [line for line in page if line.strip()]
        edges.update({_furniture_key(line) for line in filled[:2] + filled[-2:]})
    repeated = {key for key, n in edges.items() if len(pages) >= 2 and n >= max(2, len(pages) / 2)}

    def furniture(line: str) -> bool:
        return _furniture_key(line) in repeated or line.strip().isdigit()

    out: list[tuple[int, str]] = []
    for number, page in enumerate(trimmed, start=1):
        rows = [i for i, line in enumerate(page) if line.strip()]
        dropped: set[int] = set()
        # Peel at most two lines from each edge (a header and a page number), stopping at the text.
        for edge in (rows[:2], rows[::-1][:2]):
            for i in edge:
                if not furniture(page[i]):
                    break
                dropped.add(i)
        out.extend((number, line) for i, line in enumerate(page) if i not in dropped)
    return out


def split_contents(lines: Sequence[tuple[int, str]]) -> tuple[list[tuple[str, str]], list[tuple[int, str]]]:
    """(the contents as (number, title) pairs, the other lines). A contents entry wrapped over two lines is
    joined; an unnumbered entry after the first numbered one (a sub-heading of an appendix) is not a
    section; the "Contents" heading goes with its entries."""
    leader_rows = [i for i, (_, line) in enumerate(lines) if _LEADER.match(line.strip())]
    if not leader_rows:
        return [], list(lines)
    start, end = leader_rows[0], leader_rows[-1]
    entries: list[tuple[str, str]] = []
    pending = ""
    for _, raw in lines[start : end + 1]:
        line = raw.strip()
        if not line:
            continue
        m = _LEADER.match(line) or _BARE_PAGE.match(line)
        if m is None:
            pending = ja.join_lines([pending, line])  # a title wrapped onto the next line
            continue
        entries.append(split_heading(ja.join_lines([pending, m.group("title")])))
        pending = ""
    first_numbered = next((i for i, (number, _) in enumerate(entries) if number), len(entries))
    entries = [e for i, e in enumerate(entries) if e[0] or i < first_numbered]
    before = list(lines[:start])
    while before and (
        not before[-1][1].strip() or normalize(before[-1][1]) in ("contents", "table of contents")
    ):
        before.pop()
    return entries, before + list(lines[end + 1 :])


def _heading_text(number: str, title: str) -> str:
    return normalize(f"{number} {title}" if number else title)


def _line_heading(line: str) -> str:
    number, title = split_heading(line)
    return _heading_text(number, title)


def _sections(
    body: Sequence[tuple[int, str]], contents: Sequence[tuple[str, str]], warnings: list[str]
) -> list[JudgeSection]:
    width = max((len(line.rstrip()) for _, line in body), default=80)
    if contents:
        starts = _find_headings(body, contents, warnings)
    else:
        starts = numbered_headings(body) or headed(body, width)
    sections: list[JudgeSection] = []
    for n, (row, used, number, title, penalty) in enumerate(starts):
        stop = starts[n + 1][0] if n + 1 < len(starts) else len(body)
        text_lines = [line for _, line in body[row + used : stop]]
        sections.append(
            JudgeSection(
                # A title with no Latin word (a Japanese edition's): its place, until the ingest gives it
                # the English edition's key (judge.rules.judgedocs.ingest.aligned_keys).
                key=section_key(number, title) or f"section-{n + 1}",
                number=number,
                title=title,
                parts=_parts(text_lines, width),
                page=body[row][0],
                penalty=penalty,
            )
        )
    keys = Counter(s.key for s in sections)
    if doubles := sorted(k for k, n in keys.items() if n > 1):
        warnings.append(f"sections printed twice: {', '.join(doubles)}")
        seen: set[str] = set()
        sections = [s for s in sections if not (s.key in seen or seen.add(s.key))]  # type: ignore[func-returns-value]
    return sections


def _find_headings(
    body: Sequence[tuple[int, str]], contents: Sequence[tuple[str, str]], warnings: list[str]
) -> list[Start]:
    """Each contents entry's heading in the body, in order: a line that begins with the entry's number and
    title (wrapped titles: with the next line or two); what follows the title on the line is the IPG's
    penalty."""
    starts: list[Start] = []
    row = 0
    for number, title in contents:
        wanted = _heading_text(number, title)
        found = None
        for i in range(row, len(body)):
            if not body[i][1].strip():
                continue
            joined = ""
            for used in (1, 2, 3):
                if i + used > len(body):
                    break
                joined = ja.join_lines([joined, body[i + used - 1][1]])
                here = _line_heading(joined)
                if here.startswith(wanted) and _penalty_or_nothing(here[len(wanted) :]):
                    found = (i, used, here[len(wanted) :].strip())
                    break
                if not wanted.startswith(here):
                    break
            if found:
                break
        if found is None:
            warnings.append(f"contents entry not found in the text: {number} {title}".replace("  ", " "))
            continue
        i, used, rest = found
        penalty = _penalty(rest)
        starts.append((i, used, number, title, penalty))
        row = i + used
    return starts


def _penalty(rest: str) -> str:
    """The English penalty printed after a heading ("Warning", 「警告」), "" for none."""
    rest = rest.strip()
    found = next((p for p in PENALTIES if normalize(p) == rest), "")
    return found or next((p for printed, p in ja.PENALTIES_JA.items() if normalize(printed) == rest), "")


def _penalty_or_nothing(rest: str) -> bool:
    return not rest.strip() or bool(_penalty(rest))


def _parts(lines: Sequence[str], width: int) -> tuple[SectionPart, ...]:
    parts: list[SectionPart] = []
    heading = printed = ""
    current: list[str] = []

    def close() -> None:
        paragraphs = paragraphs_of(current, width)
        if paragraphs or heading:
            parts.append(SectionPart(heading, tuple(paragraphs), printed))

    for line in lines:
        stripped = tidy(line)
        if stripped in PART_HEADINGS or ja.part_heading(stripped):
            close()
            heading, current = stripped if stripped in PART_HEADINGS else ja.part_heading(stripped), []
            printed = "" if stripped in PART_HEADINGS else stripped
        elif stripped.startswith(f"{UPGRADE}:") or ja.is_upgrade(stripped):
            close()
            heading, current, printed = UPGRADE, [line], ""
        else:
            current.append(line)
    close()
    return tuple(parts)
