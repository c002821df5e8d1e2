"""Relevance on the real corpus: each query of relevance.tsv finds its expected answer in the top 5,
for a reader of either language (the reader's language changes the order, never what is found)."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.search.analysis import has_japanese
from judge.search.service import search

RELEVANCE = Path(__file__).with_name("relevance.tsv")
# Japanese questions as players type them (kana, loanwords, a term and a verb, "…？"), for a Japanese reader.
RELEVANCE_JA = Path(__file__).with_name("relevance_ja.tsv")

pytestmark = pytest.mark.corpus


def rows(path: Path = RELEVANCE) -> list[tuple[str, tuple[str, ...], str]]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            query, expected, *note = line.split("\t")
            out.append((query, tuple(expected.split("|")), note[0] if note else ""))
    return out


def is_expected(rule: str | None, doc: str, anchor: str, item: str) -> bool:
    """A rule number matches itself and its subrules/children ("805" ~ "805.4a", "800.4" ~ "800.4a");
    "slug#anchor" one section; "slug#*" any section of that document."""
    if "#" in item:
        slug, want = item.split("#", 1)
        return doc == slug and want in ("*", anchor)
    rule = rule or ""
    if rule == item:
        return True
    rest = rule[len(item) :] if rule.startswith(item) else ""
    return bool(rest) and (rest[0] == "." or (len(rest) == 1 and rest.isalpha()))


def test_matching_rules_of_the_relevance_file() -> None:
    assert is_expected("805.4a", "cr", "", "805") and is_expected("800.4a", "cr", "", "800.4")
    assert not is_expected("800.40", "cr", "", "800.4") and not is_expected("9031", "cr", "", "903")
    assert is_expected(None, "dtc", "x", "dtc#*") and not is_expected(None, "dtc", "x", "dtc#y")


def test_the_set_is_big_and_bilingual() -> None:
    queries = [q for q, _, _ in rows()]
    assert len(queries) >= 100 and len(set(queries)) == len(queries)
    assert sum(has_japanese(q) for q in queries) >= 40
    assert sum(not has_japanese(q) for q in queries) >= 40


@pytest.mark.parametrize("ui", ["en", "ja"])
@pytest.mark.parametrize(("query", "expected", "note"), rows(), ids=[r[0] for r in rows()])
def test_expected_answer_in_top_5(
    corpus_index: Path, query: str, expected: tuple[str, ...], note: str, ui: str
) -> None:
    assert_found(corpus_index, query, expected, ui)


def assert_found(root: Path, query: str, expected: tuple[str, ...], ui: str) -> None:
    result = search(query, root=root, limit=5, ui_lang=ui)
    if result.jump is not None:
        assert any(is_expected(result.jump, "cr", "", e) for e in expected)
        return
    got = [(h.rule, h.doc, h.anchor) for h in result.hits]
    assert any(is_expected(*hit, e) for hit in got for e in expected), (query, expected, got)


def test_the_japanese_questions_are_many_and_cover_the_multiplayer_rules() -> None:
    questions = rows(RELEVANCE_JA)
    assert len(questions) >= 60 and all(has_japanese(q) for q, _, _ in questions)
    assert len({q for q, _, _ in questions}) == len(questions)
    expected = {e for _, found, _ in questions for e in found}
    for prefix in ("103.", "104.", "702.124", "702.139", "725.", "726.", "80", "81", "901.", "903."):
        assert any(e.startswith(prefix) for e in expected), prefix
    assert sum(q.endswith("？") for q, _, _ in questions) >= 10


@pytest.mark.parametrize(
    ("query", "expected", "note"), rows(RELEVANCE_JA), ids=[r[0] for r in rows(RELEVANCE_JA)]
)
def test_japanese_question_finds_its_rule_in_top_5(
    corpus_index: Path, query: str, expected: tuple[str, ...], note: str
) -> None:
    assert_found(corpus_index, query, expected, "ja")


@pytest.mark.parametrize(
    "query",
    [
        "統率者税 2回",
        "ブロール デッキ枚数",
        "いつでも統率領域に戻せる？",
        "パートナー 統率者税",
        "統治者 離れる",
    ],
)
def test_the_house_rules_never_answer_a_magic_question_first(corpus_index: Path, query: str) -> None:
    """Issue 20: a Japanese question without a Duel Masters word is answered by the rules of Magic."""
    hits = search(query, root=corpus_index, ui_lang="ja").hits
    assert hits and hits[0].kind.is_magic_rules, (query, [(h.doc, h.anchor) for h in hits])


# --- what a judge expects first, and no dead ends, on the real corpus ----------------------------------


@pytest.mark.parametrize("ui", ["en", "ja"])
def test_the_rule_that_governs_the_phrase_comes_first(corpus_index: Path, ui: str) -> None:
    for query, first in (
        ("player leaves the game", "800.4a"),
        ("commander tax", "903.8"),
        ("統率者税", "903.8"),
    ):
        assert search(query, root=corpus_index, ui_lang=ui).hits[0].rule == first, (query, ui)


@pytest.mark.parametrize("ui", ["en", "ja"])
def test_house_rules_come_after_the_rules_of_magic_unless_named(corpus_index: Path, ui: str) -> None:
    from judge.search.documents import SourceKind

    for query in ("統率者税", "統率者", "統率領域", "commander tax", "シールド 統率者"):
        kinds = [h.kind for h in search(query, root=corpus_index, ui_lang=ui, limit=50).hits]
        if SourceKind.HOUSE_RULES in kinds and any(k.is_magic_rules for k in kinds):
            first_house = kinds.index(SourceKind.HOUSE_RULES)
            assert all(k.is_magic_rules for k in kinds[:first_house]), (query, kinds)
            assert first_house > 0
    for query in ("DTC 統率者税", "統率者税 デュエマ"):
        assert search(query, root=corpus_index, ui_lang=ui).hits[0].doc == "dtc", query


def test_the_readers_language_first_on_the_real_corpus(corpus_index: Path) -> None:
    ja = search("次元ダイス", root=corpus_index, ui_lang="ja").hits
    assert [h.lang for h in ja[:3]] == ["ja", "ja", "ja"] and all("en" in h.also for h in ja[:3] if h.rule)
    en = search("planar die", root=corpus_index, ui_lang="en").hits
    assert en[0].lang == "en"


def test_no_dead_ends_on_the_real_corpus(corpus_index: Path) -> None:
    partial = search("color identity hybrid mana", root=corpus_index)
    assert partial.partial and partial.hits[0].rule in ("903.4", "903.5c") and partial.hits[0].missing
    corrected = search("comander tax", root=corpus_index)
    assert corrected.corrected_query == "commander tax" and corrected.hits[0].rule == "903.8"
    ja = search("統卒者税", root=corpus_index)
    assert ja.corrected_query == "統率者税" and ja.hits[0].rule == "903.8"
    for query, nearest in (("903.9zz", "903.9"), ("903.", None), ("999.1", "905")):
        result = search(query, root=corpus_index)
        if nearest is None:
            assert result.jump == "903"
        else:
            assert result.suggestions[0].rule == nearest and result.hits == ()


@pytest.mark.parametrize(
    ("query", "anchor"),
    [
        ("Fractured Powerstone", "関連カード"),
        ("TARDIS", None),
        ("Boros Guildmage", "rule-2"),
        ("{CHAOS}", None),
        ("2vs2", "overview"),
        ("プレインズウォーカーズ", None),
    ],
)
def test_english_and_katakana_compounds_inside_the_japanese_texts(
    corpus_index: Path, query: str, anchor: str | None
) -> None:
    hits = search(query, root=corpus_index, lang="ja").hits
    assert hits, query
    if anchor is not None:
        assert anchor in [h.anchor for h in hits], (query, [h.anchor for h in hits])
