"""Tests for judge.parsing.corpus: a bad old file is left out and named, a bad newest file stops
everything."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from judge.parsing.corpus import parse_corpus_dir, read_text
from judge.parsing.records import ParseError, ParseWarning, SkippedFile

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def archive_text() -> str:
    return (FIXTURES / "cr" / "archive_2010.txt").read_text(encoding="utf-8")


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    """Three releases in three published shapes (UTF-16 with a BOM, Windows-1252, UTF-8 with a BOM), and
    ja/."""
    en, ja = tmp_path / "en", tmp_path / "ja"
    en.mkdir()
    ja.mkdir()
    pre2009 = (FIXTURES / "cr" / "pre2009_rules.txt").read_text(encoding="utf-8")
    (en / "MagicCompRules 20090201.txt").write_bytes(b"\xff\xfe" + pre2009.encode("utf-16-le"))
    (en / "MagicCompRules 20100201.txt").write_bytes(archive_text().replace("\n", "\r").encode("cp1252"))
    shutil.copy(FIXTURES / "cr" / "mini_rules.txt", en / "MagicCompRules 20310303.txt")
    for path in sorted((FIXTURES / "ja").glob("*.txt")):
        shutil.copy(path, ja / path.name)
    return tmp_path


def test_every_shape_is_read(corpus: Path) -> None:
    parsed = parse_corpus_dir(corpus)
    assert [d.version for d in parsed.rules_documents] == ["20090201", "20100201", "20310303"]
    assert parsed.current.source == "MagicCompRules 20310303.txt"
    assert len(parsed.ja_documents) == 5
    assert (parsed.skipped, parsed.warnings) == ((), ())
    assert parse_corpus_dir(corpus, strict=True) == parsed


def test_read_text_decodes_what_the_bom_names(corpus: Path) -> None:
    assert read_text(corpus / "en" / "MagicCompRules 20090201.txt").startswith("Magic: The Gathering")
    assert "that’s a multiplayer game" in read_text(corpus / "en" / "MagicCompRules 20100201.txt")
    with pytest.raises(ParseError, match="cannot read the file") as error:
        read_text(corpus / "en")  # a directory
    assert error.value.source == "en"


def test_a_bad_old_file_is_left_out_with_its_line_and_the_rest_is_read(corpus: Path) -> None:
    # Line 53 of the fixture is "901.1. Each player brings a planar deck."; 0x81 means nothing in
    # Windows-1252.
    bad = archive_text().replace("February 1, 2010", "May 1, 2015").replace("Each player", "Each \x81 player")
    bad = bad.replace("\n", "\r")  # lone CR line endings, as in 20230414
    (corpus / "en" / "MagicCompRules 20150501.txt").write_bytes(bad.encode("latin-1", errors="replace"))
    (corpus / "ja" / "notes.md").write_text("# a note\n", encoding="utf-8")
    parsed = parse_corpus_dir(corpus)
    assert [d.version for d in parsed.rules_documents] == ["20090201", "20100201", "20310303"]
    assert parsed.skipped == (
        SkippedFile("MagicCompRules 20150501.txt", 53, "neither UTF-8 nor Windows-1252 text (byte 0x81)"),
        SkippedFile("notes.md", None, "unknown file: only .txt corpus files are read"),
    )
    assert parsed.skipped[0].to_payload() == {
        "file": "MagicCompRules 20150501.txt",
        "line": 53,
        "problem": "neither UTF-8 nor Windows-1252 text (byte 0x81)",
    }
    assert str(parsed.skipped[1]) == "notes.md: unknown file: only .txt corpus files are read"
    with pytest.raises(
        ParseError, match=r"strict: every skipped file and warning is fatal; 2 in all"
    ) as error:
        parse_corpus_dir(corpus, strict=True)
    assert (error.value.source, error.value.line) == ("MagicCompRules 20150501.txt", 53)


def test_a_broken_newest_file_stops_everything(corpus: Path) -> None:
    (corpus / "en" / "MagicCompRules 20320101.txt").write_text("Magic: The Gathering Comprehensive Rules\n\n")
    with pytest.raises(ParseError, match="the newest Comprehensive Rules file does not parse") as error:
        parse_corpus_dir(corpus)
    assert (error.value.source, error.value.line) == ("MagicCompRules 20320101.txt", 2)


def test_warnings_of_every_file_are_collected_and_strict_refuses_them(corpus: Path) -> None:
    path = corpus / "en" / "MagicCompRules 20100201.txt"
    path.write_bytes(archive_text().replace("901.3. A", "901.3.A").encode("utf-8"))  # line 57
    parsed = parse_corpus_dir(corpus)
    assert [str(w) for w in parsed.warnings] == [
        "MagicCompRules 20100201.txt:57: no space after rule number 901.3: read as that rule"
    ]
    assert parsed.skipped == () and not parsed.warnings[0].note
    with pytest.raises(ParseError, match="no space after rule number 901.3") as error:
        parse_corpus_dir(corpus, strict=True)
    assert (error.value.source, error.value.line) == ("MagicCompRules 20100201.txt", 57)


def test_the_documented_901_4_typo_is_a_note_strict_accepts(corpus: Path) -> None:
    """The official "901.4.All plane ..." (releases 2022-11 .. 2025-02) is a documented typo: a note."""
    path = corpus / "en" / "MagicCompRules 20100201.txt"
    path.write_bytes(archive_text().replace("901.4. All", "901.4.All").encode("utf-8"))  # line 61
    parsed = parse_corpus_dir(corpus, strict=True)
    assert [(str(w), w.note) for w in parsed.warnings] == [
        ("MagicCompRules 20100201.txt:61: no space after rule number 901.4: read as that rule", True)
    ]
    assert ParseWarning.from_json(parsed.warnings[0].to_payload()) == parsed.warnings[0]


def test_a_broken_link_is_reported_as_skipped(corpus: Path) -> None:
    (corpus / "ja" / "009_gone.txt").symlink_to(corpus / "ja" / "missing.txt")
    parsed = parse_corpus_dir(corpus)
    assert [str(s) for s in parsed.skipped] == [
        "009_gone.txt: a symbolic link to nothing readable (missing target or a loop): left out"
    ]


def test_two_files_with_one_effective_date_keep_the_later_one(corpus: Path) -> None:
    shutil.copy(corpus / "en" / "MagicCompRules 20100201.txt", corpus / "en" / "MagicCompRules 20100215.txt")
    parsed = parse_corpus_dir(corpus)
    assert [d.source for d in parsed.rules_documents][1] == "MagicCompRules 20100215.txt"
    assert parsed.skipped == (
        SkippedFile(
            "MagicCompRules 20100201.txt",
            None,
            "same effective date (20100201) as MagicCompRules 20100215.txt",
        ),
    )


def test_two_files_that_read_as_one_japanese_document_keep_the_first(corpus: Path) -> None:
    first = sorted((corpus / "ja").glob("*.txt"))[0]
    shutil.copy(first, corpus / "ja" / "zz_copy.txt")
    parsed = parse_corpus_dir(corpus)
    assert len(parsed.ja_documents) == 5
    [skipped] = parsed.skipped
    assert skipped.source == "zz_copy.txt" and f"as {first.name}" in skipped.problem


def test_no_rules_file_or_no_directory_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ParseError, match="corpus directory not found"):
        parse_corpus_dir(tmp_path / "missing")
    (tmp_path / "ja").mkdir()
    with pytest.raises(ParseError, match="no Comprehensive Rules file"):
        parse_corpus_dir(tmp_path)
