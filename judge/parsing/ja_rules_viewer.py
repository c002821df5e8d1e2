"""Parse a Japanese Comprehensive Rules viewer page dump (corpus ``ja/002_*``, CR 805).

The page was copied with one word (link) per line::

    カード / Wiki / ルール / ...      -> site navigation: dropped
    MJMJ訳 20231117.0 / 版            -> meta "version"; translated_from "20231117"; credit "MJMJ訳"
    最終同期: / 2025/01/17            -> date "2025-01-17" (date_label "synced")
    0. はじめに ... 9. カジュアル...  -> table of contents: dropped
    総合ルールビューア                -> page label: dropped
    8. / 多人数戦 / ルール            -> chapter "8", heading "多人数戦ルール"
    805. / 「共有チーム・ターン」...  -> section "805"
    805.1 / チーム / 同士で戦う / ... -> rule "805.1", the following lines reflowed
    © 1999-2025 / Wisdom Guild / ...  -> footer: the page ends; the site is named in the credit

The body starts at the first line that is a rule number on its own. Lines
are joined without spaces between Japanese words but with one space where
two ASCII words meet ("rule" + "810" -> "rule 810", see
``ja_common.join_tokens``).

The title names the section the page shows: "総合ルール 805 共有チーム・ターン（日本語）", and
in English with the section's title from ``rules_data/sections.tsv``.
"""

from __future__ import annotations

import functools
import re

from judge.engine import rule_numbers
from judge.engine.rule_numbers import NUMBER, SECTION
from judge.parsing import ja_common, terms_table
from judge.parsing.records import DocKind, DocSection, JaDocument, ParseError

SLUG = "cr-805-ja"
DEFAULT_TITLE_JA = "総合ルール（日本語）"
DEFAULT_TITLE_EN = "Comprehensive Rules (Japanese)"

_NUMBER_LINE_RE = re.compile(rf"^({NUMBER})\.?$")
_VERSION_RE = re.compile(r"^(\S*訳)[ \u3000]+((\d{8})(?:\.\d+)?)$")
_SYNCED_RE = re.compile(r"^最終同期[:：]?[ \u3000]*(\d{4}/\d{1,2}/\d{1,2})?$")
_DATE_RE = re.compile(r"^\d{4}/\d{1,2}/\d{1,2}$")
_CROSS_REFERENCE_RE = re.compile(r"\brules?$", re.IGNORECASE)
_FOOTER_RE = re.compile(r"^(?:©|\(c\)|copyright)", re.IGNORECASE)
_QUOTED_RE = re.compile(r"「([^」]+)」")


def sniff(text: str) -> bool:
    """Rule numbers alone on their own lines (see ``ja_common.detect_format``)."""
    return ja_common.detect_format(text) == SLUG


def reflow(lines: list[str]) -> str:
    """Join one-word-per-line text into one paragraph.

    >>> reflow(["これは、", "「双頭巨人戦」", "(", "rule", "810", "参照)"])
    'これは、「双頭巨人戦」(rule 810参照)'
    """
    text = ""
    for line in lines:
        text = ja_common.join_tokens(text, line.strip())
    return text


def _meta(lines: list[str]) -> tuple[list[tuple[str, str]], str | None, str, str]:
    """Version, translator and sync date (ISO) from the page header."""
    meta: list[tuple[str, str]] = []
    translated_from: str | None = None
    translator = synced = ""
    for index, line in enumerate(lines):
        stripped = ja_common.nfkc(line)
        if match := _VERSION_RE.match(stripped):
            meta.append(("version", f"{match.group(1)} {match.group(2)}"))
            translated_from, translator = match.group(3), match.group(1)
        elif match := _SYNCED_RE.match(stripped):
            date = match.group(1)
            if date is None and index + 1 < len(lines) and _DATE_RE.match(lines[index + 1].strip()):
                date = lines[index + 1].strip()
            if date:
                year, month, day = (int(part) for part in date.split("/"))
                synced = f"{year:04d}-{month:02d}-{day:02d}"
    return meta, translated_from, translator, synced


def _site(lines: list[str]) -> str:
    """The site named after the copyright sign of the footer ("© 1999-2025" / "Wisdom Guild")."""
    for index, line in enumerate(lines[:-1]):
        following = lines[index + 1].strip()
        if _FOOTER_RE.match(line.strip()) and following and not following.startswith((",", "、")):
            return following
    return ""


@functools.lru_cache(maxsize=1)
def _english_section_titles() -> dict[tuple[str, str], str]:
    """(section number, NFKC Japanese title) -> English title, from the project's section table."""
    return {(t.number, ja_common.nfkc(t.ja)): t.en for t in terms_table.load_section_titles()}


def titles_of(number: str, heading: str) -> tuple[str, str]:
    """Japanese and English titles of a page showing section ``number`` headed ``heading``.

    >>> titles_of("805", "「共有チーム・ターン」選択ルール")
    ('総合ルール 805 共有チーム・ターン（日本語）',
    'Comprehensive Rules 805 Shared Team Turns Option (Japanese)')
    """
    quoted = _QUOTED_RE.search(heading)
    name = quoted.group(1) if quoted else heading
    english = _english_section_titles().get((number, ja_common.nfkc(heading)))
    title_en = (
        f"Comprehensive Rules {number} {english} (Japanese)"
        if english
        else f"Comprehensive Rules {number} (Japanese)"
    )
    return f"総合ルール {number} {name}（日本語）", title_en


def parse(text: str, *, source: str) -> JaDocument:
    """Parse the viewer dump into a ``JaDocument`` (kind CR_TRANSLATION), one section per rule.

    >>> doc = parse("メニュー\\n805.\\n共有\\nターン\\n805.1\\nチーム\\nが\\nターン\\nを行う。\\n"
    ...             "805.1a\\nrule\\n101.4\\n参照。\\n© 2000 x\\n", source="s.txt")
    >>> [(s.cr_number, s.parent, s.heading, s.text) for s in doc.sections]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('805', None, '共有ターン', '共有ターン'), ('805.1', 'r805', '共有ターン', 'チームがターンを行う。'),
     ('805.1a', 'r805-1', '共有ターン', 'rule 101.4参照。')]
    """
    lines = ja_common.normalize_newlines(text).split("\n")
    start = next((i for i, line in enumerate(lines) if _NUMBER_LINE_RE.match(line.strip())), None)
    if start is None:
        raise ParseError("no rule number on its own line found", source=source, line=1)
    meta, translated_from, translator, synced = _meta(lines[:start])

    # (number, first line, word lines) for every numbered paragraph of the body.
    blocks: list[tuple[str, int, list[str]]] = []
    previous = ""
    for index in range(start, len(lines)):
        stripped = lines[index].strip()
        if _FOOTER_RE.match(stripped):
            break
        if not stripped or ja_common.is_chrome_line(stripped):
            continue
        match = _NUMBER_LINE_RE.match(stripped)
        # "rule" / "101.4" split over two lines is a cross-reference, not a new paragraph.
        if match and not _CROSS_REFERENCE_RE.search(previous):
            blocks.append((match.group(1), index + 1, []))
        else:
            blocks[-1][2].append(stripped)
        previous = stripped

    seen: set[str] = set()
    titles: dict[str, str] = {}
    sections: list[DocSection] = []
    for number, line_no, words in blocks:
        if number in seen:
            raise ParseError(f"rule {number} appears twice", source=source, line=line_no)
        seen.add(number)
        text_ = reflow(words)
        if not text_:
            raise ParseError(f"rule {number} has no text", source=source, line=line_no)
        if "." in number:
            heading = titles.get(number.split(".")[0], "")
        else:
            heading = titles[number] = text_
        parent = rule_numbers.parent(number)
        while parent is not None and parent not in seen:
            parent = rule_numbers.parent(parent)
        sections.append(
            DocSection(
                anchor=ja_common.cr_anchor(number),
                heading=heading,
                text=text_,
                line=line_no,
                cr_number=number,
                parent=ja_common.cr_anchor(parent) if parent else None,
            )
        )

    section_numbers = [s.cr_number for s in sections if s.cr_number and re.fullmatch(SECTION, s.cr_number)]
    title_ja, title_en = (
        titles_of(section_numbers[0], titles[section_numbers[0]])
        if section_numbers
        else (DEFAULT_TITLE_JA, DEFAULT_TITLE_EN)
    )
    document = JaDocument(
        source=source,
        slug=SLUG,
        title_ja=title_ja,
        title_en=title_en,
        kind=DocKind.CR_TRANSLATION,
        sections=tuple(sections),
        translated_from=translated_from,
        meta=tuple(meta),
        credit=" · ".join(part for part in (translator, _site(lines[start:])) if part),
        date=synced,
        date_label="synced" if synced else "",
    )
    return ja_common.check_document(document)
