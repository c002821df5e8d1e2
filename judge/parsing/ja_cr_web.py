"""Read the official Japanese Comprehensive Rules as Wizards' Japanese site publishes them: one web page
(in 2026 ``mtg-jp.com/gameplay/rules/docs/0006836/``, titled 「マジック総合ルール（和訳 20260417.2 版）」).

The page is turned into the text layout of the community's ``JPN_CR_YYYYMMDD_N.txt`` files, which
``ja_comprehensive_rules`` reads: one reader of the translation's layout for both sources, and the corpus
keeps a plain text file that the ingest, a diff and an operator can read, without the site's menus.

The page's shape, as public readers of it describe it (no copy of the page is kept here):

* the text stands in ``div.detail`` inside ``div.reading-main`` (``main`` or ``body`` when it is missing);
* each child element is a paragraph whose text may hold several lines (``<br>`` or line breaks): the
  preface, then ``もくじ`` and the contents, then the line ``マジック：ザ・ギャザリング　総合ルール``, then
  the numbered rules (``100.1. …``, ``100.1a …``, ``例：…``), then ``用語集`` and the glossary, whose
  headwords end with ``／`` and their English (``次元コントローラー／Planar Controller``) and whose
  definitions follow on their own lines, then ``クレジット``;
* the title 「マジック総合ルール（和訳 YYYYMMDD.N 版）」 is in the page's heading or ``<title>``.

A glossary written as a definition list (``<dl><dt>headword<dd>definition``) and rules written as list
items read the same way. Uses Beautiful Soup with the standard library's ``html.parser``.

>>> page = ('<html><head><title>マジック総合ルール（和訳 20260417.2 版）｜日本公式</title></head><body>'
...         '<div class="reading-main"><section><div class="detail"><p>前書き。</p>'
...         '<p>マジック：ザ・ギャザリング　総合ルール</p><p>1. ゲームの考え方</p>'
...         '<p>100. 原則<br>100.1. 最初のルール。</p><p>用語集</p>'
...         '<p>次元／Plane</p><p>定義。</p><p>クレジット</p></div></section></div></body></html>')
>>> to_layout(page, source="0006836").splitlines()  # doctest: +NORMALIZE_WHITESPACE
['マジック総合ルール（和訳 20260417.2 版）', '前書き。', '1. ゲームの考え方', '100. 原則',
 '100.1. 最初のルール。', '10. 用語集', '次元／Plane', '\\u3000定義。', 'クレジット']
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup
from bs4.element import Comment, Declaration, Doctype, NavigableString, ProcessingInstruction, Tag

from judge.parsing import ja_common
from judge.parsing.records import ParseError

BODY_START = "マジック：ザ・ギャザリング　総合ルール"  # the line between the contents and the rules
_BLOCKS = ("p", "div", "li", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "section", "pre")
_SKIPPED = ("style", "script", "noscript", "template", "nav", "header", "footer", "form")
# A glossary headword ends with a slash and its English (the definitions are Japanese sentences).
_HEADWORD = re.compile(r"[/／][ \u3000]*[A-Za-z0-9\"“'][\x20-\x7e’“”]*$")
_GLOSSARY = re.compile(r"^(?:10\.[ \u3000]*)?用語集$")
_CREDITS = re.compile(r"^(?:クレジット|Credits)$")
_NOT_TEXT = (Comment, Declaration, Doctype, ProcessingInstruction)
DEFINITION_INDENT = "\u3000"  # how the text layout marks a definition's lines


def _container(soup: BeautifulSoup) -> Tag:
    """Where the text stands: the reading column, else ``main``, else the whole body."""
    for found in (
        soup.select_one("div.reading-main div.detail"),
        soup.select_one("div.detail"),
        soup.find("main"),
        soup.body,
    ):
        if isinstance(found, Tag):
            return found
    return soup


def _title(soup: BeautifulSoup) -> str | None:
    """The title line 「マジック総合ルール（和訳 YYYYMMDD.N 版）」 from the headings or ``<title>``."""
    for tag in soup.find_all(["h1", "h2", "title"]):
        match = ja_common.WHOLE_CR_TITLE.search(tag.get_text(" ", strip=True))
        if match:
            return match.group(0)
    return None


def _lines(container: Tag) -> list[tuple[str, bool]]:
    """The text's lines in page order, each with whether it came from a definition (``<dd>``)."""
    for skipped in container.find_all(_SKIPPED):
        skipped.decompose()
    for br in container.find_all("br"):
        br.replace_with(NavigableString("\n"))
    lines: list[tuple[str, bool]] = []

    def walk(tag: Tag, in_definition: bool) -> None:
        buffer: list[str] = []

        def flush() -> None:
            for line in "".join(buffer).split("\n"):
                if line.strip(" \u3000\t\r\xa0"):
                    lines.append((line.strip(" \t\r\xa0"), in_definition))
            buffer.clear()

        for child in tag.children:
            if isinstance(child, Tag) and (child.name in _BLOCKS or child.find(_BLOCKS) is not None):
                flush()
                walk(child, in_definition or child.name == "dd")
            elif isinstance(child, Tag):
                buffer.append(child.get_text())
            elif isinstance(child, NavigableString) and not isinstance(child, _NOT_TEXT):
                buffer.append(str(child))
        flush()

    walk(container, False)
    return lines


def to_layout(html: str, *, source: str) -> str:
    """The page's translation as the text of a ``JPN_CR_YYYYMMDD_N.txt`` file (``ja_comprehensive_rules``).

    The contents' and the rules' lines are kept as published; the line between them is dropped,
    ``用語集`` becomes the layout's ``10. 用語集`` and each glossary definition line is indented. Raises
    ParseError when the page has no title 「マジック総合ルール（和訳 YYYYMMDD.N 版）」 or no text.
    """
    soup = BeautifulSoup(html, "html.parser")
    title = _title(soup)
    if title is None:
        raise ParseError(
            "no title 'マジック総合ルール（和訳 YYYYMMDD.N 版）' on the page", source=source, line=1
        )
    out = [title]
    part = "front"  # then "body", "glossary", "credits"
    for line, in_definition in _lines(_container(soup)):
        plain = ja_common.nfkc(line)
        if ja_common.WHOLE_CR_TITLE.search(line) and len(out) == 1:
            continue  # the title again, as the text's first line
        if part in ("front", "body") and line == BODY_START:
            part = "body"
            continue
        # The contents list "10. 用語集" too: before the rules, only the bare heading starts the glossary.
        if (part == "body" and _GLOSSARY.match(plain)) or (part == "front" and plain == "用語集"):
            part = "glossary"
            out.append("10. 用語集")
            continue
        if part == "glossary" and _CREDITS.match(plain):
            part = "credits"
        elif part == "glossary" and (in_definition or not _HEADWORD.search(line)):
            line = DEFINITION_INDENT + line
        out.append(line)
    if len(out) == 1:
        raise ParseError("the page holds no text under its title", source=source, line=1)
    return "\n".join(out) + "\n"
