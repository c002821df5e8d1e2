"""Helpers shared by the Japanese corpus parsers (``ja_*.py``).

* ``detect_format`` tells the five Japanese formats apart; every module's
  ``sniff`` is ``detect_format(text) == SLUG``, so at most one module ever
  claims a text (the checks run in a fixed order, most specific first).
* Anchors are derived from a rule number (``cr_anchor("800.4a") == "r800-4a"``)
  or from a heading (``heading_slug`` / ``hash_anchor``), never from a position,
  so links survive re-ingests.
* Chrome (comment boxes, "←戻る", copyright and ad lines) is recognised by
  ``is_chrome_line`` / ``is_chrome_end``.
* Section text keeps the source's lists and card text boxes in its lines
  (``list_item``, ``NOTE_INDENT``), and ``blocks`` reads them back for the pages.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from judge.engine.rule_numbers import RULE_OR_SUBRULE
from judge.parsing.encoding import normalize_newlines as normalize_newlines  # re-exported for the parsers
from judge.parsing.records import JaDocument, ParseError

ITEM = "- "  # a list item's line starts with this, whatever bullet the source used
NOTE_INDENT = "  "  # a note on the list item above it
CARD_TEXT = "■"  # a Duel Masters card's text box
_BULLET = re.compile(r"^[ \u3000]*(?:[•・●◦▪]|-(?!\d))[ \u3000]*(?=\S)")  # "-1000" is no bullet

MAX_ANCHOR = 80  # DocSection.anchor column length

# A rule or subrule number of the Comprehensive Rules (judge.engine.rule_numbers), as a line starts with it.
_BARE_RULE_LINE = re.compile(rf"^{RULE_OR_SUBRULE}\.?$")
_INLINE_RULE_LINE = re.compile(rf"^{RULE_OR_SUBRULE}\.?[ \u3000]+\S")
_WIKI_RULE_BULLET = re.compile(rf"^-[ \u3000]*{RULE_OR_SUBRULE}\.?[ \u3000]+\S")
_NUMBERED_ITEM = re.compile(r"^[ \u3000]*\d{1,2}\.[ \u3000]+\S")
_DETAILS_MARKER = re.compile(r"^[ \u3000]*詳細[:：][ \u3000]*$")
# The whole Japanese Comprehensive Rules' title line: the release translated and the re-issue number.
WHOLE_CR_TITLE = re.compile(r"マジック総合ルール[ \u3000]*[(（]和訳[ \u3000]*(\d{8})\.(\d+)[ \u3000]*版[)）]")
_REVISION_LINE = re.compile(r"^\d{4}/\d{1,2}/\d{1,2}[ \u3000]*(?:初版|第\d+版)")

# Characters of Japanese text: kana, kanji, the long-vowel mark, CJK brackets and punctuation.
_CJK = (
    r"\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
    r"\uff01-\uff0f\uff1a-\uff20\uff5b-\uff65\uff66-\uff9f"
)
_KANA = re.compile(r"[\u3040-\u30ff]")
_CJK_GAP = re.compile(rf"(?<=[{_CJK}])[ \u3000]+(?=[{_CJK}])")

_CHROME_LINES = frozenset(
    {
        "←戻る", "戻る", "コメント", "コメントを投稿", "広告", "スポンサーリンク", "PR",
        "お気に入り日記の更新", "日記内を検索", "シェアする", "ツイート",
        "このエントリーをはてなブックマークに追加",
    }
)  # fmt: skip
_CHROME_PATTERNS = (
    re.compile(r"^\d+[ \u3000]*件のコメント"),
    re.compile(r"^(?:©|\(c\)|copyright)", re.IGNORECASE),
    re.compile(r"all rights reserved", re.IGNORECASE),
    re.compile(r"^広告"),
)
# Lines after which a page holds no more content (comment boxes, blog footers).
# ("←戻る" is only dropped: a back link may also sit at the top of a page.)
_CHROME_END_LINES = frozenset({"コメント", "コメントを投稿", "お気に入り日記の更新", "日記内を検索"})


def nfkc(text: str) -> str:
    """NFKC-normalise (full-width ASCII, half-width kana) and trim."""
    return unicodedata.normalize("NFKC", text).strip()


def close_cjk_gaps(text: str) -> str:
    """Remove spaces between two Japanese characters (left behind by links in copied web text).

    >>> close_cjk_gaps("統率 領域にある (rule 903.8 参照)")
    '統率領域にある (rule 903.8 参照)'
    """
    return _CJK_GAP.sub("", text)


def join_tokens(left: str, right: str) -> str:
    """Join two pieces of text: no space between Japanese, one space where two ASCII words meet.

    >>> join_tokens("(", "rule 810")
    '(rule 810'
    >>> join_tokens("rule", "810")
    'rule 810'
    >>> join_tokens("チーム", "・ターン")
    'チーム・ターン'
    """
    if not left:
        return right
    if not right:
        return left
    if re.match(r"[A-Za-z0-9,.;:!?)\]]", left[-1]) and re.match(r"[A-Za-z0-9(\[]", right[0]):
        return f"{left} {right}"
    return left + right


def short_hash(text: str, length: int = 8) -> str:
    """A stable hex digest of NFKC-normalised, whitespace-collapsed text."""
    normal = re.sub(r"\s+", " ", nfkc(text))
    return hashlib.sha1(normal.encode("utf-8")).hexdigest()[:length]


def heading_slug(heading: str) -> str:
    """A URL-fragment-safe slug of a heading: NFKC, lower case, punctuation and spaces become "-".

    Japanese letters are kept (HTML ids may hold any non-space character); a
    heading with no letter at all, or a very long one, gets a hash instead.

    >>> heading_slug("構築ルール")
    '構築ルール'
    >>> heading_slug("ＤＴＣ：ソース")
    'dtc-ソース'
    >>> heading_slug("「単一次元デッキ」")
    '単一次元デッキ'
    """
    words = re.findall(r"\w+", nfkc(heading).lower())
    slug = "-".join(words)
    if not slug:
        return hash_anchor(heading)
    if len(slug) > 60:
        return f"{slug[:50]}-{short_hash(heading)}"
    return slug


def hash_anchor(heading: str, prefix: str = "sec") -> str:
    """``prefix-<8 hex>`` from the normalised heading: stable, position-free, ASCII."""
    return f"{prefix}-{short_hash(heading)}"


def unique_anchor(anchor: str, used: set[str], salt: str) -> str:
    """``anchor`` if unused, else one salted by context (the enclosing heading), never by position."""
    candidate = anchor[:MAX_ANCHOR]
    if candidate in used:
        candidate = f"{anchor[: MAX_ANCHOR - 9]}-{short_hash(salt + '|' + anchor, 8)}"
    attempt = 1
    while candidate in used:  # the same heading twice in the same place: only the text can tell them apart
        attempt += 1
        candidate = f"{anchor[: MAX_ANCHOR - 11]}-{short_hash(f'{salt}|{anchor}|{attempt}', 10)}"
    used.add(candidate)
    return candidate


def cr_anchor(number: str) -> str:
    """Anchor of a Comprehensive Rules number: "800.4a" -> "r800-4a".

    >>> cr_anchor("800.4a"), cr_anchor("903")
    ('r800-4a', 'r903')
    """
    return "r" + number.replace(".", "-")


def is_chrome_line(line: str) -> bool:
    """Navigation, ads, comment and copyright lines of the pages the corpus was copied from."""
    stripped = nfkc(line)
    if stripped in _CHROME_LINES:
        return True
    return any(pattern.search(stripped) for pattern in _CHROME_PATTERNS)


def is_chrome_end(line: str) -> bool:
    """A line after which the page holds only chrome (comments, footers)."""
    stripped = nfkc(line)
    return stripped in _CHROME_END_LINES or bool(_CHROME_PATTERNS[0].match(stripped))


def cut_trailing_chrome(lines: list[str]) -> list[str]:
    """Lines up to (not including) the first comment box / back link / footer line."""
    for index, line in enumerate(lines):
        if is_chrome_end(line):
            return lines[:index]
    return lines


def detect_format(text: str) -> str | None:
    """Which Japanese corpus format a text is in (a module ``SLUG``), or None.

    Only Japanese text (with kana) is claimed. The checks run most specific
    first, which makes the five ``sniff`` functions mutually exclusive by
    construction:

    0. the whole Comprehensive Rules in Japanese (``JPN_CR_*``): its title line
       「マジック総合ルール(和訳 YYYYMMDD.N 版)」 among the first lines;
    1. rules viewer dump (002): rule numbers alone on their own lines;
    2. wiki page (003): "- 901.9a ..." quoted rule bullets;
    3. blog CR excerpt (001): "903.8. ..." rule paragraphs;
    4. Commander rules (000): "1. ..." numbered rules with "詳細:" parts;
    5. DTC house rules (004): a "YYYY/MM/DD 第N版" revision line and DTC / デュエマ.
    """
    if not _KANA.search(text):
        return None  # not Japanese (an English Comprehensive Rules file has numbered lines too)
    if WHOLE_CR_TITLE.search(text[:4000]):
        return "cr-ja"
    lines = [nfkc(line) for line in normalize_newlines(text).split("\n")]
    if sum(1 for line in lines if _BARE_RULE_LINE.match(line)) >= 3:
        return "cr-805-ja"
    if sum(1 for line in lines if _WIKI_RULE_BULLET.match(line)) >= 2:
        return "planechase-wiki"
    if sum(1 for line in lines if _INLINE_RULE_LINE.match(line)) >= 3:
        return "cr-excerpt-ja"
    numbered = sum(1 for line in lines if _NUMBERED_ITEM.match(line))
    if numbered >= 3 and any(_DETAILS_MARKER.match(line) for line in lines):
        return "commander-rules"
    if any(_REVISION_LINE.match(line) for line in lines) and ("DTC" in text or "デュエマ" in text):
        return "dtc"
    return None


def check_document(document: JaDocument) -> JaDocument:
    """Refuse a document whose anchors repeat or whose parents point nowhere (a parser bug or odd input)."""
    anchors: set[str] = set()
    for section in document.sections:
        if section.anchor in anchors:
            raise ParseError(
                f"anchor {section.anchor!r} used twice", source=document.source, line=section.line
            )
        anchors.add(section.anchor)
    for section in document.sections:
        if section.parent is not None and section.parent not in anchors:
            raise ParseError(
                f"section {section.anchor!r} has unknown parent {section.parent!r}",
                source=document.source,
                line=section.line,
            )
    return document


def list_item(line: str) -> str | None:
    """``line`` as a list item ("- text") when it starts with a bullet (•, ・, ●, -), else None.

    >>> list_item("• 伝説のみ。"), list_item("・GRを禁止"), list_item("-次元デッキ"), list_item("本文")
    ('- 伝説のみ。', '- GRを禁止', '- 次元デッキ', None)
    """
    match = _BULLET.match(line)
    return ITEM + line[match.end() :].strip() if match else None


@dataclass(frozen=True)
class Block:
    """One block of a section's text on a page: a paragraph, a list (each item with its notes) or card
    text."""

    kind: str  # "paragraph", "list" or "card"
    text: str = ""
    items: tuple[tuple[str, tuple[str, ...]], ...] = ()


def blocks(parts: Iterable[str]) -> list[Block]:
    """The blocks of section text (``parts``: paragraphs, each maybe several lines; see ``DocSection``).

    >>> [(b.kind, b.text or b.items) for b in blocks(["前置き。\\n- 一つ目\\n  補足\\n- 二つ目",
    ...     "■カードの文章。"])]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('paragraph', '前置き。'), ('list', (('一つ目', ('補足',)), ('二つ目', ()))), ('card', 'カードの文章。')]
    """
    out: list[Block] = []
    items: list[tuple[str, list[str]]] = []

    def close_list() -> None:
        if items:
            out.append(Block("list", items=tuple((text, tuple(notes)) for text, notes in items)))
            items.clear()

    for part in parts:
        for line in part.split("\n"):
            if not line.strip():
                continue
            if line.startswith(ITEM):
                items.append((line[len(ITEM) :].strip(), []))
            elif line.startswith(NOTE_INDENT) and items:
                items[-1][1].append(line.strip())
            else:
                close_list()
                if line.startswith(CARD_TEXT):
                    out.append(Block("card", text=line[len(CARD_TEXT) :].strip()))
                else:
                    out.append(Block("paragraph", text=line.strip()))
    close_list()
    return out
