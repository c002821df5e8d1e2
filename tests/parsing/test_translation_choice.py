"""Tests for judge.parsing.translation_choice: a translation that numbers two texts alike keeps the one that
matches the English, and says which it left out. Invented rules and Japanese (tests/rules/ja_cr_files.py)."""

from __future__ import annotations

from judge.parsing import ja_comprehensive_rules
from judge.parsing.dating import TermMatcher
from judge.parsing.linking import Status, link_document
from judge.parsing.records import JaDocument, RuleKind, RuleRecord, RulesDocument
from judge.parsing.translation_choice import choose_texts
from tests.rules.ja_cr_files import ja_cr_text

TERMS = TermMatcher(
    ((("英雄譚",), ("Saga",)), (("章能力",), ("chapter ability",)), (("伝承カウンター",), ("lore counter",)))
)

RULES = (
    ("5", "ターンの構造"),
    ("505", "メイン・フェイズ"),
    ("505.1", "メイン・フェイズは2つある。"),
    ("505.4", "次に、自分の英雄譚のうち章能力を持つものそれぞれに伝承カウンターを置く。rule 714 参照。"),
    ("505.5", "次に、何もしない。"),
)
OLDER_505_4 = "505.4. 次に、自分の英雄譚それぞれに伝承カウンターを置く。rule 714 参照。"


def english(version: str = "20240101") -> RulesDocument:
    def rule(number: str, text: str) -> RuleRecord:
        return RuleRecord(number, RuleKind.RULE, text, "505", 1)

    rules = (
        RuleRecord("5", RuleKind.CHAPTER, "Turn Structure", None, 1),
        RuleRecord("505", RuleKind.SECTION, "Main Phase", "5", 1),
        rule("505.1", "There are two main phases."),
        rule(
            "505.4",
            "Second, put a lore counter on each Saga you control with one or more chapter abilities. "
            "(See rule 714.)",
        ),
        rule("505.5", "Third, do nothing."),
    )
    return RulesDocument(source=f"MagicCompRules {version}.txt", version=version, rules=rules, glossary=())


def translation(*, older_first: bool) -> tuple[JaDocument, int, int]:
    """The translation with its two 505.4: the older text first or second; and the lines of both."""
    text = ja_cr_text("20240101", RULES)
    current = next(line for line in text.split("\n") if line.startswith("505.4."))
    both = f"{OLDER_505_4}\n\n{current}" if older_first else f"{current}\n\n{OLDER_505_4}"
    text = text.replace(current, both)
    lines = text.split("\n")
    older, newer = lines.index(OLDER_505_4) + 1, lines.index(current) + 1
    return ja_comprehensive_rules.parse(text, source="JPN_CR_20240101_0.txt"), older, newer


def section(document: JaDocument, number: str) -> object:
    return next(s for s in document.sections if s.cr_number == number)


def test_the_text_that_matches_the_english_is_kept_wherever_it_stands() -> None:
    rules = {r.number: r for r in english().rules}
    for older_first in (True, False):
        document, older, newer = translation(older_first=older_first)
        chosen = choose_texts(document, rules, "20240101", TERMS)
        kept = section(chosen, "505.4")
        assert (kept.line, kept.anchor, kept.parent) == (newer, "r505-4", "r505")  # type: ignore[attr-defined]
        assert "章能力" in kept.text and chosen.duplicates == ()  # type: ignore[attr-defined]
        # Sections stay in file order, one per number.
        assert [s.cr_number for s in chosen.sections if s.cr_number] == [number for number, _ in RULES]
        first, second = sorted((older, newer))
        assert [(w.line, w.problem) for w in chosen.warnings] == [
            (
                older,
                f"rule 505.4 appears twice (lines {first} and {second}): kept line {newer}, the text that "
                f"matches the English of 20240101 (the game's terms it names); left out line {older}",
            )
        ]


def test_with_nothing_to_tell_them_apart_or_no_english_the_first_is_kept() -> None:
    document, older, newer = translation(older_first=True)
    # Without the term table the two texts cite the same rule and nothing else is compared.
    same = choose_texts(document, {r.number: r for r in english().rules}, "20240101")
    assert section(same, "505.4").line == older  # type: ignore[attr-defined]
    told = f"kept line {older}, the first: the English of 20240101 tells them apart in nothing"
    assert same.warnings[0].problem.endswith(f"{told}; left out line {newer}")
    unknown = choose_texts(document, {}, "", TERMS)
    assert section(unknown, "505.4").line == older  # type: ignore[attr-defined]
    assert f"kept line {older}, the first: no English of it in a known release" in unknown.warnings[0].problem


def test_the_linking_aligns_the_text_kept_and_reports_the_one_left_out() -> None:
    document, older, newer = translation(older_first=True)
    linked = link_document(document, [english()], {}, TERMS)
    aligned = next(a for a in linked.sections if a.section.cr_number == "505.4")
    assert (aligned.section.line, aligned.status, aligned.aligned_number) == (newer, Status.CURRENT, "505.4")
    assert [w.line for w in linked.document.warnings] == [older]
    assert "left out line" in linked.document.warnings[0].problem and not linked.document.duplicates
