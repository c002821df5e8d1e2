"""The Japanese glossary's order: words by their reading in 五十音 (gojūon) order, grouped by kana row.

A Japanese reader looks a word up by how it is read, as in any Japanese glossary or index: 統率者税
under た, beside 統率者 and 統率領域, rather than under "C" for its English headword. Readings come
from the Sudachi dictionary the search already loads (統率者税 -> トウソツシャゼイ).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

# Small kana sort as their full-size letter; voiced and half-voiced ones as their plain letter
# first (ガ beside カ), as Japanese dictionaries order them.
_SMALL = str.maketrans("ァィゥェォッャュョヮヵヶ", "アイウエオツヤユヨワカケ")
_VOWELS = {"A": "ア", "I": "イ", "U": "ウ", "E": "エ", "O": "オ"}
# The kana row of a letter, from the consonant of its Unicode name ("KATAKANA LETTER SI" -> "S").
_ROWS = {
    "": "あ",
    "K": "か",
    "S": "さ",
    "T": "た",
    "N": "な",
    "H": "は",
    "M": "ま",
    "Y": "や",
    "R": "ら",
    "W": "わ",
}
ROW_ORDER = (*_ROWS.values(), "A–Z")
LATIN_ROW = "A–Z"


def readings(words: Sequence[str]) -> list[str]:
    """The katakana reading of each Japanese word; kana and Latin letters read as written.

    >>> readings(["統率者税", "アーティファクト・土地"])
    ['トウソツシャゼイ', 'アーティファクト・トチ']
    """
    from sudachipy import SplitMode

    from judge.search.analysis import sudachi_dictionary

    tokenizer = sudachi_dictionary().tokenizer(
        mode=SplitMode.C
    )  # one per call: a tokenizer is not thread-safe
    return ["".join(m.reading_form() for m in tokenizer.tokenize(word)) for word in words]


def _letter_name(char: str) -> str:
    name = unicodedata.name(char, "")
    return name.removeprefix("KATAKANA LETTER ") if name.startswith("KATAKANA LETTER ") else ""


def sort_key(kana: str) -> tuple[str, str]:
    """Order readings as a Japanese dictionary does: plain letters first, long vowels read out.

    >>> sorted(["トークン", "トウソツシャゼイ", "ドロー", "トクセイ"], key=sort_key)
    ['トウソツシャゼイ', 'トークン', 'トクセイ', 'ドロー']
    """
    plain: list[str] = []
    for char in kana:
        if char == "ー" and plain:
            vowel = _letter_name(plain[-1])[-1:]
            char = _VOWELS.get(vowel, "ー")
        char = unicodedata.normalize("NFKD", char.translate(_SMALL))[0]
        if char.isalnum():
            plain.append(char.upper())
    return "".join(plain), kana


def row(kana: str) -> str:
    """The kana row (あ か さ た な は ま や ら わ) a reading is listed under; "A–Z" for Latin letters.

    >>> row("トウソツシャゼイ"), row("ガッタイ"), row("ヴァンガード"), row("APNAPジュン")
    ('た', 'か', 'あ', 'A–Z')
    """
    first = sort_key(kana)[0][:1]
    name = _letter_name(first) if first else ""
    if not name:
        return LATIN_ROW
    if name == "N":  # ン starts no word, but a reading the dictionary lacks may
        return "わ"
    return _ROWS.get(name[:-1], "あ")


def initial(kana: str) -> str:
    """The letter a reading is looked up under within its kana row: its first kana as plain hiragana
    (ト and ド under と, ガ under か), a Latin letter as itself.

    >>> initial("トウソツシャゼイ"), initial("ドロー"), initial("ガッタイ")
    ('と', 'と', 'か')
    >>> initial("ヴァンガード"), initial("APNAPジュン")
    ('う', 'A')
    """
    first = sort_key(kana)[0][:1]
    return chr(ord(first) - 0x60) if "ァ" <= first <= "ヶ" else first
