"""Tests for judge.parsing.comprehensive_rules: an invented fixture in the CR layout, then the real files."""

from __future__ import annotations

import contextlib
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.parsing.comprehensive_rules import normalize_newlines, parse_comprehensive_rules
from judge.parsing.corpus import read_text
from judge.parsing.records import ParseError, RuleKind, RulesDocument

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "cr"
MINI = FIXTURES / "mini_rules.txt"


def mini_text() -> str:
    return MINI.read_bytes().decode("utf-8")


@pytest.fixture(scope="module")
def mini() -> RulesDocument:
    return parse_comprehensive_rules(mini_text(), source="mini_rules.txt")


def test_fixture_has_a_bom_and_mixed_line_endings() -> None:
    data = MINI.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    crlf = data.count(b"\r\n")
    assert crlf > 0
    assert data.count(b"\r") - crlf > 0
    assert data.count(b"\n") - crlf > 0


def test_normalize_newlines() -> None:
    assert normalize_newlines("\ufeffa\rb\r\nc\nd") == "a\nb\nc\nd"


def test_version_intro_and_credits(mini: RulesDocument) -> None:
    assert mini.source == "mini_rules.txt"
    assert mini.version == "20310303"
    assert mini.intro.startswith("This small file imitates")
    assert mini.intro.count("\n\n") == 1
    assert mini.credits.startswith("Invented for the test suite.")
    assert mini.credits.endswith("These rules are effective as of March 3, 2031.")


def test_contents_list_makes_no_records(mini: RulesDocument) -> None:
    numbers = [r.number for r in mini.rules]
    assert len(numbers) == len(set(numbers)) == 32
    # The Contents list ends at line 23 of the fixture; records start with the body.
    assert min(r.line for r in mini.rules) == 25
    assert [r.number for r in mini.rules if r.kind is RuleKind.SECTION] == ["100", "101", "900", "903"]


@pytest.mark.parametrize(
    ("number", "kind", "parent", "title", "line"),
    [
        ("1", RuleKind.CHAPTER, None, "Basics", 25),
        ("9", RuleKind.CHAPTER, None, "Casual Variants", 70),
        ("100", RuleKind.SECTION, "1", "General", 27),
        ("903", RuleKind.SECTION, "9", "Commander", 76),
        ("100.1", RuleKind.RULE, "100", "", 29),
        ("903.10", RuleKind.RULE, "903", "", 92),
        ("900.1", RuleKind.RULE, "900", "", 74),  # printed without the dot after the number
        ("903.2c", RuleKind.SUBRULE, "903.2", "", 88),  # printed with a dot after the letter
        ("100.1a", RuleKind.SUBRULE, "100.1", "", 31),
    ],
)
def test_kinds_parents_titles_lines(
    mini: RulesDocument, number: str, kind: RuleKind, parent: str | None, title: str, line: int
) -> None:
    record = {r.number: r for r in mini.rules}[number]
    assert (record.kind, record.parent, record.title, record.line) == (kind, parent, title, line)


def test_parent_chain_reaches_the_chapter(mini: RulesDocument) -> None:
    by_number = {r.number: r for r in mini.rules}
    chain, number = [], "903.2b"
    while number is not None:
        chain.append(number)
        number = by_number[number].parent
    assert chain == ["903.2b", "903.2", "903", "9"]


def test_headings_are_also_the_text(mini: RulesDocument) -> None:
    section = {r.number: r for r in mini.rules}["903"]
    assert section.text == section.title == "Commander"


def test_examples_are_attached_to_the_rule_above(mini: RulesDocument) -> None:
    by_number = {r.number: r for r in mini.rules}
    assert by_number["100.1b"].examples == ("Four friends sit down with decks; that is a crowd game.",)
    assert by_number["903.2b"].examples == (
        "The third cast from the command zone costs four more than usual.",
        "A cast from the hand does not count toward this extra cost.",
    )
    assert by_number["903.2c"].examples == ("One example follows the continued subrule.",)
    assert sum(len(r.examples) for r in mini.rules) == 4
    assert "Example" not in " ".join(r.text for r in mini.rules)


def test_indented_line_continues_the_rule_text(mini: RulesDocument) -> None:
    record = {r.number: r for r in mini.rules}["903.2c"]
    assert record.text == (
        "This subrule is printed with a dot after its letter, as happens once in the real file.\n"
        "An indented line continues the paragraph above it."
    )


def test_subrule_letters_skip_l_and_o(mini: RulesDocument) -> None:
    letters = [r.number[-1] for r in mini.rules if r.parent == "101.1"]
    assert "".join(letters) == "abcdefghijkmnp"


def test_glossary(mini: RulesDocument) -> None:
    assert [(g.term, g.line) for g in mini.glossary] == [("Command Zone", 96), ("Crowd Game", 99)]
    assert mini.glossary[1].definition == (
        "1. A game with three or more seats.\n2. Any game the table agrees to call one.\nSee rule 100.1b."
    )


@pytest.mark.parametrize("ending", ["\n", "\r", "\r\n"])
def test_line_endings_do_not_change_the_records(mini: RulesDocument, ending: str) -> None:
    text = normalize_newlines(mini_text()).replace("\n", ending)
    assert parse_comprehensive_rules(text, source="mini_rules.txt") == mini


def _replace_line(text: str, old: str, new: str) -> str:
    """Replace the LAST line equal to ``old``: the body's copy of a heading, not the Contents list's."""
    lines = normalize_newlines(text).split("\n")
    index = len(lines) - 1 - lines[::-1].index(old)
    lines[index] = new
    return "\n".join(lines)


@pytest.mark.parametrize(
    ("old", "new", "message", "line"),
    [
        ("Magic: The Gathering Comprehensive Rules", "A Cookbook", "not a Comprehensive Rules file", 1),
        (
            "903.10. Rule numbers past nine sort after nine, not after one.",
            "903.1. Again.",
            "duplicate rule number 903.1 (first at line 78)",
            92,
        ),
        # A duplicate is read past only inside the rule it belongs to (test_a_duplicate_subrule_...).
        ("101.1k Eleventh.", "100.1a Eleventh.", "duplicate rule number 100.1a", 62),
        ("101.1a First.", "101.1z First.", "subrule 101.1b out of order", 44),
        (
            "100.2. Each seat needs a deck made of invented cards.",
            "100.0. Back in time.",
            "rule 100.0 out of order",
            36,
        ),
        (  # a missing rule is added only where it would stand (test_a_subrule_without_its_rule_...)
            "100.1a A duel is a game with exactly two seats at the table.",
            "101.3a Orphan.",
            "subrule 101.3a without its rule 101.3",
            31,
        ),
        (
            "100.2. Each seat needs a deck made of invented cards.",
            "101.2. Early.",
            "rule 101.2 without its section 101",
            36,
        ),
        ("900. General", "102. General", "section 102 out of order (inside chapter 9)", 72),
        ("9. Casual Variants", "0. Back.", "chapter 0 out of order", 70),
        (
            "903.2a Only the owner of the chosen creature may cast it from the command zone.",
            "903.2aa Double.",
            "malformed rule number",
            82,
        ),
        (
            "903.1. In this variant each deck is led by a chosen legendary creature.",
            "9031. Glued.",
            "malformed rule number",
            78,
        ),
        (
            "903.1. In this variant each deck is led by a chosen legendary creature.",
            "903.1.",
            "malformed",
            78,
        ),
        (
            "1. Basics",
            "Loose text before any rule.",
            "the rules do not start with a chapter and a section",
            25,
        ),
        ("1. Basics", "Example: before any rule.", "the rules do not start with a chapter and a section", 25),
        (
            "100. General",
            "Loose text before any rule.",
            "the rules do not start with a chapter and a section",
            25,
        ),
        (
            "A place outside the battlefield where the chosen creatures wait. See rule 903.2.",
            "",
            "glossary term 'Command Zone' has no definition",
            96,
        ),
    ],
)
def test_corrupt_files_raise_parse_error_with_the_line(old: str, new: str, message: str, line: int) -> None:
    text = _replace_line(mini_text(), old, new)
    with pytest.raises(ParseError) as error:
        parse_comprehensive_rules(text, source="broken.txt")
    assert message in str(error.value)
    assert error.value.source == "broken.txt"
    assert error.value.line == line
    assert str(error.value).startswith(f"broken.txt:{line}: ")


def test_a_number_glued_to_its_text_is_read_with_a_warning() -> None:
    # The official "901.4.All plane and phenomenon cards ..." (every release 2023-04 .. 2025-02).
    text = _replace_line(
        mini_text(),
        "903.1. In this variant each deck is led by a chosen legendary creature.",
        "903.1.In this variant each deck is led by a chosen legendary creature.",
    )
    document = parse_comprehensive_rules(text, source="typo.txt")
    rule = next(r for r in document.rules if r.number == "903.1")
    assert rule.kind is RuleKind.RULE
    assert rule.text == "In this variant each deck is led by a chosen legendary creature."
    assert [(w.source, w.line) for w in document.warnings] == [("typo.txt", 78)]
    assert "903.1" in document.warnings[0].problem
    assert str(document.warnings[0]).startswith("typo.txt:78: ")


def _read(text: str) -> RulesDocument:
    return parse_comprehensive_rules(text, source="typo.txt")


def _subrules(document: RulesDocument, rule: str) -> dict[str, str]:
    return {r.number: r.text for r in document.rules if r.parent == rule}


@pytest.mark.parametrize(
    ("old", "new", "read_as", "line"),
    [
        # 702.30d printed twice (20090904, 20091001): a b c d d f -> the second d is e.
        ("101.1e Fifth.", "101.1d Fifth.", "101.1e", 50),
        # j, c again, then m: the sequence calls for k (l is skipped).
        ("101.1k Eleventh.", "101.1c Eleventh.", "101.1k", 62),
    ],
)
def test_a_duplicate_subrule_is_read_as_the_letter_the_sequence_calls_for(
    old: str, new: str, read_as: str, line: int
) -> None:
    document = _read(_replace_line(mini_text(), old, new))
    subrules = _subrules(document, "101.1")
    assert subrules[read_as] == old.split(" ", 1)[1] and len(subrules) == 14
    [warning] = document.warnings
    number = new.split(" ", 1)[0]
    assert (warning.source, warning.line) == ("typo.txt", line)
    assert warning.problem.startswith(f"duplicate rule number {number} (first at line ")
    assert warning.problem.endswith(f"read as {read_as}")


def test_a_duplicate_subrule_the_next_letter_follows_stays_with_the_first() -> None:
    """a b c d d e: the second d cannot be e (the next subrule is e), so both texts stay under 101.1d."""
    text = _replace_line(mini_text(), "101.1e Fifth.", "101.1d Fifth.")
    document = _read(_replace_line(text, "101.1f Sixth.", "101.1e Sixth."))
    subrules = _subrules(document, "101.1")
    assert (
        subrules["101.1d"] == "Fourth.\nFifth."
        and subrules["101.1e"] == "Sixth."
        and "101.1f" not in subrules
    )
    [warning] = document.warnings
    assert str(warning).startswith(
        "typo.txt:50: duplicate rule number 101.1d (first at line 48)"
    ) and "kept with it" in str(warning)


def test_a_subrule_without_its_rule_adds_the_rule_with_a_warning() -> None:
    """505.5a without 505.5 (20100618): the release is read, the rule added without text where it stands."""
    document = _read(
        _replace_line(
            mini_text(),
            "100.2. Each seat needs a deck made of invented cards.",
            "100.2a Each seat needs a deck made of invented cards.",
        )
    )
    rules = {r.number: r for r in document.rules}
    assert (
        rules["100.2"].kind is RuleKind.RULE and rules["100.2"].text == "" and rules["100.2"].parent == "100"
    )
    assert rules["100.2a"].parent == "100.2" and rules["100.2a"].text.startswith("Each seat")
    [warning] = document.warnings
    assert str(warning) == "typo.txt:36: subrule 100.2a without its rule 100.2: rule added"


def test_a_clean_file_has_no_warnings(mini: RulesDocument) -> None:
    assert mini.warnings == ()


@pytest.mark.parametrize(
    "date_line",
    [
        "Effective soon.",
        "These rules are effective as of March 32, 2031.",
        "These rules are effective as of Smarch 3, 2031.",
    ],
)
def test_a_missing_or_impossible_effective_date_is_an_error(date_line: str) -> None:
    text = mini_text().replace("These rules are effective as of March 3, 2031.", date_line)
    with pytest.raises(ParseError, match="no effective date") as error:
        parse_comprehensive_rules(text, source="undated.txt")
    assert (error.value.source, error.value.line) == ("undated.txt", 1)


def test_a_file_cut_before_the_glossary_is_an_error() -> None:
    text = normalize_newlines(mini_text())
    with pytest.raises(ParseError, match="no 'Glossary' heading"):
        parse_comprehensive_rules(text[: text.index("\nGlossary\n\nCommand Zone")], source="cut.txt")


def test_a_file_without_credits_ends_with_its_glossary(mini: RulesDocument) -> None:
    # 20130201 was published without a Credits heading.
    text = normalize_newlines(mini_text())
    document = parse_comprehensive_rules(text[: text.index("\nCredits\n\nInvented")], source="cut.txt")
    assert document.rules == mini.rules
    assert document.glossary == mini.glossary
    assert (document.credits, document.warnings) == ("", ())


def test_a_file_cut_inside_the_glossary_leaves_out_the_last_term_with_a_warning(mini: RulesDocument) -> None:
    # 20130201 ends on the term "Attack Multiple Players " with no definition after it.
    text = normalize_newlines(mini_text())
    document = parse_comprehensive_rules(text[: text.index("\n1. A game with three")], source="cut.txt")
    assert [g.term for g in document.glossary] == ["Command Zone"]
    assert [str(w) for w in document.warnings] == [
        "cut.txt:99: the file ends at glossary term 'Crowd Game': left out"
    ]


def test_the_contents_list_is_optional(mini: RulesDocument) -> None:
    lines = normalize_newlines(mini_text()).split("\n")
    start, end = lines.index("Contents"), lines.index("Credits")
    document = parse_comprehensive_rules("\n".join(lines[:start] + lines[end + 1 :]), source="short.txt")
    assert [r.number for r in document.rules] == [r.number for r in mini.rules]
    assert document.intro == mini.intro


def test_empty_file_is_an_error() -> None:
    with pytest.raises(ParseError, match="empty file"):
        parse_comprehensive_rules("\ufeff\r\n\r", source="empty.txt")


CR_LINES = [
    "Magic: The Gathering Comprehensive Rules", "These rules are effective as of May 2, 2025.",
    "Introduction", "Contents", "Glossary", "Credits", "", "1. Basics", "9. Casual", "100. General",
    "903. Commander", "100.1. Text.", "100.1a Text.", "100.1b Text.", "903.8. Text.", "903.8a Text.",
    "Example: Text.", "     More.", "Term", "903.8", "9.", "Example:",
]  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.one_of(st.sampled_from(CR_LINES), st.text(max_size=12)), max_size=40),
    st.sampled_from(["\n", "\r", "\r\n"]),
)
def test_random_text_gives_a_document_or_a_parse_error(lines: list[str], ending: str) -> None:
    text = ending.join(lines)
    with contextlib.suppress(ParseError):
        parse_comprehensive_rules(text, source="random.txt")


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_damaged_fixture_gives_a_document_or_a_parse_error(data: st.DataObject) -> None:
    lines = normalize_newlines(mini_text()).split("\n")
    for _ in range(data.draw(st.integers(1, 4))):
        index = data.draw(st.integers(0, len(lines) - 1))
        action = data.draw(st.sampled_from(["drop", "duplicate", "swap", "garble"]))
        if action == "drop":
            del lines[index]
        elif action == "duplicate":
            lines.insert(index, lines[index])
        elif action == "swap" and index + 2 < len(lines):
            lines[index], lines[index + 2] = lines[index + 2], lines[index]
        elif action == "garble":
            lines[index] = data.draw(st.text(max_size=20))
    try:
        document = parse_comprehensive_rules("\r".join(lines), source="damaged.txt")
    except ParseError:
        return
    numbers = [r.number for r in document.rules]
    assert len(numbers) == len(set(numbers))


# --- the real Comprehensive Rules files ---------------------------------------------------------------------

NUMBERED_LINE = re.compile(r"^\d{1,3}(?:\.\d+[a-z]?)?\.?\s+\S")

# Counts found in the real files (February 2026 corpus).
REAL = {
    "MagicCompRules 20200601.txt": {
        "version": "20200601", "rules": 2577, "chapters": 9, "sections": 133, "rules_only": 976,
        "subrules": 1459, "glossary": 570, "examples": 250, "continued": ["205.3i", "205.4c", "509.1b"],
    },
    "MagicCompRules 20251114.txt": {
        "version": "20251114", "rules": 3264, "chapters": 9, "sections": 146, "rules_only": 1155,
        "subrules": 1954, "glossary": 725, "examples": 276, "continued": ["205.4c", "509.1b"],
    },
    "MagicCompRules 20260116.txt": {
        "version": "20260116", "rules": 3269, "chapters": 9, "sections": 146, "rules_only": 1157,
        "subrules": 1957, "glossary": 725, "examples": 276, "continued": ["205.4c", "509.1b"],
    },
}  # fmt: skip


@pytest.fixture(scope="module")
def real_documents(real_corpus: Path) -> dict[str, RulesDocument]:
    out = {}
    for name in REAL:
        path = real_corpus / "en" / name
        out[name] = parse_comprehensive_rules(read_text(path), source=name)
    return out


def count_numbered_body_lines(text: str) -> int:
    """An independent count: numbered lines after the Contents list and before the body's Glossary."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    contents_end = lines.index("Credits")  # the Contents list's last entry
    glossary = lines.index("Glossary", contents_end)
    return sum(1 for line in lines[contents_end + 1 : glossary] if NUMBERED_LINE.match(line))


@pytest.mark.corpus
@pytest.mark.parametrize("name", sorted(REAL))
def test_every_numbered_line_becomes_a_record(
    real_corpus: Path, real_documents: dict[str, RulesDocument], name: str
) -> None:
    expected = REAL[name]
    document = real_documents[name]
    text = (real_corpus / "en" / name).read_text(encoding="utf-8-sig")
    assert count_numbered_body_lines(text) == len(document.rules) == expected["rules"]
    kinds = [r.kind for r in document.rules]
    assert kinds.count(RuleKind.CHAPTER) == expected["chapters"]
    assert kinds.count(RuleKind.SECTION) == expected["sections"]
    assert kinds.count(RuleKind.RULE) == expected["rules_only"]
    assert kinds.count(RuleKind.SUBRULE) == expected["subrules"]
    assert len({r.number for r in document.rules}) == len(document.rules)


@pytest.mark.corpus
@pytest.mark.parametrize("name", sorted(REAL))
def test_real_file_facts(real_documents: dict[str, RulesDocument], name: str) -> None:
    expected = REAL[name]
    document = real_documents[name]
    by_number = {r.number: r for r in document.rules}
    assert document.version == expected["version"] == name[15:23]
    assert len(document.glossary) == expected["glossary"]
    assert sum(len(r.examples) for r in document.rules) == expected["examples"]
    assert [r.number for r in document.rules if "\n" in r.text] == expected["continued"]

    assert [r.number for r in document.rules if r.kind is RuleKind.CHAPTER] == [str(n) for n in range(1, 10)]
    assert (by_number["9"].title, by_number["903"].title, by_number["903"].parent) == (
        "Casual Variants",
        "Commander",
        "9",
    )
    assert "command zone" in by_number["903.8"].text
    assert by_number["903.8"].parent == "903"
    assert len(by_number["800.4a"].examples) == 4
    assert all(not e.startswith("Example") for e in by_number["800.4a"].examples)
    assert by_number["119.1d"].kind is RuleKind.SUBRULE  # printed "119.1d." in every version
    assert by_number["606.5"].kind is RuleKind.RULE
    assert "Commander" in by_number["903.8"].text or "commander" in by_number["903.8"].text
    # Records come from the body, after the Contents list (which ends around line 166–179).
    assert by_number["1"].line > 150
    assert document.intro.startswith("This document is the ultimate authority")
    assert document.credits.startswith("Magic: The Gathering Original Game Design")
    assert document.glossary[0].term == "Abandon"
    assert document.glossary[-1].term == "Zone-Change Triggers"


@pytest.mark.corpus
def test_real_files_keep_subrule_letters_without_l_and_o(real_documents: dict[str, RulesDocument]) -> None:
    for document in real_documents.values():
        letters = {r.number[-1] for r in document.rules if r.kind is RuleKind.SUBRULE}
        assert not letters & {"l", "o"}
        assert {"k", "m", "n", "p"} <= letters


@pytest.mark.corpus
def test_newest_file_has_long_keyword_numbers(real_documents: dict[str, RulesDocument]) -> None:
    by_number = {r.number: r for r in real_documents["MagicCompRules 20260116.txt"].rules}
    assert by_number["702.124d"].parent == "702.124"
    assert by_number["702.124"].parent == "702"
