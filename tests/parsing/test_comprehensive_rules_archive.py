"""Every shape of the official Comprehensive Rules archive since 2009, read from the bytes as published.

Unit tests build each shape from two small invented fixtures: ``archive_2010.txt`` (the layout of
2009-2013: underscore title, a Contents list ending in "Customer Service Information") and
``pre2009_rules.txt`` (the numbering before the July 2009 renumbering). Integration tests, marked
``corpus``, read the ten real files of ../shared/cr_archive_sample (or JUDGE_ARCHIVE_DIR) and skip
when it is absent.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.parsing.comprehensive_rules import parse_comprehensive_rules
from judge.parsing.corpus import parse_corpus_dir, read_text
from judge.parsing.encoding import decode_text
from judge.parsing.records import Numbering, ParseError, RuleKind, RulesDocument
from judge.parsing.versions import compare_versions, track_renumbering

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "cr"


def archive_text() -> str:
    return (FIXTURES / "archive_2010.txt").read_text(encoding="utf-8")


def read(data: bytes, source: str = "shape.txt") -> RulesDocument:
    return parse_comprehensive_rules(decode_text(data, source=source).text, source=source)


CODECS = [("utf-8", b""), ("utf-8", b"\xef\xbb\xbf"), ("utf-16-be", b"\xfe\xff"), ("utf-16-le", b"\xff\xfe"),
          ("cp1252", b"")]  # fmt: skip


def numbered(document: RulesDocument) -> list[tuple[str, str, tuple[str, ...]]]:
    return [(r.number, r.text, r.examples) for r in document.rules]


@pytest.fixture(scope="module")
def base() -> RulesDocument:
    return parse_comprehensive_rules(archive_text(), source="shape.txt")


def test_the_fixture_in_its_own_shape(base: RulesDocument) -> None:
    assert (base.version, base.numbering, base.warnings) == ("20100201", Numbering.MODERN, ())
    assert [r.number for r in base.rules if r.kind is RuleKind.CHAPTER] == ["1", "9"]
    # Records come from the body: its chapter is "The Game" where the Contents list says "Game Concepts".
    assert (base.rules[0].title, base.rules[0].line) == ("The Game", 27)
    by_number = {r.number: r for r in base.rules}
    assert by_number["101.1"].text.endswith(
        "\nA second paragraph of the same rule, indented as in the real files."
    )
    assert by_number["100.1b"].examples == ("Four players share one table; that’s a multiplayer game.",)
    assert by_number["101.2"].text == "“Can’t” beats “can” — always."
    assert [g.term for g in base.glossary] == ["Ability", "Planar Die"]
    assert base.intro.startswith("This invented file") and base.intro.endswith("on the rules site.")
    assert base.credits == (
        "Invented for this project’s tests.\n\nCustomer Service Information\n\nNobody answers this address."
    )


def _endings(text: str, ending: str) -> str:
    if ending != "mixed":
        return text.replace("\n", ending)
    # CRLF, LF, CR in turn: never a CR directly before an LF ending, which would merge two line breaks.
    cycle = ("\r\n", "\n", "\r")
    return "".join(line + cycle[i % 3] for i, line in enumerate(text.split("\n")))


@pytest.mark.parametrize("ending", ["\r\n", "\r", "mixed"])
@pytest.mark.parametrize(
    ("codec", "bom"),
    CODECS,
    ids=["utf-8", "utf-8 BOM", "utf-16-be BOM", "utf-16-le BOM", "windows-1252"],
)
def test_every_encoding_and_line_ending_reads_the_same_document(
    base: RulesDocument, codec: str, bom: bytes, ending: str
) -> None:
    data = bom + _endings(archive_text(), ending).encode(codec)
    assert read(data) == base


@pytest.mark.parametrize(
    ("first_lines", "codec"),
    [
        (
            "_Magic: The Gathering_ Comprehensive Rules\n\nThese rules are effective as of February 1, 2010.",
            "utf-8",
        ),
        (
            "Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of February 1, 2010.",
            "utf-8",
        ),
        (
            "Magic: The Gathering Comprehensive Rules\n\nThese rules are current as of February 1, 2010.",
            "utf-8",
        ),
        (
            "“Magic: The Gathering” Comprehensive Rules\n\nThese rules are effective as of Feb. 1st, 2010.",
            "cp1252",
        ),
    ],
    ids=["underscore title", "plain title", "current as of", "cp1252 curly quotes on line 1"],
)
def test_header_variants(base: RulesDocument, first_lines: str, codec: str) -> None:
    lines = archive_text().split("\n")
    document = read(("\n".join([first_lines, *lines[3:]])).encode(codec))
    assert document.version == "20100201"
    assert numbered(document) == numbered(base)


CONTENTS_SHAPES = {
    "2009: Questions? after Credits": "1. Game Concepts\n100. General\n\nGlossary\n\nCredits\n\nQuestions?",
    "2010-2013: Customer Service": (
        "1. The Game\n100. General\n\nGlossary\n\nCredits\n\nCustomer Service Information"
    ),
    "2015 on: Glossary, Credits": "1. The Game\n100. General\n9. Casual Variants\n\nGlossary\nCredits",
    "sections only": "100. General\n101. Golden Rules\n900. General",
    "empty": "",
}


@pytest.mark.parametrize("shape", sorted(CONTENTS_SHAPES))
def test_every_contents_list_shape_gives_the_same_rules(base: RulesDocument, shape: str) -> None:
    text = archive_text()
    start = text.index("Contents\n") + len("Contents\n")
    end = text.index("\n1. The Game\n\n100. General\n")
    document = read((text[:start] + "\n" + CONTENTS_SHAPES[shape] + "\n" + text[end:]).encode("utf-8"))
    assert numbered(document) == numbered(base)
    assert document.intro == base.intro and document.glossary[0].term == "Ability"


def test_no_contents_heading_at_all(base: RulesDocument) -> None:
    text = archive_text()
    document = read(
        (text[: text.index("Contents\n")] + text[text.index("1. The Game\n\n100.") :]).encode("utf-8")
    )
    assert numbered(document) == numbered(base) and document.intro == base.intro


def test_no_credits_the_glossary_runs_to_the_end(base: RulesDocument) -> None:
    text = archive_text()
    document = read(text[: text.index("Credits\n\nInvented")].encode("cp1252"))
    assert document.glossary == base.glossary
    assert (document.credits, document.warnings) == ("", ())


@pytest.mark.parametrize(
    ("old", "new", "warning"),
    [
        (
            "901.4. All plane cards",
            "901.4.All plane cards",
            "no space after rule number 901.4: read as that rule",
        ),
        ("101.2. “Can’t”", " 101.2. “Can’t”", "indented rule number 101.2: read as that rule"),
        (
            "100.1b A multiplayer",
            "100. 1b A multiplayer",
            "space inside rule number 100.1b: read as that rule",
        ),
        ("901.3a The planar", "901. 3a The planar", "space inside rule number 901.3a: read as that rule"),
    ],
    ids=["901.4.All", "indented 611.2.", "702. 37a", "spaced subrule"],
)
def test_official_number_typos_are_read_as_the_rule_with_a_warning(
    base: RulesDocument, old: str, new: str, warning: str
) -> None:
    text = archive_text()
    line = text[: text.index(old)].count("\n") + 1
    document = read(b"\xfe\xff" + text.replace(old, new).encode("utf-16-be"), source="typo.txt")
    assert numbered(document) == numbered(base)
    assert [(w.source, w.line, w.problem) for w in document.warnings] == [("typo.txt", line, warning)]


def test_an_indented_number_that_is_no_new_rule_stays_a_continuation_line() -> None:
    text = archive_text().replace(
        "     A second paragraph", "     100.1. is quoted here, not a rule.\n     A second paragraph"
    )
    document = read(text.encode("utf-8"))
    assert document.warnings == ()
    rule = {r.number: r for r in document.rules}["101.1"]
    assert rule.text.split("\n")[1] == "100.1. is quoted here, not a rule."


def test_a_glued_number_that_would_be_out_of_order_is_an_error() -> None:
    text = archive_text().replace("901.4. All plane cards", "902.4.All plane cards")
    with pytest.raises(ParseError, match="malformed rule number: '902.4.All"):
        read(text.encode("utf-8"))


# --------------------------------------------------------------------------- before the July 2009 renumbering


@pytest.fixture(scope="module")
def pre2009() -> RulesDocument:
    return read((FIXTURES / "pre2009_rules.txt").read_bytes().replace(b"\n", b"\r\n"), source="old.txt")


def test_a_pre_2009_file_is_read_with_its_own_numbers(pre2009: RulesDocument) -> None:
    assert (pre2009.version, pre2009.numbering) == ("20090201", Numbering.PRE_2009)
    assert [r.number for r in pre2009.rules] == [
        "1", "100", "100.1", "100.2", "5", "501", "501.1", "502", "502.1", "502.2", "502.2a", "502.2b",
    ]  # fmt: skip
    by_number = {r.number: r for r in pre2009.rules}
    assert (by_number["502"].title, by_number["502.2"].text) == ("Keyword Abilities", "Flying")
    assert by_number["502.2b"].examples == ("A creature that gains flying twice still has flying once.",)
    assert [g.term for g in pre2009.glossary] == ["Flying", "Keyword Action"]
    assert pre2009.credits.endswith("Questions?\n\nNobody answers this address.")


def test_pre_2009_numbers_are_never_compared_with_modern_ones(
    pre2009: RulesDocument, base: RulesDocument
) -> None:
    for compare in (compare_versions, track_renumbering):
        with pytest.raises(ValueError, match="number their rules differently"):
            compare(pre2009, base)
        with pytest.raises(ValueError, match="number their rules differently"):
            compare(base, pre2009)
    assert compare_versions(pre2009, pre2009).changed == ()


@pytest.mark.parametrize(
    ("date", "numbering"),
    [
        ("July 10, 2009", Numbering.PRE_2009),
        ("July 11, 2009", Numbering.MODERN),  # the Magic 2010 rules update
        ("June 5, 2008", Numbering.PRE_2009),
    ],
)
def test_the_numbering_follows_the_effective_date(date: str, numbering: Numbering) -> None:
    text = archive_text().replace("February 1, 2010", date)
    assert read(text.encode("utf-8")).numbering is numbering


# --------------------------------------------------------------------------- arbitrary bytes


def _read_or_parse_error(data: bytes) -> RulesDocument | None:
    try:
        document = read(data, source="random.txt")
    except ParseError as err:
        assert str(err).startswith("random.txt") and err.source == "random.txt"
        return None
    numbers = [r.number for r in document.rules]
    assert len(numbers) == len(set(numbers))
    return document


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([b"", b"\xef\xbb\xbf", b"\xfe\xff", b"\xff\xfe"]), st.binary(max_size=400))
def test_arbitrary_bytes_give_a_document_or_a_parse_error(bom: bytes, data: bytes) -> None:
    _read_or_parse_error(bom + data)


@st.composite
def damaged_bytes(draw: st.DrawFn) -> bytes:
    """The fixture in one of its encodings, with a few bytes inserted, dropped or overwritten."""
    source = draw(st.sampled_from(["archive_2010.txt", "pre2009_rules.txt"]))
    codec, bom = draw(st.sampled_from(CODECS))
    text = (
        (FIXTURES / source)
        .read_text(encoding="utf-8")
        .replace("\n", draw(st.sampled_from(["\n", "\r\n", "\r"])))
    )
    data = bytearray(bom + text.encode(codec))
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(data)))
        action = draw(st.sampled_from(["insert", "drop", "overwrite", "cut"]))
        if action == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=4))
        elif action == "drop":
            del data[at : at + draw(st.integers(1, 8))]
        elif action == "overwrite":
            data[at : at + 1] = draw(st.binary(min_size=1, max_size=1))
        else:
            del data[at:]
    return bytes(data)


@settings(max_examples=300, deadline=None)
@given(damaged_bytes())
def test_damaged_archive_bytes_give_a_document_or_a_parse_error(data: bytes) -> None:
    _read_or_parse_error(data)


# --------------------------------------------------------------------------- the real archive sample

# Measured on the ten official files (rules = every numbered line of the body, chapters to subrules).
SAMPLE = {
    "MagicCompRules 20090201.txt": ("20090201", "utf-8", 1274, 6, 401, Numbering.PRE_2009),
    "MagicCompRules 20090711.txt": ("20090711", "utf-8", 1584, 8, 408, Numbering.MODERN),
    "MagicCompRules 20100201.txt": ("20100201", "windows-1252", 1760, 9, 425, Numbering.MODERN),
    "MagicCompRules 20130201.txt": ("20130201", "utf-8", 2055, 9, 30, Numbering.MODERN),
    "MagicCompRules 20130429.txt": ("20130501", "utf-16-be", 2063, 9, 476, Numbering.MODERN),
    "MagicCompRules 20150123.txt": ("20150123", "windows-1252", 2161, 9, 500, Numbering.MODERN),
    "MagicCompRules 20160826.txt": ("20160826", "utf-16-le", 2270, 9, 519, Numbering.MODERN),
    "MagicCompRules 20190125.txt": ("20190125", "windows-1252", 2467, 9, 554, Numbering.MODERN),
    "MagicCompRules 20221118.txt": ("20221118", "utf-16-be", 2941, 9, 647, Numbering.MODERN),
    "MagicCompRules 20230414.txt": ("20230414", "utf-8", 2993, 9, 656, Numbering.MODERN),
}
WARNINGS = {
    "MagicCompRules 20090711.txt": [
        (1452, "indented rule number 509.1c"), (1738, "indented rule number 605.3a"),
        (1885, "indented rule number 611.2"), (2060, "indented rule number 615.1d"),
        (2576, "space inside rule number 702.37a"), (2578, "space inside rule number 702.37b"),
    ],
    "MagicCompRules 20130201.txt": [(4609, "the file ends at glossary term 'Attack Multiple Players'")],
    "MagicCompRules 20221118.txt": [(6088, "no space after rule number 901.4")],
    "MagicCompRules 20230414.txt": [(6193, "no space after rule number 901.4")],
}  # fmt: skip
# Any numbered line, typos included: "611.2.", " 611.2.", "702. 37a", "901.4.All", "9.", "903.".
ANY_NUMBER = re.compile(r"^\s*\d{1,3}\.(?:\s*\d{1,3}[a-z]?\.?)?(?:\s|[A-Z])")


@pytest.fixture(scope="module")
def sample_documents(archive_sample: Path) -> dict[str, RulesDocument]:
    missing = set(SAMPLE) - {p.name for p in archive_sample.iterdir()}
    assert not missing, f"archive sample at {archive_sample} lacks {sorted(missing)}"
    return {name: parse_comprehensive_rules(read_text(archive_sample / name), source=name) for name in SAMPLE}


def count_body_numbers(text: str) -> int:
    """An independent count: numbered lines from the body's "1." heading (the second) to its "Glossary"."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    chapter_one = [i for i, line in enumerate(lines) if line.startswith("1. ")][1]
    glossary = lines.index("Glossary", chapter_one)
    return sum(1 for line in lines[chapter_one:glossary] if ANY_NUMBER.match(line))


@pytest.mark.corpus
@pytest.mark.parametrize("name", sorted(SAMPLE))
def test_sample_file_dates_counts_and_warnings(
    archive_sample: Path, sample_documents: dict[str, RulesDocument], name: str
) -> None:
    version, codec, rules, chapters, glossary, numbering = SAMPLE[name]
    document = sample_documents[name]
    assert decode_text((archive_sample / name).read_bytes(), source=name).encoding == codec
    assert (document.version, document.numbering) == (version, numbering)
    assert 1200 <= len(document.rules) == rules <= 3500
    assert len(document.rules) == count_body_numbers(read_text(archive_sample / name))
    chapter_numbers = [r.number for r in document.rules if r.kind is RuleKind.CHAPTER]
    assert chapter_numbers == [str(n) for n in range(1, chapters + 1)]
    assert len(document.glossary) == glossary
    assert [(w.line, w.problem.split(":")[0]) for w in document.warnings] == WARNINGS.get(name, [])
    assert all(w.source == name for w in document.warnings)
    assert all("\r" not in r.text and "\ufeff" not in r.text for r in document.rules)


@pytest.mark.corpus
@pytest.mark.parametrize("name", sorted(SAMPLE))
def test_sample_file_rules_and_glossary(sample_documents: dict[str, RulesDocument], name: str) -> None:
    document = sample_documents[name]
    by_number = {r.number: r for r in document.rules}
    assert by_number["100.1"].text.startswith("These ") and by_number["100.1"].parent == "100"
    assert document.glossary[0].term in {"Ability", "Abandon"}
    expected_last = "Attack Left Option" if name.endswith("20130201.txt") else "Zone-Change Triggers"
    assert document.glossary[-1].term == expected_last
    if document.numbering is Numbering.PRE_2009:
        assert (by_number["502"].title, by_number["502.2"].text) == ("Keyword Abilities", "First Strike")
        return
    assert (by_number["502"].title, by_number["702.2"].text) == ("Untap Step", "Deathtouch")
    assert "leaves the game" in by_number["800.4a"].text
    if document.version < "20100101":
        assert "9" not in by_number  # no Casual Variants chapter yet (20100201 has it)
    elif document.version < "20110101":
        assert (by_number["903"].title, "general" in by_number["903.3"].text) == ("EDH", True)
    else:
        assert by_number["903"].title == "Commander"
        assert "commander" in by_number["903.3"].text
        assert by_number["903.3"].parent == "903" and by_number["903.4a"].parent == "903.4"
        assert "command zone" in by_number["903.6"].text + by_number["903.8"].text


@pytest.mark.corpus
def test_the_901_4_typo_of_20230414(sample_documents: dict[str, RulesDocument]) -> None:
    document = sample_documents["MagicCompRules 20230414.txt"]
    rule = {r.number: r for r in document.rules}["901.4"]
    assert (rule.kind, rule.line, rule.text.split()[:3]) == (RuleKind.RULE, 6193, ["All", "plane", "and"])
    assert [str(w) for w in document.warnings] == [
        "MagicCompRules 20230414.txt:6193: no space after rule number 901.4: read as that rule"
    ]


@pytest.mark.corpus
def test_the_whole_sample_as_a_corpus_directory(archive_sample: Path, tmp_path: Path) -> None:
    (tmp_path / "en").mkdir()
    for name in SAMPLE:
        (tmp_path / "en" / name).symlink_to(archive_sample / name)
    corpus = parse_corpus_dir(tmp_path)
    assert corpus.skipped == ()
    assert [d.version for d in corpus.rules_documents] == sorted(version for version, *_ in SAMPLE.values())
    assert corpus.current.version == "20230414"
    assert len(corpus.warnings) == sum(len(w) for w in WARNINGS.values())
    with pytest.raises(ParseError, match="strict"):
        parse_corpus_dir(tmp_path, strict=True)


def test_the_2010_06_18_stray_digit_in_505_5_is_read_as_a_documented_typo() -> None:
    """MagicCompRules 20100618 prints rule 505.5 as "505.54." just before 505.5a (issue 41, item 8): read as
    505.5 with a note (a documented official typo, which a strict ingest accepts), its subrule under it."""
    text = (FIXTURES / "archive_20100618_typo.txt").read_text(encoding="utf-8")
    document = parse_comprehensive_rules(text, source="MagicCompRules 20100618.txt")
    rules = {r.number: r for r in document.rules}
    assert "505.54" not in rules
    assert rules["505.5"].text.startswith("The fifth invented main phase rule")
    assert rules["505.5a"].parent == "505.5" and rules["505.6"].parent == "505"
    [warning] = document.warnings
    assert warning.note and str(warning).startswith("MagicCompRules 20100618.txt:")
    assert "stray digit in rule number 505.5: read as that rule" in str(warning)


def test_a_stray_digit_elsewhere_is_a_warning_and_without_a_subrule_next_is_not_mended() -> None:
    text = (FIXTURES / "archive_20100618_typo.txt").read_text(encoding="utf-8").replace("505.54.", "505.5.")
    elsewhere = text.replace(
        "505.4. The fourth invented main phase rule.",
        "505.41. The fourth invented main phase rule.\n\n505.4a Its detail.",
    )
    [warning] = parse_comprehensive_rules(elsewhere, source="x.txt").warnings
    assert not warning.note and "stray digit in rule number 505.4: read as that rule" in str(warning)
    # No subrule of 505.4 next: "505.41." is not mended (and a rule out of order is the parser's error).
    with pytest.raises(ParseError):
        parse_comprehensive_rules(text.replace("505.4. ", "505.41. "), source="y.txt")
