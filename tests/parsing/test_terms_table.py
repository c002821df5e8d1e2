"""The term table and the Japanese section titles (judge/parsing/terms_table.py, rules_data/*.tsv)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge.parsing.comprehensive_rules import parse_comprehensive_rules
from judge.parsing.corpus import parse_file, read_text
from judge.parsing.records import DocKind, ParseError, RuleKind, RulesDocument
from judge.parsing.terms_table import (
    SectionTitle,
    Term,
    english_index,
    english_key,
    glossary_terms,
    load_section_titles,
    load_terms_table,
    parse_section_titles,
    parse_terms_table,
    section_title_index,
    section_title_ja,
    table_problems,
)

TERMS_HEADER = "ja\ten\tkind\trule\tnotes\n"
SECTIONS_HEADER = "number\ten\tja\tbasis\n"


@pytest.fixture()
def sample_terms(fixtures_dir: Path) -> tuple[Term, ...]:
    return load_terms_table(fixtures_dir / "terms" / "terms_sample.tsv")


@pytest.fixture()
def sample_titles(fixtures_dir: Path) -> tuple[SectionTitle, ...]:
    return load_section_titles(fixtures_dir / "terms" / "sections_sample.tsv")


def test_rows_keep_every_spelling_the_official_name_first(sample_terms: tuple[Term, ...]) -> None:
    tax = sample_terms[1]
    assert tax == Term(
        ja=("統率者税", "コマンダー税"),
        en=("commander tax",),
        kind="commander",
        rule="903.8",
        notes="",
        line=4,
    )
    assert tax.name_ja == "統率者税" and not tax.one_way
    assert len(sample_terms) == 13  # the comment line is skipped


def test_a_word_without_japanese_keeps_its_reason(sample_terms: tuple[Term, ...]) -> None:
    [word] = [t for t in sample_terms if t.en == ("if",)]
    assert word.ja == () and word.name_ja == ""
    assert word.notes.startswith("no Japanese term")


def test_duel_masters_rows_are_one_way(sample_terms: tuple[Term, ...]) -> None:
    deck = sample_terms[-1]
    assert deck.kind == "duel-masters" and deck.one_way
    # "deck" is Magic's デッキ; the Duel Masters 山札 only translates English to Japanese
    assert glossary_terms(english_index(sample_terms), "Deck")[0].name_ja == "デッキ"


@pytest.mark.parametrize(
    ("headword", "names"),
    [
        ("Commander Tax", ["統率者税"]),
        ("Life, Life Total", ["ライフ", "ライフ総量"]),  # a headword joining two words
        ("Kicker, Kicked", ["キッカー"]),  # two spellings of one row
        ("Daybound and Nightbound", ["日暮", "夜明"]),  # rule 702.145's title
        ("Partner, “Partner—[text],” “Partner with [name]”", ["共闘"]),  # quotes and placeholders
        ("City’s Blessing", ["都市の承認"]),  # a curly apostrophe
        ("Converted Mana Cost (Obsolete)", ["マナ総量"]),
        ("Commander Ninjutsu", []),  # not in the sample
        ("Life, Poison", []),  # every part must be known
    ],
)
def test_glossary_headwords_find_their_rows(
    sample_terms: tuple[Term, ...], headword: str, names: list[str]
) -> None:
    assert [t.name_ja for t in glossary_terms(english_index(sample_terms), headword)] == names


def test_the_sample_has_no_duplicate(sample_terms: tuple[Term, ...]) -> None:
    assert table_problems(sample_terms) == []


def test_duplicates_and_contradictions_are_reported() -> None:
    terms = parse_terms_table(
        TERMS_HEADER
        + "統率者\tcommander\tcommander\t\t\n"
        + "統率者 | 指揮官\tgeneral\tmultiplayer\t\t\n"  # the same Japanese twice
        + "司令官\tcommander\tcommander\t\t\n"  # the same English on two two-way rows
        + "山札\tdeck\tduel-masters\t\tDuel Masters\n"
        + "デッキ\tdeck\tgame\t\t\n",  # one-way rows may share English with Magic's word
        source="t.tsv",
    )
    assert table_problems(terms) == [
        "line 3: '統率者' is already on line 2",
        "line 4: 'commander' is already on line 2",
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ja\ten\tnotes\n統率者\tcommander\t\n", "t.tsv:1: the header must be ja / en / kind / rule / notes"),
        ("", "t.tsv: no header line"),
        (TERMS_HEADER + "飛行\tflying\tkeyword\t702.9\t\n", "t.tsv:2: unknown kind 'keyword'"),
        (
            TERMS_HEADER + "飛行\tflying\tkeyword-ability\t702.9.\t\n",
            "t.tsv:2: '702.9.' is not a rule number",
        ),
        (TERMS_HEADER + "飛行\t\tkeyword-ability\t\t\n", "t.tsv:2: no English word"),
        (
            TERMS_HEADER + "\tflying\tkeyword-ability\t\t\n",
            "t.tsv:2: 'flying' has no Japanese name and no note",
        ),
        (
            TERMS_HEADER + "飛行\tflying\tkeyword-ability\t702.9\t\textra\n",
            "t.tsv:2: 6 columns, expected at most 5",
        ),
    ],
)
def test_a_malformed_term_table_names_its_line(text: str, message: str) -> None:
    with pytest.raises(ParseError) as caught:
        parse_terms_table(text, source="t.tsv")
    assert str(caught.value).startswith(message)


def test_a_section_number_can_carry_one_title_per_release(sample_titles: tuple[SectionTitle, ...]) -> None:
    index = section_title_index(sample_titles)
    assert section_title_ja(index, "309", "Planes") == "次元"  # 2020
    assert section_title_ja(index, "309", "Dungeons") == "ダンジョン"  # since 2021
    assert section_title_ja(index, "9", "Casual Variants") == "カジュアル変種ルール"
    assert section_title_ja(index, "903", "Archenemy") is None
    assert [t.basis for t in sample_titles] == ["corpus", "cr-ja", "cr-ja", "corpus", "derived"]


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("903.8\tCommander Tax\t統率者税\tcorpus\n", "s.tsv:2: '903.8' is not a chapter or section number"),
        ("903\tCommander\t\tcorpus\n", "s.tsv:2: a title needs its English and its Japanese"),
        ("903\tCommander\t統率者戦\tguess\n", "s.tsv:2: unknown basis 'guess'"),
    ],
)
def test_a_malformed_section_table_names_its_line(row: str, message: str) -> None:
    with pytest.raises(ParseError) as caught:
        parse_section_titles(SECTIONS_HEADER + row, source="s.tsv")
    assert str(caught.value) == message


def test_the_project_tables_parse() -> None:
    """The real tables (repository data) parse, with no duplicate or contradictory row."""
    terms = load_terms_table()
    assert table_problems(terms) == []
    assert len(terms) >= 700
    titles = load_section_titles()
    assert len({(t.number, t.en) for t in titles}) == len(titles), "a section title is listed twice"


# --- against the real corpus ------------------------------------------------------------------


@pytest.fixture(scope="module")
def releases(real_corpus: Path) -> list[RulesDocument]:
    files = sorted((real_corpus / "en").glob("MagicCompRules *.txt"))
    return [parse_comprehensive_rules(read_text(p), source=p.name) for p in files]


@pytest.fixture(scope="module")
def current(releases: list[RulesDocument]) -> RulesDocument:
    return releases[-1]


def _titles(document: RulesDocument, section: str) -> list[str]:
    """The titles of the rules of a section (701.2 "Activate", 702.9 "Flying" ...), the first rule
    excepted."""
    return [
        r.text
        for r in document.rules
        if r.kind == RuleKind.RULE and r.parent == section and r.number != f"{section}.1"
    ]


def _listed(document: RulesDocument, number: str, lead: str) -> list[str]:
    """The words a rule lists after ``lead`` ("The supertypes are basic, legendary, ... and world.")."""
    text = next(r.text for r in document.rules if r.number == number)
    listed = text.split(lead, 1)[1].split(".", 1)[0]
    return [w.strip() for w in re.split(r",|\band\b", listed) if w.strip()]


@pytest.mark.corpus
def test_every_chapter_and_section_of_every_release_has_a_japanese_title(
    releases: list[RulesDocument],
) -> None:
    index = section_title_index(load_section_titles())
    missing = [
        f"{doc.version} {r.number}. {r.title}"
        for doc in releases
        for r in doc.rules
        if r.kind in (RuleKind.CHAPTER, RuleKind.SECTION)
        and not section_title_ja(index, r.number, r.title)
        and (r.number, english_key(r.title)) not in index  # an unverified row: no official Japanese yet
    ]
    assert missing == [], f"{len(missing)} chapters or sections have no Japanese title: {missing}"


@pytest.mark.corpus
def test_every_section_title_row_is_a_heading_of_some_release(releases: list[RulesDocument]) -> None:
    headings = {
        (r.number, r.title)
        for doc in releases
        for r in doc.rules
        if r.kind in (RuleKind.CHAPTER, RuleKind.SECTION)
    }
    stale = [f"{t.number} {t.en}" for t in load_section_titles() if (t.number, t.en) not in headings]
    assert stale == []


@pytest.mark.corpus
def test_section_titles_agree_with_the_japanese_texts(real_corpus: Path) -> None:
    """Where a Japanese text prints a heading ("805. 「共有チーム・ターン」選択ルール") or cites one
    ("rule 706〔サイコロを振ること〕"), the table gives the same Japanese."""
    by_number: dict[str, set[str]] = {}
    for title in load_section_titles():
        by_number.setdefault(title.number, set()).add(title.ja)
    checked, disagree = 0, []
    for path in sorted((real_corpus / "ja").glob("*.txt")):
        text = read_text(path)
        squeezed = re.sub(r"\s+", "", text)  # the rules-viewer dump breaks headings over lines
        cited = re.findall(r"rule\s*(\d{3})\s*〔([^〕]+)〕", text)
        for number, quoted in cited:
            checked += 1
            if quoted not in by_number.get(number, set()):
                disagree.append(f"{path.name}: rule {number}〔{quoted}〕, table: {by_number.get(number)}")
        if parse_file(path).kind != DocKind.CR_TRANSLATION:
            continue
        for number, quoted in re.findall(r"(?m)^\s*(\d{3}|\d)\.\s+([^\s。][^。\n]*?)\s*$", text):
            if number not in by_number:
                continue  # "0. はじめに": the introduction has no number in the CR
            checked += 1
            if not any(f"{number}.{ja}" in squeezed for ja in by_number[number]):
                disagree.append(f"{path.name}: {number}. {quoted}, table: {by_number[number]}")
    assert disagree == []
    assert checked >= 30


@pytest.mark.corpus
def test_every_glossary_headword_has_a_row(current: RulesDocument) -> None:
    index = english_index(load_terms_table())
    missing = [g.term for g in current.glossary if not glossary_terms(index, g.term)]
    assert missing == [], f"glossary headwords missing from rules_data/terms.tsv: {missing}"
    named = [g.term for g in current.glossary if all(t.ja for t in glossary_terms(index, g.term))]
    # 2026 added a dozen headwords the official Japanese translation read (20260116.0) predates.
    assert len(named) >= 620, (
        f"only {len(named)} of {len(current.glossary)} glossary headwords have a Japanese name"
    )


@pytest.mark.corpus
def test_the_terms_of_the_rules_structure_have_japanese_names(current: RulesDocument) -> None:
    """Keyword abilities and actions, card types, supertypes, the subtypes the glossary defines, zones,
    phases and steps, counters, and the Commander / Planechase / multiplayer words (glossary entries
    citing chapters 8 and 9) each have a Japanese name, or a row that says the official name is not
    verified."""
    index = english_index(load_terms_table())
    glossary = {g.term for g in current.glossary}
    sections = [r for r in current.rules if r.kind == RuleKind.SECTION]
    subtypes = [
        w.strip("’'")
        for number, lead in [("205.3g", "types are"), ("205.3h", "types are"), ("205.3i", "types are"),
                             ("205.3k", "types are"), ("205.3q", "type is")]
        for w in _listed(current, number, lead)
    ]  # fmt: skip
    wanted = {
        "keyword ability": _titles(current, "702"),
        "keyword action": _titles(current, "701"),
        "card type": _listed(current, "205.2a", "The card types are"),
        "supertype": _listed(current, "205.4a", "The supertypes are"),
        "subtype": [w for w in subtypes if w in glossary],
        "zone": [s.title for s in sections if "401" <= s.number <= "408"],
        "phase or step": [s.title for s in sections if "501" <= s.number <= "514"],
        "counter": [g for g in glossary if g.endswith(" Counter")],
        "variant or option": [s.title for s in sections if s.number[0] in "89" and s.title != "General"],
        "multiplayer word": [g.term for g in current.glossary
                             if re.search(r"rules? (8\d\d|90\d)", g.definition)],
    }  # fmt: skip
    assert all(wanted.values()), wanted
    missing, unverified = [], []
    for kind, words in wanted.items():
        for word in words:
            terms = glossary_terms(index, re.sub(r" (Option|Variant)s?$", "", word))
            if not terms:
                missing.append(f"{kind}: {word}")
            elif not all(t.ja for t in terms) and not all(
                t.ja or t.notes.startswith("no verified") for t in terms
            ):
                unverified.append(f"{kind}: {word}")
    assert missing == [], f"no row in rules_data/terms.tsv for: {missing}"
    assert unverified == [], f"no Japanese name and no reason for: {unverified}"


@pytest.mark.corpus
def test_every_rule_the_table_cites_exists(current: RulesDocument) -> None:
    numbers = {r.number for r in current.rules}
    dangling = [f"line {t.line}: {t.rule}" for t in load_terms_table() if t.rule and t.rule not in numbers]
    assert dangling == []
