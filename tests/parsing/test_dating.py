"""Dating a Japanese translation (judge.parsing.dating): invented releases, then the real corpus and
archive."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from judge.parsing import dating
from judge.parsing.corpus import parse_corpus_dir, parse_file
from judge.parsing.dating import TermMatcher, date_translation, disagreements
from judge.parsing.linking import Status, link_corpus_documents
from judge.parsing.records import (
    DocKind,
    DocSection,
    JaDocument,
    Numbering,
    RuleKind,
    RuleRecord,
    RulesDocument,
)
from judge.parsing.terms_table import load_terms_table

TERMS = TermMatcher([
    (("統率者税",), ("commander tax",)), (("統率者",), ("commander",)), (("統率領域",), ("command zone",)),
    (("マリガン",), ("mulligan",)), (("多人数戦",), ("multiplayer game",)), (("席順",), ("seating order",)),
    (("ライブラリー",), ("library",)),
])  # fmt: skip


def release(version: str, *rules: tuple[str, str], examples: dict[str, int] | None = None) -> RulesDocument:
    counts = examples or {}
    records = tuple(
        RuleRecord(n, RuleKind.RULE, t, n.split(".")[0], i, examples=("Example.",) * counts.get(n, 0))
        for i, (n, t) in enumerate(rules)
    )
    return RulesDocument(source=f"MagicCompRules {version}.txt", version=version, rules=records, glossary=())


def translation(*sections: tuple[str, str], named: str | None = None, examples: int = 0) -> JaDocument:
    return JaDocument(
        source="ja.txt", slug="ja", title_ja="t", kind=DocKind.CR_TRANSLATION, translated_from=named,
        sections=tuple(DocSection(f"r{i}", "", text, i, cr_number=n, examples=("例。",) * examples)
                       for i, (n, text) in enumerate(sections)),
    )  # fmt: skip


OLD = release(
    "20180119",
    ("800.5", "In a multiplayer game, the first mulligan is free."),
    ("800.6", "The starting player draws."),
    ("903.8", "A commander costs {2} more: commander tax."),
)
NEW = release(
    "20200601",
    ("800.5", "Seating order is agreed."),
    ("800.6", "In a multiplayer game, the first mulligan doesn't count."),
    ("903.8", "A commander costs {2} more: commander tax."),
)
JA = translation(("800.5", "多人数戦では最初のマリガンは無料。"), ("903.8", "統率者税で{2}多くかかる。"))


def test_terms_are_read_longest_first_in_both_languages() -> None:
    assert TERMS.japanese("統率者税は統率領域から") == TERMS.japanese("統率者税、統率領域")
    assert len(TERMS.japanese("統率者税は統率領域から")) == 2  # not 統率者 inside 統率者税
    assert TERMS.english("Commander taxes and the command zone") == TERMS.japanese("統率者税と統率領域")


def test_a_named_and_ingested_release_is_the_one_whatever_the_content() -> None:
    named = dataclasses.replace(JA, translated_from="20200601")
    assert date_translation(named, [OLD, NEW], TERMS) == dating.Dating(how="declared", version="20200601")


def test_otherwise_the_release_whose_rules_the_content_matches() -> None:
    assert date_translation(JA, [OLD, NEW], TERMS) == dating.Dating(
        how="content", version="20180119", matches=("20180119",)
    )
    assert disagreements(JA, NEW, TERMS) == ("800.5",)  # seating order under the mulligan's number


def test_the_newest_of_several_matching_releases() -> None:
    same = dataclasses.replace(OLD, version="20190125", source="b")
    found = date_translation(JA, [OLD, same, NEW], TERMS)
    assert (found.how, found.version, found.matches) == ("content", "20190125", ("20180119", "20190125"))


def test_a_number_the_release_lacks_more_examples_or_other_citations_disagree() -> None:
    assert disagreements(translation(("800.7", "多人数戦。")), OLD, TERMS) == ("800.7",)
    assert disagreements(translation(("903.8", "統率者税。"), examples=1), OLD, TERMS) == ("903.8",)
    cites = release(
        "1", ("903.8", "A commander costs more: see rule 903.9."), ("903.9", "x"), ("903.10", "y")
    )
    assert disagreements(translation(("903.8", "統率者税。rule 903.10 参照。")), cites, TERMS) == ("903.8",)
    assert (
        disagreements(translation(("903.8", "統率者税。")), cites, TERMS) == ()
    )  # a translation may drop a citation


def test_no_matching_release_makes_it_unknown_placed_by_the_closest() -> None:
    found = date_translation(JA, [NEW], TERMS)
    assert (found.how, found.version, found.placed_by, found.differences) == (
        "unknown",
        "",
        "20200601",
        ("800.5",),
    )


@pytest.mark.corpus
def test_the_real_translations(real_corpus: Path) -> None:
    """002 and 003 name 20231117 and their content matches it; 001 matches no release of the corpus
    (its 800.5 is the free mulligan, its 800.6 has the starting player draw)."""
    corpus = parse_corpus_dir(real_corpus)
    terms = TermMatcher.from_terms(load_terms_table())
    documents = {d.slug: d for d in corpus.ja_documents}
    releases = [r for r in corpus.rules_documents if r.numbering is Numbering.MODERN]
    for slug in ("cr-805-ja", "planechase-wiki"):
        assert date_translation(documents[slug], releases, terms).version == "20231117"
        unnamed = dataclasses.replace(documents[slug], translated_from=None)
        assert date_translation(unnamed, releases, terms).version == "20231117"  # by content alone
    excerpt = date_translation(documents["cr-excerpt-ja"], releases, terms)
    if "20190125" not in {r.version for r in releases}:  # more releases may be added to the corpus
        assert (excerpt.how, excerpt.placed_by) == ("unknown", "20200601")
        assert {"800.5", "800.6"} <= set(excerpt.differences)


@pytest.mark.corpus
def test_with_the_archive_001_dates_to_the_2019_release_and_follows_it_to_todays_rules(
    real_corpus: Path, archive_sample: Path
) -> None:
    corpus = parse_corpus_dir(real_corpus)
    archive = [parse_file(path) for path in sorted(archive_sample.glob("MagicCompRules *.txt"))]
    releases = sorted(
        {r.version: r for r in (*corpus.rules_documents, *archive) if isinstance(r, RulesDocument)}.values(),
        key=lambda r: r.version,
    )
    excerpt = next(d for d in corpus.ja_documents if d.slug == "cr-excerpt-ja")
    linked = link_corpus_documents(releases, [excerpt], TermMatcher.from_terms(load_terms_table()))
    [document] = linked.documents
    assert (document.dating.how, document.dating.version, document.dating.matches) == (
        "content", "20190125", ("20190125",),
    )  # fmt: skip
    status = {
        s.section.cr_number: (s.aligned_number, s.status) for s in document.sections if s.section.cr_number
    }
    assert status["800.5"] == ("", Status.DELETED)  # the free mulligan
    assert status["800.6"] == ("800.7", Status.RENUMBERED)  # the starting player's draw: 800.7 since 2019-07
    assert status["800.4k"] == ("800.4m", Status.RENUMBERED)
    assert status["903.9"] == ("903.9b", Status.RENUMBERED)
    assert Status.UNCHECKED not in {s for _, s in status.values()}
