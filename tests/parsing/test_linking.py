"""Linking a parsed corpus: citations, unresolved references, renumbering and translation alignment."""

from __future__ import annotations

from pathlib import Path

from judge.parsing.comprehensive_rules import parse_comprehensive_rules
from judge.parsing.dating import TermMatcher
from judge.parsing.linking import Status, link_corpus_documents, link_document, link_rules
from judge.parsing.records import (
    DocKind,
    DocSection,
    GlossaryEntry,
    JaDocument,
    RuleKind,
    RuleRecord,
    RulesDocument,
)

FIXTURES = Path(__file__).parent.parent / "fixtures" / "cr"


def rules(
    version: str, *numbered: tuple[str, str], glossary: tuple[GlossaryEntry, ...] = ()
) -> RulesDocument:
    records = tuple(
        RuleRecord(n, RuleKind.RULE, text, n.split(".")[0], line) for line, (n, text) in enumerate(numbered)
    )
    return RulesDocument(
        source=f"MagicCompRules {version}.txt", version=version, rules=records, glossary=glossary
    )


def translation(*sections: DocSection, translated_from: str | None = None) -> JaDocument:
    return JaDocument(
        source="ja.txt",
        slug="cr-ja",
        title_ja="総合ルール",
        kind=DocKind.CR_TRANSLATION,
        sections=sections,
        translated_from=translated_from,
    )


def test_each_rule_cites_the_other_rules_once_and_dangling_references_are_reported() -> None:
    document = rules(
        "20260116",
        ("903.8", "See rule 903.9, rule 903.9 again, rule 903.8 itself and rule 903.77."),
        ("903.9", "Text."),
        glossary=(GlossaryEntry("Map", "See rule 110.10.", 9),),
    )
    linked = link_rules(document)
    assert [(r.record.number, r.links_to) for r in linked.rules] == [("903.8", ("903.9",)), ("903.9", ())]
    assert linked.unresolved == ("903.8 -> 903.77", "glossary 'Map' -> 110.10")


def test_a_translation_is_aligned_through_the_renumbering_and_marked_when_the_english_changed() -> None:
    old = rules(
        "20200601",
        ("103.3c", "Each player starts at forty life in a Commander game."),
        ("103.5", "Mulligans are taken in turn order."),
    )
    new = rules(
        "20260116",
        ("103.3c", "A new rule about mulligans."),
        ("103.4c", "Each player starts at forty life in a Commander game."),
        ("103.5", "Mulligans are taken at the same time."),
    )
    document = translation(
        DocSection(anchor="r1", heading="", text="rule 103.3c を参照。", line=1, cr_number="103.3c"),
        DocSection(anchor="r2", heading="", text="マリガン", line=2, cr_number="103.5"),
        DocSection(anchor="r3", heading="", text="rule 999.1 を参照", line=3),
        translated_from="20200601",
    )
    linked = link_corpus_documents((old, new), (document,))
    assert linked.renumbered == {"20200601": {"103.3c": "103.4c"}}
    [aligned] = linked.documents
    assert [
        (s.aligned_number, s.compared_version, s.differs_from_current, s.status) for s in aligned.sections
    ] == [
        ("103.4c", "20200601", True, Status.RENUMBERED),  # the page says it follows an older version
        ("103.5", "20200601", True, Status.CHANGED),  # same number, the English changed
        ("", "20200601", False, None),  # not a rule; its references are read in the 2020 numbering
    ]
    assert aligned.dating.how == "declared"
    assert aligned.unresolved == ("r3 -> 999.1",)  # 103.3c in the 2020 rules is no dangling reference


def test_a_translation_of_the_current_text_is_up_to_date() -> None:
    current = rules("20260116", ("903.8", "Commander tax."))
    section = DocSection(anchor="a", heading="", text="統率者税", line=1, cr_number="903.8")
    linked = link_document(translation(section, translated_from="20260116"), [current], {})
    assert linked.sections[0].differs_from_current is False and linked.sections[0].aligned_number == "903.8"
    assert linked.sections[0].status is Status.CURRENT


# Three invented releases: in the last, the damage assignment order rule (805.10f) is gone and the
# combat damage rule moved from 805.10g to 805.10f.
OLD_805 = (
    ("805.10e", "The defending team declares blockers."),
    ("805.10f", "The active team announces the damage assignment order of each blocked creature."),
    ("805.10g", "The active team announces how each attacking creature assigns its combat damage."),
)
NEW_805 = (
    ("805.10e", "The defending team declares blockers."),
    ("805.10f", "The active team announces how each attacking creature assigns its combat damage."),
)
TEAM_TERMS = TermMatcher(
    [
        (("アクティブ・チーム",), ("active team",)),
        (("防御チーム",), ("defending team",)),
        (("戦闘ダメージ",), ("combat damage",)),
        (("攻撃クリーチャー",), ("attacking creature",)),
        (("ダメージ割り振り順",), ("damage assignment order",)),
        (("ブロック・クリーチャー",), ("blocker",)),
    ]
)
JA_805 = (
    DocSection(
        anchor="r805-10f",
        heading="",
        text="アクティブ・チームはダメージ割り振り順を宣言する。",
        line=1,
        cr_number="805.10f",
    ),
    DocSection(
        anchor="r805-10g",
        heading="",
        text="アクティブ・チームは攻撃クリーチャーの戦闘ダメージを宣言する。",
        line=2,
        cr_number="805.10g",
    ),
)


def test_a_translation_follows_its_own_release_never_the_nearest_one() -> None:
    """The 805.10g of the release translated from is today's 805.10f; its old 805.10f is deleted, not
    shown as a second copy under the number it had."""
    releases = (rules("20200601", *OLD_805), rules("20231117", *OLD_805), rules("20260116", *NEW_805))
    linked = link_corpus_documents(releases, (translation(*JA_805, translated_from="20231117"),), TEAM_TERMS)
    [aligned] = linked.documents
    assert [(s.section.cr_number, s.aligned_number, s.status) for s in aligned.sections] == [
        ("805.10f", "", Status.DELETED),
        ("805.10g", "805.10f", Status.RENUMBERED),
    ]
    assert {s.compared_version for s in aligned.sections} == {"20231117"}


def test_a_translation_naming_no_ingested_release_is_dated_by_its_content() -> None:
    releases = (rules("20231117", *OLD_805), rules("20260116", *NEW_805))
    for named in (None, "20231001"):  # not said, or a release that is not ingested
        [aligned] = link_corpus_documents(
            releases, (translation(*JA_805, translated_from=named),), TEAM_TERMS
        ).documents
        assert (aligned.dating.how, aligned.dating.version) == ("content", "20231117")
        assert [s.status for s in aligned.sections] == [Status.DELETED, Status.RENUMBERED]


def test_a_translation_no_release_matches_is_unchecked_and_placed_only_where_it_agrees() -> None:
    """Only today's release is ingested: the old 805.10g has no number in it, so nothing matches. Every
    rule is unchecked (never shown as today's text); 805.10e still agrees with today's and is placed."""
    sections = (
        DocSection(
            anchor="r805-10e",
            heading="",
            text="防御チームはブロック・クリーチャーを指定する。",
            line=0,
            cr_number="805.10e",
        ),
        *JA_805,
    )
    [aligned] = link_corpus_documents(
        (rules("20260116", *NEW_805),), (translation(*sections),), TEAM_TERMS
    ).documents
    assert (aligned.dating.how, aligned.dating.placed_by, aligned.dating.differences) == (
        "unknown", "20260116", ("805.10f", "805.10g"),
    )  # fmt: skip
    assert [(s.aligned_number, s.status, s.compared_version) for s in aligned.sections] == [
        ("805.10e", Status.UNCHECKED, ""),
        ("", Status.UNCHECKED, ""),  # damage assignment order: not beside today's 805.10f
        ("", Status.UNCHECKED, ""),
    ]
    assert all(s.differs_from_current for s in aligned.sections)


def test_the_fixture_corpus() -> None:
    old = parse_comprehensive_rules(
        (FIXTURES / "renumber_old.txt").read_text(encoding="utf-8-sig"), source="MagicCompRules 20300202.txt"
    )
    new = parse_comprehensive_rules(
        (FIXTURES / "renumber_new.txt").read_text(encoding="utf-8-sig"), source="MagicCompRules 20310303.txt"
    )
    linked = link_corpus_documents((old, new), ())
    assert linked.versions == ["20300202", "20310303"] and linked.current is new
    assert linked.renumbered["20300202"]  # rules moved between the two invented editions


def test_a_number_given_to_another_rule_is_a_deletion_and_a_rewrite_is_a_change() -> None:
    old = rules(
        "20190125",
        ("800.5", "In a multiplayer game, the first time a player takes a mulligan, they draw seven."),
        ("800.6", "The starting player doesn't skip their draw step in a multiplayer game."),
    )
    new = rules(
        "20260116",
        ("800.5", "Seating order is determined by any mutually agreeable method."),
        ("800.6", "In a multiplayer game the starting player doesn't skip the draw step."),
    )
    document = translation(
        DocSection(anchor="a", heading="", text="マリガン", line=1, cr_number="800.5"),
        DocSection(anchor="b", heading="", text="ドロー", line=2, cr_number="800.6"),
        translated_from="20190125",
    )
    [aligned] = link_corpus_documents((old, new), (document,)).documents
    assert [(s.aligned_number, s.status) for s in aligned.sections] == [
        ("", Status.DELETED),  # seating order is not the free mulligan rewritten
        ("800.6", Status.CHANGED),
    ]
