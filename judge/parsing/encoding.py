"""Bytes of a corpus file -> text: the encoding from the BOM, else UTF-8, else Windows-31J, else Windows-1252.

The official Comprehensive Rules files since 2009 come in all of these: UTF-8
with or without a BOM, UTF-16 big- or little-endian with a BOM, and
Windows-1252 without one (curly quotes as single bytes 0x91-0x94, on line 1 in
one release and thousands of lines in, in another). Windows-1252 is tried only
after UTF-8 fails: almost any byte string decodes as Windows-1252, while a text
with Windows-1252 curly quotes is practically never valid UTF-8.

The Japanese translation of the whole Comprehensive Rules often comes in
Windows-31J (cp932, Shift_JIS with Microsoft's additions). It is tried after
UTF-8 and kept only when the text reads as Japanese (``_reads_as_japanese``):
a Windows-1252 file's curly quote followed by a letter is a valid cp932
character too, but such a text has next to no kana.

Line endings (CRLF, lone CR, both in one file) are left as found here;
``normalize_newlines`` turns them into LF for the parsers.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass

from judge.parsing.records import ParseError

# Longest first would matter for UTF-32 (its LE BOM starts with UTF-16 LE's); no official file uses it.
BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
)
FALLBACK = "windows-1252"
JAPANESE = "cp932"
_KANA_SHARE = 0.2  # of the non-ASCII characters: Japanese prose has about twice this
_WIDE_SHARE = 0.1  # of all the characters: a Japanese text is mostly non-ASCII


def _reads_as_japanese(text: str) -> bool:
    """Enough kana among the non-ASCII characters to be Japanese text, not mis-decoded bytes (a
    Windows-1252 byte followed by a letter reads as a kanji or a symbol in cp932, next to never as kana).

    >>> (_reads_as_japanese("チーム同士で戦う多人数戦において"), _reads_as_japanese("it‚s 豊"),
    ...  _reads_as_japanese("ﾊ ok"))
    (True, False, False)
    """
    wide = sum(1 for c in text if ord(c) > 0x7F)
    kana = sum(1 for c in text if "\u3041" <= c <= "\u30ff")
    # A few stray bytes in an English file are no Japanese text, whatever they decode to.
    return wide >= _WIDE_SHARE * len(text) and kana >= _KANA_SHARE * wide


@dataclass(frozen=True)
class DecodedText:
    text: str  # without the BOM, line endings as found
    encoding: str  # "utf-8", "utf-16-be", "utf-16-le", "cp932" or "windows-1252"


def normalize_newlines(text: str) -> str:
    """Drop a leading BOM and turn CRLF and lone CR line endings into LF.

    >>> normalize_newlines("\\ufeffa\\rb\\r\\nc\\nd")
    'a\\nb\\nc\\nd'
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _line_of(data: bytes, offset: int, encoding: str) -> int:
    """1-based line of the byte at ``offset``, whatever the line endings."""
    before = data[:offset].decode(encoding, errors="replace")
    return normalize_newlines(before).count("\n") + 1


def decode_text(data: bytes, *, source: str) -> DecodedText:
    """Decode a corpus file: the encoding its BOM names, else UTF-8, else Windows-31J (Japanese text
    only), else Windows-1252.

    Raises ParseError (naming ``source`` and the line) for bytes that are not
    text in the chosen encoding, and for NUL characters (UTF-16 without a BOM).

    >>> decode_text(b"\\xfe\\xff\\x00M\\x00a", source="x.txt")
    DecodedText(text='Ma', encoding='utf-16-be')
    >>> decode_text(b"it\\x92s", source="x.txt").text
    'it’s'
    >>> decode_text("これはルールの和訳です".encode("cp932"), source="x.txt")
    DecodedText(text='これはルールの和訳です', encoding='cp932')
    """
    for bom, encoding in BOMS:
        if data.startswith(bom):
            body = data[len(bom) :]
            try:
                text = body.decode(encoding)
            except UnicodeDecodeError as err:
                raise ParseError(
                    f"not {encoding.upper()} text although its BOM says so ({err.reason})",
                    source=source,
                    line=_line_of(body, err.start, encoding),
                ) from None
            break
    else:
        try:
            text, encoding = data.decode("utf-8"), "utf-8"
        except UnicodeDecodeError:
            try:
                text, encoding = data.decode(JAPANESE), JAPANESE
                if not _reads_as_japanese(text):
                    raise UnicodeDecodeError(JAPANESE, data, 0, 1, "not Japanese text")
            except UnicodeDecodeError:
                pass
            else:
                return _checked(text, encoding, source)
            try:
                text, encoding = data.decode(FALLBACK), FALLBACK
            except UnicodeDecodeError as err:
                # Five bytes (0x81, 0x8D, 0x8F, 0x90, 0x9D) mean nothing in Windows-1252.
                raise ParseError(
                    f"neither UTF-8 nor Windows-1252 text (byte 0x{data[err.start]:02X})",
                    source=source,
                    line=_line_of(data, err.start, "latin-1"),
                ) from None
    return _checked(text, encoding, source)


def _checked(text: str, encoding: str, source: str) -> DecodedText:
    nul = text.find("\x00")
    if nul >= 0:
        raise ParseError(
            "NUL characters in the text (UTF-16 without a BOM?)",
            source=source,
            line=normalize_newlines(text[:nul]).count("\n") + 1,
        )
    return DecodedText(text=text, encoding=encoding)
