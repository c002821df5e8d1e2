"""Tests for judge.parsing.encoding: the encodings the official rules files were published in."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.parsing.encoding import DecodedText, decode_text, normalize_newlines
from judge.parsing.records import ParseError

TEXT = "Magic: The Gathering Comprehensive Rules\r\n\r\nIt’s “quoted” — and Ærathi.\r\n"


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (TEXT.encode("utf-8"), "utf-8"),
        (b"\xef\xbb\xbf" + TEXT.encode("utf-8"), "utf-8"),
        (b"\xfe\xff" + TEXT.encode("utf-16-be"), "utf-16-be"),
        (b"\xff\xfe" + TEXT.encode("utf-16-le"), "utf-16-le"),
        (TEXT.encode("cp1252"), "windows-1252"),
    ],
    ids=["utf-8", "utf-8 BOM", "utf-16-be BOM", "utf-16-le BOM", "windows-1252"],
)
def test_every_published_encoding_gives_the_same_text(data: bytes, expected: str) -> None:
    assert decode_text(data, source="x.txt") == DecodedText(text=TEXT, encoding=expected)


def test_windows_1252_curly_quotes_on_line_1() -> None:
    data = "“Magic” Comprehensive Rules\r\nplain\r\n".encode("cp1252")
    assert data[0] == 0x93
    assert decode_text(data, source="x.txt").text == "“Magic” Comprehensive Rules\r\nplain\r\n"


def test_windows_1252_curly_quote_deep_in_the_file() -> None:
    # 20100201: the first non-ASCII byte is 243 kB in; a decoder that sampled the start would call it UTF-8.
    head = "plain ASCII line\r\n" * 20_000
    decoded = decode_text((head + "it’s\r\n").encode("cp1252"), source="x.txt")
    assert decoded.encoding == "windows-1252" and decoded.text.endswith("it’s\r\n")


@pytest.mark.parametrize("ending", ["\n", "\r", "\r\n"])
def test_a_byte_that_is_no_text_names_its_line(ending: str) -> None:
    data = ending.join(["one", "two", "three \x81 four"]).encode("latin-1")
    with pytest.raises(ParseError, match=r"neither UTF-8 nor Windows-1252 text \(byte 0x81\)") as error:
        decode_text(data, source="bad.txt")
    assert (error.value.source, error.value.line) == ("bad.txt", 3)


def test_a_bom_that_lies_is_an_error_with_the_line() -> None:
    with pytest.raises(ParseError, match="not UTF-8 text although its BOM says so") as error:
        decode_text(b"\xef\xbb\xbfone\rtwo\rit\x92s", source="bad.txt")
    assert error.value.line == 3
    with pytest.raises(ParseError, match="not UTF-16-BE text although its BOM says so") as error:
        decode_text(b"\xfe\xff\x00a\x00\n\x00", source="bad.txt")  # an odd byte left over
    assert error.value.line == 2


def test_utf16_without_a_bom_is_refused_for_its_nul_characters() -> None:
    with pytest.raises(ParseError, match="NUL characters") as error:
        decode_text("Magic\r\nRules".encode("utf-16-be"), source="bad.txt")
    assert error.value.line == 1


def test_normalize_newlines() -> None:
    assert normalize_newlines("\ufeffa\rb\r\nc\nd\r\r\ne") == "a\nb\nc\nd\n\ne"


BOMS = st.sampled_from([b"", b"\xef\xbb\xbf", b"\xfe\xff", b"\xff\xfe"])


@settings(max_examples=300, deadline=None)
@given(BOMS, st.binary(max_size=200))
def test_any_bytes_give_text_or_a_parse_error(bom: bytes, data: bytes) -> None:
    try:
        decoded = decode_text(bom + data, source="random.txt")
    except ParseError as err:
        assert str(err).startswith("random.txt") and err.problem
        return
    assert "\x00" not in decoded.text
    assert decoded.encoding in {"utf-8", "utf-16-be", "utf-16-le", "cp932", "windows-1252"}


@settings(max_examples=200, deadline=None)
@given(
    st.text(st.characters(exclude_characters="\x00", exclude_categories=["Cs"]), max_size=80),
    st.sampled_from(
        [("utf-8", b""), ("utf-8", b"\xef\xbb\xbf"), ("utf-16-be", b"\xfe\xff"), ("utf-16-le", b"\xff\xfe")]
    ),
)
def test_text_with_a_bom_decodes_back_to_itself(text: str, codec: tuple[str, bytes]) -> None:
    name, bom = codec
    if not bom and text.startswith("\ufeff"):
        text = text[1:]  # UTF-8 without a BOM: a leading U+FEFF would read as the BOM
    assert decode_text(bom + text.encode(name), source="x.txt").text == text
