"""Parse the MTG Wiki page on Planechase (corpus ``ja/003_*``).

Layout of the copied page::

    プレインチェイス戦                -> title "プレインチェイス戦（wiki）"
    提供:MTG Wiki                     -> credit "MTG Wiki"
    <intro paragraphs>                -> section "intro"; "プレインチェイス戦/Planechaseは…" gives the
    English title
    目次 |                            -> table of contents: dropped
    構築ルール                        -> prose heading (short line, not a sentence)
    <paragraphs> / - <bullets>        -> its text, one line each
    ...
    参考 / - <links>                  -> section "参考" (the wiki's see-also list)
    引用:総合ルール 20231117.0        -> section "cr-quote"; translated_from "20231117"
    - 9 カジュアル変種ルール          -> CR sections with cr_number (chapter / section / rule)
    - 901.9a <text>
    - 901 プレインチェイス戦          -> repeated breadcrumb: dropped
    カテゴリ: ... / 案内メニュー ...   -> wiki chrome: dropped (also "[編集]" links)

Prose headings form two levels: a heading with no text of its own
("選択ルール") opens a group and the headings after it are its children,
until one of the wiki's usual top-level headings (``TOP_LEVEL_HEADINGS``).
Quoted rules hang under their enclosing rule when it is quoted, else under
the quote section. Prose anchors are heading slugs (``ja_common.heading_slug``),
CR anchors "r901-9a".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge.engine import rule_numbers
from judge.engine.rule_numbers import NUMBER
from judge.parsing import ja_common
from judge.parsing.records import DocKind, DocSection, JaDocument, ParseError

SLUG = "planechase-wiki"
QUOTE_ANCHOR = "cr-quote"

TOP_LEVEL_HEADINGS = frozenset(
    {
        "構築ルール",
        "ゲームルール",
        "選択ルール",
        "関連カード",
        "参考",
        "脚注",
        "外部リンク",
        "関連項目",
        "歴史",
        "解説",
    }
)

_PROVIDED_BY_RE = re.compile(r"^提供[:：]\s*(.*)$")
_ENGLISH_NAME_RE = re.compile(
    r"^(?P<ja>[^/／\s]+)[/／](?P<en>[A-Za-z][A-Za-z0-9 '’:&-]*?)(?:は|とは|\s*[(（])"
)
_TOC_RE = re.compile(r"^目次\s*\|?\s*$")
_QUOTE_RE = re.compile(r"^引用[:：]\s*(総合ルール\s*((\d{8})(?:\.\d+)?))\s*$")
_CR_BULLET_RE = re.compile(rf"^-[ \u3000]*({NUMBER})\.?[ \u3000]+(\S.*)$")
_BULLET_RE = re.compile(r"^-[ \u3000]*\S")
_EDIT_RE = re.compile(r"\[\s*(?:編集|edit)\s*\]")
_CATEGORY_RE = re.compile(r"^(?:カテゴリ|Category)\s*[:：]")
# MediaWiki's navigation after the article ("案内メニュー", "このページの最終更新日時は ...").
_WIKI_END_RE = re.compile(r"^(?:案内メニュー|個人用ツール|このページの最終更新|最終更新日時)")
_SENTENCE_END_RE = re.compile(r"[。、,.!?!?)」]$")


def sniff(text: str) -> bool:
    """ "- 901.9a ..." quoted rule bullets (see ``ja_common.detect_format``)."""
    return ja_common.detect_format(text) == SLUG


@dataclass
class _Prose:
    anchor: str
    heading: str
    line: int
    parent: str | None
    lines: list[str] = field(default_factory=list)


def _is_heading(line: str) -> bool:
    """A prose heading: a short line that is neither a bullet nor a sentence."""
    stripped = ja_common.nfkc(line)
    if not stripped or len(stripped) > 30 or _BULLET_RE.match(stripped):
        return False
    return "。" not in stripped and not _SENTENCE_END_RE.search(stripped)


def _clean(line: str) -> str:
    return ja_common.close_cjk_gaps(_EDIT_RE.sub("", line).strip())


def _page_lines(text: str) -> list[str]:
    """The page's lines up to the wiki's own footer."""
    lines = ja_common.cut_trailing_chrome(ja_common.normalize_newlines(text).split("\n"))
    end = next((i for i, line in enumerate(lines) if _WIKI_END_RE.match(line.strip())), len(lines))
    lines = lines[:end]
    return lines


def _group_of(heading: str, group: str | None, prose: list[_Prose]) -> str | None:
    """The heading group a heading opens in: none for a top-level heading; a top-level heading with no
    text of its own holds the headings after it."""
    if heading in TOP_LEVEL_HEADINGS:
        return None
    if group is None and prose and not prose[-1].lines and prose[-1].parent is None:
        # The previous top-level heading had no text: it is a group holding this heading.
        return prose[-1].anchor
    return group


def parse(text: str, *, source: str) -> JaDocument:
    """Parse the wiki page into a ``JaDocument`` (kind PROSE) with prose and quoted-rule sections.

    >>> doc = parse("題\\n提供:MTG Wiki\\n前書き。\\n目次 |\\n選択ルール\\n小見出し\\n本文。\\n"
    ...             "引用:総合ルール 20200101.0\\n- 9 変種\\n- 901 次元\\n- 901.1 一。\\n- 901.1a 二。\\n",
    ...             source="s")
    >>> [(s.anchor, s.parent, s.cr_number) for s in doc.sections]  # doctest: +NORMALIZE_WHITESPACE
    [('intro', None, None), ('選択ルール', None, None), ('小見出し', '選択ルール', None),
     ('cr-quote', None, None), ('r9', 'cr-quote', '9'), ('r901', 'r9', '901'),
     ('r901-1', 'r901', '901.1'), ('r901-1a', 'r901-1', '901.1a')]
    >>> doc.translated_from
    '20200101'
    """
    lines = _page_lines(text)
    title = ""
    credit = ""
    english = ""
    meta: list[tuple[str, str]] = []
    translated_from: str | None = None
    used: set[str] = set()
    prose: list[_Prose] = []
    quoted: list[tuple[str, str, int]] = []  # (number, text, line)
    in_quote = False
    quote: tuple[str, int] | None = None  # (heading, line) of the quote marker
    after_toc = False
    group: str | None = None  # anchor of the open heading group

    for index, raw in enumerate(lines):
        line_no = index + 1
        stripped = _clean(raw)
        if not stripped or ja_common.is_chrome_line(stripped) or _CATEGORY_RE.match(stripped):
            continue
        if not title:
            title = stripped
            continue
        if match := _PROVIDED_BY_RE.match(stripped):
            credit = credit or match.group(1).strip()
            continue
        if not english and (match := _ENGLISH_NAME_RE.match(stripped)) and match.group("ja") == title:
            english = match.group("en").strip()
        if _TOC_RE.match(stripped):
            after_toc = True
            continue
        if match := _QUOTE_RE.match(ja_common.nfkc(stripped)):
            in_quote = True
            translated_from = match.group(3)
            meta.append(("cr_quote", match.group(1)))
            quote = quote or (stripped, line_no)
            continue
        if in_quote:
            if match := _CR_BULLET_RE.match(stripped):
                quoted.append((match.group(1), match.group(2).strip(), line_no))
                continue
            if _BULLET_RE.match(stripped):
                raise ParseError("a quoted line that is not a rule", source=source, line=line_no)
            in_quote = False  # prose resumes after the quote
        if _is_heading(stripped) and (after_toc or prose):
            heading = stripped
            group = _group_of(heading, group, prose)
            anchor = ja_common.unique_anchor(ja_common.heading_slug(heading), used, group or "")
            prose.append(_Prose(anchor=anchor, heading=heading, line=line_no, parent=group))
            continue
        if not prose:
            intro = ja_common.unique_anchor("intro", used, "")
            prose.append(_Prose(anchor=intro, heading=title, line=line_no, parent=None))
        prose[-1].lines.append(ja_common.list_item(stripped) or stripped)

    sections = [
        DocSection(anchor=p.anchor, heading=p.heading, text="\n".join(p.lines), line=p.line, parent=p.parent)
        for p in prose
    ]
    if quoted:
        heading, line_no = quote or ("引用:総合ルール", quoted[0][2])
        quote_section = DocSection(
            anchor=ja_common.unique_anchor(QUOTE_ANCHOR, used, ""), heading=heading, text="", line=line_no
        )
        sections.append(quote_section)
        sections.extend(_quoted_sections(quoted, source=source, parent=quote_section.anchor, used=used))
    if not sections:
        raise ParseError("no headings or quoted rules found", source=source, line=1)
    wiki = credit or "wiki"
    document = JaDocument(
        source=source,
        slug=SLUG,
        title_ja=f"{title}（wiki）",
        title_en=f"{english or title} ({wiki})",
        credit=credit,
        kind=DocKind.PROSE,
        sections=tuple(sections),
        translated_from=translated_from,
        meta=tuple(meta),
    )
    return ja_common.check_document(document)


def _quoted_sections(
    quoted: list[tuple[str, str, int]], *, source: str, parent: str, used: set[str]
) -> list[DocSection]:
    """One section per quoted rule (under ``parent`` when its enclosing rule isn't quoted).

    A repeated identical bullet is dropped: the page repeats the breadcrumb
    ("- 901 プレインチェイス戦") at its end.
    """
    sections: list[DocSection] = []
    texts: dict[str, str] = {}
    titles: dict[str, str] = {}
    for number, text, line_no in quoted:
        if number in texts:
            if texts[number] != text:
                raise ParseError(
                    f"rule {number} quoted twice with different text", source=source, line=line_no
                )
            continue
        texts[number] = text
        if "." in number:
            heading = titles.get(number.split(".")[0], "")
        else:
            heading = titles[number] = text
        enclosing = rule_numbers.parent(number)
        while enclosing is not None and enclosing not in texts:
            enclosing = rule_numbers.parent(enclosing)
        anchor = ja_common.unique_anchor(ja_common.cr_anchor(number), used, "")
        sections.append(
            DocSection(
                anchor=anchor,
                heading=heading,
                text=text,
                line=line_no,
                cr_number=number,
                parent=ja_common.cr_anchor(enclosing) if enclosing else parent,
            )
        )
    return sections
