"""Linking a parsed corpus: citations, unresolved references, renumbering and translation alignment."""

from __future__ import annotations

import doctest
from pathlib import Path

from judge.parsing import linking
from judge.parsing.comprehensive_rules import parse_comprehensive_rules
from judge.parsing.linking import link_corpus_documents, link_document, link_rules, nearest_version
from judge.parsing.records import DocKind, DocSection, GlossaryEntry, JaDocument, RuleKind, RuleRecord, RulesDocument

FIXTURES = Path(__file__).parent.parent / "fixtures" / "cr"


def rules(version: str, *numbered: tuple[str, str], glossary: tuple[GlossaryEntry, ...] = ()) -> RulesDocument:
    records = tuple(RuleRecord(n, RuleKind.RULE, text, n.split(".")[0], line) for line, (n, text) in enumerate(numbered))
    return RulesDocument(source=f"MagicCompRules {version}.txt", version=version, rules=records, glossary=glossary)


def translation(*sections: DocSection, translated_from: str | None = None) -> JaDocument:
    return JaDocument(source="ja.txt", slug="cr-ja", title="総合ルール", kind=DocKind.CR_TRANSLATION,
                      sections=sections, translated_from=translated_from)


def test_doctests() -> None:
    assert doctest.testmod(linking).failed == 0


def test_each_rule_cites_the_other_rules_once_and_dangling_references_are_reported() -> None:
    document = rules("20260116",
                     ("903.8", "See rule 903.9, rule 903.9 again, rule 903.8 itself and rule 903.77."),
                     ("903.9", "Text."),
                     glossary=(GlossaryEntry("Map", "See rule 110.10.", 9),))
    linked = link_rules(document)
    assert [(r.record.number, r.links_to) for r in linked.rules] == [("903.8", ("903.9",)), ("903.9", ())]
    assert linked.unresolved == ("903.8 -> 903.77", "glossary 'Map' -> 110.10")


def test_a_translation_is_aligned_through_the_renumbering_and_marked_when_the_english_changed() -> None:
    old = rules("20200601", ("103.3c", "Each player starts at forty life in a Commander game."),
                ("103.5", "Mulligans are taken in turn order."))
    new = rules("20260116", ("103.3c", "A new rule about mulligans."),
                ("103.4c", "Each player starts at forty life in a Commander game."),
                ("103.5", "Mulligans are taken at the same time."))
    document = translation(
        DocSection(anchor="r1", heading="", text="rule 103.3c を参照。", line=1, cr_number="103.3c"),
        DocSection(anchor="r2", heading="", text="マリガン", line=2, cr_number="103.5"),
        DocSection(anchor="r3", heading="", text="rule 999.1 を参照", line=3),
        translated_from="20200601",
    )
    linked = link_corpus_documents((old, new), (document,))
    assert linked.renumbered == {"20200601": {"103.3c": "103.4c"}}
    [aligned] = linked.documents
    assert [(s.aligned_number, s.compared_version, s.differs_from_current) for s in aligned.sections] == [
        ("103.4c", "20200601", True),  # renumbered since: the page says it follows an older version
        ("103.5", "20200601", True),  # same number, the English changed
        ("", "", False),
    ]
    assert aligned.unresolved == ("r3 -> 999.1",)  # 103.3c in the 2020 rules is no dangling reference


def test_a_translation_of_the_current_text_is_up_to_date() -> None:
    current = rules("20260116", ("903.8", "Commander tax."))
    section = DocSection(anchor="a", heading="", text="統率者税", line=1, cr_number="903.8")
    linked = link_document(translation(section), [current], {})
    assert linked.sections[0].differs_from_current is False and linked.sections[0].aligned_number == "903.8"


def test_nearest_version_and_the_fixture_corpus() -> None:
    assert nearest_version(["20200601", "20260116"], "20250101") == "20260116"
    old = parse_comprehensive_rules((FIXTURES / "renumber_old.txt").read_text(encoding="utf-8-sig"),
                                    source="MagicCompRules 20300202.txt")
    new = parse_comprehensive_rules((FIXTURES / "renumber_new.txt").read_text(encoding="utf-8-sig"),
                                    source="MagicCompRules 20310303.txt")
    linked = link_corpus_documents((old, new), ())
    assert linked.versions == ["20300202", "20310303"] and linked.current is new
    assert linked.renumbered["20300202"]  # rules moved between the two invented editions
