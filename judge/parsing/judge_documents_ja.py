"""The official Japanese editions of the judge's documents (the MTR and IPG translated, published as PDFs
with the English edition's section numbers): how their titles, effective dates, the IPG's parts and
penalties are printed, and how their lines join. judge.parsing.judge_documents reads both languages with
these; docs/judge-documents.md says what is accepted.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections.abc import Sequence

#: Document kind -> the words of its Japanese title, compared without spaces and middle dots (NFKC):
#: 「マジック・イベント規定」, 「マジック違反処置指針」, 「一般レベル・ジャッジの手引き」.
KINDS_JA = {
    "mtr": ("イベント規定", "トーナメントルール"),
    "ipg": ("違反処置指針",),
    "jar": ("一般レベルジャッジの手引き", "一般レベルのジャッジ"),
}
#: The IPG's parts of an infraction as the Japanese edition prints them -> the English part they are.
PARTS_JA = {
    "定義": "Definition",
    "例": "Examples",
    "事例": "Examples",
    "理念": "Philosophy",
    "追加処置": "Additional Remedy",
    "追加の処置": "Additional Remedy",
    "追加の救済措置": "Additional Remedy",
}
#: An unnumbered section's Japanese title -> the English edition's key for it (its URL is the same).
UNNUMBERED_JA = {
    "はじめに": "introduction",
    "序文": "introduction",
    "序論": "introduction",
    "導入": "introduction",
}
#: The "Upgrade:" paragraph's word: 「格上げ：」.
UPGRADE_JA = "格上げ"
#: The penalties as printed after an infraction's title -> the English penalty.
PENALTIES_JA = {
    "罰則なし": "No Penalty",
    "ペナルティなし": "No Penalty",
    "警告": "Warning",
    "ゲームの敗北": "Game Loss",
    "ゲーム敗北": "Game Loss",
    "マッチの敗北": "Match Loss",
    "マッチ敗北": "Match Loss",
    "失格": "Disqualification",
}
_EFFECTIVE_WORDS = "発効|施行|有効|更新|改訂"
# 「2026年2月27日発効」, 「2026年2月27日より施行」; 「発効日：2026年2月27日」, 「最終更新 2024年9月23日」.
_DATE_AFTER = re.compile(
    rf"(?P<y>\d{{4}})年(?P<m>\d{{1,2}})月(?P<d>\d{{1,2}})日(?:より|から)?(?:{_EFFECTIVE_WORDS})"
)
_DATE_BEFORE = re.compile(
    rf"(?:最終)?(?:{_EFFECTIVE_WORDS})日?:?(?P<y>\d{{4}})年(?P<m>\d{{1,2}})月(?P<d>\d{{1,2}})日"
)


def is_wide(char: str) -> bool:
    """A character of Japanese text (a wide or full-width one): no space is written beside it."""
    return unicodedata.east_asian_width(char) in ("W", "F")


def squash(text: str) -> str:
    """``text`` as Japanese titles and dates are compared: NFKC, no spaces, no middle dots.

    >>> squash("マジック・イベント規定　２０２６年 ２月２７日")
    'マジックイベント規定2026年2月27日'
    """
    return re.sub(r"[\s・]+", "", unicodedata.normalize("NFKC", text))


def join_lines(lines: Sequence[str]) -> str:
    """A paragraph's lines as one text: a space between two lines, none where either side is Japanese (a
    Japanese line wraps anywhere, between two characters of one word).

    >>> join_lines(["ゲームのルールに", "違反した。", "See rule", "704.5."])
    'ゲームのルールに違反した。See rule 704.5.'
    """
    out = ""
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        if out and not is_wide(out[-1]) and not is_wide(line[0]):
            out += " "
        out += line
    return out


def japanese_kind(text: str) -> tuple[int, str] | None:
    """(where in ``text``, kind) of the Japanese title named first, None when none is.

    >>> japanese_kind("マジック違反処置指針\\n（マジック・イベント規定を参照）")
    (4, 'ipg')
    """
    squashed = squash(text)
    found = sorted(
        (squashed.find(words), kind)
        for kind, names in KINDS_JA.items()
        for words in names
        if words in squashed
    )
    return found[0] if found else None


def japanese_date(text: str) -> dt.date | None:
    """The effective date a Japanese edition prints (None when none; ValueError for an impossible one).

    >>> japanese_date("２０２６年２月２７日発効"), japanese_date("発効日：2024年9月23日")
    (datetime.date(2026, 2, 27), datetime.date(2024, 9, 23))
    """
    squashed = squash(text)
    m = _DATE_AFTER.search(squashed) or _DATE_BEFORE.search(squashed)
    if m is None:
        return None
    return dt.date(int(m.group("y")), int(m.group("m")), int(m.group("d")))


def part_heading(line: str) -> str:
    """The English part a Japanese part heading is ("定義" -> "Definition"), "" for any other line."""
    return PARTS_JA.get(squash(line), "")


def is_upgrade(line: str) -> bool:
    """「格上げ：…」, the IPG's Upgrade paragraph."""
    return squash(line).startswith(f"{UPGRADE_JA}:")
