"""The judge's documents' parser, on small PDFs the tests generate (fpdf2) and read back with pypdf as the
ingest does; the official IPG and MTR (marked ``corpus``)."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from judge.parsing.judge_documents import parse_judge_document, strip_page_furniture
from judge.parsing.judge_references import query_reference, references
from judge.parsing.records import ParseError
from judge.rules.judgedocs.extract import pdf_pages, read_judge_document
from tests.conftest import corpus_dir
from tests.judge_pdfs import IPG_JA_PAGES, IPG_PAGES, JA_FONT, JAR_PAGES, MTR_PAGES, needs_ja_font, write_pdf


@pytest.fixture
def ipg(tmp_path: Path):
    return read_judge_document(
        write_pdf(tmp_path / "ipg.pdf", IPG_PAGES, header="Magic Infraction Procedure Guide")
    )


def test_the_kind_the_date_and_the_address_are_read_from_the_document(ipg) -> None:
    assert ipg.kind == "ipg"
    assert ipg.title.upper() == "MAGIC INFRACTION PROCEDURE GUIDE"
    assert ipg.effective == dt.date(2024, 9, 23)
    assert ipg.address == "https://wpn.wizards.com/en/rules-documents"


def test_every_contents_entry_is_a_section_in_order(ipg) -> None:
    assert [(s.key, s.number, s.title) for s in ipg.sections] == [
        ("introduction", "", "Introduction"),
        ("1", "1", "General Philosophy"),
        ("1.1", "1.1", "Definition of Penalties"),
        ("2", "2", "Game Play Errors"),
        ("2.1", "2.1", "Game Play Error — Missed Trigger"),
        ("2.5", "2.5", "Game Play Error — Game Rule Violation Handled at Competitive Events"),
        ("A", "A", "Penalty Quick Reference"),
    ]
    assert [s.page for s in ipg.sections] == [1, 2, 2, 3, 3, 3, 3]
    assert ipg.warnings == ()


def test_a_title_wrapped_over_two_lines_is_joined_and_its_penalty_read(ipg) -> None:
    section = ipg.section("2.5")
    assert section.penalty == "Warning"
    assert ipg.section("2.1").penalty == "No Penalty"
    assert ipg.section("1").penalty == ""
    # The heading's second line is not text of the section.
    assert not section.text.startswith("Competitive")


def test_the_ipg_parts_of_an_infraction(ipg) -> None:
    trigger = ipg.section("2.1")
    assert [p.heading for p in trigger.parts] == ["Definition", "Philosophy", "Upgrade"]
    assert trigger.parts[0].paragraphs == (
        "A triggered ability triggers, but the player controlling the ability doesn’t demonstrate "
        "awareness of the trigger’s existence.",
    )
    assert trigger.parts[2].paragraphs == (
        "Upgrade: If the triggered ability is usually considered detrimental, the penalty is a Warning.",
    )
    grv = ipg.section("2.5")
    assert [p.heading for p in grv.parts] == ["Definition", "Examples", "Additional Remedy"]
    assert grv.parts[1].paragraphs == (
        "A. A player casts Wrath of God for 3W.",
        "B. A player does not attack with a creature that must attack each turn.",
    )


def test_page_headers_and_footers_are_removed(ipg) -> None:
    whole = "\n".join(s.text for s in ipg.sections)
    assert "Magic Infraction Procedure Guide" not in whole
    assert not re.search(r"(?m)^\d+$", whole)
    # The contents are not text of the introduction.
    assert "....." not in whole and "CONTENTS" not in whole
    assert ipg.section("introduction").text.startswith("This guide is updated periodically")


def test_a_numbered_list_inside_a_section_is_not_a_heading(tmp_path: Path) -> None:
    mtr = read_judge_document(write_pdf(tmp_path / "mtr.pdf", MTR_PAGES))
    assert mtr.kind == "mtr"
    assert mtr.effective == dt.date(2025, 4, 21)
    assert [s.key for s in mtr.sections] == ["introduction", "3", "3.1", "4", "4.4"]
    assert mtr.section("3.1").parts[0].paragraphs == (
        "The following tiebreakers are used:",
        "1. Match points",
        "2. Opponents’ match-win percentage",
    )
    loops = mtr.section("4.4")
    assert loops.title == "Loops"
    assert loops.parts[0].paragraphs[0].startswith("A loop is a form of tournament shortcut that involves")
    assert loops.parts[0].paragraphs[0].endswith("iterations of that sequence.")


def test_without_contents_numbered_headings_in_order(tmp_path: Path) -> None:
    pages = [
        [
            "JUDGING AT REGULAR REL",
            "Updated September 23, 2024",
            "1. Philosophy",
            "Judges help.",
            "2. Communication",
            "Players talk.",
            "1. Not a heading",
            "2.1 Missed Triggers",
            "Remind them.",
        ],
    ]
    jar = read_judge_document(write_pdf(tmp_path / "jar.pdf", pages, footer=False))
    assert jar.kind == "jar"
    assert jar.effective == dt.date(2024, 9, 23)
    assert [(s.key, s.title) for s in jar.sections] == [
        ("1", "Philosophy"),
        ("2", "Communication"),
        ("2.1", "Missed Triggers"),
    ]
    assert jar.section("2").text == "Players talk.\n1. Not a heading"


@pytest.mark.parametrize(
    ("pages", "problem"),
    [
        ([""], "no text"),
        (["SOMETHING ELSE\nEffective April 21, 2025\n1. One"], "unknown document"),
        (["MAGIC TOURNAMENT RULES\n1. One\nText."], "no effective date"),
        (["MAGIC TOURNAMENT RULES\nEffective April 21, 2025\nNo heading here."], "no section found"),
        (["MAGIC TOURNAMENT RULES\nEffective February 30, 2025\n1. One"], "effective date"),
    ],
)
def test_a_document_it_cannot_read_is_refused(pages: list[str], problem: str) -> None:
    with pytest.raises(ParseError, match=problem):
        parse_judge_document(pages, source="x.pdf")


def test_a_file_that_is_not_a_pdf_is_refused_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "broken.pdf"
    path.write_bytes(b"%PDF-1.4 not really")
    with pytest.raises(ParseError, match="broken.pdf: not a readable PDF"):
        pdf_pages(path)


def test_a_repeated_line_at_the_page_edges_is_furniture_but_not_on_one_page() -> None:
    lines = strip_page_furniture(
        [["Intro", "text", "end", "Footer 1"], ["More", "words", "end.", "Footer 2"]]
    )
    assert lines == [(1, "Intro"), (1, "text"), (1, "end"), (2, "More"), (2, "words"), (2, "end.")]
    assert strip_page_furniture([["Only page", "Footer 1"]]) == [(1, "Only page"), (1, "Footer 1")]


def test_references_and_queries() -> None:
    assert references("IPG 2.5 and MTR 10.4, the JAR; MTR 4.4.2 is not a section") == [
        (0, 7, "ipg", "2.5"),
        (12, 20, "mtr", "10.4"),
        (26, 29, "jar", ""),
        (31, 34, "mtr", ""),
    ]
    assert query_reference("IPG 2.5") == ("ipg", "2.5")
    assert query_reference("mtr appendix") is None
    assert query_reference("ipg a") == ("ipg", "A")


# --------------------------------------------------------------------------- the official files

JUDGE = corpus_dir() / "judge"
IPG_FILE = JUDGE / "MTG_IPG_2024Sep23_EN.pdf"
MTR_FILE = JUDGE / "MTG_MTR_2025_Apr_21_EN.pdf"


@pytest.mark.corpus
@pytest.mark.skipif(not IPG_FILE.is_file(), reason="the official IPG is not in the corpus")
def test_the_official_ipg_every_contents_section_with_its_text() -> None:
    doc = read_judge_document(IPG_FILE)
    assert doc.kind == "ipg"
    assert doc.effective == dt.date(2024, 9, 23)
    assert doc.warnings == ()
    assert len(doc.contents) >= 30
    assert [(s.number, s.title) for s in doc.sections] == [(number, title) for number, title in doc.contents]
    for section in doc.sections:
        if section.depth or not section.number.isdigit():  # a chapter may be a heading only
            assert len(section.text) > 40, section.key
    grv = doc.section("2.5")
    assert grv.title == "Game Play Error — Game Rule Violation"
    assert grv.penalty == "Warning"
    assert [p.heading for p in grv.parts] == ["Definition", "Examples", "Philosophy", "Additional Remedy"]
    trigger = doc.section("2.1")
    assert trigger.title == "Game Play Error — Missed Trigger"
    assert trigger.penalty == "No Penalty"
    assert [p.heading for p in trigger.parts][-1] == "Upgrade"
    assert "Looking at Extra Cards" in doc.section("2.2").title
    assert doc.section("4.8").penalty == "Disqualification"
    whole = "\n".join(s.text for s in doc.sections)
    assert "......" not in whole


@pytest.mark.corpus
@pytest.mark.skipif(not MTR_FILE.is_file(), reason="the official MTR is not in the corpus")
def test_the_official_mtr_sections() -> None:
    doc = read_judge_document(MTR_FILE)
    assert doc.kind == "mtr"
    assert doc.effective == dt.date(2025, 4, 21)
    assert doc.warnings == ()
    assert [(s.number, s.title) for s in doc.sections] == list(doc.contents)
    assert len(doc.sections) > 90
    loops = doc.section("4.4")
    assert loops.title == "Loops"
    assert loops.text.startswith("A loop is a form of tournament shortcut")
    assert "the game is a draw" in loops.text
    assert doc.section("2.5").title == "Conceding or Intentionally Drawing Games or Matches"
    assert "concede" in doc.section("2.5").text
    assert doc.section("2.7").title == "Deck Registration"
    assert doc.section("F").title == "Rules Enforcement Levels of Programs"


@needs_ja_font
def test_an_official_japanese_edition_is_read_with_the_same_numbers(tmp_path: Path) -> None:
    doc = read_judge_document(
        write_pdf(tmp_path / "ipg-ja.pdf", IPG_JA_PAGES, header="マジック違反処置指針", font=JA_FONT)
    )
    assert (doc.kind, doc.lang, doc.title, doc.effective) == (
        "ipg",
        "ja",
        "マジック違反処置指針",
        dt.date(2024, 9, 23),
    )
    assert [(s.key, s.title, s.penalty) for s in doc.sections] == [
        ("introduction", "はじめに", ""),
        ("1", "基本理念", ""),
        ("1.1", "罰則の定義", ""),
        ("2", "ゲームプレイ・エラー", ""),
        ("2.1", "ゲームプレイ・エラー — 誘発忘れ", "No Penalty"),
        ("2.5", "ゲームプレイ・エラー — 競技イベントにおけるゲームルール違反", "Warning"),
        ("A", "罰則早見表", ""),
    ]
    assert doc.warnings == ()
    intro = doc.sections[0]
    # A wrapped Japanese line joins without a space; the running header and page numbers are gone.
    assert intro.parts[0].paragraphs == (
        "この指針は、ジャッジが違反を処置するための手順を示すものです（マジック・イベント規定を参照）。",
    )
    trigger = doc.section("2.1")
    assert [(p.heading, p.printed) for p in trigger.parts] == [
        ("Definition", "定義"),
        ("Philosophy", "理念"),
        ("Upgrade", ""),
    ]
    assert trigger.parts[2].paragraphs == (
        "格上げ：その誘発型能力が通常は不利なものであるなら、罰則は警告となる。",
    )
    grv = doc.section("2.5")
    assert [p.heading for p in grv.parts] == ["Definition", "Examples", "Additional Remedy"]
    assert grv.text.splitlines()[0] == "定義"
    assert doc.section("2").parts[0].paragraphs == (
        "ゲームプレイ・エラーは、ゲームの誤ったプレイによって総合ルールに違反するものである（ルール704.5参照）。",
    )


@pytest.mark.parametrize(
    ("first", "effective"),
    [
        ("２０２６年２月２７日発効", dt.date(2026, 2, 27)),
        ("発効日：2025年4月21日", dt.date(2025, 4, 21)),
        ("2024年9月23日より施行", dt.date(2024, 9, 23)),
        ("最終更新 2024年9月23日", dt.date(2024, 9, 23)),
    ],
)
def test_a_japanese_edition_s_date_as_printed(first: str, effective: dt.date) -> None:
    pages = [
        f"マジック・イベント規定\n{first}\n4. コミュニケーション ……… 2\n4.4 ループ ……… 2",
        "4. コミュニケーション\n話す。\n4.4 ループ\nループは省略の一種である。",
    ]
    doc = parse_judge_document(pages, source="mtr-ja.pdf")
    assert (doc.kind, doc.lang, doc.effective) == ("mtr", "ja", effective)
    assert [(s.key, s.title) for s in doc.sections] == [("4", "コミュニケーション"), ("4.4", "ループ")]


def test_a_jar_laid_out_as_published_headed_sections_without_numbers(tmp_path: Path) -> None:
    jar = read_judge_document(write_pdf(tmp_path / "jar.pdf", JAR_PAGES))
    assert (jar.kind, jar.effective, jar.title) == (
        "jar",
        dt.date(2024, 9, 23),
        "Judging at Regular Rules Enforcement Level (REL)",
    )
    assert [(s.key, s.number, s.title, s.page) for s in jar.sections] == [
        ("introduction", "", "Introduction", 1),
        ("common-issues", "", "Common Issues", 1),
        (
            "a-player-forgets-a-triggered-ability-an-ability-that-starts",
            "",
            "A player forgets a triggered ability (an ability that starts with when, whenever or at the "
            "beginning, usually at the start of its text)",
            1,
        ),
        (
            "a-player-sees-a-card-in-a-library-that-they-were-not",
            "",
            "A player sees a card in a library that they were not entitled to see",
            1,
        ),
        (
            "a-player-makes-a-game-error-not-covered-above",
            "",
            "A player makes a game error not covered above",
            1,
        ),
        ("general-unwanted-behaviors", "", "General Unwanted Behaviors", 2),
        ("serious-problems", "", "Serious Problems", 2),
        ("resources", "", "Resources", 2),
    ]
    assert jar.warnings == ()
    # The introduction: the paragraphs under no heading, without the title and the date.
    assert (
        jar.section("introduction").parts[0].paragraphs[0].startswith("Regular events are where most players")
    )
    assert len(jar.section("introduction").parts[0].paragraphs) == 2
    assert jar.section("common-issues").parts == ()  # its situations follow
    trigger = jar.sections[2]
    assert trigger.text.startswith("Such an ability is missed")
    assert "(see rule 603.2 for how abilities trigger)" in trigger.text
    assert jar.section("serious-problems").parts[0].paragraphs == (
        "A few actions are never tolerated at any event, and a player who does one is removed from it:",
        "• Violent, harassing or abusive behavior towards anyone at the event, in words or deeds.",
        "• Knowingly breaking a rule, or letting an opponent break one, to gain an advantage in the game "
        "or the tournament.",
    )
    assert jar.section("general-unwanted-behaviors").parts[0].paragraphs[:3] == (
        "• Shuffling too little.",
        "• Playing too slowly or taking too long to sideboard between games.",
        "• Asking for or giving strategic advice during a match.",
    )
    assert "Written for these tests." in jar.section("resources").text


def test_a_japanese_jar_its_headings_between_paragraphs() -> None:
    page = "\n".join(
        [
            "一般レベル・ジャッジの手引き",
            "2024年9月23日更新",
            "一般レベルのイベントは、多くのプレイヤーが初めて出るイベントです。",
            "よくある問題",
            "プレイヤーが誘発型能力を忘れた",
            "その能力を今スタックに置きます。",
            "重大な問題",
            "• 暴力的な振る舞い。",
        ]
    )
    jar = parse_judge_document([page], source="jar-ja.pdf")
    assert (jar.kind, jar.lang, jar.effective) == ("jar", "ja", dt.date(2024, 9, 23))
    # Keyed by their place until the ingest gives them the English edition's keys (aligned_keys).
    assert [(s.key, s.title) for s in jar.sections] == [
        ("introduction", "Introduction"),
        ("section-2", "よくある問題"),
        ("section-3", "プレイヤーが誘発型能力を忘れた"),
        ("section-4", "重大な問題"),
    ]
    assert jar.warnings == ()
